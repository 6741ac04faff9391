#include "exchange/unity/UnitySuspension.h"

#include "exchange/unity/UnityFrame.h"

#include <cmath>
#include <cstdio>

namespace jounce::exchange {
namespace {

constexpr double kTolerance = 1e-9;  // m: what a round trip through doubles reproduces

std::string metres(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g m", v);
    return buf;
}

}  // namespace

JounceStrut unityToJounceStrut(const UnityWheelCollider& w)
{
    const Vec3 top = unityToIso({w.position.x + w.center.x, w.position.y + w.center.y, w.position.z + w.center.z});
    const double t = w.suspensionSpring.targetPosition;
    JounceStrut s;
    s.maxCompression = (1.0 - t) * w.suspensionDistance;
    s.maxDroop = t * w.suspensionDistance;
    s.wheelCentreOffset = {top.x, top.y, top.z - s.maxCompression};
    s.forceAppPointOffset = {top.x, top.y, s.wheelCentreOffset.z + w.forceAppPointDistance - w.radius};
    s.springStrength = w.suspensionSpring.spring;
    s.springDamperRate = w.suspensionSpring.damper;
    return s;
}

void jounceToUnityStrut(const WheelConfig& wheel, UnityWheelCollider& out, std::vector<std::string>& lost)
{
    const SuspensionData& s = wheel.suspension;
    const WheelGeometry& g = wheel.geometry;
    const Vec3& c = g.wheelCentreOffset;
    const double travel = s.maxCompression + s.maxDroop;
    out.position = isoToUnity({c.x, c.y, c.z + s.maxCompression});
    out.center = {};
    out.suspensionDistance = travel;
    out.suspensionSpring.spring = s.springStrength;
    out.suspensionSpring.damper = s.springDamperRate;
    out.suspensionSpring.targetPosition = travel > 0.0 ? s.maxDroop / travel : 0.0;
    out.forceAppPointDistance = g.suspForceAppPointOffset.z - c.z + wheel.wheel.radius;

    const Vec3& d = g.suspTravelDirection;
    if (std::fabs(d.x) > kTolerance || std::fabs(d.y) > kTolerance || !(d.z < 0.0))
        lost.push_back("suspTravelDirection is not straight down: a WheelCollider's suspension follows its "
                       "transform's -y, written as straight down");
    const Vec3& p = g.suspForceAppPointOffset;
    if (std::fabs(p.x - c.x) > kTolerance || std::fabs(p.y - c.y) > kTolerance)
        lost.push_back("the suspension force point is " + metres(p.x - c.x) + " ahead and " + metres(p.y - c.y) +
                       " left of the wheel centre: Unity applies it on the wheel's vertical");
    const Vec3& q = g.tireForceAppPointOffset;
    if (std::fabs(q.x - p.x) > kTolerance || std::fabs(q.y - p.y) > kTolerance || std::fabs(q.z - p.z) > kTolerance)
        lost.push_back("the tire force point differs from the suspension force point: Unity has one "
                       "forceAppPointDistance for both, taken from the suspension force point");
}

}  // namespace jounce::exchange
