#pragma once
// Which levers move a figure (docs/sweeps.md "Levers"): for one vehicle and one handling figure, the
// parameters a tuner reaches for first -- per axle the bar, springs, dampers and the tire's
// stiffness and grip, the mass, the engine's torque, the final ratio, the brakes -- each moved
// ±20 % alone on the figure's library maneuver, ranked by how far the figure moves. Built on the
// one-at-a-time study of `sweep --sensitivity`.

#include "sweep/Sensitivity.h"
#include "sweep/SweepRun.h"

#include <optional>
#include <string>
#include <vector>

namespace jounce::sweep {

/// How far each lever is moved: a factor of 1 ± kLeverSpread on the vehicle's value.
inline constexpr double kLeverSpread = 0.2;

/// The library maneuver that measures `figure` ("skidpad" for understeerGradient), or "" when the
/// figure is not one levers can rank.
std::string leverManeuver(const std::string& figure);

/// The sweep of the levers of `figure` on `vehicle` as a sweep file's JSON (the vehicle inlined, the
/// maneuver and terrain by preset name): only levers the vehicle has (a bar that exists, the tire
/// model's own stiffness) and whose value is not 0 (a factor cannot move it).
Json leversSweepJson(const VehicleConfig& vehicle, const std::string& figure);

/// One lever, as measured.
struct Lever {
    std::string name;     ///< "rear anti-roll bar"
    std::string path;     ///< the registry path moved (its axle partner follows by the link)
    std::optional<double> atLow, atHigh;  ///< the figure at −20 % and +20 %
    /// atHigh − atLow, in the figure's unit: the signed change over the lever's 40 % range.
    std::optional<double> effect() const;
};

/// The levers of a study run on leversSweepJson's sweep, largest |effect| first; unmeasured last.
std::vector<Lever> rankLevers(const Sweep& sweep, std::span<const PointResult> results);

}  // namespace jounce::sweep
