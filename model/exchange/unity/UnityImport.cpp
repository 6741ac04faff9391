#include "exchange/unity/UnityImport.h"

#include "config/TuningGuide.h"
#include "config/VehicleValidation.h"
#include "exchange/unity/UnityFrame.h"
#include "exchange/unity/UnityJson.h"
#include "exchange/unity/UnityPrefab.h"
#include "exchange/unity/UnitySuspension.h"
#include "json/TextFile.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <numeric>

namespace jounce::exchange {
namespace {

/// Front steer lock and rear handbrake Unity scripts commonly use; Jounce needs them to drive.
constexpr double kSteerLock = 35.0 * kPi / 180.0;
constexpr double kRearHandbrake = 4000.0;  // N m, the reference car's (vehicle-model §6.14)
/// A curve value above this is a Unity 4 force in newtons, not a multiple of the load.
constexpr double kForceValued = 50.0;
/// Time.fixedDeltaTime of a new Unity project, s.
constexpr double kUnityFixedDeltaTime = 0.02;

std::string num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    return buf;
}

/// Jounce's wheel order, front to back and left before right (vehicle-model §0.4).
std::vector<std::size_t> wheelOrder(const std::vector<JounceStrut>& struts)
{
    std::vector<std::size_t> order(struts.size());
    std::iota(order.begin(), order.end(), std::size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const Vec3& p = struts[a].wheelCentreOffset;
        const Vec3& q = struts[b].wheelCentreOffset;
        if (std::fabs(p.x - q.x) > 1e-6)
            return p.x > q.x;
        return p.y > q.y;
    });
    return order;
}

WheelConfig wheelFromUnity(const UnityWheelCollider& u, const JounceStrut& s)
{
    WheelConfig w;
    w.wheel.radius = u.radius;
    w.wheel.width = 0.5 * u.radius;
    w.wheel.mass = u.mass;
    w.wheel.moi = guide::wheelMomentOfInertia(u.mass, u.radius);
    w.wheel.dampingRate = u.wheelDampingRate;
    w.suspension.springStrength = s.springStrength;
    w.suspension.springDamperRate = s.springDamperRate;
    w.suspension.maxCompression = s.maxCompression;
    w.suspension.maxDroop = s.maxDroop;
    w.tire.params = UnityTireParams{u.forwardFriction, u.sidewaysFriction};
    w.geometry.wheelCentreOffset = s.wheelCentreOffset;
    w.geometry.suspTravelDirection = {0.0, 0.0, -1.0};
    w.geometry.suspForceAppPointOffset = s.forceAppPointOffset;
    w.geometry.tireForceAppPointOffset = s.forceAppPointOffset;
    return w;
}

void chassisFromUnity(const UnityVehicle& u, VehicleConfig& c, ConversionReport& report)
{
    const UnityRigidbody& b = u.rigidbody;
    c.chassis.mass = b.mass;
    c.chassis.linearDamping = b.drag;
    c.chassis.angularDamping = b.angularDrag;
    // Unity's JsonUtility writes an empty box (size 0) for a vehicle without a BoxCollider.
    const bool box = u.boxCollider && u.boxCollider->size.x != 0 && u.boxCollider->size.y != 0 && u.boxCollider->size.z != 0;
    if (box) {
        const Vec3 size = unityToIso(u.boxCollider->size);
        c.chassis.dimensions = {std::fabs(size.x), std::fabs(size.y), std::fabs(size.z)};
        const Vec3& centre = u.boxCollider->center;
        if (centre.x != 0.0 || centre.y != 0.0 || centre.z != 0.0)
            report.approximated("chassis.dimensions", "the BoxCollider's centre is off the Rigidbody's origin: Jounce's "
                                                      "collision box is centred on the chassis origin");
    } else {
        double minX = 1e300, maxX = -1e300, minY = 1e300, maxY = -1e300, r = 0.0;
        for (const WheelConfig& w : c.wheels) {
            minX = std::min(minX, w.geometry.wheelCentreOffset.x);
            maxX = std::max(maxX, w.geometry.wheelCentreOffset.x);
            minY = std::min(minY, w.geometry.wheelCentreOffset.y);
            maxY = std::max(maxY, w.geometry.wheelCentreOffset.y);
            r = std::max(r, w.wheel.radius);
        }
        c.chassis.dimensions = {maxX - minX + 2 * r, std::max(maxY - minY, 2 * r), 2 * r};
        report.defaulted("chassis.dimensions", "no BoxCollider on the Rigidbody: a box around the wheels, " +
                                                   num(c.chassis.dimensions.x) + " x " + num(c.chassis.dimensions.y) +
                                                   " x " + num(c.chassis.dimensions.z) + " m (collisions only)");
    }
    if (b.centerOfMass) {
        c.chassis.cmOffset = unityToIso(*b.centerOfMass);
    } else {
        c.chassis.cmOffset = box ? unityToIso(u.boxCollider->center) : Vec3{};
        report.defaulted("chassis.cmOffset", std::string("no centerOfMass: Unity's automatic one, the ") +
                                                 (box ? "BoxCollider's centre" : "Rigidbody's origin"));
    }
    if (!b.automaticInertiaTensor) {
        c.chassis.moi = unityMomentsToIso(b.inertiaTensor);
        const UnityQuaternion& q = b.inertiaTensorRotation;
        if (std::fabs(std::fabs(q.w) - 1.0) > 1e-9)
            report.approximated("chassis.moi", "inertiaTensorRotation is not the identity: Jounce takes the principal "
                                               "moments about the chassis axes");
    } else {
        c.chassis.moi = guide::boxMomentOfInertia(c.chassis.mass, c.chassis.dimensions);
        report.defaulted("chassis.moi", "automatic inertia tensor: Unity computes it from the colliders; a solid box of "
                                        "the chassis dimensions (vehicle-model §1.1)");
    }
}

