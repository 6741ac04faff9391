// Unity import and export (model/exchange/Unity*, docs/unity.md): the frame and suspension
// mappings both ways, the JSON file's round trip of every mapped field, the prefab fixture
// (imports, drives, exports, re-imports equal), the conversion report, and hostile files.

#include "config/ReferenceCar.h"
#include "exchange/unity/UnityExport.h"
#include "exchange/unity/UnityFrame.h"
#include "exchange/unity/UnityImport.h"
#include "exchange/unity/UnityJson.h"
#include "exchange/unity/UnityPrefab.h"
#include "exchange/unity/UnitySuspension.h"
#include "config/VehicleJson.h"
#include "support/NearAssert.h"
#include "world/PlaneGround.h"
#include "world/World.h"

#include <QtTest>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>

using namespace jounce;
using namespace jounce::exchange;

namespace {

const std::string kFixture = std::string(JOUNCE_SOURCE_DIR) + "/tests/exchange/unity/data/unity-car.prefab";

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

VehicleConfig unityPreset()
{
    const config::VehicleFile f = config::loadVehicle(std::string(JOUNCE_SOURCE_DIR) + "/presets/unity-default-car.json");
    if (!f.ok())
        qFatal("cannot read the Unity preset");
    return f.config;
}

QString problemsText(const ImportResult& r)
{
    QString s;
    for (const FileProblems& f : r.problems)
        for (const Problem& p : f.problems.items)
            s += QString::fromStdString(f.file + ": " + p.toString() + "\n");
    return s;
}

bool close(double a, double b) { return std::fabs(a - b) <= 1e-9 * std::max(1.0, std::fabs(a) + std::fabs(b)); }
bool close(const Vec3& a, const Vec3& b) { return close(a.x, b.x) && close(a.y, b.y) && close(a.z, b.z); }

/// Every field the Unity mapping carries, compared to 1e-9 (a round trip through the strut
/// arithmetic reproduces them to a few ulps); the first difference, or "".
std::string mappedDifference(const VehicleConfig& a, const VehicleConfig& b)
{
    auto differ = [](bool same, const std::string& what) { return same ? std::string() : what; };
    std::string d;
    d += differ(close(a.chassis.mass, b.chassis.mass) && close(a.chassis.moi, b.chassis.moi) &&
                    close(a.chassis.cmOffset, b.chassis.cmOffset) && close(a.chassis.dimensions, b.chassis.dimensions) &&
                    close(a.chassis.linearDamping, b.chassis.linearDamping) &&
                    close(a.chassis.angularDamping, b.chassis.angularDamping),
                "chassis ");
    d += differ(a.wheels.size() == b.wheels.size(), "wheel count ");
    for (std::size_t i = 0; d.empty() && i < a.wheels.size(); ++i) {
        const WheelConfig& p = a.wheels[i];
        const WheelConfig& q = b.wheels[i];
        const std::string w = "wheels[" + std::to_string(i) + "].";
        d += differ(close(p.wheel.radius, q.wheel.radius) && close(p.wheel.mass, q.wheel.mass) &&
                        close(p.wheel.dampingRate, q.wheel.dampingRate), w + "wheel ");
        d += differ(close(p.suspension.springStrength, q.suspension.springStrength) &&
                        close(p.suspension.springDamperRate, q.suspension.springDamperRate) &&
                        close(p.suspension.maxCompression, q.suspension.maxCompression) &&
                        close(p.suspension.maxDroop, q.suspension.maxDroop), w + "suspension ");
        d += differ(close(p.geometry.wheelCentreOffset, q.geometry.wheelCentreOffset) &&
                        close(p.geometry.suspForceAppPointOffset, q.geometry.suspForceAppPointOffset) &&
                        close(p.geometry.tireForceAppPointOffset, q.geometry.tireForceAppPointOffset), w + "geometry ");
        d += differ(p.tire.params == q.tire.params, w + "tire ");
    }
    const SimulationConfig& s = a.simulation;
    const SimulationConfig& t = b.simulation;
    d += differ(close(s.timeStep, t.timeStep) && close(s.thresholdLongitudinalSpeed, t.thresholdLongitudinalSpeed) &&
                    s.lowForwardSpeedSubStepCount == t.lowForwardSpeedSubStepCount &&
                    s.highForwardSpeedSubStepCount == t.highForwardSpeedSubStepCount,
                "simulation ");
    return d;
}

ImportResult roundTrip(const VehicleConfig& c, ConversionReport& report, std::string* text = nullptr)
{
    const std::string json = unityJsonText(exportUnity(c, report));
    if (text)
        *text = json;
    return importUnityText(json, "car.json");
}

UnityWheelCollider sampleWheel()
{
    UnityWheelCollider w;
    w.position = {0.8, 0.1, 1.3};
    w.center = {0.0, 0.05, 0.02};
    w.radius = 0.35;
    w.suspensionDistance = 0.24;
    w.suspensionSpring = {42000.0, 3800.0, 0.25};
    w.forceAppPointDistance = 0.4;
    return w;
}

}  // namespace

