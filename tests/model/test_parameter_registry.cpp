// The parameter registry: every leaf is read and written, paths and pointers resolve, edits are
// checked against the limits, and the guide's parameter names are all there.

#include "TestVehicles.h"
#include "config/ParameterRegistry.h"
#include "config/VehicleValidation.h"
#include "io/VehicleJson.h"

#include <QtTest>

#include <cmath>
#include <set>

using namespace jounce;
using config::Json;
using config::NodeKind;
using config::ParameterRegistry;

namespace {

/// A value of the leaf's type that differs from `current` and lies inside its hard limits.
Json differentValue(const config::Node& leaf, const Json& current)
{
    switch (leaf.kind) {
    case NodeKind::Boolean: return !current.get<bool>();
    case NodeKind::Text: return current.get<std::string>() + " (edited)";
    case NodeKind::Enumeration:
        for (const std::string& v : leaf.enumValues)
            if (v != current.get<std::string>())
                return v;
        return current;
    case NodeKind::Number:
    case NodeKind::Integer: {
        const double v = current.get<double>();
        for (double candidate : {v + 1.0, v - 1.0, v + 0.125, v - 0.125, v * 0.5, v + 0.01, v - 0.01}) {
            if (leaf.kind == NodeKind::Integer && std::floor(candidate) != candidate)
                continue;
            if (leaf.info.hard.contains(candidate))
                return leaf.kind == NodeKind::Integer ? Json(static_cast<int>(candidate)) : Json(candidate);
        }
        return current;
    }
    default: return current;
    }
}

}  // namespace

class TestParameterRegistry : public QObject {
    Q_OBJECT
private slots:
    void everyLeafIsWrittenAndRead_data()
    {
        QTest::addColumn<int>("variant");
        QTest::newRow("4W with compliance") << 0;
        QTest::newRow("NW") << 1;
        QTest::newRow("tank") << 2;
    }

    void everyLeafIsWrittenAndRead()
    {
        // Change one leaf at a time, write the file, read it back: the change must survive. This
        // proves each registry entry is both written and read, whatever its type.
        QFETCH(int, variant);
        const VehicleConfig base = variant == 0 ? testing::carWithCompliance() : variant == 1 ? testing::nwCar() : testing::tankCar();
        const ParameterRegistry& reg = ParameterRegistry::instance();
        int checked = 0;
        for (const config::LeafRef& leaf : reg.leaves(base)) {
            if (leaf.path == "drive.type")
                continue;  // changes which parts exist; covered by the variants
            VehicleConfig edited = base;
            const Json before = *reg.get(edited, leaf.path);
            const Json after = differentValue(*leaf.node, before);
            QVERIFY2(after != before, qPrintable("no other valid value for " + QString::fromStdString(leaf.path)));
            const std::string err = reg.set(edited, leaf.path, after);
            QVERIFY2(err.empty(), qPrintable(QString::fromStdString(leaf.path + ": " + err)));
            const io::VehicleFile doc = io::parseVehicle(io::vehicleToText(edited));
            QVERIFY2(doc.parsed, qPrintable(QString::fromStdString(leaf.path)));
            const std::optional<Json> read = reg.get(doc.config, leaf.path);
            QVERIFY2(read && *read == after,
                     qPrintable(QString::fromStdString(leaf.path + ": wrote " + after.dump() + ", read " +
                                                       (read ? read->dump() : "nothing"))));
            QVERIFY2(io::vehicleToText(doc.config) == io::vehicleToText(edited), qPrintable(QString::fromStdString(leaf.path)));
            ++checked;
        }
        QVERIFY(checked > 100);
    }

    void pointersAndPathsMatchTheFile()
    {
        const VehicleConfig car = testing::carWithCompliance();
        const Json file = io::vehicleToJson(car);
        for (const config::LeafRef& leaf : ParameterRegistry::instance().leaves(car)) {
            const Json::json_pointer ptr(leaf.pointer);
            QVERIFY2(file.contains(ptr), qPrintable(QString::fromStdString(leaf.pointer)));
            QCOMPARE(QString::fromStdString(ParameterRegistry::pathToPointer(leaf.path)), QString::fromStdString(leaf.pointer));
            QCOMPARE(QString::fromStdString(ParameterRegistry::pointerToPath(leaf.pointer)), QString::fromStdString(leaf.path));
        }
    }

