#include "vehicle/SuspensionStage.h"

#include "vehicle/Assert.h"
#include "vehicle/Camber.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

SuspensionState evaluateJounce(const SimulationConfig& flags, const WheelConfig& wc, const RoadContact& road,
                               const StrutFrame& strut, const btVector3& gravity, double h, WheelState& ws) noexcept
{
    JOUNCE_ASSERT(h > 0.0 && isFinite(h));
    JOUNCE_ASSERT(wc.wheel.radius > 0.0 && isFinite(wc.suspension.maxCompression) && isFinite(wc.suspension.maxDroop));
    const SuspensionData& sd = wc.suspension;
    const double r = wc.wheel.radius;
    const btVector3& w = strut.direction;
    double x = -sd.maxDroop;
    double t = 0.0;
    bool geomContact = false;
    if (road.hit) {
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
    out.contactPoint = strut.rayStart + w * t;
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
    }
    return 0.0;
}

SuspensionForce suspensionForce(const SimulationConfig& flags, SpringLaw law, const WheelConfig& wc,
                                const RoadContact& road, const StrutFrame& strut, const SuspensionState& s,
                                const btVector3& gravity, const ChassisState& cs, const btVector3& cm) noexcept
{
    JOUNCE_ASSERT(isFinite(wc.suspension.sprungMass) && isFinite(wc.suspension.springStrength) &&
                  isFinite(wc.suspension.springDamperRate));
    const SuspensionData& sd = wc.suspension;
    const btVector3& w = strut.direction;
    const btVector3& nrm = road.normal;
    const double x = s.jounce;
    const double ag = std::max(0.0, gravity.dot(w));
    const double fw = springForce(law, sd, x, s.jounceSpeed, ag);
    const btVector3 perp = ag > 0.0 ? gravity - w * ag : btVector3(0, 0, 0);
    SuspensionForce out;
    out.normalForce = flags.disableSuspensionForceProjection ? fw - nrm.dot(perp * sd.sprungMass)
                                                             : nrm.dot(-w * fw - perp * sd.sprungMass);
    out.force = nrm * out.normalForce;
    out.arm = quatRotate(cs.q, toBt(wheelSuspForceAppPoint(wc, x)) - cm);
    return out;
}

}  // namespace jounce::sim
