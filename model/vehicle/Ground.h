#pragma once
// What the vehicle needs of the ground: a ray query against drivable geometry only (never the
// vehicle itself, vehicle-model §2.1) and the name of the surface that was hit. world/ implements it:
// TerrainGround on a height-field terrain, PlaneGround as an endless plane.

#include <btBulletDynamicsCommon.h>

#include <string>
#include <vector>

namespace jounce::sim {

struct GroundHit {
    btVector3 point;
    btVector3 normal;  ///< unit, pointing out of the ground
    int surface = 0;   ///< index into surfaceNames()
};

class Ground {
public:
    virtual ~Ground() = default;
    /// The first hit on the segment from -> to, if any.
    virtual bool raycast(const btVector3& from, const btVector3& to, GroundHit& hit) const = 0;
    /// Ground height under (x, y), for spawning.
    virtual double heightAt(double x, double y) const = 0;
    virtual const std::vector<std::string>& surfaceNames() const = 0;
    /// The static collision object the chassis collides with.
    virtual btCollisionObject* collisionObject() = 0;
};

}  // namespace jounce::sim
