#pragma once
// Fitting one tire model to another (docs/tires.md "Fitting and conversion"): the source's pure-slip
// force curves at the wheel's rest load (TireSamples.h) are matched by a target model's parameters
// in a bounded least-squares search (BoundedFit.h), so a tuner can design with a measured Magic
// Formula tire and export the best PhysX or Unity approximation, or the other way.
//
// What each target fits (the rest of its parameters stay those of the base):
// * Magic Formula: the pure-slip shape C, peak D, curvature E and slip stiffness K of Fx and Fy
//   (PCX1, PDX1, PEX1, PKX1; PCY1, PDY1, PEY1, PKY1) at FNOMIN = the rest load;
// * PhysX: longitudinal stiffness, the 3-point friction-vs-slip graph and the cornering stiffness
//   at rest load, split into latStiffX (fitted to how the source's cornering stiffness changes
//   with load, 0.25 to 2 x rest load) and latStiffY;
// * Unity: both WheelFrictionCurves' extremum and asymptote (stiffness 1).

#include "tirefit/TireSamples.h"

#include <optional>
#include <string>
#include <vector>

namespace jounce::tirefit {

/// One fit and how good it is.
struct TireFitResult {
    TireParams fitted;        ///< the target model's parameters
    TireCurves source;        ///< the source's curves
    TireCurves result;        ///< the fitted tire's curves at the same slips
    CurveError longitudinal;  ///< fitted − source, longitudinal force
    CurveError lateral;       ///< fitted − source, lateral force
    int evaluations = 0;      ///< objective evaluations, all searches together
    double seconds = 0.0;     ///< wall time of the fit
    std::vector<std::string> notes;  ///< what the target cannot follow, for the report
    const CurveError& error(SlipDirection d) const { return d == SlipDirection::Longitudinal ? longitudinal : lateral; }
};

/// The default base of a target model for a wheel: the model's defaults, a Magic Formula tire with
/// FNOMIN = `restLoad` and UNLOADED_RADIUS = `wheelRadius` (when > 0).
TireParams defaultBase(TireModelKind target, double restLoad, double wheelRadius);

/// Fits `target` (with the parameters of `base` where it does not fit them; `base` must be of the
/// target model) to the pure-slip curves of `source` at `restLoad` (N). Deterministic.
TireFitResult fitTire(const TireParams& source, double restLoad, const TireParams& base, const FitSettings& settings);

}  // namespace jounce::tirefit
