#include "vehicle/Brakes.h"

#include "vehicle/MathUtil.h"

namespace jounce::sim {

WheelBrake brakeFromMagnitude(double omega, double magnitude) noexcept
{
    return {-signum(omega) * magnitude, magnitude != 0.0};
}

WheelBrake driveBrake(double omega, double brake, double handbrake, double maxBrakeTorque,
                      double maxHandBrakeTorque) noexcept
{
    return brakeFromMagnitude(omega, brake * maxBrakeTorque + handbrake * maxHandBrakeTorque);
}

WheelBrake tankBrake(double omega, double sideBrake, double maxBrakeTorque) noexcept
{
    return brakeFromMagnitude(omega, sideBrake * maxBrakeTorque);
}

double applyLockRule(bool brakeApplied, double omegaOld, double omegaNew) noexcept
{
    return (brakeApplied && omegaOld * omegaNew <= 0.0) ? 0.0 : omegaNew;
}

double integrateFreeWheel(double omega, double moi, double dampingRate, double h, double tireTorque,
                          const WheelBrake& brake, double driveTorque) noexcept
{
    const double beta = h / moi;
    const double next = (omega + beta * (tireTorque + driveTorque + brake.torque)) / (1.0 + beta * dampingRate);
    return applyLockRule(brake.applied, omega, next);
}

}  // namespace jounce::sim
