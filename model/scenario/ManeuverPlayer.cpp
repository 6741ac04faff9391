#include "scenario/ManeuverPlayer.h"

#include "scenario/SteerWave.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

namespace jounce::sim {
namespace {

/// Window of the path trackers, in path segments (0.5 m each for generated paths): far more than
/// a vehicle covers in one step, small enough that a path passing near itself is not confused.
constexpr std::size_t kTrackBack = 20;
constexpr std::size_t kTrackAhead = 400;

/// The line from `pose` along its heading, as a path (for offsets and leads without a path).
PathGeometry straightLine(const VehicleTraits& vehicle, const PlanarPose& pose)
{
    PathSpec line;
    line.type = PathType::Straight;
    line.length = 100000.0;
    return buildPath(line, vehicle, pose);
}

}  // namespace

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
    startLine_ = straightLine(vehicle_, start_);
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

    observed_.reset();
    prepared_ = false;
    controlPhase_ = -1;
    path_.reset();
    leadLine_.reset();
    gap_.reset();
    offset_ = 0.0;
    setPoint_ = 0.0;
    speedActive_ = false;
    speed_.reset();
    follower_.reset();
    gapKeeper_.reset(0.0);
    recent_.clear();
    held_.assign(maneuver_.phases.size(), Held{});
}

void ManeuverPlayer::setVehicle(const VehicleConfig& config, const PlanarPose& start)
{
    vehicle_ = VehicleTraits::from(config);
    start_ = start;
    startLine_ = straightLine(vehicle_, start_);
    if (steps_ == 0)
        prepared_ = false;  // place the first phase's path for this vehicle and start
}

void ManeuverPlayer::updateVehicle(const VehicleConfig& config)
{
    vehicle_ = VehicleTraits::from(config);
}

std::string_view ManeuverPlayer::phaseName() const noexcept
{
    return phase_ < phaseCount() ? std::string_view(maneuver_.phases[std::size_t(phase_)].name) : std::string_view();
}

const PathGeometry* ManeuverPlayer::path() const noexcept
{
    return path_ ? &*path_ : nullptr;
}

