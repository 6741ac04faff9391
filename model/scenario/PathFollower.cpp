#include "scenario/PathFollower.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

double PathFollower::steer(const VehicleTraits& vehicle, const Path& path, double rearS, const VehicleState& state,
                           double lookAheadMin, double lookAheadTime, double dt) noexcept
{
    if (path.empty())
        return 0.0;
    const double v = state.forwardSpeed;
    const double ld = std::max(0.5, lookAheadMin + lookAheadTime * std::fabs(v));
    const Vec2 ref = referencePoint(vehicle, state);
    // Driving backwards the goal lies behind, and the arc is driven in reverse.
    const double dir = v < -0.1 ? -1.0 : 1.0;
    const Vec2 goal = path.pointAt(rearS + dir * ld);
    const Vec2 local = PlanarPose{ref.x, ref.y, state.yaw}.toLocal(goal);
    const double d2 = dot(local, local);
    if (d2 < 1e-6)
        return 0.0;
    const double curvature = 2.0 * local.y / d2;  // = 2 sin(alpha) / d

    if (vehicle.skidSteer) {
        const double yawRateDemand = curvature * v;
        const double error = yawRateDemand - state.yawRate;
        double out = kYawKp * error + yawIntegrator_;
        // Anti-windup: integrate only while the output is not saturated in the error's direction.
        if (!((out >= 1.0 && error > 0.0) || (out <= -1.0 && error < 0.0)) && dt > 0.0)
            yawIntegrator_ = std::clamp(yawIntegrator_ + kYawKi * error * dt, -1.0, 1.0);
        out = kYawKp * error + yawIntegrator_;
        return std::clamp(out, -1.0, 1.0);
    }
    // The turn centre of a bicycle lies at L / tan(delta) to the side whichever way it rolls.
    // Yaw-rate damping: the yaw rate lags the steer (tire and body dynamics), so steer a little more
    // while it falls short of the arc's yaw rate and less while it overshoots.
    const double delta = std::atan(curvature * vehicle.wheelbase) + kYawDamping * (curvature * v - state.yawRate);
    return std::clamp(delta / vehicle.frontMaxSteer, -1.0, 1.0);
}

}  // namespace jounce::sim
