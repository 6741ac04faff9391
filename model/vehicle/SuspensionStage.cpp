#include "vehicle/SuspensionStage.h"

#include "vehicle/Assert.h"
#include "vehicle/Camber.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {
namespace {

/// Where the wheel meets the contact plane: the jounce x (from the rest pose, before the compression
/// limit) and the contact point, or no contact.
struct PlaneContact {
    double x = 0.0;
    bool contact = false;
    btVector3 point{0, 0, 0};
};

/// vehicle-model-physx5.md P2 (vehicle2's intersectCylinderPlane and computeJounceAndSeparation): the
/// wheel cylinder at full droop is pushed up the strut until its deepest rim point lies on the hit
/// plane. On a flat road with an upright wheel this is the ray's answer; a rolled or cambered
/// wheel touches with the edge of its tread first.
PlaneContact sweepCylinder(const WheelConfig& wc, const RoadContact& road, const StrutFrame& strut,
                           const btVector3& axle)
{
    const SuspensionData& sd = wc.suspension;
    const double r = wc.wheel.radius;
    const double travel = sd.maxCompression + sd.maxDroop;
    const btVector3& n = road.normal;
    const btVector3& w = strut.direction;
    const btVector3 droopCentre = strut.rayStart + w * (r + sd.maxCompression + sd.maxDroop);
    const double centreHeight = n.dot(droopCentre) + road.planeD;
    const double axleNormal = n.dot(axle);
    // The radius toward the plane within the wheel's plane, then half the tread across it.
    const double inPlane = (n - axle * axleNormal).length();
    const double rim = centreHeight >= 0.0 ? -r * inPlane : r * inPlane;
    const double depth = centreHeight + rim - 0.5 * wc.wheel.width * std::fabs(axleNormal);
    const double nw = n.dot(w);
    PlaneContact out;
    if (depth > 0.0 || nw == 0.0)  // clear of the plane at full droop, or the strut runs along it
        return out;
    const double lift = depth / nw;  // how far up the strut the wheel moves to touch the plane
    if (lift <= 0.0)
        return out;  // only a strut pointing away from the plane lifts the wheel off it: no load
    out.contact = true;
    out.x = lift - sd.maxDroop;  // may exceed maxCompression: the limit row takes the rest
    const double fromDroop = std::min(lift, travel);
    out.point = droopCentre - w * fromDroop + w * r;  // the wheel bottom down the strut, as vehicle2's tire speeds
    return out;
}

}  // namespace

SuspensionState evaluateJounce(const SimulationConfig& flags, const WheelConfig& wc, const RoadContact& road,
                               const StrutFrame& strut, const btVector3& gravity, double h, WheelState& ws,
                               const JounceProbe& probe) noexcept
{
    JOUNCE_ASSERT(h > 0.0 && isFinite(h));
    JOUNCE_ASSERT(wc.wheel.radius > 0.0 && isFinite(wc.suspension.maxCompression) && isFinite(wc.suspension.maxDroop));
    const SuspensionData& sd = wc.suspension;
    const double r = wc.wheel.radius;
    const btVector3& w = strut.direction;
    double x = -sd.maxDroop;
    double t = 0.0;
    bool geomContact = false;
    btVector3 sweptPoint(0, 0, 0);
    if (road.hit && probe.query == JounceQuery::CylinderSweep) {
        const PlaneContact swept = sweepCylinder(wc, road, strut, probe.wheelAxis);
        geomContact = swept.contact;
        x = swept.contact ? swept.x : x;
        sweptPoint = swept.point;
    } else if (road.hit) {
        const double dist = road.normal.dot(strut.rayStart) + road.planeD;
        const double nw = road.normal.dot(w);
        if (dist >= 0.0 && nw < 0.0) {
            t = -dist / nw;
            x = (2.0 * r + sd.maxCompression) - t;
            geomContact = x > -sd.maxDroop;
        }
    }
    SuspensionState out;
    out.geometricJounce = x;
    x = geomContact ? std::min(x, sd.maxCompression) : -sd.maxDroop;

    // §2.4.1 jounce speed from the previous sub-step (0 after a reset).
    const double xDot = ws.hasPrevJounce ? (x - ws.prevJounce) / h : 0.0;
    bool contact = geomContact;
    // §2.4.4 expansion-velocity limit (flag): the wheel cannot follow the ground down.
    if (contact && flags.limitSuspensionExpansionVelocity && xDot < 0 && x <= 0) {
        const double vMax = (sd.springStrength * (ws.prevJounce + sd.maxDroop) / wc.wheel.mass + gravity.dot(w)) * h;
        if (xDot < -vMax)
            contact = false;
    }
    ws.prevJounce = x;  // the geometric jounce, -maxDroop in the air
    ws.hasPrevJounce = true;
    out.jounce = contact ? x : -sd.maxDroop;
    out.jounceSpeed = xDot;
    out.contact = contact;
    out.contactPoint = probe.query == JounceQuery::CylinderSweep ? sweptPoint : strut.rayStart + w * t;
    return out;
}

bool suspensionLimitRow(const WheelConfig& wc, const RoadContact& road, const StrutFrame& strut,
                        const SuspensionState& s, const ChassisState& cs, double dt, double erp,
                        VehicleConstraint::Row& row) noexcept
{
    JOUNCE_ASSERT(dt > 0.0 && erp > 0.0 && erp <= 1.0);
    const double maxCompression = wc.suspension.maxCompression;
    if (!(s.geometricJounce > maxCompression))
        return false;
    row = VehicleConstraint::Row{};
    row.point = cs.x + strut.centreOffset;
    row.direction = -strut.direction;
    row.targetSpeed = erp * std::fabs(strut.direction.dot(road.normal)) * (s.geometricJounce - maxCompression) / dt;
    row.lowerImpulse = 0.0;
    return true;
}

double springForce(SpringLaw law, const SuspensionData& sd, double x, double xDot, double ag) noexcept
{
    switch (law) {
    case SpringLaw::PreloadedAtRest: return std::max(0.0, sd.sprungMass * ag + sd.springStrength * x) + sd.springDamperRate * xDot;
    case SpringLaw::UnloadedAtFullDroop: return sd.springStrength * (x + sd.maxDroop) + sd.springDamperRate * xDot;
    }
    return 0.0;
}

SuspensionForce suspensionForce(const SimulationConfig& flags, SpringLaw law, const WheelConfig& wc,
                                const RoadContact& road, const StrutFrame& strut, const SuspensionState& s,
                                const btVector3& gravity, const ChassisState& cs, const btVector3& cm,
                                double barForce) noexcept
{
    JOUNCE_ASSERT(isFinite(wc.suspension.sprungMass) && isFinite(wc.suspension.springStrength) &&
                  isFinite(wc.suspension.springDamperRate));
    const SuspensionData& sd = wc.suspension;
    const btVector3& w = strut.direction;
    const btVector3& nrm = road.normal;
    const double x = s.jounce;
    const double ag = std::max(0.0, gravity.dot(w));
    const double fw = withAntiRollBarForce(springForce(law, sd, x, s.jounceSpeed, ag), barForce);
    const btVector3 perp = ag > 0.0 ? gravity - w * ag : btVector3(0, 0, 0);
    SuspensionForce out;
    out.normalForce = flags.disableSuspensionForceProjection ? fw - nrm.dot(perp * sd.sprungMass)
                                                             : nrm.dot(-w * fw - perp * sd.sprungMass);
    out.force = nrm * out.normalForce;
    out.arm = rotate(cs.q, toBt(wheelSuspForceAppPoint(wc, x)) - cm);
    return out;
}

}  // namespace jounce::sim
