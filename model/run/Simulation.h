#pragma once
// One vehicle on one ground, stepped with the vehicle's fixed time step: manual (keyboard or pad)
// input or a maneuver in, a telemetry frame out, bad states caught. Single-threaded: batch runs (CLI,
// compare, tests) call step() directly; SimulationRunner calls it from its own thread.

#include "scenario/ManualInput.h"
#include "world/World.h"
#include "scenario/ManeuverPlayer.h"
#include "telemetry/Frame.h"
#include "vehicle/VehicleTelemetry.h"

#include <memory>
#include <optional>
#include <string>

namespace jounce::sim {

class Simulation {
public:
    /// Creates the Bullet world: construct it on the thread that will step it.
    Simulation(std::shared_ptr<Ground> ground, std::shared_ptr<const VehicleConfig> config, const SpawnPose& start);

    /// A new configuration, live from the next step; the motion is kept (Vehicle::setConfig).
    void setConfig(std::shared_ptr<const VehicleConfig> config);
    const VehicleConfig& config() const { return vehicle().config(); }
    /// A new ground and start pose: the vehicle is reset onto it.
    void setGround(std::shared_ptr<Ground> ground, const SpawnPose& start);

    /// A new start pose on the same ground (a named start point, one picked on the map): the
    /// vehicle is reset onto it, and maneuvers without a position of their own start there.
    void setStartPose(const SpawnPose& start);

    /// Back to the start pose at rest; time restarts at 0; any maneuver is stopped.
    void reset();

    /// Back at rest at `pose` (a recorded run's start), time 0, without moving the start pose:
    /// later resets return to startPose(), a bad state within this run to `pose`.
    void restartAt(const SpawnPose& pose);

    void setManualInput(const ManualInput& input) { manual_ = input; }
    /// The input the last step was taken with, as the driver gave it (keys, pad, or the running
    /// maneuver's command, with its one-shot gear and autobox requests): recording this for every
    /// step and feeding it back replays the run exactly.
    const ManualInput& lastInput() const { return lastInput_; }
    const ManualInput& manualInput() const { return manual_; }

    /// Resets the vehicle and plays `maneuver` from its first phase: at the maneuver's own start
    /// pose if it has one (world coordinates), else at the start pose. Closed-loop phases drive
    /// this vehicle (ManeuverPlayer::command).
    void startManeuver(const Maneuver& maneuver, double maxDuration = ManeuverPlayer::kDefaultMaxDuration);
    void stopManeuver() { player_.reset(); }
    const ManeuverPlayer* maneuver() const { return player_ ? &*player_ : nullptr; }
    bool maneuverRunning() const { return player_ && !player_->finished() && !failed(); }

    /// One fixed step. Returns false when the vehicle had to be reset (see lastResetReason()) and
    /// after the run failed (see failure()). A step that resets still takes dt: time and the
    /// maneuver's clock advance, so every run ends whatever the vehicle does.
    bool step();

    /// A vehicle that has to be reset on this many consecutive steps cannot be simulated as
    /// configured (it blows up at rest, at the start pose): the run stops with failure().
    static constexpr int kMaxConsecutiveResets = 10;
    /// Why the run stopped ("" while it can go on). step() does nothing once it is set; reset(),
    /// setConfig(), setGround() and startManeuver() clear it.
    const std::string& failure() const { return failure_; }
    bool failed() const { return !failure_.empty(); }

    /// The telemetry of the last step (or reset). Filled when first asked for after a step, from
    /// what the step left: a caller that never reads it does not pay for it.
    const telemetry::Frame& frame() const;
    double time() const { return time_; }
    double timeStep() const { return config().simulation.timeStep; }
    /// The vehicle, to change: the frame of the last step is filled first, from the vehicle as
    /// the step left it.
    Vehicle& vehicle();
    const Vehicle& vehicle() const { return world_.vehicle(0); }
    const SpawnPose& startPose() const { return start_; }
    /// Where the current run started: the running maneuver's start pose, else startPose(). A bad
    /// state resets the vehicle here.
    const SpawnPose& runStartPose() const { return runStart_; }
    /// The maneuver phase the last step was taken in (-1 when no maneuver was running), so that a
    /// caller collecting frames can tell which phase each belongs to.
    int lastStepPhase() const { return lastStepPhase_; }
    /// Distance travelled by the chassis origin on the ground plan since the last reset, m.
    double distance() const { return distance_; }

    int resetCount() const { return resets_; }
    const std::string& lastResetReason() const { return lastResetReason_; }

private:
    /// A description of what is wrong with the body state, or "" when it is fine.
    std::string badState() const;
    /// Puts the vehicle back at the run's start after a bad state; fails the run after
    /// kMaxConsecutiveResets in a row.
    void resetAfterBadState(const std::string& bad);
    /// The vehicle, for this class's own changes that are followed by observe().
    Vehicle& car() { return world_.vehicle(0); }
    /// After the vehicle was stepped or reset: its motion and the controllers' state of it, worked
    /// out once for this step's end and the next step's start; the frame is left to frame().
    void observe();
    /// Fills the frame if a step or reset left it to fill, before anything may change the vehicle.
    void fillPendingFrame() const;
    /// The height below which the vehicle has fallen off the ground (from the start pose's ground).
    void updateFallHeight();

    World world_;
    SpawnPose start_;
    SpawnPose runStart_;
    int lastStepPhase_ = -1;
    ManualInput manual_;
    ManualInput lastInput_;
    InputProcessor inputs_;
    std::optional<ManeuverPlayer> player_;
    std::optional<VehicleInputs> pendingStart_;  ///< a maneuver's start gear and autobox, for the first step
    mutable telemetry::Frame frame_;
    mutable bool framePending_ = false;  ///< frame_ is not yet filled from the last observe()
    ChassisMotion motion_;               ///< the vehicle's motion at the last observe()
    bool motionCurrent_ = false;         ///< motion_ is still the vehicle's (nothing changed it since)
    VehicleState state_;                 ///< what the controllers see, from the last observe()
    double fallHeight_ = 0.0;
    double time_ = 0.0;
    double distance_ = 0.0;
    int resets_ = 0;
    int consecutiveResets_ = 0;
    std::string lastResetReason_;
    std::string failure_;
};

}  // namespace jounce::sim
