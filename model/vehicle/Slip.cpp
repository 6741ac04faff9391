#include "vehicle/Slip.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

double lateralSlip(double longSpeed, double latSpeed) noexcept
{
    return std::atan(latSpeed / (std::abs(longSpeed) + kLatSlipDenominatorOffset));
}

double longitudinalSlipCarWithTorque(double longSpeed, double omega, double radius) noexcept
{
    if (longSpeed == 0.0 && omega == 0.0)
        return 0.0;
    const double rimSpeed = omega * radius;
    const double denominator =
        std::max(std::abs(longSpeed), std::abs(rimSpeed)) + kLongSlipTorqueDenominatorOffset;
    return (rimSpeed - longSpeed) / denominator;
}

double longitudinalSlipTankWithTorque(double longSpeed, double omega, double radius) noexcept
{
    if (longSpeed == 0.0 && omega == 0.0)
        return 0.0;
    return (omega * radius - longSpeed) / (std::abs(longSpeed) + kLongSlipTorqueDenominatorOffset);
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

double longitudinalSlip(SlipVehicleKind kind, bool hasTorque, double longSpeed, double omega,
                        double radius, double minLongSlipDenominator) noexcept
{
    if (!hasTorque)
        return longitudinalSlipFreeRolling(longSpeed, omega, radius, minLongSlipDenominator);
    return kind == SlipVehicleKind::Car ? longitudinalSlipCarWithTorque(longSpeed, omega, radius)
                                        : longitudinalSlipTankWithTorque(longSpeed, omega, radius);
}

}  // namespace jounce::sim
