// Omniverse USD layers (model/exchange/Usd*): the golden export of the reference car, round trips
// of every preset, attribute names and types exactly as NVIDIA's PhysxSchema declares them, a
// hand-written layer in other units and axes, and the parser's value syntax.

#include "support/ExchangeTestSupport.h"

#include "config/VehicleValidation.h"
#include "exchange/usd/UsdLayer.h"
#include "exchange/usd/UsdaParser.h"
#include "json/TextFile.h"

#include <QtTest>

#include <map>

using namespace jounce;
using namespace exchange_test;

namespace {

std::string fileText(const std::string& path)
{
    std::string text;
    const std::string err = json::readTextFile(path, 16u << 20, text);
    Q_ASSERT(err.empty());
    return text;
}

/// Every attribute and relationship the export writes, with its type as the schemas declare it
/// (PhysxSchema's schema.usda in NVIDIA-Omniverse/PhysX, UsdPhysics' and UsdGeom's in OpenUSD).
const std::map<std::string, std::string> kSchemaTypes{
    {"physics:gravityDirection", "vector3f"}, {"physics:gravityMagnitude", "float"}, {"physics:mass", "float"},
    {"physics:centerOfMass", "point3f"}, {"physics:diagonalInertia", "float3"}, {"physics:principalAxes", "quatf"},
    {"physxScene:timeStepsPerSecond", "uint"}, {"physxRigidBody:linearDamping", "float"},
    {"physxRigidBody:angularDamping", "float"}, {"physxRigidBody:disableGravity", "bool"},
    {"physxVehicleContext:updateMode", "uniform token"}, {"physxVehicleContext:verticalAxis", "uniform token"},
    {"physxVehicleContext:longitudinalAxis", "uniform token"}, {"groundMaterials", "rel"}, {"frictionValues", "float[]"},
    {"defaultFrictionValue", "float"}, {"physxVehicleWheel:radius", "float"}, {"physxVehicleWheel:width", "float"},
    {"physxVehicleWheel:mass", "float"}, {"physxVehicleWheel:moi", "float"}, {"physxVehicleWheel:dampingRate", "float"},
    {"physxVehicleWheel:maxBrakeTorque", "float"}, {"physxVehicleWheel:maxHandBrakeTorque", "float"},
    {"physxVehicleWheel:maxSteerAngle", "float"}, {"physxVehicleTire:lateralStiffnessGraph", "float2"},
    {"physxVehicleTire:longitudinalStiffness", "float"}, {"physxVehicleTire:camberStiffness", "float"},
    {"physxVehicleTire:frictionVsSlipGraph", "float2[]"}, {"physxVehicleTire:frictionTable", "rel"},
    {"physxVehicleTire:restLoad", "float"}, {"physxVehicleSuspension:springStrength", "float"},
    {"physxVehicleSuspension:springDamperRate", "float"}, {"physxVehicleSuspension:travelDistance", "float"},
    {"physxVehicleSuspension:maxCompression", "float"}, {"physxVehicleSuspension:maxDroop", "float"},
    {"physxVehicleSuspension:sprungMass", "float"}, {"physxVehicleWheelAttachment:index", "int"},
    {"physxVehicleWheelAttachment:suspensionTravelDirection", "vector3f"},
    {"physxVehicleWheelAttachment:suspensionFramePosition", "point3f"},
    {"physxVehicleWheelAttachment:suspensionFrameOrientation", "quatf"},
    {"physxVehicleSuspensionCompliance:wheelToeAngle", "float2[]"},
    {"physxVehicleSuspensionCompliance:wheelCamberAngle", "float2[]"},
    {"physxVehicleSuspensionCompliance:suspensionForceAppPoint", "float4[]"},
    {"physxVehicleSuspensionCompliance:tireForceAppPoint", "float4[]"}, {"physxVehicleEngine:moi", "float"},
    {"physxVehicleEngine:peakTorque", "float"}, {"physxVehicleEngine:maxRotationSpeed", "float"},
    {"physxVehicleEngine:idleRotationSpeed", "float"}, {"physxVehicleEngine:torqueCurve", "float2[]"},
    {"physxVehicleEngine:dampingRateFullThrottle", "float"},
    {"physxVehicleEngine:dampingRateZeroThrottleClutchEngaged", "float"},
    {"physxVehicleEngine:dampingRateZeroThrottleClutchDisengaged", "float"}, {"physxVehicleGears:ratios", "float[]"},
    {"physxVehicleGears:ratioScale", "float"}, {"physxVehicleGears:switchTime", "float"},
    {"physxVehicleAutoGearBox:upRatios", "float[]"}, {"physxVehicleAutoGearBox:downRatios", "float[]"},
    {"physxVehicleAutoGearBox:latency", "float"}, {"physxVehicleClutch:strength", "float"},
    {"physxVehicleMultiWheelDifferential:wheels", "int[]"}, {"physxVehicleMultiWheelDifferential:torqueRatios", "float[]"},
    {"physxVehicleMultiWheelDifferential:averageWheelSpeedRatios", "float[]"},
    {"physxVehicleTankDifferential:numberOfWheelsPerTrack", "int[]"},
    {"physxVehicleTankDifferential:thrustIndexPerTrack", "int[]"},
    {"physxVehicleTankDifferential:trackToWheelIndices", "int[]"},
    {"physxVehicleTankDifferential:wheelIndicesInTrackOrder", "int[]"}, {"physxVehicleBrakes:*:wheels", "int[]"},
    {"physxVehicleBrakes:*:maxBrakeTorque", "float"}, {"physxVehicleBrakes:*:torqueMultipliers", "float[]"},
    {"physxVehicleSteering:wheels", "int[]"}, {"physxVehicleSteering:maxSteerAngle", "float"},
    {"physxVehicleSteering:angleMultipliers", "float[]"}, {"physxVehicleAckermannSteering:wheel0", "int"},
    {"physxVehicleAckermannSteering:wheel1", "int"}, {"physxVehicleAckermannSteering:maxSteerAngle", "float"},
    {"physxVehicleAckermannSteering:wheelBase", "float"}, {"physxVehicleAckermannSteering:trackWidth", "float"},
    {"physxVehicleAckermannSteering:strength", "float"}, {"physxVehicle:vehicleEnabled", "bool"},
    {"physxVehicle:suspensionLineQueryType", "uniform token"}, {"physxVehicle:limitSuspensionExpansionVelocity", "bool"},
    {"physxVehicle:subStepThresholdLongitudinalSpeed", "float"}, {"physxVehicle:lowForwardSpeedSubStepCount", "int"},
    {"physxVehicle:highForwardSpeedSubStepCount", "int"}, {"physxVehicle:minPassiveLongitudinalSlipDenominator", "float"},
    {"physxVehicle:minActiveLongitudinalSlipDenominator", "float"}, {"physxVehicle:minLateralSlipDenominator", "float"},
    {"physxVehicle:longitudinalStickyTireThresholdSpeed", "float"},
    {"physxVehicle:longitudinalStickyTireThresholdTime", "float"},
    {"physxVehicle:lateralStickyTireThresholdSpeed", "float"}, {"physxVehicle:lateralStickyTireThresholdTime", "float"},
    {"physxVehicleController:accelerator", "float"}, {"physxVehicleController:brake0", "float"},
    {"physxVehicleController:brake1", "float"}, {"physxVehicleController:steer", "float"},
    {"physxVehicleController:targetGear", "int"}, {"physxVehicleTankController:thrust0", "float"},
    {"physxVehicleTankController:thrust1", "float"}, {"physxVehicleWheelController:driveTorque", "float"},
    {"physxVehicleWheelController:brakeTorque", "float"}, {"physxVehicleWheelController:steerAngle", "float"},
    {"size", "double"}, {"xformOp:scale", "float3"}, {"xformOp:translate", "float3"}, {"xformOpOrder", "uniform token[]"},
};

/// The schema type of a property name (brakes instances folded to "*").
std::string schemaType(std::string name)
{
    for (const char* instance : {"brakes0", "brakes1"})
        if (const auto at = name.find(std::string(":") + instance + ":"); at != std::string::npos)
            name.replace(at + 1, std::string(instance).size(), "*");
    const auto it = kSchemaTypes.find(name);
    return it == kSchemaTypes.end() ? std::string("(not in the schemas)") : it->second;
}

void collectProperties(const exchange::usda::Prim& p, std::vector<std::pair<std::string, std::string>>& out)
{
    for (const exchange::usda::Property& prop : p.properties)
        out.push_back({prop.name, (prop.uniform ? "uniform " : "") + prop.typeName});
    for (const exchange::usda::Prim& c : p.children)
        collectProperties(c, out);
}

exchange::usda::Layer parsed(const std::string& text)
{
    Problems problems;
    std::optional<exchange::usda::Layer> layer = exchange::usda::parse(text, problems);
    Q_ASSERT(layer && !problems.hasErrors());
    return std::move(*layer);
}

}  // namespace

