// The registry itself: node descriptions and leaf checks, and the lookups, edits and defaults of one
// leaf by path. Paths are parsed and resolved in RegistryPaths.cpp, whole vehicles are read and
// written in RegistryJson.cpp, the JSON Schema is built in RegistrySchema.cpp.

#include "ParameterRegistry.h"

#include "RegistryDetail.h"
#include "VehicleParameters.h"
#include "json/JsonText.h"
#include "json/TextLimits.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace jounce::config {

using detail::childrenNamed;
using detail::collectLeaves;
using detail::driveTypeName;
using detail::joinKey;
using detail::parsePath;
using detail::PathToken;
using detail::resolve;
using detail::Target;

namespace detail {

const char* driveTypeName(DriveType t)
{
    switch (t) {
    case DriveType::FourWheel: return "4W";
    case DriveType::NWheel: return "NW";
    case DriveType::Tank: return "tank";
    case DriveType::None: return "none";
    }
    return "?";
}

bool subtreeHasRequiredLeaf(const Node& n)
{
    if (n.isLeaf())
        return n.info.required;
    if (n.kind == NodeKind::Array)
        return n.minItems > 0 && subtreeHasRequiredLeaf(*n.element);
    if (n.optional)
        return false;
    return std::any_of(n.children.begin(), n.children.end(),
                       [](const auto& c) { return c->driveTypes.empty() && subtreeHasRequiredLeaf(*c); });
}

std::string typeExpectation(const Node& n)
{
    switch (n.kind) {
    case NodeKind::Number: return "a number";
    case NodeKind::Integer: return "an integer";
    case NodeKind::Boolean: return "true or false";
    case NodeKind::Text: return "a string";
    case NodeKind::Enumeration: {
        std::string s = "one of ";
        for (std::size_t i = 0; i < n.enumValues.size(); ++i)
            s += (i ? ", " : "") + Json(n.enumValues[i]).dump();
        return s;
    }
    case NodeKind::Array: return "a list";
    case NodeKind::Object: return n.tuple ? "a list of " + std::to_string(n.children.size()) + " numbers" : "an object";
    }
    return "?";
}

namespace {

/// "316 m", "30 rad", "0.5": a value with the leaf's unit, for messages.
std::string withUnit(double v, const std::string& unit)
{
    return json::formatNumber(v) + (unit.empty() || unit == "1" ? "" : " " + unit);
}

/// A suggestion to paste: four significant digits.
std::string suggestion(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

/// Whether `v` lies beyond a bound of `band` by a factor of 2 or more: a value just past a bound is
/// more likely a value slightly too large than one in the wrong unit (a 1.6 rad steer angle is not
/// 1.6 degrees).
bool farOutside(double v, const Limits& band)
{
    if (v > band.max)
        return !(band.max > 0.0) || v >= 2.0 * band.max;
    if (v < band.min)
        return band.min > 0.0 ? v <= 0.5 * band.min : band.min == 0.0 || v <= 2.0 * band.min;
    return false;
}

/// "316 m looks like millimetres; did you mean 0.316?" when `v`, far outside the typical range (or,
/// for leaves without one, the accepted values), becomes a typical one (an accepted one) in a likely
/// wrong unit of the leaf; empty otherwise.
std::string unitSlipAdvice(const ParamInfo& info, double v)
{
    const Limits ok = info.accepted();
    const Limits band = info.hasTypicalRange() ? Limits{info.typicalMin, info.typicalMax, false, false} : ok;
    if (!std::isfinite(v) || !farOutside(v, band))
        return {};
    for (const UnitSlip& slip : info.unitSlips) {
        const double r = v * slip.factor;
        const bool typical = info.hasTypicalRange() ? r >= info.typicalMin && r <= info.typicalMax : true;
        if (ok.contains(r) && typical)
            return withUnit(v, info.unit) + " looks like " + slip.unit + "; did you mean " + suggestion(r) + "?";
    }
    return {};
}

/// Checks a number already within the hard limits against the plausible range.
bool checkPlausible(const ParamInfo& info, double v, const std::string& pointer, Problems& problems)
{
    if (info.plausible.contains(v))
        return true;
    const std::string range = info.plausible.describe().substr(std::string("must be ").size());
    const std::string unit = info.unit.empty() || info.unit == "1" ? "" : " " + info.unit;
    if (std::string advice = unitSlipAdvice(info, v); !advice.empty())
        problems.error(pointer, advice + " (plausible values are " + range + unit + ")");
    else
        problems.error(pointer, "not plausible for any vehicle from a 1:10 RC car to a mining haul truck: must be " +
                                    range + unit + ", got " + json::formatNumber(v));
    return false;
}

/// Integers are stored in an int: at most 1e9 either way whatever the limits.
Limits storedInteger(Limits limits)
{
    constexpr double kMaxInteger = 1e9;
    if (!(limits.min >= -kMaxInteger))
        limits = {-kMaxInteger, limits.max, false, limits.maxExclusive};
    if (!(limits.max <= kMaxInteger))
        limits = {limits.min, kMaxInteger, limits.minExclusive, false};
    return limits;
}

/// A number's type and, with `withLimits`, its hard limits (the message the maneuver and terrain
/// readers give too), then its plausible range. A value past a hard limit that looks like a unit
/// slip gets the advice as a second problem.
bool checkNumber(const Node& leaf, const Json& value, const std::string& pointer, bool withLimits, Problems& problems)
{
    const ParamInfo& info = leaf.info;
    const Limits hard = withLimits ? info.hard : Limits{};
    const bool ok = leaf.kind == NodeKind::Number
                        ? json::readNumber(value, pointer, hard, problems).has_value()
                        : json::readInteger(value, pointer, storedInteger(hard), problems).has_value();
    if (!withLimits || !value.is_number())
        return ok;
    const double v = value.get<double>();
    if (!ok) {
        if (std::string advice = unitSlipAdvice(info, v); !advice.empty())
            problems.error(pointer, advice);
        return false;
    }
    return checkPlausible(info, v, pointer, problems);
}

}  // namespace

bool checkLeaf(const Node& leaf, const Json& value, const std::string& pointer, bool withLimits, Problems& problems)
{
    switch (leaf.kind) {
    case NodeKind::Number:
    case NodeKind::Integer: return checkNumber(leaf, value, pointer, withLimits, problems);
    case NodeKind::Boolean: return json::readBoolean(value, pointer, problems).has_value();
    case NodeKind::Text: {
        const std::optional<std::string> text = json::readText(value, pointer, problems);
        if (!text)
            return false;
        return !withLimits ||
               json::checkTextLength(*text, pointer, leaf.info.maxBytes ? leaf.info.maxBytes : json::kMaxNameBytes, problems);
    }
    case NodeKind::Enumeration: {
        std::vector<const char*> names;
        names.reserve(leaf.enumValues.size());
        for (const std::string& n : leaf.enumValues)
            names.push_back(n.c_str());
        return json::readEnumeration(value, pointer, names, problems).has_value();
    }
    case NodeKind::Object:
    case NodeKind::Array: break;
    }
    problems.error(pointer, "not a single parameter");
    return false;
}

json::ItemCount itemCount(const Node& array)
{
    return {array.minItems, array.maxItems, "elements"};
}

}  // namespace detail

// ---- ParamInfo ----

Limits ParamInfo::accepted() const
{
    Limits a = hard;
    if (plausible.min > a.min || (plausible.min == a.min && plausible.minExclusive)) {
        a.min = plausible.min;
        a.minExclusive = plausible.minExclusive;
    }
    if (plausible.max < a.max || (plausible.max == a.max && plausible.maxExclusive)) {
        a.max = plausible.max;
        a.maxExclusive = plausible.maxExclusive;
    }
    return a;
}

// ---- Node ----

bool Node::isPresent(const VehicleConfig& config, const void* parentValue) const
{
    if (!driveTypes.empty() && std::find(driveTypes.begin(), driveTypes.end(), config.drive.type) == driveTypes.end())
        return false;
    return !parentValue || chosenIn(parentValue);
}

namespace {
const Node* selectorOf(const Node& node)
{
    for (const auto& sibling : node.parent->children)
        if (sibling->key == node.onlyWhen->selector)
            return sibling.get();
    return nullptr;
}
}  // namespace

bool Node::chosenIn(const void* parentValue) const
{
    if (!onlyWhen)
        return true;
    const Node* selector = selectorOf(*this);
    const Json value = selector->get(selector->locate(const_cast<void*>(parentValue)));
    return std::find(onlyWhen->values.begin(), onlyWhen->values.end(), value.get<std::string>()) != onlyWhen->values.end();
}

void Node::choose(void* parentValue) const
{
    if (onlyWhen && !chosenIn(parentValue)) {
        const Node* selector = selectorOf(*this);
        selector->set(selector->locate(parentValue), Json(onlyWhen->values.front()));
    }
}

std::string Node::presenceText() const
{
    std::string s;
    if (!driveTypes.empty()) {
        s = "drive.type is ";
        for (std::size_t i = 0; i < driveTypes.size(); ++i) {
            if (i > 0)
                s += i + 1 == driveTypes.size() ? " or " : ", ";
            s += driveTypeName(driveTypes[i]);
        }
    }
    if (onlyWhen) {
        s += s.empty() ? "" : " and ";
        s += (parent && !parent->key.empty() ? parent->key + "." : std::string()) + onlyWhen->selector + " is ";
        for (std::size_t i = 0; i < onlyWhen->values.size(); ++i) {
            if (i > 0)
                s += i + 1 == onlyWhen->values.size() ? " or " : ", ";
            s += onlyWhen->values[i];
        }
    }
    return s;
}

std::string Node::pathPattern() const
{
    if (!parent)
        return {};
    const std::string up = parent->pathPattern();
    if (parent->kind == NodeKind::Array)
        return up + "[*]";
    if (parent->tuple)
        return up + "[" + std::to_string(indexInParent) + "]";
    return joinKey(up, key);
}

std::string Node::typeName() const
{
    switch (kind) {
    case NodeKind::Number: return "number";
    case NodeKind::Integer: return "integer";
    case NodeKind::Boolean: return "boolean";
    case NodeKind::Text:
    case NodeKind::Enumeration: return "string";
    case NodeKind::Array: return "array";
    case NodeKind::Object: return tuple ? "array" : "object";
    }
    return "?";
}

// ---- ParameterRegistry ----

ParameterRegistry::ParameterRegistry() : root_(buildVehicleParameterTree()) {}

const ParameterRegistry& ParameterRegistry::instance()
{
    static const ParameterRegistry registry;
    return registry;
}

std::vector<LeafRef> ParameterRegistry::allLeaves() const
{
    std::vector<LeafRef> out;
    collectLeaves(*root_, nullptr, nullptr, {}, {}, out);
    return out;
}

std::vector<LeafRef> ParameterRegistry::leaves(const VehicleConfig& config) const
{
    std::vector<LeafRef> out;
    collectLeaves(*root_, const_cast<VehicleConfig*>(&config), &config, {}, {}, out);
    return out;
}

namespace {

/// The nodes a path names, walking the tree without a vehicle: every index or star steps into an
/// array element.
std::vector<const Node*> nodesNamed(const Node& root, const std::string& path)
{
    std::vector<PathToken> tokens;
    if (!parsePath(path, tokens))
        return {};
    std::vector<const Node*> frontier{&root};
    for (const PathToken& t : tokens) {
        std::vector<const Node*> next;
        for (const Node* n : frontier) {
            if (n->kind == NodeKind::Array) {
                if (t.kind != PathToken::Kind::Key)
                    next.push_back(n->element.get());
            } else if (n->kind == NodeKind::Object) {
                for (const Node* c : childrenNamed(*n, t))
                    next.push_back(c);
            }
        }
        frontier = std::move(next);
    }
    return frontier;
}

void collectGraphs(const Node& n, std::vector<const Node*>& out)
{
    if (n.graph)
        out.push_back(&n);
    if (n.element)
        collectGraphs(*n.element, out);
    for (const auto& c : n.children)
        collectGraphs(*c, out);
}

}  // namespace

const Node* ParameterRegistry::findLeaf(const std::string& path) const
{
    for (const Node* n : nodesNamed(*root_, path))
        if (n->isLeaf())
            return n;
    return nullptr;
}

const Node* ParameterRegistry::findNode(const std::string& path) const
{
    const std::vector<const Node*> found = nodesNamed(*root_, path);
    return found.empty() ? nullptr : found.front();
}

std::vector<const Node*> ParameterRegistry::graphs() const
{
    std::vector<const Node*> out;
    collectGraphs(*root_, out);
    return out;
}

std::optional<Json> ParameterRegistry::get(const VehicleConfig& config, const std::string& path) const
{
    std::vector<PathToken> tokens;
    if (!parsePath(path, tokens))
        return std::nullopt;
    std::vector<Target> targets;
    auto* mutableConfig = const_cast<VehicleConfig*>(&config);
    if (!resolve(*root_, mutableConfig, tokens, 0, &config, false, {}, targets).empty() || targets.size() != 1)
        return std::nullopt;
    return targets.front().node->get(targets.front().address);
}

std::string ParameterRegistry::set(VehicleConfig& config, const std::string& path, const Json& value) const
{
    std::vector<PathToken> tokens;
    if (!parsePath(path, tokens))
        return "'" + path + "' is not a parameter path (write it like wheels[2].suspension.springStrength)";
    std::vector<Target> targets;
    if (std::string err = resolve(*root_, &config, tokens, 0, &config, false, {}, targets); !err.empty())
        return err;
    if (targets.empty())
        return "'" + path + "' matches no parameter in this vehicle";
    for (const Target& t : targets)
        if (std::string err = checkLeafValue(*t.node, value); !err.empty())
            return t.path + ": " + err;
    for (const Target& t : targets)
        t.node->set(t.address, value);
    return {};
}

std::string ParameterRegistry::checkLeafValue(const Node& leaf, const Json& value)
{
    Problems problems;
    if (detail::checkLeaf(leaf, value, {}, true, problems))
        return {};
    std::string message;
    for (const Problem& p : problems.items)
        message += (message.empty() ? "" : "; ") + p.message;
    return message;
}

Json ParameterRegistry::defaultValue(const Node& leaf) const
{
    if (leaf.info.required)
        return nullptr;
    std::vector<PathToken> tokens;
    parsePath(leaf.pathPattern(), tokens);
    VehicleConfig scratch;
    std::vector<Target> targets;
    resolve(*root_, &scratch, tokens, 0, nullptr, true, {}, targets);
    Json values = Json::array();
    for (const Target& t : targets)
        if (t.node == &leaf)
            values.push_back(leaf.get(t.address));
    if (values.empty())
        return nullptr;
    for (const Json& v : values)
        if (v != values.front())
            return values;
    return values.front();
}

Json ParameterRegistry::defaultValueAt(const VehicleConfig& config, const std::string& path) const
{
    std::vector<PathToken> tokens;
    if (!parsePath(path, tokens))
        return nullptr;
    VehicleConfig scratch;
    scratch.drive.type = config.drive.type;
    std::vector<Target> targets;
    if (!resolve(*root_, &scratch, tokens, 0, nullptr, true, {}, targets).empty() || targets.size() != 1 ||
        targets.front().node->info.required)
        return nullptr;
    return targets.front().node->get(targets.front().address);
}

}  // namespace jounce::config
