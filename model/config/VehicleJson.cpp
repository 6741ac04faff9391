#include "config/VehicleJson.h"

#include "config/ParameterRegistry.h"
#include "config/VehicleValidation.h"
#include "json/ObjectReader.h"

#include <algorithm>

namespace jounce::config {

using namespace json;  // the file's helpers: parseJson, ObjectReader, readTextFile, ...

namespace {

/// Upgrades an older document to the current schema version in place. Version 1 is the first
/// version, so there is nothing to upgrade yet; each future version adds one step here.
void migrate(Json&, int /*fromVersion*/, Problems&) {}

bool isAtOrBelow(const std::string& pointer, const std::string& ancestor)
{
    return pointer == ancestor || (pointer.size() > ancestor.size() && pointer.compare(0, ancestor.size(), ancestor) == 0 &&
                                   pointer[ancestor.size()] == '/');
}

}  // namespace

VehicleFile parseVehicle(std::string_view text)
{
    VehicleFile doc;
    std::optional<Json> json = parseJson(text, doc.problems);
    if (!json)
        return doc;
    if (!json->is_object()) {
        doc.problems.error("", "a vehicle file is a JSON object, got " + std::string(json->type_name()));
        return doc;
    }
    doc.parsed = true;

    ObjectReader root(*json, "", doc.problems);
    if (!readFormatHeader(root, kVehicleFormat, kVehicleSchemaVersion, "a vehicle file"))
        return doc;
    const auto sv = json->find("schemaVersion");  // checked above: an integer up to the current version
    const int version = sv != json->end() && sv->is_number_integer() && sv->get<long long>() >= 1 ? sv->get<int>()
                                                                                                   : kVehicleSchemaVersion;

    Json body = *json;
    body.erase("format");
    body.erase("schemaVersion");
    migrate(body, version, doc.problems);

    config::ParameterRegistry::instance().read(body, doc.config, doc.problems);

    // Value checks, except where reading already found the value unusable (a wrong type keeps the
    // default, which would otherwise be reported a second time).
    std::vector<std::string> readErrors;
    for (const Problem& p : doc.problems.items)
        if (p.severity == Severity::Error)
            readErrors.push_back(p.pointer);
    for (Problem& p : validateVehicle(doc.config).items) {
        const bool shadowed = std::any_of(readErrors.begin(), readErrors.end(),
                                          [&](const std::string& r) { return isAtOrBelow(p.pointer, r); });
        if (!shadowed)
            doc.problems.items.push_back(std::move(p));
    }
    return doc;
}

VehicleFile loadVehicle(const std::string& path)
{
    std::string text;
    const JsonLimits limits;
    if (std::string err = readTextFile(path, limits.maxBytes, text); !err.empty()) {
        VehicleFile doc;
        doc.problems.error("", err);
        return doc;
    }
    return parseVehicle(text);
}

Json vehicleToJson(const VehicleConfig& config)
{
    Json out = Json::object();
    out["format"] = kVehicleFormat;
    out["schemaVersion"] = kVehicleSchemaVersion;
    const Json body = config::ParameterRegistry::instance().write(config);
    for (auto it = body.begin(); it != body.end(); ++it)
        out[it.key()] = it.value();
    return out;
}

std::string vehicleToText(const VehicleConfig& config)
{
    return formatJson(vehicleToJson(config));
}

std::string saveVehicle(const std::string& path, const VehicleConfig& config)
{
    return writeFileAtomic(path, vehicleToText(config));
}

}  // namespace jounce::config
