#include "scenario/ManualInput.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {
namespace {

/// Analog targets ramped toward with the given rates: one-sided ramps for accel, brake, handbrake
/// and the signed steer rule (§3.3), with the steer-vs-speed limit.
DriveControls rampToward(const InputSmoothing& rates, const ControlsConfig& controls, const DrivePad& pad,
                         const DriveControls& previous, double forwardSpeed, bool inAir, double dt)
{
    return smoothDrivePad(rates, controls.steerVsForwardSpeedTable, pad, previous, forwardSpeed, inAir, dt);
}

}  // namespace

VehicleInputs InputProcessor::process(const VehicleConfig& config, const ManualInput& input, double forwardSpeed,
                                      bool inAir, double dt)
{
    VehicleInputs out;
    out.gearUp = input.gearUp;
    out.gearDown = input.gearDown;
    out.forceGear = input.forceGear;
    out.autoBox = input.autoBox;
    const ControlsConfig& controls = config.controls;

    if (config.drive.type == DriveType::Tank) {
        const TankDriveModel model = config.drive.tankDriveModel;
        const bool special = model == TankDriveModel::Special;
        if (input.mode == InputMode::Keyboard) {
            const DriveKeys& k = input.keys;
            TankKeys t;
            t.accel = k.accel || k.steerLeft || k.steerRight;
            t.thrustLeft = k.accel || k.steerRight;   // turning right: the left track drives
            t.thrustRight = k.accel || k.steerLeft;
            t.brakeLeft = k.brake || (special && k.steerLeft && !k.accel);  // special: counter-rotate
            t.brakeRight = k.brake || (special && k.steerRight && !k.accel);
            tank_ = smoothTankKeys(controls.keySmoothing, model, t, tank_, dt);
        } else {
            const DrivePad& p = input.pad;
            const double lo = special ? -1.0 : 0.0;
            TankPad t;
            t.accel = std::max(p.accel, std::fabs(p.steer));
            t.thrustLeft = std::clamp(p.accel - p.steer, lo, 1.0);
            t.thrustRight = std::clamp(p.accel + p.steer, lo, 1.0);
            t.brakeLeft = t.brakeRight = p.brake;
            if (input.mode == InputMode::Raw) {
                tank_ = {t.accel, t.thrustLeft, t.thrustRight, t.brakeLeft, t.brakeRight};
            } else {
                const InputSmoothing& rates = input.mode == InputMode::Pad ? controls.padSmoothing : controls.keySmoothing;
                tank_ = smoothTankPad(rates, model, t, tank_, dt);
            }
        }
        out.accel = tank_.accel;
        out.thrustLeft = tank_.thrustLeft;
        out.thrustRight = tank_.thrustRight;
        out.brakeLeft = tank_.brakeLeft;
        out.brakeRight = tank_.brakeRight;
        return out;
    }

    switch (input.mode) {
    case InputMode::Keyboard:
        drive_ = smoothDriveKeys(controls.keySmoothing, controls.steerVsForwardSpeedTable, input.keys, drive_,
                                 forwardSpeed, inAir, dt);
        break;
    case InputMode::Pad:
        drive_ = rampToward(controls.padSmoothing, controls, input.pad, drive_, forwardSpeed, inAir, dt);
        break;
    case InputMode::KeyRates:
        drive_ = rampToward(controls.keySmoothing, controls, input.pad, drive_, forwardSpeed, inAir, dt);
        break;
    case InputMode::Raw: {
        const DrivePad& p = input.pad;
        drive_ = DriveControls{};
        drive_.accel = std::clamp(p.accel, 0.0, 1.0);
        drive_.brake = std::clamp(p.brake, 0.0, 1.0);
        drive_.handbrake = std::clamp(p.handbrake, 0.0, 1.0);
        const double s = std::clamp(p.steer, -1.0, 1.0);
        (s >= 0 ? drive_.steerLeft : drive_.steerRight) = std::fabs(s);
        break;
    }
    }
    out.accel = drive_.accel;
    out.brake = drive_.brake;
    out.handbrake = drive_.handbrake;
    out.steer = drive_.steer();

    if (config.drive.type == DriveType::None) {
        for (std::size_t i = 0; i < config.wheels.size() && i < out.driveTorque.size(); ++i) {
            const WheelData& w = config.wheels[i].wheel;
            out.driveTorque[i] = out.accel * w.maxBrakeTorque / 4.0;
            out.brakeTorque[i] = out.brake * w.maxBrakeTorque + out.handbrake * w.maxHandBrakeTorque;
            out.steerAngle[i] = out.steer * w.maxSteer;
        }
    }
    return out;
}

}  // namespace jounce::sim
