#pragma once
// A bounded least-squares search for the tire fits (docs/tires.md "Fitting and conversion"): NLopt's
// Nelder-Mead simplex on the variables mapped onto [0, 1] (stiffnesses on a log scale, so a start a
// decade off is as near as one 10 % off), restarted from its best point so a collapsed simplex does
// not end the search. No randomness: the same start gives the same result.

#include <functional>
#include <vector>

namespace jounce::tirefit {

/// One variable of a fit: its bounds, its start and whether it is searched on a log scale.
struct FitVariable {
    double lo = 0.0;
    double hi = 1.0;
    double start = 0.5;        ///< clamped into [lo, hi]
    bool logScale = false;     ///< lo and hi must be > 0 (a negative range: negate the variable)
};

/// The best point found.
struct FitMinimum {
    std::vector<double> x;  ///< in the variables' own units
    double value = 0.0;     ///< the objective there
    int evaluations = 0;    ///< how many times the objective was called
};

/// Minimises `objective` (of the variables in their own units) within the bounds in at most
/// `maxEvaluations` calls.
FitMinimum minimiseBounded(const std::vector<FitVariable>& variables,
                           const std::function<double(const std::vector<double>&)>& objective, int maxEvaluations);

}  // namespace jounce::tirefit
