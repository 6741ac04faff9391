#pragma once
// A tilted plane for tests of vehicles at rest on a slope.

#include "vehicle/Ground.h"
#include "world/WheelSweep.h"

#include <btBulletCollisionCommon.h>

#include <string>
#include <vector>

namespace jounce::test {

/// A plane rising `grade` metres per metre along +x, one tarmac surface.
class SlopeGround final : public sim::Ground {
public:
    explicit SlopeGround(double grade)
        : grade_(grade), normal_(btVector3(-grade, 0, 1).normalized()), shape_(normal_, 0.0)
    {
        object_.setCollisionShape(&shape_);
    }
    bool raycast(const btVector3& from, const btVector3& to, sim::GroundHit& hit) const override
    {
        const double a = normal_.dot(from), b = normal_.dot(to);
        if (a < 0 || b > 0 || a == b)
            return false;
        hit.point = from + (to - from) * (a / (a - b));
        hit.normal = normal_;
        hit.surface = 0;
        return true;
    }
    bool sweepWheel(const sim::WheelSweep& sweep, sim::GroundHit& hit) const override
    {
        return sim::sweepCylinder(object_, sweep, hit);
    }
    double heightAt(double x, double) const override { return grade_ * x; }
    const std::vector<std::string>& surfaceNames() const override { return names_; }
    btCollisionObject* collisionObject() override { return &object_; }

private:
    double grade_;
    btVector3 normal_;
    btStaticPlaneShape shape_;
    btCollisionObject object_;
    std::vector<std::string> names_{"tarmac"};
};

}  // namespace jounce::test
