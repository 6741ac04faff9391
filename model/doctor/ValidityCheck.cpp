// The static check against validation (config/VehicleValidation.h): a value validation rejects is
// an error in the doctor too, and no other check reasons from it -- advice on a value that is
// simply wrong ("outside the typical range: fine for a vehicle unlike a car") would only mislead.

#include "StaticCheckParts.h"

#include "config/ParameterRegistry.h"
#include "config/VehicleValidation.h"

#include <algorithm>
#include <set>

namespace jounce::doctor::checks {
namespace {

/// The registry paths of the values validation reports as errors ("" for the whole vehicle).
std::vector<std::pair<std::string, std::string>> invalidValues(const VehicleConfig& c)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const Problem& p : validateVehicle(c).items)
        if (p.severity == jounce::Severity::Error)
            out.emplace_back(p.pointer.empty() ? std::string() : config::ParameterRegistry::pointerToPath(p.pointer), p.message);
    return out;
}

bool names(const Finding& f, const std::string& path)
{
    return std::find(f.parameters.begin(), f.parameters.end(), path) != f.parameters.end();
}

/// A dedicated check's error with a fix already stands for the validation error (a neutral ratio
/// of 0.5 is one finding, the one that can be applied): the existing convention of StaticChecks.h.
bool standsForValidation(const Finding& f)
{
    return f.severity == Severity::Error && f.fix.has_value();
}

/// The fix of a finding left out here that edits `path` and makes it valid: the obvious fix (the
/// chassis inertia from the box when validation rejects the inertia). Fixes that leave the value
/// invalid, or that the edit session refuses, are not offered.
std::optional<Fix> repairingFix(const VehicleConfig& c, const std::vector<Finding>& leftOut, const std::string& path)
{
    for (const Finding& f : leftOut) {
        if (!f.fix || std::none_of(f.fix->edits.begin(), f.fix->edits.end(), [&](const Assignment& e) { return e.path == path; }))
            continue;
        VehicleConfig fixed = c;
        if (!applyFix(fixed, *f.fix).empty())
            continue;
        const auto still = invalidValues(fixed);
        if (std::none_of(still.begin(), still.end(), [&](const auto& v) { return v.first == path; }))
            return f.fix;
    }
    return std::nullopt;
}

std::string sectionOf(const std::string& path)
{
    const config::Node* node = path.empty() ? nullptr : config::ParameterRegistry::instance().findNode(path);
    if (!node || node->info.specRef.empty())
        return "validation";
    return node->info.specRef + " " + node->info.section;
}

}  // namespace

void checkValidity(const VehicleConfig& c, std::vector<Finding>& out)
{
    const auto invalid = invalidValues(c);
    if (invalid.empty())
        return;
    std::set<std::string> paths;
    for (const auto& v : invalid)
        paths.insert(v.first);
    // Findings computed from a value that is wrong go, unless they are the error itself with its fix.
    std::vector<Finding> kept, leftOut;
    for (Finding& f : out) {
        const bool onInvalid = std::any_of(f.parameters.begin(), f.parameters.end(), [&](const std::string& p) { return paths.count(p) > 0; });
        (onInvalid && !standsForValidation(f) ? leftOut : kept).push_back(std::move(f));
    }
    out = std::move(kept);
    const std::size_t firstNew = out.size();
    for (const auto& entry : invalid) {
        // Named, not structured bindings: clang before 16 (the fuzz build) cannot capture those.
        const auto& path = entry.first;
        const auto& message = entry.second;
        if (std::any_of(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(firstNew),
                        [&](const Finding& f) { return standsForValidation(f) && names(f, path); }))
            continue;
        std::vector<std::string> parameters;
        if (!path.empty())
            parameters.push_back(path);
        // Two errors on one value (a bar joining a wheel that does not exist, twice) are one finding.
        const auto same = std::find_if(out.begin() + static_cast<std::ptrdiff_t>(firstNew), out.end(),
                                       [&](const Finding& f) { return f.parameters == parameters; });
        if (same != out.end()) {
            same->reason += "; " + message;
            continue;
        }
        out.push_back(finding("value.invalid", Severity::Error, std::move(parameters),
                              (path.empty() ? std::string("the vehicle") : path) + ": " + message, sectionOf(path),
                              path.empty() ? std::nullopt : repairingFix(c, leftOut, path)));
    }
}

}  // namespace jounce::doctor::checks
