#pragma once
// The doctor's static checks: the tuning guide's advice (vehicle-model §1, §1.19, §2.16-2.17, §5) applied
// to a vehicle configuration, beyond the hard validation of VehicleValidation.h. Every error
// validation reports is an error finding too (value.invalid, or a check's own error with a fix for
// it), so the panel and `jounce-cli doctor` never count fewer errors than the Problems panel; and
// no check gives advice on a value that validation rejects.
//
// The GUI's doctor panel calls diagnose() after every edit (it is cheap: no simulation, one walk
// over the registry), lists the findings by severity, selects Finding::parameters in the editor
// and applies Finding::fix with applyFix() (Finding.h) as one undoable edit.

#include "Finding.h"
#include "json/Problem.h"

#include <string>
#include <vector>

namespace jounce::doctor {

/// A check the doctor knows: what its findings' ids mean. One list for the static and the live
/// checks, so the README, `jounce-cli doctor --list` and a GUI filter agree.
struct CheckInfo {
    std::string id;             ///< "suspension.alpha"
    std::string severities;     ///< the severities its findings can have, e.g. "warning, error"
    std::string guideSection;   ///< where the guide (spec) gives the advice
    std::string summary;        ///< one line: when it fires
    bool live = false;          ///< a telemetry check (LiveDoctor) rather than a static one
};

/// Every check, static ones first, in the order their findings are produced.
const std::vector<CheckInfo>& checkCatalogue();

/// Runs every static check on `config`; findings sorted errors first, then warnings, then advice.
/// Never throws; a config with invalid values gets an error for each of them and other findings
/// only where they do not rest on one.
std::vector<Finding> diagnose(const VehicleConfig& config);

/// Reading and validation problems (config::VehicleFile::problems, validateVehicle) as findings
/// with id "validation", so a panel or a report can list them together with the doctor's.
std::vector<Finding> problemFindings(const Problems& problems);

/// One list for a panel or a report: `problems` as findings plus diagnose(config), errors first.
/// A problem is left out when a doctor finding of the same severity about the same parameter
/// repeats it: value.invalid, or a finding with a fix (a neutral ratio of 0.5 is one finding, the
/// one that can be applied).
std::vector<Finding> diagnoseWithProblems(const VehicleConfig& config, const Problems& problems);

}  // namespace jounce::doctor
