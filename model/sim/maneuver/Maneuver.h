#pragma once
// A scripted maneuver (DESIGN.md "Maneuver JSON") as data: a start state, an input smoothing mode
// and a list of phases, each holding open-loop inputs until one of its end conditions holds.
//
// Extension points (kept open on purpose): closed-loop controllers (target speed, path following,
// gap keeping) become further std::optional members of ManeuverPhase, each overriding the inputs it
// controls when present; further end conditions (e.g. lateralOffsetAbove) become further
// std::optional members of EndConditions. Neither changes the meaning of what is here, and files
// that do not use them read and write exactly as now.

#include <optional>
#include <string>
#include <vector>

namespace jounce::sim {

/// How a maneuver's inputs reach the vehicle: as they are, or through the vehicle's key or pad
/// smoothing rates (model/sim/InputSmoothing.h).
enum class ManeuverSmoothing { Raw, Keyboard, Pad };

/// The vehicle's state when the maneuver starts.
struct ManeuverStart {
    int gear = 1;         ///< -1 reverse, 0 neutral, 1.. forward
    bool autoBox = true;  ///< automatic gearbox on
    friend bool operator==(const ManeuverStart&, const ManeuverStart&) = default;
};

/// Open-loop control targets held for a whole phase; an input a file does not name is 0.
struct ManeuverInputs {
    double accel = 0.0;      ///< [0, 1]
    double brake = 0.0;      ///< [0, 1]
    double handbrake = 0.0;  ///< [0, 1]
    double steer = 0.0;      ///< [-1, 1], positive steers left (ISO 8855)
    std::optional<int> gear;      ///< force this gear when the phase begins
    std::optional<bool> autoBox;  ///< switch the autobox when the phase begins; persists after it
    friend bool operator==(const ManeuverInputs&, const ManeuverInputs&) = default;
};

/// A phase's "until": it ends after the first step at which any present condition holds.
struct EndConditions {
    std::optional<double> duration;    ///< s since the phase began (> 0)
    std::optional<double> speedAbove;  ///< forward speed > value (m/s)
    std::optional<double> speedBelow;  ///< forward speed < value (m/s)
    std::optional<double> stopped;     ///< |forward speed| < value (m/s, > 0)
    std::optional<double> distance;    ///< m travelled in the phase (> 0)

    bool any() const noexcept { return duration || speedAbove || speedBelow || stopped || distance; }
    friend bool operator==(const EndConditions&, const EndConditions&) = default;
};

/// Which end condition ended a phase (Timeout: the player's maxDuration cut the run short).
enum class EndCondition { Duration, SpeedAbove, SpeedBelow, Stopped, Distance, Timeout };

struct ManeuverPhase {
    std::string name;
    ManeuverInputs inputs;
    EndConditions until;
    friend bool operator==(const ManeuverPhase&, const ManeuverPhase&) = default;
};

struct Maneuver {
    std::string name;
    std::string description;
    ManeuverStart start;
    ManeuverSmoothing smoothing = ManeuverSmoothing::Raw;
    std::vector<ManeuverPhase> phases;
    friend bool operator==(const Maneuver&, const Maneuver&) = default;
};

}  // namespace jounce::sim
