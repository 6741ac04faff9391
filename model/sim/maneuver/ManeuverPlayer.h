#pragma once
// Plays a Maneuver step by step in simulated time (no clock, so runs are deterministic).
//
// Driving it from a fixed-step loop:
//   ManeuverPlayer player(maneuver);
//   reset the vehicle; put it in player.start().gear with the autobox player.start().autoBox;
//   while (!player.finished()) {
//       const ManeuverCommand c = player.inputs();
//       if (c.autoBox) set the autobox to *c.autoBox;   // first, so a forced gear is not undone
//       if (c.gear) force gear *c.gear;                 // only on the first step of a phase
//       feed accel/brake/handbrake/steer through player.smoothing() (raw, key or pad rates);
//       step the vehicle by dt;
//       player.afterStep(dt, forwardSpeed, distanceTravelledInThatStep);
//   }
// afterStep checks the current phase's end conditions after the step; when one holds the next
// phase begins and its inputs apply from the next step (DESIGN.md "Maneuver JSON").

#include "Maneuver.h"

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

/// What the player needs to know about a step that has just been taken. A struct so that later end
/// conditions (e.g. a lateral offset) can add members without changing existing callers.
struct ManeuverObservation {
    double dt = 0.0;            ///< s, the step just taken (>= 0)
    double forwardSpeed = 0.0;  ///< m/s along the vehicle x axis after the step
    double distance = 0.0;      ///< m travelled during the step (a path length; its sign is ignored)
};

class ManeuverPlayer {
public:
    static constexpr double kDefaultMaxDuration = 600.0;
    /// Durations and the time limit are compared with this slack, so that 60 steps of 1/60 s end a
    /// 1 s phase although their floating-point sum is a hair below 1.
    static constexpr double kTimeTolerance = 1e-6;
    /// The time assumed for a phase that ends on a speed or distance, for progress() only.
    static constexpr double kOpenPhaseEstimate = 5.0;

    /// `maxDuration` (s of simulated time) ends a run that would otherwise never finish; +infinity
    /// means no limit, and a value that is not > 0 means kDefaultMaxDuration.
    explicit ManeuverPlayer(Maneuver maneuver, double maxDuration = kDefaultMaxDuration);

    const Maneuver& maneuver() const noexcept { return maneuver_; }
    double maxDuration() const noexcept { return maxDuration_; }
    /// Back to the first phase, as constructed.
    void restart() noexcept;

    /// The gear and autobox state to put the vehicle in before the first step.
    const ManeuverStart& start() const noexcept { return maneuver_.start; }
    ManeuverSmoothing smoothing() const noexcept { return maneuver_.smoothing; }

    /// The control targets for the next step: the current phase's inputs, plus its gear / autobox
    /// request if the phase has not been stepped yet. All zero once finished().
    ManeuverCommand inputs() const noexcept;

    /// Accounts for one step; ends the current phase if one of its conditions now holds (the first
    /// of duration, speedAbove, speedBelow, stopped, distance that holds is recorded in lastEnd()),
    /// then ends the run if maxDuration is reached. Does nothing once finished().
    void afterStep(const ManeuverObservation& step) noexcept;
    void afterStep(double dt, double forwardSpeed, double distanceTravelledThisStep) noexcept
    {
        afterStep(ManeuverObservation{dt, forwardSpeed, distanceTravelledThisStep});
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
    /// Simulated time and distance in the current phase.
    double phaseElapsed() const noexcept { return phaseElapsed_; }
    double phaseDistance() const noexcept { return phaseDistance_; }
    /// Steps taken since the start, and in the current phase.
    std::uint64_t steps() const noexcept { return steps_; }
    std::uint64_t phaseSteps() const noexcept { return phaseSteps_; }

    /// An estimate of the fraction done, in [0, 1], for progress bars: time elapsed over time
    /// elapsed plus an estimate of the time left (phase durations where known, the distance left
    /// at the current speed, else kOpenPhaseEstimate per phase). Never decreases; 1 once finished.
    double progress() const noexcept { return progress_; }

private:
    std::optional<EndCondition> endingCondition(double forwardSpeed) const noexcept;
    double remainingEstimate(double forwardSpeed) const noexcept;

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
};

}  // namespace jounce::sim
