#pragma once
// The link box's rules ("Left = right", "Whole axle", "All wheels"), shared by the parameter editor
// and the curve editor, and by sweeps (model/sweep), so all follow it alike: which wheels an edit of
// one wheel also sets, and how each value carries over to a wheel on the other side.

#include "config/EditSession.h"
#include "config/VehicleConfig.h"

#include <cstddef>
#include <string>
#include <vector>

namespace jounce::config {

enum class WheelLink { None, LeftRight, Axle, AllWheels };

/// A wheel parameter as it appears on another wheel.
struct MirroredPath {
    std::string path;      ///< the same parameter of the other wheel
    bool negated = false;  ///< a left/right mirror changes its sign (the same side copies it as-is)
};

/// The parameter `path` of one wheel ("wheels[0].compliance.wheelToeAngle[2][1]") on wheel `other`
/// ("wheels[1].compliance.wheelToeAngle[2][1]"), and whether mirroring it to the other side negates
/// it: lateral (y) coordinates of every position and direction, and every toe and camber angle
/// (static and compliance graphs); all else is copied. A path outside the wheels comes back as-is.
MirroredPath mirrorPath(const std::string& path, std::size_t other);

/// The wheels an edit of `wheel` also sets under `link`, `wheel` first. Left = right pairs wheel
/// 2k with 2k + 1 on the same axle (same wheelCentreOffset x); Axle: every wheel at that x.
std::vector<int> linkedWheels(const VehicleConfig& config, int wheel, WheelLink link);

/// The wheels of the front axle group: wheel centres ahead of the centre of mass (x > cmOffset.x);
/// the rest are the rear group. A vehicle with every wheel behind (or ahead of) it has one group.
/// The compare table's per-axle figures and the .tir import's --wheels front|rear use it.
std::vector<bool> frontWheels(const VehicleConfig& config);

/// Whether two wheels are on opposite sides of the car (the sign of wheelCentreOffset y, ISO 8855).
bool acrossSides(const VehicleConfig& config, std::size_t a, std::size_t b);

/// `edits` followed by their linked copies: each edit of a wheel parameter is repeated on every
/// wheel linked to its wheel, negated (mirrorPath) when that wheel is on the other side (the sign of
/// wheelCentreOffset y). A parameter the other wheel lacks (a compliance graph only one wheel has,
/// a shorter graph) and a path `edits` sets itself are not copied.
EditList linkEdits(const VehicleConfig& config, const EditList& edits, WheelLink link);

}  // namespace jounce::config
