#pragma once
// What the closed-loop controllers (speed, path, gap) and the handling figures need to know about
// a vehicle, read once from its configuration: steering geometry, footprint and rough
// longitudinal capability. The controllers use the capability estimates only to scale their
// outputs; their integrators correct whatever the estimates get wrong.

#include "config/VehicleConfig.h"

namespace jounce::sim {

struct VehicleTraits {
    /// Front axle: the mean x of wheels 0 and 1; rear axle: the mean x of the wheels that do not
    /// steer (the tandem's centre on a truck, the middle of a tank's tracks). Chassis frame, m.
    double frontAxleX = 1.25;
    double rearAxleX = -1.25;
    double wheelbase = 2.5;
    /// The larger maxSteer of wheels 0 and 1 (rad): a steer input of 1 turns the front wheels this
    /// far (the inner wheel, with Ackermann).
    double frontMaxSteer = 0.6;
    /// No steered front wheels (a tank, or a vehicle with maxSteer 0): steer is a yaw command.
    bool skidSteer = false;

    /// Footprint on the ground plan around the chassis origin: the chassis box and the wheels,
    /// whichever reaches further. m, all >= 0.
    double frontExtent = 2.25;
    double rearExtent = 2.25;
    double halfWidth = 0.9;
    double width() const noexcept { return 2.0 * halfWidth; }

    double mass = 1500.0;              ///< kg
    double maxBrakeDecel = 8.0;        ///< m/s², full brake (brake torques / radii / mass, at most 0.9 g)
    double drivePower = 150000.0;      ///< W, the best engine torque x speed on the torque curve
    double maxDriveAccel = 6.0;        ///< m/s², full-throttle acceleration cap (traction)

    /// Full-throttle acceleration estimate at a forward speed (m/s): power over mass and speed
    /// (5 m/s at least), capped by maxDriveAccel.
    double driveAccelAt(double speed) const noexcept;

    static VehicleTraits from(const VehicleConfig& config);
};

}  // namespace jounce::sim
