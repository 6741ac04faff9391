#pragma once
// What the tuning doctor says about a vehicle: a finding with its stable id, severity, the
// parameters involved (registry paths), the reason in plain words with the numbers, the guide
// section, and an optional fix. A fix is an ordinary config edit -- a config::EditList of
// `path = JSON value` edits applied through the edit session (config/EditSession.h) -- so the GUI
// applies it as one undoable edit and jounce-cli prints it in the same `--set PATH=VALUE` form a
// user can paste.

#include "config/EditSession.h"
#include "config/VehicleConfig.h"

#include <optional>
#include <string>
#include <vector>

namespace jounce::doctor {

/// Error: the vehicle will misbehave (or is invalid); warning: it probably will, or it is far
/// from the guide; advice: it departs from the guide's recommendations. Ordered most severe first.
enum class Severity { Error, Warning, Advice };

/// "error", "warning", "advice".
const char* severityName(Severity severity) noexcept;

/// One `path = value` edit of a fix (registry path with concrete indices): the model's one edit
/// type, config::Edit, under the name the checks use.
using Assignment = config::Edit;

struct Fix {
    std::string summary;              ///< what the edit does, one line ("set the damper rates for damping ratio 0.8")
    config::EditList edits;           ///< applied together, in order
    friend bool operator==(const Fix&, const Fix&) = default;
};

struct Finding {
    std::string id;                       ///< stable, e.g. "suspension.alpha"; several findings may share it
    Severity severity = Severity::Advice;
    std::vector<std::string> parameters;  ///< registry paths the finding is about, most relevant first
    std::string reason;                   ///< plain words with the numbers
    std::string guideSection;             ///< e.g. "§1.3 PxVehicleSuspensionData"
    std::optional<Fix> fix;

    // Live findings only (LiveDoctor): when the symptom was seen, in simulated seconds.
    bool live = false;
    double firstSeen = 0.0;
    double lastSeen = 0.0;
    int occurrences = 0;  ///< how many times the symptom was detected
    /// Which configuration of the LiveDoctor the symptom was seen with (LiveDoctor::configRevision):
    /// the reason, the parameters' values it quotes and the fix are that configuration's.
    int configRevision = 0;
    /// Seen with a configuration the vehicle has been edited away from since (LiveDoctor::setConfig).
    bool earlierConfig = false;

    /// Identifies the finding across re-diagnosis (the GUI keeps its selection with it):
    /// the id and the parameters, e.g. "suspension.alpha|wheels[2].suspension.springStrength|...",
    /// and for a live finding of a later configuration "#" and its configRevision, so the same
    /// symptom seen before and after an edit are two findings.
    std::string key() const;
};

/// Applies every edit of a fix to `config` through the edit session, all or nothing: a leaf the
/// registry refuses, or a new validation error the fix would create, refuses the fix. Returns an
/// error message (naming the edit that failed, or the new error), or "" on success.
std::string applyFix(VehicleConfig& config, const Fix& fix);

/// "wheels[0].suspension.springDamperRate=4800", the form `jounce-cli run --set` accepts
/// (config::editText).
std::string assignmentText(const Assignment& assignment);

/// Sorts by severity (errors first); keeps the order of findings of equal severity.
void sortBySeverity(std::vector<Finding>& findings);

/// How many findings have this severity.
std::size_t countSeverity(const std::vector<Finding>& findings, Severity severity);

}  // namespace jounce::doctor
