#include "sweep/Sensitivity.h"

#include "sweep/SweepEdits.h"
#include "sweep/SweepPoints.h"
#include "sweep/SweepTable.h"

#include "config/ParameterRegistry.h"

#include <algorithm>
#include <cmath>

namespace jounce::sweep {
namespace {

/// The level equal to `base` (numbers within a relative 1e-9), else the nearest number; `exact`
/// says which.
std::optional<std::size_t> levelOf(const std::vector<Json>& levels, const std::optional<Json>& base, bool& exact)
{
    exact = false;
    if (!base)
        return std::nullopt;
    std::optional<std::size_t> nearest;
    double best = 0.0;
    for (std::size_t i = 0; i < levels.size(); ++i) {
        if (levels[i] == *base) {
            exact = true;
            return i;
        }
        if (!levels[i].is_number() || !base->is_number())
            continue;
        const double a = levels[i].get<double>(), b = base->get<double>();
        const double d = std::fabs(a - b);
        if (d <= 1e-9 * std::max(std::fabs(a), std::fabs(b))) {
            exact = true;
            return i;
        }
        if (!nearest || d < best) {
            nearest = i;
            best = d;
        }
    }
    return nearest;
}

}  // namespace

std::optional<Json> baseValue(const Sweep& sweep, std::size_t parameter)
{
    if (parameter >= sweep.parameters.size() || !sweep.vehicle)
        return std::nullopt;
    const Parameter& p = sweep.parameters[parameter];
    if (p.scale == Scale::Factor)
        return Json(1.0);
    const std::vector<LeafTarget> leaves = parameterLeaves(*sweep.vehicle, p);
    if (leaves.empty())
        return std::nullopt;
    return config::ParameterRegistry::instance().get(*sweep.vehicle, leaves.front().path);
}

std::vector<Point> oneAtATimePoints(const Sweep& sweep)
{
    const std::size_t n = sweep.parameters.size();
    std::vector<Point> points;
    points.push_back({0, std::vector<Json>(n)});
    for (std::size_t i = 0; i < n; ++i) {
        for (const Json& end : {sweep.parameters[i].low(), sweep.parameters[i].high()}) {
            Point p{points.size(), std::vector<Json>(n)};
            p.values[i] = end;
            points.push_back(std::move(p));
        }
    }
    return points;
}

std::optional<double> TornadoBar::swing() const
{
    if (!atLow || !atHigh)
        return std::nullopt;
    return std::fabs(*atHigh - *atLow);
}

std::vector<Tornado> tornadoes(const Sweep& sweep, std::span<const PointResult> results)
{
    std::vector<Tornado> out;
    if (results.size() != 1 + 2 * sweep.parameters.size())
        return out;
    auto figureAt = [&](std::size_t point, std::size_t f) -> std::optional<double> {
        const PointResult& r = results[point];
        return f < r.figures.size() ? r.figures[f] : std::nullopt;
    };
    for (std::size_t f = 0; f < sweep.figures.size(); ++f) {
        Tornado t{sweep.figures[f], figureAt(0, f), {}};
        for (std::size_t i = 0; i < sweep.parameters.size(); ++i)
            t.bars.push_back({i, sweep.parameters[i].low(), sweep.parameters[i].high(), figureAt(2 * i + 1, f),
                              figureAt(2 * i + 2, f)});
        std::stable_sort(t.bars.begin(), t.bars.end(), [](const TornadoBar& a, const TornadoBar& b) {
            const std::optional<double> sa = a.swing(), sb = b.swing();
            if (sa && sb)
                return *sa > *sb;
            return sa.has_value() && !sb.has_value();
        });
        out.push_back(std::move(t));
    }
    return out;
}

std::string tornadoCsv(const Sweep& sweep, std::span<const Tornado> tornadoes)
{
    std::string out = "figure,parameter,low,high,at low,at high,base,swing\n";
    for (const Tornado& t : tornadoes) {
        const FigureInfo* info = findFigure(t.figure);
        const std::string figure = csvField(info && !info->unit.empty() ? t.figure + " [" + info->unit + "]" : t.figure);
        for (const TornadoBar& b : t.bars)
            out += figure + "," + csvField(sweep.parameters[b.parameter].name) + "," + valueCell(b.low) + "," +
                   valueCell(b.high) + "," + figureCell(b.atLow) + "," + figureCell(b.atHigh) + "," +
                   figureCell(t.base) + "," + figureCell(b.swing()) + "\n";
    }
    return out;
}

std::string heatMapProblem(const Sweep& sweep)
{
    if (sweep.design.type != DesignType::Grid || sweep.parameters.size() != 2)
        return "a heat map needs a grid design of exactly two parameters";
    return {};
}

std::optional<HeatMap> heatMap(const Sweep& sweep, std::span<const PointResult> results, std::size_t figure,
                               std::string& error)
{
    if (error = heatMapProblem(sweep); !error.empty())
        return std::nullopt;
    if (figure >= sweep.figures.size()) {
        error = "no such figure in the sweep";
        return std::nullopt;
    }
    HeatMap map;
    map.figure = sweep.figures[figure];
    map.rows = gridLevels(sweep.parameters[0]);
    map.columns = gridLevels(sweep.parameters[1]);
    if (results.size() != map.rows.size() * map.columns.size()) {
        error = "the results do not cover the whole grid (" + std::to_string(results.size()) + " of " +
                std::to_string(map.rows.size() * map.columns.size()) + " points)";
        return std::nullopt;
    }
    for (const PointResult& r : results) {  // grid ids: row-major, the second parameter fastest
        map.cells.push_back(figure < r.figures.size() ? r.figures[figure] : std::nullopt);
        map.points.push_back(r.id);
    }
    bool rowExact = false, columnExact = false;
    map.baseRow = levelOf(map.rows, baseValue(sweep, 0), rowExact);
    map.baseColumn = levelOf(map.columns, baseValue(sweep, 1), columnExact);
    map.baseExact = rowExact && columnExact;
    return map;
}

std::string heatMapCsv(const Sweep& sweep, const HeatMap& map)
{
    std::string out = csvField(sweep.parameters[0].name + " \\ " + sweep.parameters[1].name);
    for (const Json& c : map.columns)
        out += "," + valueCell(c);
    out += "\n";
    for (std::size_t r = 0; r < map.rows.size(); ++r) {
        out += valueCell(map.rows[r]);
        for (std::size_t c = 0; c < map.columns.size(); ++c)
            out += "," + figureCell(map.at(r, c));
        out += "\n";
    }
    return out;
}

}  // namespace jounce::sweep
