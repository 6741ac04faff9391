#include "exchange/tir/TirImport.h"

#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"
#include "config/WheelLink.h"
#include "exchange/ExchangeText.h"
#include "exchange/tir/TirCatalogue.h"
#include "json/JsonText.h"
#include "json/TextFile.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace jounce::exchange {
namespace {

using config::Json;
using config::Node;
using config::ParameterRegistry;
namespace param = config::param;

std::string magicFormulaPath(std::size_t wheel)
{
    return param::wheels::tire::magicFormula::object(wheel);
}

/// The registry's tire.magicFormula object, or null when this Jounce has none.
const Node* magicFormulaNode()
{
    return ParameterRegistry::instance().findNode(magicFormulaPath(param::any));
}

const Node* childOf(const Node& object, std::string_view key)
{
    for (const auto& c : object.children)
        if (c->key == key)
            return c.get();
    return nullptr;
}

std::string lower(std::string s)
{
    for (char& c : s)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return s;
}

std::string upperTrimmed(std::string_view s)
{
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);
    while (!s.empty() && s.back() == ' ')
        s.remove_suffix(1);
    std::string out(s);
    for (char& c : out)
        if (c >= 'a' && c <= 'z')
            c = static_cast<char>(c - 'a' + 'A');
    return out;
}

std::string versionName(const std::string& fitType) { return fitType == "mf52" ? "MF 5.2" : "MF 6.1"; }

std::string where(const TirEntry& e) { return "[" + e.section + "] " + e.key + " (line " + std::to_string(e.line) + ")"; }

/// The equations the file's coefficients were fitted for, from FITTYP or else PROPERTY_FILE_FORMAT.
/// "" with an error when the file does not say or says something Jounce does not have.
std::string fitTypeOf(const TirFile& file, Problems& problems, ConversionReport& report)
{
    const TirEntry* fit = file.find("MODEL", "FITTYP");
    const TirEntry* format = file.find("MODEL", "PROPERTY_FILE_FORMAT");
    const std::string formatName = format && format->isText ? upperTrimmed(format->text) : std::string();
    if (fit) {
        const double v = fit->written;
        if (fit->isText || !(v == 5 || v == 52 || v == 6 || v == 61 || v == 62)) {
            problems.error(tirLine(fit->line), "FITTYP = " + (fit->isText ? "'" + fit->text + "'" : json::formatNumber(v)) +
                                                   ": Jounce's Magic Formula is 5.2 (FITTYP 5 or 52) or 6.1 (6, 61 or 62)");
            return {};
        }
        const std::string type = (v == 5 || v == 52) ? "mf52" : "mf61";
        if (v == 62)
            report.approximated(where(*fit), "MF 6.2 coefficients under the MF 6.1 equations: 6.2's changes (the "
                                             "overturning and rolling resistance moments, the turn slip) are not modelled");
        if (type == "mf61" && (formatName == "PAC2002" || formatName == "MF_05"))
            problems.warning(tirLine(fit->line), "FITTYP says MF 6.1 but PROPERTY_FILE_FORMAT '" + format->text +
                                                     "' says MF 5.2: FITTYP is used");
        return type;
    }
    if (formatName == "PAC2002" || formatName == "MF_05")
        return "mf52";
    if (format)
        problems.error(tirLine(format->line), "PROPERTY_FILE_FORMAT = '" + format->text.substr(0, 40) +
                                                  "' without FITTYP: Jounce cannot tell which Magic Formula the "
                                                  "coefficients are for (add FITTYP = 52 or 61 to [MODEL])");
    else
        problems.error(tirLine(1), "neither FITTYP nor PROPERTY_FILE_FORMAT in [MODEL]: Jounce cannot tell which Magic "
                                   "Formula the coefficients are for (add FITTYP = 52 or 61)");
    return {};
}

/// The wheels `choice` names in `vehicle`; empty, with an error, when there are none.
std::vector<std::size_t> chooseWheels(const VehicleConfig& vehicle, TirWheels choice, Problems& problems)
{
    const std::vector<bool> front = config::frontWheels(vehicle);
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < front.size(); ++i)
        if (choice == TirWheels::All || front[i] == (choice == TirWheels::Front))
            out.push_back(i);
    if (out.empty())
        problems.error(tirLine(1), std::string("the vehicle has no ") + tirWheelsName(choice) +
                                       " wheels (front: ahead of the centre of mass, x > " +
                                       num(vehicle.chassis.cmOffset.x) + " m)");
    return out;
}

std::string wheelList(const std::vector<std::size_t>& wheels)
{
    std::string s;
    for (std::size_t w : wheels)
        s += (s.empty() ? "" : ", ") + std::to_string(w);
    return s;
}

