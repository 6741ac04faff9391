#include "ManeuverJson.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>

namespace jounce::sim {
namespace {

using io::Json;

using io::formatNumber;
using io::pointerToken;
using io::describeJson;

/// Reads the members of one JSON object, remembering which keys it knows so that the rest can be
/// reported as unknown.
class ObjectReader {
public:
    ObjectReader(const Json& object, std::string pointer, Problems& problems)
        : object_(object), pointer_(std::move(pointer)), problems_(problems)
    {
    }

    std::string at(const std::string& key) const { return pointer_ + "/" + pointerToken(key); }

    /// The member, or nullptr when it is absent.
    const Json* find(const std::string& key)
    {
        known_.push_back(key);
        const auto it = object_.find(key);
        return it == object_.end() ? nullptr : &*it;
    }

    std::optional<std::string> text(const std::string& key)
    {
        const Json* v = find(key);
        if (!v)
            return std::nullopt;
        if (!v->is_string()) {
            problems_.error(at(key), "expected a string, got " + describeJson(*v));
            return std::nullopt;
        }
        return v->get<std::string>();
    }

    std::optional<bool> boolean(const std::string& key)
    {
        const Json* v = find(key);
        if (!v)
            return std::nullopt;
        if (!v->is_boolean()) {
            problems_.error(at(key), "expected true or false, got " + describeJson(*v));
            return std::nullopt;
        }
        return v->get<bool>();
    }

    /// A finite number in [min, max] (either bound may be open: minExclusive for "> min").
    std::optional<double> number(const std::string& key, double min, double max, bool minExclusive = false)
    {
        const Json* v = find(key);
        if (!v)
            return std::nullopt;
        if (!v->is_number()) {
            problems_.error(at(key), "expected a number, got " + describeJson(*v));
            return std::nullopt;
        }
        const double x = v->get<double>();
        if (!std::isfinite(x)) {
            problems_.error(at(key), "must be a finite number, got " + v->dump());
            return std::nullopt;
        }
        const bool low = minExclusive ? x <= min : x < min;
        if (low || x > max) {
            std::string rule;
            if (std::isinf(max))
                rule = std::string("must be ") + (minExclusive ? "> " : ">= ") + formatNumber(min);
            else
                rule = std::string("must be in ") + (minExclusive ? "(" : "[") + formatNumber(min) + ", " +
                       formatNumber(max) + "]";
            problems_.error(at(key), rule + ", got " + formatNumber(x));
            return std::nullopt;
        }
        return x;
    }

    std::optional<double> anyNumber(const std::string& key)
    {
        constexpr double inf = std::numeric_limits<double>::infinity();
        return number(key, -inf, inf);
    }

    /// An integral number (1 and 1.0 alike, as vehicle files read integers) in [min, max].
    std::optional<int> integer(const std::string& key, int min, int max)
    {
        const Json* v = find(key);
        if (!v)
            return std::nullopt;
        if (!v->is_number()) {
            problems_.error(at(key), "expected an integer, got " + describeJson(*v));
            return std::nullopt;
        }
        const double x = v->get<double>();
        if (!std::isfinite(x) || std::floor(x) != x) {
            problems_.error(at(key), "expected an integer, got " + v->dump());
            return std::nullopt;
        }
        if (x < min || x > max) {
            problems_.error(at(key), "must be in [" + std::to_string(min) + ", " + std::to_string(max) + "], got " +
                                         formatNumber(x));
            return std::nullopt;
        }
        return static_cast<int>(x);
    }

    /// The member if it is an object; an error if it is something else.
    const Json* object(const std::string& key)
    {
        const Json* v = find(key);
        if (v && !v->is_object()) {
            problems_.error(at(key), "expected an object, got " + describeJson(*v));
            return nullptr;
        }
        return v;
    }

