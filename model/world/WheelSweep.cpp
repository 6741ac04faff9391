#include "world/WheelSweep.h"

#include <btBulletCollisionCommon.h>

#include <cmath>

namespace jounce::sim {
namespace {
constexpr btScalar kWheelMargin = 1e-3;  // m
}  // namespace

bool sweepCylinder(const btCollisionObject& ground, const WheelSweep& sweep, GroundHit& hit)
{
    if (!(sweep.radius > 0.0 && sweep.halfWidth > 0.0 && std::isfinite(sweep.radius) && std::isfinite(sweep.halfWidth)))
        return false;
    // Bullet's cylinder along its local y: the axle. Its margin lies inside the half extents but
    // rounds the rim's edges by its size, so a millimetre instead of Bullet's 4 cm: a cambered wheel
    // then meets the ground on its rim edge, as a PhysX sweep of the wheel's convex hull does.
    btCylinderShape wheel(btVector3(sweep.radius, sweep.halfWidth, sweep.radius));
    wheel.setMargin(kWheelMargin);
    btTransform end = sweep.start;
    end.setOrigin(sweep.start.getOrigin() + sweep.travel);
    btCollisionWorld::ClosestConvexResultCallback result(sweep.start.getOrigin(), end.getOrigin());
    // Bullet's API takes the object mutable but only reads it here.
    auto* object = const_cast<btCollisionObject*>(&ground);
    btCollisionWorld::objectQuerySingle(&wheel, sweep.start, end, object, ground.getCollisionShape(),
                                        ground.getWorldTransform(), result, 0.0);
    if (!result.hasHit())
        return false;
    hit.point = result.m_hitPointWorld;
    hit.normal = result.m_hitNormalWorld.normalized();
    hit.fraction = result.m_closestHitFraction;
    hit.surface = 0;
    return true;
}

}  // namespace jounce::sim
