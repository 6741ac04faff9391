#include "vehicle/RoadQueryStage.h"

#include "vehicle/Assert.h"

namespace jounce::sim {

RoadContact queryRoad(const Ground& ground, std::span<const int> surfaceMap, const VehicleConfig& c,
                      const WheelConfig& wc, const StrutFrame& strut)
{
    JOUNCE_ASSERT(wc.wheel.radius > 0.0);
    JOUNCE_ASSERT(wc.tire.type >= 0 && static_cast<std::size_t>(wc.tire.type) < c.surfaces.tireTypes.size());
    const double r = wc.wheel.radius;
    const btVector3& w = strut.direction;
    const btVector3& from = strut.rayStart;  // the wheel centre less (r + maxCompression) along w
    const btVector3 to = from + w * (3.0 * r + wc.suspension.maxCompression + wc.suspension.maxDroop);
    GroundHit hit;
    RoadContact out;
    out.hit = ground.raycast(from, to, hit) && hit.normal.dot(w) < 0.0;
    if (!out.hit) {
        out.surface = -1;
        out.frictionPair = 0.0;
        return out;
    }
    out.normal = hit.normal;
    out.planeD = -hit.normal.dot(hit.point);
    // Unknown ground surfaces (-1 in the map) use vehicle surface type 0 (§1.15); so does a ground
    // without named surfaces.
    const int mapped = hit.surface >= 0 && hit.surface < static_cast<int>(surfaceMap.size())
                           ? surfaceMap[std::size_t(hit.surface)]
                           : 0;
    const int type = mapped >= 0 ? mapped : 0;
    if (mapped < 0)
        out.unknownGroundSurface = hit.surface;
    out.surface = type;
    out.frictionPair = c.surfaces.friction.at(std::size_t(type)).at(std::size_t(wc.tire.type));
    return out;
}

}  // namespace jounce::sim
