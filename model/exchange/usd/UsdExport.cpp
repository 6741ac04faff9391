// Jounce vehicle -> Omniverse USD text layer (docs/physx5-usd.md "Omniverse USD layers"). The
// values go through the same PhysX 5 conversions as the JSON files (Physx5Mapping); Jounce's own
// parameters that no PhysxSchema attribute holds are kept in the vehicle prim's customData.
#include "exchange/usd/UsdLayer.h"

#include "exchange/ExchangeText.h"
#include "exchange/physx5/Physx5Mapping.h"
#include "exchange/usd/UsdSchema.h"
#include "exchange/usd/UsdaWriter.h"

#include <algorithm>
#include <cmath>

namespace jounce::exchange {
namespace {

using namespace usda;

std::vector<std::string> tablePaths(const VehicleConfig& v)
{
    std::vector<std::string> paths;
    for (const std::string& t : v.surfaces.tireTypes)
        paths.push_back(std::string(kTablesPath) + "/" + primName(t));
    return paths;
}

std::vector<std::string> nameMetadata(std::string_view original, std::string_view prim)
{
    if (original == prim)
        return {};
    return {"customData = {\n" + std::string(16, ' ') + "string jounceName = " + quote(original) + "\n" +
            std::string(12, ' ') + "}"};
}

void writeScene(Writer& w, const VehicleConfig& v)
{
    w.beginPrim("PhysicsScene", "PhysicsScene", {"PhysxSceneAPI", "PhysxVehicleContextAPI"});
    w.attribute("vector3f", "physics:gravityDirection", "(0, 0, -1)");
    w.attribute("float", "physics:gravityMagnitude", number(kGravity));
    w.attribute("uint", "physxScene:timeStepsPerSecond", integer(std::llround(1.0 / v.simulation.timeStep)));
    w.attribute("token", "physxVehicleContext:updateMode", quote("velocityChange"), true);
    w.attribute("token", "physxVehicleContext:verticalAxis", quote("posZ"), true);
    w.attribute("token", "physxVehicleContext:longitudinalAxis", quote("posX"), true);
    w.endPrim();
}

void writeSurfaces(Writer& w, const VehicleConfig& v)
{
    const SurfacesConfig& s = v.surfaces;
    w.beginPrim("Scope", kMaterialsScope);
    std::vector<std::string> materials;
    for (const std::string& name : s.surfaceTypes) {
        const std::string prim = primName(name);
        materials.push_back(std::string(kMaterialsPath) + "/" + prim);
        w.beginPrim("Material", prim, {"PhysicsMaterialAPI"}, nameMetadata(name, prim));
        w.endPrim();
    }
    w.endPrim();
    w.beginPrim("Scope", kTablesScope);
    for (std::size_t t = 0; t < s.tireTypes.size(); ++t) {
        const std::string prim = primName(s.tireTypes[t]);
        std::vector<double> values;
        for (const std::vector<double>& row : s.friction)
            values.push_back(t < row.size() ? row[t] : 1.0);
        w.beginPrim("PhysxVehicleTireFrictionTable", prim, {}, nameMetadata(s.tireTypes[t], prim));
        w.relationship("groundMaterials", materials);
        w.attribute("float[]", "frictionValues", array(values));
        // A material the table does not list: Jounce uses its first surface type (§1.15).
        w.attribute("float", "defaultFrictionValue", number(values.empty() ? 1.0 : values[0]));
        w.endPrim();
    }
    w.endPrim();
}

std::vector<std::string> vehicleSchemas(const VehicleConfig& v)
{
    std::vector<std::string> api{"PhysicsRigidBodyAPI", "PhysicsMassAPI", "PhysxRigidBodyAPI", "PhysxVehicleAPI"};
    if (v.drive.type == DriveType::None)
        return api;
    for (const char* s : {"PhysxVehicleDriveStandardAPI", "PhysxVehicleEngineAPI", "PhysxVehicleGearsAPI",
                          "PhysxVehicleAutoGearBoxAPI", "PhysxVehicleClutchAPI", "PhysxVehicleMultiWheelDifferentialAPI"})
        api.push_back(s);
    if (v.drive.type == DriveType::Tank)
        api.push_back("PhysxVehicleTankDifferentialAPI");
    if (p5::brakeResponse(v).maxResponse > 0.0)
        api.push_back("PhysxVehicleBrakesAPI:brakes0");
    if (p5::handbrakeResponse(v).maxResponse > 0.0)
        api.push_back("PhysxVehicleBrakesAPI:brakes1");
    if (v.drive.type == DriveType::FourWheel)
        api.push_back("PhysxVehicleAckermannSteeringAPI");
    else if (v.drive.type == DriveType::NWheel && p5::steerResponse(v).maxResponse > 0.0)
        api.push_back("PhysxVehicleSteeringAPI");
    api.push_back("PhysxVehicleControllerAPI");
    if (v.drive.type == DriveType::Tank)
        api.push_back("PhysxVehicleTankControllerAPI");
    return api;
}

void writeBody(Writer& w, const VehicleConfig& v)
{
    const ChassisConfig& c = v.chassis;
    w.attribute("float", "physics:mass", number(c.mass));
    w.attribute("point3f", "physics:centerOfMass", vec3(c.cmOffset));
    w.attribute("float3", "physics:diagonalInertia", vec3(c.moi));
    w.attribute("quatf", "physics:principalAxes", "(1, 0, 0, 0)");
    w.attribute("bool", "physxRigidBody:disableGravity", boolean(true));
    w.attribute("float", "physxRigidBody:linearDamping", number(c.linearDamping));
    w.attribute("float", "physxRigidBody:angularDamping", number(c.angularDamping));
    const SimulationConfig& s = v.simulation;
    w.attribute("bool", "physxVehicle:vehicleEnabled", boolean(true));
    w.attribute("token", "physxVehicle:suspensionLineQueryType", quote("raycast"), true);
    w.attribute("bool", "physxVehicle:limitSuspensionExpansionVelocity", boolean(s.limitSuspensionExpansionVelocity));
    w.attribute("float", "physxVehicle:subStepThresholdLongitudinalSpeed", number(s.thresholdLongitudinalSpeed));
    w.attribute("int", "physxVehicle:lowForwardSpeedSubStepCount", integer(s.lowForwardSpeedSubStepCount));
    w.attribute("int", "physxVehicle:highForwardSpeedSubStepCount", integer(s.highForwardSpeedSubStepCount));
    w.attribute("float", "physxVehicle:minPassiveLongitudinalSlipDenominator", number(s.minLongSlipDenominator));
    w.attribute("float", "physxVehicle:minActiveLongitudinalSlipDenominator", number(kActiveSlipDenominator));
    w.attribute("float", "physxVehicle:minLateralSlipDenominator", number(kLateralSlipDenominator));
    w.attribute("float", "physxVehicle:longitudinalStickyTireThresholdSpeed", number(kStickySpeed));
    w.attribute("float", "physxVehicle:longitudinalStickyTireThresholdTime", number(kStickyTime));
    w.attribute("float", "physxVehicle:lateralStickyTireThresholdSpeed", number(kStickySpeed));
    w.attribute("float", "physxVehicle:lateralStickyTireThresholdTime", number(kStickyTime));
}

void writeEngineDrive(Writer& w, const VehicleConfig& v)
{
    const DriveConfig& d = v.drive;
    w.attribute("float", "physxVehicleEngine:moi", number(d.engine.moi));
    w.attribute("float", "physxVehicleEngine:peakTorque", number(d.engine.peakTorque));
    w.attribute("float", "physxVehicleEngine:maxRotationSpeed", number(d.engine.maxOmega));
    w.attribute("float", "physxVehicleEngine:idleRotationSpeed", number(0.0));
    w.attribute("float2[]", "physxVehicleEngine:torqueCurve", pairArray(d.engine.torqueCurve));
    w.attribute("float", "physxVehicleEngine:dampingRateFullThrottle", number(d.engine.dampingRateFullThrottle));
    w.attribute("float", "physxVehicleEngine:dampingRateZeroThrottleClutchEngaged",
                number(d.engine.dampingRateZeroThrottleClutchEngaged));
    w.attribute("float", "physxVehicleEngine:dampingRateZeroThrottleClutchDisengaged",
                number(d.engine.dampingRateZeroThrottleClutchDisengaged));
    const UsdGears g = usdGears(d);
    w.attribute("float[]", "physxVehicleGears:ratios", array(g.ratios));
    w.attribute("float", "physxVehicleGears:ratioScale", number(d.gears.finalRatio));
    w.attribute("float", "physxVehicleGears:switchTime", number(d.gears.switchTime));
    w.attribute("float[]", "physxVehicleAutoGearBox:upRatios", array(g.upRatios));
    w.attribute("float[]", "physxVehicleAutoGearBox:downRatios", array(g.downRatios));
    w.attribute("float", "physxVehicleAutoGearBox:latency", number(d.autoBox.latency));
    w.attribute("float", "physxVehicleClutch:strength", number(d.clutch.strength));
    const p5::Split split = p5::driveSplit(v);
    std::vector<int> wheels;
    std::vector<double> torque, speed;
    for (std::size_t i = 0; i < split.torqueRatios.size(); ++i)
        if (split.torqueRatios[i] != 0.0) {
            wheels.push_back(static_cast<int>(i));
            torque.push_back(split.torqueRatios[i]);
            speed.push_back(split.aveWheelSpeedRatios[i]);
        }
    w.attribute("int[]", "physxVehicleMultiWheelDifferential:wheels", intArray(wheels));
    w.attribute("float[]", "physxVehicleMultiWheelDifferential:torqueRatios", array(torque));
    w.attribute("float[]", "physxVehicleMultiWheelDifferential:averageWheelSpeedRatios", array(speed));
    if (d.type == DriveType::Tank) {
        const int n = static_cast<int>(v.wheels.size());
        std::vector<int> order;
        for (int side = 0; side < 2; ++side)
            for (int i = side; i < n; i += 2)
                order.push_back(i);
        w.attribute("int[]", "physxVehicleTankDifferential:numberOfWheelsPerTrack", intArray({(n + 1) / 2, n / 2}));
        w.attribute("int[]", "physxVehicleTankDifferential:thrustIndexPerTrack", intArray({0, 1}));
        w.attribute("int[]", "physxVehicleTankDifferential:trackToWheelIndices", intArray({0, (n + 1) / 2}));
        w.attribute("int[]", "physxVehicleTankDifferential:wheelIndicesInTrackOrder", intArray(order));
    }
}

/// The wheels a brake or steer response acts on (multiplier not 0) and their multipliers, as USD's
/// wheels / torqueMultipliers arrays list them.
std::pair<std::vector<int>, std::vector<double>> nonZeroMultipliers(const p5::Response& r)
{
    std::pair<std::vector<int>, std::vector<double>> out;
    for (std::size_t i = 0; i < r.multipliers.size(); ++i)
        if (r.multipliers[i] != 0.0) {
            out.first.push_back(static_cast<int>(i));
            out.second.push_back(r.multipliers[i]);
        }
    return out;
}

void writeCommands(Writer& w, const VehicleConfig& v)
{
    const auto brakes = [&](const char* instance, const p5::Response& r) {
        if (r.maxResponse <= 0.0)
            return;
        const auto [wheels, multipliers] = nonZeroMultipliers(r);
        const std::string prefix = std::string("physxVehicleBrakes:") + instance + ":";
        w.attribute("int[]", prefix + "wheels", intArray(wheels));
        w.attribute("float", prefix + "maxBrakeTorque", number(r.maxResponse));
        w.attribute("float[]", prefix + "torqueMultipliers", array(multipliers));
    };
    brakes("brakes0", p5::brakeResponse(v));
    brakes("brakes1", p5::handbrakeResponse(v));
    if (v.drive.type == DriveType::FourWheel && v.wheels.size() >= 2) {
        const AckermannData& a = v.drive.ackermann;
        w.attribute("int", "physxVehicleAckermannSteering:wheel0", "1");  // the right wheel: negative lateral side
        w.attribute("int", "physxVehicleAckermannSteering:wheel1", "0");
        w.attribute("float", "physxVehicleAckermannSteering:maxSteerAngle",
                    number(std::max(v.wheels[0].wheel.maxSteer, v.wheels[1].wheel.maxSteer)));
        w.attribute("float", "physxVehicleAckermannSteering:wheelBase", number(a.axleSeparation));
        w.attribute("float", "physxVehicleAckermannSteering:trackWidth", number(a.frontWidth));
        w.attribute("float", "physxVehicleAckermannSteering:strength", number(a.accuracy));
    } else if (v.drive.type == DriveType::NWheel) {
        const p5::Response r = p5::steerResponse(v);
        const auto [wheels, multipliers] = nonZeroMultipliers(r);
        if (!wheels.empty()) {
            w.attribute("int[]", "physxVehicleSteering:wheels", intArray(wheels));
            w.attribute("float", "physxVehicleSteering:maxSteerAngle", number(r.maxResponse));
            w.attribute("float[]", "physxVehicleSteering:angleMultipliers", array(multipliers));
        }
    }
    if (v.drive.type == DriveType::None)
        return;
    for (const char* name : {"accelerator", "brake0", "brake1", "steer"})
        w.attribute("float", std::string("physxVehicleController:") + name, "0");
    w.attribute("int", "physxVehicleController:targetGear", "255");  // automatic
    if (v.drive.type == DriveType::Tank)
        for (const char* name : {"thrust0", "thrust1"})
            w.attribute("float", std::string("physxVehicleTankController:") + name, "0");
}

void writeChassisBox(Writer& w, const VehicleConfig& v)
{
    w.beginPrim("Cube", kChassisBox, {"PhysicsCollisionAPI"});
    w.attribute("double", "size", "1");
    w.attribute("float3", "xformOp:scale", vec3(v.chassis.dimensions));
    w.attribute("token[]", "xformOpOrder", tokenArray({"xformOp:scale"}), true);
    w.endPrim();
}

}  // namespace

UsdExport exportUsd(const VehicleConfig& v)
{
    UsdExport out;
    out.report.title = "Omniverse USD export (.usda)";
    const std::string description = v.description.empty() ? v.name : v.description;
    Writer w({"defaultPrim = \"World\"", "doc = " + tripleQuote(description), "kilogramsPerUnit = 1",
              "metersPerUnit = 1", "upAxis = \"Z\""});
    w.beginPrim("Xform", "World");
    writeScene(w, v);
    writeSurfaces(w, v);
    const std::string custom = "customData = {\n" + std::string(12, ' ') +
                               "bool \"physxVehicle:referenceFrameIsCenterOfMass\" = 0\n" +
                               jounceCustomData(v, out.report) + std::string(8, ' ') + "}";
    w.beginPrim("Xform", kVehicleName, vehicleSchemas(v), {custom});
    writeBody(w, v);
    if (v.drive.type != DriveType::None)
        writeEngineDrive(w, v);
    writeCommands(w, v);
    writeChassisBox(w, v);
    writeUsdWheels(w, v, tablePaths(v));
    w.endPrim();
    w.endPrim();
    out.text = w.text();
    p5::noteExportDifferences(v, out.report);
    noteUsdExport(v, out.report);
    return out;
}

}  // namespace jounce::exchange