class TestUsd : public QObject {
    Q_OBJECT
private slots:
    void goldenExportOfTheReferenceCar()
    {
        const exchange::UsdExport usd = exchange::exportUsd(preset("physx-snippet-4w"));
        QCOMPARE(usd.text, fileText(kData + "golden/physx-snippet-4w.usda"));
    }

    void everyPresetRoundTrips()
    {
        double worst = 0.0;
        std::vector<VehicleConfig> vehicles;
        for (const char* name : {"physx-snippet-4w", "family-hatchback", "sports-car", "rally-car", "truck-6w", "tank",
                                 "physx5-snippet"})
            vehicles.push_back(preset(name));
        VehicleConfig none = preset("physx-snippet-4w");
        none.drive.type = DriveType::None;
        vehicles.push_back(none);
        VehicleConfig odd = preset("rally-car");  // names that are no prim names, rear steer, compliance graphs
        odd.surfaces.tireTypes = {"summer tyre", "2nd set"};
        odd.surfaces.surfaceTypes = {"dry tarmac"};
        odd.surfaces.friction = {{1.0, 0.8}};
        odd.wheels[2].wheel.maxSteer = 0.1;
        odd.wheels[3].wheel.maxSteer = 0.1;
        odd.wheels[0].compliance = WheelCompliance{{{0.0, 0.01}, {1.0, -0.01}}, {{0.0, 0.02}, {0.5, 0.0}, {1.0, -0.03}},
                                                   {{0.2, {1.4, 0.8, -0.1}}, {0.9, {1.5, 0.8, 0.0}}}, {}};
        odd.drive.clutch.accuracyMode = ClutchAccuracyMode::Estimate;
        QVERIFY(!validateVehicle(odd).hasErrors());
        vehicles.push_back(odd);
        VehicleConfig loads = preset("sports-car");  // a bar of each mode: the modes ride in customData
        loads.antiRollBars[1].mode = AntiRollBarMode::WheelForces;
        vehicles.push_back(loads);
        const exchange::UsdExport loadsUsd = exchange::exportUsd(loads);
        const std::string loadsText = loadsUsd.report.toText();
        QVERIFY2(loadsText.find("antiRollBars[1].mode: wheelForces: PhysX has no load-transferring bar") != std::string::npos,
                 loadsText.c_str());
        QVERIFY(loadsUsd.text.find("antiRollBarModes = [\"rollTorque\", \"wheelForces\"]") != std::string::npos);
        QVERIFY(exchange::exportUsd(preset("sports-car")).text.find("antiRollBarModes") == std::string::npos);
        for (VehicleConfig& v : vehicles) {
            // Static values a compliance graph overrides have no effect and are not written; the
            // import sets them as below.
            for (WheelConfig& w : v.wheels)
                if (w.compliance) {
                    if (!w.compliance->wheelCamberAngle.empty())
                        w.suspension.camberAtRest = w.suspension.camberAtMaxDroop = w.suspension.camberAtMaxCompression = 0.0;
                    if (!w.compliance->wheelToeAngle.empty())
                        w.wheel.toeAngle = 0.0;
                    if (!w.compliance->suspForceAppPoint.empty())
                        w.geometry.suspForceAppPointOffset = w.compliance->suspForceAppPoint.front().point;
                    if (!w.compliance->tireForceAppPoint.empty())
                        w.geometry.tireForceAppPointOffset = w.compliance->tireForceAppPoint.front().point;
                }
            const exchange::UsdExport usd = exchange::exportUsd(v);
            const exchange::ImportResult r = exchange::importUsd(usd.text);
            QVERIFY2(r.ok(), (v.name + "\n" + problemsText(r)).c_str());
            std::vector<std::string> diff;
            worst = std::max(worst, compareVehicles(v, r.vehicle, 1e-12, diff));
            QVERIFY2(diff.empty(), qPrintable(QString::fromStdString(v.name) + "\n" + joined(diff)));
        }
        qInfo("USD round trip: largest relative difference %.3g", worst);
        QVERIFY(worst < 1e-15);
    }

