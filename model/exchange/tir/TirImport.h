#pragma once
// A .tir file onto a vehicle (docs/tires.md "Importing .tir files"): the chosen wheels get
// tire.model magicFormula and every coefficient the file gives, written through the parameter
// registry as edits -- so each value is checked by the registry (a value out of its range is
// reported with its line and JSON pointer, and nothing is imported) and the workbench applies the
// whole import as one undoable edit. Coefficients the file lacks get the registry's defaults
// (tir::absentValue: Magic Formula's 0 where it differs and matters); the wheel radius stays the
// vehicle's. The report names every section and key left out, with its line, and why.

#include "config/EditSession.h"
#include "config/VehicleConfig.h"
#include "exchange/ConversionReport.h"
#include "exchange/ImportResult.h"
#include "exchange/tir/TirFile.h"
#include "json/Problem.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jounce::exchange {

/// Which wheels get the tire: those ahead of the centre of mass, those behind it (config::frontWheels),
/// or every wheel.
enum class TirWheels { Front, Rear, All };

/// "front", "rear", "all".
const char* tirWheelsName(TirWheels wheels);
/// The choice of that name; nullopt for any other.
std::optional<TirWheels> tirWheelsFromName(std::string_view name);

/// What importing a .tir file does to a vehicle, before it is applied.
struct TirImport {
    config::EditList edits;           ///< tire.model and every coefficient, for each chosen wheel in turn
    std::vector<std::size_t> wheels;  ///< the chosen wheels
    std::string fitType;              ///< "mf52" or "mf61" ("" when the file does not say)
    std::size_t coefficients = 0;     ///< the coefficients taken from the file (per wheel)
    std::size_t defaulted = 0;        ///< those the file lacks (per wheel)
    Problems problems;                ///< of the file, located "line N"; errors: nothing to apply
    ConversionReport report;

    bool ok() const { return !problems.hasErrors(); }
    /// "132 coefficients (MF 5.2) onto wheels 0, 1 (front)".
    std::string summary() const;
};

/// Maps a .tir file read by parseTir onto the `wheels` of `vehicle`; `fileName` titles the report.
TirImport mapTir(const TirFile& file, const VehicleConfig& vehicle, TirWheels wheels, const std::string& fileName);

/// Applies a mapping to `vehicle` in one edit session: the vehicle with the tire, the file's
/// problems under `fileName`, the refusal or validation of the result under "imported vehicle".
ImportResult applyTir(const VehicleConfig& vehicle, const TirImport& mapping, const std::string& fileName);

/// Reads `text` as a .tir file named `fileName`, maps and applies it (with the mapping when there is
/// one, for its summary). The CLI and the tests call these; the workbench applies `edits` itself.
struct TirImportResult {
    ImportResult result;
    std::optional<TirImport> mapping;  ///< nullopt when the file could not be read
};
TirImportResult importTirText(std::string_view text, const std::string& fileName, const VehicleConfig& vehicle,
                              TirWheels wheels);
TirImportResult importTirFile(const std::string& path, const VehicleConfig& vehicle, TirWheels wheels);

/// Reads and maps a .tir file on disk, for the workbench: problems of a file that cannot be read
/// are in the mapping's problems.
TirImport mapTirFile(const std::string& path, const VehicleConfig& vehicle, TirWheels wheels);

}  // namespace jounce::exchange
