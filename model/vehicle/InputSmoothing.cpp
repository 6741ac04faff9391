#include "vehicle/InputSmoothing.h"

#include "vehicle/LinearGraph.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

double steerLimit(std::span<const GraphPoint> steerVsForwardSpeed, double forwardSpeed, bool inAir) noexcept
{
    if (inAir)
        return 1.0;
    return lookupClamped(steerVsForwardSpeed, std::abs(forwardSpeed), 1.0);
}

double smoothDigital(double value, bool pressed, double riseRate, double fallRate, double dt) noexcept
{
    const double next = pressed ? value + riseRate * dt : value - fallRate * dt;
    return std::clamp(next, 0.0, 1.0);
}

double smoothAnalog(double value, double target, double riseRate, double fallRate, double dt) noexcept
{
    if (value < target)
        return std::min(value + riseRate * dt, target);
    return std::max(value - fallRate * dt, target);
}

double smoothSigned(double value, double target, double riseRate, double fallRate, double dt) noexcept
{
    if (target == 0.0) {
        if (value > 0.0)
            return std::max(value - fallRate * dt, 0.0);
        return std::min(value + fallRate * dt, 0.0);
    }
    if (value < target) {
        const double next = value + (value < 0.0 ? fallRate : riseRate) * dt;
        return std::min(next, target);
    }
    const double next = value - (value > 0.0 ? fallRate : riseRate) * dt;
    return std::max(next, target);
}

DriveControls smoothDriveKeys(const InputSmoothing& rates, std::span<const GraphPoint> steerVsForwardSpeed,
                              const DriveKeys& keys, const DriveControls& previous, double forwardSpeed,
                              bool inAir, double dt) noexcept
{
    const SmoothingRates& rise = rates.riseRates;
    const SmoothingRates& fall = rates.fallRates;
    DriveControls out;
    out.accel = smoothDigital(previous.accel, keys.accel, rise.accel, fall.accel, dt);
    out.brake = smoothDigital(previous.brake, keys.brake, rise.brake, fall.brake, dt);
    out.handbrake = smoothDigital(previous.handbrake, keys.handbrake, rise.handbrake, fall.handbrake, dt);
    out.steerLeft = smoothDigital(previous.steerLeft, keys.steerLeft, rise.steerLeft, fall.steerLeft, dt);
    out.steerRight = smoothDigital(previous.steerRight, keys.steerRight, rise.steerRight, fall.steerRight, dt);

    const double limit = steerLimit(steerVsForwardSpeed, forwardSpeed, inAir);
    const double magnitude = std::abs(out.steer());
    if (magnitude > limit) {
        const double scale = limit / magnitude;
        out.steerLeft *= scale;
        out.steerRight *= scale;
    }
    return out;
}

DriveControls smoothDrivePad(const InputSmoothing& rates, std::span<const GraphPoint> steerVsForwardSpeed,
                             const DrivePad& pad, const DriveControls& previous, double forwardSpeed,
                             bool inAir, double dt) noexcept
{
    const SmoothingRates& rise = rates.riseRates;
    const SmoothingRates& fall = rates.fallRates;
    DriveControls out;
    out.accel = smoothAnalog(previous.accel, pad.accel, rise.accel, fall.accel, dt);
    out.brake = smoothAnalog(previous.brake, pad.brake, rise.brake, fall.brake, dt);
    out.handbrake = smoothAnalog(previous.handbrake, pad.handbrake, rise.handbrake, fall.handbrake, dt);

    const double target = pad.steer * steerLimit(steerVsForwardSpeed, forwardSpeed, inAir);
    out.steerLeft = smoothSigned(previous.steer(), target, rise.steerLeft, fall.steerLeft, dt);
    out.steerRight = 0.0;
    return out;
}

namespace {

// §3.4 standard model: one signed value per side becomes either thrust or brake.
void splitStandard(double combined, double& thrust, double& brake) noexcept
{
    if (combined > 0.0) {
        thrust = combined;
        brake = 0.0;
    } else {
        thrust = 0.0;
        brake = -combined;
    }
}

void foldBrakes(TankDriveModel model, TankControls& c) noexcept
{
    if (model == TankDriveModel::Special) {
        c.thrustLeft -= c.brakeLeft;
        c.brakeLeft = 0.0;
        c.thrustRight -= c.brakeRight;
        c.brakeRight = 0.0;
    } else {
        splitStandard(c.thrustLeft - c.brakeLeft, c.thrustLeft, c.brakeLeft);
        splitStandard(c.thrustRight - c.brakeRight, c.thrustRight, c.brakeRight);
    }
}

}  // namespace

TankControls smoothTankKeys(const InputSmoothing& rates, TankDriveModel model, const TankKeys& keys,
                            const TankControls& previous, double dt) noexcept
{
    const SmoothingRates& rise = rates.riseRates;
    const SmoothingRates& fall = rates.fallRates;
    TankControls out;
    out.accel = smoothDigital(previous.accel, keys.accel, rise.accel, fall.accel, dt);
    out.brakeLeft = smoothDigital(previous.brakeLeft, keys.brakeLeft, rise.brake, fall.brake, dt);
    out.brakeRight = smoothDigital(previous.brakeRight, keys.brakeRight, rise.handbrake, fall.handbrake, dt);
    out.thrustLeft = smoothDigital(previous.thrustLeft, keys.thrustLeft, rise.steerLeft, fall.steerLeft, dt);
    out.thrustRight = smoothDigital(previous.thrustRight, keys.thrustRight, rise.steerRight, fall.steerRight, dt);
    foldBrakes(model, out);
    return out;
}

TankControls smoothTankPad(const InputSmoothing& rates, TankDriveModel model, const TankPad& pad,
                           const TankControls& previous, double dt) noexcept
{
    const SmoothingRates& rise = rates.riseRates;
    const SmoothingRates& fall = rates.fallRates;
    TankControls out;
    out.accel = smoothAnalog(previous.accel, pad.accel, rise.accel, fall.accel, dt);
    if (model == TankDriveModel::Special) {
        out.brakeLeft = smoothAnalog(previous.brakeLeft, pad.brakeLeft, rise.brake, fall.brake, dt);
        out.brakeRight = smoothAnalog(previous.brakeRight, pad.brakeRight, rise.handbrake, fall.handbrake, dt);
        out.thrustLeft = smoothSigned(previous.thrustLeft, pad.thrustLeft, rise.steerLeft, fall.steerLeft, dt);
        out.thrustRight =
            smoothSigned(previous.thrustRight, pad.thrustRight, rise.steerRight, fall.steerRight, dt);
        return out;
    }
    const double left = smoothSigned(previous.thrustLeft - previous.brakeLeft, pad.thrustLeft - pad.brakeLeft,
                                     rise.steerLeft, fall.steerLeft, dt);
    const double right = smoothSigned(previous.thrustRight - previous.brakeRight,
                                      pad.thrustRight - pad.brakeRight, rise.steerRight, fall.steerRight, dt);
    splitStandard(left, out.thrustLeft, out.brakeLeft);
    splitStandard(right, out.thrustRight, out.brakeRight);
    return out;
}

}  // namespace jounce::sim
