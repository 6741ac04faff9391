// The parameter registry: every leaf is read and written, paths and pointers resolve, edits are
// checked against the limits, and the guide's parameter names are all there.

#include "support/TestVehicles.h"
#include "config/ParameterRegistry.h"
#include "config/VehicleValidation.h"
#include "config/VehicleJson.h"

#include <QtTest>

#include <cmath>
#include <set>

using namespace jounce;
using config::Json;
using config::NodeKind;
using config::ParameterRegistry;

namespace {

/// A value of the leaf's type that differs from `current` and lies inside its hard limits and
/// plausible range.
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
            if (leaf.info.accepted().contains(candidate))
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
            if (leaf.node->kind == NodeKind::Enumeration && leaf.node->enumValues.size() == 1)
                continue;  // one choice so far (simulation.model): nothing else to write
            VehicleConfig edited = base;
            const Json before = *reg.get(edited, leaf.path);
            const Json after = differentValue(*leaf.node, before);
            QVERIFY2(after != before, qPrintable("no other valid value for " + QString::fromStdString(leaf.path)));
            const std::string err = reg.set(edited, leaf.path, after);
            QVERIFY2(err.empty(), qPrintable(QString::fromStdString(leaf.path + ": " + err)));
            const config::VehicleFile doc = config::parseVehicle(config::vehicleToText(edited));
            QVERIFY2(doc.parsed, qPrintable(QString::fromStdString(leaf.path)));
            const std::optional<Json> read = reg.get(doc.config, leaf.path);
            QVERIFY2(read && *read == after,
                     qPrintable(QString::fromStdString(leaf.path + ": wrote " + after.dump() + ", read " +
                                                       (read ? read->dump() : "nothing"))));
            QVERIFY2(config::vehicleToText(doc.config) == config::vehicleToText(edited), qPrintable(QString::fromStdString(leaf.path)));
            ++checked;
        }
        QVERIFY(checked > 100);
    }

    void pointersAndPathsMatchTheFile()
    {
        const VehicleConfig car = testing::carWithCompliance();
        const Json file = config::vehicleToJson(car);
        for (const config::LeafRef& leaf : ParameterRegistry::instance().leaves(car)) {
            const Json::json_pointer ptr(leaf.pointer);
            // A leaf at its omitted value (tire.model "physx") is left out of the file.
            const bool omitted = leaf.node->omittedValue && ParameterRegistry::instance().get(car, leaf.path) == leaf.node->omittedValue;
            QVERIFY2(file.contains(ptr) != omitted, qPrintable(QString::fromStdString(leaf.pointer)));
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

    void plausibleRangesHoldTheTypicalOnes()
    {
        // The doctor's advice zone (outside typical) must lie inside what validation accepts, and
        // every numeric leaf has its range stated: either a plausible range or bounded hard limits.
        int bounded = 0;
        for (const config::LeafRef& leaf : ParameterRegistry::instance().allLeaves()) {
            const config::ParamInfo& info = leaf.node->info;
            if (leaf.node->kind != NodeKind::Number && leaf.node->kind != NodeKind::Integer)
                continue;
            const QString p = QString::fromStdString(leaf.path);
            const config::Limits ok = info.accepted();
            QVERIFY2(ok.min <= ok.max, qPrintable(p));
            QVERIFY2(std::isfinite(ok.min) && std::isfinite(ok.max), qPrintable(p + " is unbounded"));
            if (info.hasTypicalRange())
                QVERIFY2(ok.contains(info.typicalMin) || info.typicalMin == ok.min,
                         qPrintable(p + ": typicalMin outside the accepted values"));
            if (info.hasTypicalRange())
                QVERIFY2(ok.contains(info.typicalMax) || info.typicalMax == ok.max,
                         qPrintable(p + ": typicalMax outside the accepted values"));
            bounded += std::isfinite(info.plausible.min) ? 1 : 0;
        }
        QVERIFY(bounded > 60);
    }

    void implausibleValuesAreErrors_data()
    {
        // One representative per parameter family: each value passes the hard limits (PhysX would
        // take it) but no vehicle from a 1:10 RC car to a mining haul truck has it.
        QTest::addColumn<QString>("path");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("range");
        QTest::newRow("chassis") << "chassis.mass" << 1e308 << "[0.5, 1000000] kg";
        QTest::newRow("chassis tiny") << "chassis.mass" << 1e-30 << "[0.5, 1000000] kg";
        QTest::newRow("chassis denormal") << "chassis.mass" << 1e-320 << "[0.5, 1000000] kg";
        QTest::newRow("chassis box") << "chassis.dimensions[0]" << 1e9 << "[0.02, 30] m";
        QTest::newRow("chassis damping") << "chassis.angularDamping" << 5.0 << "[0, 1] 1/s";
        QTest::newRow("wheel") << "wheels[1].wheel.radius" << 1e9 << "[0.02, 2.5] m";
        QTest::newRow("wheel radius 1000") << "wheels[1].wheel.radius" << 1000.0 << "[0.02, 2.5] m";
        QTest::newRow("geometry") << "wheels[0].geometry.wheelCentreOffset[2]" << 1e30 << "[-25, 25] m";
        QTest::newRow("suspension") << "wheels[2].suspension.springStrength" << 1e9 << "[10, 100000000] N/m";
        QTest::newRow("tire") << "wheels[0].tire.latStiffY" << 1e4 << "[0.1, 200] 1/rad";
        QTest::newRow("friction graph") << "wheels[0].tire.frictionVsSlipGraph[2][1]" << 50.0 << "[0, 5]";
        QTest::newRow("anti-roll bar") << "antiRollBars[0].stiffness" << 1e9 << "[0, 100000000] N/m";
        QTest::newRow("load filter") << "tireLoadFilter.maxFilteredNormalisedLoad" << 500.0 << "[0, 20]";
        QTest::newRow("engine") << "drive.engine.peakTorque" << 1e7 << "[0.01, 100000] N m";
        QTest::newRow("gears") << "drive.gears.finalRatio" << 1000.0 << "[0.1, 100]";
        QTest::newRow("autobox") << "drive.autoBox.latency" << 1e5 << "[0, 60] s";
        QTest::newRow("clutch") << "drive.clutch.strength" << 1e9 << "[1e-05, 100000] N m s/rad";
        QTest::newRow("differential") << "drive.differential.rearBias" << 1e3 << "[1, 100]";
        QTest::newRow("ackermann") << "drive.ackermann.axleSeparation" << 100.0 << "[0.05, 30] m";
        QTest::newRow("surfaces") << "surfaces.friction[0][0]" << 50.0 << "[0, 5]";
        QTest::newRow("controls") << "controls.steerVsForwardSpeedTable[1][0]" << 1e4 << "[0, 500] m/s";
        QTest::newRow("simulation") << "simulation.thresholdLongitudinalSpeed" << 1e4 << "[0, 100] m/s";
    }

    void implausibleValuesAreErrors()
    {
        QFETCH(QString, path);
        QFETCH(double, value);
        QFETCH(QString, range);
        const ParameterRegistry& reg = ParameterRegistry::instance();
        const config::Node* leaf = reg.findLeaf(path.toStdString());
        QVERIFY(leaf);
        QVERIFY2(leaf->info.hard.contains(value), "the value must be within the hard limits");
        VehicleConfig car = referenceCar();
        const QString err = QString::fromStdString(reg.set(car, path.toStdString(), value));
        QVERIFY2(err.contains("not plausible for any vehicle from a 1:10 RC car to a mining haul truck: must be in " + range +
                              ", got "),
                 qPrintable(err));
        QVERIFY(car == referenceCar());  // refused: nothing changed
        // A file with the value reads, and validation names it at its pointer.
        const std::string pointer = ParameterRegistry::pathToPointer(path.toStdString());
        Json file = Json::parse(config::vehicleToText(referenceCar()));
        file[Json::json_pointer(pointer)] = value;
        const config::VehicleFile doc = config::parseVehicle(file.dump());
        QVERIFY(doc.parsed && !doc.ok());
        bool found = false;
        for (const Problem& p : doc.problems.items)
            found = found || (p.pointer == pointer && p.severity == Severity::Error &&
                              QString::fromStdString(p.message).contains("not plausible"));
        QVERIFY2(found, qPrintable(QString::fromStdString(doc.problems.items.front().toString())));
    }

    void unitSlipsAreNamed_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("message");  // the whole refusal
        QTest::newRow("millimetres") << "wheels[1].wheel.radius" << 316.0
                                     << "wheels[1].wheel.radius: 316 m looks like millimetres; did you mean 0.316? (plausible values are in [0.02, 2.5] m)";
        QTest::newRow("centimetres") << "wheels[1].wheel.radius" << 31.6
                                     << "wheels[1].wheel.radius: 31.6 m looks like centimetres; did you mean 0.316? (plausible values are in [0.02, 2.5] m)";
        QTest::newRow("offset in mm") << "wheels[0].geometry.wheelCentreOffset[0]" << 1500.0
                                      << "wheels[0].geometry.wheelCentreOffset[0]: 1500 m looks like millimetres; did you mean 1.5? (plausible values are in [-25, 25] m)";
        QTest::newRow("grams") << "chassis.mass" << 1.5e6
                               << "chassis.mass: 1500000 kg looks like grams; did you mean 1500? (plausible values are in [0.5, 1000000] kg)";
        QTest::newRow("rpm") << "drive.engine.maxOmega" << 7000.0
                             << "drive.engine.maxOmega: 7000 rad/s looks like rpm; did you mean 733? (plausible values are in [10, 6000] rad/s)";
        // Past a hard limit: the hard-limit message stays, the advice follows.
        QTest::newRow("degrees") << "wheels[0].wheel.maxSteer" << 30.0
                                 << "wheels[0].wheel.maxSteer: must be in (-1.5707963267948966, 1.5707963267948966), got 30; "
                                    "30 rad looks like degrees; did you mean 0.5236?";
        QTest::newRow("camber in degrees") << "wheels[0].suspension.camberAtRest" << -3.0
                                           << "wheels[0].suspension.camberAtRest: must be in [-1.5707963267948966, 1.5707963267948966], "
                                              "got -3; -3 rad looks like degrees; did you mean -0.05236?";
        QTest::newRow("milliseconds") << "simulation.timeStep" << 16.7
                                      << "simulation.timeStep: must be in [0.0001, 0.1], got 16.7; 16.7 s looks like milliseconds; did you mean 0.0167?";
        // No advice where no unit explains the value.
        QTest::newRow("just past") << "wheels[0].wheel.maxSteer" << 1.6
                                   << "wheels[0].wheel.maxSteer: must be in (-1.5707963267948966, 1.5707963267948966), got 1.6";
        QTest::newRow("1 m is not typical") << "wheels[1].wheel.radius" << 1000.0
                                            << "wheels[1].wheel.radius: not plausible for any vehicle from a 1:10 RC car to a mining "
                                               "haul truck: must be in [0.02, 2.5] m, got 1000";
        QTest::newRow("no unit") << "chassis.mass" << 1e308
                                 << "chassis.mass: not plausible for any vehicle from a 1:10 RC car to a mining haul truck: "
                                    "must be in [0.5, 1000000] kg, got 1e+308";
        QTest::newRow("stiffness is not a mass") << "wheels[0].tire.longitudinalStiffnessPerUnitGravity" << 1.5e6
                                                 << "wheels[0].tire.longitudinalStiffnessPerUnitGravity: not plausible for any vehicle "
                                                    "from a 1:10 RC car to a mining haul truck: must be in [0.1, 1000000] kg, got 1500000";
    }

    void unitSlipsAreNamed()
    {
        QFETCH(QString, path);
        QFETCH(double, value);
        QFETCH(QString, message);
        VehicleConfig car = referenceCar();
        QCOMPARE(QString::fromStdString(ParameterRegistry::instance().set(car, path.toStdString(), value)), message);
    }

    void timeStepHasAFloorAndTextsALength()
    {
        const ParameterRegistry& reg = ParameterRegistry::instance();
        VehicleConfig car = referenceCar();
        QCOMPARE(QString::fromStdString(reg.set(car, "simulation.timeStep", 1e-5)),
                 QString("simulation.timeStep: must be in [0.0001, 0.1], got 1e-05"));
        QVERIFY(reg.set(car, "simulation.timeStep", 1e-4).empty());
        QCOMPARE(QString::fromStdString(reg.set(car, "name", std::string(201, 'n'))),
                 QString("name: must be at most 200 bytes long, got 201 bytes"));
        QVERIFY(reg.set(car, "name", std::string(200, 'n')).empty());
        QVERIFY(reg.set(car, "description", std::string(8192, 'd')).empty());
        QVERIFY(!reg.set(car, "description", std::string(8193, 'd')).empty());
        QVERIFY(!reg.set(car, "surfaces.tireTypes[0]", std::string(201, 't')).empty());
        // A file with a 3.5 MB name reads and is refused at /name.
        Json file = Json::parse(config::vehicleToText(referenceCar()));
        file["name"] = std::string(3'500'000, 'x');
        const config::VehicleFile doc = config::parseVehicle(file.dump());
        QVERIFY(!doc.ok());
        QCOMPARE(QString::fromStdString(doc.problems.items.front().toString()),
                 QString("/name: must be at most 200 bytes long, got 3500000 bytes"));
    }

    void schemaDescribesTheFormat()
    {
        const Json s = ParameterRegistry::instance().schema();
        QCOMPARE(s["$schema"], Json("https://json-schema.org/draft/2020-12/schema"));
        const Json& spring = s["properties"]["wheels"]["items"]["properties"]["suspension"]["properties"]["springStrength"];
        QCOMPARE(spring["type"], Json("number"));
        QCOMPARE(spring["minimum"], Json(10.0));  // the hard limit (> 0) narrowed by the plausible range
        QVERIFY(!spring.contains("exclusiveMinimum"));
        QCOMPARE(spring["x-plausible"], Json::array({10.0, 1e8}));
        QCOMPARE(spring["x-unit"], Json("N/m"));
        const Json& step = s["properties"]["simulation"]["properties"]["timeStep"];
        QCOMPARE(step["minimum"], Json(1e-4));
        QVERIFY(!step.contains("x-plausible"));  // its hard limits say everything
        QCOMPARE(s["properties"]["name"]["maxLength"], Json(200));
        QCOMPARE(s["properties"]["description"]["maxLength"], Json(8192));
        const Json& radius = s["properties"]["wheels"]["items"]["properties"]["wheel"];
        QVERIFY(std::find(radius["required"].begin(), radius["required"].end(), Json("radius")) != radius["required"].end());
        // Drive parts hang on the drive type.
        QCOMPARE(s["properties"]["drive"]["allOf"].size(), std::size_t(4));
    }
};

QTEST_APPLESS_MAIN(TestParameterRegistry)
#include "test_parameter_registry.moc"
