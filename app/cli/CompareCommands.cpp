// diff, patch and compare: what differs between vehicles, as a JSON Patch and as handling figures
// from the same maneuver, run on every core.

#include "CliCommands.h"

#include "compare/CompareReport.h"
#include "compare/ComparisonRun.h"
#include "compare/FigureTable.h"
#include "compare/VehiclePatch.h"
#include "json/JsonText.h"
#include "config/VehicleJson.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainJson.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <thread>

namespace jounce::cli {
namespace {

/// A vehicle file that must be free of errors to be compared or patched.
bool loadValidVehicle(const std::string& file, VehicleConfig& out)
{
    config::VehicleFile doc = config::loadVehicle(file);
    if (!doc.ok()) {
        printProblems(file, doc.problems);
        std::cerr << "jounce-cli: " << file << " has errors; fix them first (jounce-cli validate " << file << ")\n";
        return false;
    }
    out = std::move(doc.config);
    return true;
}

/// Writes `text` atomically to `out`, or to stdout when `out` is empty.
bool writeOutput(const std::string& out, const std::string& text)
{
    if (out.empty()) {
        std::cout << text;
        return true;
    }
    if (const std::string err = json::writeFileAtomic(out, text); !err.empty()) {
        std::cerr << "jounce-cli: " << err << "\n";
        return false;
    }
    return true;
}

std::string padRight(std::string text, std::size_t width)
{
    if (text.size() < width)
        text.resize(width, ' ');
    return text;
}

}  // namespace

int diffCommand(const TwoFileOptions& options)
{
    const std::string& out = options.out;
    VehicleConfig a, b;
    if (!loadValidVehicle(options.first, a) || !loadValidVehicle(options.second, b))
        return 1;
    const json::Json patch = compare::makePatch(a, b);
    if (!writeOutput(out, json::formatJson(patch)))
        return 1;
    if (!out.empty())
        std::cout << patch.size() << " operation" << (patch.size() == 1 ? "" : "s") << " from " << options.first << " to "
                  << options.second << " written to " << out << "\n";
    return 0;
}

int patchCommand(const TwoFileOptions& options)
{
    const std::string& out = options.out;
    const std::string& baseFile = options.first;
    const std::string& patchFile = options.second;
    VehicleConfig base;
    if (!loadValidVehicle(baseFile, base))
        return 1;
    std::string text;
    if (const std::string err = json::readTextFile(patchFile, json::JsonLimits{}.maxBytes, text); !err.empty()) {
        std::cerr << patchFile << ": /: " << err << "\n";
        return 1;
    }
    Problems patchProblems;
    const std::optional<json::Json> patch = compare::parsePatch(text, patchProblems);
    if (!patch) {
        printProblems(patchFile, patchProblems);
        return 1;
    }
    const compare::PatchResult result = compare::applyPatch(base, *patch);
    if (!result.applied) {
        printProblems(patchFile, result.problems);  // the pointer of the operation that failed
        return 1;
    }
    if (result.problems.hasErrors()) {
        // The patched vehicle is not a valid file: say where, write nothing.
        printProblems(out.empty() ? std::string("patched vehicle") : out, result.problems);
        std::cerr << "jounce-cli: " << patchFile << " applied to " << baseFile << " gives an invalid vehicle; nothing written\n";
        return 1;
    }
    if (!writeOutput(out, config::vehicleToText(result.config)))
        return 1;
    if (!out.empty())
        std::cout << patch->size() << " operation" << (patch->size() == 1 ? "" : "s") << " applied to " << baseFile
                  << "; " << out << " is valid\n";
    return 0;
}

namespace {

/// The vehicles (labelled with their file names), the maneuver and the terrain of a comparison.
/// 0, or the exit code with the problem printed.
int loadComparison(const CompareOptions& o, compare::CompareSetup& setup, std::vector<std::string>& labels)
{
    const std::size_t perVehicle = std::max<std::size_t>(1, o.models.size());
    if (o.vehicles.size() * perVehicle < 2)
        return usageError("compare needs at least two vehicle files, or one with --models physx41,physx5");
    if (o.vehicles.size() * perVehicle > static_cast<std::size_t>(kMaxCompared))
        return usageError("compare takes at most " + std::to_string(kMaxCompared) + " vehicles (files times models)");
    if (o.maneuver.empty())
        return usageError("compare needs --maneuver FILE");

    for (const std::string& file : o.vehicles) {
        VehicleConfig config;
        if (!loadValidVehicle(file, config))
            return 1;
        const std::string name = std::filesystem::path(file).filename().string();
        if (o.models.empty()) {
            labels.push_back(name);
            setup.vehicles.push_back({labels.back(), std::make_shared<const VehicleConfig>(std::move(config))});
            continue;
        }
        for (const std::string& model : o.models) {
            VehicleConfig under = config;
            under.simulation.model = model == "physx5" ? ModelGenerationKind::Physx5 : ModelGenerationKind::Physx41;
            labels.push_back(name + " [" + model + "]");
            setup.vehicles.push_back({labels.back(), std::make_shared<const VehicleConfig>(std::move(under))});
        }
    }
    sim::ManeuverDocument maneuver = sim::loadManeuver(o.maneuver);
    if (!maneuver.ok()) {
        printProblems(o.maneuver, maneuver.problems);
        return 1;
    }
    setup.maneuver = std::move(maneuver.maneuver);
    if (!o.terrain.empty()) {
        sim::TerrainDocument terrain = sim::loadTerrain(o.terrain);
        if (!terrain.ok()) {
            printProblems(o.terrain, terrain.problems);
            return 1;
        }
        setup.terrain = std::make_shared<const sim::Terrain>(std::move(terrain.terrain));
    }
    return 0;
}

/// One row per vehicle, one column per figure; '*' marks the best of each column. True when every
/// vehicle ran without an error or a reset.
bool printFigureTable(const std::vector<compare::VehicleRun>& runs, const std::vector<std::string>& labels,
                      const std::string& maneuverName)
{
    const std::vector<compare::FigureRow> table = compare::figureTable(runs);
    std::size_t nameWidth = 8;
    for (const std::string& l : labels)
        nameWidth = std::max(nameWidth, l.size() + 2);
    std::vector<std::size_t> widths;
    std::string header = padRight("vehicle", nameWidth);
    for (const compare::FigureRow& row : table) {
        std::size_t w = row.label.size();
        for (const auto& f : row.figures)
            if (f)
                w = std::max(w, (f->value ? sim::formatFigure(*f) : std::string("n/a")).size() + 2);
        widths.push_back(w + 3);
        header += padRight(row.label, widths.back());
    }
    header += "run";
    std::printf("%s\n", header.c_str());
    bool allRan = true;
    for (std::size_t v = 0; v < runs.size(); ++v) {
        const compare::VehicleRun& run = runs[v];
        std::string line = padRight(labels[v], nameWidth);
        for (std::size_t r = 0; r < table.size(); ++r) {
            const auto& f = table[r].figures[v];
            std::string cell = !f ? std::string("-") : f->value ? sim::formatFigure(*f) : std::string("n/a");
            if (std::find(table[r].best.begin(), table[r].best.end(), v) != table[r].best.end())
                cell += " *";
            line += padRight(cell, widths[r]);
        }
        if (!run.error.empty())
            line += "failed: " + run.error;
        else if (run.resets > 0)
            line += "reset " + std::to_string(run.resets) + "x (" + run.lastResetReason + ")";
        else
            line += run.completed ? "completed" : "stopped at the time limit";
        if (!run.unknownSurfaces.empty())
            line += "; not ranked: " + run.unknownSurfaces;
        allRan = allRan && run.error.empty() && run.resets == 0;
        std::printf("%s\n", line.c_str());
    }
    if (table.empty())
        std::printf("(no phase of %s is measured, so there are no figures)\n", maneuverName.c_str());
    else
        std::printf("* best of the column\n");
    return allRan;
}

}  // namespace

int compareCommand(const CompareOptions& options)
{
    compare::CompareSetup setup;
    std::vector<std::string> labels;
    if (const int status = loadComparison(options, setup, labels))
        return status;

    compare::RunControl control;
    control.threads = options.threads;
    const std::size_t used = std::min<std::size_t>(
        labels.size(), options.threads > 0 ? static_cast<std::size_t>(options.threads)
                                           : std::max(1u, std::thread::hardware_concurrency()));
    const auto wallStart = std::chrono::steady_clock::now();
    const std::vector<compare::VehicleRun> runs = compare::runComparison(setup, control);
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();

    const std::string terrainName = setup.terrain ? setup.terrain->name : "flat plane";
    std::printf("maneuver: %s   terrain: %s   %zu vehicles on %zu thread%s, %.2f s\n", setup.maneuver.name.c_str(),
                terrainName.c_str(), labels.size(), used, used == 1 ? "" : "s", wall);
    const bool allRan = printFigureTable(runs, labels, setup.maneuver.name);
    // Why a figure is n/a, once per vehicle and figure.
    for (std::size_t v = 0; v < runs.size(); ++v)
        for (const sim::Figure& f : runs[v].figures)
            if (!f.value && !f.note.empty())
                std::printf("  %s, %s: n/a (%s)\n", labels[v].c_str(), f.label.c_str(), f.note.c_str());

    if (!options.out.empty()) {
        compare::ReportInput report;
        report.labels = labels;
        for (const compare::CompareEntry& e : setup.vehicles)
            report.vehicles.push_back(e.config.get());
        report.runs = runs;
        report.maneuver = setup.maneuver.name;
        report.terrain = terrainName;
        report.allParameters = options.allParameters;
        if (const std::string err = json::writeFileAtomic(options.out, compare::compareReportCsv(report)); !err.empty()) {
            std::cerr << "jounce-cli: " << err << "\n";
            return 1;
        }
        std::printf("report: %s\n", options.out.c_str());
    }
    return allRan ? 0 : 1;
}

}  // namespace jounce::cli
