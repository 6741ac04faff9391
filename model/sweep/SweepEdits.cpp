#include "sweep/SweepEdits.h"

#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"
#include "config/WheelLink.h"

#include <algorithm>
#include <cmath>

namespace jounce::sweep {
namespace {

namespace param = config::param;
using config::Node;
using config::NodeKind;
using config::ParameterRegistry;

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
    // The workbench's link box rule (config/WheelLink.h): the same wheels, the same mirror signs.
    for (const std::string& p : own) {
        const std::optional<std::size_t> wheel = param::wheels::wheelIndex(p);
        if (!wheel || *wheel >= vehicle.wheels.size())
            continue;
        for (const int w : config::linkedWheels(vehicle, int(*wheel), parameter.link)) {
            if (w == int(*wheel))
                continue;
            const config::MirroredPath m = config::mirrorPath(p, std::size_t(w));
            if (listed(m.path) || !registry.get(vehicle, m.path))
                continue;
            out.push_back({m.path, m.negated && config::acrossSides(vehicle, std::size_t(w), *wheel)});
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
