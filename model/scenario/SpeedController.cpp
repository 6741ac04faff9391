#include "scenario/SpeedController.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

bool brakeSelected(double demand, bool braking) noexcept
{
    if (!braking && demand < -SpeedController::kBrakeOn)
        return true;
    if (braking && demand > SpeedController::kBrakeOff)
        return false;
    return braking;
}

PedalCommand pedalAmounts(const VehicleTraits& vehicle, double demand, double speed, bool braking) noexcept
{
    PedalCommand out;
    if (braking)
        out.brake = std::clamp(-demand / vehicle.maxBrakeDecel, 0.0, 1.0);
    else
        out.accel = std::clamp(demand / vehicle.driveAccelAt(speed), 0.0, 1.0);
    return out;
}

PedalCommand SpeedController::update(const VehicleTraits& vehicle, double setPoint, double feedforward, double speed,
                                     double dt, bool shifting) noexcept
{
    PedalCommand out;
    if (!(dt > 0.0) || !std::isfinite(setPoint) || !std::isfinite(speed))
        return out;  // nothing to go by: no pedal
    if (setPoint <= 0.05 && std::fabs(speed) < kHoldSpeed) {
        // Stopped where it should be: hold it, and forget the cruise bias.
        integrator_ = 0.0;
        braking_ = true;
        demand_ = -vehicle.maxBrakeDecel;
        out.brake = 1.0;
        return out;
    }

    const double aDrive = vehicle.driveAccelAt(speed);
    const double aBrake = vehicle.maxBrakeDecel;
    const double error = setPoint - speed;
    const double ff = std::isfinite(feedforward) ? feedforward : 0.0;
    double demand = ff + kKp * error + integrator_;

    braking_ = brakeSelected(demand, braking_);
    // Anti-windup: integrate unless the active pedal is saturated and the error pushes further.
    // (Coasting needs no exception: a demand that keeps falling reaches the brake.)
    const bool throttleSaturated = !braking_ && demand >= aDrive;
    const bool brakeSaturated = braking_ && demand <= -aBrake;
    if (!shifting && !(throttleSaturated && error > 0.0) && !(brakeSaturated && error < 0.0))
        integrator_ += kKi * error * dt;
    integrator_ = std::clamp(integrator_, -aBrake, aDrive);
    demand = ff + kKp * error + integrator_;
    demand_ = demand;

    return pedalAmounts(vehicle, demand, speed, braking_);
}

}  // namespace jounce::sim
