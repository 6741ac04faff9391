#pragma once
// Whether a run's results are still those of the vehicle shown. The compare view keeps the results
// of its last run while the vehicles change (an edit, a value copied from the winner, another file
// in a slot); results of a vehicle as it no longer is are stale, and the view and its report say so
// rather than passing them off as the vehicle's.

#include "ComparisonRun.h"
#include "config/VehicleConfig.h"

#include <span>
#include <string>
#include <vector>

namespace jounce::compare {

enum class ResultStatus {
    Current,  ///< the run was made of the vehicle as it is now
    Stale,    ///< the vehicle changed since: the results are of what it was
    NotRun,   ///< no run of this vehicle
};

/// "current", "stale: the vehicle changed after the run", "not run".
std::string resultStatusText(ResultStatus status);

/// A vehicle of a comparison: where the view shows it (a slot) and its configuration.
struct RunKey {
    int slot = -1;
    const VehicleConfig* config = nullptr;
};

/// The results of the last run matched to the vehicles shown now, one entry per shown vehicle.
struct MatchedRuns {
    std::vector<VehicleRun> runs;  ///< the run of the vehicle's slot without its trace; empty when not run
    std::vector<ResultStatus> status;
};

/// Matches run i (made of `ran[i]`) to each shown vehicle by slot: Current when the configuration
/// is still equal to the one run (an edit undone is current again), Stale when it differs, NotRun
/// when its slot was not run.
MatchedRuns matchRuns(std::span<const VehicleRun> runs, std::span<const RunKey> ran, std::span<const RunKey> shown);

}  // namespace jounce::compare