    void guideNamesAreAllThere()
    {
        // A user who knows the tuning guide finds every parameter under the name they know.
        std::set<std::string> names;
        for (const config::LeafRef& leaf : ParameterRegistry::instance().allLeaves()) {
            std::string p = leaf.path;
            while (!p.empty() && p.back() == ']')
                p = p.substr(0, p.rfind('['));
            names.insert(p.substr(p.rfind('.') + 1));
        }
        for (const char* n :
             {"radius", "width", "mass", "moi", "dampingRate", "maxBrakeTorque", "maxHandBrakeTorque", "maxSteer",
              "toeAngle", "sprungMass", "springStrength", "springDamperRate", "maxCompression", "maxDroop",
              "camberAtRest", "camberAtMaxCompression", "camberAtMaxDroop", "wheelCentreOffset", "suspTravelDirection",
              "suspForceAppPointOffset", "tireForceAppPointOffset", "wheel0", "wheel1", "stiffness", "type", "latStiffX",
              "latStiffY", "longitudinalStiffnessPerUnitGravity", "camberStiffnessPerUnitGravity", "frictionVsSlipGraph",
              "wheelToeAngle", "wheelCamberAngle", "suspForceAppPoint", "tireForceAppPoint", "torqueCurve", "peakTorque",
              "maxOmega", "dampingRateFullThrottle", "dampingRateZeroThrottleClutchEngaged",
              "dampingRateZeroThrottleClutchDisengaged", "ratios", "finalRatio", "switchTime", "upRatios", "downRatios",
              "latency", "strength", "accuracyMode", "estimateIterations", "accuracy", "frontWidth", "rearWidth",
              "axleSeparation", "minNormalisedLoad", "minFilteredNormalisedLoad", "maxNormalisedLoad",
              "maxFilteredNormalisedLoad", "frontRearSplit", "frontLeftRightSplit", "rearLeftRightSplit", "centreBias",
              "frontBias", "rearBias", "drivenWheels", "driveModel", "cmOffset", "dimensions", "tireTypes",
              "surfaceTypes", "friction", "steerVsForwardSpeedTable", "timeStep", "thresholdLongitudinalSpeed",
              "lowForwardSpeedSubStepCount", "highForwardSpeedSubStepCount", "minLongSlipDenominator"})
            QVERIFY2(names.count(n), n);
    }

    void everyLeafIsDescribed()
    {
        for (const config::LeafRef& leaf : ParameterRegistry::instance().allLeaves()) {
            const config::ParamInfo& info = leaf.node->info;
            const QString p = QString::fromStdString(leaf.path);
            QVERIFY2(!info.description.empty(), qPrintable(p));
            QVERIFY2(!info.section.empty(), qPrintable(p));
            const bool numeric = leaf.node->kind == NodeKind::Number || leaf.node->kind == NodeKind::Integer;
            QVERIFY2(!numeric || !info.unit.empty(), qPrintable(p + " has no unit"));
            if (info.hasTypicalRange())
                QVERIFY2(info.typicalMin <= info.typicalMax, qPrintable(p));
            QVERIFY2(ParameterRegistry::instance().findLeaf(leaf.path) == leaf.node, qPrintable(p));
        }
    }

    void specDefaults()
    {
        // Spot checks of the spec's constructor defaults (§1) as the registry reports them.
        const ParameterRegistry& reg = ParameterRegistry::instance();
        auto def = [&](const char* path) { return reg.defaultValue(*reg.findLeaf(path)); };
        QCOMPARE(def("wheels[*].wheel.mass"), Json(20.0));
        QCOMPARE(def("wheels[*].wheel.maxBrakeTorque"), Json(1500.0));
        QCOMPARE(def("wheels[*].suspension.maxCompression"), Json(0.3));
        QCOMPARE(def("wheels[*].tire.latStiffY"), Json(0.3125 * 180.0 / kPi));
        QCOMPARE(def("tireLoadFilter.minFilteredNormalisedLoad"), Json(0.2308));
        QCOMPARE(def("drive.engine.peakTorque"), Json(500.0));
        QCOMPARE(def("drive.gears.ratios[*]"), Json::array({-4.0, 0.0, 4.0, 2.0, 1.5, 1.1, 1.0}));
        QCOMPARE(def("drive.clutch.strength"), Json(10.0));
        QCOMPARE(def("drive.differential.frontRearSplit"), Json(0.45));
        QCOMPARE(def("simulation.minLongSlipDenominator"), Json(4.0));
        QVERIFY(def("wheels[*].wheel.radius").is_null());  // must set: no default
        QVERIFY(reg.findLeaf("wheels[*].wheel.radius")->info.required);
        QCOMPARE(reg.defaultValueAt(referenceCar(), "drive.autoBox.upRatios[1]"), Json(0.15));  // neutral
    }

