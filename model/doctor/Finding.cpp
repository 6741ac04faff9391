#include "Finding.h"

#include <algorithm>

namespace jounce::doctor {

const char* severityName(Severity severity) noexcept
{
    switch (severity) {
    case Severity::Error: return "error";
    case Severity::Warning: return "warning";
    case Severity::Advice: return "advice";
    }
    return "?";
}

std::string Finding::key() const
{
    std::string k = id;
    for (const std::string& p : parameters)
        k += "|" + p;
    if (live && configRevision != 0)
        k += "#" + std::to_string(configRevision);
    return k;
}

std::string applyFix(VehicleConfig& config, const Fix& fix)
{
    // The session works on a copy, so a failing edit leaves the vehicle untouched (one undoable
    // edit or none).
    const config::EditResult result = config::applyEdits(config, fix.edits);
    if (result.refusedEdit)
        return assignmentText(fix.edits[*result.refusedEdit]) + ": " + result.refusal;
    if (!result.ok())
        return result.refusal;
    config = *result.config;
    return {};
}

std::string assignmentText(const Assignment& assignment) { return config::editText(assignment); }

void sortBySeverity(std::vector<Finding>& findings)
{
    std::stable_sort(findings.begin(), findings.end(),
                     [](const Finding& a, const Finding& b) { return a.severity < b.severity; });
}

std::size_t countSeverity(const std::vector<Finding>& findings, Severity severity)
{
    return static_cast<std::size_t>(
        std::count_if(findings.begin(), findings.end(), [severity](const Finding& f) { return f.severity == severity; }));
}

}  // namespace jounce::doctor