/// Maps the entries of a file onto the registry's tire.magicFormula leaves.
class Mapper {
public:
    Mapper(const TirFile& file, const VehicleConfig& vehicle, TirImport& out) : file_(file), vehicle_(vehicle), out_(out) {}

    void run(const Node& mf);

private:
    /// The entries each leaf ("lateral.PKY1") can take its value from, in file order.
    void collect(const Node& mf);
    void leaf(const std::string& object, const Node& node);
    /// The leaf's value from entry `e`; nullopt (with a problem) when it has none to give.
    std::optional<Json> valueOf(const Node& node, const TirEntry& e);
    void reportLeftOut();
    void reportDefaulted();
    void checkTire();

    const TirFile& file_;
    const VehicleConfig& vehicle_;
    TirImport& out_;
    std::map<std::string, std::vector<const TirEntry*>> candidates_;
    std::vector<std::pair<std::string, Json>> values_;  ///< "lateral.PKY1" -> value, registry order
    std::vector<const TirEntry*> leftOut_;              ///< entries no leaf takes
    std::map<std::string, std::vector<std::string>> missing_;  ///< object -> keys the file lacks
    std::vector<std::string> zeroed_;                          ///< keys given Magic Formula's 0
};

void Mapper::collect(const Node& mf)
{
    for (const TirEntry& e : file_.entries) {
        const std::string_view object = tir::registryObjectOf(e.section);
        const Node* objectNode = object.empty() ? nullptr : childOf(mf, object);
        const std::string_view key = tir::registryKeyOf(e.section, e.key);
        if (objectNode && childOf(*objectNode, key))
            candidates_[std::string(object) + "." + std::string(key)].push_back(&e);
        else if (!tir::isConsumed(e.section, e.key))
            leftOut_.push_back(&e);
    }
}

std::optional<Json> Mapper::valueOf(const Node& node, const TirEntry& e)
{
    if (node.key == "TYRESIDE") {
        const std::string side = e.isText ? lower(upperTrimmed(e.text)) : std::string();
        if (side == "left" || side == "right")
            return Json(side);
        out_.problems.warning(tirLine(e.line), "TYRESIDE = " + (e.isText ? "'" + e.text.substr(0, 40) + "'" : num(e.written)) +
                                                   ": not LEFT or RIGHT; taken as left (the registry's default)");
        return std::nullopt;
    }
    if (e.isText || node.kind == config::NodeKind::Enumeration || node.kind == config::NodeKind::Text) {
        out_.problems.error(tirLine(e.line), e.key + " = " + (e.isText ? "'" + e.text.substr(0, 40) + "'" : num(e.written)) +
                                                 ": must be " + (e.isText ? "a number" : "a quoted name"));
        return std::nullopt;
    }
    return Json(e.number);
}

void Mapper::leaf(const std::string& object, const Node& node)
{
    const std::string name = object + "." + node.key;
    const auto found = candidates_.find(name);
    const std::vector<const TirEntry*> given = found == candidates_.end() ? std::vector<const TirEntry*>{} : found->second;
    for (std::size_t i = 1; i < given.size(); ++i)
        out_.report.dropped(where(*given[i]), "given again: " + where(*given[0]) + " is used");
    std::optional<Json> value;
    if (node.key == "FITTYP") {
        value = Json(out_.fitType);
        ++out_.coefficients;
    } else if (!given.empty()) {
        value = valueOf(node, *given[0]);
        if (value) {
            const std::string pointer = ParameterRegistry::pathToPointer(magicFormulaPath(out_.wheels.front()) + "." + name);
            if (const std::string err = ParameterRegistry::checkLeafValue(node, *value); !err.empty()) {
                out_.problems.error(tirLine(given[0]->line), given[0]->key + " = " + num(given[0]->written) + ": " + pointer +
                                                                 ": " + err);
                return;
            }
            ++out_.coefficients;
        }
    }
    if (!value) {
        const std::optional<double> absent = tir::absentValue(node.key, out_.fitType == "mf61");
        value = absent ? Json(*absent) : ParameterRegistry::instance().defaultValue(node);
        (absent ? zeroed_ : missing_[object]).push_back(node.key);
        ++out_.defaulted;
    }
    values_.emplace_back(name, std::move(*value));
}

void Mapper::run(const Node& mf)
{
    collect(mf);
    // The objects a .tir section feeds; Jounce's own (lowSpeed) keep the wheel's values.
    for (const auto& objectNode : mf.children)
        if (tir::isFileObject(objectNode->key))
            for (const auto& leafNode : objectNode->children)
                if (leafNode->isLeaf())
                    leaf(objectNode->key, *leafNode);
    reportLeftOut();
    reportDefaulted();
    checkTire();
    if (!out_.ok())
        return;
    for (std::size_t w : out_.wheels) {
        out_.edits.push_back({param::wheels::tire::model(w), Json(tireModelName(TireModelKind::MagicFormula))});
        for (const auto& [name, value] : values_)
            out_.edits.push_back({magicFormulaPath(w) + "." + name, value});
    }
}

