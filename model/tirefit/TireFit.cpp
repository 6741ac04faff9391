#include "tirefit/TireFit.h"

#include "tirefit/FitTargets.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <variant>

namespace jounce::tirefit {

namespace detail {

double FitSource::slopeAtZero(SlipDirection direction, double loadFactor) const
{
    // Wide enough to be above the PhysX tire's dead zone (kMinTireSlipOrCamber, 1e-5), narrow
    // enough to be the slope at zero of every curve of a real tire.
    constexpr double h = 1e-4;
    const double load = restLoad * loadFactor;
    return (pureSlipForce(tire, direction, h, load, restLoad) - pureSlipForce(tire, direction, -h, load, restLoad)) / (2.0 * h);
}

CurveFeatures curveFeatures(const Curve& curve)
{
    CurveFeatures f;
    // The side of the range with the larger reach: the positive one for the default ranges.
    const bool positive = curve.slip.empty() || curve.slip.back() >= -curve.slip.front();
    for (std::size_t i = 0; i < curve.slip.size(); ++i) {
        const double s = positive ? curve.slip[i] : -curve.slip[i];
        if (!(s > 0.0))
            continue;
        const double a = std::abs(curve.force[i]);
        if (a > f.peak) {
            f.peak = a;
            f.peakSlip = s;
        }
        if (s >= f.endSlip) {
            f.endSlip = s;
            f.end = a;
        }
    }
    return f;
}

}  // namespace detail

TireParams defaultBase(TireModelKind target, double restLoad, double wheelRadius)
{
    switch (target) {
    case TireModelKind::PhysX:
        return PhysxTireParams{};
    case TireModelKind::Unity:
        return UnityTireParams{};
    case TireModelKind::MagicFormula:
        break;
    }
    MagicFormulaTireParams mf;
    mf.operating.FNOMIN = restLoad;
    if (wheelRadius > 0.0)
        mf.dimension.UNLOADED_RADIUS = wheelRadius;
    return mf;
}

TireFitResult fitTire(const TireParams& source, double restLoad, const TireParams& base, const FitSettings& settings)
{
    const auto started = std::chrono::steady_clock::now();
    TireFitResult out;
    out.source = sampleTire(source, restLoad, settings);
    const detail::FitSource from{source, restLoad, out.source, settings};
    if (const auto* mf = std::get_if<MagicFormulaTireParams>(&base))
        out.fitted = detail::fitMagicFormula(from, *mf, out.evaluations, out.notes);
    else if (const auto* physx = std::get_if<PhysxTireParams>(&base))
        out.fitted = detail::fitPhysx(from, *physx, out.evaluations, out.notes);
    else
        out.fitted = detail::fitUnity(from, std::get<UnityTireParams>(base), out.evaluations, out.notes);
    out.result = sampleTire(out.fitted, restLoad, settings);
    out.longitudinal = curveError(out.source.longitudinal, out.result.longitudinal);
    out.lateral = curveError(out.source.lateral, out.result.lateral);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return out;
}

}  // namespace jounce::tirefit
