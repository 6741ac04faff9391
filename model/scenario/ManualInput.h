#pragma once
// What a driver (keyboard, gamepad, script or maneuver) asks of the vehicle, and its conversion
// into the vehicle's control values through the configured smoothing (vehicle-model §3).

#include "vehicle/InputSmoothing.h"
#include "vehicle/VehicleInputs.h"
#include "vehicle/VehicleInputs.h"
#include "config/VehicleConfig.h"

#include <optional>

namespace jounce::sim {

enum class InputMode {
    Keyboard,  ///< keys pressed or not, ramped with the key smoothing rates (§3.2)
    Pad,       ///< analog targets ramped with the pad smoothing rates (§3.3)
    Raw,       ///< analog values applied as they are (maneuvers without smoothing, §3.5)
    KeyRates,  ///< analog targets ramped with the key smoothing rates (maneuvers asking for "keyboard")
};

struct ManualInput {
    InputMode mode = InputMode::Keyboard;
    DriveKeys keys;  ///< Keyboard mode: accel, brake, handbrake, steer left, steer right
    DrivePad pad;    ///< the other modes: accel, brake, handbrake in [0, 1], steer in [-1, 1] (+ left)
    bool gearUp = false;    ///< held buttons (level, §3)
    bool gearDown = false;
    std::optional<int> forceGear;   ///< -1 reverse, 0 neutral, 1.. forward; applied once
    std::optional<bool> autoBox;    ///< applied once
};

/// Turns driver input into vehicle inputs step by step, keeping the smoothed values between steps.
/// For tanks, accel drives both tracks and steering shares thrust between them (turning on the
/// spot with the special model); no-drive vehicles get accel x maxBrakeTorque / 4 of drive torque,
/// brake and handbrake torques and steer x maxSteer on every wheel.
class InputProcessor {
public:
    VehicleInputs process(const VehicleConfig& config, const ManualInput& input, double forwardSpeed, bool inAir,
                          double dt);
    void reset() { drive_ = {}; tank_ = {}; }
    const DriveControls& smoothed() const { return drive_; }

private:
    DriveControls drive_;
    TankControls tank_;
};

}  // namespace jounce::sim
