#pragma once
// What the figures do as the parameters move (docs/sweeps.md "Sensitivity"):
//
// * one at a time: the base vehicle (point 0), then each parameter at its low and at its high end
//   with every other parameter at the base vehicle's value (points 2i + 1 and 2i + 2). Per figure,
//   the parameters sorted by how far the figure swings between their two ends: tornado data.
// * a heat map: a figure over a grid of two parameters.

#include "sweep/SweepRun.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace jounce::sweep {

/// The 1 + 2 x parameters points of a one-at-a-time study. A value that leaves its parameter at the
/// base vehicle's value is null (no edit; an empty cell in the table).
std::vector<Point> oneAtATimePoints(const Sweep& sweep);

struct TornadoBar {
    std::size_t parameter = 0;       ///< index into Sweep::parameters
    Json low, high;                  ///< the parameter's two ends
    std::optional<double> atLow, atHigh;  ///< the figure there (nullopt: n/a or the point failed)
    /// |atHigh - atLow|; nullopt when either end has no value.
    std::optional<double> swing() const;
};

struct Tornado {
    std::string figure;            ///< figure id
    std::optional<double> base;    ///< the figure of the base vehicle
    std::vector<TornadoBar> bars;  ///< largest swing first, bars without a swing last (then file order)
};

/// One tornado per figure from the results of oneAtATimePoints (in that order).
std::vector<Tornado> tornadoes(const Sweep& sweep, std::span<const PointResult> results);

/// "figure,parameter,low,high,at low,at high,base,swing": one line per bar, figure by figure.
std::string tornadoCsv(const Sweep& sweep, std::span<const Tornado> tornadoes);

/// A figure over a grid of two parameters: rows the first parameter's levels, columns the second's.
struct HeatMap {
    std::string figure;
    std::vector<Json> rows, columns;            ///< the two parameters' levels
    std::vector<std::optional<double>> cells;   ///< rows x columns, row by row
    std::vector<std::size_t> points;            ///< the point id of each cell
    /// The cell of the base vehicle: each parameter's level equal to the base vehicle's value, else
    /// the nearest; nullopt when a parameter's base value is no number and no level equals it.
    std::optional<std::size_t> baseRow, baseColumn;
    bool baseExact = false;  ///< both levels equal the base vehicle's values (not only nearest)

    const std::optional<double>& at(std::size_t row, std::size_t column) const { return cells[row * columns.size() + column]; }
};

/// Why the sweep cannot give a heat map ("" when it can): a grid design of exactly two parameters.
std::string heatMapProblem(const Sweep& sweep);

/// The heat map of figure `figure` (index into Sweep::figures) from a whole grid sweep of exactly two
/// parameters (results in point order); nullopt, with `error` set, for any other sweep.
std::optional<HeatMap> heatMap(const Sweep& sweep, std::span<const PointResult> results, std::size_t figure,
                               std::string& error);

/// The value parameter `parameter` has in the sweep's base vehicle: its first leaf's value (1 for a
/// factor); nullopt when the vehicle has no such leaf.
std::optional<Json> baseValue(const Sweep& sweep, std::size_t parameter);

/// "ROW \ COLUMN,c1,c2,...", then one line per row: its level and the cells (empty where n/a).
std::string heatMapCsv(const Sweep& sweep, const HeatMap& map);

}  // namespace jounce::sweep
