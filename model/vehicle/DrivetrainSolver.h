#pragma once
// The implicit engine + wheel solve of vehicle-model §2.19 (Drive4W and DriveNW) and the DriveTank
// least-squares variant of §2.22. Per sub-step, no allocation: fixed-capacity storage for up to
// kMaxWheels wheels plus the engine.

#include "vehicle/Brakes.h"
#include "config/VehicleConfig.h"

#include <span>

namespace jounce::sim {

/// One wheel row of the implicit system (§2.19). Values at the start of the sub-step.
struct DriveWheelRow {
    double omega = 0.0;        ///< ω_i, rad/s
    double moi = 1.0;          ///< I_i, kg m²
    double dampingRate = 0.0;  ///< c_w,i, N m s/rad (implicit)
    double alpha = 0.0;        ///< averaging weight α_i at the clutch (§2.20-2.22)
    double gamma = 0.0;        ///< torque ratio γ_i (§2.20-2.22)
    double gearing = 1.0;      ///< gearing sign g_i (tank, §2.22); 1 for Drive4W/NW
    double tireTorque = 0.0;   ///< τ_tire,i (explicit)
    WheelBrake brake;          ///< T_b,i (explicit) and brakeApplied for the lock rule
};

/// The engine row (§2.18, §2.19).
struct EngineRow {
    double omega = 0.0;        ///< ω_e at the start of the sub-step
    double moi = 1.0;          ///< I_e
    double driveTorque = 0.0;  ///< T_e (explicit)
    double dampingRate = 0.0;  ///< d_e (implicit)
    double maxOmega = 0.0;     ///< clamp after the solve
};

/// Clutch coupling for this sub-step: K = 0 and G = 0 in neutral (§2.0 U5).
struct ClutchCoupling {
    double strength = 0.0;   ///< K
    double gearRatio = 0.0;  ///< G = gear ratio × final ratio
};

/// Residual tolerance of the estimate mode: |A·x − b|² / (|b|² + 1e−10) ≤ 1e−10 (§1.18, §2.19).
inline constexpr double kEstimateTolerance = 1e-10;

/// §2.19: solve engine + wheels over one sub-step h with the clutch's accuracy mode (exact dense
/// Gaussian elimination with partial pivoting, or Gauss–Seidel from the current speeds with the
/// spec's stopping rule), then the lock rule per wheel (§2.15) and ω_e clamped to [0, ω_max].
/// Writes the new wheel speeds to `omegaOut` (same size as `wheels`, at most kMaxWheels) and
/// returns the new engine speed. A singular system leaves every speed unchanged.
double solveEngineAndWheels(double h, const ClutchData& clutch, const ClutchCoupling& coupling,
                            const EngineRow& engine, std::span<const DriveWheelRow> wheels,
                            std::span<double> omegaOut) noexcept;

/// A tank wheel: its row plus what the track substitution needs.
struct TankWheelRow {
    DriveWheelRow row;
    double radius = 1.0;
    bool enabled = true;
};

/// §2.22: every even wheel keeps wheel 0's rim speed, every odd wheel wheel 1's; the 3 unknowns
/// (ω_0, ω_1, ω_e) solve the over-determined system in the least-squares sense (3×3 normal
/// equations, always exact). A singular normal matrix leaves the speeds unchanged. Then engine
/// clamp, lock rule, and disabled wheels set to 0. Disabled wheels take no part in the fit.
/// Needs at least wheels 0 and 1; returns the new engine speed.
double solveTankEngineAndWheels(double h, const ClutchCoupling& coupling, const EngineRow& engine,
                                std::span<const TankWheelRow> wheels, std::span<double> omegaOut) noexcept;

}  // namespace jounce::sim
