// jounce-cli import FORMAT ... and export FORMAT ...: foreign vehicle formats, each conversion
// printed with its report (what was approximated, dropped or defaulted, and why). One row of
// kFormats per format.

#include "CliCommands.h"

#include "exchange/physx5/Physx5Json.h"
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

/// The options every exchange command shares: --out and --base, plus the format's own.
struct Options {
    std::vector<std::string> files;
    std::string out;
    std::string base;
    std::string differential = "auto";
    std::string frame = "snippet";
};

std::optional<Options> parseOptions(const Args& args, const char* command)
{
    Options o;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == "--out" && hasValue)
            o.out = args[++i];
        else if (a == "--base" && hasValue)
            o.base = args[++i];
        else if (a == "--differential" && hasValue)
            o.differential = args[++i];
        else if (a == "--frame" && hasValue)
            o.frame = args[++i];
        else if (a.rfind("--", 0) == 0) {
            usageError(std::string(command) + ": unknown option or missing value: " + a);
            return std::nullopt;
        } else
            o.files.push_back(a);
    }
    return o;
}

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
int finishImport(const ImportResult& result, const Options& o)
{
    for (const exchange::FileProblems& f : result.problems)
        printProblems(f.file, f.problems);
    std::ostream& reportStream = o.out.empty() ? std::cerr : std::cout;
    reportStream << result.report.toText();
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

int exportPhysx5(const Options& o, const VehicleConfig& vehicle)
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

int exportUsd(const Options& o, const VehicleConfig& vehicle)
{
    const exchange::UsdExport usd = exchange::exportUsd(vehicle);
    if (const std::string err = json::writeFileAtomic(o.out, usd.text); !err.empty()) {
        std::cerr << o.out << ": " << err << "\n";
        return 1;
    }
    std::cout << "wrote " << o.out << "\n" << usd.report.toText();
    return 0;
}

int importPhysx5(const Options& o, std::optional<VehicleConfig> base)
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
    return finishImport(exchange::importPhysx5Files(o.files[0], o.files[1], options), o);
}

int importUsd(const Options& o, std::optional<VehicleConfig> base)
{
    if (o.files.size() != 1)
        return usageError("import usd needs one FILE.usda");
    exchange::UsdImportOptions options;
    options.base = std::move(base);
    return finishImport(exchange::importUsdFile(o.files[0], options), o);
}

int exportUnity(const Options& o, const VehicleConfig& vehicle)
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

int importUnity(const Options& o, std::optional<VehicleConfig> base)
{
    if (o.files.size() != 1)
        return usageError("import unity needs one FILE: a .prefab, a .unity scene or the JSON of export unity");
    if (base)
        return usageError("import unity: --base is not used (docs/unity.md \"Import\" says what is filled in)");
    return finishImport(exchange::importUnityFile(o.files[0]), o);
}

struct Format {
    const char* name;
    int (*exportTo)(const Options&, const VehicleConfig&);
    int (*importFrom)(const Options&, std::optional<VehicleConfig>);
};

constexpr Format kFormats[] = {
    {"physx5", exportPhysx5, importPhysx5},
    {"usd", exportUsd, importUsd},
    {"unity", exportUnity, importUnity},
};

const Format* findFormat(const std::string& name)
{
    for (const Format& f : kFormats)
        if (name == f.name)
            return &f;
    return nullptr;
}

std::string formatNames()
{
    std::string names;
    for (const Format& f : kFormats)
        names += (names.empty() ? "" : ", ") + std::string(f.name);
    return names;
}

}  // namespace

int exportCommand(const Args& args)
{
    const Format* format = args.empty() ? nullptr : findFormat(args[0]);
    if (!format)
        return usageError("export needs a format: " + formatNames());
    const std::optional<Options> o = parseOptions(Args(args.begin() + 1, args.end()), "export");
    if (!o)
        return 2;
    if (o->files.size() != 1 || o->out.empty())
        return usageError(std::string("export ") + format->name + " needs VEHICLE.json and --out");
    const std::optional<VehicleConfig> vehicle = loadValid(o->files[0]);
    return vehicle ? format->exportTo(*o, *vehicle) : 1;
}

int importCommand(const Args& args)
{
    const Format* format = args.empty() ? nullptr : findFormat(args[0]);
    if (!format)
        return usageError("import needs a format: " + formatNames());
    const std::optional<Options> o = parseOptions(Args(args.begin() + 1, args.end()), "import");
    if (!o)
        return 2;
    std::optional<VehicleConfig> base;
    if (!o->base.empty()) {
        base = loadValid(o->base);
        if (!base)
            return 1;
    }
    return format->importFrom(*o, std::move(base));
}

}  // namespace jounce::cli
