// jounce-cli export motec RUN.jrun --out OUT.ld [--csv [--axis time|distance] [--layout motec|plain]]
// [--maneuver M.json], and run ... --motec OUT.ld: a recorded run for MoTeC i2 and the tools that
// read its CSV (docs/motec.md).

#include "CliCommands.h"

#include "exchange/motec/LdWriter.h"
#include "exchange/motec/MotecCsv.h"
#include "run/RunFile.h"
#include "run/TelemetryCsvReader.h"
#include "scenario/ManeuverJson.h"

#include <cstdio>
#include <ctime>
#include <iostream>
#include <memory>
#include <optional>

namespace jounce::cli {
namespace {

/// "60 Hz, frame for frame" or "resampled to 143 Hz".
std::string describeGrid(const exchange::SampleGrid& grid)
{
    return grid.resampled ? "resampled to " + std::to_string(grid.rate) + " Hz"
                          : std::to_string(grid.rate) + " Hz, frame for frame";
}

/// Writes the .ld and .ldx; `announce`: says so on stdout (run --motec lists it in its summary instead,
/// which may be JSON).
int writeLd(const sim::RunLog& run, const std::vector<exchange::MotecBeacon>& beacons, const std::string& path,
            bool announce)
{
    exchange::LdOptions options;
    options.metadata = exchange::motecMetadata(run, std::time(nullptr));
    options.beacons = beacons;
    const exchange::LdResult r = exchange::writeMotecLd(run, path, options);
    if (!r.ok()) {
        std::cerr << "jounce-cli: " << r.error << "\n";
        return 1;
    }
    if (announce)
        std::printf("wrote %s (%zu channels, %zu samples, %s) and %s (%zu beacons)\n", path.c_str(), r.channels,
                r.grid.count, describeGrid(r.grid).c_str(), r.ldxPath.c_str(), r.beacons);
    return 0;
}

/// The run of `path`: a run file, or a Jounce telemetry CSV (telemetry only). Null with the
/// problems printed.
std::shared_ptr<const sim::RunLog> loadRun(const std::string& path)
{
    const bool csv = path.size() > 4 && path.compare(path.size() - 4, 4, ".csv") == 0;
    if (csv) {
        sim::TelemetryCsvDocument doc = sim::loadTelemetryCsv(path);
        printProblems(path, doc.problems);
        return doc.ok() ? std::move(doc.run) : nullptr;
    }
    sim::RunFileDocument doc = sim::loadRunFile(path);
    printProblems(path, doc.problems);
    return doc.ok() ? std::move(doc.run) : nullptr;
}

/// --maneuver: its phases as beacons. nullopt with the problems printed when it cannot be read.
std::optional<std::vector<exchange::MotecBeacon>> beaconsOf(const sim::RunLog& run, const std::string& maneuverPath)
{
    if (maneuverPath.empty())
        return std::vector<exchange::MotecBeacon>{};
    const sim::ManeuverDocument doc = sim::loadManeuver(maneuverPath);
    if (!doc.ok()) {
        printProblems(maneuverPath, doc.problems);
        return std::nullopt;
    }
    if (!run.vehicle)
        std::cerr << "jounce-cli: warning: " << maneuverPath
                  << ": the run has no vehicle (a telemetry CSV), so its phases cannot be replayed: no beacons\n";
    else if (run.maneuver != doc.maneuver.name)
        std::cerr << "jounce-cli: warning: the run drove \"" << run.maneuver << "\", not \"" << doc.maneuver.name
                  << "\": the beacons are where that maneuver's phases would have begun\n";
    return exchange::maneuverBeacons(run, doc.maneuver);
}

/// The --csv options; 0 or the usage error's exit code.
int csvOptions(const ExportOptions& o, exchange::MotecCsvOptions& csv)
{
    if (!o.csv && (!o.axis.empty() || !o.layout.empty()))
        return usageError("export motec: --axis and --layout are options of --csv");
    if (o.axis == "distance")
        csv.axis = exchange::MotecAxis::Distance;
    else if (!o.axis.empty() && o.axis != "time")
        return usageError("export motec: --axis is time or distance");
    if (o.layout == "plain")
        csv.layout = exchange::MotecCsvLayout::Plain;
    else if (!o.layout.empty() && o.layout != "motec")
        return usageError("export motec: --layout is motec or plain");
    return 0;
}

}  // namespace

int writeMotecLog(const sim::RunLog& run, const sim::Maneuver* maneuver, const std::string& path)
{
    return writeLd(run, maneuver ? exchange::maneuverBeacons(run, *maneuver) : std::vector<exchange::MotecBeacon>{},
                   path, false);
}

int exportMotecCommand(const ExportOptions& o)
{
    if (o.vehicle.empty() || o.out.empty())
        return usageError("export motec needs RUN.jrun (or a telemetry CSV) and --out OUT.ld (OUT.csv with --csv)");
    if (o.frame != "snippet")
        return usageError("export motec: --frame is an option of physx5");
    exchange::MotecCsvOptions csv;
    if (const int status = csvOptions(o, csv))
        return status;
    const std::shared_ptr<const sim::RunLog> run = loadRun(o.vehicle);
    if (!run)
        return 1;
    std::optional<std::vector<exchange::MotecBeacon>> beacons = beaconsOf(*run, o.maneuver);
    if (!beacons)
        return 1;
    if (!o.csv)
        return writeLd(*run, *beacons, o.out, true);
    csv.metadata = exchange::motecMetadata(*run, std::time(nullptr));
    csv.beacons = std::move(*beacons);
    const exchange::MotecCsvResult r = exchange::writeMotecCsv(*run, o.out, csv);
    if (!r.ok()) {
        std::cerr << "jounce-cli: " << r.error << "\n";
        return 1;
    }
    std::printf("wrote %s (%zu rows of %zu columns, every %g %s)\n", o.out.c_str(), r.rows, r.columns, r.step,
                csv.axis == exchange::MotecAxis::Distance ? "m" : "s");
    return 0;
}

}  // namespace jounce::cli