/// Unity leaves the drivetrain, brakes and steering to scripts; Jounce needs them to drive.
void drivetrainDefaults(VehicleConfig& c, ConversionReport& report)
{
    const std::size_t n = c.wheels.size();
    const double front = c.wheels.front().geometry.wheelCentreOffset.x;
    const double rear = c.wheels.back().geometry.wheelCentreOffset.x;
    for (WheelConfig& w : c.wheels) {
        const double x = w.geometry.wheelCentreOffset.x;
        w.wheel.maxSteer = n > 1 && std::fabs(x - front) < 0.01 && front - rear > 0.01 ? kSteerLock : 0.0;
        w.wheel.maxHandBrakeTorque = n > 1 && std::fabs(x - rear) < 0.01 && front - rear > 0.01 ? kRearHandbrake : 0.0;
    }
    report.defaulted("wheels[*].wheel.maxSteer, maxBrakeTorque, maxHandBrakeTorque",
                     "Unity scripts set steerAngle and brakeTorque at run time: 35 deg of lock on the front axle, "
                     "1500 N m brakes, 4000 N m handbrake on the rear axle");
    if (n == 4) {
        c.drive.type = DriveType::FourWheel;
        auto g = [&c](std::size_t i) { return c.wheels[i].geometry.wheelCentreOffset; };
        c.drive.ackermann.frontWidth = g(0).y - g(1).y;
        c.drive.ackermann.rearWidth = g(2).y - g(3).y;
        c.drive.ackermann.axleSeparation = g(0).x - g(2).x;
        report.defaulted("drive", "Unity has no drivetrain (scripts set motorTorque): Jounce's default 4W drivetrain, "
                                  "500 N m engine, 5 gears with autobox, limited-slip 4WD; Ackermann from the wheel positions");
    } else {
        c.drive.type = DriveType::NWheel;
        c.drive.differentialNW.drivenWheels.resize(n);
        std::iota(c.drive.differentialNW.drivenWheels.begin(), c.drive.differentialNW.drivenWheels.end(), 0);
        report.defaulted("drive", "Unity has no drivetrain (scripts set motorTorque): Jounce's default engine and "
                                  "gears driving every wheel alike (NW)");
    }
}

/// Unity computes sprung masses from the centre of mass; Unity 4 curves in newtons become
/// multiples of each wheel's rest load.
void loads(VehicleConfig& c, ConversionReport& report)
{
    std::vector<Vec3> centres;
    for (const WheelConfig& w : c.wheels)
        centres.push_back(w.geometry.wheelCentreOffset);
    const guide::SprungMasses m = guide::computeSprungMasses(centres, c.chassis.cmOffset, c.chassis.mass);
    for (std::size_t i = 0; i < c.wheels.size(); ++i)
        c.wheels[i].suspension.sprungMass = m.ok() ? m.masses[i] : c.chassis.mass / static_cast<double>(c.wheels.size());
    report.defaulted("wheels[*].suspension.sprungMass",
                     m.ok() ? "computed from the centre of mass as Unity does (PhysX's sprung-mass computation, vehicle-model §5)"
                            : "the sprung masses cannot be computed (" + m.error + "): the mass shared equally");
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        WheelConfig& w = c.wheels[i];
        const double load = guide::tireRestLoad(w.suspension.sprungMass, w.wheel.mass);
        for (WheelFrictionCurve* curve : {&w.tire.unity()->forwardFriction, &w.tire.unity()->sidewaysFriction}) {
            if (!(std::max(curve->extremumValue, curve->asymptoteValue) > kForceValued) || !(load > 0.0))
                continue;
            report.approximated("wheels[" + std::to_string(i) + "].tire.unity",
                                "a Unity 4 curve in newtons (extremumValue " + num(curve->extremumValue) +
                                    "): divided by the wheel's rest load " + num(load) + " N");
            curve->extremumValue /= load;
            curve->asymptoteValue /= load;
        }
    }
}

