#include "config/WheelLink.h"

#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"

#include <algorithm>
#include <cmath>

namespace jounce::config {
namespace {

namespace param = config::param;

/// The y component of a vector of three (positions and directions: geometry offsets,
/// suspTravelDirection, the compliance force points' [jounce, x, y, z] rows); a graph's (x, y)
/// point is not a vector.
bool isLateralComponent(const Node& leaf)
{
    if (!leaf.parent || !leaf.parent->tuple || leaf.key != "y")
        return false;
    const auto& siblings = leaf.parent->children;
    auto has = [&](const char* key) {
        return std::any_of(siblings.begin(), siblings.end(), [key](const auto& c) { return c->key == key; });
    };
    return has("x") && has("z");
}

/// Whether a left/right mirror of the car changes the sign of this wheel leaf.
bool negatedAcrossSides(const Node& leaf)
{
    // A mirror in the x-z plane negates every y coordinate; the registry marks the offsets'
    // (Node::mirrorsLeftRight), the rule catches the other vectors of a wheel too.
    if (isLateralComponent(leaf))
        return true;
    // Toe and camber: the model reads one signed angle on every wheel and mirrors neither
    // (positive toe turns the wheel left, positive camber tilts its top toward -y, on both sides;
    // docs/vehicle-model.md §0.3, §2.11, §2.14), so toe-in or camber leaning the same way on both
    // sides is stored with opposite signs (the reference car's camber, §6.4). The registry marks the
    // static angles; the compliance graphs' angles follow the same convention (§1.7).
    if (leaf.mirrorsLeftRight)
        return true;
    const std::string pattern = leaf.pathPattern();
    return pattern == param::wheels::compliance::wheelToeAngle(param::any, param::any, 1) ||
           pattern == param::wheels::compliance::wheelCamberAngle(param::any, param::any, 1);
}

}  // namespace

bool acrossSides(const VehicleConfig& config, std::size_t a, std::size_t b)
{
    const auto left = [&](std::size_t w) { return config.wheels[w].geometry.wheelCentreOffset.y >= 0; };  // +y is the left
    return left(a) != left(b);
}

MirroredPath mirrorPath(const std::string& path, std::size_t other)
{
    if (!param::wheels::wheelIndex(path))
        return {path, false};
    const Node* leaf = ParameterRegistry::instance().findLeaf(path);
    // ElementPath fills the pattern's first [*], the wheel's; later indices stay as they are.
    return {param::ElementPath{param::wheels::wheelPattern(path)}(other), leaf && negatedAcrossSides(*leaf)};
}

std::vector<bool> frontWheels(const VehicleConfig& config)
{
    std::vector<bool> front;
    for (const WheelConfig& w : config.wheels)
        front.push_back(w.geometry.wheelCentreOffset.x > config.chassis.cmOffset.x);
    return front;
}

std::vector<int> linkedWheels(const VehicleConfig& config, int wheel, WheelLink link)
{
    std::vector<int> out{wheel};
    const int count = static_cast<int>(config.wheels.size());
    if (wheel < 0 || wheel >= count)
        return out;
    const double x = config.wheels[std::size_t(wheel)].geometry.wheelCentreOffset.x;
    for (int w = 0; w < count; ++w) {
        if (w == wheel)
            continue;
        const bool sameAxle = std::fabs(config.wheels[std::size_t(w)].geometry.wheelCentreOffset.x - x) < 1e-6;
        if (link == WheelLink::AllWheels || (link == WheelLink::Axle && sameAxle) ||
            (link == WheelLink::LeftRight && sameAxle && (w ^ 1) == wheel))
            out.push_back(w);
    }
    return out;
}

EditList linkEdits(const VehicleConfig& config, const EditList& edits, WheelLink link)
{
    EditList out = edits;
    if (link == WheelLink::None)
        return out;
    const ParameterRegistry& registry = ParameterRegistry::instance();
    auto editedByCaller = [&](const std::string& path) {
        return std::any_of(edits.begin(), edits.end(), [&](const Edit& e) { return e.path == path; });
    };
    for (const Edit& e : edits) {
        const std::optional<std::size_t> wheel = param::wheels::wheelIndex(e.path);
        if (!wheel || *wheel >= config.wheels.size())
            continue;
        for (const int w : linkedWheels(config, int(*wheel), link)) {
            if (w == int(*wheel))
                continue;
            const MirroredPath m = mirrorPath(e.path, std::size_t(w));
            if (editedByCaller(m.path) || !registry.get(config, m.path))
                continue;
            Json value = e.value;
            if (m.negated && value.is_number() && acrossSides(config, std::size_t(w), *wheel))
                value = value.get<double>() == 0.0 ? 0.0 : -value.get<double>();
            out.push_back({m.path, value});
        }
    }
    return out;
}

}  // namespace jounce::config