    /// Warns about every member no read asked for.
    void warnUnknown()
    {
        for (auto it = object_.begin(); it != object_.end(); ++it)
            if (std::find(known_.begin(), known_.end(), it.key()) == known_.end())
                problems_.warning(at(it.key()), "unknown key, ignored (it will not be saved)");
    }

private:
    const Json& object_;
    std::string pointer_;
    Problems& problems_;
    std::vector<std::string> known_;
};

void readStart(const Json& json, const std::string& pointer, ManeuverStart& start, Problems& problems)
{
    ObjectReader r(json, pointer, problems);
    if (auto g = r.integer("gear", kMinManeuverGear, kMaxManeuverGear))
        start.gear = *g;
    if (auto a = r.boolean("autoBox"))
        start.autoBox = *a;
    r.warnUnknown();
}

void readInputs(const Json& json, const std::string& pointer, ManeuverInputs& in, Problems& problems)
{
    ObjectReader r(json, pointer, problems);
    in.accel = r.number("accel", 0.0, 1.0).value_or(0.0);
    in.brake = r.number("brake", 0.0, 1.0).value_or(0.0);
    in.handbrake = r.number("handbrake", 0.0, 1.0).value_or(0.0);
    in.steer = r.number("steer", -1.0, 1.0).value_or(0.0);
    in.gear = r.integer("gear", kMinManeuverGear, kMaxManeuverGear);
    in.autoBox = r.boolean("autoBox");
    r.warnUnknown();
}

void readUntil(const Json& json, const std::string& pointer, EndConditions& until, Problems& problems)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    ObjectReader r(json, pointer, problems);
    until.duration = r.number("duration", 0.0, inf, true);
    until.speedAbove = r.anyNumber("speedAbove");
    until.speedBelow = r.anyNumber("speedBelow");
    until.stopped = r.number("stopped", 0.0, inf, true);
    until.distance = r.number("distance", 0.0, inf, true);
    r.warnUnknown();
    // A condition that is present but invalid has its own error; only a phase that names none at
    // all gets this one.
    const bool named = json.contains("duration") || json.contains("speedAbove") || json.contains("speedBelow") ||
                       json.contains("stopped") || json.contains("distance");
    if (!named)
        problems.error(pointer, "no end condition: a phase ends on duration, speedAbove, speedBelow, stopped or "
                                "distance");
}

void readPhase(const Json& json, const std::string& pointer, ManeuverPhase& phase, Problems& problems)
{
    if (!json.is_object()) {
        problems.error(pointer, "expected an object (a phase), got " + describeJson(json));
        return;
    }
    ObjectReader r(json, pointer, problems);
    if (auto n = r.text("name"))
        phase.name = *n;
    if (const Json* in = r.object("inputs"))
        readInputs(*in, r.at("inputs"), phase.inputs, problems);
    const bool hadUntil = json.contains("until");
    if (const Json* until = r.object("until"))
        readUntil(*until, r.at("until"), phase.until, problems);
    else if (!hadUntil)
        problems.error(r.at("until"), "missing: a phase needs an end condition (duration, speedAbove, speedBelow, "
                                      "stopped or distance)");
    r.warnUnknown();
}

void readSmoothing(ObjectReader& r, ManeuverSmoothing& smoothing, Problems& problems)
{
    const Json* v = r.find("smoothing");
    if (!v)
        return;
    for (ManeuverSmoothing s : {ManeuverSmoothing::Raw, ManeuverSmoothing::Keyboard, ManeuverSmoothing::Pad})
        if (v->is_string() && v->get<std::string>() == smoothingName(s)) {
            smoothing = s;
            return;
        }
    problems.error(r.at("smoothing"), "expected \"raw\", \"keyboard\" or \"pad\", got " + describeJson(*v));
}

void readPhases(ObjectReader& r, std::vector<ManeuverPhase>& phases, Problems& problems)
{
    const Json* v = r.find("phases");
    const std::string pointer = r.at("phases");
    if (!v) {
        problems.error(pointer, "missing: a maneuver is a list of phases");
        return;
    }
    if (!v->is_array()) {
        problems.error(pointer, "expected a list of phases, got " + describeJson(*v));
        return;
    }
    if (v->empty()) {
        problems.error(pointer, "a maneuver needs at least one phase");
        return;
    }
    if (v->size() > kMaxManeuverPhases) {
        problems.error(pointer, "at most " + std::to_string(kMaxManeuverPhases) + " phases, got " +
                                    std::to_string(v->size()));
        return;
    }
    phases.resize(v->size());
    for (std::size_t i = 0; i < v->size(); ++i)
        readPhase((*v)[i], pointer + "/" + std::to_string(i), phases[i], problems);
}

}  // namespace

const char* smoothingName(ManeuverSmoothing smoothing) noexcept
{
    switch (smoothing) {
    case ManeuverSmoothing::Raw: return "raw";
    case ManeuverSmoothing::Keyboard: return "keyboard";
    case ManeuverSmoothing::Pad: return "pad";
    }
    return "raw";
}

