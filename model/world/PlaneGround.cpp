#include "world/PlaneGround.h"

#include "world/WheelSweep.h"

namespace jounce::sim {

PlaneGround::PlaneGround(double height, std::string surface)
    : height_(height), names_{std::move(surface)}, shape_(btVector3(0, 0, 1), height)
{
    object_.setCollisionShape(&shape_);
}

bool PlaneGround::raycast(const btVector3& from, const btVector3& to, GroundHit& hit) const
{
    const double a = from.z() - height_;
    const double b = to.z() - height_;
    if (a < 0 || b > 0 || a == b)
        return false;
    const double t = a / (a - b);
    hit.point = from + (to - from) * t;
    hit.normal = btVector3(0, 0, 1);
    hit.surface = 0;
    return true;
}

bool PlaneGround::sweepWheel(const WheelSweep& sweep, GroundHit& hit) const
{
    return sweepCylinder(object_, sweep, hit);
}

}  // namespace jounce::sim
