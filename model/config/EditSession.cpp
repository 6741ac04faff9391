#include "EditSession.h"

#include "VehicleValidation.h"

#include <algorithm>

namespace jounce::config {
namespace {

/// The registry's message for a refused leaf as a problem: "wheels[1].x.y: reason" becomes
/// pointer "/wheels/1/x/y" with "reason"; a message that names no concrete leaf ("'x' matches no
/// parameter ...") stays whole, at the edit's own pointer.
Problem leafProblem(const Edit& edit, const std::string& message)
{
    const auto colon = message.find(": ");
    if (colon != std::string::npos) {
        const std::string head = message.substr(0, colon);
        const bool concrete = head.find_first_of(" '*") == std::string::npos;
        if (const std::string pointer = ParameterRegistry::pathToPointer(head); concrete && !pointer.empty())
            return {Severity::Error, pointer, message.substr(colon + 2)};
    }
    const std::string pointer =
        edit.path.starts_with('/') ? edit.path : ParameterRegistry::pathToPointer(edit.path);
    return {Severity::Error, pointer, message};
}

bool sameProblem(const Problem& a, const Problem& b) { return a.pointer == b.pointer && a.message == b.message; }

}  // namespace

EditSession::EditSession(std::shared_ptr<const VehicleConfig> base)
    : base_(std::move(base)), baseProblems_(validateVehicle(*base_))
{
}

EditSession::EditSession(std::shared_ptr<const VehicleConfig> base, Problems baseProblems)
    : base_(std::move(base)), baseProblems_(std::move(baseProblems))
{
}

EditResult EditSession::apply(std::span<const Edit> edits) const
{
    // Each leaf is checked once, as the registry sets it; nothing else looks at single values.
    auto next = std::make_shared<VehicleConfig>(*base_);
    const ParameterRegistry& registry = ParameterRegistry::instance();
    for (std::size_t i = 0; i < edits.size(); ++i) {
        if (std::string err = registry.set(*next, edits[i].path, edits[i].value); !err.empty()) {
            EditResult refused;
            refused.problems.items.push_back(leafProblem(edits[i], err));
            refused.refusal = std::move(err);
            refused.refusedEdit = i;
            return refused;
        }
    }
    return judge(std::move(next));
}

EditResult EditSession::replace(std::shared_ptr<const VehicleConfig> candidate) const
{
    return judge(std::move(candidate));
}

EditResult EditSession::judge(std::shared_ptr<const VehicleConfig> candidate) const
{
    EditResult result;
    if (*candidate == *base_) {
        result.config = base_;
        result.problems = baseProblems_;
        return result;
    }
    // The relations, once, on the result. Refuse an edit that creates a new error anywhere (a
    // limit, or a relation it breaks such as a graph point passing its neighbour); errors the
    // vehicle already had do not block edits.
    result.problems = validateVehicle(*candidate);
    result.relationChecks = 1;
    for (const Problem& p : result.problems.items) {
        if (p.severity != Severity::Error)
            continue;
        const bool existed = std::any_of(baseProblems_.items.begin(), baseProblems_.items.end(),
                                         [&](const Problem& q) { return sameProblem(p, q); });
        if (!existed) {
            result.refusal = p.pointer + ": " + p.message;
            return result;
        }
    }
    result.config = std::move(candidate);
    result.changed = true;
    return result;
}

EditResult applyEdits(const VehicleConfig& base, std::span<const Edit> edits)
{
    const EditSession session(std::make_shared<const VehicleConfig>(base));
    EditResult result = session.apply(edits);
    ++result.relationChecks;  // the base's
    return result;
}

std::string editText(const Edit& edit)
{
    // Strings are written bare, as `jounce-cli run --set` reads a bare word as a string.
    return edit.path + "=" + (edit.value.is_string() ? edit.value.get<std::string>() : edit.value.dump());
}

std::optional<Edit> parseEditText(const std::string& text)
{
    const auto eq = text.find('=');
    if (eq == std::string::npos || eq == 0)
        return std::nullopt;
    const std::string value = text.substr(eq + 1);
    Json json = Json::parse(value, nullptr, false);
    if (json.is_discarded())
        json = value;
    return Edit{text.substr(0, eq), std::move(json)};
}

}  // namespace jounce::config
