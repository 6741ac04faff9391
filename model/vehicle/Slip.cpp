#include "vehicle/Slip.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

double lateralSlip(double longSpeed, double latSpeed, const SlipDenominators& offsets) noexcept
{
    return std::atan(latSpeed / (std::abs(longSpeed) + offsets.lateralOffset));
}

double longitudinalSlipCarWithTorque(double longSpeed, double omega, double radius,
                                     const SlipDenominators& offsets) noexcept
{
    if (longSpeed == 0.0 && omega == 0.0)
        return 0.0;
    const double rimSpeed = omega * radius;
    const double denominator =
        std::max(std::abs(longSpeed), std::abs(rimSpeed)) + offsets.longitudinalTorqueOffset;
    return (rimSpeed - longSpeed) / denominator;
}

double longitudinalSlipTankWithTorque(double longSpeed, double omega, double radius,
                                      const SlipDenominators& offsets) noexcept
{
    if (longSpeed == 0.0 && omega == 0.0)
        return 0.0;
    return (omega * radius - longSpeed) / (std::abs(longSpeed) + offsets.longitudinalTorqueOffset);
}

double longitudinalSlipFreeRolling(double longSpeed, double omega, double radius,
                                   double minLongSlipDenominator) noexcept
{
    if (longSpeed == 0.0 && omega == 0.0)
        return 0.0;
    const double rimSpeed = omega * radius;
    const double denominator =
        std::max({minLongSlipDenominator, std::abs(longSpeed), std::abs(rimSpeed)});
    return (rimSpeed - longSpeed) / denominator;
}

double longitudinalSlipOverLongSpeed(bool hasTorque, double longSpeed, double omega, double radius,
                                     double minLongSlipDenominator, const SlipDenominators& offsets) noexcept
{
    if (longSpeed == 0.0 && omega == 0.0)
        return 0.0;
    const double offset = hasTorque ? offsets.longitudinalTorqueOffset : minLongSlipDenominator;
    return (omega * radius - longSpeed) / (std::abs(longSpeed) + offset);
}

double longitudinalSlip(SlipVehicleKind kind, bool hasTorque, double longSpeed, double omega,
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
