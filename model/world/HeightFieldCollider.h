#pragma once
// The terrain as Bullet sees it, owned by the simulation thread: a Bullet height field
// (HeightFieldShape) over the Terrain's own height array (no copy; the shared Terrain keeps it
// alive) in a collision object for the world, and the per-wheel suspension raycast straight
// against that shape.

#include "world/HeightFieldShape.h"
#include "world/Terrain.h"

#include <btBulletCollisionCommon.h>

#include <memory>

namespace jounce::sim {

class HeightFieldCollider {
public:
    /// Throws std::invalid_argument if the terrain's height field is not a valid grid (at least
    /// 2 x 2 nodes, one height per node).
    explicit HeightFieldCollider(std::shared_ptr<const Terrain> terrain);
    ~HeightFieldCollider();
    HeightFieldCollider(const HeightFieldCollider&) = delete;
    HeightFieldCollider& operator=(const HeightFieldCollider&) = delete;

    /// Static object to add to the dynamics world (collisions of the chassis and other bodies).
    btCollisionObject* collisionObject() { return object_.get(); }
    const btCollisionObject* collisionObject() const { return object_.get(); }
    const HeightFieldShape& shape() const { return *shape_; }

    const Terrain& terrain() const { return *terrain_; }
    /// What a renderer draws: the same grid and triangulation the collision shape uses.
    const HeightField& heightField() const { return terrain_->field; }

    struct RayHit {
        btVector3 point;   ///< world
        btVector3 normal;  ///< unit, facing the ray's start (upwards for rays from above)
        double fraction = 1.0;  ///< along from -> to
        int surface = -1;       ///< Terrain::surfaceNames index at the hit point
    };
    /// Closest hit of the segment from -> to (world) with the ground. Cost: the cells the segment's
    /// x-y projection crosses; a near-vertical wheel ray touches one cell. Outside the grid, or with
    /// a coordinate that is not finite or beyond 1e7 m: no hit.
    bool raycast(const btVector3& from, const btVector3& to, RayHit& hit) const;

private:
    std::shared_ptr<const Terrain> terrain_;
    std::unique_ptr<HeightFieldShape> shape_;
    std::unique_ptr<btCollisionObject> object_;
    btVector3 centre_;  ///< world position of the shape's local origin
};

}  // namespace jounce::sim
