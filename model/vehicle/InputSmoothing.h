#pragma once
// Input smoothing helpers (vehicle-model §3): raw keyboard / gamepad state -> applied analog controls, once
// per frame before the vehicle update.
//
// Steer sign (conventions.md, §0.2): Jounce's steer is positive for a LEFT turn. PhysX's +R side is
// ISO left, so PhysX's "steerRight" control (index 4) is Jounce's `steerLeft` and PhysX's
// "steerLeft" (index 3) is Jounce's `steerRight`; the PhysX command s = steerRight − steerLeft is
// Jounce's steer() = steerLeft − steerRight. Rates follow the same renaming: the smoothing rate
// named `steerLeft` in InputSmoothing drives the left-turn control, and the pad's combined steer
// (PhysX: rates of the steer-right index) uses the `steerLeft` rates.

#include "config/VehicleConfig.h"

#include <span>

namespace jounce::sim {

/// Applied Drive4W/NW controls (§1.16), ISO naming.
struct DriveControls {
    double accel = 0.0;       ///< [0, 1]
    double brake = 0.0;       ///< [0, 1]
    double handbrake = 0.0;   ///< [0, 1]
    double steerLeft = 0.0;   ///< toward ISO +y (PhysX steer-right)
    double steerRight = 0.0;  ///< toward ISO −y (PhysX steer-left)
    /// The steer command of §2.0 U6, positive = left turn, in [−1, 1].
    double steer() const noexcept { return steerLeft - steerRight; }
};

/// Raw digital (keyboard) state for Drive4W/NW.
struct DriveKeys {
    bool accel = false;
    bool brake = false;
    bool handbrake = false;
    bool steerLeft = false;
    bool steerRight = false;
};

/// Raw analog (gamepad) state for Drive4W/NW.
struct DrivePad {
    double accel = 0.0;      ///< [0, 1]
    double brake = 0.0;      ///< [0, 1]
    double handbrake = 0.0;  ///< [0, 1]
    double steer = 0.0;      ///< [−1, 1], +1 = full left lock
};

/// §3.1: max steer fraction from the steer-vs-forward-speed table at |v_fwd|; 1 in the air.
/// An empty table does not limit (1).
double steerLimit(std::span<const GraphPoint> steerVsForwardSpeed, double forwardSpeed, bool inAir) noexcept;

/// §3.2 one control: clamp(value ± rate·dt, 0, 1).
double smoothDigital(double value, bool pressed, double riseRate, double fallRate, double dt) noexcept;

/// §3.3 one-sided ramp toward a target (accel, brake, handbrake).
double smoothAnalog(double value, double target, double riseRate, double fallRate, double dt) noexcept;

/// §3.3 signed rule (steer, tank thrusts): away from 0 at the rise rate, back toward 0 at the fall
/// rate (chosen from the sign of `value` at the start of the frame), never overshooting the target;
/// a zero target is approached at the fall rate without crossing 0.
double smoothSigned(double value, double target, double riseRate, double fallRate, double dt) noexcept;

/// §3.2 key smoothing for Drive4W/NW, including the steer limit (both steer controls scaled when
/// |steerLeft − steerRight| exceeds it). `previous` = the controls applied last frame.
DriveControls smoothDriveKeys(const InputSmoothing& rates, std::span<const GraphPoint> steerVsForwardSpeed,
                              const DriveKeys& keys, const DriveControls& previous, double forwardSpeed,
                              bool inAir, double dt) noexcept;

/// §3.3 pad smoothing for Drive4W/NW; the combined steer is written to steerLeft (steerRight = 0).
DriveControls smoothDrivePad(const InputSmoothing& rates, std::span<const GraphPoint> steerVsForwardSpeed,
                             const DrivePad& pad, const DriveControls& previous, double forwardSpeed,
                             bool inAir, double dt) noexcept;

/// Applied DriveTank controls (§1.17), sides named by ISO side (left = even Jounce wheels). The rate
/// slots are accel, brake (brake-left), handbrake (brake-right), steerLeft (thrust-left) and
/// steerRight (thrust-right).
struct TankControls {
    double accel = 0.0;
    double thrustLeft = 0.0;
    double thrustRight = 0.0;
    double brakeLeft = 0.0;
    double brakeRight = 0.0;
};

struct TankKeys {
    bool accel = false;
    bool thrustLeft = false;
    bool thrustRight = false;
    bool brakeLeft = false;
    bool brakeRight = false;
};

struct TankPad {
    double accel = 0.0;        ///< [0, 1]
    double thrustLeft = 0.0;   ///< [0, 1] standard, [−1, 1] special
    double thrustRight = 0.0;
    double brakeLeft = 0.0;    ///< [0, 1]
    double brakeRight = 0.0;
};

/// §3.4 digital tank helper: ramp the five controls (§3.2), then fold brake into thrust per side
/// (special: thrust −= brake, brake = 0; standard: u = thrust − brake split into thrust or brake).
TankControls smoothTankKeys(const InputSmoothing& rates, TankDriveModel model, const TankKeys& keys,
                            const TankControls& previous, double dt) noexcept;

/// §3.4 analog tank helper (special: brakes one-sided, thrusts signed toward the raw thrusts;
/// standard: per side u = thrust − brake signed toward rawThrust − rawBrake with thrust rates, then split).
TankControls smoothTankPad(const InputSmoothing& rates, TankDriveModel model, const TankPad& pad,
                           const TankControls& previous, double dt) noexcept;

}  // namespace jounce::sim