ManeuverDocument parseManeuver(std::string_view text)
{
    ManeuverDocument doc;
    Problems& problems = doc.problems;
    std::optional<Json> json = io::parseJson(text, problems);
    if (!json)
        return doc;
    if (!json->is_object()) {
        problems.error("", "a maneuver file is a JSON object, got " + describeJson(*json));
        return doc;
    }
    doc.parsed = true;

    ObjectReader r(*json, "", problems);
    const Json* format = r.find("format");
    if (!format)
        problems.error("/format", "missing: a maneuver file starts with \"format\": \"jounce.maneuver\"");
    else if (!format->is_string() || format->get<std::string>() != kManeuverFormat)
        problems.error("/format", "must be \"jounce.maneuver\", got " + describeJson(*format));

    if (const Json* sv = r.find("schemaVersion"); !sv) {
        problems.error("/schemaVersion",
                       "missing (required); this Jounce writes version " + std::to_string(kManeuverSchemaVersion));
    } else if (!sv->is_number_integer() && !sv->is_number_unsigned()) {
        problems.error("/schemaVersion", "must be an integer, got " + describeJson(*sv));
    } else if (sv->get<long long>() > kManeuverSchemaVersion) {
        // A newer file may mean something this version cannot know: reading on would mislead.
        problems.error("/schemaVersion", "the file was written by a newer Jounce (schema version " + sv->dump() +
                                             "); this one reads up to version " +
                                             std::to_string(kManeuverSchemaVersion));
        return doc;
    } else if (sv->get<long long>() < 1) {
        problems.error("/schemaVersion", "must be >= 1, got " + sv->dump());
    }

    Maneuver& m = doc.maneuver;
    if (auto name = r.text("name"))
        m.name = *name;
    if (auto description = r.text("description"))
        m.description = *description;
    if (const Json* start = r.object("start"))
        readStart(*start, "/start", m.start, problems);
    readSmoothing(r, m.smoothing, problems);
    readPhases(r, m.phases, problems);
    r.warnUnknown();
    return doc;
}

ManeuverDocument loadManeuver(const std::string& path)
{
    std::string text;
    if (std::string err = io::readTextFile(path, io::JsonLimits{}.maxBytes, text); !err.empty()) {
        ManeuverDocument doc;
        doc.problems.error("", err);
        return doc;
    }
    return parseManeuver(text);
}

io::Json maneuverToJson(const Maneuver& m)
{
    Json out = Json::object();
    out["format"] = kManeuverFormat;
    out["schemaVersion"] = kManeuverSchemaVersion;
    out["name"] = m.name;
    out["description"] = m.description;
    out["start"] = Json{{"gear", m.start.gear}, {"autoBox", m.start.autoBox}};
    out["smoothing"] = smoothingName(m.smoothing);
    Json phases = Json::array();
    for (const ManeuverPhase& p : m.phases) {
        Json inputs = Json::object();
        const auto put = [&inputs](const char* key, double v) {
            if (v != 0.0)
                inputs[key] = v;
        };
        put("accel", p.inputs.accel);
        put("brake", p.inputs.brake);
        put("handbrake", p.inputs.handbrake);
        put("steer", p.inputs.steer);
        if (p.inputs.gear)
            inputs["gear"] = *p.inputs.gear;
        if (p.inputs.autoBox)
            inputs["autoBox"] = *p.inputs.autoBox;

        Json until = Json::object();
        const auto cond = [&until](const char* key, const std::optional<double>& v) {
            if (v)
                until[key] = *v;
        };
        cond("duration", p.until.duration);
        cond("speedAbove", p.until.speedAbove);
        cond("speedBelow", p.until.speedBelow);
        cond("stopped", p.until.stopped);
        cond("distance", p.until.distance);

        Json phase = Json::object();
        phase["name"] = p.name;
        phase["inputs"] = std::move(inputs);
        phase["until"] = std::move(until);
        phases.push_back(std::move(phase));
    }
    out["phases"] = std::move(phases);
    return out;
}

std::string maneuverToText(const Maneuver& maneuver)
{
    return io::formatJson(maneuverToJson(maneuver));
}

std::string saveManeuver(const std::string& path, const Maneuver& maneuver)
{
    return io::writeFileAtomic(path, maneuverToText(maneuver));
}

}  // namespace jounce::sim
