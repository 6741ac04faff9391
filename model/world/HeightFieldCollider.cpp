#include "world/HeightFieldCollider.h"

#include <BulletCollision/NarrowPhaseCollision/btRaycastCallback.h>

#include <cmath>
#include <stdexcept>

namespace jounce::sim {
namespace {

/// Keeps the closest triangle hit; Bullet passes each candidate triangle in shape-local space.
class ClosestHit final : public btTriangleRaycastCallback {
public:
    ClosestHit(const btVector3& from, const btVector3& to) : btTriangleRaycastCallback(from, to, kF_None) {}

    btScalar reportHit(const btVector3& normal, btScalar fraction, int, int) override
    {
        hit = true;
        hitNormal = normal;
        return fraction;  // becomes m_hitFraction: later triangles must be closer to count
    }

    bool hit = false;
    btVector3 hitNormal{0, 0, 1};
};

}  // namespace

HeightFieldCollider::HeightFieldCollider(std::shared_ptr<const Terrain> terrain) : terrain_(std::move(terrain))
{
    if (!terrain_ || !terrain_->field.valid())
        throw std::invalid_argument("HeightFieldCollider needs a height field of at least 2 x 2 nodes with one height per node");
    const HeightField& f = terrain_->field;
    const auto [lo, hi] = f.heightRange();
    // A little vertical slack so a perfectly flat field still has a bounding box with thickness.
    const double minHeight = lo - 0.1, maxHeight = hi + 0.1;
    shape_ = std::make_unique<HeightFieldShape>(f, minHeight, maxHeight);
    shape_->setLocalScaling(btVector3(f.spacing, f.spacing, 1.0));
    // No buildAccelerator(): wheel rays are short and its chunk test in Bullet 3.24 reads the wrong
    // axis for z-up fields, which can skip chunks that a long ray does cross.

    // Bullet centres the shape on the middle of its grid and of [minHeight, maxHeight]; putting that
    // centre here makes node (i, j) land at (originX + i * spacing, originY + j * spacing, height).
    centre_ = btVector3(f.originX + 0.5 * (f.nx - 1) * f.spacing, f.originY + 0.5 * (f.ny - 1) * f.spacing,
                        0.5 * (minHeight + maxHeight));
    object_ = std::make_unique<btCollisionObject>();
    object_->setCollisionShape(shape_.get());
    btTransform transform;
    transform.setIdentity();
    transform.setOrigin(centre_);
    object_->setWorldTransform(transform);
    object_->setCollisionFlags(object_->getCollisionFlags() | btCollisionObject::CF_STATIC_OBJECT);
}

HeightFieldCollider::~HeightFieldCollider() = default;

bool HeightFieldCollider::raycast(const btVector3& from, const btVector3& to, RayHit& hit) const
{
    // Bullet casts the ray's grid coordinates to int: keep NaN and absurd values away from it.
    constexpr double kFar = 1e7;
    for (int k = 0; k < 3; ++k)
        if (!(std::abs(from[k]) <= kFar && std::abs(to[k]) <= kFar))
            return false;
    const btVector3 localFrom = from - centre_, localTo = to - centre_;
    const HeightFieldShape::CellHit cell = shape_->intersectWithinCell(localFrom, localTo);
    if (cell.kind == HeightFieldShape::CellHit::Kind::Miss)
        return false;
    if (cell.kind == HeightFieldShape::CellHit::Kind::Hit) {
        hit.fraction = cell.fraction;
        hit.normal = cell.normal;
    } else {
        ClosestHit callback(localFrom, localTo);
        shape_->performRaycast(&callback, localFrom, localTo);
        if (!callback.hit)
            return false;
        hit.fraction = callback.m_hitFraction;
        hit.normal = callback.hitNormal.normalized();
    }
    hit.point = from.lerp(to, hit.fraction);
    hit.surface = terrain_->surfaceAt(hit.point.x(), hit.point.y());
    return true;
}

}  // namespace jounce::sim
