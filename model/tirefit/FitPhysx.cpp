// The PhysX target (vehicle-model §2.9, §2.10): at rest load the lateral curve is set by the
// cornering stiffness and the graph's friction at zero slip, the longitudinal one by the
// longitudinal stiffness and the whole graph, so the two curves are fitted together (7
// variables). latStiffX and latStiffY share the cornering stiffness at rest: latStiffX is fitted
// first to how the source's cornering stiffness changes with load.

#include "tirefit/BoundedFit.h"
#include "tirefit/FitTargets.h"

#include "vehicle/tire/PhysxTire.h"

#include <algorithm>
#include <cmath>

namespace jounce::tirefit::detail {
namespace {

/// The normalised loads at which the cornering stiffness's load sensitivity is compared.
constexpr double kLoadFactors[] = {0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75, 2.0};

/// latStiffX whose f1(3 ℓ / latStiffX) (§2.10 step 3) best follows the source's cornering stiffness
/// against load ℓ, both relative to rest load.
double fitLatStiffX(const FitSource& source, double start, int& evaluations)
{
    const double atRest = source.slopeAtZero(SlipDirection::Lateral);
    std::vector<double> ratio;
    for (const double l : kLoadFactors)
        ratio.push_back(atRest != 0.0 ? source.slopeAtZero(SlipDirection::Lateral, l) / atRest : l);
    const auto objective = [&](const std::vector<double>& x) {
        const double rest = sim::tireSmoothing1(3.0 / x[0]);
        double sum = 0.0;
        for (std::size_t i = 0; i < ratio.size(); ++i) {
            const double d = sim::tireSmoothing1(3.0 * kLoadFactors[i] / x[0]) / rest - ratio[i];
            sum += d * d;
        }
        return sum;
    };
    // Within the registry's plausible range (0.01 to 50).
    const FitMinimum best = minimiseBounded({{0.05, 50.0, start, true}}, objective, std::min(400, source.settings.maxEvaluations));
    evaluations += best.evaluations;
    return best.x[0];
}

/// The graph and stiffnesses of the variables: C_L / F_z, C_T / F_z, y0, y1 − y0, x1, where x2 lies
/// between x1 and the graph's end (share), y2 / y1.
struct Variables {
    double longStiffness, latStiffness, y0, rise, x1, x2Share, fall;
};

Variables unpack(const std::vector<double>& x) { return {x[0], x[1], x[2], x[3], x[4], x[5], x[6]}; }

void apply(const Variables& v, double graphEnd, double restLoad, PhysxTireParams& p)
{
    const double y1 = v.y0 + v.rise;
    const double x2 = v.x1 + v.x2Share * (graphEnd - v.x1);
    p.frictionVsSlipGraph = {{0.0, v.y0}, {v.x1, y1}, {x2, y1 * v.fall}};
    p.longitudinalStiffnessPerUnitGravity = v.longStiffness * restLoad / kGravity;
    // C_T = L_rest · latStiffY · f1(3 / latStiffX) at ℓ = 1 (§2.10 step 3).
    p.latStiffY = v.latStiffness / sim::tireSmoothing1(3.0 / p.latStiffX);
}

}  // namespace

PhysxTireParams fitPhysx(const FitSource& source, PhysxTireParams base, int& evaluations, std::vector<std::string>& notes)
{
    const double load = source.restLoad;
    base.restLoad = 0.0;  // PhysX 4.1's own: g·(sprung mass + wheel mass), the load the fit is at
    base.latStiffX = fitLatStiffX(source, base.latStiffX, evaluations);
    const CurveFeatures lon = curveFeatures(source.curves.longitudinal);
    const CurveFeatures lat = curveFeatures(source.curves.lateral);
    // The graph reaches past the slips compared (points beyond them change nothing there).
    const double graphEnd = std::max(1.0, std::max(std::abs(source.settings.slipRatio.min), std::abs(source.settings.slipRatio.max)));
    const double y0 = std::clamp(lat.peak / load, 0.05, 4.0);
    const double y1 = std::max(y0, lon.peak / load);
    const std::vector<FitVariable> variables{
        {0.1, 500.0, std::abs(source.slopeAtZero(SlipDirection::Longitudinal)) / load, true},
        {0.1, 500.0, std::abs(source.slopeAtZero(SlipDirection::Lateral)) / load, true},
        {0.05, 4.0, y0, false},
        {0.0, 4.0, y1 - y0, false},
        {0.002, 0.95 * graphEnd, std::max(0.002, lon.peakSlip), true},
        {0.001, 1.0, 0.9, false},
        {0.0, 1.0, y1 > 0.0 ? std::clamp(lon.end / load / y1, 0.0, 1.0) : 1.0, false},
    };
    PhysxTireParams p = base;
    const Curve& fx = source.curves.longitudinal;
    const Curve& fy = source.curves.lateral;
    const double fxPeak = curvePeak(fx), fyPeak = curvePeak(fy);
    std::vector<double> fittedX(fx.slip.size()), fittedY(fy.slip.size());
    const auto objective = [&](const std::vector<double>& x) {
        apply(unpack(x), graphEnd, load, p);
        for (std::size_t i = 0; i < fx.slip.size(); ++i)
            fittedX[i] = pureSlipForce(p, SlipDirection::Longitudinal, fx.slip[i], load, load);
        for (std::size_t i = 0; i < fy.slip.size(); ++i)
            fittedY[i] = pureSlipForce(p, SlipDirection::Lateral, fy.slip[i], load, load);
        return normalisedSquaredError(fx, fittedX, fxPeak) + normalisedSquaredError(fy, fittedY, fyPeak);
    };
    const FitMinimum best = minimiseBounded(variables, objective, source.settings.maxEvaluations);
    evaluations += best.evaluations;
    apply(unpack(best.x), graphEnd, load, p);
    notes.push_back("PhysX: the lateral friction is the graph's at zero slip, so it cannot exceed the longitudinal "
                    "peak (§1.5), and the force's peak scales with load alone");
    return p;
}

}  // namespace jounce::tirefit::detail