std::optional<ManeuverPlayer::LeadState> ManeuverPlayer::lead() const noexcept
{
    if (finished() || !leadLine_ || !maneuver_.phases[std::size_t(phase_)].gap)
        return std::nullopt;
    LeadState s;
    s.s = leadMotion_.position(phaseElapsed_);
    s.speed = leadMotion_.speed(phaseElapsed_);
    if (gap_)
        s.gap = *gap_;
    return s;
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

void ManeuverPlayer::preparePhase() noexcept
{
    if (prepared_ || finished())
        return;
    prepared_ = true;
    const ManeuverPhase& p = maneuver_.phases[std::size_t(phase_)];
    // Where the vehicle is as the phase begins: its start pose before the first step.
    const VehicleState here = observed_ ? *observed_ : VehicleState{start_.x, start_.y, start_.heading, 0, 0, 0, false};
    const Vec2 origin{here.x, here.y};

    path_.reset();
    leadLine_.reset();
    gap_.reset();
    if (p.path) {
        PlanarPose frame;  // world
        if (p.path->frame == PathFrame::Start)
            frame = start_;
        else if (p.path->frame == PathFrame::Phase)
            frame = here.pose();
        path_ = buildPath(*p.path, vehicle_, frame);
        originHint_ = path_->path.project(origin).segment;
        rearHint_ = path_->path.project(PathFollower::referencePoint(vehicle_, here)).segment;
    } else {
        originHint_ = startLine_.path.project(origin).segment;
    }
    if (p.gap) {
        leadLine_ = path_ ? *path_ : straightLine(vehicle_, here.pose());
        const Path::Projection pr = leadLine_->path.project(origin);
        leadHint_ = pr.segment;
        leadMotion_ = LeadMotion(p.gap->lead.speedProfile, pr.s + p.gap->lead.start);
        gap_ = measureGap(*p.gap, vehicle_, pr.s, leadMotion_.position(0.0), here.forwardSpeed);
    }
}

void ManeuverPlayer::track(const VehicleState& state) noexcept
{
    const Vec2 origin{state.x, state.y};
    const Path& line = path_ ? path_->path : startLine_.path;
    const Path::Projection pr = line.project(origin, originHint_, kTrackBack, kTrackAhead);
    originHint_ = pr.segment;
    offset_ = pr.offset;
    const ManeuverPhase& p = maneuver_.phases[std::size_t(phase_)];
    if (p.gap && leadLine_) {
        const Path::Projection lp = leadLine_->path.project(origin, leadHint_, kTrackBack, kTrackAhead);
        leadHint_ = lp.segment;
        gap_ = measureGap(*p.gap, vehicle_, lp.s, leadMotion_.position(phaseElapsed_), state.forwardSpeed);
    }
}

std::optional<double> ManeuverPlayer::heldValue(const std::string& phase, bool steer) const noexcept
{
    for (int i = std::min(phase_, phaseCount()) - 1; i >= 0; --i) {
        const Held& h = held_[std::size_t(i)];
        if (maneuver_.phases[std::size_t(i)].name == phase && h.valid)
            return steer ? h.steer : h.accel;
    }
    return std::nullopt;
}

ManeuverCommand ManeuverPlayer::command(const VehicleState& state, double dt)
{
    ManeuverCommand c = inputs();
    if (finished())
        return c;
    preparePhase();
    const ManeuverPhase& p = maneuver_.phases[std::size_t(phase_)];
    const ManeuverInputs& in = p.inputs;
    const double step = dt > 0.0 && std::isfinite(dt) ? dt : 0.0;

    double steer = in.steerFrom ? heldValue(*in.steerFrom, true).value_or(0.0) : in.steer;
    steer *= in.steerScale;
    if (in.steerWave)
        steer *= steerWaveValue(*in.steerWave, phaseElapsed_);
    c.steer = std::clamp(steer, -1.0, 1.0);
    if (in.accelFrom)
        c.accel = std::clamp(heldValue(*in.accelFrom, false).value_or(0.0), 0.0, 1.0);

    if (controlPhase_ != phase_) {
        controlPhase_ = phase_;
        setPoint_ = std::max(0.0, state.forwardSpeed);
        if (!speedActive_)
            speed_.reset();  // a speed phase right after another keeps its cruise bias
        if (p.gap)
            gapKeeper_.reset(state.forwardSpeed);
    }

    if (p.targetSpeed) {
        const double target = p.targetSpeed->speed;
        double feedforward = 0.0;
        if (p.targetSpeed->rate && *p.targetSpeed->rate > 0.0) {
            const double rate = *p.targetSpeed->rate;
            if (setPoint_ < target) {
                setPoint_ = std::min(target, setPoint_ + rate * step);
                feedforward = setPoint_ < target ? rate : 0.0;
            } else if (setPoint_ > target) {
                setPoint_ = std::max(target, setPoint_ - rate * step);
                feedforward = setPoint_ > target ? -rate : 0.0;
            }
        } else {
            setPoint_ = target;
        }
        const PedalCommand pc =
            speed_.update(vehicle_, setPoint_, feedforward, state.forwardSpeed, step, state.shifting);
        c.accel = pc.accel;
        c.brake = pc.brake;
    }
    if (p.gap && leadLine_) {
        // A copy of the tracker: only afterStep moves the trackers the end conditions use.
        const Path::Projection lp =
            leadLine_->path.project(Vec2{state.x, state.y}, leadHint_, kTrackBack, kTrackAhead);
        const GapMeasurement g =
            measureGap(*p.gap, vehicle_, lp.s, leadMotion_.position(phaseElapsed_), state.forwardSpeed);
        const PedalCommand pc =
            gapKeeper_.update(*p.gap, vehicle_, g, leadMotion_.speed(phaseElapsed_),
                              leadMotion_.acceleration(phaseElapsed_), state.forwardSpeed, step, state.shifting);
        c.accel = pc.accel;
        c.brake = pc.brake;
    }
    if (p.path && path_) {
        const Vec2 rear = PathFollower::referencePoint(vehicle_, state);
        const Path::Projection pr = path_->path.project(rear, rearHint_, kTrackBack, kTrackAhead);
        rearHint_ = pr.segment;
        const double lookMin = p.path->lookAheadMin.value_or(PathFollower::kDefaultLookAheadMin);
        const double lookTime = p.path->lookAheadTime.value_or(PathFollower::kDefaultLookAheadTime);
        c.steer = follower_.steer(vehicle_, path_->path, pr.s, state, lookMin, lookTime, step);
    }
    speedActive_ = p.targetSpeed.has_value();

    // The last kHoldWindow seconds of commands, for later phases' steerFrom / accelFrom.
    recent_.push({step, c.steer, c.accel});
    return c;
}

std::optional<EndCondition> ManeuverPlayer::endingCondition(double v) const noexcept
{
    const ManeuverPhase& p = maneuver_.phases[std::size_t(phase_)];
    const EndConditions& u = p.until;
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
    if (u.lateralOffsetAbove && observed_ && std::fabs(offset_) > *u.lateralOffsetAbove)
        return EndCondition::LateralOffsetAbove;
    if (p.gap && !p.gap->continuous && observed_ && gap_ && gapReached(*gap_))
        return EndCondition::GapReached;
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

void ManeuverPlayer::endPhase() noexcept
{
    Held h;
    double total = 0.0;
    for (const CommandWindow::Sample& s : recent_.samples()) {
        h.steer += s.steer * s.dt;
        h.accel += s.accel * s.dt;
        total += s.dt;
    }
    if (total > 0.0) {
        h.steer /= total;
        h.accel /= total;
        h.valid = true;
    }
    held_[std::size_t(phase_)] = h;
    recent_.clear();
    ++phase_;
    phaseElapsed_ = phaseDistance_ = 0.0;
    phaseSteps_ = 0;
    prepared_ = false;
}

void ManeuverPlayer::afterStep(const ManeuverObservation& step) noexcept
{
    if (finished())
        return;
    // A NaN or negative input would stall every condition for good; it counts as nothing instead.
    const double dt = step.dt > 0.0 && std::isfinite(step.dt) ? step.dt : 0.0;
    double distance = std::isfinite(step.distance) ? std::fabs(step.distance) : 0.0;
    if (step.state) {
        preparePhase();  // before the state moves on: a phase is placed where it began
        const Vec2 before = observed_ ? Vec2{observed_->x, observed_->y} : Vec2{start_.x, start_.y};
        const double dx = step.state->x - before.x, dy = step.state->y - before.y;
        const double d = std::sqrt(dx * dx + dy * dy);  // not std::hypot: see Simulation::step
        distance = std::isfinite(d) ? d : 0.0;
    }
    elapsed_ += dt;
    phaseElapsed_ += dt;
    phaseDistance_ += distance;
    ++steps_;
    ++phaseSteps_;
    if (step.state) {
        observed_ = *step.state;
        track(*step.state);
    }

    if (const std::optional<EndCondition> end = endingCondition(step.forwardSpeed)) {
        lastEnd_ = end;
        endPhase();
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
