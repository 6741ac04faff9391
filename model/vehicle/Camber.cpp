#include "vehicle/Camber.h"

#include "vehicle/LinearGraph.h"

namespace jounce::sim {

double normalisedJounce(const SuspensionData& suspension, double jounce) noexcept
{
    const double travel = suspension.maxDroop + suspension.maxCompression;
    return travel > 0.0 ? (jounce + suspension.maxDroop) / travel : 0.0;
}

double complianceValue(std::span<const GraphPoint> graph, double staticValue,
                       double normalisedJounce) noexcept
{
    return lookupClamped(graph, normalisedJounce, staticValue);
}

Vec3 compliancePoint(std::span<const CompliancePoint> graph, const Vec3& staticPoint,
                     double normalisedJounce) noexcept
{
    if (graph.empty())
        return staticPoint;
    if (normalisedJounce <= graph.front().jounce)
        return graph.front().point;
    for (std::size_t i = 1; i < graph.size(); ++i) {
        const CompliancePoint& lo = graph[i - 1];
        const CompliancePoint& hi = graph[i];
        if (normalisedJounce < hi.jounce) {
            const double t = (normalisedJounce - lo.jounce) / (hi.jounce - lo.jounce);
            return {lo.point.x + t * (hi.point.x - lo.point.x), lo.point.y + t * (hi.point.y - lo.point.y),
                    lo.point.z + t * (hi.point.z - lo.point.z)};
        }
    }
    return graph.back().point;
}

double wheelToe(const WheelConfig& wheel, double jounce) noexcept
{
    if (!wheel.compliance)
        return wheel.wheel.toeAngle;
    return complianceValue(wheel.compliance->wheelToeAngle, wheel.wheel.toeAngle,
                           normalisedJounce(wheel.suspension, jounce));
}

}  // namespace jounce::sim
