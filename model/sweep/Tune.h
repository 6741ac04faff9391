#pragma once
// The optimiser (docs/sweeps.md "Tuning"): moves the sweep's parameters within their ranges until
// the collected figures reach the targets, minimising the weighted squared error
// sum(weight * (figure - target)^2). It is NLopt's Nelder-Mead simplex (Debian's libnlopt-cxx-dev,
// NLOPT_LN_NELDERMEAD with bound constraints) over the ranges scaled to [0, 1]: derivative-free,
// because a figure is the outcome of a whole run. Every evaluated point is kept, in order. The
// search is deterministic: the same file gives the same evaluations.

#include "sweep/SweepRun.h"

#include <atomic>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace jounce::sweep {

/// The error of a point whose targets cannot all be measured (a failed run, an n/a figure): worse
/// than any point that measures them, so the simplex moves away from it.
inline constexpr double kUnmeasuredError = 1e12;

struct TuneOptions {
    const std::atomic<bool>* cancel = nullptr;
    /// After each evaluation: its index (from 0) and error.
    std::function<void(std::size_t evaluation, double error)> progress;
};

struct TuneResult {
    std::vector<PointResult> evaluations;  ///< every point evaluated, ids 0, 1, ... in order
    std::vector<double> errors;            ///< the weighted squared error of each
    std::size_t best = 0;                  ///< the evaluation with the smallest error
    bool reached = false;                  ///< the best error is at or below tune.stopAt
    std::string stop;                      ///< why the search ended, for people
};

/// The weighted squared error of a result against the sweep's tune targets.
double targetError(const Sweep& sweep, const PointResult& result);

/// Where the search starts: each parameter at the base vehicle's value (its first leaf's; 1 for a
/// factor), clamped into its range, as a fraction of the range.
std::vector<double> tuneStart(const Sweep& sweep);

/// Every evaluation as the results table (SweepTable.h) with an "error" column before the status.
std::string tuneCsv(const Sweep& sweep, const TuneResult& result);

/// Runs the optimiser. The sweep must have `tune` and only range parameters (parseSweep checks).
TuneResult tune(const Sweep& sweep, const TuneOptions& options = {});

}  // namespace jounce::sweep
