#pragma once
// Unity's frame and Jounce's (docs/unity.md "Frames"): Unity is left-handed with x right, y up,
// z forward; Jounce is ISO 8855, right-handed with x forward, y left, z up. The map is
// (x, y, z)_ISO = (z, -x, y)_Unity, a mirror image (determinant -1), so positions and directions
// convert by it and principal moments of inertia by the same permutation without signs.

#include "config/VehicleConfig.h"

namespace jounce::exchange {

inline Vec3 unityToIso(const Vec3& u) { return {u.z, -u.x, u.y}; }
inline Vec3 isoToUnity(const Vec3& i) { return {-i.y, i.z, i.x}; }

/// Principal moments about Unity's x (pitch), y (yaw), z (roll) -> Jounce's (roll, pitch, yaw).
inline Vec3 unityMomentsToIso(const Vec3& u) { return {u.z, u.x, u.y}; }
inline Vec3 isoMomentsToUnity(const Vec3& i) { return {i.y, i.z, i.x}; }

}  // namespace jounce::exchange
