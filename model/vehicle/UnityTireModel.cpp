#include "vehicle/UnityTireModel.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

UnityTireData unityCurves(const TireData& tire) noexcept
{
    return tire.unity.value_or(UnityTireData{});
}

double frictionCurveValue(const WheelFrictionCurve& c, double slip) noexcept
{
    const double x = std::abs(slip);
    if (!(c.extremumSlip > 0.0))
        return c.asymptoteValue;
    if (x <= c.extremumSlip) {
        const double t = x / c.extremumSlip;
        return c.extremumValue * t * (2.0 - t);
    }
    if (x >= c.asymptoteSlip)
        return c.asymptoteValue;
    const double t = (x - c.extremumSlip) / (c.asymptoteSlip - c.extremumSlip);
    return c.extremumValue + (c.asymptoteValue - c.extremumValue) * t * t * (3.0 - 2.0 * t);
}

double frictionCurvePeak(const WheelFrictionCurve& c) noexcept
{
    return std::max(c.extremumValue, c.asymptoteValue);
}

namespace {

/// curve(ρ·x_e) / ρ for a normalised slip ρ = |s| / x_e ≥ 0: exactly y_e·(2 − ρ) on the first piece,
/// so the combined-slip share has no division near zero slip and is smooth through it.
double valuePerNormalisedSlip(const WheelFrictionCurve& c, double rho) noexcept
{
    if (rho <= 1.0)
        return c.extremumValue * (2.0 - rho);
    return frictionCurveValue(c, rho * c.extremumSlip) / rho;
}

}  // namespace

TireForces unityTireModel(const TireData& tire, const TireInputs& in)
{
    const UnityTireData curves = unityCurves(tire);
    const WheelFrictionCurve& fwd = curves.forwardFriction;
    const WheelFrictionCurve& side = curves.sidewaysFriction;
    const double load = in.friction * in.filteredLoad;
    if (!(load > 0.0) || !(fwd.extremumSlip > 0.0) || !(side.extremumSlip > 0.0))
        return {};

    // docs/unity.md "Combined slip": both slips normalised by their extremum slips; each curve is
    // read at the combined normalised slip and shared out by the direction of the slip vector, so
    // a pure slip gives exactly its curve and the force stays within the larger peak × load.
    const double rL = in.longSlip / fwd.extremumSlip;
    const double rT = in.latSlip / side.extremumSlip;
    const double rho = std::hypot(rL, rT);

    TireForces out;
    out.longForce = rL * valuePerNormalisedSlip(fwd, rho) * fwd.stiffness * load;
    out.latForce = -rT * valuePerNormalisedSlip(side, rho) * side.stiffness * load;
    out.wheelTorque = -out.longForce * in.wheelRadius;
    return out;
}

}  // namespace jounce::sim
