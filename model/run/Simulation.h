#pragma once
// One vehicle on one ground, stepped with the vehicle's fixed time step: manual (keyboard or pad)
// input or a maneuver in, a telemetry frame out, bad states caught. Single-threaded: batch runs (CLI,
// compare, tests) call step() directly; SimulationRunner calls it from its own thread.

#include "scenario/ManualInput.h"
#include "world/World.h"
#include "scenario/ManeuverPlayer.h"
#include "telemetry/Frame.h"

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

    /// Back to the start pose at rest; time restarts at 0; any maneuver is stopped.
    void reset();

    void setManualInput(const ManualInput& input) { manual_ = input; }
    const ManualInput& manualInput() const { return manual_; }

    /// Resets the vehicle and plays `maneuver` from its first phase: at the maneuver's own start
    /// pose if it has one (world coordinates), else at the start pose. Closed-loop phases drive
    /// this vehicle (ManeuverPlayer::command).
    void startManeuver(const Maneuver& maneuver, double maxDuration = ManeuverPlayer::kDefaultMaxDuration);
    void stopManeuver() { player_.reset(); }
    const ManeuverPlayer* maneuver() const { return player_ ? &*player_ : nullptr; }
    bool maneuverRunning() const { return player_ && !player_->finished(); }

    /// One fixed step. Returns false when the vehicle had to be reset (see lastResetReason()).
    bool step();

    const telemetry::Frame& frame() const { return frame_; }
    double time() const { return time_; }
    double timeStep() const { return config().simulation.timeStep; }
    Vehicle& vehicle() { return world_.vehicle(0); }
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

    World world_;
    SpawnPose start_;
    SpawnPose runStart_;
    int lastStepPhase_ = -1;
    ManualInput manual_;
    InputProcessor inputs_;
    std::optional<ManeuverPlayer> player_;
    std::optional<VehicleInputs> pendingStart_;  ///< a maneuver's start gear and autobox, for the first step
    telemetry::Frame frame_;
    double time_ = 0.0;
    double distance_ = 0.0;
    int resets_ = 0;
    std::string lastResetReason_;
};

}  // namespace jounce::sim
