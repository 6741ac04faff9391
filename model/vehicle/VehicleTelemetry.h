#pragma once
// Fills a telemetry frame (conventions.md "Telemetry channels") from a vehicle after a step.

#include "vehicle/Vehicle.h"
#include "telemetry/Frame.h"

namespace jounce::sim {

/// The chassis's pose and velocities as the telemetry reports them, worked out once: the same
/// numbers, bit for bit, as Vehicle::chassisTransform(), Vehicle::localVelocity(), the angular
/// velocity turned into the vehicle frame and the first solution of btMatrix3x3::getEulerZYX.
struct ChassisMotion {
    btTransform transform;          ///< chassis origin (not the CoM) and orientation, world
    btVector3 localVelocity;        ///< m/s, vehicle frame
    btVector3 localAngularVelocity; ///< rad/s, vehicle frame
    double yaw = 0.0;               ///< rad, ZYX Euler angles of transform's basis
    double pitch = 0.0;
    /// rad, the third ZYX angle: only the telemetry frame shows it, so it is worked out when asked
    /// (an arc tangent a step saved when nobody reads the frame).
    double roll() const;
};
ChassisMotion chassisMotion(const Vehicle& vehicle);

/// Every channel of `vehicle` at simulated time `time` into `frame`. Forces, loads, slips and
/// friction are the averages over the step's sub-steps; states are the end-of-step values.
void fillTelemetryFrame(const Vehicle& vehicle, double time, telemetry::Frame& frame);
/// The same with the vehicle's chassisMotion() of now already worked out.
void fillTelemetryFrame(const Vehicle& vehicle, const ChassisMotion& motion, double time, telemetry::Frame& frame);

}  // namespace jounce::sim
