// validate, format, params and schema: the commands that read and describe vehicle files (and, for
// schema, maneuver and terrain files).

#include "CliCommands.h"

#include "config/ParameterRegistry.h"
#include "config/ReferenceCar.h"
#include "config/VehicleJson.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainJson.h"

#include <cmath>
#include <iostream>

namespace jounce::cli {

int usageError(const std::string& message)
{
    std::cerr << "jounce-cli: " << message << "\n(see jounce-cli --help)\n";
    return 2;
}

void printProblems(const std::string& file, const Problems& problems)
{
    for (const Problem& p : problems.items)
        std::cerr << file << ": " << (p.pointer.empty() ? "/" : p.pointer) << ": "
                  << (p.severity == Severity::Warning ? "warning: " : "") << p.message << "\n";
}

int validateCommand(const ValidateOptions& options)
{
    bool allValid = true;
    for (const std::string& file : options.files) {
        const config::VehicleFile doc = config::loadVehicle(file);
        for (const Problem& p : doc.problems.items)
            std::cout << file << ": " << (p.pointer.empty() ? "/" : p.pointer) << ": "
                      << (p.severity == Severity::Warning ? "warning: " : "") << p.message << "\n";
        if (doc.ok())
            std::cout << file << ": valid\n";
        else
            allValid = false;
    }
    return allValid ? 0 : 1;
}

int formatCommand(const FormatOptions& options)
{
    int status = 0;
    for (const std::string& file : options.files) {
        std::string text;
        if (std::string err = json::readTextFile(file, json::JsonLimits{}.maxBytes, text); !err.empty()) {
            std::cout << file << ": /: " << err << "\n";
            status = 1;
            continue;
        }
        const config::VehicleFile doc = config::parseVehicle(text);
        if (doc.problems.hasErrors() || !doc.parsed) {
            // Rewriting would drop what could not be read: refuse, and say why.
            std::cout << file << ": not rewritten, it has errors (run jounce-cli validate)\n";
            status = 1;
            continue;
        }
        const std::string canonical = config::vehicleToText(doc.config);
        if (canonical == text)
            continue;
        if (options.check) {
            std::cout << file << ": not in canonical layout\n";
            status = 1;
        } else if (std::string err = json::writeFileAtomic(file, canonical); !err.empty()) {
            std::cout << file << ": " << err << "\n";
            status = 1;
        } else {
            std::cout << file << ": rewritten\n";
        }
    }
    return status;
}

namespace {

config::Json limitValue(double v)
{
    return std::isfinite(v) ? config::Json(v) : config::Json(nullptr);
}

config::Json describeLeaf(const config::ParameterRegistry& registry, const config::Node& node, const std::string& path)
{
    const config::ParamInfo& info = node.info;
    config::Json j = config::Json::object();
    j["path"] = path;
    j["type"] = node.typeName();
    j["unit"] = info.unit;
    j["min"] = limitValue(info.hard.min);
    j["max"] = limitValue(info.hard.max);
    j["minExclusive"] = info.hard.minExclusive;
    j["maxExclusive"] = info.hard.maxExclusive;
    j["typicalMin"] = limitValue(info.typicalMin);
    j["typicalMax"] = limitValue(info.typicalMax);
    j["default"] = registry.defaultValue(node);
    j["required"] = info.required;
    if (!node.enumValues.empty())
        j["values"] = node.enumValues;
    j["section"] = info.section;
    j["spec"] = info.specRef;
    j["description"] = info.description;
    if (std::string when = node.presenceText(); !when.empty())
        j["onlyWhen"] = when;
    return j;
}

}  // namespace

int paramsCommand(const ParamsOptions& options)
{
    const bool all = options.all;
    const std::string& vehicleFile = options.vehicle;
    if (all && !vehicleFile.empty())
        return usageError("params: --all lists the format, --vehicle lists one vehicle; give one of them");

    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    if (all) {
        for (const config::LeafRef& leaf : registry.allLeaves())
            std::cout << describeLeaf(registry, *leaf.node, leaf.path).dump() << "\n";
        return 0;
    }
    VehicleConfig vehicle = referenceCar();
    if (!vehicleFile.empty()) {
        config::VehicleFile doc = config::loadVehicle(vehicleFile);
        if (!doc.parsed) {
            for (const Problem& p : doc.problems.items)
                std::cerr << vehicleFile << ": " << p.toString() << "\n";
            return 1;
        }
        vehicle = std::move(doc.config);
    }
    for (const config::LeafRef& leaf : registry.leaves(vehicle)) {
        config::Json j = describeLeaf(registry, *leaf.node, leaf.path);
        j["default"] = registry.defaultValueAt(vehicle, leaf.path);
        j["value"] = *registry.get(vehicle, leaf.path);
        std::cout << j.dump() << "\n";
    }
    return 0;
}

int schemaCommand(const SchemaOptions& options)
{
    // Without a word: the vehicle schema (SchemaOptions' default), as before there were three.
    const std::string& format = options.format;
    if (format == "vehicle")
        std::cout << json::formatJson(config::ParameterRegistry::instance().schema());
    else if (format == "maneuver")
        std::cout << json::formatJson(sim::maneuverSchema());
    else if (format == "terrain")
        std::cout << json::formatJson(sim::terrainSchema());
    else
        return usageError("schema: unknown format '" + format + "' (choose vehicle, maneuver or terrain)");
    return 0;
}

}  // namespace jounce::cli