    void complianceAttributesAsTheSchemaHasThem()
    {
        const exchange::usda::Layer layer = parsed(exchange::exportUsd(preset("physx-snippet-4w")).text);
        const exchange::usda::Prim* vehicle = layer.find("/World/Vehicle");
        QVERIFY(vehicle);
        int wheels = 0;
        for (const exchange::usda::Prim& w : vehicle->children) {
            if (!w.applies("PhysxVehicleWheelAttachmentAPI"))
                continue;
            ++wheels;
            QVERIFY(w.applies("PhysxVehicleSuspensionComplianceAPI"));
            for (auto [name, type, points] :
                 {std::tuple{"physxVehicleSuspensionCompliance:wheelToeAngle", "float2[]", 1},
                  std::tuple{"physxVehicleSuspensionCompliance:wheelCamberAngle", "float2[]", 3},
                  std::tuple{"physxVehicleSuspensionCompliance:suspensionForceAppPoint", "float4[]", 1},
                  std::tuple{"physxVehicleSuspensionCompliance:tireForceAppPoint", "float4[]", 1}}) {
                const exchange::usda::Property* p = w.property(name);
                QVERIFY2(p && p->value, name);
                QCOMPARE(p->typeName, std::string(type));
                QCOMPARE(static_cast<int>(p->value->items.size()), points);  // the reference car's camber changes
            }
        }
        QCOMPARE(wheels, 4);
    }