class TestUnityExchange : public QObject {
    Q_OBJECT
private slots:
    void framesAreMirrorImages()
    {
        // Unity x right, y up, z forward -> ISO x forward, y left, z up.
        QCOMPARE(unityToIso({1, 0, 0}), (Vec3{0, -1, 0}));  // right is -y
        QCOMPARE(unityToIso({0, 1, 0}), (Vec3{0, 0, 1}));   // up
        QCOMPARE(unityToIso({0, 0, 1}), (Vec3{1, 0, 0}));   // forward
        const Vec3 p{0.3, -1.2, 2.5};
        QCOMPARE(isoToUnity(unityToIso(p)), p);
        QCOMPARE(unityToIso(isoToUnity(p)), p);
        // Unity's x cross y is z in its left-handed frame; in ISO the images give -z: a mirror.
        const Vec3 x = unityToIso({1, 0, 0}), y = unityToIso({0, 1, 0}), z = unityToIso({0, 0, 1});
        const Vec3 cross{x.y * y.z - x.z * y.y, x.z * y.x - x.x * y.z, x.x * y.y - x.y * y.x};
        QCOMPARE(cross, (Vec3{-z.x, -z.y, -z.z}));
        // Moments: Unity's (pitch about x, yaw about y, roll about z) -> ISO (roll, pitch, yaw).
        QCOMPARE(unityMomentsToIso({2, 3, 1}), (Vec3{1, 2, 3}));
        QCOMPARE(isoMomentsToUnity({1, 2, 3}), (Vec3{2, 3, 1}));
    }

    void suspensionMapsByTheDocumentedFormulas()
    {
        const UnityWheelCollider w = sampleWheel();
        const JounceStrut s = unityToJounceStrut(w);
        // top = toIso(position + center) = (1.32, -0.8, 0.15); compression (1 - 0.25) 0.24 above rest.
        JOUNCE_VERIFY_NEAR(s.maxCompression, 0.18, 1e-15);
        JOUNCE_VERIFY_NEAR(s.maxDroop, 0.06, 1e-15);
        QVERIFY(close(s.wheelCentreOffset, {1.32, -0.8, 0.15 - 0.18}));
        // Force point: forceAppPointDistance above the base of the resting wheel.
        QVERIFY(close(s.forceAppPointOffset, {1.32, -0.8, 0.15 - 0.18 - 0.35 + 0.4}));
        QCOMPARE(s.springStrength, 42000.0);
        QCOMPARE(s.springDamperRate, 3800.0);
    }

