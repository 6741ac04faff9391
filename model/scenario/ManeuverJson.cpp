#include "scenario/ManeuverJson.h"

#include "json/TextLimits.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

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

namespace {

using json::Json;
using json::ObjectReader;
using json::describeJson;
using json::required;
using namespace maneuver_limits;

/// A name or description no longer than `maxBytes` (json/TextLimits.h); nullopt, and an error,
/// when it is longer.
std::optional<std::string> boundedText(ObjectReader& r, std::string_view key, std::size_t maxBytes = json::kMaxNameBytes)
{
    std::optional<std::string> t = r.text(key);
    if (t && !json::checkTextLength(*t, r.at(key), maxBytes, r.problems()))
        return std::nullopt;
    return t;
}

std::vector<Vec2> toVec2(const std::vector<json::Pair>& pairs)
{
    std::vector<Vec2> out;
    out.reserve(pairs.size());
    for (const json::Pair& p : pairs)
        out.push_back({p[0], p[1]});
    return out;
}

void readStart(ObjectReader r, ManeuverStart& start)
{
    if (auto g = r.integer("gear", kMinManeuverGear, kMaxManeuverGear))
        start.gear = *g;
    if (auto a = r.boolean("autoBox"))
        start.autoBox = *a;
    const std::optional<json::Pair> position = r.pair("position", kCoordinate);
    const std::optional<double> heading = r.number("heading", kHeading);
    if (position)
        start.pose = PlanarPose{(*position)[0], (*position)[1], heading.value_or(0.0)};
    else if (r.has("heading") && !r.has("position"))
        r.problems().error(r.at("heading"), "a start heading needs a start \"position\": [x, y]");
    r.reportUnknown();
}

void readSteerWave(ObjectReader r, SteerWave& wave)
{
    if (auto s = r.enumeration<SteerWaveShape>("shape", kSteerWaveNames, required("\"sine\" or \"sineWithDwell\"")))
        wave.shape = *s;
    if (auto f = r.number("frequency", kWaveFrequency))
        wave.frequency = *f;
    if (auto d = r.number("dwell", kDwell))
        wave.dwell = *d;
    r.reportUnknown();
}

void readInputs(ObjectReader r, ManeuverInputs& in)
{
    in.accel = r.number("accel", kPedal).value_or(0.0);
    in.brake = r.number("brake", kPedal).value_or(0.0);
    in.handbrake = r.number("handbrake", kPedal).value_or(0.0);
    in.steer = r.number("steer", kSteer).value_or(0.0);
    in.gear = r.integer("gear", kMinManeuverGear, kMaxManeuverGear);
    in.autoBox = r.boolean("autoBox");
    in.steerFrom = boundedText(r, "steerFrom");
    in.steerScale = r.number("steerScale", kSteerScale).value_or(1.0);
    in.accelFrom = boundedText(r, "accelFrom");
    if (auto w = r.object("steerWave")) {
        in.steerWave = SteerWave{};
        readSteerWave(std::move(*w), *in.steerWave);
    }
    if (in.steerFrom && r.has("steer"))
        r.problems().error(r.at("steerFrom"), "give either steer or steerFrom, not both");
    if (in.accelFrom && r.has("accel"))
        r.problems().error(r.at("accelFrom"), "give either accel or accelFrom, not both");
    r.reportUnknown();
}

void readTargetSpeed(ObjectReader r, SpeedTarget& target)
{
    if (auto v = r.number("speed", kTargetSpeed, required("the forward speed to hold, m/s")))
        target.speed = *v;
    target.rate = r.number("rate", kAcceleration);
    r.reportUnknown();
}

void readPath(ObjectReader r, PathSpec& path)
{
    const std::optional<PathType> type = r.enumeration<PathType>(
        "type", kPathTypeNames, required("\"polyline\", \"straight\", \"circle\", \"doubleLaneChange\" or \"slalom\""));
    if (!type) {
        r.reportUnknown();
        return;
    }
    path.type = *type;
    if (auto f = r.enumeration<PathFrame>("frame", kPathFrameNames))
        path.frame = *f;
    path.lookAheadMin = r.number("lookAheadMin", kLookAheadMin);
    path.lookAheadTime = r.number("lookAheadTime", kLookAheadTime);
    const std::vector<std::string> used = pathKeys(path.type);
    const auto uses = [&used](const char* key) { return std::find(used.begin(), used.end(), key) != used.end(); };
    for (const char* key : {"points", "closed", "length", "radius", "direction", "entry", "vehicleWidth", "spacing",
                            "cones", "amplitude"}) {
        if (uses(key) || !r.has(key))
            continue;
        r.find(key);  // known, but not for this type
        r.problems().warning(r.at(key), std::string("not used by a ") + kPathTypeNames[std::size_t(path.type)] +
                                            " path, ignored (it will not be saved)");
    }
    if (uses("points")) {
        const auto pts = r.pairs("points", {0, kMaxPolylinePoints, "points"}, kCoordinate);
        if (pts && pts->size() >= 2)
            path.points = toVec2(*pts);
        else if (pts || !r.has("points"))
            r.problems().error(r.at("points"), "a polyline needs at least 2 points [x, y]");
        if (auto c = r.boolean("closed"))
            path.closed = *c;
    }
    if (uses("length"))
        path.length = r.number("length", kStraightLength).value_or(path.length);
    if (uses("radius"))
        path.radius = r.number("radius", kCircleRadius).value_or(path.radius);
    if (uses("direction"))
        path.direction = r.enumeration<TurnSide>("direction", kTurnSideNames).value_or(path.direction);
    if (uses("entry"))
        path.entry = r.number("entry", kEntry).value_or(path.entry);
    if (uses("vehicleWidth"))
        path.vehicleWidth = r.number("vehicleWidth", kVehicleWidth);
    if (uses("spacing"))
        path.spacing = r.number("spacing", kConeSpacing).value_or(path.spacing);
    if (uses("cones"))
        path.cones = r.integer("cones", 1, kMaxCones).value_or(path.cones);
    if (uses("amplitude"))
        path.amplitude = r.number("amplitude", kAmplitude);
    r.reportUnknown();
}

void readLead(ObjectReader l, LeadVehicle& lead)
{
    if (auto v = l.number("start", kCoordinate))
        lead.start = *v;
    const auto profile = l.pairs("speedProfile", {0, kMaxSpeedProfilePoints, "points"}, kDwell,
                                 required("the lead's speed, a list of [time s, speed m/s]"));
    if (profile) {
        bool ok = !profile->empty();
        for (std::size_t i = 0; i < profile->size(); ++i) {
            const json::Pair& p = (*profile)[i];
            if (p[1] > kMaxSpeed || (i > 0 && p[0] <= (*profile)[i - 1][0]))
                ok = false;
        }
        if (ok)
            lead.speedProfile = toVec2(*profile);
        else
            l.problems().error(l.at("speedProfile"), "needs at least one [time, speed] with times >= 0 and "
                                                     "increasing, speeds 0 to " + json::formatNumber(kMaxSpeed) + " m/s");
    }
    if (auto v = l.number("length", kLeadLength))
        lead.length = *v;
    if (auto v = l.number("width", kLeadWidth))
        lead.width = *v;
    l.reportUnknown();
}

void readGap(ObjectReader r, GapSpec& gap)
{
    if (auto lead = r.object("lead", required("the lead vehicle (start, speedProfile)")))
        readLead(std::move(*lead), gap.lead);
    gap.distance = r.number("distance", kDistance);
    gap.timeGap = r.number("timeGap", kDuration);
    if (r.has("distance") && r.has("timeGap"))
        r.problems().error(r.pointer(), "give either distance or timeGap, not both (OpenSCENARIO "
                                        "LongitudinalDistanceAction)");
    else if (!r.has("distance") && !r.has("timeGap"))
        r.problems().error(r.pointer(), "missing: distance (m) or timeGap (s)");
    if (auto f = r.boolean("freespace", required("as in OpenSCENARIO; true measures between the bounding boxes, "
                                                 "false between the reference points")))
        gap.freespace = *f;
    if (auto c = r.boolean("continuous", required("as in OpenSCENARIO; false ends the phase when the gap is "
                                                  "reached")))
        gap.continuous = *c;
    if (auto d = r.object("dynamicConstraints")) {
        gap.dynamicConstraints.maxAcceleration = d->number("maxAcceleration", kAcceleration);
        gap.dynamicConstraints.maxDeceleration = d->number("maxDeceleration", kAcceleration);
        gap.dynamicConstraints.maxSpeed = d->number("maxSpeed", kPositiveSpeed);
        d->reportUnknown();
    }
    gap.standstillGap = r.number("standstillGap", kStandstillGap).value_or(0.0);
    r.reportUnknown();
}

constexpr std::array<const char*, 6> kConditionKeys{"duration", "speedAbove", "speedBelow",
                                                    "stopped",  "distance",   "lateralOffsetAbove"};

void readUntil(ObjectReader r, EndConditions& until)
{
    until.duration = r.number("duration", kDuration);
    until.speedAbove = r.number("speedAbove", kSpeed);
    until.speedBelow = r.number("speedBelow", kSpeed);
    until.stopped = r.number("stopped", kPositiveSpeed);
    until.distance = r.number("distance", kDistance);
    until.lateralOffsetAbove = r.number("lateralOffsetAbove", kDistance);
    r.reportUnknown();
    // A condition that is present but invalid has its own error; only a phase that names none at
    // all gets this one.
    if (std::none_of(kConditionKeys.begin(), kConditionKeys.end(), [&r](const char* k) { return r.has(k); }))
        r.problems().error(r.pointer(), "no end condition: a phase ends on duration, speedAbove, speedBelow, "
                                        "stopped, distance or lateralOffsetAbove");
}

void readPhase(ObjectReader r, ManeuverPhase& phase)
{
    if (auto n = boundedText(r, "name"))
        phase.name = *n;
    if (auto in = r.object("inputs"))
        readInputs(std::move(*in), phase.inputs);
    if (auto t = r.object("targetSpeed")) {
        phase.targetSpeed = SpeedTarget{};
        readTargetSpeed(std::move(*t), *phase.targetSpeed);
    }
    if (auto p = r.object("path")) {
        phase.path = PathSpec{};
        readPath(std::move(*p), *phase.path);
    }
    if (auto g = r.object("gap")) {
        phase.gap = GapSpec{};
        readGap(std::move(*g), *phase.gap);
    }
    if (r.has("targetSpeed") && r.has("gap"))
        r.problems().error(r.at("gap"), "targetSpeed and gap both drive accel and brake: use one (a gap's "
                                        "dynamicConstraints.maxSpeed caps its speed)");
    phase.measure = r.enumeration<Measure>("measure", kMeasureNames);
    if (auto until = r.object("until", required("a phase needs an end condition (duration, speedAbove, "
                                                "speedBelow, stopped, distance or lateralOffsetAbove)")))
        readUntil(std::move(*until), phase.until);
    r.reportUnknown();
}

void readPhases(ObjectReader& r, std::vector<ManeuverPhase>& phases)
{
    const Json* list = r.list("phases", {0, kMaxManeuverPhases, "phases"}, required("a maneuver is a list of phases"));
    if (!list)
        return;
    const std::string pointer = r.at("phases");
    if (list->empty()) {
        r.problems().error(pointer, "a maneuver needs at least one phase");
        return;
    }
    phases.resize(list->size());
    for (std::size_t i = 0; i < list->size(); ++i)
        if (auto phase = r.element(*list, "phases", i))
            readPhase(std::move(*phase), phases[i]);
    // steerFrom / accelFrom read a value a phase leaves behind: it must be an earlier one.
    for (std::size_t i = 0; i < phases.size(); ++i) {
        const auto check = [&](const std::optional<std::string>& name, const char* key) {
            if (!name)
                return;
            const bool earlier = std::any_of(phases.begin(), phases.begin() + static_cast<std::ptrdiff_t>(i),
                                             [&](const ManeuverPhase& p) { return p.name == *name; });
            if (!earlier)
                r.problems().error(pointer + "/" + std::to_string(i) + "/inputs/" + key,
                                   "no earlier phase is named \"" + *name + "\"");
        };
        check(phases[i].inputs.steerFrom, "steerFrom");
        check(phases[i].inputs.accelFrom, "accelFrom");
    }
}

}  // namespace

