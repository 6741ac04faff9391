#pragma once
// The wheel's cylinder swept against a static ground object (Ground::sweepWheel), shared by the
// grounds: Bullet's convex cast of a cylinder against the object's shape, concave ones included.

#include "vehicle/Ground.h"

namespace jounce::sim {

/// The first contact of `sweep` with `ground` (its shape at its world transform): point, normal
/// (facing the wheel) and fraction; the surface is left for the caller. False without a contact or
/// for a degenerate wheel (radius or half width not positive, or not finite).
bool sweepCylinder(const btCollisionObject& ground, const WheelSweep& sweep, GroundHit& hit);

}  // namespace jounce::sim
