#include "VehiclePatch.h"

#include "json/JsonPatch.h"
#include "ParameterComparison.h"
#include "config/ParameterRegistry.h"
#include "config/VehicleJson.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <string_view>

namespace jounce::compare {
namespace {

const config::Node* nodeAtTokens(const config::Node* node, const std::vector<std::string>& tokens, std::size_t i)
{
    if (i == tokens.size())
        return node;
    const std::string& token = tokens[i];
    if (node->kind == config::NodeKind::Array)
        return nodeAtTokens(node->element.get(), tokens, i + 1);
    if (node->kind != config::NodeKind::Object)
        return nullptr;
    if (node->tuple) {
        const auto index = std::strtoul(token.c_str(), nullptr, 10);
        return index < node->children.size() ? nodeAtTokens(node->children[index].get(), tokens, i + 1) : nullptr;
    }
    // Two nodes may share a key (drive.differential: 4W and NW): the first under which the rest of
    // the pointer names a node, so /drive/differential/drivenWheels is the NW differential's.
    for (const auto& c : node->children)
        if (c->key == token)
            if (const config::Node* found = nodeAtTokens(c.get(), tokens, i + 1))
                return found;
    return nullptr;
}

const config::Node* nodeAtPointer(const std::string& pointer)
{
    std::vector<std::string> tokens;
    std::string error;
    if (!json::pointerTokens(pointer, tokens, error))
        return nullptr;
    return nodeAtTokens(&config::ParameterRegistry::instance().root(), tokens, 0);
}

std::string opPath(const Json& op)
{
    return op.at("path").get<std::string>();
}

/// The most values a patched vehicle may hold. The presets have 371 to 792; PhysX's 20 wheels with
/// 100-point graphs stay under 50 000. A patch that copies the whole vehicle into itself again and
/// again (found by fuzz_patch: nine doublings, 9 s under the sanitizers) stops here, long before
/// the 500 000 values any file may hold.
constexpr std::size_t kMaxPatchedVehicleValues = 100000;

/// Applies `patch` to the canonical JSON of `base` one operation at a time, in place (JsonPatcher:
/// the value and depth bounds, kept per operation), then reads the result like a file.
PatchResult patchDocument(const VehicleConfig& base, const Json& patch)
{
    PatchResult result;
    Json document = config::vehicleToJson(base);
    json::PatchLimits limits;
    limits.maxValues = kMaxPatchedVehicleValues;
    json::JsonPatcher patcher(document, "vehicle", limits);
    for (std::size_t i = 0; i < patch.size(); ++i) {
        if (std::string error = patcher.apply(patch[i]); !error.empty()) {
            result.problems.error("/" + std::to_string(i), std::move(error));
            return result;
        }
    }
    config::VehicleFile read = config::parseVehicle(json::formatJson(document));
    result.applied = read.parsed;
    result.config = std::move(read.config);
    result.problems.items.insert(result.problems.items.end(), read.problems.items.begin(), read.problems.items.end());
    return result;
}

}  // namespace

std::string sectionOfPointer(const std::string& pointer)
{
    const config::Node* node = nodeAtPointer(pointer);
    return node ? sectionOf(*node) : std::string();
}

namespace {

/// Whether every token of the pointer is a member name (a vehicle's start with a letter) or an
/// array index as RFC 6901 writes it ("0", or digits without a leading zero). The edit session's
/// parameter paths read "01", "+1" or " 1" as indices too; such a pointer goes to the document,
/// which refuses it as the standard says.
bool plainPointer(std::string_view pointer)
{
    for (std::size_t at = 0; at < pointer.size();) {
        const std::size_t end = std::min(pointer.find('/', at + 1), pointer.size());
        const std::string_view token = pointer.substr(at + 1, end - at - 1);
        const bool index = !token.empty() && token.find_first_not_of("0123456789") == std::string_view::npos &&
                           (token == "0" || token[0] != '0');
        const bool name = !token.empty() && std::isalpha(static_cast<unsigned char>(token[0]));
        if (!index && !name)
            return false;
        at = end;
    }
    return true;
}

std::string escapeToken(const std::string& key)
{
    std::string out;
    for (char c : key)
        out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
    return out;
}

/// Json::diff compares numbers by value, so 0.0 and -0.0 (a mirrored zero camber in the tank) are
/// "equal" and the files differ after diff and patch. Adds a replace for every such pair at the
/// same place in both documents (places diff keeps, so the paths stay valid after its operations).
void addSignedZeros(const Json& from, const Json& to, const std::string& path, Json& patch)
{
    if (from.is_object() && to.is_object()) {
        for (auto it = from.begin(); it != from.end(); ++it)
            if (const auto other = to.find(it.key()); other != to.end())
                addSignedZeros(it.value(), *other, path + "/" + escapeToken(it.key()), patch);
    } else if (from.is_array() && to.is_array()) {
        for (std::size_t i = 0; i < std::min(from.size(), to.size()); ++i)
            addSignedZeros(from[i], to[i], path + "/" + std::to_string(i), patch);
    } else if (from.is_number_float() && to.is_number_float() && from == to &&
               std::signbit(from.get<double>()) != std::signbit(to.get<double>())) {
        patch.push_back(Json{{"op", "replace"}, {"path", path}, {"value", to}});
    }
}

}  // namespace

Json makePatch(const VehicleConfig& from, const VehicleConfig& to)
{
    const Json a = config::vehicleToJson(from);
    const Json b = config::vehicleToJson(to);
    Json patch = Json::diff(a, b);
    addSignedZeros(a, b, "", patch);
    return patch;
}

std::optional<Json> parsePatch(std::string_view text, Problems& problems)
{
    std::optional<Json> json = json::parseJson(text, problems);
    if (!json)
        return std::nullopt;
    if (!json->is_array()) {
        problems.error("", "a JSON Patch (RFC 6902) is an array of operations, got " + json::describeJson(*json));
        return std::nullopt;
    }
    static const std::array<std::string, 6> kOps{"add", "remove", "replace", "move", "copy", "test"};
    const std::size_t before = problems.items.size();
    for (std::size_t i = 0; i < json->size(); ++i) {
        const Json& op = (*json)[i];
        const std::string at = "/" + std::to_string(i);
        if (!op.is_object()) {
            problems.error(at, "an operation is an object, got " + json::describeJson(op));
            continue;
        }
        const auto name = op.find("op");
        if (name == op.end() || !name->is_string() ||
            std::find(kOps.begin(), kOps.end(), name->get<std::string>()) == kOps.end()) {
            problems.error(at + "/op", "must be one of add, remove, replace, move, copy, test");
            continue;
        }
        const auto path = op.find("path");
        if (path == op.end() || !path->is_string()) {
            problems.error(at + "/path", "missing: every operation has a string \"path\" (a JSON pointer)");
            continue;
        }
        const std::string kind = name->get<std::string>();
        if ((kind == "add" || kind == "replace" || kind == "test") && !op.contains("value"))
            problems.error(at + "/value", "missing: \"" + kind + "\" needs a value");
        if ((kind == "move" || kind == "copy") && !(op.contains("from") && op["from"].is_string()))
            problems.error(at + "/from", "missing: \"" + kind + "\" needs a string \"from\"");
    }
    if (problems.items.size() != before)
        return std::nullopt;
    return json;
}

std::optional<config::EditList> patchEdits(const VehicleConfig& base, const Json& patch)
{
    if (!patch.is_array())
        return std::nullopt;
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    config::EditList edits;
    for (const Json& op : patch) {
        if (!op.is_object() || op.value("op", Json()) != "replace" || !op.contains("value"))
            return std::nullopt;
        const auto path = op.find("path");
        if (path == op.end() || !path->is_string())
            return std::nullopt;
        const std::string pointer = path->get<std::string>();
        if (!plainPointer(pointer))
            return std::nullopt;  // the document judges it, as RFC 6901 says
        const config::Node* leaf = registry.findLeaf(pointer);
        if (pointer.empty() || pointer.find('*') != std::string::npos || !leaf || !registry.get(base, pointer))
            return std::nullopt;
        // An edit session compares vehicles by value, where 0.0 == -0.0: a zero goes through the
        // document, so that a change of its sign reaches the file (makePatch writes such changes).
        if (const Json& v = op["value"]; v.is_number_float() && v.get<double>() == 0.0)
            return std::nullopt;
        edits.push_back({config::ParameterRegistry::pointerToPath(pointer), op["value"]});
    }
    return edits;
}

PatchResult applyPatch(const VehicleConfig& base, const Json& patch)
{
    PatchResult result;
    if (!patch.is_array()) {
        result.problems.error("", "a JSON Patch (RFC 6902) is an array of operations, got " + json::describeJson(patch));
        return result;
    }
    const std::optional<config::EditList> edits = patchEdits(base, patch);
    if (!edits)
        return patchDocument(base, patch);
    // Values only: one edit session. Judged against no known problems, so every error of the
    // result counts, as when reading a file.
    const config::EditSession session(std::make_shared<const VehicleConfig>(base), Problems{});
    config::EditResult edited = session.apply(*edits);
    result.applied = true;
    result.config = edited.config ? *edited.config : base;
    result.problems = std::move(edited.problems);
    return result;
}

namespace {

constexpr const char* kNothingToCopy = "nothing to copy: the values are already the same";

/// Copies the operations of the patch from `target` to `source` that `take` accepts. No operation
/// taken: no error and no operation (the caller says why).
template <typename Take>
CopyResult copyFiltered(const VehicleConfig& target, const VehicleConfig& source, Take take)
{
    CopyResult result;
    result.config = target;
    Json filtered = Json::array();
    for (const Json& op : makePatch(target, source))
        if (take(opPath(op)))
            filtered.push_back(op);
    if (filtered.empty())
        return result;
    PatchResult patched = patchDocument(target, filtered);
    if (!patched.applied) {
        result.error = patched.problems.items.empty() ? "the copy could not be applied"
                                                      : patched.problems.items.front().message;
        return result;
    }
    result.config = std::move(patched.config);
    result.edits = patchEdits(target, filtered).value_or(config::EditList{});
    result.operations = static_cast<int>(filtered.size());
    return result;
}

}  // namespace

CopyResult copyDifferences(const VehicleConfig& target, const VehicleConfig& source, CopyScope scope,
                           const std::string& what)
{
    if (scope == CopyScope::Section)
        return copySections(target, source, {what});
    if (scope == CopyScope::Value)
        return copyValues(target, source, {what});
    CopyResult result =
        copyFiltered(target, source, [](const std::string& path) { return path != "/name" && path != "/description"; });
    if (result.operations == 0 && result.error.empty())
        result.error = kNothingToCopy;
    return result;
}

CopyResult copyValues(const VehicleConfig& target, const VehicleConfig& source, const std::vector<std::string>& pointers)
{
    CopyResult result = copyFiltered(target, source, [&pointers](const std::string& path) {
        return std::find(pointers.begin(), pointers.end(), path) != pointers.end();
    });
    if (result.operations > 0 || !result.error.empty())
        return result;
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    for (const std::string& pointer : pointers) {
        const std::string path = config::ParameterRegistry::pointerToPath(pointer);
        if (!registry.get(target, path))
            result.error = "the edited vehicle has no " + path + "; copy its whole section instead";
        else if (!registry.get(source, path))
            result.error = "the vehicle copied from has no " + path;
        if (!result.error.empty())
            return result;
    }
    result.error = kNothingToCopy;
    return result;
}

CopyResult copySections(const VehicleConfig& target, const VehicleConfig& source, const std::vector<std::string>& sections)
{
    CopyResult result = copyFiltered(target, source, [&sections](const std::string& path) {
        return std::find(sections.begin(), sections.end(), sectionOfPointer(path)) != sections.end();
    });
    if (result.operations == 0 && result.error.empty())
        result.error = kNothingToCopy;
    return result;
}

}  // namespace jounce::compare