    void suspensionMapsBackBothWays()
    {
        // Unity -> Jounce -> Unity: the collider's centre folds into the position, everything else returns.
        const UnityWheelCollider w = sampleWheel();
        const JounceStrut s = unityToJounceStrut(w);
        WheelConfig j;
        j.wheel.radius = w.radius;
        j.suspension.maxCompression = s.maxCompression;
        j.suspension.maxDroop = s.maxDroop;
        j.suspension.springStrength = s.springStrength;
        j.suspension.springDamperRate = s.springDamperRate;
        j.geometry.wheelCentreOffset = s.wheelCentreOffset;
        j.geometry.suspForceAppPointOffset = j.geometry.tireForceAppPointOffset = s.forceAppPointOffset;
        UnityWheelCollider back;
        back.radius = w.radius;
        std::vector<std::string> lost;
        jounceToUnityStrut(j, back, lost);
        QVERIFY(lost.empty());
        QVERIFY(close(back.position, {0.8, 0.15, 1.32}));
        QCOMPARE(back.center, Vec3{});
        QVERIFY(close(back.suspensionDistance, 0.24) && close(back.forceAppPointDistance, 0.4));
        QVERIFY(close(back.suspensionSpring.targetPosition, 0.25));
        // Jounce -> Unity -> Jounce on the reference car's wheel; what Unity cannot hold is named.
        WheelConfig ref = referenceCar().wheels[0];
        UnityWheelCollider u;
        u.radius = ref.wheel.radius;
        jounceToUnityStrut(ref, u, lost);
        QVERIFY(lost.empty());
        const JounceStrut again = unityToJounceStrut(u);
        QVERIFY(close(again.wheelCentreOffset, ref.geometry.wheelCentreOffset));
        QVERIFY(close(again.forceAppPointOffset, ref.geometry.suspForceAppPointOffset));
        QVERIFY(close(again.maxCompression, 0.3) && close(again.maxDroop, 0.1));
        ref.geometry.suspTravelDirection = {0.0, 0.2, -0.98};
        ref.geometry.tireForceAppPointOffset.z += 0.1;
        ref.geometry.suspForceAppPointOffset.x += 0.05;
        lost.clear();
        jounceToUnityStrut(ref, u, lost);
        QCOMPARE(lost.size(), std::size_t(3));
    }

    void jsonRoundTripKeepsEveryMappedField()
    {
        const VehicleConfig car = unityPreset();
        ConversionReport report;
        std::string text;
        const ImportResult back = roundTrip(car, report, &text);
        QVERIFY2(back.ok(), qPrintable(problemsText(back)));
        QVERIFY2(mappedDifference(car, back.vehicle).empty(), mappedDifference(car, back.vehicle).c_str());
        // The file itself: Unity's names, vectors as JsonUtility objects, Unity's frame.
        const json::Json j = json::Json::parse(text);
        QCOMPARE(j["wheelColliders"][0]["name"].get<std::string>(), std::string("FL"));
        QCOMPARE(j["wheelColliders"][0]["position"]["x"].get<double>(), -0.78);  // left is -x in Unity
        QCOMPARE(j["wheelColliders"][0]["suspensionSpring"]["targetPosition"].get<double>(), 0.5);
        QCOMPARE(j["rigidbody"]["centerOfMass"]["z"].get<double>(), 0.1);
        QCOMPARE(j["wheelColliders"][3]["sidewaysFriction"]["asymptoteValue"].get<double>(), 0.75);
        // Export -> import -> export gives the same Unity description.
        ConversionReport again;
        const UnityVehicle first = exportUnity(car, again);
        const UnityVehicle second = exportUnity(back.vehicle, again);
        QCOMPARE(unityJsonText(second), unityJsonText(first));
    }

    void exportReportsWhatUnityCannotHold()
    {
        ConversionReport report;
        exportUnity(referenceCar(), report);
        const std::string text = report.toText();
        for (const char* subject : {"drive", "antiRollBars", "wheels[*].tire", "controls", "surfaces",
                                    "wheels[*].suspension.camber, wheel.toeAngle, compliance",
                                    "wheels[*].wheel.maxSteer, maxBrakeTorque, maxHandBrakeTorque"})
            QVERIFY2(text.find(std::string(subject) + ":") != std::string::npos, (std::string(subject) + "\n" + text).c_str());
        QVERIFY(report.count(NoteKind::Dropped) >= 5);
        QVERIFY(text.find(".mode:") == std::string::npos);
        // A bar that moves load (vehicle-model §2.13.1) is named on its own.
        VehicleConfig loads = referenceCar();
        loads.antiRollBars[0].mode = AntiRollBarMode::WheelForces;
        ConversionReport loadsReport;
        exportUnity(loads, loadsReport);
        const std::string loadsText = loadsReport.toText();
        QVERIFY2(loadsText.find("antiRollBars[0].mode: wheelForces: PhysX has no load-transferring bar") != std::string::npos,
                 loadsText.c_str());
    }

