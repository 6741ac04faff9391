#pragma once
// Differences between vehicles as RFC 6902 JSON Patches (nlohmann_json's diff; patches applied by
// json/JsonPatch, in place and within the bounds of any file). A
// patch that only replaces values the vehicle has is a list of `path = value` edits and goes through
// the edit session (config/EditSession.h); any other patch is applied to the vehicle's canonical
// JSON and read back like any file. Either way a patch can never smuggle in a value the registry
// would refuse.

#include "config/EditSession.h"
#include "json/Problem.h"
#include "config/VehicleConfig.h"
#include "json/JsonText.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jounce::compare {

using json::Json;

/// The patch that turns `from` into `to`: nlohmann::json::diff of their canonical JSON.
Json makePatch(const VehicleConfig& from, const VehicleConfig& to);

/// Reads patch text that may be hostile: JSON limits as for any file, then the RFC 6902 shape (an
/// array of objects, each with a known "op", a string "path", and "value" or "from" where needed).
/// Problems carry the pointer into the patch ("/3/path").
std::optional<Json> parsePatch(std::string_view text, Problems& problems);

struct PatchResult {
    VehicleConfig config;  ///< the patched vehicle as read back (defaults where it said nothing)
    Problems problems;     ///< a failed operation at its pointer in the patch, then validation
    bool applied = false;  ///< every operation applied (config holds the result)
    bool ok() const { return applied && !problems.hasErrors(); }
};

/// The patch as edits when every operation is a "replace" of a parameter `base` has (a diff between
/// vehicles of the same shape): `/wheels/2/suspension/springStrength` becomes the edit
/// `wheels[2].suspension.springStrength = value`. nullopt when an operation adds, removes, moves,
/// copies or tests, or replaces anything but a single parameter (a list, format, schemaVersion).
std::optional<config::EditList> patchEdits(const VehicleConfig& base, const Json& patch);

/// Applies `patch` to `base`. Edits (patchEdits) go through the edit session: each value checked
/// by the registry, then the result validated once; any error of the result is reported as reading
/// a file would (a refused value at its pointer, config left at `base`). Other patches are applied
/// to the canonical JSON one operation at a time (so a failure names its operation), then the
/// result is read and validated.
PatchResult applyPatch(const VehicleConfig& base, const Json& patch);

/// What "take the winner's values" copies from one vehicle into another.
enum class CopyScope {
    Value,    ///< one leaf: `what` is its JSON pointer
    Section,  ///< every difference in one tuning-guide section: `what` is the section name
    All,      ///< every difference except the name and description
};

struct CopyResult {
    VehicleConfig config;    ///< target with the copied values
    config::EditList edits;  ///< the copy as `path = value` edits when it only replaces values (no
                             ///< list grows or shrinks); empty otherwise
    int operations = 0;      ///< patch operations applied
    std::string error;       ///< why nothing could be copied; empty on success
};

/// Copies the differences in `scope` from `source` into `target` through a filtered patch. A section
/// includes its arrays' length changes (a sixth gear); a single value must exist in both vehicles.
/// The result is not judged here: the editing document applies `edits` (or, when the copy changes a
/// list's length, `config`) through its edit session, which refuses a new error.
CopyResult copyDifferences(const VehicleConfig& target, const VehicleConfig& source, CopyScope scope,
                           const std::string& what);

/// Copies the values at `pointers` (the wheels of a collapsed row) as one copy, as a Value copy does
/// for one; every pointer must exist in both vehicles.
CopyResult copyValues(const VehicleConfig& target, const VehicleConfig& source, const std::vector<std::string>& pointers);

/// Copies every difference in any of `sections` (guide section names) as one copy, as a Section
/// copy does for one. It takes no coupled section along by itself (compare/CopyCoupling.h does).
CopyResult copySections(const VehicleConfig& target, const VehicleConfig& source, const std::vector<std::string>& sections);

/// The guide section of the registry node a JSON pointer names ("" when it names none).
std::string sectionOfPointer(const std::string& pointer);

}  // namespace jounce::compare
