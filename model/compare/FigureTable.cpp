#include "FigureTable.h"

#include <algorithm>
#include <cmath>

namespace jounce::compare {

std::vector<std::size_t> bestOf(const std::vector<std::optional<double>>& values, sim::Preference preference)
{
    if (preference == sim::Preference::None)
        return {};
    std::vector<std::pair<std::size_t, double>> scored;  // lower score is better
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (!values[i] || !std::isfinite(*values[i]))
            continue;
        const double v = *values[i];
        double score = v;
        if (preference == sim::Preference::Higher)
            score = -v;
        else if (preference == sim::Preference::LowerMagnitude)
            score = std::fabs(v);
        scored.emplace_back(i, score);
    }
    if (scored.size() < 2)
        return {};
    const auto [lo, hi] = std::minmax_element(scored.begin(), scored.end(),
                                              [](const auto& a, const auto& b) { return a.second < b.second; });
    if (lo->second == hi->second)
        return {};
    std::vector<std::size_t> best;
    for (const auto& [i, score] : scored)
        if (score == lo->second)
            best.push_back(i);
    return best;
}

std::vector<FigureRow> figureTable(std::span<const VehicleRun> runs)
{
    std::vector<FigureRow> rows;
    for (std::size_t r = 0; r < runs.size(); ++r) {
        for (const sim::Figure& f : runs[r].figures) {
            auto it = std::find_if(rows.begin(), rows.end(), [&](const FigureRow& row) { return row.id == f.id; });
            if (it == rows.end()) {
                FigureRow row{f.id, f.label, f.unit, f.preference, {}, {}};
                row.figures.resize(runs.size());
                rows.push_back(std::move(row));
                it = rows.end() - 1;
            }
            it->figures[r] = f;
        }
    }
    // Every run of one maneuver produces the same figure list, so first-seen order is the catalogue's.
    for (FigureRow& row : rows) {
        // A run that drove a surface its friction table lacks (as surface type 0) is not ranked: ice
        // read as tarmac would win every braking figure.
        std::vector<std::optional<double>> values;
        for (std::size_t r = 0; r < row.figures.size(); ++r) {
            const auto& f = row.figures[r];
            values.push_back(f && runs[r].unknownSurfaces.empty() ? f->value : std::nullopt);
        }
        row.best = bestOf(values, row.preference);
    }
    return rows;
}

}  // namespace jounce::compare
