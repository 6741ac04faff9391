#pragma once
// A scripted maneuver (conventions.md "Maneuver JSON") as data: a start state, an input smoothing mode
// and a list of phases, each holding open-loop inputs until one of its end conditions holds.
//
// Closed-loop controllers are optional members of a phase (scenario/SpeedController, PathFollower, GapKeeper): a target speed
// (accel and brake), a path to follow (steer) and a gap to keep to a kinematic lead vehicle
// (accel and brake, as OpenSCENARIO's LongitudinalDistanceAction). Each overrides the inputs it
// controls when present. Files that use none of the additions read and write exactly as before.

#include "scenario/Geometry2D.h"

#include <optional>
#include <string>
#include <vector>

namespace jounce::sim {

/// How a maneuver's inputs reach the vehicle: as they are, or through the vehicle's key or pad
/// smoothing rates (vehicle/InputSmoothing.h).
enum class ManeuverSmoothing { Raw, Keyboard, Pad };

/// The vehicle's state when the maneuver starts.
struct ManeuverStart {
    int gear = 1;         ///< -1 reverse, 0 neutral, 1.. forward
    bool autoBox = true;  ///< automatic gearbox on
    /// Where the vehicle starts, in world coordinates ("position": [x, y], "heading"); the terrain's
    /// start pose when absent. Lets a maneuver begin on the section of a terrain it is made for.
    std::optional<PlanarPose> pose = std::nullopt;
    friend bool operator==(const ManeuverStart&, const ManeuverStart&) = default;
};

/// An open-loop steer waveform: the phase's steer amplitude shaped over the phase's time.
enum class SteerWaveShape {
    Sine,           ///< A·sin(2πft) for the whole phase
    SineWithDwell,  ///< FMVSS 126 / UN R140: one sine period with a dwell at the second peak, then 0
};

struct SteerWave {
    SteerWaveShape shape = SteerWaveShape::Sine;
    double frequency = 0.7;  ///< Hz (> 0)
    double dwell = 0.0;      ///< s held at the second peak (sine with dwell), >= 0
    friend bool operator==(const SteerWave&, const SteerWave&) = default;
};

/// Open-loop control targets held for a whole phase; an input a file does not name is 0.
struct ManeuverInputs {
    double accel = 0.0;      ///< [0, 1]
    double brake = 0.0;      ///< [0, 1]
    double handbrake = 0.0;  ///< [0, 1]
    double steer = 0.0;      ///< [-1, 1], positive steers left (ISO 8855)
    std::optional<int> gear;      ///< force this gear when the phase begins
    std::optional<bool> autoBox;  ///< switch the autobox when the phase begins; persists after it
    /// Steer = steerScale x the mean steer applied over the last second of this earlier phase
    /// (e.g. a steady-state calibration circle), instead of `steer`.
    std::optional<std::string> steerFrom = std::nullopt;
    double steerScale = 1.0;  ///< multiplies `steer` or the steerFrom value; the result is clamped to [-1, 1]
    /// Accel = the mean accel applied over the last second of this earlier phase (a held throttle).
    std::optional<std::string> accelFrom = std::nullopt;
    std::optional<SteerWave> steerWave = std::nullopt;  ///< shapes the steer over the phase; absent: held (a step)
    friend bool operator==(const ManeuverInputs&, const ManeuverInputs&) = default;
};

/// Closed loop: accel and brake hold a forward speed (scenario/SpeedController.h).
struct SpeedTarget {
    double speed = 0.0;         ///< m/s (>= 0)
    std::optional<double> rate; ///< m/s²: the set-point moves from the phase's entry speed at this rate
    friend bool operator==(const SpeedTarget&, const SpeedTarget&) = default;
};

enum class PathType { Polyline, Straight, Circle, DoubleLaneChange, Slalom };
/// What a path's coordinates are relative to: the maneuver's start pose (x forward, y left), the
/// vehicle's pose when the phase begins, or the world.
enum class PathFrame { Start, Phase, World };
enum class TurnSide { Left, Right };

/// Closed loop: steer follows a path (scenario/PathFollower.h). Which members matter
/// depends on the type; ManeuverJson.h lists them.
struct PathSpec {
    PathType type = PathType::Straight;
    PathFrame frame = PathFrame::Start;
    std::vector<Vec2> points;          ///< polyline, in `frame`
    bool closed = false;               ///< polyline: the last point joins the first
    double length = 2000.0;            ///< straight: m ahead of the frame origin
    double radius = 40.0;              ///< circle: m, through the origin, tangent to the frame's x axis
    TurnSide direction = TurnSide::Left; ///< circle: turn; lane change: offset side; slalom: side of the first cone
    double entry = 100.0;              ///< lane change: m to the first gate; slalom: m to the first cone
    std::optional<double> vehicleWidth;///< lane change / slalom: width the track is sized for (default: the vehicle's)
    double spacing = 18.0;             ///< slalom: m between cones
    int cones = 10;                    ///< slalom: number of cones
    std::optional<double> amplitude;   ///< slalom: lateral offset of the path at each cone (default: half width + 0.5 m)
    std::optional<double> lookAheadMin;  ///< m, pure-pursuit look-ahead at standstill
    std::optional<double> lookAheadTime; ///< s, look-ahead growth with speed
    friend bool operator==(const PathSpec&, const PathSpec&) = default;
};

/// The kinematic lead vehicle of a gap-keeping phase: it drives along the phase's path (or, without
/// one, straight ahead of the follower's pose when the phase begins) with its own speed profile.
struct LeadVehicle {
    double start = 30.0;               ///< m between the reference points (centres) when the phase begins
    std::vector<Vec2> speedProfile;    ///< (s since the phase began, m/s), linear between, held after the last
    double length = 4.5;               ///< m, its bounding box (for freespace distances)
    double width = 1.8;
    friend bool operator==(const LeadVehicle&, const LeadVehicle&) = default;
};

/// OpenSCENARIO DynamicConstraints of a LongitudinalDistanceAction; absent members do not limit.
struct DynamicConstraints {
    std::optional<double> maxAcceleration;  ///< m/s² (> 0)
    std::optional<double> maxDeceleration;  ///< m/s² (> 0)
    std::optional<double> maxSpeed;         ///< m/s (> 0)
    friend bool operator==(const DynamicConstraints&, const DynamicConstraints&) = default;
};

/// Closed loop: accel and brake keep a gap to the lead, as OpenSCENARIO's
/// LongitudinalDistanceAction: exactly one of `distance` (m) and `timeGap` (s, the gap divided by
/// the follower's speed); measured between the reference points, or with `freespace` between the
/// closest points of the bounding boxes; `continuous` false ends the phase once the gap is reached.
struct GapSpec {
    LeadVehicle lead;
    std::optional<double> distance;
    std::optional<double> timeGap;
    bool freespace = false;
    bool continuous = true;
    DynamicConstraints dynamicConstraints;
    /// Jounce extension (not in OpenSCENARIO; 0, the default, is exactly its meaning): with timeGap,
    /// the requested distance is standstillGap + timeGap x speed (the constant-time-gap spacing
    /// policy of ACC systems), so the follower stops this far behind a stopped lead instead of
    /// closing to nothing. Ignored with distance.
    double standstillGap = 0.0;
    friend bool operator==(const GapSpec&, const GapSpec&) = default;
};

/// What a phase is measured for: the handling figures (analysis/Figures.h) read the frames of the
/// phases that name them.
enum class Measure {
    Acceleration,   ///< standing start: 0-100 km/h time, top speed
    Braking,        ///< brake applied at the phase's start: 100-0 km/h stopping distance
    Skidpad,        ///< ISO 4138 constant radius: max steady lateral acceleration, understeer and roll gradients
    StepSteer,      ///< ISO 7401 step: yaw-rate rise time and overshoot
    PathTracking,   ///< lane change / slalom: max lateral deviation from the path, cones hit
    GapKeeping,     ///< time-gap error
    SplitBraking,   ///< ISO 14512: yaw angle after braking on split friction
    SineWithDwell,  ///< FMVSS 126: yaw-rate ratios and lateral displacement
};

/// A phase's "until": it ends after the first step at which any present condition holds.
struct EndConditions {
    std::optional<double> duration;    ///< s since the phase began (> 0)
    std::optional<double> speedAbove;  ///< forward speed > value (m/s)
    std::optional<double> speedBelow;  ///< forward speed < value (m/s)
    std::optional<double> stopped;     ///< |forward speed| < value (m/s, > 0)
    std::optional<double> distance;    ///< m travelled in the phase (> 0)
    /// |lateral offset| of the chassis origin from the phase's path (without one, from the line
    /// through the start pose along its heading) > value (m, > 0): the vehicle left its lane.
    std::optional<double> lateralOffsetAbove = std::nullopt;

    bool any() const noexcept
    {
        return duration || speedAbove || speedBelow || stopped || distance || lateralOffsetAbove;
    }
    friend bool operator==(const EndConditions&, const EndConditions&) = default;
};

/// Which end condition ended a phase (Timeout: the player's maxDuration cut the run short;
/// GapReached: a non-continuous gap phase reached its gap).
enum class EndCondition { Duration, SpeedAbove, SpeedBelow, Stopped, Distance, Timeout, LateralOffsetAbove, GapReached };

struct ManeuverPhase {
    std::string name;
    ManeuverInputs inputs;
    EndConditions until;
    // After `until`, so that {name, inputs, until} still initialises an open-loop phase.
    std::optional<SpeedTarget> targetSpeed = std::nullopt;  ///< overrides accel and brake
    std::optional<PathSpec> path = std::nullopt;            ///< overrides steer
    std::optional<GapSpec> gap = std::nullopt;              ///< overrides accel and brake (not with targetSpeed)
    std::optional<Measure> measure = std::nullopt;
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
