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
    return k;
}

std::string applyFix(VehicleConfig& config, const Fix& fix)
{
    // Work on a copy so that a failing edit leaves the vehicle untouched (one undoable edit or none).
    VehicleConfig edited = config;
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    for (const Assignment& a : fix.edits)
        if (std::string err = registry.set(edited, a.path, a.value); !err.empty())
            return assignmentText(a) + ": " + err;
    config = std::move(edited);
    return {};
}

std::string assignmentText(const Assignment& assignment)
{
    // Strings are written bare, as `jounce-cli run --set` reads a bare word as a string.
    return assignment.path + "=" + (assignment.value.is_string() ? assignment.value.get<std::string>() : assignment.value.dump());
}

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
