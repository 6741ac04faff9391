#pragma once
// From a point's parameter values to the `path = value` edits of its vehicle. The edits go through
// the same edit session as `jounce-cli run --set` and the workbench's editor (config/EditSession.h),
// so every leaf is checked by the registry and the relations on the result.

#include "sweep/Sweep.h"

#include "config/EditSession.h"

#include <string>
#include <string_view>
#include <vector>

namespace jounce::sweep {

/// Whether a concrete path ("wheels[2].tire.latStiffX") matches a pattern with `[*]` indices
/// ("wheels[*].tire.latStiffX"); a pattern without stars matches only itself.
bool matchesPattern(std::string_view pattern, std::string_view path) noexcept;

/// The concrete leaves a parameter path names in `vehicle` (`[*]` expanded, in registry order);
/// empty when it names none. A JSON pointer ("/chassis/mass") is read as its path.
std::vector<std::string> expandPath(const VehicleConfig& vehicle, const std::string& path);

/// A leaf a parameter sets, and whether the value changes sign there (a linked wheel on the other
/// side, for a leaf that a left/right mirror negates).
struct LeafTarget {
    std::string path;
    bool negated = false;
};

/// Every leaf the parameter sets: its path's leaves, then the wheels its link adds (the workbench's
/// link box rule: left = right pairs wheels 2k and 2k + 1 on one axle, an axle is every wheel at the
/// same wheelCentreOffset x). A leaf is listed once.
std::vector<LeafTarget> parameterLeaves(const VehicleConfig& vehicle, const Parameter& parameter);

/// The edits that give parameter `parameter` the value `value` on `vehicle`: the value itself on
/// every leaf (negated where LeafTarget says), or, for a factor, each leaf's own value times it.
/// Integer leaves get the rounded value.
config::EditList parameterEdits(const VehicleConfig& vehicle, const Parameter& parameter, const Json& value);

/// The edits of a whole point, parameter by parameter; a null value leaves its parameter as it is.
config::EditList pointEdits(const Sweep& sweep, const Point& point);

}  // namespace jounce::sweep
