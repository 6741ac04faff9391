#pragma once
// Vehicle files (conventions.md "Vehicle JSON"): reading with every problem located by its JSON pointer,
// canonical writing, atomic saving.

#include "json/JsonText.h"
#include "json/Problem.h"
#include "config/VehicleConfig.h"

#include <string>
#include <string_view>

namespace jounce::config {

using Json = nlohmann::ordered_json;

inline constexpr const char* kVehicleFormat = "jounce.vehicle";
inline constexpr int kVehicleSchemaVersion = 1;

struct VehicleFile {
    VehicleConfig config;  ///< everything that could be read; defaults elsewhere
    Problems problems;     ///< parse, structure and validation problems, in file order
    bool parsed = false;   ///< the text was JSON (config holds what it said)

    bool ok() const { return parsed && !problems.hasErrors(); }
};

/// Reads vehicle JSON text: parse, check format and schema version, read every parameter through
/// the registry, then validate values and relations. Never throws.
VehicleFile parseVehicle(std::string_view text);
/// parseVehicle on a file's contents; a file that cannot be read is a problem at "/".
VehicleFile loadVehicle(const std::string& path);

/// The vehicle as a JSON value: format, schemaVersion, then every parameter in registry order.
Json vehicleToJson(const VehicleConfig& config);
/// The canonical text of a vehicle file; reading it back and writing again gives the same bytes.
std::string vehicleToText(const VehicleConfig& config);
/// Saves atomically. Returns an error message, or "" on success.
std::string saveVehicle(const std::string& path, const VehicleConfig& config);

}  // namespace jounce::config