const char* smoothingName(ManeuverSmoothing smoothing) noexcept
{
    const auto i = std::size_t(smoothing);
    return i < kSmoothingNames.size() ? kSmoothingNames[i] : "raw";
}

ManeuverDocument parseManeuver(std::string_view text)
{
    ManeuverDocument doc;
    Problems& problems = doc.problems;
    std::optional<Json> json = json::parseJson(text, problems);
    if (!json)
        return doc;
    if (!json->is_object()) {
        problems.error("", "a maneuver file is a JSON object, got " + describeJson(*json));
        return doc;
    }
    doc.parsed = true;

    ObjectReader r(*json, "", problems);
    if (!json::readFormatHeader(r, kManeuverFormat, kManeuverSchemaVersion, "a maneuver file"))
        return doc;
    Maneuver& m = doc.maneuver;
    if (auto name = boundedText(r, "name"))
        m.name = *name;
    if (auto description = boundedText(r, "description", json::kMaxDescriptionBytes))
        m.description = *description;
    if (auto start = r.object("start"))
        readStart(std::move(*start), m.start);
    if (auto s = r.enumeration<ManeuverSmoothing>("smoothing", kSmoothingNames))
        m.smoothing = *s;
    readPhases(r, m.phases);
    r.reportUnknown();
    return doc;
}

ManeuverDocument loadManeuver(const std::string& path)
{
    std::string text;
    if (std::string err = json::readTextFile(path, json::JsonLimits{}.maxBytes, text); !err.empty()) {
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
            out["direction"] = kTurnSideNames[std::size_t(p.direction)];
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

json::Json maneuverToJson(const Maneuver& m)
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
            inputs["steerWave"] = Json{{"shape", kSteerWaveNames[std::size_t(w->shape)]},
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
    return json::formatJson(maneuverToJson(maneuver));
}

std::string saveManeuver(const std::string& path, const Maneuver& maneuver)
{
    return json::writeFileAtomic(path, maneuverToText(maneuver));
}

}  // namespace jounce::sim