void Mapper::reportLeftOut()
{
    // Where each imported key was read, for a key given in a section Jounce does not read it from.
    std::map<std::string, const TirEntry*, std::less<>> readAt;
    for (const auto& [name, entries] : candidates_)
        readAt.emplace(name.substr(name.find('.') + 1), entries.front());
    // One note per section and reason: "[VERTICAL] VERTICAL_STIFFNESS (line 40), BREFF (line 42)",
    // at most kListed keys each (a hostile file may have thousands).
    constexpr std::size_t kListed = 40;
    struct Group {
        std::string subject, reason;
        std::size_t count = 0;
    };
    std::vector<Group> groups;
    std::map<std::string, std::size_t> index;  // section + reason -> group
    for (const TirEntry* e : leftOut_) {
        const auto other = readAt.find(e->key);
        const std::string reason = other != readAt.end()
                                       ? "Jounce reads " + e->key + " from another section: " + where(*other->second)
                                       : tir::unsupportedReason(e->section, e->key);
        const auto [it, fresh] = index.emplace(e->section + "\n" + reason, groups.size());
        if (fresh)
            groups.push_back({"[" + e->section + "]", reason});
        Group& g = groups[it->second];
        if (++g.count <= kListed)
            g.subject += (g.count == 1 ? " " : ", ") + e->key + " (line " + std::to_string(e->line) + ")";
    }
    for (Group& g : groups)
        out_.report.dropped(g.count > kListed ? g.subject + " and " + std::to_string(g.count - kListed) + " more" : g.subject,
                            g.reason);
    for (const TirSection& s : file_.sections)
        if (s.tableLine > 0)
            out_.report.dropped("[" + s.name + "] table (line " + std::to_string(s.tableLine) + ", " +
                                    std::to_string(s.tableRows) + " rows)",
                                tir::unsupportedReason(s.name, ""));
}

void Mapper::reportDefaulted()
{
    const std::string version = versionName(out_.fitType);
    for (const auto& [object, keys] : missing_) {
        std::string used, unused;
        for (const std::string& k : keys) {
            const std::string_view only = tir::onlyIn(k);
            std::string& list = !only.empty() && only != version ? unused : used;
            list += (list.empty() ? "" : ", ") + k;
        }
        const std::string subject = "tire.magicFormula." + object;
        if (!used.empty())
            out_.report.defaulted(subject + ": " + used, "not in the file: Jounce's defaults (a plain 205/55 R16 tire, "
                                                         "docs/tires.md) stand in");
        if (!unused.empty())
            out_.report.defaulted(subject + ": " + unused, "not in the file: Jounce's defaults, which the file's " +
                                                               version + " equations do not use");
    }
    if (!zeroed_.empty()) {
        std::string keys;
        for (const std::string& k : zeroed_)
            keys += (keys.empty() ? "" : ", ") + k;
        out_.report.defaulted("tire.magicFormula: " + keys, "not in the file: 0, as the Magic Formula takes a term "
                                                             "its fit left out (the registry's default would add one)");
    }
}

void Mapper::checkTire()
{
    // One warning per wheel radius: "... from the radius of wheels 0, 1 (0.316 m) by 9 %".
    const TirEntry* r0 = file_.find("DIMENSION", "UNLOADED_RADIUS");
    std::map<double, std::vector<std::size_t>> byRadius;
    for (std::size_t w : out_.wheels)
        byRadius[vehicle_.wheels[w].wheel.radius].push_back(w);
    for (const auto& [radius, wheels] : byRadius) {
        if (!r0 || !(radius > 0) || std::fabs(r0->number - radius) <= 0.05 * radius)
            continue;
        out_.problems.warning(tirLine(r0->line), "UNLOADED_RADIUS " + num(r0->number) + " m differs from the radius of wheel" +
                                                     (wheels.size() == 1 ? " " : "s ") + wheelList(wheels) + " (" +
                                                     param::wheels::wheel::radius.str() + " = " + num(radius) + " m) by " +
                                                     num(std::round(100.0 * std::fabs(r0->number / radius - 1.0))) +
                                                     " %: the vehicle's radius is kept");
    }
    if (const TirEntry* k = file_.find("LATERAL_COEFFICIENTS", "PKY1"); k && !k->isText && k->number >= 0)
        out_.problems.warning(tirLine(k->line), "PKY1 = " + num(k->number) + " is not negative: in the Magic Formula's "
                                                "ISO-W axes a cornering stiffness is; the file may use other axes");
    for (const char* key : {"PDX1", "PDY1"}) {
        const char* section = key[2] == 'X' ? "LONGITUDINAL_COEFFICIENTS" : "LATERAL_COEFFICIENTS";
        if (const TirEntry* d = file_.find(section, key); d && !d->isText && d->number <= 0)
            out_.problems.warning(tirLine(d->line), std::string(key) + " = " + num(d->number) + ": a peak friction "
                                                    "coefficient is positive; the file may use other axes");
    }
}

}  // namespace

