#pragma once
// Maneuver files (DESIGN.md "Maneuver JSON"), read and written by the same rules as vehicle files:
// format "jounce.maneuver", an integer schemaVersion, every problem located by its JSON pointer and
// all of them reported, unknown keys as warnings, canonical writing that round-trips byte for byte.

#include "scenario/Maneuver.h"
#include "json/Problem.h"
#include "json/JsonText.h"

#include <string>
#include <string_view>

namespace jounce::sim {

inline constexpr const char* kManeuverFormat = "jounce.maneuver";
inline constexpr int kManeuverSchemaVersion = 1;
/// A limit that no real maneuver reaches; it bounds the work and memory a hostile file can cause.
inline constexpr std::size_t kMaxManeuverPhases = 1000;
/// Gears a maneuver may name: reverse, neutral and the 30 forward gears PhysX allows at most.
inline constexpr int kMinManeuverGear = -1;
inline constexpr int kMaxManeuverGear = 30;

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
/// The keys beyond DESIGN.md's (all optional):
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
io::Json maneuverToJson(const Maneuver& maneuver);
/// The canonical text (io::formatJson); reading it back and writing again gives the same bytes.
std::string maneuverToText(const Maneuver& maneuver);
/// Saves atomically. Returns an error message, or "" on success.
std::string saveManeuver(const std::string& path, const Maneuver& maneuver);

/// "raw", "keyboard", "pad".
const char* smoothingName(ManeuverSmoothing smoothing) noexcept;
/// "acceleration", "braking", "skidpad", "stepSteer", "pathTracking", "gapKeeping", "splitBraking",
/// "sineWithDwell".
const char* measureName(Measure measure) noexcept;

}  // namespace jounce::sim
