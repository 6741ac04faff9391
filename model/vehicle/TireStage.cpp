#include "vehicle/TireStage.h"

#include "vehicle/Assert.h"
#include "vehicle/Camber.h"
#include "vehicle/Rotate.h"
#include "vehicle/tire/Tire.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {
namespace {

/// §2.7: the steered longitudinal and lateral tire directions on the contact plane.
struct TireFrame {
    btVector3 eL;
    btVector3 eT;
};

TireFrame tireFrame(const btVector3& lateralAxis, const btVector3& nrm, double steerAngle)
{
    // Both directions from the raw cross product, normalised independently as PhysX does (the two
    // square roots and divisions then overlap instead of waiting on each other).
    const btVector3 longRaw = lateralAxis.cross(nrm);
    const btVector3 eT0 = nrm.cross(longRaw).normalized();
    const btVector3 eL0 = longRaw.normalized();
    // Straight wheels skip the maths library: cos 0 is 1 and sin(±0) is ±0 exactly, so nothing changes.
    const bool straight = steerAngle == 0.0;
    const double cd = straight ? 1.0 : std::cos(steerAngle);
    const double sdl = straight ? steerAngle : std::sin(steerAngle);
    return {eL0 * cd + eT0 * sdl, eT0 * cd - eL0 * sdl};
}

/// §2.12: a timer grows by the float sub-step while its condition holds, else restarts; PhysX keeps
/// it only if it changed during the sub-step, so a float sum that no longer grows (after about a day
/// at rest) restarts too (§2.31).
PhysxTimer advanceStickyTimer(PhysxTimer timer, bool slow, PhysxTimer step) noexcept
{
    const PhysxTimer next = slow ? timer + step : 0.0f;
    return next != timer ? next : 0.0f;
}

/// §2.12: advances the timers and decides which sticky rows hold the tire this sub-step.
void stickyTire(const TireContact& in, double vL, double vT, double omega, WheelState& ws, TireResult& out)
{
    const StickyTireAxis& lon = in.generation.stickyLongitudinal;
    const StickyTireAxis& lat = in.generation.stickyLateral;
    const double r = in.wheel.wheel.radius;
    ws.stickyForwardTimer =
        advanceStickyTimer(ws.stickyForwardTimer,
                           std::fabs(vL) < lon.thresholdSpeed && std::fabs(omega) < lon.thresholdSpeed / r && !in.intent,
                           in.timerStep);
    ws.stickySideTimer =
        advanceStickyTimer(ws.stickySideTimer, std::fabs(vT) < lat.thresholdSpeed && !in.intent, in.timerStep);
    const bool engage = in.generation.stickyEngage == StickyEngage::BrakeIntent ? in.brakeIntent : !in.intent;
    out.stickyForward =
        (std::fabs(vL) < lon.thresholdSpeed && omega == 0.0 && engage) || ws.stickyForwardTimer > lon.thresholdTime;
    out.stickySide = ws.stickyForwardTimer > 0.0f && ws.stickySideTimer > lat.thresholdTime;
}

}  // namespace

double groundCamber(const btQuaternion& body, double steerAngle, double suspensionCamber, const btVector3& normal) noexcept
{
    // PxVehicleComputeWheelLocalOrientation: yaw(steer) * roll(camber), then the body's rotation.
    // The roll turns the wheel about its rolling axis, so it adds to the lean of the steered but
    // unrolled wheel exactly: θ = γ + θ₀ (for leans within ±90°), which saves two quaternions built
    // from angles. Straight wheels skip the maths library, as tireFrame does.
    const double cs = steerAngle == 0.0 ? 1.0 : std::cos(steerAngle);
    const double ss = steerAngle == 0.0 ? 0.0 : std::sin(steerAngle);
    const btVector3 lng = rotate(body, btVector3(cs, ss, 0.0));
    const btVector3 lat = rotate(body, btVector3(-ss, cs, 0.0));
    // The normal projected into the plane across the rolling axis; its lateral part is sin θ₀.
    const btVector3 t = normal - lng * normal.dot(lng);
    const double length = t.length();
    if (!(length > 0.0))
        return suspensionCamber;  // the normal along the rolling direction: no lean to measure
    return suspensionCamber + std::asin(std::clamp(t.dot(lat) / length, -1.0, 1.0));
}

