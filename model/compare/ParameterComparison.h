#pragma once
// The parameters of two to four vehicles side by side: one row per registry leaf present in any of
// them, with each vehicle's value (or none when it lacks the leaf: fewer wheels, no compliance).

#include "config/ParameterRegistry.h"
#include "config/VehicleConfig.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace jounce::compare {

using config::Json;

struct ParameterRow {
    std::string path;     ///< concrete registry path, "wheels[2].suspension.springStrength"
    std::string pointer;  ///< "/wheels/2/suspension/springStrength"
    std::string pattern;  ///< "wheels[*].suspension.springStrength": rows of one pattern are adjacent
    std::string section;  ///< tuning-guide section ("PxVehicleSuspensionData")
    const config::Node* node = nullptr;
    std::vector<std::optional<Json>> values;  ///< one per vehicle; nullopt when it lacks the leaf
    bool differs = false;  ///< not every vehicle has the same value (a missing value differs)
    /// The leaves the row stands for: its own, or each wheel's of a collapsed row
    /// (collapseWheelRows), as paths and as JSON pointers.
    std::vector<std::string> paths, pointers;

    /// Identity of the file rather than tuning: not taken by "copy all differences".
    bool isIdentity() const { return path == "name" || path == "description"; }
};

/// Every leaf of every vehicle, in registry order, with the rows of one parameter pattern kept
/// together (wheels[0..n].suspension.springStrength follow each other), values compared exactly.
std::vector<ParameterRow> compareParameters(std::span<const VehicleConfig* const> vehicles);

/// The rows with each per-wheel parameter collapsed: consecutive wheels holding the same value in
/// every vehicle (each vehicle its own) become one row, "wheels[0..3].wheel.radius" or
/// "wheels[0..1].tire.latStiffX" for the front pair; wheels that differ keep their own rows. The
/// row keeps the first wheel's pointer and lists every wheel's in `paths` and `pointers`.
std::vector<ParameterRow> collapseWheelRows(std::vector<ParameterRow> rows);

/// The guide section a node belongs to: its own, else its nearest ancestor's.
std::string sectionOf(const config::Node& node);

/// A value for a table cell: numbers in their shortest round-trip form, strings unquoted.
std::string formatValue(const Json& value);

}  // namespace jounce::compare
