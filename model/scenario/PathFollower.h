#pragma once
// Lateral driver: pure pursuit (Coulter, CMU-RI-TR-92-01) on a Path.
//
// The reference point is the rear axle centre (VehicleTraits::rearAxleX). The goal is the path
// point a look-ahead distance ahead of the reference point's projection, the look-ahead growing
// with speed: Ld = lookAheadMin + lookAheadTime x |v|. The arc through the reference point,
// tangent to the heading, that reaches the goal has curvature k = 2 sin(alpha) / d (alpha the
// goal's bearing from the heading, d its distance); the road-wheel angle that drives that arc is
// delta = atan(k L) (L the wheelbase), plus a yaw-rate damping term kYawDamping (k v - r) that
// makes up for the lag of the yaw rate behind the steer (without it pure pursuit needs a long
// look-ahead to stay stable at speed, and then cuts corners and overshoots lane changes). The steer
// input is delta / maxSteer of the front wheels, clamped to [-1, 1]. Pure pursuit has no
// steady-state error on a circle for a kinematic vehicle; tire slip (understeer, the rear axle's
// slip angle) leaves a small outward offset that grows with the look-ahead (about 0.1 m on a 40 m
// circle at 10 m/s with the defaults).
//
// Skid-steered vehicles (tanks) have no road-wheel angle: their steer input shares thrust between
// the tracks. For them the pursuit curvature becomes a yaw-rate demand k v and the steer input
// comes from a PI controller on the yaw-rate error.

#include "scenario/VehicleTraits.h"
#include "scenario/Path.h"
#include "scenario/VehicleState.h"

namespace jounce::sim {

class PathFollower {
public:
    static constexpr double kDefaultLookAheadMin = 3.0;   ///< m
    static constexpr double kDefaultLookAheadTime = 0.2;  ///< s
    static constexpr double kYawDamping = 0.3;            ///< s: rad of steer angle per rad/s of yaw-rate shortfall
    static constexpr double kYawKp = 2.0;                 ///< skid steer: steer per rad/s of yaw-rate error
    static constexpr double kYawKi = 2.0;                 ///< skid steer: steer per rad of yaw error

    void reset() noexcept { yawIntegrator_ = 0.0; }

    /// The steer input for the next `dt` seconds. `rearS` is the arc length of the rear axle's
    /// projection on the path (Path::project).
    double steer(const VehicleTraits& vehicle, const Path& path, double rearS, const VehicleState& state,
                 double lookAheadMin, double lookAheadTime, double dt) noexcept;

    /// The rear-axle reference point of a state (world).
    static Vec2 referencePoint(const VehicleTraits& vehicle, const VehicleState& state) noexcept
    {
        return state.pose().toWorld({vehicle.rearAxleX, 0.0});
    }

private:
    double yawIntegrator_ = 0.0;
};

}  // namespace jounce::sim
