// jounce-cli levers VEHICLE.json --figure FIGURE: the parameters that move one figure most, each
// measured at -20 % and +20 % on the figure's library maneuver (docs/sweeps.md "Levers").

#include "CliCommands.h"
#include "SweepCli.h"

#include "config/VehicleJson.h"
#include "sweep/Levers.h"
#include "sweep/SweepJson.h"

#include <cstdio>
#include <iostream>

namespace jounce::cli {
namespace {

std::string number(const std::optional<double>& v, const char* format = "%.4g")
{
    if (!v)
        return "n/a";
    char b[32];
    std::snprintf(b, sizeof b, format, *v);
    return b;
}

std::string leversCsv(const sweep::FigureInfo& figure, const std::vector<sweep::Lever>& levers)
{
    std::string csv = "lever,path,figure,unit,at -20 %,at +20 %,change\n";
    for (const sweep::Lever& l : levers)
        csv += "\"" + l.name + "\"," + l.path + "," + figure.id + "," + figure.unit + "," + number(l.atLow, "%.9g") + "," +
               number(l.atHigh, "%.9g") + "," + number(l.effect(), "%.9g") + "\n";
    return csv;
}

}  // namespace

int leversCommand(const LeversOptions& o)
{
    const sweep::FigureInfo* figure = sweep::findFigure(o.figure);
    if (!figure || sweep::leverManeuver(o.figure).empty()) {
        std::string ids;
        for (const sweep::FigureInfo& f : sweep::figureCatalogue())
            ids += (ids.empty() ? "" : ", ") + f.id;
        return usageError("levers --figure " + o.figure + ": not a figure Jounce measures; one of " + ids);
    }
    config::VehicleFile file = config::loadVehicle(o.vehicle);
    printProblems(o.vehicle, file.problems);
    if (!file.ok())
        return 1;
    const sweep::Json study = sweep::leversSweepJson(file.config, o.figure);
    sweep::SweepDocument doc = sweep::parseSweep(study.dump(), {".", presetsDir()});
    printProblems(o.vehicle, doc.problems);
    if (!doc.ok())
        return 1;
    const sweep::Sweep& s = doc.sweep;
    const std::vector<sweep::Point> points = sweep::oneAtATimePoints(s);
    double seconds = 0.0;
    const std::vector<sweep::PointResult> results = runWithProgress(s, points, o.threads, "levers", seconds, o.quiet);
    const std::vector<sweep::Lever> levers = sweep::rankLevers(s, results);
    std::optional<double> base = results.empty() || results.front().figures.empty() ? std::nullopt : results.front().figures.front();
    std::printf("levers of %s (%s) on %s, %s: %zu levers at -20 %% and +20 %%, %zu runs in %.2f s\n", figure->label.c_str(),
                figure->id.c_str(), file.config.name.c_str(), sweep::leverManeuver(o.figure).c_str(), levers.size(),
                points.size(), seconds);
    std::printf("vehicle as it is: %s %s\n\n", number(base).c_str(), figure->unit.c_str());
    std::printf("  %-32s %12s %12s %16s\n", "lever", "at -20 %", "at +20 %", ("change, " + figure->unit).c_str());
    for (const sweep::Lever& l : levers)
        std::printf("  %-32s %12s %12s %16s\n", l.name.c_str(), number(l.atLow).c_str(), number(l.atHigh).c_str(),
                    ((l.effect() && *l.effect() > 0 ? "+" : "") + number(l.effect())).c_str());
    for (const sweep::PointResult& r : results)
        if (!r.ok())
            std::cerr << "  point " << r.id << ": " << r.status << "\n";
    if (!o.out.empty()) {
        if (!writeResult(o.out, leversCsv(*figure, levers)))
            return 1;
        std::printf("\nlevers: %s\n", o.out.c_str());
    }
    return 0;
}

}  // namespace jounce::cli
