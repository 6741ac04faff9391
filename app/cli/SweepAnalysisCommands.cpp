// jounce-cli sweep --sensitivity (tornado table), sweep --heatmap (a figure over a two-parameter grid)
// and jounce-cli tune (the optimiser). docs/sweeps.md.

#include "CliCommands.h"
#include "SweepCli.h"

#include "config/VehicleJson.h"
#include "sweep/Sensitivity.h"
#include "sweep/SweepPoints.h"
#include "sweep/SweepTable.h"
#include "sweep/Tune.h"

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace jounce::cli {
namespace {

std::string cell(const std::optional<double>& v)
{
    if (!v)
        return "n/a";
    char b[32];
    std::snprintf(b, sizeof b, "%.4g", *v);
    return b;
}

std::string valueText(const sweep::Json& v)
{
    if (v.is_number_float()) {
        char b[32];
        std::snprintf(b, sizeof b, "%.4g", v.get<double>());
        return b;
    }
    return sweep::valueCell(v);
}

void printTornadoes(const sweep::Sweep& s, std::span<const sweep::Tornado> tornadoes)
{
    std::size_t nameWidth = 9;
    for (const sweep::Parameter& p : s.parameters)
        nameWidth = std::max(nameWidth, p.name.size());
    for (const sweep::Tornado& t : tornadoes) {
        const sweep::FigureInfo* f = sweep::findFigure(t.figure);
        std::printf("\n%s [%s]: base %s\n", f ? f->label.c_str() : t.figure.c_str(), f ? f->unit.c_str() : "",
                    cell(t.base).c_str());
        std::printf("  %-*s  %-21s  %10s  %10s  %10s\n", int(nameWidth), "parameter", "low .. high", "at low", "at high", "swing");
        for (const sweep::TornadoBar& b : t.bars) {
            const std::string range = valueText(b.low) + " .. " + valueText(b.high);
            std::printf("  %-*s  %-21s  %10s  %10s  %10s\n", int(nameWidth), s.parameters[b.parameter].name.c_str(),
                        range.c_str(), cell(b.atLow).c_str(), cell(b.atHigh).c_str(), cell(b.swing()).c_str());
        }
    }
}

std::vector<sweep::PointResult> run(const sweep::Sweep& s, std::span<const sweep::Point> points, int threads,
                                    const std::string& what, double& seconds, bool quiet)
{
    std::vector<sweep::PointResult> results = runWithProgress(s, points, threads, what, seconds, quiet);
    for (const sweep::PointResult& r : results)
        if (!r.ok())
            std::cerr << "  point " << r.id << ": " << r.status << "\n";
    return results;
}

}  // namespace

int sensitivityRun(const std::string& file, const std::string& out, int threads, bool quiet)
{
    const std::optional<sweep::Sweep> s = loadValidSweep(file);
    if (!s)
        return 1;
    const std::vector<sweep::Point> points = sweep::oneAtATimePoints(*s);
    double seconds = 0.0;
    const std::vector<sweep::PointResult> results = run(*s, points, threads, "sensitivity " + s->name, seconds, quiet);
    const std::vector<sweep::Tornado> tornadoes = sweep::tornadoes(*s, results);
    std::printf("sensitivity of \"%s\": the base vehicle and each of %zu parameters at its low and high end, %zu runs "
                "in %.2f s\n", s->name.c_str(), s->parameters.size(), points.size(), seconds);
    printTornadoes(*s, tornadoes);
    if (!out.empty()) {
        if (!writeResult(out, sweep::tornadoCsv(*s, tornadoes)))
            return 1;
        std::printf("\ntornado table: %s\n", out.c_str());
    }
    return 0;
}

int heatMapRun(const std::string& file, const std::string& figure, const std::string& out, int threads, bool quiet)
{
    const std::optional<sweep::Sweep> s = loadValidSweep(file);
    if (!s)
        return 1;
    const auto it = std::find(s->figures.begin(), s->figures.end(), figure);
    if (it == s->figures.end())
        return usageError("sweep --heatmap " + figure + ": not a figure of " + file);
    std::string error = sweep::heatMapProblem(*s);
    if (!error.empty())
        return usageError("sweep --heatmap: " + file + ": " + error);
    const std::vector<sweep::Point> points = sweep::makePoints(*s);
    double seconds = 0.0;
    const std::vector<sweep::PointResult> results = run(*s, points, threads, "heat map " + s->name, seconds, quiet);
    const std::optional<sweep::HeatMap> map = sweep::heatMap(*s, results, std::size_t(it - s->figures.begin()), error);
    if (!map) {
        std::cerr << "jounce-cli: " << error << "\n";
        return 1;
    }
    if (!writeResult(out, sweep::heatMapCsv(*s, *map)))
        return 1;
    std::fprintf(out.empty() ? stderr : stdout, "heat map of %s: %zu x %zu points in %.2f s%s%s\n", figure.c_str(),
                 map->rows.size(), map->columns.size(), seconds, out.empty() ? "" : ": ", out.c_str());
    return 0;
}

int tuneCommand(const TuneOptions& o)
{
    const std::string& file = o.file;
    const std::string& out = o.out;
    const std::string& vehicleOut = o.vehicleOut;
    if (file.empty())
        return usageError("tune needs a SWEEP.json with a \"tune\" section");
    const std::optional<sweep::Sweep> s = loadValidSweep(file);
    if (!s)
        return 1;
    if (!s->tune) {
        std::cerr << "jounce-cli: " << file << ": /tune: missing: the optimiser needs \"tune\": {\"targets\": [...]}\n";
        return 1;
    }
    Progress progress("tune " + s->name, std::size_t(s->tune->maxEvaluations), o.quiet);
    sweep::TuneOptions options;
    options.progress = [&](std::size_t evaluation, double) { progress.update(evaluation + 1); };
    const sweep::TuneResult result = sweep::tune(*s, options);
    progress.finish();
    if (result.evaluations.empty()) {
        std::cerr << "jounce-cli: tune: " << result.stop << "\n";
        return 1;
    }
    const sweep::PointResult& best = result.evaluations[result.best];
    std::printf("tune \"%s\": %zu evaluations in %.2f s; %s\n", s->name.c_str(), result.evaluations.size(), progress.seconds(),
                result.stop.c_str());
    std::printf("best: evaluation %zu, weighted squared error %s%s\n", best.id, cell(result.errors[result.best]).c_str(),
                result.reached ? " (target reached)" : "");
    for (std::size_t i = 0; i < s->parameters.size(); ++i)
        std::printf("  %s = %s%s\n", s->parameters[i].name.c_str(), sweep::valueCell(best.values[i]).c_str(),
                    s->parameters[i].unit == "1" ? "" : (" " + s->parameters[i].unit).c_str());
    for (const sweep::Target& t : s->tune->targets) {
        const std::size_t f = std::size_t(std::find(s->figures.begin(), s->figures.end(), t.figure) - s->figures.begin());
        std::printf("  %s: %s (target %s)\n", t.figure.c_str(), cell(best.figures[f]).c_str(), json::formatNumber(t.value).c_str());
    }
    if (!out.empty() && !writeResult(out, sweep::tuneCsv(*s, result)))
        return 1;
    if (!vehicleOut.empty()) {
        const config::EditResult v = sweep::PointRunner(*s).vehicle({best.id, best.values});
        if (!v.ok() || !writeResult(vehicleOut, config::vehicleToText(*v.config)))
            return 1;
        std::printf("tuned vehicle: %s\n", vehicleOut.c_str());
    }
    return result.reached ? 0 : 1;
}

}  // namespace jounce::cli