    void everyAttributeHasItsSchemaType()
    {
        for (const char* name : {"physx-snippet-4w", "truck-6w", "tank"}) {
            VehicleConfig v = preset(name);
            for (int pass = 0; pass < 2; ++pass) {
                std::vector<std::pair<std::string, std::string>> props;
                for (const exchange::usda::Prim& p : parsed(exchange::exportUsd(v).text).prims)
                    collectProperties(p, props);
                for (const auto& [prop, type] : props)
                    QVERIFY2(schemaType(prop) == type, qPrintable(QString::fromStdString(prop + " is " + type + ", the schema says " + schemaType(prop))));
                v.drive.type = DriveType::None;  // the no-drive layout too
            }
        }
    }

    void handWrittenLayerInCentimetresAndYUp()
    {
        const exchange::ImportResult r = exchange::importUsdFile(kData + "usd/hand-written.usda");
        QVERIFY2(r.ok(), problemsText(r).c_str());
        const VehicleConfig& v = r.vehicle;
        QCOMPARE(v.wheels.size(), std::size_t(4));
        QCOMPARE(v.chassis.mass, 1800.0);
        QVERIFY(std::abs(v.chassis.moi.x - 636.0) < 1e-9 && std::abs(v.chassis.moi.y - 3606.0) < 1e-9 &&
                std::abs(v.chassis.moi.z - 3942.0) < 1e-9);
        QVERIFY(std::abs(v.chassis.dimensions.x - 4.8) < 1e-12 && std::abs(v.chassis.dimensions.z - 1.0) < 1e-12);
        QVERIFY(std::abs(v.chassis.cmOffset.z + 0.25) < 1e-12);
        const WheelConfig& fl = v.wheels[0];
        QVERIFY(std::abs(fl.wheel.radius - 0.35) < 1e-12 && std::abs(fl.wheel.moi - 1.225) < 1e-12);
        QVERIFY(std::abs(fl.geometry.wheelCentreOffset.y - 0.8) < 1e-12);  // +x in the layer is the left
        QVERIFY(std::abs(fl.geometry.wheelCentreOffset.x - 1.6) < 1e-12);
        QVERIFY(fl.compliance && fl.compliance->wheelCamberAngle.size() == 2);
        QCOMPARE(fl.wheel.maxSteer, 0.554264);
        QVERIFY(std::abs(v.wheels[2].wheel.maxHandBrakeTorque - 3000.0) < 1e-9);
        QVERIFY(std::abs(v.wheels[2].geometry.wheelCentreOffset.y - 0.8) < 1e-12);  // index 2 is the rear left
        QCOMPARE(v.drive.type, DriveType::FourWheel);
        QCOMPARE(v.drive.differential4W.type, DifferentialType::OPEN_REARWD);
        QVERIFY(std::abs(v.drive.engine.peakTorque - 500.0) < 1e-9);
        QCOMPARE(v.surfaces.tireTypes, std::vector<std::string>{"SummerTires"});
        QCOMPARE(v.surfaces.surfaceTypes, (std::vector<std::string>{"Tarmac", "Gravel"}));
        QCOMPARE(v.surfaces.friction[1][0], 0.6);
        double sprung = 0.0;
        for (const WheelConfig& w : v.wheels)
            sprung += w.suspension.sprungMass;
        QVERIFY(std::abs(sprung - 1800.0) < 1e-6);  // computed: the layer says 0 (automatic)
        bool timeSampleWarning = false;
        for (const Problem& p : r.problems[0].problems.items)
            timeSampleWarning = timeSampleWarning || p.message.find("time samples") != std::string::npos;
        QVERIFY(timeSampleWarning);
        int resets = 0;
        QVERIFY(fullThrottleSpeed(v, 8.0, resets) > 10.0);
        QCOMPARE(resets, 0);
    }

