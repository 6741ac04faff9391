// jounce-cli import FORMAT ... and export FORMAT ...: foreign vehicle formats, each conversion
// printed with its report (what was approximated, dropped or defaulted, and why). One row of
// kFormats per format; `import tir` puts a tire onto a vehicle rather than making one, and
// `export motec` writes a recorded run, not a vehicle (MotecCommands.cpp).

#include "CliCommands.h"

#include "exchange/physx5/Physx5Json.h"
#include "exchange/tir/TirImport.h"
#include "exchange/unity/UnityExport.h"
#include "exchange/unity/UnityImport.h"
#include "exchange/unity/UnityJson.h"
#include "exchange/usd/UsdLayer.h"
#include "config/VehicleJson.h"
#include "json/TextFile.h"

#include <iostream>
#include <optional>

namespace jounce::cli {
namespace {

using exchange::ConversionReport;
using exchange::ImportResult;

/// Loads the vehicle to export (or the --base vehicle); prints its problems. nullopt when invalid.
std::optional<VehicleConfig> loadValid(const std::string& path)
{
    const config::VehicleFile doc = config::loadVehicle(path);
    printProblems(path, doc.problems);
    if (!doc.ok()) {
        std::cerr << path << ": not a valid vehicle (run jounce-cli validate)\n";
        return std::nullopt;
    }
    return doc.config;
}

/// Prints the problems and the report; writes the vehicle to --out (or stdout) when it is valid.
int finishImport(const ImportResult& result, const ImportOptions& o)
{
    for (const exchange::FileProblems& f : result.problems)
        printProblems(f.file, f.problems);
    std::ostream& reportStream = o.out.empty() ? std::cerr : std::cout;
    reportStream << result.report.toText(!result.hasErrors());
    if (result.hasErrors()) {
        std::cerr << "jounce-cli: import failed, nothing written\n";
        return 1;
    }
    if (o.out.empty()) {
        std::cout << config::vehicleToText(result.vehicle);
        return 0;
    }
    if (const std::string err = config::saveVehicle(o.out, result.vehicle); !err.empty()) {
        std::cerr << o.out << ": " << err << "\n";
        return 1;
    }
    std::cout << "wrote " << o.out << "\n";
    return 0;
}

int exportPhysx5(const ExportOptions& o, const VehicleConfig& vehicle)
{
    exchange::Physx5ExportOptions options;
    if (o.frame == "iso")
        options.frame = exchange::AxisFrame::iso();
    else if (o.frame != "snippet")
        return usageError("export physx5: --frame is snippet (y up, z forward) or iso (z up, x forward)");
    const exchange::Physx5Files files = exchange::exportPhysx5(vehicle, options);
    if (const std::string err = exchange::writePhysx5(files, o.out); !err.empty()) {
        std::cerr << o.out << ": " << err << "\n";
        return 1;
    }
    std::cout << "wrote " << o.out << "/" << exchange::kPhysx5BaseFile << " and " << o.out << "/" << files.driveFileName
              << "\n"
              << files.report.toText();
    return 0;
}

int exportUsd(const ExportOptions& o, const VehicleConfig& vehicle)
{
    const exchange::UsdExport usd = exchange::exportUsd(vehicle);
    if (const std::string err = json::writeFileAtomic(o.out, usd.text); !err.empty()) {
        std::cerr << o.out << ": " << err << "\n";
        return 1;
    }
    std::cout << "wrote " << o.out << "\n" << usd.report.toText();
    return 0;
}

int importPhysx5(const ImportOptions& o, std::optional<VehicleConfig> base)
{
    if (o.files.size() != 2)
        return usageError("import physx5 needs BASE.json and ENGINE.json (EngineDrive.json or DirectDrive.json)");
    exchange::Physx5ImportOptions options;
    options.base = std::move(base);
    if (o.differential == "four-wheel")
        options.differential = exchange::Physx5Differential::FourWheel;
    else if (o.differential == "multi-wheel")
        options.differential = exchange::Physx5Differential::MultiWheel;
    else if (o.differential == "tank")
        options.differential = exchange::Physx5Differential::Tank;
    else if (o.differential != "auto")
        return usageError("import physx5: --differential is auto, four-wheel, multi-wheel or tank");
    if (o.model == "physx41")
        options.model = ModelGenerationKind::Physx41;
    else if (o.model != "physx5")
        return usageError("import physx5: --model is physx5 or physx41");
    return finishImport(exchange::importPhysx5Files(o.files[0], o.files[1], options), o);
}

int importUsd(const ImportOptions& o, std::optional<VehicleConfig> base)
{
    if (o.files.size() != 1)
        return usageError("import usd needs one FILE.usda");
    exchange::UsdImportOptions options;
    options.base = std::move(base);
    return finishImport(exchange::importUsdFile(o.files[0], options), o);
}

int exportUnity(const ExportOptions& o, const VehicleConfig& vehicle)
{
    ConversionReport report;
    const std::string text = exchange::unityJsonText(exchange::exportUnity(vehicle, report));
    if (const std::string err = json::writeFileAtomic(o.out, text); !err.empty()) {
        std::cerr << o.out << ": " << err << "\n";
        return 1;
    }
    std::cout << "wrote " << o.out << "\n" << report.toText();
    return 0;
}

int importUnity(const ImportOptions& o, std::optional<VehicleConfig> base)
{
    if (o.files.size() != 1)
        return usageError("import unity needs one FILE: a .prefab, a .unity scene or the JSON of export unity");
    if (base)
        return usageError("import unity: --base is not used (docs/unity.md \"Import\" says what is filled in)");
    return finishImport(exchange::importUnityFile(o.files[0]), o);
}

int importTir(const ImportOptions& o, std::optional<VehicleConfig> base)
{
    if (o.files.size() != 1)
        return usageError("import tir needs one FILE.tir");
    if (base)
        return usageError("import tir: --base is not used; the tire goes onto the vehicle of --into");
    const std::optional<exchange::TirWheels> wheels = exchange::tirWheelsFromName(o.wheels);
    if (!wheels)
        return usageError("import tir needs --wheels front, rear or all");
    if (o.into.empty())
        return usageError("import tir needs --into VEHICLE.json, the vehicle the tire goes onto");
    const std::optional<VehicleConfig> vehicle = loadValid(o.into);
    if (!vehicle)
        return 1;
    const exchange::TirImportResult r = exchange::importTirFile(o.files[0], *vehicle, *wheels);
    if (r.mapping && r.result.ok())
        (o.out.empty() ? std::cerr : std::cout) << "imported " << r.mapping->summary() << "\n";
    return finishImport(r.result, o);
}

struct Format {
    const char* name;
    int (*exportTo)(const ExportOptions&, const VehicleConfig&);
    int (*importFrom)(const ImportOptions&, std::optional<VehicleConfig>);
};

constexpr Format kFormats[] = {
    {"physx5", exportPhysx5, importPhysx5},
    {"usd", exportUsd, importUsd},
    {"unity", exportUnity, importUnity},
    {"tir", nullptr, importTir},  // Jounce reads tire property files; it does not write them
};

const Format* findFormat(const std::string& name)
{
    for (const Format& f : kFormats)
        if (name == f.name)
            return &f;
    return nullptr;
}

std::string formatNames(bool exporting)
{
    std::string names;
    for (const Format& f : kFormats)
        if (!exporting || f.exportTo)
            names += (names.empty() ? "" : ", ") + std::string(f.name);
    return names;
}

}  // namespace

int exportCommand(const ExportOptions& options)
{
    // A run, not a vehicle (MotecCommands.cpp).
    if (options.format == "motec")
        return exportMotecCommand(options);
    if (options.csv || !options.axis.empty() || !options.layout.empty() || !options.maneuver.empty())
        return usageError("export " + options.format + ": --csv, --axis, --layout and --maneuver are options of motec");
    const Format* format = findFormat(options.format);
    if (!format || !format->exportTo)
        return usageError("export needs a format: " + formatNames(true) + ", motec");
    if (options.vehicle.empty() || options.out.empty())
        return usageError(std::string("export ") + format->name + " needs VEHICLE.json and --out");
    const std::optional<VehicleConfig> vehicle = loadValid(options.vehicle);
    return vehicle ? format->exportTo(options, *vehicle) : 1;
}

int importCommand(const ImportOptions& options)
{
    const Format* format = findFormat(options.format);
    if (!format)
        return usageError("import needs a format: " + formatNames(false));
    std::optional<VehicleConfig> base;
    if (!options.base.empty()) {
        base = loadValid(options.base);
        if (!base)
            return 1;
    }
    return format->importFrom(options, std::move(base));
}

}  // namespace jounce::cli
