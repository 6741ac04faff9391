// The JSON Schema (draft 2020-12) of maneuver files, made from the names and limits parseManeuver()
// checks (ManeuverJson.h), so the two cannot drift apart on a limit or a name.

#include "scenario/ManeuverJson.h"

#include "json/JsonSchema.h"
#include "json/TextLimits.h"

namespace jounce::sim {
namespace {

using json::Json;
using namespace json::schema;
using namespace maneuver_limits;

/// A string no longer than `maxBytes` (json/TextLimits.h; a schema counts characters, never more).
Json boundedText(std::string_view description, std::size_t maxBytes = json::kMaxNameBytes)
{
    Json t = text(description);
    t["maxLength"] = maxBytes;
    return t;
}

Json startSchema()
{
    return object("The vehicle's state when the maneuver starts.",
                  {{"gear", integer(kMinManeuverGear, kMaxManeuverGear, "Gear: -1 reverse, 0 neutral, 1.. forward.", 1)},
                   {"autoBox", boolean("Automatic gearbox on.", true)},
                   {"position", pair(kCoordinate, "World start position [x, y]; else the terrain's start pose.", "m")},
                   {"heading", number(kHeading, "World start heading (needs a position).", "rad", 0.0)}});
}

Json inputsSchema()
{
    Json wave = object("A steering wave: amplitude from steer or steerFrom x steerScale.",
                       {{"shape", enumeration(kSteerWaveNames, "The wave's shape.")},
                        {"frequency", number(kWaveFrequency, "Frequency.", "Hz")},
                        {"dwell", number(kDwell, "Dwell at the second peak (sineWithDwell).", "s")}},
                       {"shape"});
    return object("Open-loop driver inputs; an input not named is 0.",
                  {{"accel", number(kPedal, "Accelerator.", "1", 0.0)},
                   {"brake", number(kPedal, "Brake.", "1", 0.0)},
                   {"handbrake", number(kPedal, "Handbrake.", "1", 0.0)},
                   {"steer", number(kSteer, "Steering, positive left.", "1", 0.0)},
                   {"gear", integer(kMinManeuverGear, kMaxManeuverGear, "Gear forced when the phase begins.")},
                   {"autoBox", boolean("Automatic gearbox switched when the phase begins (persists).")},
                   {"steerFrom", boundedText("Steer as an earlier phase (by name) left it.")},
                   {"steerScale", number(kSteerScale, "Factor on steerFrom's steer.", "1", 1.0)},
                   {"accelFrom", boundedText("Accel as an earlier phase (by name) left it.")},
                   {"steerWave", wave}});
}

Json pathSchema()
{
    Json s = object("Closed loop: steer follows a path.",
                    {{"type", enumeration(kPathTypeNames, "The kind of path; it decides the other keys.")},
                     {"frame", enumeration(kPathFrameNames, "What the coordinates are relative to.", "start")},
                     {"lookAheadMin", number(kLookAheadMin, "Pure-pursuit look-ahead at standstill.", "m")},
                     {"lookAheadTime", number(kLookAheadTime, "Look-ahead growth with speed.", "s")}},
                    {"type"});
    const Json direction = enumeration(kTurnSideNames, "Turn, offset side or side of the first cone.", "left");
    const Json width = number(kVehicleWidth, "Width the track is sized for (default: the vehicle's).", "m");
    const Json entry = number(kEntry, "Distance to the first gate or cone.", "m", 100.0);
    s["allOf"] = Json::array(
        {variant("type", "polyline",
                 {{"points", list(pair(kCoordinate, "A point [x, y].", "m"), {2, kMaxPolylinePoints}, "The polyline.")},
                  {"closed", boolean("The last point joins the first.", false)}},
                 {"points"}),
         variant("type", "straight", {{"length", number(kStraightLength, "Length ahead.", "m", 2000.0)}}),
         variant("type", "circle",
                 {{"radius", number(kCircleRadius, "Radius.", "m", 40.0)}, {"direction", direction}}),
         variant("type", "doubleLaneChange", {{"entry", entry}, {"direction", direction}, {"vehicleWidth", width}}),
         variant("type", "slalom",
                 {{"entry", entry},
                  {"spacing", number(kConeSpacing, "Distance between cones.", "m", 18.0)},
                  {"cones", integer(1, kMaxCones, "Number of cones.", 10)},
                  {"amplitude", number(kAmplitude, "Lateral offset at each cone (default: half width + 0.5 m).", "m")},
                  {"direction", direction},
                  {"vehicleWidth", width}})});
    return s;
}

Json gapSchema()
{
    Json lead = object("The kinematic lead vehicle.",
                       {{"start", number(kCoordinate, "Distance between the reference points when the phase begins.", "m", 30.0)},
                        {"speedProfile", list(pair(kDwell, "[time s, speed m/s] (speeds up to 1000 m/s)."), {1, kMaxSpeedProfilePoints},
                                              "The lead's speed; times increasing, linear between, held after.")},
                        {"length", number(kLeadLength, "Bounding box length.", "m", 4.5)},
                        {"width", number(kLeadWidth, "Bounding box width.", "m", 1.8)}},
                       {"speedProfile"});
    Json constraints = object("OpenSCENARIO DynamicConstraints; absent members do not limit.",
                              {{"maxAcceleration", number(kAcceleration, "Maximum acceleration.", "m/s^2")},
                               {"maxDeceleration", number(kAcceleration, "Maximum deceleration.", "m/s^2")},
                               {"maxSpeed", number(kPositiveSpeed, "Maximum speed.", "m/s")}});
    Json s = object("Closed loop: accel and brake keep a gap to a lead (OpenSCENARIO LongitudinalDistanceAction).",
                    {{"lead", lead},
                     {"distance", number(kDistance, "The gap as a distance (not with timeGap).", "m")},
                     {"timeGap", number(kDuration, "The gap as a time (not with distance).", "s")},
                     {"freespace", boolean("true: between the bounding boxes; false: between the reference points.")},
                     {"continuous", boolean("false: the phase ends when the gap is reached.")},
                     {"dynamicConstraints", constraints},
                     {"standstillGap", number(kStandstillGap, "With timeGap: distance kept at standstill.", "m", 0.0)}},
                    {"lead", "freespace", "continuous"});
    s["oneOf"] = Json::array({Json{{"required", Json::array({"distance"})}}, Json{{"required", Json::array({"timeGap"})}}});
    return s;
}

Json untilSchema()
{
    Json s = object("End conditions; the first that holds ends the phase.",
                    {{"duration", number(kDuration, "Time since the phase began.", "s")},
                     {"speedAbove", number(kSpeed, "Forward speed above.", "m/s")},
                     {"speedBelow", number(kSpeed, "Forward speed below.", "m/s")},
                     {"stopped", number(kPositiveSpeed, "|Forward speed| below.", "m/s")},
                     {"distance", number(kDistance, "Distance travelled in the phase.", "m")},
                     {"lateralOffsetAbove", number(kDistance, "Distance off the phase's path.", "m")}});
    s["minProperties"] = 1;
    return s;
}

Json phaseSchema()
{
    Json targetSpeed = object("Closed loop: accel and brake hold a forward speed.",
                              {{"speed", number(kTargetSpeed, "The speed to hold.", "m/s")},
                               {"rate", number(kAcceleration, "Ramp from the entry speed at this rate.", "m/s^2")}},
                              {"speed"});
    Json s = object("One phase: inputs until an end condition holds.",
                    {{"name", boundedText("The phase's name (steerFrom and accelFrom refer to it).")},
                     {"inputs", inputsSchema()},
                     {"targetSpeed", targetSpeed},
                     {"path", pathSchema()},
                     {"gap", gapSchema()},
                     {"measure", enumeration(kMeasureNames, "The handling figures this phase produces.")},
                     {"until", untilSchema()}},
                    {"until"});
    s["not"] = Json{{"required", Json::array({"targetSpeed", "gap"})}};
    return s;
}

}  // namespace

json::Json maneuverSchema()
{
    Json body = object("A scripted maneuver for the Jounce tuning workbench: phases of driver inputs, each until "
                       "an end condition holds.",
                       {{"name", boundedText("The maneuver's name.")},
                        {"description", boundedText("What the maneuver is for.", json::kMaxDescriptionBytes)},
                        {"start", startSchema()},
                        {"smoothing", enumeration(kSmoothingNames, "How inputs are ramped.", "raw")},
                        {"phases", list(phaseSchema(), {1, kMaxManeuverPhases}, "The phases, run in order.")}},
                       {"phases"});
    return document("Jounce maneuver", kManeuverFormat, std::move(body));
}

}  // namespace jounce::sim
