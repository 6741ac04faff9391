#pragma once
// The pure-slip force curves of a tire as the fits compare them (docs/tires.md "Fitting and
// conversion"): the longitudinal force against the slip ratio with no slip angle, the lateral force
// against the slip angle with no slip ratio, at one load, on a road of μ = 1 and without camber,
// evaluated through each model's own functions (PhysxTire::forces and friction, UnityTire::forces,
// the steady-state magicFormula) -- never the Magic Formula's transient slips. Forces are Jounce's
// (TireForces::longForce, latForce) on a left wheel: the lateral force opposes a positive slip angle.

#include "config/TireModels.h"

#include <string>
#include <vector>

namespace jounce::tirefit {

/// The two pure-slip directions.
enum class SlipDirection { Longitudinal, Lateral };

/// A closed slip interval: slip ratio (1) or slip angle (rad).
struct SlipRange {
    double min = 0.0;
    double max = 0.0;
    friend bool operator==(const SlipRange&, const SlipRange&) = default;
};

/// What a fit samples and how hard it searches.
struct FitSettings {
    SlipRange slipRatio{-1.0, 1.0};    ///< the longitudinal curve's slips (1)
    SlipRange slipAngle{-0.5, 0.5};    ///< the lateral curve's slips (rad)
    int samples = 201;                 ///< points per curve, evenly spaced, ends included
    int maxEvaluations = 4000;         ///< per search (the Magic Formula target searches twice)
};

/// "slip ratio -1 to 1" / "slip angle -0.5 to 0.5 rad".
std::string rangeText(SlipDirection direction, const SlipRange& range);

/// The pure-slip force (N) of each model at `slip` and `load` (N); `restLoad` (N) is the wheel's L_rest
/// (vehicle-model §2.6), which normalises the load of the PhysX tire's lateral stiffness.
double pureSlipForce(const PhysxTireParams& tire, SlipDirection direction, double slip, double load, double restLoad);
double pureSlipForce(const UnityTireParams& tire, SlipDirection direction, double slip, double load, double restLoad);
double pureSlipForce(const MagicFormulaTireParams& tire, SlipDirection direction, double slip, double load, double restLoad);
double pureSlipForce(const TireParams& tire, SlipDirection direction, double slip, double load, double restLoad);

/// One sampled curve: slips and forces (N), index for index.
struct Curve {
    std::vector<double> slip;
    std::vector<double> force;
};

/// Evenly spaced slips over `range`, `count` of them (at least 2).
std::vector<double> slipGrid(const SlipRange& range, int count);

/// Both pure-slip curves of a tire at `load` = its rest load.
struct TireCurves {
    double load = 0.0;  ///< N
    Curve longitudinal;
    Curve lateral;
    const Curve& operator[](SlipDirection d) const { return d == SlipDirection::Longitudinal ? longitudinal : lateral; }
};
TireCurves sampleTire(const TireParams& tire, double restLoad, const FitSettings& settings);

/// How far a fitted curve is from its source over the sampled slips.
struct CurveError {
    SlipRange range;        ///< the slips compared
    double peak = 0.0;      ///< the source's largest |force| there, N
    double rms = 0.0;       ///< root mean square of fitted − source, N
    double max = 0.0;       ///< largest |fitted − source|, N
    double maxAt = 0.0;     ///< the slip of that largest error
    double rmsPercent() const { return peak > 0.0 ? 100.0 * rms / peak : 0.0; }
    double maxPercent() const { return peak > 0.0 ? 100.0 * max / peak : 0.0; }
};
CurveError curveError(const Curve& source, const Curve& fitted);

/// Σ (fitted − source)² / (n · peak²): the fits' objective for one curve (its RMS as a share of
/// the source's peak, squared), so both directions weigh alike whatever their forces.
double normalisedSquaredError(const Curve& source, const std::vector<double>& fitted, double peak);

/// The largest |force| of a curve (at least 1 N, so a curve of zeros does not divide by zero).
double curvePeak(const Curve& curve);

}  // namespace jounce::tirefit
