#pragma once
// Maneuver files (conventions.md "Maneuver JSON"), read and written by the same rules as vehicle files:
// format "jounce.maneuver", an integer schemaVersion, every problem located by its JSON pointer and
// all of them reported, unknown keys as warnings, canonical writing that round-trips byte for byte.

#include "scenario/Maneuver.h"
#include "config/Units.h"
#include "json/Problem.h"
#include "json/JsonText.h"
#include "json/ObjectReader.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace jounce::sim {

inline constexpr const char* kManeuverFormat = "jounce.maneuver";
inline constexpr int kManeuverSchemaVersion = 1;
/// A limit that no real maneuver reaches; it bounds the work and memory a hostile file can cause.
inline constexpr std::size_t kMaxManeuverPhases = 1000;
/// Gears a maneuver may name: reverse, neutral and the 30 forward gears PhysX allows at most.
inline constexpr int kMinManeuverGear = -1;
inline constexpr int kMaxManeuverGear = 30;

/// The names files use, indexed like their enums.
inline constexpr std::array<const char*, 3> kSmoothingNames{"raw", "keyboard", "pad"};
inline constexpr std::array<const char*, 5> kPathTypeNames{"polyline", "straight", "circle", "doubleLaneChange",
                                                           "slalom"};
inline constexpr std::array<const char*, 3> kPathFrameNames{"start", "phase", "world"};
inline constexpr std::array<const char*, 2> kTurnSideNames{"left", "right"};
inline constexpr std::array<const char*, 2> kSteerWaveNames{"sine", "sineWithDwell"};
inline constexpr std::array<const char*, 8> kMeasureNames{"acceleration", "braking",      "skidpad",
                                                          "stepSteer",    "pathTracking", "gapKeeping",
                                                          "splitBraking", "sineWithDwell"};

/// The limits parseManeuver() checks and maneuverSchema() states.
namespace maneuver_limits {
using json::NumberLimits;
inline constexpr NumberLimits kPedal = NumberLimits::closed(0.0, 1.0);  ///< accel, brake, handbrake
inline constexpr NumberLimits kSteer = NumberLimits::closed(-1.0, 1.0);
inline constexpr NumberLimits kSteerScale = NumberLimits::closed(-100.0, 100.0);
inline constexpr NumberLimits kWaveFrequency = NumberLimits::above(0.0, 100.0);  ///< Hz
inline constexpr NumberLimits kTargetSpeed = NumberLimits::closed(0.0, 1000.0);  ///< m/s
inline constexpr NumberLimits kLookAheadMin = NumberLimits::above(0.0, 1000.0);  ///< m
inline constexpr NumberLimits kLookAheadTime = NumberLimits::closed(0.0, 100.0); ///< s
inline constexpr NumberLimits kStraightLength = NumberLimits::above(0.0, 1e6);   ///< m
inline constexpr NumberLimits kCircleRadius = NumberLimits::above(0.0, 1e5);     ///< m
inline constexpr NumberLimits kEntry = NumberLimits::closed(0.0, 1e5);           ///< m
inline constexpr NumberLimits kVehicleWidth = NumberLimits::above(0.0, 20.0);    ///< m
inline constexpr NumberLimits kConeSpacing = NumberLimits::above(0.0, 1000.0);   ///< m
inline constexpr NumberLimits kAmplitude = NumberLimits::closed(0.0, 100.0);     ///< m
inline constexpr NumberLimits kLeadLength = NumberLimits::above(0.0, 100.0);     ///< m
inline constexpr NumberLimits kLeadWidth = NumberLimits::above(0.0, 20.0);       ///< m
// Plausible bounds: what a vehicle test can ask for, with room (conventions.md "Plausible ranges").
inline constexpr double kMaxCoordinate = 1e6;  ///< m, as terrain files: keeps every product of coordinates finite
inline constexpr double kMaxSpeed = 1000.0;    ///< m/s, the simulation resets a vehicle flung faster
inline constexpr double kMaxDuration = 86400.0;  ///< s, a day
inline constexpr NumberLimits kCoordinate = NumberLimits::closed(-kMaxCoordinate, kMaxCoordinate);  ///< positions
inline constexpr NumberLimits kHeading = NumberLimits::closed(-2.0 * kPi, 2.0 * kPi);  ///< rad, as terrain files
inline constexpr NumberLimits kSpeed = NumberLimits::closed(-kMaxSpeed, kMaxSpeed);  ///< speedAbove, speedBelow
inline constexpr NumberLimits kPositiveSpeed = NumberLimits::above(0.0, kMaxSpeed);  ///< stopped, maxSpeed
inline constexpr NumberLimits kDuration = NumberLimits::above(0.0, kMaxDuration);    ///< durations, time gaps
inline constexpr NumberLimits kDwell = NumberLimits::closed(0.0, kMaxDuration);
inline constexpr NumberLimits kDistance = NumberLimits::above(0.0, kMaxCoordinate);  ///< distances travelled, offsets
inline constexpr NumberLimits kAcceleration = NumberLimits::above(0.0, 1000.0);      ///< m/s², rates and constraints
inline constexpr NumberLimits kStandstillGap = NumberLimits::closed(0.0, 1000.0);    ///< m
inline constexpr int kMaxCones = 1000;
inline constexpr std::size_t kMaxPolylinePoints = 100000;
inline constexpr std::size_t kMaxSpeedProfilePoints = 10000;
}  // namespace maneuver_limits

