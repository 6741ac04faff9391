#pragma once
// Slip definitions (vehicle-model §2.8). v_L, v_T are the contact-patch velocities along the steered
// longitudinal and lateral tire directions (§2.7); ω is the internal wheel speed at the start of
// the sub-step.

#include "vehicle/ModelGeneration.h"

#include <algorithm>
#include <cmath>

// Inline: every loaded tire takes both slips in every sub-step, where calls cost as much as the
// arithmetic.

namespace jounce::sim {

/// §2.8: s_T = atan(v_T / (|v_L| + o_T)), rad, with o_T the generation's lateral offset (PhysX 4.1: 1 m/s).
inline double lateralSlip(double longSpeed, double latSpeed, const SlipDenominators& offsets) noexcept
{
    return std::atan(latSpeed / (std::abs(longSpeed) + offsets.lateralOffset));
}

/// §2.8, car (Drive4W/NW) wheel with drive or brake torque: s_L = (ω·r − v_L) / (max(|v_L|, |ω·r|) + o_L),
/// o_L the generation's offset for wheels with torque (PhysX 4.1: 0.1 m/s); 0 when v_L = 0 and ω = 0.
inline double longitudinalSlipCarWithTorque(double longSpeed, double omega, double radius,
                                     const SlipDenominators& offsets) noexcept
{
    if (longSpeed == 0.0 && omega == 0.0)
        return 0.0;
    const double rimSpeed = omega * radius;
    const double denominator =
        std::max(std::abs(longSpeed), std::abs(rimSpeed)) + offsets.longitudinalTorqueOffset;
    return (rimSpeed - longSpeed) / denominator;
}

/// §2.8, tank wheel with drive or brake torque: s_L = (ω·r − v_L) / (|v_L| + o_L).
inline double longitudinalSlipTankWithTorque(double longSpeed, double omega, double radius,
                                      const SlipDenominators& offsets) noexcept
{
    if (longSpeed == 0.0 && omega == 0.0)
        return 0.0;
    return (omega * radius - longSpeed) / (std::abs(longSpeed) + offsets.longitudinalTorqueOffset);
}

/// §2.8, free-rolling wheel (car and tank): s_L = (ω·r − v_L) / max(minDen, |v_L|, |ω·r|).
inline double longitudinalSlipFreeRolling(double longSpeed, double omega, double radius,
                                   double minLongSlipDenominator) noexcept
{
    if (longSpeed == 0.0 && omega == 0.0)
        return 0.0;
    const double rimSpeed = omega * radius;
    const double denominator =
        std::max({minLongSlipDenominator, std::abs(longSpeed), std::abs(rimSpeed)});
    return (rimSpeed - longSpeed) / denominator;
}

/// vehicle-model-physx5.md P4, every wheel: s_L = (ω·r − v_L) / (|v_L| + o), o the generation's offset
/// for a wheel with torque, else minDen; 0 when v_L = 0 and ω = 0.
inline double longitudinalSlipOverLongSpeed(bool hasTorque, double longSpeed, double omega, double radius,
                                     double minLongSlipDenominator, const SlipDenominators& offsets) noexcept
{
    if (longSpeed == 0.0 && omega == 0.0)
        return 0.0;
    const double offset = hasTorque ? offsets.longitudinalTorqueOffset : minLongSlipDenominator;
    return (omega * radius - longSpeed) / (std::abs(longSpeed) + offset);
}
enum class SlipVehicleKind { Car, Tank };

/// §2.8 dispatcher: `hasTorque` = accelApplied or brakeApplied for this wheel.
inline double longitudinalSlip(SlipVehicleKind kind, bool hasTorque, double longSpeed, double omega,
                        double radius, double minLongSlipDenominator, const SlipDenominators& offsets) noexcept
{
    if (offsets.longitudinal == LongSlipDenominator::LongitudinalSpeed)
        return longitudinalSlipOverLongSpeed(hasTorque, longSpeed, omega, radius, minLongSlipDenominator, offsets);
    if (!hasTorque)
        return longitudinalSlipFreeRolling(longSpeed, omega, radius, minLongSlipDenominator);
    return kind == SlipVehicleKind::Car ? longitudinalSlipCarWithTorque(longSpeed, omega, radius, offsets)
                                        : longitudinalSlipTankWithTorque(longSpeed, omega, radius, offsets);
}

}  // namespace jounce::sim
