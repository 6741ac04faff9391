#include "world/PlaneGround.h"
#include "world/TerrainGround.h"
#include "world/WheelSweep.h"

namespace jounce::sim {

TerrainGround::TerrainGround(std::shared_ptr<const Terrain> terrain) : bullet_(std::move(terrain)) {}

bool TerrainGround::raycast(const btVector3& from, const btVector3& to, GroundHit& hit) const
{
    HeightFieldCollider::RayHit h;
    if (!bullet_.raycast(from, to, h))
        return false;
    hit.point = h.point;
    hit.normal = h.normal;
    hit.surface = h.surface < 0 ? 0 : h.surface;
    return true;
}

bool TerrainGround::sweepWheel(const WheelSweep& sweep, GroundHit& hit) const
{
    if (!sweepCylinder(*bullet_.collisionObject(), sweep, hit))
        return false;
    const int surface = bullet_.terrain().surfaceAt(hit.point.x(), hit.point.y());
    hit.surface = surface < 0 ? 0 : surface;
    return true;
}

double TerrainGround::heightAt(double x, double y) const
{
    return bullet_.terrain().field.heightAt(x, y);
}

const std::vector<std::string>& TerrainGround::surfaceNames() const
{
    return bullet_.terrain().surfaceNames;
}

std::shared_ptr<Ground> makeGround(const std::shared_ptr<const Terrain>& terrain)
{
    if (!terrain)
        return std::make_shared<PlaneGround>(0.0, "tarmac");
    return std::make_shared<TerrainGround>(terrain);
}

SpawnPose startPose(const Terrain* terrain)
{
    if (!terrain)
        return {};
    return {terrain->start.x, terrain->start.y, terrain->start.heading};
}

}  // namespace jounce::sim