    void prefabFixtureReadsUnitysFields()
    {
        Problems problems;
        ConversionReport report;
        const std::optional<UnityVehicle> v = readUnityYaml(readFile(kFixture), problems, report);
        QVERIFY(v);
        QVERIFY(problems.items.empty());
        QCOMPARE(v->name, std::string("UnityCar"));
        QCOMPARE(v->rigidbody.mass, 1400.0);
        QCOMPARE(v->rigidbody.drag, 0.01);
        QCOMPARE(*v->rigidbody.centerOfMass, (Vec3{0, -0.1, 0.15}));
        QVERIFY(v->rigidbody.automaticInertiaTensor);
        QCOMPARE(v->boxCollider->size, (Vec3{1.8, 1.3, 4.4}));
        QCOMPARE(v->wheelColliders.size(), std::size_t(4));
        const UnityWheelCollider& rl = v->wheelColliders[0];  // file order
        QCOMPARE(rl.name, std::string("WheelRL"));
        QVERIFY(close(rl.position, {-0.78, -0.2, -1.25}));  // composed through the "Wheels" transform
        QCOMPARE(rl.center, (Vec3{0, 0.05, 0}));
        QCOMPARE(rl.radius, 0.34);
        QCOMPARE(rl.suspensionSpring, (UnityJointSpring{40000, 3500, 0.5}));
        QCOMPARE(rl.forceAppPointDistance, 0.3);
        QCOMPARE(rl.sidewaysFriction.stiffness, 1.2);
        QCOMPARE(rl.forwardFriction, UnityTireParams{}.forwardFriction);
    }

    void prefabImportsDrivesExportsAndReimportsEqual()
    {
        const ImportResult first = importUnityFile(kFixture);
        QVERIFY2(first.ok(), qPrintable(problemsText(first)));
        const VehicleConfig& car = first.vehicle;
        QCOMPARE(car.wheels.size(), std::size_t(4));
        // Sorted FL, FR, RL, RR; the rear wheels carry the fixture's 1.2 sideways stiffness.
        QVERIFY(car.wheels[0].geometry.wheelCentreOffset.y > 0 && car.wheels[0].geometry.wheelCentreOffset.x > 0);
        QCOMPARE(car.wheels[3].tire.unity()->sidewaysFriction.stiffness, 1.2);
        QVERIFY(close(car.wheels[0].geometry.wheelCentreOffset, {1.35, 0.78, -0.15 - 0.1}));
        QVERIFY(first.report.toText().find("WheelFL") != std::string::npos);
        qInfo("%s", first.report.toText().c_str());

        // It drives: four seconds of full throttle from rest on flat tarmac.
        sim::World world(std::make_shared<sim::PlaneGround>());
        sim::Vehicle& v = world.addVehicle(std::make_shared<VehicleConfig>(car), {});
        sim::VehicleInputs in;
        for (int i = 0; i < 100; ++i)
            world.step(car.simulation.timeStep, std::span<const sim::VehicleInputs>(&in, 1));
        in.accel = 1.0;
        for (int i = 0; i < 200; ++i)
            world.step(car.simulation.timeStep, std::span<const sim::VehicleInputs>(&in, 1));
        const double speed = v.localVelocity().x();
        QVERIFY2(speed > 5.0 && speed < 40.0, qPrintable(QString::number(speed)));
        qInfo("imported prefab car: %.2f m/s after 4 s of full throttle", speed);

        ConversionReport report;
        const ImportResult second = roundTrip(car, report);
        QVERIFY2(second.ok(), qPrintable(problemsText(second)));
        QVERIFY2(mappedDifference(car, second.vehicle).empty(), mappedDifference(car, second.vehicle).c_str());
        // What the importer filled in comes back the same too: the vehicle is the same vehicle.
        QCOMPARE(second.vehicle.drive, car.drive);
        for (std::size_t i = 0; i < 4; ++i)
            JOUNCE_VERIFY_NEAR(second.vehicle.wheels[i].suspension.sprungMass, car.wheels[i].suspension.sprungMass, 1e-9);
    }

