#include "scenario/ManeuverJson.h"

#include <algorithm>
#include <array>
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

/// An enumeration value spelled as one of `names` (indexed like the enum); nullopt and an error
/// when it is something else.
template <typename E, std::size_t N>
std::optional<E> readEnum(ObjectReader& r, const std::string& key, const std::array<const char*, N>& names,
                          Problems& problems)
{
    const Json* v = r.find(key);
    if (!v)
        return std::nullopt;
    if (v->is_string())
        for (std::size_t i = 0; i < N; ++i)
            if (v->get<std::string>() == names[i])
                return static_cast<E>(i);
    std::string list;
    for (std::size_t i = 0; i < N; ++i)
        list += std::string(i == 0 ? "" : (i + 1 == N ? " or " : ", ")) + "\"" + names[i] + "\"";
    problems.error(r.at(key), "expected " + list + ", got " + describeJson(*v));
    return std::nullopt;
}

constexpr std::array<const char*, 5> kPathTypeNames{"polyline", "straight", "circle", "doubleLaneChange", "slalom"};
constexpr std::array<const char*, 3> kPathFrameNames{"start", "phase", "world"};
constexpr std::array<const char*, 2> kSideNames{"left", "right"};
constexpr std::array<const char*, 2> kWaveNames{"sine", "sineWithDwell"};
constexpr std::array<const char*, 8> kMeasureNames{"acceleration", "braking",      "skidpad",      "stepSteer",
                                                   "pathTracking", "gapKeeping", "splitBraking", "sineWithDwell"};

/// A list of [a, b] pairs of finite numbers (polyline points, speed profiles), at most `maxCount`.
std::optional<std::vector<Vec2>> readPairs(const Json* v, const std::string& pointer, std::size_t maxCount,
                                           Problems& problems)
{
    if (!v)
        return std::nullopt;
    if (!v->is_array()) {
        problems.error(pointer, "expected a list of [x, y] pairs, got " + describeJson(*v));
        return std::nullopt;
    }
    if (v->size() > maxCount) {
        problems.error(pointer, "at most " + std::to_string(maxCount) + " points, got " + std::to_string(v->size()));
        return std::nullopt;
    }
    std::vector<Vec2> out;
    bool ok = true;
    for (std::size_t i = 0; i < v->size(); ++i) {
        const Json& p = (*v)[i];
        const std::string at = pointer + "/" + std::to_string(i);
        if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number() ||
            !std::isfinite(p[0].get<double>()) || !std::isfinite(p[1].get<double>())) {
            problems.error(at, "expected a pair of finite numbers [x, y], got " + describeJson(p));
            ok = false;
            continue;
        }
        out.push_back({p[0].get<double>(), p[1].get<double>()});
    }
    if (!ok)
        return std::nullopt;
    return out;
}

void readStart(const Json& json, const std::string& pointer, ManeuverStart& start, Problems& problems)
{
    ObjectReader r(json, pointer, problems);
    if (auto g = r.integer("gear", kMinManeuverGear, kMaxManeuverGear))
        start.gear = *g;
    if (auto a = r.boolean("autoBox"))
        start.autoBox = *a;
    const Json* position = r.find("position");
    const std::optional<double> heading = r.anyNumber("heading");
    if (position) {
        const Json& p = *position;
        if (p.is_array() && p.size() == 2 && p[0].is_number() && p[1].is_number() &&
            std::isfinite(p[0].get<double>()) && std::isfinite(p[1].get<double>()))
            start.pose = PlanarPose{p[0].get<double>(), p[1].get<double>(), heading.value_or(0.0)};
        else
            problems.error(r.at("position"), "expected [x, y] in metres (world), got " + describeJson(p));
    } else if (json.contains("heading")) {
        problems.error(r.at("heading"), "a start heading needs a start \"position\": [x, y]");
    }
    r.warnUnknown();
}

