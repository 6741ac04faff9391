#pragma once
// Plays a Maneuver step by step in simulated time (no clock, so runs are deterministic).
//
// Driving it from a fixed-step loop:
//   ManeuverPlayer player(maneuver);
//   reset the vehicle; put it in player.start().gear with the autobox player.start().autoBox;
//   player.setVehicle(config, startPose);            // for closed-loop phases and start poses
//   while (!player.finished()) {
//       const ManeuverCommand c = player.command(state, dt);  // state after the previous step
//                                                              // (player.inputs(): open loop only)
//       if (c.autoBox) set the autobox to *c.autoBox;   // first, so a forced gear is not undone
//       if (c.gear) force gear *c.gear;                 // only on the first step of a phase
//       feed accel/brake/handbrake/steer through player.smoothing() (raw, key or pad rates);
//       step the vehicle by dt;
//       player.afterStep({.dt = dt, .forwardSpeed = v, .distance = d, .state = stateAfterTheStep});
//   }
// afterStep checks the current phase's end conditions after the step; when one holds the next
// phase begins and its inputs apply from the next step (conventions.md "Maneuver JSON").

#include "scenario/CommandWindow.h"
#include "scenario/Maneuver.h"
#include "config/VehicleConfig.h"
#include "scenario/VehicleTraits.h"
#include "scenario/GapKeeper.h"
#include "scenario/Path.h"
#include "scenario/PathFollower.h"
#include "scenario/SpeedController.h"
#include "scenario/VehicleState.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace jounce::sim {

/// The raw control targets for the next step.
struct ManeuverCommand {
    double accel = 0.0;
    double brake = 0.0;
    double handbrake = 0.0;
    double steer = 0.0;           ///< positive left
    std::optional<int> gear;      ///< force this gear now (set on a phase's first step only)
    std::optional<bool> autoBox;  ///< switch the autobox now (set on a phase's first step only)
    friend bool operator==(const ManeuverCommand&, const ManeuverCommand&) = default;
};

/// What the player needs to know about a step that has just been taken.
struct ManeuverObservation {
    double dt = 0.0;            ///< s, the step just taken (>= 0)
    double forwardSpeed = 0.0;  ///< m/s along the vehicle x axis after the step
    double distance = 0.0;      ///< m travelled during the step (a path length; its sign is ignored)
    /// The vehicle's state after the step. With it the distance travelled is taken from the
    /// positions (from the previous state, or the start pose for the first step) and `distance` is
    /// ignored, so replaying a run from its telemetry frames reproduces its phases exactly; and the
    /// lateral-offset and gap conditions can hold (without it they never do).
    std::optional<VehicleState> state = std::nullopt;
};

class ManeuverPlayer {
public:
    static constexpr double kDefaultMaxDuration = 600.0;
    /// Durations and the time limit are compared with this slack, so that 60 steps of 1/60 s end a
    /// 1 s phase although their floating-point sum is a hair below 1.
    static constexpr double kTimeTolerance = 1e-6;
    /// The time assumed for a phase that ends on a speed or distance, for progress() only.
    static constexpr double kOpenPhaseEstimate = 5.0;
    /// steerFrom / accelFrom average the last this many seconds of the phase they name.
    static constexpr double kHoldWindow = 1.0;

    /// `maxDuration` (s of simulated time) ends a run that would otherwise never finish; +infinity
    /// means no limit, and a value that is not > 0 means kDefaultMaxDuration.
    explicit ManeuverPlayer(Maneuver maneuver, double maxDuration = kDefaultMaxDuration);

    const Maneuver& maneuver() const noexcept { return maneuver_; }
    double maxDuration() const noexcept { return maxDuration_; }
    /// Back to the first phase, as constructed (the vehicle and start pose are kept).
    void restart() noexcept;

    /// The vehicle the closed-loop controllers drive, and the pose (world) where it starts: the origin
    /// of paths in the "start" frame and of the lateral-offset line. Call before the first step;
    /// without it the controllers assume a generic car starting at the origin heading +x.
    void setVehicle(const VehicleConfig& config, const PlanarPose& start);
    /// A new configuration during a run: the controllers adapt, paths already placed stay.
    void updateVehicle(const VehicleConfig& config);
    const VehicleTraits& driverVehicle() const noexcept { return vehicle_; }
    const PlanarPose& startPose() const noexcept { return start_; }

    /// The gear and autobox state to put the vehicle in before the first step.
    const ManeuverStart& start() const noexcept { return maneuver_.start; }
    ManeuverSmoothing smoothing() const noexcept { return maneuver_.smoothing; }

    /// The open-loop control targets for the next step: the current phase's inputs, plus its gear /
    /// autobox request if the phase has not been stepped yet. All zero once finished(). Ignores the
    /// closed-loop controllers, steerFrom, accelFrom and steer waves (see command()).
    ManeuverCommand inputs() const noexcept;

    /// The control targets for the next step of `dt` seconds: the phase's inputs with steerFrom,
    /// accelFrom, steerScale and steerWave applied, then the closed-loop controllers (target speed,
    /// gap, path) acting on `state`, the vehicle's state now (after the previous step).
    ManeuverCommand command(const VehicleState& state, double dt);

