#pragma once
// Slip definitions (vehicle-model §2.8). v_L, v_T are the contact-patch velocities along the steered
// longitudinal and lateral tire directions (§2.7); ω is the internal wheel speed at the start of
// the sub-step.

#include "vehicle/ModelGeneration.h"

namespace jounce::sim {

/// §2.8: s_T = atan(v_T / (|v_L| + o_T)), rad, with o_T the generation's lateral offset (PhysX 4.1: 1 m/s).
double lateralSlip(double longSpeed, double latSpeed, const SlipDenominators& offsets) noexcept;

/// §2.8, car (Drive4W/NW) wheel with drive or brake torque: s_L = (ω·r − v_L) / (max(|v_L|, |ω·r|) + o_L),
/// o_L the generation's offset for wheels with torque (PhysX 4.1: 0.1 m/s); 0 when v_L = 0 and ω = 0.
double longitudinalSlipCarWithTorque(double longSpeed, double omega, double radius,
                                     const SlipDenominators& offsets) noexcept;

/// §2.8, tank wheel with drive or brake torque: s_L = (ω·r − v_L) / (|v_L| + o_L).
double longitudinalSlipTankWithTorque(double longSpeed, double omega, double radius,
                                      const SlipDenominators& offsets) noexcept;

/// §2.8, free-rolling wheel (car and tank): s_L = (ω·r − v_L) / max(minDen, |v_L|, |ω·r|).
double longitudinalSlipFreeRolling(double longSpeed, double omega, double radius,
                                   double minLongSlipDenominator) noexcept;

/// vehicle-model-physx5.md P4, every wheel: s_L = (ω·r − v_L) / (|v_L| + o), o the generation's offset
/// for a wheel with torque, else minDen; 0 when v_L = 0 and ω = 0.
double longitudinalSlipOverLongSpeed(bool hasTorque, double longSpeed, double omega, double radius,
                                     double minLongSlipDenominator, const SlipDenominators& offsets) noexcept;
enum class SlipVehicleKind { Car, Tank };

/// §2.8 dispatcher: `hasTorque` = accelApplied or brakeApplied for this wheel.
double longitudinalSlip(SlipVehicleKind kind, bool hasTorque, double longSpeed, double omega,
                        double radius, double minLongSlipDenominator, const SlipDenominators& offsets) noexcept;

}  // namespace jounce::sim
