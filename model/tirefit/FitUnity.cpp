// The Unity target (docs/unity.md "Friction curves"): each WheelFrictionCurve's extremum and
// asymptote, stiffness 1, fitted to its direction alone (a pure slip gives exactly its curve).

#include "tirefit/BoundedFit.h"
#include "tirefit/FitTargets.h"

#include <algorithm>
#include <cmath>

namespace jounce::tirefit::detail {
namespace {

/// Variables: extremum slip, extremum value, asymptote slip / extremum slip, asymptote value.
void apply(const std::vector<double>& x, WheelFrictionCurve& c)
{
    c.extremumSlip = x[0];
    c.extremumValue = x[1];
    c.asymptoteSlip = x[0] * x[2];
    c.asymptoteValue = x[3];
    c.stiffness = 1.0;
}

int fitCurve(const FitSource& source, UnityTireParams& p, SlipDirection direction)
{
    const Curve& target = source.curves[direction];
    const double load = source.restLoad;
    const CurveFeatures f = curveFeatures(target);
    const double reach = std::max(f.endSlip, 1e-3);
    WheelFrictionCurve& curve = direction == SlipDirection::Longitudinal ? p.forwardFriction : p.sidewaysFriction;
    const std::vector<FitVariable> variables{
        {1e-3, reach, std::max(1e-3, f.peakSlip), true},
        {0.02, 6.0, f.peak / load, false},
        {1.05, 50.0, 2.0, true},  // the asymptote beyond the extremum (docs/unity.md "Doctor checks")
        {0.0, 6.0, f.end / load, false},
    };
    const double peak = curvePeak(target);
    std::vector<double> fitted(target.slip.size());
    const auto objective = [&](const std::vector<double>& x) {
        apply(x, curve);
        for (std::size_t i = 0; i < target.slip.size(); ++i)
            fitted[i] = pureSlipForce(p, direction, target.slip[i], load, load);
        return normalisedSquaredError(target, fitted, peak);
    };
    const FitMinimum best = minimiseBounded(variables, objective, source.settings.maxEvaluations);
    apply(best.x, curve);
    return best.evaluations;
}

}  // namespace

UnityTireParams fitUnity(const FitSource& source, UnityTireParams base, int& evaluations, std::vector<std::string>& notes)
{
    for (const SlipDirection d : {SlipDirection::Longitudinal, SlipDirection::Lateral})
        evaluations += fitCurve(source, base, d);
    notes.push_back("Unity: each curve's force is proportional to the load, and its stiffness is 1");
    return base;
}

}  // namespace jounce::tirefit::detail
