#include "tirefit/TireSamples.h"

#include "json/NumberText.h"
#include "vehicle/tire/MagicFormulaTire.h"
#include "vehicle/tire/PhysxTire.h"
#include "vehicle/tire/UnityTire.h"

#include <algorithm>
#include <cmath>
#include <variant>

namespace jounce::tirefit {
namespace {

/// The inputs of a PhysX or Unity tire under one pure slip, μ = 1, no camber: the tire stage's own
/// quantities (vehicle-model §2.6 - §2.10) for a wheel at `load` whose rest load is `restLoad`.
sim::TireInputs pureSlipInputs(SlipDirection direction, double slip, double load, double restLoad)
{
    sim::TireInputs in;
    (direction == SlipDirection::Longitudinal ? in.longSlip : in.latSlip) = slip;
    in.restLoad = restLoad;
    in.filteredLoad = load;
    in.filteredNormalisedLoad = restLoad > 0.0 ? load / restLoad : 0.0;
    in.gravity = kGravity;
    return in;
}

double forceOf(const sim::TireForces& f, SlipDirection direction)
{
    return direction == SlipDirection::Longitudinal ? f.longForce : f.latForce;
}

}  // namespace

std::string rangeText(SlipDirection direction, const SlipRange& range)
{
    using json::text::num;
    return direction == SlipDirection::Longitudinal ? "slip ratio " + num(range.min) + " to " + num(range.max)
                                                    : "slip angle " + num(range.min) + " to " + num(range.max) + " rad";
}

double pureSlipForce(const PhysxTireParams& tire, SlipDirection direction, double slip, double load, double restLoad)
{
    sim::TireInputs in = pureSlipInputs(direction, slip, load, restLoad);
    in.friction = sim::PhysxTire::friction(tire, 1.0, in.longSlip);
    sim::TireState state;
    return forceOf(sim::PhysxTire::forces(tire, in, state, 0.0), direction);
}

double pureSlipForce(const UnityTireParams& tire, SlipDirection direction, double slip, double load, double restLoad)
{
    sim::TireInputs in = pureSlipInputs(direction, slip, load, restLoad);
    in.friction = sim::UnityTire::friction(tire, 1.0, in.longSlip);
    sim::TireState state;
    return forceOf(sim::UnityTire::forces(tire, in, state, 0.0), direction);
}

double pureSlipForce(const MagicFormulaTireParams& tire, SlipDirection direction, double slip, double load, double)
{
    // The steady-state formula at the slip itself: the transient slips settle on it (docs/tires.md).
    sim::MfSlip s;
    (direction == SlipDirection::Longitudinal ? s.kappa : s.alpha) = slip;
    s.load = load;
    const sim::MfResult r = sim::mfMountedFormula(tire, s, /*leftSide=*/true);
    return direction == SlipDirection::Longitudinal ? r.fx0 : r.fy0;
}

double pureSlipForce(const TireParams& tire, SlipDirection direction, double slip, double load, double restLoad)
{
    return std::visit([&](const auto& p) { return pureSlipForce(p, direction, slip, load, restLoad); }, tire);
}

std::vector<double> slipGrid(const SlipRange& range, int count)
{
    const int n = std::max(2, count);
    std::vector<double> out(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i)
        out[static_cast<std::size_t>(i)] = range.min + (range.max - range.min) * i / (n - 1);
    out.back() = range.max;  // exactly, whatever the rounding of the steps
    return out;
}

TireCurves sampleTire(const TireParams& tire, double restLoad, const FitSettings& settings)
{
    TireCurves out;
    out.load = restLoad;
    for (const SlipDirection d : {SlipDirection::Longitudinal, SlipDirection::Lateral}) {
        Curve& c = d == SlipDirection::Longitudinal ? out.longitudinal : out.lateral;
        c.slip = slipGrid(d == SlipDirection::Longitudinal ? settings.slipRatio : settings.slipAngle, settings.samples);
        for (const double s : c.slip)
            c.force.push_back(pureSlipForce(tire, d, s, restLoad, restLoad));
    }
    return out;
}

double curvePeak(const Curve& curve)
{
    double peak = 1.0;
    for (const double f : curve.force)
        peak = std::max(peak, std::abs(f));
    return peak;
}

CurveError curveError(const Curve& source, const Curve& fitted)
{
    CurveError e;
    if (source.slip.empty())
        return e;
    e.range = {source.slip.front(), source.slip.back()};
    e.peak = curvePeak(source);
    double sum = 0.0;
    for (std::size_t i = 0; i < source.force.size() && i < fitted.force.size(); ++i) {
        const double d = fitted.force[i] - source.force[i];
        sum += d * d;
        if (std::abs(d) > e.max) {
            e.max = std::abs(d);
            e.maxAt = source.slip[i];
        }
    }
    e.rms = std::sqrt(sum / static_cast<double>(source.force.size()));
    return e;
}

double normalisedSquaredError(const Curve& source, const std::vector<double>& fitted, double peak)
{
    double sum = 0.0;
    for (std::size_t i = 0; i < source.force.size(); ++i) {
        const double d = fitted[i] - source.force[i];
        sum += d * d;
    }
    return sum / (static_cast<double>(source.force.size()) * peak * peak);
}

}  // namespace jounce::tirefit
