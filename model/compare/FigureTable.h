#pragma once
// The handling figures of several runs as one table, with the best value of each row marked.

#include "ComparisonRun.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace jounce::compare {

struct FigureRow {
    std::string id;
    std::string label;
    std::string unit;
    sim::Preference preference = sim::Preference::None;
    std::vector<std::optional<sim::Figure>> figures;  ///< one per run; nullopt: the run had no such row
    /// Runs holding the best value (ties all marked); empty when the figure has no better
    /// direction, fewer than two runs have a value, or every value is the same.
    std::vector<std::size_t> best;
};

/// One row per figure any run produced, in the catalogue's order.
std::vector<FigureRow> figureTable(std::span<const VehicleRun> runs);

/// Indices of the best values under a preference (see FigureRow::best).
std::vector<std::size_t> bestOf(const std::vector<std::optional<double>>& values, sim::Preference preference);

}  // namespace jounce::compare
