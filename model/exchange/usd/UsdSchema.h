#pragma once
// What the USD writer and reader share (private to them): the layer's prim layout, Jounce's fixed
// slip and sticky-tire constants as PhysxVehicleAPI values, the gear and autobox layout of
// PhysxVehicleGearsAPI / PhysxVehicleAutoGearBoxAPI, and the keys of Jounce's customData.

#include "config/VehicleConfig.h"
#include "exchange/ConversionReport.h"
#include "exchange/usd/UsdaWriter.h"

#include <string>
#include <vector>

namespace jounce::exchange {

inline constexpr const char* kMaterialsScope = "GroundMaterials";
inline constexpr const char* kMaterialsPath = "/World/GroundMaterials";
inline constexpr const char* kTablesScope = "TireFrictionTables";
inline constexpr const char* kTablesPath = "/World/TireFrictionTables";
inline constexpr const char* kVehicleName = "Vehicle";
inline constexpr const char* kChassisBox = "ChassisBox";

// Jounce's fixed slip and sticky-tire settings (vehicle-model §1.18, §2.8, §2.12).
inline constexpr double kActiveSlipDenominator = 0.1;
inline constexpr double kLateralSlipDenominator = 1.0;
inline constexpr double kStickySpeed = 0.2;
inline constexpr double kStickyTime = 1.0;

/// Jounce's gear list [reverse, neutral, first, ...] and autobox tables as USD lays them out:
/// ratios without neutral, up ratios of first to the second-highest gear, down ratios of second to
/// the highest gear.
struct UsdGears {
    std::vector<double> ratios;
    std::vector<double> upRatios;
    std::vector<double> downRatios;
};
UsdGears usdGears(const DriveConfig& drive);

/// "FL", "FR", "RL", "RR", "W4", ... (conventions.md "Wheel order").
std::string wheelLabel(std::size_t i);

/// One wheel-attachment prim per wheel (UsdExportWheels.cpp).
void writeUsdWheels(usda::Writer& w, const VehicleConfig& v, const std::vector<std::string>& tables);
/// The `dictionary jounce = {...}` entry of the vehicle prim's customData: Jounce's parameters no
/// PhysxSchema attribute holds, one line each, indented for the prim's metadata.
std::string jounceCustomData(const VehicleConfig& v, ConversionReport& report);
/// The notes of the USD export beyond the PhysX 5 conversions.
void noteUsdExport(const VehicleConfig& v, ConversionReport& report);

}  // namespace jounce::exchange
