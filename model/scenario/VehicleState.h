#pragma once
// The vehicle's state as the closed-loop controllers and the end conditions see it. It is read from a
// telemetry frame, in the simulation and when the figures replay a run from its frames, so both
// see exactly the same numbers.

#include "scenario/Geometry2D.h"
#include "telemetry/Frame.h"

namespace jounce::sim {

struct VehicleState {
    double x = 0.0;             ///< chassis origin, world, m
    double y = 0.0;
    double yaw = 0.0;           ///< heading, rad (ISO: positive left)
    double forwardSpeed = 0.0;  ///< m/s, vehicle x
    double lateralSpeed = 0.0;  ///< m/s, vehicle y
    double yawRate = 0.0;       ///< rad/s, positive left
    bool shifting = false;      ///< a gear change is under way (the autobox cuts the throttle meanwhile)
    friend bool operator==(const VehicleState&, const VehicleState&) = default;

    PlanarPose pose() const noexcept { return {x, y, yaw}; }
};

inline VehicleState vehicleStateFromFrame(const telemetry::Frame& f) noexcept
{
    using telemetry::VehicleChannel;
    VehicleState s;
    s.x = f.vehicle(VehicleChannel::PosX);
    s.y = f.vehicle(VehicleChannel::PosY);
    s.yaw = f.vehicle(VehicleChannel::Yaw);
    s.forwardSpeed = f.vehicle(VehicleChannel::ForwardSpeed);
    s.lateralSpeed = f.vehicle(VehicleChannel::LateralSpeed);
    s.yawRate = f.vehicle(VehicleChannel::YawRate);
    s.shifting = f.vehicle(VehicleChannel::Gear) != f.vehicle(VehicleChannel::TargetGear);
    return s;
}

}  // namespace jounce::sim