    void findNodeNamesContainersAndLeaves()
    {
        const ParameterRegistry& reg = ParameterRegistry::instance();
        const config::Node* engine = reg.findNode("drive.engine");
        QVERIFY(engine && engine->kind == NodeKind::Object && engine->key == "engine");
        const config::Node* graph = reg.findNode("wheels[*].tire.frictionVsSlipGraph");
        QVERIFY(graph && graph->kind == NodeKind::Array && graph->graph.has_value());
        QCOMPARE(reg.findNode("wheels[2].tire.frictionVsSlipGraph"), graph);
        QCOMPARE(reg.findNode("/wheels/2/tire/frictionVsSlipGraph"), graph);
        // Two nodes share drive.differential: the first (4W) is returned.
        QVERIFY(reg.findNode("drive.differential") && reg.findNode("drive.differential")->driveTypes.front() == DriveType::FourWheel);
        QCOMPARE(reg.findNode("drive.engine.peakTorque"), reg.findLeaf("drive.engine.peakTorque"));
        QVERIFY(reg.findLeaf("drive.engine") == nullptr);
        QVERIFY(reg.findNode("drive.engine.peakTorqe") == nullptr);
        QVERIFY(reg.findNode("") == nullptr);
    }

    void setChecksLimitsAndChangesNothingOnError()
    {
        const ParameterRegistry& reg = ParameterRegistry::instance();
        VehicleConfig car = referenceCar();
        const VehicleConfig original = car;
        QCOMPARE(QString::fromStdString(reg.set(car, "wheels[1].suspension.springStrength", -5)),
                 QString("wheels[1].suspension.springStrength: must be > 0, got -5"));
        QVERIFY(!reg.set(car, "chassis.mass", "heavy").empty());
        QVERIFY(!reg.set(car, "wheels[9].wheel.radius", 0.3).empty());
        QVERIFY(!reg.set(car, "wheels[0].wheel.nonsense", 1).empty());
        QVERIFY(!reg.set(car, "drive.differential.drivenWheels[0]", 1).empty());  // NW only
        QVERIFY(!reg.set(car, "drive.clutch.estimateIterations", 2.5).empty());
        QVERIFY(!reg.set(car, "drive.type", "6W").empty());
        QVERIFY(car == original);
    }

    void setWithStarEditsEveryElement()
    {
        const ParameterRegistry& reg = ParameterRegistry::instance();
        VehicleConfig car = referenceCar();
        QVERIFY(reg.set(car, "wheels[*].suspension.springStrength", 40000).empty());
        for (const WheelConfig& w : car.wheels)
            QCOMPARE(w.suspension.springStrength, 40000.0);
        QVERIFY(reg.set(car, "/chassis/mass", 1600).empty());  // JSON pointers work too
        QCOMPARE(car.chassis.mass, 1600.0);
        QVERIFY(reg.set(car, "wheels[2].geometry.wheelCentreOffset[2]", -1.4).empty());
        QCOMPARE(car.wheels[2].geometry.wheelCentreOffset.z, -1.4);
        QVERIFY(reg.set(car, "drive.engine.torqueCurve[1][1]", 0.95).empty());
        QCOMPARE(car.drive.engine.torqueCurve[1].y, 0.95);
        // A limit violation on any element rejects the whole edit.
        QVERIFY(!reg.set(car, "wheels[*].wheel.mass", 0).empty());
        QCOMPARE(car.wheels[3].wheel.mass, 20.0);
    }

    void formatListsOptionalParts()
    {
        std::set<std::string> paths;
        for (const config::LeafRef& leaf : ParameterRegistry::instance().allLeaves())
            paths.insert(leaf.path);
        for (const char* p : {"wheels[*].compliance.wheelToeAngle[*][0]", "wheels[*].compliance.tireForceAppPoint[*][3]",
                              "antiRollBars[*].stiffness", "drive.differential.drivenWheels[*]", "drive.driveModel",
                              "drive.ackermann.axleSeparation", "surfaces.friction[*][*]"})
            QVERIFY2(paths.count(p), p);
        // The reference car has no compliance and no NW parts: its own list leaves them out.
        for (const config::LeafRef& leaf : ParameterRegistry::instance().leaves(referenceCar())) {
            QVERIFY(leaf.path.find("compliance") == std::string::npos);
            QVERIFY(leaf.path.find("drivenWheels") == std::string::npos);
        }
    }

    void schemaDescribesTheFormat()
    {
        const Json s = ParameterRegistry::instance().schema();
        QCOMPARE(s["$schema"], Json("https://json-schema.org/draft/2020-12/schema"));
        const Json& spring = s["properties"]["wheels"]["items"]["properties"]["suspension"]["properties"]["springStrength"];
        QCOMPARE(spring["type"], Json("number"));
        QCOMPARE(spring["exclusiveMinimum"], Json(0.0));
        QCOMPARE(spring["x-unit"], Json("N/m"));
        const Json& radius = s["properties"]["wheels"]["items"]["properties"]["wheel"];
        QVERIFY(std::find(radius["required"].begin(), radius["required"].end(), Json("radius")) != radius["required"].end());
        // Drive parts hang on the drive type.
        QCOMPARE(s["properties"]["drive"]["allOf"].size(), std::size_t(4));
    }
};

QTEST_APPLESS_MAIN(TestParameterRegistry)
#include "test_parameter_registry.moc"