void readSteerWave(const Json& json, const std::string& pointer, SteerWave& wave, Problems& problems)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    ObjectReader r(json, pointer, problems);
    if (auto s = readEnum<SteerWaveShape>(r, "shape", kWaveNames, problems))
        wave.shape = *s;
    else if (!json.contains("shape"))
        problems.error(r.at("shape"), "missing: \"sine\" or \"sineWithDwell\"");
    if (auto f = r.number("frequency", 0.0, 100.0, true))
        wave.frequency = *f;
    if (auto d = r.number("dwell", 0.0, inf))
        wave.dwell = *d;
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
    in.steerFrom = r.text("steerFrom");
    in.steerScale = r.number("steerScale", -100.0, 100.0).value_or(1.0);
    in.accelFrom = r.text("accelFrom");
    if (const Json* w = r.object("steerWave")) {
        in.steerWave = SteerWave{};
        readSteerWave(*w, r.at("steerWave"), *in.steerWave, problems);
    }
    if (in.steerFrom && json.contains("steer"))
        problems.error(r.at("steerFrom"), "give either steer or steerFrom, not both");
    if (in.accelFrom && json.contains("accel"))
        problems.error(r.at("accelFrom"), "give either accel or accelFrom, not both");
    r.warnUnknown();
}

void readTargetSpeed(const Json& json, const std::string& pointer, SpeedTarget& target, Problems& problems)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    ObjectReader r(json, pointer, problems);
    if (auto v = r.number("speed", 0.0, 1000.0))
        target.speed = *v;
    else if (!json.contains("speed"))
        problems.error(r.at("speed"), "missing: the forward speed to hold, m/s");
    target.rate = r.number("rate", 0.0, inf, true);
    r.warnUnknown();
}

/// The keys each path type uses besides type, frame and the look-ahead.
std::vector<std::string> pathKeys(PathType type)
{
    switch (type) {
    case PathType::Polyline: return {"points", "closed"};
    case PathType::Straight: return {"length"};
    case PathType::Circle: return {"radius", "direction"};
    case PathType::DoubleLaneChange: return {"entry", "direction", "vehicleWidth"};
    case PathType::Slalom: return {"entry", "spacing", "cones", "amplitude", "direction", "vehicleWidth"};
    }
    return {};
}

void readPath(const Json& json, const std::string& pointer, PathSpec& path, Problems& problems)
{
    ObjectReader r(json, pointer, problems);
    const std::optional<PathType> type = readEnum<PathType>(r, "type", kPathTypeNames, problems);
    if (!type) {
        if (!json.contains("type"))
            problems.error(r.at("type"), "missing: \"polyline\", \"straight\", \"circle\", \"doubleLaneChange\" or "
                                         "\"slalom\"");
        r.warnUnknown();
        return;
    }
    path.type = *type;
    if (auto f = readEnum<PathFrame>(r, "frame", kPathFrameNames, problems))
        path.frame = *f;
    path.lookAheadMin = r.number("lookAheadMin", 0.0, 1000.0, true);
    path.lookAheadTime = r.number("lookAheadTime", 0.0, 100.0);
    const std::vector<std::string> used = pathKeys(path.type);
    const auto uses = [&used](const char* key) { return std::find(used.begin(), used.end(), key) != used.end(); };
    for (const char* key : {"points", "closed", "length", "radius", "direction", "entry", "vehicleWidth", "spacing",
                            "cones", "amplitude"}) {
        if (uses(key) || !json.contains(key))
            continue;
        r.find(key);  // known, but not for this type
        problems.warning(r.at(key), std::string("not used by a ") + kPathTypeNames[std::size_t(path.type)] +
                                        " path, ignored (it will not be saved)");
    }
    if (uses("points")) {
        const std::optional<std::vector<Vec2>> pts = readPairs(r.find("points"), r.at("points"), 100000, problems);
        if (pts && pts->size() >= 2)
            path.points = *pts;
        else if (pts || !json.contains("points"))
            problems.error(r.at("points"), "a polyline needs at least 2 points [x, y]");
        if (auto c = r.boolean("closed"))
            path.closed = *c;
    }
    if (uses("length"))
        if (auto v = r.number("length", 0.0, 1e6, true))
            path.length = *v;
    if (uses("radius"))
        if (auto v = r.number("radius", 0.0, 1e5, true))
            path.radius = *v;
    if (uses("direction"))
        if (auto v = readEnum<TurnSide>(r, "direction", kSideNames, problems))
            path.direction = *v;
    if (uses("entry"))
        if (auto v = r.number("entry", 0.0, 1e5))
            path.entry = *v;
    if (uses("vehicleWidth"))
        path.vehicleWidth = r.number("vehicleWidth", 0.0, 20.0, true);
    if (uses("spacing"))
        if (auto v = r.number("spacing", 0.0, 1000.0, true))
            path.spacing = *v;
    if (uses("cones"))
        if (auto v = r.integer("cones", 1, 1000))
            path.cones = *v;
    if (uses("amplitude"))
        path.amplitude = r.number("amplitude", 0.0, 100.0);
    r.warnUnknown();
}

