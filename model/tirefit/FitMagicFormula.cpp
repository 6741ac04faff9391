// The Magic Formula target: Fx's and Fy's pure-slip C, D, E and K at FNOMIN = the rest load, where
// the load terms (PDX2, PKY2, ...) drop out (dfz = 0), each direction its own 4-variable search.

#include "tirefit/BoundedFit.h"
#include "tirefit/FitTargets.h"

#include <algorithm>
#include <cmath>

namespace jounce::tirefit::detail {
namespace {

/// The coefficients one direction fits, in the order C, D, E, K.
struct Coefficients {
    double* c;
    double* d;
    double* e;
    double* k;
};

Coefficients coefficientsOf(MagicFormulaTireParams& p, SlipDirection direction)
{
    if (direction == SlipDirection::Longitudinal)
        return {&p.longitudinal.PCX1, &p.longitudinal.PDX1, &p.longitudinal.PEX1, &p.longitudinal.PKX1};
    return {&p.lateral.PCY1, &p.lateral.PDY1, &p.lateral.PEY1, &p.lateral.PKY1};
}

/// The base's forces at the source's slips.
std::vector<double> forcesOf(const MagicFormulaTireParams& p, SlipDirection direction, const Curve& at, double load)
{
    std::vector<double> out;
    out.reserve(at.slip.size());
    for (const double s : at.slip)
        out.push_back(pureSlipForce(p, direction, s, load, load));
    return out;
}

/// Fits one direction's C, D, E, K into `p`. The start scales the base's D by the ratio of the two
/// peaks and its K by the ratio of the two slopes at zero; C and E start as the base's.
int fitDirection(const FitSource& source, MagicFormulaTireParams& p, SlipDirection direction)
{
    const Curve& target = source.curves[direction];
    const double load = source.restLoad;
    const double peak = curvePeak(target);
    Coefficients co = coefficientsOf(p, direction);
    Curve base{target.slip, forcesOf(p, direction, target, load)};
    const double basePeak = curvePeak(base);
    const double sourceSlope = source.slopeAtZero(direction);
    const double baseSlope = (pureSlipForce(p, direction, 1e-4, load, load) - pureSlipForce(p, direction, -1e-4, load, load)) / 2e-4;
    // K is searched as a magnitude: the lateral one is negative in ISO-W (docs/vehicle-model.md
    // "Magic Formula tire"), and both must keep their sign.
    const double kSign = *co.k < 0.0 ? -1.0 : 1.0;
    const double kStart = std::abs(*co.k) * (baseSlope != 0.0 ? std::abs(sourceSlope / baseSlope) : 1.0);
    const double dStart = *co.d * (basePeak > 0.0 ? peak / basePeak : 1.0);
    const std::vector<FitVariable> variables{
        {0.3, 3.0, *co.c, false},      // C: below 1 the curve has no peak, above 2 it turns back
        {0.02, 6.0, dStart, false},    // D: the peak friction
        {-20.0, 1.0, *co.e, false},    // E: the formula clamps it at 1
        {0.05, 500.0, kStart, true},   // |K| / Fz: the slip stiffness over the load
    };
    std::vector<double> fitted(target.slip.size());
    const auto objective = [&](const std::vector<double>& x) {
        *co.c = x[0];
        *co.d = x[1];
        *co.e = x[2];
        *co.k = kSign * x[3];
        for (std::size_t i = 0; i < target.slip.size(); ++i)
            fitted[i] = pureSlipForce(p, direction, target.slip[i], load, load);
        return normalisedSquaredError(target, fitted, peak);
    };
    const FitMinimum best = minimiseBounded(variables, objective, source.settings.maxEvaluations);
    objective(best.x);
    return best.evaluations;
}

}  // namespace

MagicFormulaTireParams fitMagicFormula(const FitSource& source, MagicFormulaTireParams base, int& evaluations,
                                       std::vector<std::string>& notes)
{
    // FNOMIN at the rest load: the coefficients fitted there are the tire at that load, whatever the
    // load terms of the base (docs/tires.md "Fitting and conversion").
    base.operating.FNOMIN = source.restLoad / base.scaling.LFZO;
    if (base.lateral.PKY1 == 0.0)
        base.lateral.PKY1 = -1.0;
    for (const SlipDirection d : {SlipDirection::Longitudinal, SlipDirection::Lateral})
        evaluations += fitDirection(source, base, d);
    notes.push_back("Magic Formula: Fx and Fy's C, D, E and K fitted at FNOMIN = the rest load; load, camber, "
                    "combined-slip and aligning coefficients are the base tire's");
    return base;
}

}  // namespace jounce::tirefit::detail
