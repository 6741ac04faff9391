#pragma once
// The edit session: the one way a vehicle changes by `path = value` edits. The editor, the curve
// editor, doctor fixes, copies from the compare view, `jounce-cli run --set` and `jounce-cli patch`
// all hand their edits to it, so the rules live here once:
//
// * every edited leaf is checked once, by the parameter registry (JSON type, hard limits) as it is
//   set; a leaf it refuses refuses the whole list (all or nothing);
// * the relations between parameters (validateVehicle) are checked once, on the result;
// * an edit list that creates a NEW validation error compared to the base is refused with the
//   error's pointer and reason; errors the base already had do not block edits (so a broken file
//   can be fixed one value at a time);
// * a list that changes nothing is accepted without any check of the relations.
//
// The result is an immutable snapshot together with its problems: the GUI document keeps both and
// pushes the snapshot to the simulation as it is, without validating it again.

#include "ParameterRegistry.h"
#include "VehicleConfig.h"
#include "json/Problem.h"

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace jounce::config {

/// One `path = value` edit, e.g. `wheels[2].suspension.springStrength = 40000`.
struct Edit {
    std::string path;  ///< registry path (`[n]` indices, `[*]` for every element) or a JSON pointer
    Json value;        ///< the leaf's JSON value (number, boolean, string)
    friend bool operator==(const Edit&, const Edit&) = default;
};

/// Edits applied together, in order, as one step.
using EditList = std::vector<Edit>;

/// What applying edits (or a whole candidate configuration) gives.
struct EditResult {
    /// The new snapshot: the base itself when nothing changed, null when refused.
    std::shared_ptr<const VehicleConfig> config;
    /// validateVehicle of the snapshot. When a new relation error refused the edits: the problems
    /// of the refused candidate (the new error among them); when a leaf was refused: that one error
    /// at the leaf's pointer.
    Problems problems;
    /// Why nothing was applied ("" when applied): the registry's message for a refused leaf
    /// ("wheels[1].suspension.springStrength: must be > 0, got -5") or "POINTER: reason" for the
    /// first new relation error ("/drive/autoBox/upRatios: must have one entry per gear ...").
    std::string refusal;
    /// The edit a leaf check refused (index into the edits), for callers that name it their way.
    std::optional<std::size_t> refusedEdit;
    bool changed = false;   ///< the snapshot differs from the base
    int relationChecks = 0; ///< how many times the whole vehicle was validated for this result

    bool ok() const { return refusal.empty(); }
};

/// A base snapshot and its validation; applies edit lists to it. Immutable: every apply starts
/// from the same base, and a caller that keeps the result starts its next session from it.
class EditSession {
public:
    /// Starts from `base`, validating it once (its errors are the ones an edit may leave in place).
    explicit EditSession(std::shared_ptr<const VehicleConfig> base);
    /// Starts from `base` whose validation is already known (a previous result's `problems`, the
    /// problems of a file as read): no validation.
    EditSession(std::shared_ptr<const VehicleConfig> base, Problems baseProblems);

    const std::shared_ptr<const VehicleConfig>& base() const { return base_; }
    const Problems& baseProblems() const { return baseProblems_; }

    /// Applies the edits in order to a copy of the base, all or nothing, under the rules above.
    EditResult apply(std::span<const Edit> edits) const;
    /// A whole candidate configuration (a copy from the compare view) under the same relation
    /// rule; its values are not checked leaf by leaf (validateVehicle checks their limits).
    EditResult replace(std::shared_ptr<const VehicleConfig> candidate) const;

private:
    EditResult judge(std::shared_ptr<const VehicleConfig> candidate) const;

    std::shared_ptr<const VehicleConfig> base_;
    Problems baseProblems_;
};

/// One-shot: EditSession(base).apply(edits) (validates the base, then the result).
EditResult applyEdits(const VehicleConfig& base, std::span<const Edit> edits);

/// "wheels[0].suspension.springDamperRate=4800": the form `jounce-cli run --set` reads (strings bare).
std::string editText(const Edit& edit);

/// Parses `--set PATH=VALUE`: VALUE is JSON (40000, true, [0.1, 1.0]); a bare word is a string.
/// nullopt when there is no `=` or no path.
std::optional<Edit> parseEditText(const std::string& text);

}  // namespace jounce::config
