// The static checks as one diagnosis. Each check reads the vehicle, compares it with the tuning
// guide's advice as vehicle-model.md summarises it (§1, §1.19), and explains what the departure does in the
// simulation; the checks live by theme in *Checks.cpp (StaticCheckParts.h lists them). Numbers in
// the reasons are the vehicle's own; fixes are plain registry edits.

#include "StaticChecks.h"

#include "StaticCheckParts.h"

#include <algorithm>
#include <iterator>

namespace jounce::doctor {

std::vector<Finding> diagnose(const VehicleConfig& config)
{
    std::vector<Finding> out;
    checks::checkTravel(config, out);
    checks::checkAlpha(config, out);
    checks::checkDampingRatio(config, out);
    checks::checkSpringDroop(config, out);
    checks::checkSprungMasses(config, out);
    checks::checkWheelDamping(config, out);
    checks::checkHandbrakeAndSteer(config, out);
    checks::checkAntiRollBars(config, out);
    checks::checkAntiRollBarBalance(config, out);
    checks::checkMomentOfInertia(config, out);
    checks::checkLatency(config, out);
    checks::checkEngineDamping(config, out);
    checks::checkGearRatios(config, out);
    checks::checkTorqueCurve(config, out);
    checks::checkDifferential(config, out);
    checks::checkFriction(config, out);
    checks::checkTireParameters(config, out);
    checks::checkTireModels(config, out);
    checks::checkValidity(config, out);       // after the checks whose findings it may leave out
    checks::checkTypicalRanges(config, out);  // last: it skips parameters the others already named
    sortBySeverity(out);
    return out;
}

std::vector<Finding> problemFindings(const Problems& problems)
{
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    std::vector<Finding> out;
    for (const Problem& p : problems.items) {
        Finding f;
        f.id = "validation";
        f.severity = p.severity == jounce::Severity::Error ? Severity::Error : Severity::Warning;
        f.reason = p.toString();
        if (!p.pointer.empty()) {
            const std::string path = config::ParameterRegistry::pointerToPath(p.pointer);
            f.parameters.push_back(path);
            if (const config::Node* leaf = registry.findLeaf(path))
                f.guideSection = leaf->info.specRef + " " + leaf->info.section;
        }
        out.push_back(std::move(f));
    }
    sortBySeverity(out);
    return out;
}

std::vector<Finding> diagnoseWithProblems(const VehicleConfig& config, const Problems& problems)
{
    std::vector<Finding> doctorFindings = diagnose(config);
    std::vector<Finding> out;
    for (Finding& p : problemFindings(problems)) {
        // value.invalid repeats a validation error without a fix; another finding only with one.
        const bool repeated = !p.parameters.empty() &&
                              std::any_of(doctorFindings.begin(), doctorFindings.end(), [&](const Finding& f) {
                                  return (f.fix || f.id == "value.invalid") && f.severity == p.severity &&
                                         std::find(f.parameters.begin(), f.parameters.end(), p.parameters.front()) !=
                                             f.parameters.end();
                              });
        if (!repeated)
            out.push_back(std::move(p));
    }
    out.insert(out.end(), std::make_move_iterator(doctorFindings.begin()), std::make_move_iterator(doctorFindings.end()));
    sortBySeverity(out);
    return out;
}

}  // namespace jounce::doctor