    void theCSharpScriptReadsEveryFieldOfTheFile()
    {
        // resources/unity/JounceVehicleLoader.cs: JsonUtility fills public fields by name, so each
        // object of the file must have exactly the fields of its C# class.
        const std::string cs = readFile(std::string(JOUNCE_SOURCE_DIR) + "/resources/unity/JounceVehicleLoader.cs");
        auto fields = [&](const std::string& cls) {
            const std::size_t start = cs.find("public class " + cls + "\n");
            const std::string body = cs.substr(start, cs.find("\n}", start) - start);
            std::set<std::string> out;
            const std::regex field(R"(\n    public [\w\[\]]+ (\w+)( =|;))");
            for (auto it = std::sregex_iterator(body.begin(), body.end(), field); it != std::sregex_iterator(); ++it)
                out.insert((*it)[1].str());
            return out;
        };
        auto keys = [](const json::Json& j) {
            std::set<std::string> out;
            for (auto it = j.begin(); it != j.end(); ++it)
                out.insert(it.key());
            return out;
        };
        ConversionReport report;
        const json::Json j = writeUnityJson(exportUnity(unityPreset(), report));
        QCOMPARE(keys(j), fields("JounceUnityVehicle"));
        QCOMPARE(keys(j["rigidbody"]), fields("JounceRigidbody"));
        QCOMPARE(keys(j["boxCollider"]), fields("JounceBoxCollider"));
        QCOMPARE(keys(j["vehicleSubsteps"]), fields("JounceVehicleSubsteps"));
        QCOMPARE(keys(j["wheelColliders"][0]), fields("JounceWheelCollider"));
        QCOMPARE(keys(j["wheelColliders"][0]["suspensionSpring"]), fields("JounceJointSpring"));
        QCOMPARE(keys(j["wheelColliders"][0]["forwardFriction"]), fields("JounceFrictionCurve"));
        // What the script writes for a vehicle without a BoxCollider (an empty box) still imports.
        json::Json noBox = j;
        noBox["boxCollider"]["size"] = json::Json{{"x", 0}, {"y", 0}, {"z", 0}};
        const ImportResult r = importUnityText(noBox.dump(), "from-unity.json");
        QVERIFY2(r.ok(), qPrintable(problemsText(r)));
    }

    void unity4ForceCurvesBecomeLoadMultiples()
    {
        UnityVehicle u;
        u.rigidbody.mass = 1000;
        for (double x : {-0.8, 0.8})
            for (double z : {1.2, -1.2}) {
                UnityWheelCollider w;
                w.position = {x, 0, z};
                w.forwardFriction = {1.0, 20000.0, 2.0, 10000.0, 1.0};  // Unity 4's defaults, in newtons
                u.wheelColliders.push_back(w);
            }
        const ImportResult r = importUnity(u);
        const WheelFrictionCurve& f = r.vehicle.wheels[0].tire.unity()->forwardFriction;
        const double load = (250.0 + 20.0) * kGravity;
        JOUNCE_VERIFY_NEAR(f.extremumValue, 20000.0 / load, 1e-9);
        JOUNCE_VERIFY_NEAR(f.asymptoteValue, 10000.0 / load, 1e-9);
        QVERIFY(r.report.toText().find("Unity 4 curve in newtons") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestUnityExchange)
#include "test_unity_exchange.moc"
