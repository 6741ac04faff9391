// The helpers the static checks share: registry paths, wheel labels, the band test and the merge
// of per-wheel results into one finding per group of wheels.

#include "StaticCheckParts.h"

#include "telemetry/Channels.h"

#include <algorithm>

namespace jounce::doctor::checks {

std::string label(std::size_t i)
{
    return telemetry::wheelLabel(static_cast<int>(i));
}

bool outsideBand(double v, double lo, double hi)
{
    return v < lo * (1.0 - kBandSlack) || v > hi * (1.0 + kBandSlack);
}

void mergeWheelResults(const std::string& id, const std::string& section, std::vector<WheelResult> results,
                       std::vector<Finding>& out)
{
    std::vector<bool> used(results.size(), false);
    for (std::size_t a = 0; a < results.size(); ++a) {
        if (used[a])
            continue;
        Finding f;
        f.id = id;
        f.severity = results[a].severity;
        f.guideSection = section;
        std::string names;
        Fix fix;
        fix.summary = results[a].fixSummary;
        for (std::size_t b = a; b < results.size(); ++b) {
            if (used[b] || results[b].severity != results[a].severity || results[b].text != results[a].text ||
                results[b].fixSummary != results[a].fixSummary)
                continue;
            used[b] = true;
            names += (names.empty() ? "" : ", ") + label(results[b].wheel);
            for (const std::string& p : results[b].parameters)
                if (std::find(f.parameters.begin(), f.parameters.end(), p) == f.parameters.end())
                    f.parameters.push_back(p);
            for (const Assignment& e : results[b].edits)
                if (std::none_of(fix.edits.begin(), fix.edits.end(), [&](const Assignment& x) { return x.path == e.path; }))
                    fix.edits.push_back(e);
        }
        f.reason = names + ": " + results[a].text;
        if (!fix.summary.empty() && !fix.edits.empty())
            f.fix = std::move(fix);
        out.push_back(std::move(f));
    }
}

bool hasEngine(const VehicleConfig& c)
{
    return c.drive.type != DriveType::None;
}

Finding finding(std::string id, Severity severity, std::vector<std::string> parameters, std::string reason,
                std::string section, std::optional<Fix> fix)
{
    Finding f;
    f.id = std::move(id);
    f.severity = severity;
    f.parameters = std::move(parameters);
    f.reason = std::move(reason);
    f.guideSection = std::move(section);
    f.fix = std::move(fix);
    return f;
}

}  // namespace jounce::doctor::checks
