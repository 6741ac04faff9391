#include "sweep/SweepEdits.h"

#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"

#include <algorithm>
#include <cmath>

namespace jounce::sweep {
namespace {

namespace param = config::param;
using config::Node;
using config::NodeKind;
using config::ParameterRegistry;

/// Whether mirroring the car left to right changes the sign of a wheel leaf: the y component of
/// every [x, y, z] position or direction, and the toe and camber angles (the model reads one signed
/// angle on every wheel, so the same toe-in on both sides is stored with opposite signs,
/// vehicle-model §0.3): the static ones the registry marks and the compliance graphs' angle column.
bool negatedByMirror(const Node& leaf)
{
    if (leaf.mirrorsLeftRight)
        return true;
    if (leaf.parent && leaf.parent->tuple && leaf.key == "y") {
        const auto& siblings = leaf.parent->children;
        auto has = [&](const char* key) {
            return std::any_of(siblings.begin(), siblings.end(), [key](const auto& c) { return c->key == key; });
        };
        if (has("x") && has("z"))
            return true;
    }
    const std::string pattern = leaf.pathPattern();
    return pattern == param::wheels::compliance::wheelToeAngle(param::any, param::any, 1) ||
           pattern == param::wheels::compliance::wheelCamberAngle(param::any, param::any, 1);
}

bool onLeft(const VehicleConfig& vehicle, std::size_t wheel)
{
    return vehicle.wheels[wheel].geometry.wheelCentreOffset.y >= 0;  // ISO 8855: +y is the left
}

/// The other wheels an edit of `wheel` sets under `link`, in wheel order.
std::vector<std::size_t> linkedWheels(const VehicleConfig& vehicle, std::size_t wheel, Link link)
{
    std::vector<std::size_t> out;
    const double x = vehicle.wheels[wheel].geometry.wheelCentreOffset.x;
    for (std::size_t w = 0; w < vehicle.wheels.size(); ++w) {
        if (w == wheel)
            continue;
        const bool sameAxle = std::fabs(vehicle.wheels[w].geometry.wheelCentreOffset.x - x) < 1e-6;
        if (link == Link::AllWheels || (link == Link::Axle && sameAxle) ||
            (link == Link::LeftRight && sameAxle && (w ^ 1) == wheel))
            out.push_back(w);
    }
    return out;
}

Json leafValue(const Node& leaf, double v)
{
    if (leaf.kind == NodeKind::Integer)
        return static_cast<long long>(std::llround(v));
    return v == 0.0 ? 0.0 : v;  // no -0 in a file
}

}  // namespace

bool matchesPattern(std::string_view pattern, std::string_view path) noexcept
{
    std::size_t i = 0, j = 0;
    while (i < pattern.size() && j < path.size()) {
        if (pattern.compare(i, 3, "[*]") == 0) {
            if (path[j] != '[')
                return false;
            const std::size_t digits = ++j;
            while (j < path.size() && path[j] >= '0' && path[j] <= '9')
                ++j;
            if (j == digits || j >= path.size() || path[j] != ']')
                return false;
            ++j;
            i += 3;
        } else if (pattern[i] != path[j]) {
            return false;
        } else {
            ++i;
            ++j;
        }
    }
    return i == pattern.size() && j == path.size();
}

std::vector<std::string> expandPath(const VehicleConfig& vehicle, const std::string& path)
{
    const std::string pattern = path.starts_with('/') ? ParameterRegistry::pointerToPath(path) : path;
    std::vector<std::string> out;
    if (pattern.empty())
        return out;
    for (const config::LeafRef& leaf : ParameterRegistry::instance().leaves(vehicle))
        if (matchesPattern(pattern, leaf.path))
            out.push_back(leaf.path);
    return out;
}

std::vector<LeafTarget> parameterLeaves(const VehicleConfig& vehicle, const Parameter& parameter)
{
    const ParameterRegistry& registry = ParameterRegistry::instance();
    std::vector<LeafTarget> out;
    auto listed = [&](const std::string& p) {
        return std::any_of(out.begin(), out.end(), [&](const LeafTarget& t) { return t.path == p; });
    };
    const std::vector<std::string> own = expandPath(vehicle, parameter.path);
    for (const std::string& p : own)
        out.push_back({p, false});
    if (parameter.link == Link::None)
        return out;
    for (const std::string& p : own) {
        const std::optional<std::size_t> wheel = param::wheels::wheelIndex(p);
        if (!wheel || *wheel >= vehicle.wheels.size())
            continue;
        const Node* leaf = registry.findLeaf(p);
        const bool mirrors = leaf && negatedByMirror(*leaf);
        for (const std::size_t w : linkedWheels(vehicle, *wheel, parameter.link)) {
            const std::string other = param::ElementPath{param::wheels::wheelPattern(p)}(w);
            if (listed(other) || !registry.get(vehicle, other))
                continue;
            out.push_back({other, mirrors && onLeft(vehicle, w) != onLeft(vehicle, *wheel)});
        }
    }
    return out;
}

config::EditList parameterEdits(const VehicleConfig& vehicle, const Parameter& parameter, const Json& value)
{
    const ParameterRegistry& registry = ParameterRegistry::instance();
    config::EditList edits;
    for (const LeafTarget& t : parameterLeaves(vehicle, parameter)) {
        const Node* leaf = registry.findLeaf(t.path);
        if (!leaf)
            continue;
        if (!value.is_number()) {
            edits.push_back({t.path, value});
        } else if (parameter.scale == Scale::Factor) {
            const std::optional<Json> base = registry.get(vehicle, t.path);
            if (base && base->is_number())
                edits.push_back({t.path, leafValue(*leaf, base->get<double>() * value.get<double>())});
        } else {
            const double v = value.get<double>();
            edits.push_back({t.path, leafValue(*leaf, t.negated ? -v : v)});
        }
    }
    return edits;
}

config::EditList pointEdits(const Sweep& sweep, const Point& point)
{
    config::EditList edits;
    for (std::size_t i = 0; i < sweep.parameters.size() && i < point.values.size(); ++i) {
        if (point.values[i].is_null())
            continue;  // left at the base vehicle's value
        config::EditList e = parameterEdits(*sweep.vehicle, sweep.parameters[i], point.values[i]);
        edits.insert(edits.end(), std::make_move_iterator(e.begin()), std::make_move_iterator(e.end()));
    }
    return edits;
}

}  // namespace jounce::sweep
