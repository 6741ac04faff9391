#include "scenario/VehicleTraits.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

double VehicleTraits::driveAccelAt(double speed) const noexcept
{
    const double v = std::max(5.0, std::fabs(speed));
    return std::clamp(drivePower / (mass * v), 0.5, maxDriveAccel);
}

VehicleTraits VehicleTraits::from(const VehicleConfig& c)
{
    VehicleTraits d;
    const std::size_t n = c.wheels.size();
    d.mass = c.chassis.mass > 0.0 ? c.chassis.mass : 1500.0;

    if (n >= 2) {
        const WheelConfig& fl = c.wheels[0];
        const WheelConfig& fr = c.wheels[1];
        d.frontAxleX = 0.5 * (fl.geometry.wheelCentreOffset.x + fr.geometry.wheelCentreOffset.x);
        d.frontMaxSteer = std::max(fl.wheel.maxSteer, fr.wheel.maxSteer);
    }
    if (c.drive.type == DriveType::Tank)
        d.frontMaxSteer = 0.0;  // the tank drive ignores wheel steer: it steers by its tracks
    d.skidSteer = d.frontMaxSteer < 1e-3;

    double rearSum = 0.0;
    int rearCount = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (std::fabs(c.wheels[i].wheel.maxSteer) < 1e-9 || d.skidSteer) {
            rearSum += c.wheels[i].geometry.wheelCentreOffset.x;
            ++rearCount;
        }
    }
    if (d.skidSteer) {
        // Skid steering turns about the middle of the tracks.
        d.frontAxleX = d.rearAxleX = rearCount > 0 ? rearSum / rearCount : 0.0;
        d.wheelbase = 0.0;
    } else {
        d.rearAxleX = rearCount > 0 ? rearSum / rearCount : d.frontAxleX - 2.5;
        d.wheelbase = std::max(0.5, d.frontAxleX - d.rearAxleX);
    }

    // Footprint: the chassis box (centred on the chassis origin) and every tire.
    d.frontExtent = d.rearExtent = 0.5 * std::max(0.0, c.chassis.dimensions.x);
    d.halfWidth = 0.5 * std::max(0.0, c.chassis.dimensions.y);
    double brakeForce = 0.0;
    for (const WheelConfig& w : c.wheels) {
        const Vec3& p = w.geometry.wheelCentreOffset;
        const double r = std::max(0.0, w.wheel.radius);
        d.frontExtent = std::max(d.frontExtent, p.x + r);
        d.rearExtent = std::max(d.rearExtent, -p.x + r);
        d.halfWidth = std::max(d.halfWidth, std::fabs(p.y) + 0.5 * std::max(0.0, w.wheel.width));
        if (r > 0.0)
            brakeForce += std::max(0.0, w.wheel.maxBrakeTorque) / r;
    }
    d.maxBrakeDecel = std::clamp(brakeForce / d.mass, 1.0, 0.9 * kGravity);

    // Engine power: peak torque x max omega x the best (speed x torque) point of the normalised curve.
    double best = 0.0;
    for (const GraphPoint& p : c.drive.engine.torqueCurve)
        best = std::max(best, p.x * p.y);
    if (c.drive.type == DriveType::None) {
        // NoDrive: accel x maxBrakeTorque / 4 per wheel (scenario/ManualInput.h).
        double force = 0.0;
        for (const WheelConfig& w : c.wheels)
            if (w.wheel.radius > 0.0)
                force += 0.25 * w.wheel.maxBrakeTorque / w.wheel.radius;
        d.drivePower = std::max(1.0, force * 10.0);  // the force, as a power at 10 m/s
    } else {
        d.drivePower = std::max(1.0, c.drive.engine.peakTorque * c.drive.engine.maxOmega * best);
    }
    d.maxDriveAccel = 0.7 * kGravity;
    return d;
}

}  // namespace jounce::sim