    /// Accounts for one step; ends the current phase if one of its conditions now holds (the first
    /// of duration, speedAbove, speedBelow, stopped, distance, lateralOffsetAbove, then a
    /// non-continuous gap reached, is recorded in lastEnd()), then ends the run if maxDuration is
    /// reached. Does nothing once finished().
    void afterStep(const ManeuverObservation& step) noexcept;
    void afterStep(double dt, double forwardSpeed, double distanceTravelledThisStep) noexcept
    {
        afterStep(ManeuverObservation{.dt = dt, .forwardSpeed = forwardSpeed, .distance = distanceTravelledThisStep});
    }

    bool finished() const noexcept { return phase_ >= phaseCount() || timedOut_; }
    /// The run was ended by maxDuration, not by its last phase.
    bool timedOut() const noexcept { return timedOut_; }

    int phaseCount() const noexcept { return static_cast<int>(maneuver_.phases.size()); }
    /// The phase running (or, after a time-out, the one that was cut short); phaseCount() once the
    /// last phase has ended.
    int phaseIndex() const noexcept { return phase_; }
    /// The name of phaseIndex()'s phase; "" once the last phase has ended.
    std::string_view phaseName() const noexcept;
    /// Why the most recent phase ended (Timeout when maxDuration ended the run); nullopt before.
    std::optional<EndCondition> lastEnd() const noexcept { return lastEnd_; }

    /// Simulated time since the start, s.
    double elapsed() const noexcept { return elapsed_; }
    /// Simulated time in the current phase.
    double phaseElapsed() const noexcept { return phaseElapsed_; }
    /// Steps taken since the start.
    std::uint64_t steps() const noexcept { return steps_; }

    /// The current phase's path in world coordinates (with its cones), or nullptr without one.
    const PathGeometry* path() const noexcept;
    /// Signed lateral offset (m, positive left) of the chassis origin from the current phase's path,
    /// or without one from the line through the start pose along its heading, after the last step.
    double lateralOffset() const noexcept { return offset_; }
    /// The current gap phase's lead: its arc length and speed on its line now, and the last gap
    /// measured; nullopt outside gap phases.
    struct LeadState {
        double s = 0.0;
        double speed = 0.0;
        GapMeasurement gap;
    };
    std::optional<LeadState> lead() const noexcept;

    /// An estimate of the fraction done, in [0, 1], for progress bars: time elapsed over time
    /// elapsed plus an estimate of the time left (phase durations where known, the distance left
    /// at the current speed, else kOpenPhaseEstimate per phase). Never decreases; 1 once finished.
    double progress() const noexcept { return progress_; }

private:
    std::optional<EndCondition> endingCondition(double forwardSpeed) const noexcept;
    double remainingEstimate(double forwardSpeed) const noexcept;
    /// Places the current phase's path and lead (once per phase, at its first use).
    void preparePhase() noexcept;
    void endPhase() noexcept;
    /// The mean steer and accel commanded over the last kHoldWindow of the named earlier phase.
    std::optional<double> heldValue(const std::string& phase, bool steer) const noexcept;
    void track(const VehicleState& state) noexcept;

    Maneuver maneuver_;
    double maxDuration_;
    std::vector<double> futureEstimate_;  ///< [i]: estimated time of phases i+1.. (size phaseCount)

    int phase_ = 0;
    bool timedOut_ = false;
    std::optional<EndCondition> lastEnd_;
    double elapsed_ = 0.0;
    double phaseElapsed_ = 0.0;
    double phaseDistance_ = 0.0;
    std::uint64_t steps_ = 0;
    std::uint64_t phaseSteps_ = 0;
    double progress_ = 0.0;

    // Closed-loop controllers and geometry.
    VehicleTraits vehicle_;
    PlanarPose start_;
    /// The last state afterStep saw. Only it (never command()'s state) places paths and leads, so
    /// that a replay from telemetry frames, which has no command() calls, places them identically.
    std::optional<VehicleState> observed_;
    bool prepared_ = false;                ///< the current phase's path and lead are placed
    int controlPhase_ = -1;                ///< the phase whose controllers command() has set up
    std::optional<PathGeometry> path_;     ///< the current phase's path
    PathGeometry startLine_;               ///< the offset line of phases without a path
    std::size_t originHint_ = 0;           ///< tracking the chassis origin along the path
    std::size_t rearHint_ = 0;             ///< tracking the rear axle along the path
    double offset_ = 0.0;
    std::optional<PathGeometry> leadLine_; ///< the lead's line of a gap phase
    std::size_t leadHint_ = 0;
    LeadMotion leadMotion_;
    std::optional<GapMeasurement> gap_;
    double setPoint_ = 0.0;                ///< target-speed ramp
    bool speedActive_ = false;             ///< the previous step was speed controlled
    SpeedController speed_;
    PathFollower follower_;
    GapKeeper gapKeeper_;
    CommandWindow recent_{kHoldWindow, kTimeTolerance};  ///< the current phase's last kHoldWindow of commands
    struct Held {
        bool valid = false;
        double steer = 0.0;
        double accel = 0.0;
    };
    std::vector<Held> held_;               ///< per phase, once ended
};

}  // namespace jounce::sim
