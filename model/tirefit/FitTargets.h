#pragma once
// The searches of each target model (TireFit.h), for TireFit.cpp. Each takes the source, its
// curves at the rest load and the base, and returns the fitted parameters; `evaluations` counts
// the objective's calls, `notes` gains what the target cannot follow.

#include "tirefit/TireSamples.h"

#include <string>
#include <vector>

namespace jounce::tirefit::detail {

/// What every search starts from.
struct FitSource {
    const TireParams& tire;
    double restLoad;          ///< N
    const TireCurves& curves; ///< at the rest load
    const FitSettings& settings;

    /// The source's slope ∂F/∂slip at zero slip and the rest load times `loadFactor` (N per unit
    /// slip, N/rad): a central difference.
    double slopeAtZero(SlipDirection direction, double loadFactor = 1.0) const;
};

/// On the side of zero the range reaches further (the positive one for the default ranges), as a
/// positive slip: where a curve's |force| peaks, and the |force| at the end of the range there.
struct CurveFeatures {
    double peakSlip = 0.0;  ///< > 0
    double peak = 0.0;      ///< N
    double endSlip = 0.0;   ///< > 0
    double end = 0.0;       ///< N
};
CurveFeatures curveFeatures(const Curve& curve);

MagicFormulaTireParams fitMagicFormula(const FitSource& source, MagicFormulaTireParams base, int& evaluations,
                                       std::vector<std::string>& notes);
PhysxTireParams fitPhysx(const FitSource& source, PhysxTireParams base, int& evaluations, std::vector<std::string>& notes);
UnityTireParams fitUnity(const FitSource& source, UnityTireParams base, int& evaluations, std::vector<std::string>& notes);

}  // namespace jounce::tirefit::detail
