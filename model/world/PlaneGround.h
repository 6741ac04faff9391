#pragma once
// The simplest ground: an endless plane of one surface (the flat tarmac without a terrain file,
// and the ground of many tests).

#include "vehicle/Ground.h"

namespace jounce::sim {

/// An infinite plane z = height of one surface, for tests and as the simplest terrain.
class PlaneGround final : public Ground {
public:
    explicit PlaneGround(double height = 0.0, std::string surface = "tarmac");
    bool raycast(const btVector3& from, const btVector3& to, GroundHit& hit) const override;
    bool sweepWheel(const WheelSweep& sweep, GroundHit& hit) const override;
    double heightAt(double, double) const override { return height_; }
    const std::vector<std::string>& surfaceNames() const override { return names_; }
    btCollisionObject* collisionObject() override { return &object_; }

private:
    double height_;
    std::vector<std::string> names_;
    btStaticPlaneShape shape_;
    btCollisionObject object_;
};

}  // namespace jounce::sim
