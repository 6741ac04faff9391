#pragma once
// PhysX 5 vehicle2 snippet JSON (docs/physx5-usd.md "PhysX 5 snippet files"): Base.json (axles,
// frame, scale, rigid body, command responses, Ackermann, suspension, compliance, springs, tires,
// wheels) plus EngineDrive.json (autobox, clutch, engine, gearbox, the multi-wheel, four-wheel
// and tank differentials) or DirectDrive.json (throttle response), with the keys, nesting and
// required members of NVIDIA's reader. Export and import, each with its conversion report.

#include "config/VehicleConfig.h"
#include "exchange/AxisFrame.h"
#include "exchange/ConversionReport.h"
#include "exchange/ImportResult.h"
#include "json/JsonText.h"

#include <optional>
#include <string>
#include <string_view>

namespace jounce::exchange {

inline constexpr const char* kPhysx5BaseFile = "Base.json";
inline constexpr const char* kPhysx5EngineDriveFile = "EngineDrive.json";
inline constexpr const char* kPhysx5DirectDriveFile = "DirectDrive.json";

struct Physx5ExportOptions {
    /// NVIDIA's snippets simulate with y up and z forward (gravity along -y), so that is the default.
    AxisFrame frame = AxisFrame::snippet();
};

struct Physx5Files {
    json::Json base;
    json::Json drive;
    std::string driveFileName;  ///< kPhysx5EngineDriveFile or kPhysx5DirectDriveFile
    ConversionReport report;
};

/// The vehicle as PhysX 5 snippet files. No-drive vehicles get DirectDrive.json, the others
/// EngineDrive.json.
Physx5Files exportPhysx5(const VehicleConfig& vehicle, const Physx5ExportOptions& options = {});

/// A file's text in NVIDIA's layout (4-space indent, one value per line, a final newline).
std::string physx5Text(const json::Json& document);

/// Writes Base.json and the drive file into `directory` (created when missing), each atomically.
/// Returns an error message or "".
std::string writePhysx5(const Physx5Files& files, const std::string& directory);

/// Which of EngineDrive.json's three differentials becomes the vehicle's drive.
enum class Physx5Differential {
    Auto,        ///< FourWheel when it drives only the first two axles of a vehicle with 4+ wheels, else MultiWheel
    FourWheel,   ///< drive type 4W
    MultiWheel,  ///< drive type NW
    Tank,        ///< drive type tank
};

struct Physx5ImportOptions {
    Physx5Differential differential = Physx5Differential::Auto;
    /// The model the car is simulated with: PhysX 5's own (the default: the car drives as NVIDIA's
    /// reader and vehicle2 make it drive), or PhysX 4.1's, converted with a report of what changes.
    ModelGenerationKind model = ModelGenerationKind::Physx5;
    /// Where the values the files do not hold come from (chassis box and centre of mass, anti-roll
    /// bars, surfaces, controls, simulation settings); without one, Jounce's defaults and a chassis
    /// box estimated from the wheels.
    std::optional<VehicleConfig> base;
    /// Stages and cancelling, for importPhysx5Files.
    ImportControl control;
};

/// Reads the two files' texts. `driveText` may be EngineDrive.json or DirectDrive.json (told apart
/// by their members). Problems are located by JSON pointer in the file they concern.
ImportResult importPhysx5(std::string_view baseText, std::string_view driveText,
                          const Physx5ImportOptions& options = {});
/// importPhysx5 on files; problems name the files as given.
ImportResult importPhysx5Files(const std::string& basePath, const std::string& drivePath,
                               const Physx5ImportOptions& options = {});

}  // namespace jounce::exchange
