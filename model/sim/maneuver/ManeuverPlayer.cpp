#include "ManeuverPlayer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace jounce::sim {

ManeuverPlayer::ManeuverPlayer(Maneuver maneuver, double maxDuration)
    : maneuver_(std::move(maneuver)), maxDuration_(maxDuration > 0.0 ? maxDuration : kDefaultMaxDuration)
{
    // Suffix sums of the phases' estimated times, so progress() costs O(1) per step.
    const std::size_t n = maneuver_.phases.size();
    futureEstimate_.assign(n, 0.0);
    double sum = 0.0;
    for (std::size_t i = n; i-- > 0;) {
        futureEstimate_[i] = sum;
        const EndConditions& u = maneuver_.phases[i].until;
        sum += u.duration ? *u.duration : kOpenPhaseEstimate;
    }
    restart();
}

void ManeuverPlayer::restart() noexcept
{
    phase_ = 0;
    timedOut_ = false;
    lastEnd_.reset();
    elapsed_ = phaseElapsed_ = phaseDistance_ = 0.0;
    steps_ = phaseSteps_ = 0;
    progress_ = finished() ? 1.0 : 0.0;
}

std::string_view ManeuverPlayer::phaseName() const noexcept
{
    return phase_ < phaseCount() ? std::string_view(maneuver_.phases[std::size_t(phase_)].name) : std::string_view();
}

ManeuverCommand ManeuverPlayer::inputs() const noexcept
{
    ManeuverCommand c;
    if (finished())
        return c;
    const ManeuverInputs& in = maneuver_.phases[std::size_t(phase_)].inputs;
    c.accel = in.accel;
    c.brake = in.brake;
    c.handbrake = in.handbrake;
    c.steer = in.steer;
    if (phaseSteps_ == 0) {
        c.gear = in.gear;
        c.autoBox = in.autoBox;
    }
    return c;
}

std::optional<EndCondition> ManeuverPlayer::endingCondition(double v) const noexcept
{
    const EndConditions& u = maneuver_.phases[std::size_t(phase_)].until;
    if (u.duration && phaseElapsed_ + kTimeTolerance >= *u.duration)
        return EndCondition::Duration;
    if (u.speedAbove && v > *u.speedAbove)
        return EndCondition::SpeedAbove;
    if (u.speedBelow && v < *u.speedBelow)
        return EndCondition::SpeedBelow;
    if (u.stopped && std::fabs(v) < *u.stopped)
        return EndCondition::Stopped;
    if (u.distance && phaseDistance_ >= *u.distance)
        return EndCondition::Distance;
    return std::nullopt;
}

double ManeuverPlayer::remainingEstimate(double v) const noexcept
{
    const std::size_t i = std::size_t(phase_);
    const EndConditions& u = maneuver_.phases[i].until;
    double current = std::numeric_limits<double>::infinity();
    if (u.duration)
        current = std::max(0.0, *u.duration - phaseElapsed_);
    if (u.distance && std::fabs(v) > 0.1)
        current = std::min(current, std::max(0.0, *u.distance - phaseDistance_) / std::fabs(v));
    if (std::isinf(current))
        // Nothing to go by: assume the phase is open for kOpenPhaseEstimate more, shrinking the
        // longer it runs so the bar keeps moving.
        current = kOpenPhaseEstimate * kOpenPhaseEstimate / (kOpenPhaseEstimate + phaseElapsed_);
    return current + futureEstimate_[i];
}

void ManeuverPlayer::afterStep(const ManeuverObservation& step) noexcept
{
    if (finished())
        return;
    // A NaN or negative input would stall every condition for good; it counts as nothing instead.
    const double dt = step.dt > 0.0 && std::isfinite(step.dt) ? step.dt : 0.0;
    const double distance = std::isfinite(step.distance) ? std::fabs(step.distance) : 0.0;
    elapsed_ += dt;
    phaseElapsed_ += dt;
    phaseDistance_ += distance;
    ++steps_;
    ++phaseSteps_;

    if (const std::optional<EndCondition> end = endingCondition(step.forwardSpeed)) {
        lastEnd_ = end;
        ++phase_;
        phaseElapsed_ = phaseDistance_ = 0.0;
        phaseSteps_ = 0;
    }
    if (!finished() && elapsed_ + kTimeTolerance >= maxDuration_) {
        timedOut_ = true;
        lastEnd_ = EndCondition::Timeout;
    }
    if (finished()) {
        progress_ = 1.0;
        return;
    }

    double estimate = elapsed_ / (elapsed_ + remainingEstimate(step.forwardSpeed));
    if (std::isfinite(maxDuration_))
        estimate = std::max(estimate, elapsed_ / maxDuration_);
    if (std::isfinite(estimate))
        progress_ = std::clamp(std::max(progress_, estimate), 0.0, 1.0);
}

}  // namespace jounce::sim
