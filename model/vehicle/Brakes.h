#pragma once
// Brake and handbrake torques, the lock rule (vehicle-model §2.15) and the integration of wheels that are
// not part of the engine solve: undriven Drive4W extras and NoDrive wheels (§2.23).

namespace jounce::sim {

/// A brake torque acting on one wheel for one sub-step.
struct WheelBrake {
    double torque = 0.0;   ///< T_b = −sgn(ω)·magnitude, N m (0 at ω = 0)
    bool applied = false;  ///< brakeApplied: magnitude ≠ 0 (also at ω = 0)
};

/// §2.15 core rule: torque of magnitude `magnitude` ≥ 0 opposing the current spin.
WheelBrake brakeFromMagnitude(double omega, double magnitude) noexcept;

/// §2.15 Drive4W/NW: magnitude = brake·maxBrake + handbrake·maxHandBrake.
WheelBrake driveBrake(double omega, double brake, double handbrake, double maxBrakeTorque,
                      double maxHandBrakeTorque) noexcept;

/// §2.15 DriveTank: the wheel's side brake input (left for even, right for odd wheels) × maxBrake.
WheelBrake tankBrake(double omega, double sideBrake, double maxBrakeTorque) noexcept;

/// §2.15 lock rule: a braked wheel whose speed would reach or cross zero stops at exactly 0.
double applyLockRule(bool brakeApplied, double omegaOld, double omegaNew) noexcept;

/// §2.23: ω' = (ω + β·(τ_tire + T_drive + T_b)) / (1 + β·c_w), β = h/I_w, then the lock rule.
/// Use driveTorque = 0 for undriven Drive4W wheels.
double integrateFreeWheel(double omega, double moi, double dampingRate, double h, double tireTorque,
                          const WheelBrake& brake, double driveTorque = 0.0) noexcept;

}  // namespace jounce::sim
