// The JSON Schema (draft 2020-12) of maneuver files, made from the names and limits parseManeuver()
// checks (ManeuverJson.h), so the two cannot drift apart on a limit or a name.

#include "scenario/ManeuverJson.h"

#include "json/JsonSchema.h"

namespace jounce::sim {
namespace {

using io::Json;
using namespace io::schema;
using namespace maneuver_limits;

Json startSchema()
{
    return object("The vehicle's state when the maneuver starts.",
                  {{"gear", integer(kMinManeuverGear, kMaxManeuverGear, "Gear: -1 reverse, 0 neutral, 1.. forward.", 1)},
                   {"autoBox", boolean("Automatic gearbox on.", true)},
                   {"position", pair(kAny, "World start position [x, y]; else the terrain's start pose.", "m")},
                   {"heading", number(kAny, "World start heading (needs a position).", "rad", 0.0)}});
}

Json inputsSchema()
{
    Json wave = object("A steering wave: amplitude from steer or steerFrom x steerScale.",
                       {{"shape", enumeration(kSteerWaveNames, "The wave's shape.")},
                        {"frequency", number(kWaveFrequency, "Frequency.", "Hz")},
                        {"dwell", number(kNonNegative, "Dwell at the second peak (sineWithDwell).", "s")}},
                       {"shape"});
    return object("Open-loop driver inputs; an input not named is 0.",
                  {{"accel", number(kPedal, "Accelerator.", "1", 0.0)},
                   {"brake", number(kPedal, "Brake.", "1", 0.0)},
                   {"handbrake", number(kPedal, "Handbrake.", "1", 0.0)},
                   {"steer", number(kSteer, "Steering, positive left.", "1", 0.0)},
                   {"gear", integer(kMinManeuverGear, kMaxManeuverGear, "Gear forced when the phase begins.")},
                   {"autoBox", boolean("Automatic gearbox switched when the phase begins (persists).")},
                   {"steerFrom", text("Steer as an earlier phase (by name) left it.")},
                   {"steerScale", number(kSteerScale, "Factor on steerFrom's steer.", "1", 1.0)},
                   {"accelFrom", text("Accel as an earlier phase (by name) left it.")},
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
                 {{"points", list(pair(kAny, "A point [x, y].", "m"), {2, kMaxPolylinePoints}, "The polyline.")},
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
                       {{"start", number(kAny, "Distance between the reference points when the phase begins.", "m", 30.0)},
                        {"speedProfile", list(pair(kAny, "[time s, speed m/s]."), {1, kMaxSpeedProfilePoints},
                                              "The lead's speed; times increasing, linear between, held after.")},
                        {"length", number(kLeadLength, "Bounding box length.", "m", 4.5)},
                        {"width", number(kLeadWidth, "Bounding box width.", "m", 1.8)}},
                       {"speedProfile"});
    Json constraints = object("OpenSCENARIO DynamicConstraints; absent members do not limit.",
                              {{"maxAcceleration", number(kPositive, "Maximum acceleration.", "m/s^2")},
                               {"maxDeceleration", number(kPositive, "Maximum deceleration.", "m/s^2")},
                               {"maxSpeed", number(kPositive, "Maximum speed.", "m/s")}});
    Json s = object("Closed loop: accel and brake keep a gap to a lead (OpenSCENARIO LongitudinalDistanceAction).",
                    {{"lead", lead},
                     {"distance", number(kPositive, "The gap as a distance (not with timeGap).", "m")},
                     {"timeGap", number(kPositive, "The gap as a time (not with distance).", "s")},
                     {"freespace", boolean("true: between the bounding boxes; false: between the reference points.")},
                     {"continuous", boolean("false: the phase ends when the gap is reached.")},
                     {"dynamicConstraints", constraints},
                     {"standstillGap", number(kNonNegative, "With timeGap: distance kept at standstill.", "m", 0.0)}},
                    {"lead", "freespace", "continuous"});
    s["oneOf"] = Json::array({Json{{"required", Json::array({"distance"})}}, Json{{"required", Json::array({"timeGap"})}}});
    return s;
}

Json untilSchema()
{
    Json s = object("End conditions; the first that holds ends the phase.",
                    {{"duration", number(kPositive, "Time since the phase began.", "s")},
                     {"speedAbove", number(kAny, "Forward speed above.", "m/s")},
                     {"speedBelow", number(kAny, "Forward speed below.", "m/s")},
                     {"stopped", number(kPositive, "|Forward speed| below.", "m/s")},
                     {"distance", number(kPositive, "Distance travelled in the phase.", "m")},
                     {"lateralOffsetAbove", number(kPositive, "Distance off the phase's path.", "m")}});
    s["minProperties"] = 1;
    return s;
}

Json phaseSchema()
{
    Json targetSpeed = object("Closed loop: accel and brake hold a forward speed.",
                              {{"speed", number(kTargetSpeed, "The speed to hold.", "m/s")},
                               {"rate", number(kPositive, "Ramp from the entry speed at this rate.", "m/s^2")}},
                              {"speed"});
    Json s = object("One phase: inputs until an end condition holds.",
                    {{"name", text("The phase's name (steerFrom and accelFrom refer to it).")},
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

io::Json maneuverSchema()
{
    Json body = object("A scripted maneuver for the Jounce tuning workbench: phases of driver inputs, each until "
                       "an end condition holds.",
                       {{"name", text("The maneuver's name.")},
                        {"description", text("What the maneuver is for.")},
                        {"start", startSchema()},
                        {"smoothing", enumeration(kSmoothingNames, "How inputs are ramped.", "raw")},
                        {"phases", list(phaseSchema(), {1, kMaxManeuverPhases}, "The phases, run in order.")}},
                       {"phases"});
    return document("Jounce maneuver", kManeuverFormat, std::move(body));
}

}  // namespace jounce::sim