void simulationFromUnity(const UnityVehicle& u, VehicleConfig& c, ConversionReport& report)
{
    c.simulation.timeStep = u.fixedDeltaTime.value_or(kUnityFixedDeltaTime);
    if (!u.fixedDeltaTime)
        report.defaulted("simulation.timeStep", "no fixedDeltaTime: Unity's default 0.02 s");
    if (u.vehicleSubsteps) {
        c.simulation.thresholdLongitudinalSpeed = u.vehicleSubsteps->speedThreshold;
        c.simulation.lowForwardSpeedSubStepCount = u.vehicleSubsteps->stepsBelowThreshold;
        c.simulation.highForwardSpeedSubStepCount = u.vehicleSubsteps->stepsAboveThreshold;
    } else {
        report.defaulted("simulation.lowForwardSpeedSubStepCount, highForwardSpeedSubStepCount",
                         "no ConfigureVehicleSubsteps call: PhysX's 5 m/s, 3 sub-steps below, 1 above");
    }
}

}  // namespace

ImportResult importUnity(const UnityVehicle& u)
{
    ImportResult result;
    result.report.title = "Unity import: " + (u.name.empty() ? std::string("unnamed vehicle") : u.name);
    VehicleConfig& c = result.vehicle;
    c.name = u.name.empty() ? "Unity vehicle" : u.name;
    c.description = "Imported from Unity: a Rigidbody of " + num(u.rigidbody.mass) + " kg on " +
                    std::to_string(u.wheelColliders.size()) + " WheelColliders, on the Unity tire model (docs/unity.md).";
    std::vector<JounceStrut> struts;
    for (const UnityWheelCollider& w : u.wheelColliders)
        struts.push_back(unityToJounceStrut(w));
    std::string names;
    for (std::size_t i : wheelOrder(struts)) {
        c.wheels.push_back(wheelFromUnity(u.wheelColliders[i], struts[i]));
        names += (names.empty() ? "" : ", ") + std::to_string(c.wheels.size() - 1) + " '" + u.wheelColliders[i].name + "'";
    }
    if (!c.wheels.empty()) {
        result.report.dropped("wheelColliders[*].name", "Jounce's wheels have no names; they are ordered front to back, "
                                                        "left before right: " + names);
        chassisFromUnity(u, c, result.report);
        drivetrainDefaults(c, result.report);
        loads(c, result.report);
    }
    simulationFromUnity(u, c, result.report);
    result.report.defaulted("wheels[*].wheel.moi, width", "Unity derives the spin inertia from mass and radius (m r^2 / 2) "
                                                          "and has no width: width = radius / 2 (drawing only)");
    result.problems.push_back({"imported vehicle", validateVehicle(c)});
    return result;
}

ImportResult importUnityText(std::string_view text, const std::string& fileName)
{
    const std::string lower = [&] {
        std::string s = fileName;
        std::transform(s.begin(), s.end(), s.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
        return s;
    }();
    const bool yamlFile = lower.ends_with(".prefab") || lower.ends_with(".unity");
    Problems problems;
    ConversionReport readNotes;  // what the file reader noted (defaults, dropped objects)
    const std::optional<UnityVehicle> unity =
        yamlFile ? readUnityYaml(text, problems, readNotes) : readUnityJsonText(text, problems, &readNotes);
    if (!unity || problems.hasErrors()) {
        ImportResult failed;
        failed.report.title = "Unity import: " + fileName;
        failed.report.notes = readNotes.notes;
        failed.problems.push_back({fileName, problems});
        return failed;
    }
    ImportResult result = importUnity(*unity);
    result.report.notes.insert(result.report.notes.begin(), readNotes.notes.begin(), readNotes.notes.end());
    result.problems.insert(result.problems.begin(), {fileName, problems});
    return result;
}

ImportResult importUnityFile(const std::string& path, const ImportControl& control)
{
    if (!control.enter(ImportStage::Reading))
        return cancelledImport("Unity import: " + path, path);
    std::string text;
    const std::string error = json::readTextFile(path, kMaxUnityYamlBytes, text);
    if (!error.empty()) {
        ImportResult failed;
        failed.report.title = "Unity import: " + path;
        Problems problems;
        problems.error("", error);
        failed.problems.push_back({path, problems});
        return failed;
    }
    if (!control.enter(ImportStage::Converting))
        return cancelledImport("Unity import: " + path, path);
    return importUnityText(text, path);
}

}  // namespace jounce::exchange
