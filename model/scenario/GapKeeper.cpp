#include "scenario/GapKeeper.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

LeadMotion::LeadMotion(std::span<const Vec2> speedProfile, double startS)
    : profile_(speedProfile.begin(), speedProfile.end()), startS_(startS)
{
    std::stable_sort(profile_.begin(), profile_.end(), [](const Vec2& a, const Vec2& b) { return a.x < b.x; });
}

double LeadMotion::speed(double t) const noexcept
{
    if (profile_.empty())
        return 0.0;
    if (t <= profile_.front().x)
        return profile_.front().y;
    for (std::size_t i = 1; i < profile_.size(); ++i) {
        const Vec2 a = profile_[i - 1], b = profile_[i];
        if (t <= b.x)
            return b.x > a.x ? a.y + (b.y - a.y) * (t - a.x) / (b.x - a.x) : b.y;
    }
    return profile_.back().y;
}

double LeadMotion::acceleration(double t) const noexcept
{
    for (std::size_t i = 1; i < profile_.size(); ++i) {
        const Vec2 a = profile_[i - 1], b = profile_[i];
        if (t >= a.x && t < b.x && b.x > a.x)
            return (b.y - a.y) / (b.x - a.x);
    }
    return 0.0;
}

double LeadMotion::position(double t) const noexcept
{
    // Exact integral of the piecewise-linear profile, held constant before the first and after
    // the last point.
    if (profile_.empty() || t <= 0.0)
        return startS_;
    double s = startS_;
    double from = 0.0;
    if (from < profile_.front().x) {
        const double until = std::min(t, profile_.front().x);
        s += profile_.front().y * (until - from);
        from = until;
    }
    for (std::size_t i = 1; i < profile_.size() && from < t; ++i) {
        const Vec2 a = profile_[i - 1], b = profile_[i];
        if (b.x <= from)
            continue;
        const double t0 = std::max(from, a.x), t1 = std::min(t, b.x);
        if (t1 > t0)
            s += 0.5 * (speed(t0) + speed(t1)) * (t1 - t0);  // trapezoid: exact for a linear segment
        from = t1;
    }
    if (from < t)
        s += profile_.back().y * (t - from);
    return s;
}

GapMeasurement measureGap(const GapSpec& spec, const VehicleTraits& follower, double followerS, double leadS,
                          double followerSpeed) noexcept
{
    GapMeasurement g;
    g.distance = leadS - followerS;
    if (spec.freespace)
        g.distance -= follower.frontExtent + 0.5 * spec.lead.length;
    if (spec.distance)
        g.requested = *spec.distance;
    else if (spec.timeGap)
        g.requested = spec.standstillGap + *spec.timeGap * std::max(0.0, followerSpeed);
    return g;
}

bool gapReached(const GapMeasurement& gap) noexcept
{
    return std::fabs(gap.error()) <= std::max(0.1, 0.01 * gap.requested);
}

void GapKeeper::reset(double followerSpeed) noexcept
{
    bias_ = 0.0;
    measured_ = 0.0;
    lastSpeed_ = followerSpeed;
    braking_ = false;
    demand_ = 0.0;
}

PedalCommand GapKeeper::update(const GapSpec& spec, const VehicleTraits& follower, const GapMeasurement& gap,
                               double leadSpeed, double leadAccel, double followerSpeed, double dt,
                               bool shifting) noexcept
{
    if (!(dt > 0.0) || !std::isfinite(followerSpeed))
        return {};
    measured_ += ((followerSpeed - lastSpeed_) / dt - measured_) * std::min(1.0, dt / kAccelFilter);
    lastSpeed_ = followerSpeed;

    const double dv = leadSpeed - followerSpeed;
    double a = 0.0;
    if (spec.timeGap && *spec.timeGap > 0.0) {
        a = (dv + kTimeGapLambda * gap.error()) / *spec.timeGap;
    } else {
        const double kd = kDistanceOmega * kDistanceOmega;
        const double kv = 2.0 * kDistanceZeta * kDistanceOmega;
        a = leadAccel + kv * dv + kd * gap.error();
    }
    const DynamicConstraints& dc = spec.dynamicConstraints;
    if (dc.maxSpeed)
        a = std::min(a, kMaxSpeedGain * (*dc.maxSpeed - followerSpeed));
    const double maxAccel = dc.maxAcceleration ? *dc.maxAcceleration : follower.maxDriveAccel;
    const double maxDecel = dc.maxDeceleration ? *dc.maxDeceleration : follower.maxBrakeDecel;
    a = std::clamp(a, -maxDecel, maxAccel);
    demand_ = a;

    if (a < kStartAccel && std::fabs(followerSpeed) < SpeedController::kHoldSpeed) {
        // At rest behind the lead: hold it until the gap asks for a real start.
        bias_ = 0.0;
        braking_ = true;
        return {0.0, 1.0};
    }
    // During a gear change the engine is out of the driveline: no engine braking to make up for,
    // and the bias learned in the old gear says nothing about the new one.
    if (shifting)
        bias_ = 0.0;
    const double demand = a + bias_;
    // Creeping, the engine hardly brakes: slowing down needs the brake, not the coasting band.
    braking_ = std::fabs(followerSpeed) < kCreepSpeed ? demand < 0.0 : brakeSelected(demand, braking_);
    const PedalCommand out = pedalAmounts(follower, demand, followerSpeed, braking_);
    const double error = a - measured_;
    const bool saturated = (out.accel >= 1.0 && error > 0.0) || (out.brake >= 1.0 && error < 0.0);
    if (!shifting && !saturated)
        bias_ = std::clamp(bias_ + kBiasGain * error * dt, -follower.maxBrakeDecel, follower.maxDriveAccel);
    return out;
}

}  // namespace jounce::sim
