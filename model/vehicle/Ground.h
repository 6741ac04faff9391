#pragma once
// What the vehicle needs of the ground: queries against drivable geometry only (never the vehicle
// itself, vehicle-model §2.1) -- a ray down the strut, or the wheel swept as a cylinder down its
// travel (the jounce query a model generation may choose, ModelGeneration.h) -- and the name of the
// surface that was hit. world/ implements it: TerrainGround on a height-field terrain, PlaneGround as
// an endless plane.

#include <btBulletDynamicsCommon.h>

#include <string>
#include <vector>

namespace jounce::sim {

struct GroundHit {
    btVector3 point;         ///< world
    btVector3 normal;        ///< unit, pointing out of the ground
    int surface = 0;         ///< index into surfaceNames()
    double fraction = 1.0;   ///< how far along the query the hit is, 0 to 1
};

/// A wheel swept down its suspension travel as a cylinder (PhysX 5's eSWEEP jounce query): the wheel
/// at `start` -- origin the wheel centre at the top of the travel, local y its axle -- moved by
/// `travel`. The first contact is where its tread or rim edge meets the ground.
struct WheelSweep {
    btTransform start;
    btVector3 travel;        ///< world, m
    double radius = 0.0;     ///< m
    double halfWidth = 0.0;  ///< m
};

class Ground {
public:
    virtual ~Ground() = default;
    /// The first hit on the segment from -> to, if any.
    virtual bool raycast(const btVector3& from, const btVector3& to, GroundHit& hit) const = 0;
    /// The first contact of the swept wheel, if any: the contact point and normal on the ground,
    /// and the fraction of the travel the wheel moved before it.
    virtual bool sweepWheel(const WheelSweep& sweep, GroundHit& hit) const = 0;
    /// Ground height under (x, y), for spawning.
    virtual double heightAt(double x, double y) const = 0;
    virtual const std::vector<std::string>& surfaceNames() const = 0;
    /// The static collision object the chassis collides with.
    virtual btCollisionObject* collisionObject() = 0;
};

}  // namespace jounce::sim
