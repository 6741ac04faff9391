#pragma once
// The compare report as CSV: the run settings, the figures (with the best marked), the derived
// quantities and the parameters, one column per vehicle, so a spreadsheet can sort and chart it.

#include "ComparisonRun.h"
#include "RunStatus.h"
#include "config/VehicleConfig.h"

#include <span>
#include <string>
#include <vector>

namespace jounce::compare {

struct ReportInput {
    std::vector<std::string> labels;                 ///< one per vehicle, the column headers
    std::vector<const VehicleConfig*> vehicles;
    std::span<const VehicleRun> runs;                ///< empty: parameters only
    /// One per vehicle with runs (matchRuns): a "status" row says which results are stale, and a
    /// vehicle not run has empty run cells. Empty: every run is of the vehicle as given, no row.
    std::vector<ResultStatus> status;
    std::string maneuver;                            ///< names, for the run rows
    std::string terrain;
    bool allParameters = false;                      ///< false: only the rows that differ
};

/// Columns: kind, id, label, unit, one per vehicle, best. Kinds: run, figure, derived, parameter.
/// Figures and derived rows, like the parameters, are those of `vehicles` and `runs` as given.
/// Numbers in their shortest round-trip form; an empty cell is "not defined for this vehicle".
std::string compareReportCsv(const ReportInput& input);

/// RFC 4180 quoting: a field with a comma, quote or line break is quoted, quotes doubled.
std::string csvField(const std::string& text);

}  // namespace jounce::compare
