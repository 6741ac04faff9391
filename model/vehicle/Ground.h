#pragma once
// What the vehicle needs of the ground: a ray query against drivable geometry only (never the
// vehicle itself, spec §2.1) and the name of the surface that was hit. The terrain implements it;
// tests may use a plane.

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

/// An infinite plane z = height of one surface, for tests and as the simplest terrain.
class PlaneGround final : public Ground {
public:
    explicit PlaneGround(double height = 0.0, std::string surface = "tarmac");
    bool raycast(const btVector3& from, const btVector3& to, GroundHit& hit) const override;
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
