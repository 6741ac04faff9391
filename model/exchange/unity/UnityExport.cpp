#include "exchange/unity/UnityExport.h"

#include "config/TuningGuide.h"
#include "exchange/ExchangeText.h"
#include "exchange/unity/UnityFrame.h"
#include "exchange/unity/UnitySuspension.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace jounce::exchange {
namespace {

std::string num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

bool near(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max({1.0, std::fabs(a), std::fabs(b)});
}

/// One note for every wheel with the same reason ("wheels[*].field"), else one per wheel; wheels
/// with an empty reason get none.
void perWheel(ConversionReport& report, NoteKind kind, const std::string& field, const std::vector<std::string>& reasons)
{
    bool same = !reasons.empty() && !reasons.front().empty();
    for (const std::string& r : reasons)
        same = same && r == reasons.front();
    if (same) {
        report.add(kind, "wheels[*]." + field, reasons.front());
        return;
    }
    for (std::size_t i = 0; i < reasons.size(); ++i)
        if (!reasons[i].empty())
            report.add(kind, "wheels[" + std::to_string(i) + "]." + field, reasons[i]);
}

UnityWheelCollider wheelToUnity(const VehicleConfig& c, std::size_t i, std::vector<std::string>& geometry)
{
    const WheelConfig& w = c.wheels[i];
    UnityWheelCollider u;
    u.name = unityWheelName(i);
    u.radius = w.wheel.radius;
    u.mass = w.wheel.mass;
    u.wheelDampingRate = w.wheel.dampingRate;
    std::vector<std::string> lost;
    jounceToUnityStrut(w, u, lost);
    for (const std::string& l : lost)
        geometry[i] += (geometry[i].empty() ? "" : "; ") + l;
    const UnityTireParams curves = w.tire.unity() ? *w.tire.unity() : UnityTireParams{};
    u.forwardFriction = curves.forwardFriction;
    u.sidewaysFriction = curves.sidewaysFriction;
    return u;
}

/// Per-wheel parameters Unity computes itself or leaves to scripts.
void wheelNotes(const VehicleConfig& c, ConversionReport& report)
{
    const std::size_t n = c.wheels.size();
    std::vector<std::string> tire(n), moi(n), angles(n), sprung(n);
    const guide::SprungMasses masses = guide::computeSprungMasses(c);
    for (std::size_t i = 0; i < n; ++i) {
        const WheelConfig& w = c.wheels[i];
        if (!w.tire.unity())
            tire[i] = "the PhysX tire model has no Unity equivalent: Unity 5's default curves written (its friction "
                      "graph and stiffnesses are dropped)";
        const double unityMoi = guide::wheelMomentOfInertia(w.wheel.mass, w.wheel.radius);
        if (!near(unityMoi, w.wheel.moi))
            moi[i] = "Unity derives the spin inertia from mass and radius: " + num(unityMoi) + " kg m^2 instead of " +
                     num(w.wheel.moi);
        const SuspensionData& s = w.suspension;
        if (s.camberAtRest != 0 || s.camberAtMaxCompression != 0 || s.camberAtMaxDroop != 0 || w.wheel.toeAngle != 0 ||
            w.compliance)
            angles[i] = "a WheelCollider has no camber, toe or compliance";
        if (masses.ok() && !near(masses.masses[i], s.sprungMass))
            sprung[i] = "Unity computes it from the centre of mass: " + num(masses.masses[i]) + " kg instead of " +
                        num(s.sprungMass);
    }
    perWheel(report, NoteKind::Approximated, "tire", tire);
    perWheel(report, NoteKind::Approximated, "wheel.moi", moi);
    perWheel(report, NoteKind::Dropped, "suspension.camber, wheel.toeAngle, compliance", angles);
    perWheel(report, NoteKind::Approximated, "suspension.sprungMass", sprung);
    report.dropped("wheels[*].wheel.maxSteer, maxBrakeTorque, maxHandBrakeTorque",
                   "Unity scripts set steerAngle and brakeTorque at run time");
    report.dropped("wheels[*].wheel.width, tire.type", "a WheelCollider has no width and no tire type");
}

/// Vehicle-wide parts Unity's components do not hold.
void vehicleNotes(const VehicleConfig& c, ConversionReport& report)
{
    if (c.drive.type != DriveType::None)
        report.dropped("drive", "Unity has no drivetrain: a script applies motorTorque (engine, gears, autobox, clutch, "
                                "differential and Ackermann are not written)");
    if (!c.antiRollBars.empty())
        report.dropped("antiRollBars", std::to_string(c.antiRollBars.size()) +
                                           " bars: Unity has none (a script applies the roll force)");
    noteLoadTransferringBars(c, report, NoteKind::Dropped,
                             "not written: Unity has no bars; a script applying its forces at both wheels reproduces it");
    if (!(c.tireLoadFilter == TireLoadFilterData{}))
        report.dropped("tireLoadFilter", "Unity's tire load filter is not settable");
    bool unitFriction = true;
    for (const auto& row : c.surfaces.friction)
        for (double f : row)
            unitFriction = unitFriction && f == 1.0;
    if (!unitFriction)
        report.dropped("surfaces", "WheelColliders ignore Physic Materials: scale the curves' stiffness per surface in a script");
    report.dropped("controls", "input smoothing and the steer limit belong to the Unity script");
    if (!c.description.empty())
        report.dropped("description", "the Unity file has a name only");
    const SimulationConfig d;
    const SimulationConfig& s = c.simulation;
    if (s.minLongSlipDenominator != d.minLongSlipDenominator || s.limitSuspensionExpansionVelocity ||
        s.disableSuspensionForceProjection)
        report.dropped("simulation.minLongSlipDenominator, limitSuspensionExpansionVelocity, "
                       "disableSuspensionForceProjection",
                       "not settable on a WheelCollider");
}

}  // namespace

std::string unityWheelName(std::size_t wheel)
{
    static const char* const names[4] = {"FL", "FR", "RL", "RR"};
    return wheel < 4 ? names[wheel] : "W" + std::to_string(wheel);
}

UnityVehicle exportUnity(const VehicleConfig& c, ConversionReport& report)
{
    report.title = "Unity export: " + c.name;
    UnityVehicle u;
    u.name = c.name;
    u.fixedDeltaTime = c.simulation.timeStep;
    u.vehicleSubsteps = UnityVehicleSubsteps{c.simulation.thresholdLongitudinalSpeed,
                                             c.simulation.lowForwardSpeedSubStepCount,
                                             c.simulation.highForwardSpeedSubStepCount};
    UnityRigidbody& b = u.rigidbody;
    b.mass = c.chassis.mass;
    b.drag = c.chassis.linearDamping;
    b.angularDrag = c.chassis.angularDamping;
    b.centerOfMass = isoToUnity(c.chassis.cmOffset);
    b.automaticInertiaTensor = false;
    b.inertiaTensor = isoMomentsToUnity(c.chassis.moi);
    const Vec3 size = isoToUnity(c.chassis.dimensions);
    u.boxCollider = UnityBoxCollider{{}, {std::fabs(size.x), size.y, size.z}};
    std::vector<std::string> geometry(c.wheels.size());
    for (std::size_t i = 0; i < c.wheels.size(); ++i)
        u.wheelColliders.push_back(wheelToUnity(c, i, geometry));
    perWheel(report, NoteKind::Approximated, "geometry", geometry);
    wheelNotes(c, report);
    vehicleNotes(c, report);
    return u;
}

}  // namespace jounce::exchange