/// The keys each path type uses besides type, frame and the look-ahead ("points", "closed" for a
/// polyline, ...).
std::vector<std::string> pathKeys(PathType type);

struct ManeuverDocument {
    Maneuver maneuver;    ///< everything that could be read; defaults elsewhere
    Problems problems;    ///< in file order
    bool parsed = false;  ///< the text was a JSON object

    bool ok() const { return parsed && !problems.hasErrors(); }
};

/// Reads maneuver JSON text. Never throws. Errors: not JSON, wrong format or schema version, a
/// value of the wrong type, an input outside its range (accel/brake/handbrake in [0, 1], steer in
/// [-1, 1], gear in [-1, 30]), a phase without an end condition, no phases or more than 1000,
/// steerFrom / accelFrom naming no earlier phase, both targetSpeed and gap in one phase, a gap
/// with both or neither of distance and timeGap or without freespace / continuous.
///
/// The keys beyond conventions.md's (all optional):
///   start:  "position": [x, y], "heading" (rad) -- world start pose, else the terrain's
///   inputs: "steerFrom": phase name, "steerScale", "accelFrom": phase name,
///           "steerWave": {"shape": "sine" | "sineWithDwell", "frequency" (Hz), "dwell" (s)}
///   phase:  "targetSpeed": {"speed" (m/s), "rate" (m/s², optional ramp)}
///           "path": {"type", "frame": "start" | "phase" | "world", "lookAheadMin" (m),
///                    "lookAheadTime" (s), and by type:
///                    polyline: "points": [[x, y], ...], "closed"; straight: "length";
///                    circle: "radius", "direction": "left" | "right";
///                    doubleLaneChange: "entry", "direction", "vehicleWidth";
///                    slalom: "entry", "spacing", "cones", "amplitude", "direction", "vehicleWidth"}
///           "gap": {"lead": {"start" (m), "speedProfile": [[t s, v m/s], ...], "length", "width"},
///                   "distance" (m) | "timeGap" (s), "freespace", "continuous",
///                   "dynamicConstraints": {"maxAcceleration", "maxDeceleration", "maxSpeed"},
///                   "standstillGap" (m, a Jounce extension)}
///           "measure": "acceleration" | "braking" | "skidpad" | "stepSteer" | "pathTracking" |
///                      "gapKeeping" | "splitBraking" | "sineWithDwell"
///   until:  "lateralOffsetAbove" (m)
/// model/sim/maneuver/Maneuver.h says what each means.
ManeuverDocument parseManeuver(std::string_view text);
/// parseManeuver on a file's contents; a file that cannot be read is a problem at "/".
ManeuverDocument loadManeuver(const std::string& path);

/// The canonical JSON value: format, schemaVersion, name, description, start, smoothing, phases;
/// a phase's inputs list only those that are not 0 (an input not named is 0) and its until only
/// the conditions it has; then targetSpeed, path (type, frame, the keys of its type), gap and
/// measure when present.
json::Json maneuverToJson(const Maneuver& maneuver);
/// The canonical text (json::formatJson); reading it back and writing again gives the same bytes.
std::string maneuverToText(const Maneuver& maneuver);
/// Saves atomically. Returns an error message, or "" on success.
std::string saveManeuver(const std::string& path, const Maneuver& maneuver);

/// The JSON Schema (draft 2020-12) of maneuver files (`jounce-cli schema maneuver`), made from the
/// limits and names above.
json::Json maneuverSchema();

/// "raw", "keyboard", "pad".
const char* smoothingName(ManeuverSmoothing smoothing) noexcept;
/// "acceleration", "braking", "skidpad", "stepSteer", "pathTracking", "gapKeeping", "splitBraking",
/// "sineWithDwell".
const char* measureName(Measure measure) noexcept;

}  // namespace jounce::sim