void readGap(const Json& json, const std::string& pointer, GapSpec& gap, Problems& problems)
{
    constexpr double inf = std::numeric_limits<double>::infinity();
    ObjectReader r(json, pointer, problems);
    if (const Json* lead = r.object("lead")) {
        ObjectReader l(*lead, r.at("lead"), problems);
        if (auto v = l.anyNumber("start"))
            gap.lead.start = *v;
        const std::optional<std::vector<Vec2>> profile =
            readPairs(l.find("speedProfile"), l.at("speedProfile"), 10000, problems);
        if (!lead->contains("speedProfile")) {
            problems.error(l.at("speedProfile"), "missing: the lead's speed, a list of [time s, speed m/s]");
        } else if (profile) {
            bool ok = !profile->empty();
            for (std::size_t i = 0; i < profile->size(); ++i) {
                const Vec2& p = (*profile)[i];
                if (p.x < 0.0 || p.y < 0.0 || (i > 0 && p.x <= (*profile)[i - 1].x))
                    ok = false;
            }
            if (ok)
                gap.lead.speedProfile = *profile;
            else
                problems.error(l.at("speedProfile"), "needs at least one [time, speed] with times >= 0 and "
                                                     "increasing, speeds >= 0");
        }
        if (auto v = l.number("length", 0.0, 100.0, true))
            gap.lead.length = *v;
        if (auto v = l.number("width", 0.0, 20.0, true))
            gap.lead.width = *v;
        l.warnUnknown();
    } else if (!json.contains("lead")) {
        problems.error(r.at("lead"), "missing: the lead vehicle (start, speedProfile)");
    }
    gap.distance = r.number("distance", 0.0, inf, true);
    gap.timeGap = r.number("timeGap", 0.0, inf, true);
    if (json.contains("distance") && json.contains("timeGap"))
        problems.error(pointer, "give either distance or timeGap, not both (OpenSCENARIO LongitudinalDistanceAction)");
    else if (!json.contains("distance") && !json.contains("timeGap"))
        problems.error(pointer, "missing: distance (m) or timeGap (s)");
    if (auto f = r.boolean("freespace"))
        gap.freespace = *f;
    else if (!json.contains("freespace"))
        problems.error(r.at("freespace"), "missing (required, as in OpenSCENARIO): true measures between the "
                                          "bounding boxes, false between the reference points");
    if (auto c = r.boolean("continuous"))
        gap.continuous = *c;
    else if (!json.contains("continuous"))
        problems.error(r.at("continuous"), "missing (required, as in OpenSCENARIO): false ends the phase when the "
                                           "gap is reached");
    if (const Json* dc = r.object("dynamicConstraints")) {
        ObjectReader d(*dc, r.at("dynamicConstraints"), problems);
        gap.dynamicConstraints.maxAcceleration = d.number("maxAcceleration", 0.0, inf, true);
        gap.dynamicConstraints.maxDeceleration = d.number("maxDeceleration", 0.0, inf, true);
        gap.dynamicConstraints.maxSpeed = d.number("maxSpeed", 0.0, inf, true);
        d.warnUnknown();
    }
    gap.standstillGap = r.number("standstillGap", 0.0, inf).value_or(0.0);
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
    until.lateralOffsetAbove = r.number("lateralOffsetAbove", 0.0, inf, true);
    r.warnUnknown();
    // A condition that is present but invalid has its own error; only a phase that names none at
    // all gets this one.
    const bool named = json.contains("duration") || json.contains("speedAbove") || json.contains("speedBelow") ||
                       json.contains("stopped") || json.contains("distance") || json.contains("lateralOffsetAbove");
    if (!named)
        problems.error(pointer, "no end condition: a phase ends on duration, speedAbove, speedBelow, stopped, "
                                "distance or lateralOffsetAbove");
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
    if (const Json* t = r.object("targetSpeed")) {
        phase.targetSpeed = SpeedTarget{};
        readTargetSpeed(*t, r.at("targetSpeed"), *phase.targetSpeed, problems);
    }
    if (const Json* p = r.object("path")) {
        phase.path = PathSpec{};
        readPath(*p, r.at("path"), *phase.path, problems);
    }
    if (const Json* g = r.object("gap")) {
        phase.gap = GapSpec{};
        readGap(*g, r.at("gap"), *phase.gap, problems);
    }
    if (json.contains("targetSpeed") && json.contains("gap"))
        problems.error(r.at("gap"), "targetSpeed and gap both drive accel and brake: use one (a gap's "
                                    "dynamicConstraints.maxSpeed caps its speed)");
    phase.measure = readEnum<Measure>(r, "measure", kMeasureNames, problems);
    const bool hadUntil = json.contains("until");
    if (const Json* until = r.object("until"))
        readUntil(*until, r.at("until"), phase.until, problems);
    else if (!hadUntil)
        problems.error(r.at("until"), "missing: a phase needs an end condition (duration, speedAbove, speedBelow, "
                                      "stopped, distance or lateralOffsetAbove)");
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
    // steerFrom / accelFrom read a value a phase leaves behind: it must be an earlier one.
    for (std::size_t i = 0; i < phases.size(); ++i) {
        const auto check = [&](const std::optional<std::string>& name, const char* key) {
            if (!name)
                return;
            const bool earlier = std::any_of(phases.begin(), phases.begin() + static_cast<std::ptrdiff_t>(i),
                                             [&](const ManeuverPhase& p) { return p.name == *name; });
            if (!earlier)
                problems.error(pointer + "/" + std::to_string(i) + "/inputs/" + key,
                               "no earlier phase is named \"" + *name + "\"");
        };
        check(phases[i].inputs.steerFrom, "steerFrom");
        check(phases[i].inputs.accelFrom, "accelFrom");
    }
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

namespace {

Json pairsToJson(const std::vector<Vec2>& points)
{
    Json out = Json::array();
    for (const Vec2& p : points)
        out.push_back(Json::array({p.x, p.y}));
    return out;
}

Json pathToJson(const PathSpec& p)
{
    Json out = Json::object();
    out["type"] = kPathTypeNames[std::size_t(p.type)];
    out["frame"] = kPathFrameNames[std::size_t(p.frame)];
    for (const std::string& key : pathKeys(p.type)) {
        if (key == "points")
            out["points"] = pairsToJson(p.points);
        else if (key == "closed")
            out["closed"] = p.closed;
        else if (key == "length")
            out["length"] = p.length;
        else if (key == "radius")
            out["radius"] = p.radius;
        else if (key == "direction")
            out["direction"] = kSideNames[std::size_t(p.direction)];
        else if (key == "entry")
            out["entry"] = p.entry;
        else if (key == "vehicleWidth" && p.vehicleWidth)
            out["vehicleWidth"] = *p.vehicleWidth;
        else if (key == "spacing")
            out["spacing"] = p.spacing;
        else if (key == "cones")
            out["cones"] = p.cones;
        else if (key == "amplitude" && p.amplitude)
            out["amplitude"] = *p.amplitude;
    }
    if (p.lookAheadMin)
        out["lookAheadMin"] = *p.lookAheadMin;
    if (p.lookAheadTime)
        out["lookAheadTime"] = *p.lookAheadTime;
    return out;
}

Json gapToJson(const GapSpec& g)
{
    Json out = Json::object();
    Json lead = Json::object();
    lead["start"] = g.lead.start;
    lead["speedProfile"] = pairsToJson(g.lead.speedProfile);
    lead["length"] = g.lead.length;
    lead["width"] = g.lead.width;
    out["lead"] = std::move(lead);
    if (g.distance)
        out["distance"] = *g.distance;
    if (g.timeGap)
        out["timeGap"] = *g.timeGap;
    out["freespace"] = g.freespace;
    out["continuous"] = g.continuous;
    const DynamicConstraints& dc = g.dynamicConstraints;
    if (dc.maxAcceleration || dc.maxDeceleration || dc.maxSpeed) {
        Json d = Json::object();
        if (dc.maxAcceleration)
            d["maxAcceleration"] = *dc.maxAcceleration;
        if (dc.maxDeceleration)
            d["maxDeceleration"] = *dc.maxDeceleration;
        if (dc.maxSpeed)
            d["maxSpeed"] = *dc.maxSpeed;
        out["dynamicConstraints"] = std::move(d);
    }
    if (g.standstillGap != 0.0)
        out["standstillGap"] = g.standstillGap;
    return out;
}

}  // namespace

const char* measureName(Measure measure) noexcept
{
    return kMeasureNames[std::size_t(measure)];
}

io::Json maneuverToJson(const Maneuver& m)
{
    Json out = Json::object();
    out["format"] = kManeuverFormat;
    out["schemaVersion"] = kManeuverSchemaVersion;
    out["name"] = m.name;
    out["description"] = m.description;
    Json start = Json{{"gear", m.start.gear}, {"autoBox", m.start.autoBox}};
    if (m.start.pose) {
        start["position"] = Json::array({m.start.pose->x, m.start.pose->y});
        start["heading"] = m.start.pose->heading;
    }
    out["start"] = std::move(start);
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
        if (p.inputs.steerFrom)
            inputs["steerFrom"] = *p.inputs.steerFrom;
        if (p.inputs.steerScale != 1.0)
            inputs["steerScale"] = p.inputs.steerScale;
        if (p.inputs.accelFrom)
            inputs["accelFrom"] = *p.inputs.accelFrom;
        if (const std::optional<SteerWave>& w = p.inputs.steerWave)
            inputs["steerWave"] = Json{{"shape", kWaveNames[std::size_t(w->shape)]},
                                       {"frequency", w->frequency},
                                       {"dwell", w->dwell}};

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
        cond("lateralOffsetAbove", p.until.lateralOffsetAbove);

        Json phase = Json::object();
        phase["name"] = p.name;
        phase["inputs"] = std::move(inputs);
        if (p.targetSpeed) {
            Json t = Json{{"speed", p.targetSpeed->speed}};
            if (p.targetSpeed->rate)
                t["rate"] = *p.targetSpeed->rate;
            phase["targetSpeed"] = std::move(t);
        }
        if (p.path)
            phase["path"] = pathToJson(*p.path);
        if (p.gap)
            phase["gap"] = gapToJson(*p.gap);
        if (p.measure)
            phase["measure"] = measureName(*p.measure);
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
