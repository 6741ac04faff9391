#include "vehicle/TireModel.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace jounce::sim {

double tireSmoothing1(double k) noexcept
{
    return std::min(1.0, k - k * k / 3.0 + k * k * k / 27.0);
}

double tireSmoothing2(double k) noexcept
{
    const double k2 = k * k;
    return k - k2 + k2 * k / 3.0 - k2 * k2 / 27.0;
}

double lateralStiffness(const TireData& tire, double restLoad, double filteredNormalisedLoad) noexcept
{
    return restLoad * tire.latStiffY * tireSmoothing1(3.0 * filteredNormalisedLoad / tire.latStiffX);
}

namespace {
double zeroIfTiny(double v) noexcept
{
    return std::abs(v) < kMinTireSlipOrCamber ? 0.0 : v;
}
}  // namespace

TireForces defaultTireModel(const TireData& tire, const TireInputs& in)
{
    // Step 1: tiny slips and camber count as zero; nothing to do without any of them.
    const double longSlip = zeroIfTiny(in.longSlip);
    const double latSlip = zeroIfTiny(in.latSlip);
    const double camber = zeroIfTiny(in.camber);
    const double maxForce = in.friction * in.filteredLoad;
    if ((longSlip == 0.0 && latSlip == 0.0 && camber == 0.0) || maxForce <= 0.0)
        return {};

    // Step 3: stiffnesses.
    const double latStiff = lateralStiffness(tire, in.restLoad, in.filteredNormalisedLoad);
    const double longStiff = tire.longitudinalStiffnessPerUnitGravity * in.gravity;
    const double camberStiff = tire.camberStiffnessPerUnitGravity * in.gravity;
    if (latStiff <= 0.0 || longStiff <= 0.0)
        return {};

    // Step 4: camber enters as an effective lateral slip offset.
    const double tanEff = std::tan(latSlip - camber * camberStiff / latStiff);

    // Step 5: combined-slip normalisation.
    // Square roots of sums of squares, as PhysX writes them: std::hypot's care against overflow
    // buys nothing at tire magnitudes and cost a twentieth of a whole vehicle step.
    const double latTerm = latStiff * tanEff;
    const double longTerm = longStiff * longSlip;
    const double k = std::sqrt(latTerm * latTerm + longTerm * longTerm) / maxForce;
    const double forceBar = tireSmoothing1(k);
    const double momentBar = tireSmoothing2(k);
    double nu = 1.0;
    if (k <= 2.0 * std::numbers::pi) {
        const double rho = latStiff / longStiff;
        nu = 0.5 * (1.0 + rho - (1.0 - rho) * std::cos(0.5 * k));
    }
    const double nuTan = nu * tanEff;
    const double denominator = std::sqrt(longSlip * longSlip + nuTan * nuTan);
    // Camber exactly cancelling the slip leaves no slip direction: K = 0, so no force either
    // (PhysX would divide 0 by 0 here).
    if (denominator <= 0.0)
        return {};
    const double forceZero = maxForce / denominator;
    constexpr double kPneumaticTrail = 1.0;  // m, fixed in PhysX (§8.2 item 9)

    TireForces out;
    out.longForce = longSlip * forceBar * forceZero;
    out.latForce = -nu * tanEff * forceBar * forceZero;
    out.aligningMoment = nu * tanEff * momentBar * forceZero * kPneumaticTrail;
    out.wheelTorque = -out.longForce * in.wheelRadius;
    return out;
}

}  // namespace jounce::sim
