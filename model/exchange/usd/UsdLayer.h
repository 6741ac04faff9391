#pragma once
// Omniverse USD text layers (.usda) of a vehicle with NVIDIA's PhysxSchema vehicle API schemas
// (docs/physx5-usd.md "Omniverse USD layers"): stage metadata (upAxis, metersPerUnit,
// kilogramsPerUnit), a physics scene with the vehicle context, ground materials and one tire
// friction table per tire type, and a vehicle prim (rigid body, mass, PhysxVehicleAPI, the drive
// and its engine, gears, autobox, clutch, differential, brakes, steering) with one wheel-attachment
// child per wheel carrying its wheel, tire, suspension and compliance. Debian has no USD library:
// a small writer and a tolerant reader of that subset, which also reads hand-written layers using
// the same schemas and names the line of anything it cannot use.

#include "config/VehicleConfig.h"
#include "exchange/ConversionReport.h"
#include "exchange/ImportResult.h"

#include <optional>
#include <string>
#include <string_view>

namespace jounce::exchange {

struct UsdExport {
    std::string text;  ///< the .usda layer
    ConversionReport report;
};

UsdExport exportUsd(const VehicleConfig& vehicle);

struct UsdImportOptions {
    /// Where the values the layer does not hold come from (see Physx5ImportOptions::base).
    std::optional<VehicleConfig> base;
    /// Stages and cancelling, for importUsdFile.
    ImportControl control;
};

/// Reads a .usda layer's text. Problems are located by line ("line 12").
ImportResult importUsd(std::string_view text, const UsdImportOptions& options = {});
/// importUsd on a file (at most 16 MiB); problems name the file as given.
ImportResult importUsdFile(const std::string& path, const UsdImportOptions& options = {});

}  // namespace jounce::exchange