TireResult tireStage(const TireContact& in, const ChassisState& cs, const btVector3& cm, WheelState& ws)
{
    JOUNCE_ASSERT(in.h > 0.0 && in.timerStep > 0.0f && in.wheel.wheel.radius > 0.0);
    JOUNCE_ASSERT(in.road.frictionPair >= 0.0 && isFinite(in.road.frictionPair) && in.gravity > 0.0);
    const WheelConfig& wc = in.wheel;
    const double r = wc.wheel.radius;
    TireResult out;

    // §2.6 tire load.
    out.restLoad = wheelRestLoad(wc, in.gravity);
    out.load = computeTireLoad(in.loadFilter, in.normalForce, out.restLoad);
    if (!(out.load.filteredLoad * in.road.frictionPair > 0.0)) {
        ws.stickyForwardTimer = ws.stickySideTimer = 0.0f;
        return out;
    }
    out.loaded = true;

    // §2.7 tire frame and contact-patch velocity (static ground).
    const TireFrame frame = tireFrame(in.lateralAxis, in.road.normal, in.steerAngle);
    const btVector3 vc = cs.v + cs.w.cross(in.contactPoint - cs.x);
    const double vL = vc.dot(frame.eL);
    const double vT = vc.dot(frame.eT);
    out.longSpeed = vL;

    // §2.8 slips, §2.9 friction.
    const double omega = ws.omega;
    const SlipDenominators& offsets = in.generation.slip;
    double sT = lateralSlip(vL, vT, offsets);
    double sL = longitudinalSlip(in.kind, in.torqueApplied, vL, omega, r, in.minLongSlipDenominator, offsets);
    const double mu = tireFriction(wc.tire, in.road.frictionPair, sL);

    // §2.12 low-speed sticky tires.
    out.arm = in.arm ? *in.arm : rotate(cs.q, toBt(wheelTireForceAppPoint(wc, in.jounce)) - cm);
    // A model that holds the tire at rest itself needs the sub-step's velocities to be the body's:
    // where the generation leaves gravity to the rigid-body step (PhysX 4.1), the suspension alone
    // pushes the chassis within the sub-steps, which on a slope biases the patch's speed, and the
    // sticky rows stay (docs/vehicle-model.md "Magic Formula tire", "Low speed").
    if (tireHandlesStandstill(wc.tire) && in.generation.gravityInSubSteps)
        ws.stickyForwardTimer = ws.stickySideTimer = 0.0f;
    else
        stickyTire(in, vL, vT, omega, ws, out);
    const bool spring = in.generation.stickyRows == StickyRowLaw::AccelerationSpring;
    const double lonDamping = in.generation.stickyLongitudinal.damping;
    const double latDamping = in.generation.stickyLateral.damping;
    if (out.stickyForward) {
        sL = 0.0;
        out.forwardRow = {cs.x + out.arm, frame.eL, spring ? 0.0 : lonDamping * vL};
        out.forwardRow.springDamping = spring ? lonDamping : 0.0;
    }
    if (out.stickySide) {
        sT = 0.0;
        out.sideRow = {cs.x + out.arm, frame.eT, spring ? 0.0 : latDamping * vT};
        out.sideRow.springDamping = spring ? latDamping : 0.0;
    }
    const bool heldForward = out.stickyForward, heldSide = out.stickySide;
    out.stickyForward = out.stickyForward && in.rowSubStep;
    out.stickySide = out.stickySide && in.rowSubStep;

    // §2.10 tire forces, §2.11 camber.
    TireInputs ti;
    ti.friction = mu;
    ti.longSlip = sL;
    ti.latSlip = sT;
    ti.camber = wheelCamber(wc, in.jounce);
    // PhysX 5 adds its ground camber to the slip where the shared formula subtracts (P4). PhysX's
    // tire without camber stiffness adds 0 whatever the angle, so its camber is not worked out.
    if (in.generation.camber == CamberMeasure::AgainstGround &&
        (!wc.tire.physx() || wc.tire.physx()->camberStiffnessPerUnitGravity != 0.0))
        ti.camber = -groundCamber(cs.q, in.steerAngle, ti.camber, in.road.normal);
    ti.wheelRadius = r;
    ti.restLoad = out.restLoad;
    ti.filteredNormalisedLoad = out.load.filteredNormalisedLoad;
    ti.filteredLoad = out.load.filteredLoad;
    ti.gravity = in.gravity;
    ti.pneumaticTrail = in.generation.pneumaticTrail;
    // A sticky row holds the patch along its axis: as the stage's slip is 0 there, a model keeping
    // its own slips sees the patch not sliding along it.
    ti.rimSpeed = omega * r;
    ti.longSpeed = heldForward ? ti.rimSpeed : vL;
    ti.latSpeed = heldSide ? 0.0 : vT;
    ti.leftSide = wc.geometry.wheelCentreOffset.y >= 0.0;
    // The lean from the ground, for models that take camber as a tire does (PhysX's camber term
    // keeps its generation's measure above).
    if (tireTakesInclination(wc.tire))
        ti.inclination = groundCamber(cs.q, in.steerAngle, wheelCamber(wc, in.jounce), in.road.normal);
    out.forces = tireForces(wc.tire, ti, ws.tire, in.h);
    out.force = frame.eL * out.forces.longForce + frame.eT * out.forces.latForce;
    out.longSlip = out.forces.ownSlips ? out.forces.longSlip : sL;
    out.latSlip = out.forces.ownSlips ? out.forces.latSlip : sT;
    out.friction = mu;
    return out;
}

}  // namespace jounce::sim
