#pragma once
// Slip definitions (vehicle-model §2.8). v_L, v_T are the contact-patch velocities along the steered
// longitudinal and lateral tire directions (§2.7); ω is the internal wheel speed at the start of
// the sub-step.

namespace jounce::sim {

/// Offsets of the slip denominators (§1.18, ×Ls with Ls = 1).
inline constexpr double kLatSlipDenominatorOffset = 1.0;      ///< m/s
inline constexpr double kLongSlipTorqueDenominatorOffset = 0.1;  ///< m/s

/// §2.8: s_T = atan(v_T / (|v_L| + 1 m/s)), rad.
double lateralSlip(double longSpeed, double latSpeed) noexcept;

/// §2.8, car (Drive4W/NW) wheel with drive or brake torque:
/// s_L = (ω·r − v_L) / (max(|v_L|, |ω·r|) + 0.1 m/s); 0 when v_L = 0 and ω = 0.
double longitudinalSlipCarWithTorque(double longSpeed, double omega, double radius) noexcept;

/// §2.8, tank wheel with drive or brake torque: s_L = (ω·r − v_L) / (|v_L| + 0.1 m/s).
double longitudinalSlipTankWithTorque(double longSpeed, double omega, double radius) noexcept;

/// §2.8, free-rolling wheel (car and tank): s_L = (ω·r − v_L) / max(minDen, |v_L|, |ω·r|).
double longitudinalSlipFreeRolling(double longSpeed, double omega, double radius,
                                   double minLongSlipDenominator) noexcept;

enum class SlipVehicleKind { Car, Tank };

/// §2.8 dispatcher: `hasTorque` = accelApplied or brakeApplied for this wheel.
double longitudinalSlip(SlipVehicleKind kind, bool hasTorque, double longSpeed, double omega,
                        double radius, double minLongSlipDenominator) noexcept;

}  // namespace jounce::sim