    void parserReadsUsdValueSyntax()
    {
        Problems problems;
        const auto layer = exchange::usda::parse(
            "#usda 1.0\n(\n  upAxis = 'Z'\n  subLayers = [@a.usda@, @@@b@c.usda@@@]\n)\n"
            "over \"A\" ( append apiSchemas = [\"X\"]\n delete apiSchemas = [\"Y\"] )\n{\n"
            "  custom uniform double[] d = [1e3, -inf, .5, +2]\n"
            "  string s = \"\"\"multi\nline\"\"\"\n"
            "  rel r = None\n"
            "  variantSet \"v\" = { \"one\" { } }\n"
            "  def \"B\" { dictionary x = { } }\n}\n",
            problems);
        QVERIFY2(layer, problems.items.empty() ? "" : problems.items[0].toString().c_str());
        const exchange::usda::Prim* a = layer->find("/A");
        QVERIFY(a && a->applies("X") && a->variants);
        const exchange::usda::Property* d = a->property("d");
        QVERIFY(d && d->uniform && d->value->items.size() == 4);
        QCOMPARE(d->value->items[0].number, 1000.0);
        QVERIFY(std::isinf(d->value->items[1].number));
        QCOMPARE(a->property("s")->value->text, std::string("multi\nline"));
        QVERIFY(layer->find("/A/B"));
    }

    void apiSchemaListEditsResolveAsUsdDoes()
    {
        // SdfListOp on one layer: explicit wins; else prepended, added, appended, each once; delete and
        // reorder act on weaker layers; a statement replaces the last of its kind; explicit and list
        // edits drop each other.
        const std::pair<const char*, std::vector<std::string>> cases[] = {
            {"prepend apiSchemas = [\"A\", \"B\"]\n append apiSchemas = [\"C\", \"A\"]", {"B", "C", "A"}},
            {"add apiSchemas = [\"D\", \"A\"]\n prepend apiSchemas = [\"A\"]", {"A", "D"}},
            {"prepend apiSchemas = [\"A\"]\n prepend apiSchemas = [\"B\"]", {"B"}},
            {"prepend apiSchemas = [\"A\"]\n apiSchemas = [\"X\", \"Y\"]", {"X", "Y"}},
            {"apiSchemas = [\"X\"]\n prepend apiSchemas = [\"Y\"]", {"Y"}},
            {"prepend apiSchemas = [\"A\", \"B\"]\n delete apiSchemas = [\"A\"]\n reorder apiSchemas = [\"C\"]", {"A", "B"}},
            {"apiSchemas = None", {}},
        };
        for (const auto& [edits, expected] : cases) {
            Problems problems;
            const auto layer = exchange::usda::parse(std::string("#usda 1.0\ndef \"A\" (\n ") + edits + "\n)\n{\n}\n", problems);
            QVERIFY2(layer && !problems.hasErrors(), edits);
            QVERIFY2(layer->prims[0].apiSchemas == expected, edits);
        }
    }
};

QTEST_APPLESS_MAIN(TestUsd)
#include "test_usd.moc"