const char* tirWheelsName(TirWheels wheels)
{
    switch (wheels) {
    case TirWheels::Front:
        return "front";
    case TirWheels::Rear:
        return "rear";
    case TirWheels::All:
        return "all";
    }
    return "all";
}

std::optional<TirWheels> tirWheelsFromName(std::string_view name)
{
    for (TirWheels w : {TirWheels::Front, TirWheels::Rear, TirWheels::All})
        if (name == tirWheelsName(w))
            return w;
    return std::nullopt;
}

std::string TirImport::summary() const
{
    return std::to_string(coefficients) + " coefficients (" + (fitType.empty() ? "?" : versionName(fitType)) +
           ") onto wheel" + (wheels.size() == 1 ? " " : "s ") + wheelList(wheels) + ", " + std::to_string(defaulted) +
           " defaulted";
}

TirImport mapTir(const TirFile& file, const VehicleConfig& vehicle, TirWheels wheels, const std::string& fileName)
{
    TirImport out;
    out.report.title = "Magic Formula tire import: " + fileName + " onto " +
                       (wheels == TirWheels::All ? std::string("all") : "the " + std::string(tirWheelsName(wheels))) + " wheels";
    const Node* mf = magicFormulaNode();
    if (!mf) {
        out.problems.error(tirLine(1), "this Jounce has no Magic Formula tire model");
        return out;
    }
    out.fitType = fitTypeOf(file, out.problems, out.report);
    out.wheels = chooseWheels(vehicle, wheels, out.problems);
    if (out.fitType.empty() || out.wheels.empty())
        return out;
    Mapper(file, vehicle, out).run(*mf);
    return out;
}

ImportResult applyTir(const VehicleConfig& vehicle, const TirImport& mapping, const std::string& fileName)
{
    ImportResult result;
    result.report = mapping.report;
    result.problems.push_back({fileName, mapping.problems});
    if (!mapping.ok())
        return result;
    config::EditResult edited = config::applyEdits(vehicle, mapping.edits);
    if (!edited.ok()) {
        Problems refused = edited.problems;
        if (!refused.hasErrors())
            refused.error("", edited.refusal);
        result.problems.push_back({"imported vehicle", std::move(refused)});
        return result;
    }
    result.vehicle = *edited.config;
    result.problems.push_back({"imported vehicle", std::move(edited.problems)});
    return result;
}

TirImportResult importTirText(std::string_view text, const std::string& fileName, const VehicleConfig& vehicle,
                              TirWheels wheels)
{
    TirImportResult out;
    Problems problems;
    const std::optional<TirFile> file = parseTir(text, problems);
    if (!file) {
        out.result.report.title = "Magic Formula tire import: " + fileName;
        out.result.problems.push_back({fileName, std::move(problems)});
        return out;
    }
    out.mapping = mapTir(*file, vehicle, wheels, fileName);
    out.mapping->problems.items.insert(out.mapping->problems.items.begin(), problems.items.begin(), problems.items.end());
    out.result = applyTir(vehicle, *out.mapping, fileName);
    return out;
}

TirImportResult importTirFile(const std::string& path, const VehicleConfig& vehicle, TirWheels wheels)
{
    std::string text;
    if (const std::string err = json::readTextFile(path, kMaxTirBytes, text); !err.empty()) {
        TirImportResult out;
        out.result.report.title = "Magic Formula tire import: " + path;
        out.result.problems.push_back({path, {}});
        out.result.problems.back().problems.error(tirLine(1), err);
        return out;
    }
    return importTirText(text, path, vehicle, wheels);
}

TirImport mapTirFile(const std::string& path, const VehicleConfig& vehicle, TirWheels wheels)
{
    Problems problems;
    const std::optional<TirFile> file = readTirFile(path, problems);
    TirImport out;
    if (file)
        out = mapTir(*file, vehicle, wheels, path);
    else
        out.report.title = "Magic Formula tire import: " + path;
    out.problems.items.insert(out.problems.items.begin(), problems.items.begin(), problems.items.end());
    return out;
}

}  // namespace jounce::exchange
