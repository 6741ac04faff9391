#pragma once
// A terrain as the vehicle's ground: ray queries against the Bullet height field, surfaces by name.

#include "vehicle/Ground.h"
#include "vehicle/Vehicle.h"
#include "world/HeightFieldCollider.h"
#include "world/Terrain.h"

#include <memory>

namespace jounce::sim {

class TerrainGround final : public Ground {
public:
    explicit TerrainGround(std::shared_ptr<const Terrain> terrain);
    bool raycast(const btVector3& from, const btVector3& to, GroundHit& hit) const override;
    bool sweepWheel(const WheelSweep& sweep, GroundHit& hit) const override;
    double heightAt(double x, double y) const override;
    const std::vector<std::string>& surfaceNames() const override;
    btCollisionObject* collisionObject() override { return bullet_.collisionObject(); }
    const Terrain& terrain() const { return bullet_.terrain(); }

private:
    HeightFieldCollider bullet_;
};

/// The ground of `terrain` (created on the calling thread, which must be the simulation thread),
/// or an infinite tarmac plane at z = 0 when `terrain` is null.
std::shared_ptr<Ground> makeGround(const std::shared_ptr<const Terrain>& terrain);

/// The terrain's start pose, or the origin heading +x without a terrain.
SpawnPose startPose(const Terrain* terrain);

}  // namespace jounce::sim
