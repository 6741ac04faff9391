// PhysX 5 snippet JSON (model/exchange/Physx5*): the golden export of the reference car, keys and
// nesting as NVIDIA's files, round trips of every preset equal for every mapped field, NVIDIA's own
// files importing, validating and driving, frames and scales, and hostile files.

#include "support/ExchangeTestSupport.h"

#include "exchange/physx5/Physx5Json.h"
#include "json/TextFile.h"

#include <QtTest>

using namespace jounce;
using namespace exchange_test;
using exchange::Physx5Differential;
using json::Json;

namespace {

const std::string kSnippet = kData + "physx5-snippet/";

std::string fileText(const std::string& path)
{
    std::string text;
    const std::string err = json::readTextFile(path, 16u << 20, text);
    Q_ASSERT(err.empty());
    return text;
}

Json fileJson(const std::string& path) { return Json::parse(fileText(path)); }

/// Every object member's path and JSON type, arrays by their first element: the keys and nesting.
void shape(const Json& v, const std::string& path, std::vector<std::string>& out)
{
    const char* type = v.is_number() ? "number" : v.type_name();
    out.push_back(path + ":" + type);
    if (v.is_object())
        for (auto it = v.begin(); it != v.end(); ++it)
            shape(it.value(), path + "/" + it.key(), out);
    else if (v.is_array() && !v.empty())
        shape(v[0], path + "/[]", out);
}

std::vector<std::string> shapeOf(const Json& v)
{
    std::vector<std::string> out;
    shape(v, "", out);
    return out;
}

Physx5Differential differentialOf(const VehicleConfig& v)
{
    switch (v.drive.type) {
    case DriveType::FourWheel:
        return Physx5Differential::FourWheel;
    case DriveType::Tank:
        return Physx5Differential::Tank;
    default:
        return Physx5Differential::MultiWheel;
    }
}

exchange::ImportResult roundTrip(const VehicleConfig& v, std::optional<VehicleConfig> base,
                                 const exchange::Physx5ExportOptions& options = {})
{
    const exchange::Physx5Files files = exchange::exportPhysx5(v, options);
    exchange::Physx5ImportOptions in;
    in.differential = differentialOf(v);
    in.model = v.simulation.model;  // a physx41 car comes back as one
    in.base = std::move(base);
    return exchange::importPhysx5(exchange::physx5Text(files.base), exchange::physx5Text(files.drive), in);
}

void shift(Vec3& p, const Vec3& by) { p = {p.x + by.x, p.y + by.y, p.z + by.z}; }

/// An import without a base vehicle completed with what the files do not hold, from `original`:
/// what is left to compare is exactly the mapped fields.
VehicleConfig withUnmapped(VehicleConfig imported, const VehicleConfig& original)
{
    const Vec3 cm = original.chassis.cmOffset;
    for (std::size_t i = 0; i < imported.wheels.size(); ++i) {
        WheelConfig& w = imported.wheels[i];
        shift(w.geometry.wheelCentreOffset, cm);
        shift(w.geometry.suspForceAppPointOffset, cm);
        shift(w.geometry.tireForceAppPointOffset, cm);
        if (w.compliance) {
            for (CompliancePoint& p : w.compliance->suspForceAppPoint)
                shift(p.point, cm);
            for (CompliancePoint& p : w.compliance->tireForceAppPoint)
                shift(p.point, cm);
        }
        w.tire.type = original.wheels[i].tire.type;
        if (original.drive.type == DriveType::Tank) {  // unused by a tank, not in the files
            w.wheel.maxSteer = original.wheels[i].wheel.maxSteer;
            w.wheel.maxHandBrakeTorque = original.wheels[i].wheel.maxHandBrakeTorque;
        }
    }
    imported.name = original.name;
    imported.description = original.description;
    imported.chassis.cmOffset = cm;
    imported.chassis.dimensions = original.chassis.dimensions;
    imported.chassis.linearDamping = original.chassis.linearDamping;
    imported.chassis.angularDamping = original.chassis.angularDamping;
    imported.antiRollBars = original.antiRollBars;
    imported.surfaces = original.surfaces;
    imported.controls = original.controls;
    const bool limit = imported.simulation.limitSuspensionExpansionVelocity;
    imported.simulation = original.simulation;
    imported.simulation.limitSuspensionExpansionVelocity = limit;
    imported.drive.ackermann.rearWidth = original.drive.ackermann.rearWidth;
    imported.drive.tankDriveModel = original.drive.tankDriveModel;
    if (original.drive.type != DriveType::FourWheel)
        imported.drive.differential4W = original.drive.differential4W;
    if (original.drive.type != DriveType::NWheel)
        imported.drive.differentialNW = original.drive.differentialNW;
    if (original.drive.type != DriveType::FourWheel)
        imported.drive.ackermann = original.drive.ackermann;
    if (original.drive.type == DriveType::None) {
        imported.drive.engine = original.drive.engine;
        imported.drive.gears = original.drive.gears;
        imported.drive.autoBox = original.drive.autoBox;
        imported.drive.clutch = original.drive.clutch;
    }
    return imported;
}

bool hasNote(const exchange::ConversionReport& report, const std::string& subject)
{
    return std::any_of(report.notes.begin(), report.notes.end(),
                       [&](const exchange::ConversionNote& n) { return n.subject == subject; });
}

}  // namespace

class TestPhysx5 : public QObject {
    Q_OBJECT
private slots:
    void goldenExportOfTheReferenceCar();
    void keysAndNestingAreNvidias();
    void roundTripsKeepEveryMappedField();
    void roundTripsThroughTheIsoFrame();
    void nvidiaFilesImportValidateAndDrive();
    void nvidiaFilesAsEveryDifferential();
    void presetHoldsTheNvidiaFiles();
    void physx5CarRoundTripsAndDrivesTheSame();
    void scaleConvertsToSi();
    void reportsNameWhatIsLost();
};

void TestPhysx5::goldenExportOfTheReferenceCar()
{
    // The reviewed export of presets/physx-snippet-4w.json; a change to the conversion shows here.
    const exchange::Physx5Files files = exchange::exportPhysx5(preset("physx-snippet-4w"));
    QCOMPARE(files.driveFileName, std::string(exchange::kPhysx5EngineDriveFile));
    QCOMPARE(exchange::physx5Text(files.base), fileText(kData + "golden/physx-snippet-4w/Base.json"));
    QCOMPARE(exchange::physx5Text(files.drive), fileText(kData + "golden/physx-snippet-4w/EngineDrive.json"));
}

void TestPhysx5::keysAndNestingAreNvidias()
{
    // Same members, in the same order and nesting, with the same JSON types as NVIDIA's files.
    const exchange::Physx5Files engine = exchange::exportPhysx5(preset("physx-snippet-4w"));
    QCOMPARE(shapeOf(engine.base), shapeOf(fileJson(kSnippet + "Base.json")));
    QCOMPARE(shapeOf(engine.drive), shapeOf(fileJson(kSnippet + "EngineDrive.json")));
    VehicleConfig direct = preset("physx-snippet-4w");
    direct.drive.type = DriveType::None;
    const exchange::Physx5Files d = exchange::exportPhysx5(direct);
    QCOMPARE(d.driveFileName, std::string(exchange::kPhysx5DirectDriveFile));
    Json nvidia = fileJson(kSnippet + "DirectDrive.json");
    nvidia["ThrottleCommandResponseParams"].erase("NonLinearResponse");  // optional for NVIDIA's reader
    QCOMPARE(shapeOf(d.drive), shapeOf(nvidia));
    // The frame is NVIDIA's: z forward, x lateral (left), y up.
    QCOMPARE(engine.base["Frame"].dump(), fileJson(kSnippet + "Base.json")["Frame"].dump());
}

void TestPhysx5::roundTripsKeepEveryMappedField()
{
    double worst = 0.0;
    for (const char* name : {"physx-snippet-4w", "family-hatchback", "sports-car", "rally-car", "truck-6w", "tank"}) {
        const VehicleConfig original = preset(name);
        // With the original as base: the whole vehicle comes back.
        const exchange::ImportResult full = roundTrip(original, original);
        QVERIFY2(full.ok(), (std::string(name) + "\n" + problemsText(full)).c_str());
        std::vector<std::string> diff;
        worst = std::max(worst, compareVehicles(original, full.vehicle, 1e-12, diff));
        QVERIFY2(diff.empty(), qPrintable(QString(name) + "\n" + joined(diff)));
        // Without a base: every field the files hold comes back.
        const exchange::ImportResult bare = roundTrip(original, std::nullopt);
        QVERIFY2(bare.ok(), (std::string(name) + "\n" + problemsText(bare)).c_str());
        worst = std::max(worst, compareVehicles(original, withUnmapped(bare.vehicle, original), 1e-12, diff));
        QVERIFY2(diff.empty(), qPrintable(QString(name) + " without base\n" + joined(diff)));
    }
    // A no-drive vehicle goes through DirectDrive.json.
    VehicleConfig none = preset("physx-snippet-4w");
    none.drive.type = DriveType::None;
    const exchange::ImportResult r = roundTrip(none, none);
    QVERIFY2(r.ok(), problemsText(r).c_str());
    std::vector<std::string> diff;
    worst = std::max(worst, compareVehicles(none, r.vehicle, 1e-12, diff));
    QVERIFY2(diff.empty(), qPrintable(joined(diff)));
    // A tank's handbrake torques are unused and not in the files: the base's stay.
    VehicleConfig tank = preset("tank");
    for (WheelConfig& w : tank.wheels)
        w.wheel.maxHandBrakeTorque = 100.0;
    const exchange::ImportResult t = roundTrip(tank, tank);
    QVERIFY2(t.ok(), problemsText(t).c_str());
    worst = std::max(worst, compareVehicles(tank, t.vehicle, 1e-12, diff));
    QVERIFY2(diff.empty(), qPrintable(joined(diff)));
    qInfo("PhysX 5 round trip: largest relative difference %.3g", worst);
    QVERIFY(worst < 1e-15);
}

void TestPhysx5::roundTripsThroughTheIsoFrame()
{
    exchange::Physx5ExportOptions iso;
    iso.frame = exchange::AxisFrame::iso();
    const VehicleConfig original = preset("rally-car");
    const exchange::ImportResult r = roundTrip(original, original, iso);
    QVERIFY2(r.ok(), problemsText(r).c_str());
    std::vector<std::string> diff;
    compareVehicles(original, r.vehicle, 1e-12, diff);
    QVERIFY2(diff.empty(), qPrintable(joined(diff)));
    // A mirror frame or a repeated axis is refused at /Frame.
    Json base = exchange::exportPhysx5(original, iso).base;
    base["Frame"]["LatAxis"] = 3;  // -y: right, a mirror image
    const exchange::ImportResult mirrored = exchange::importPhysx5(base.dump(), fileText(kSnippet + "EngineDrive.json"));
    QVERIFY(hasProblem(mirrored, "Base.json", "/Frame", "mirror"));
}

void TestPhysx5::nvidiaFilesImportValidateAndDrive()
{
    const exchange::ImportResult r =
        exchange::importPhysx5Files(kSnippet + "Base.json", kSnippet + "EngineDrive.json");
    QVERIFY2(r.ok(), problemsText(r).c_str());
    const VehicleConfig& v = r.vehicle;
    QCOMPARE(v.drive.type, DriveType::FourWheel);
    QCOMPARE(v.wheels.size(), std::size_t(4));
    QCOMPARE(v.chassis.mass, 2014.4000244140625);
    QCOMPARE(v.chassis.moi.x, 750.0);  // NVIDIA's z (forward) is Jounce's roll axis
    // NVIDIA's wheel 1 is on the +x (left) side: Jounce's front-left, with its spring.
    QCOMPARE(v.wheels[0].geometry.wheelCentreOffset.y, 0.7952629923820496);
    QCOMPARE(v.wheels[0].suspension.springStrength, 33657.3984375);
    // A PhysX 5 car rests where vehicle2's own spring carries the sprung mass; each tire keeps the
    // file's rest load; the snippet's 4-wheel differential runs open (vehicle-model-physx5.md P7).
    QCOMPARE(v.simulation.model, ModelGenerationKind::Physx5);
    QCOMPARE(v.wheels[0].suspension.maxDroop, 567.6749877929688 * kGravity / 33657.3984375);
    QCOMPARE(v.wheels[0].tire.physx()->restLoad, 5628.72314453125);
    QCOMPARE(v.wheels[0].wheel.maxSteer, 0.5235990285873413);
    QCOMPARE(v.wheels[2].wheel.mass, 20.0);
    QCOMPARE(v.wheels[2].tire.physx()->longitudinalStiffnessPerUnitGravity, 24525.0 / kGravity);
    QCOMPARE(v.drive.differential4W.type, DifferentialType::OPEN_4WD);
    QVERIFY(hasNote(r.report, "drive.differential"));
    // --model physx41: the legacy spring's rest pose and PhysX 4.1's limited slip.
    exchange::Physx5ImportOptions legacy;
    legacy.model = ModelGenerationKind::Physx41;
    const exchange::ImportResult old = exchange::importPhysx5Files(kSnippet + "Base.json", kSnippet + "EngineDrive.json", legacy);
    QVERIFY2(old.ok(), problemsText(old).c_str());
    QCOMPARE(old.vehicle.simulation.model, ModelGenerationKind::Physx41);
    QCOMPARE(old.vehicle.wheels[0].suspension.maxCompression, 0.10000000149011612);  // the legacy rest distance
    QCOMPARE(old.vehicle.drive.differential4W.type, DifferentialType::LS_4WD);
    QVERIFY(hasNote(old.report, "simulation.model"));
    QVERIFY(hasNote(old.report, "SuspensionStateCalculationParams.JounceCalculationType"));
    QCOMPARE(v.drive.ackermann.axleSeparation, 2.863219976425171);
    int resets = 0;
    const double speed = fullThrottleSpeed(v, 10.0, resets);
    QCOMPARE(resets, 0);
    QVERIFY2(speed > 20.0, qPrintable(QString::number(speed)));

    const exchange::ImportResult d = exchange::importPhysx5Files(kSnippet + "Base.json", kSnippet + "DirectDrive.json");
    QVERIFY2(d.ok(), problemsText(d).c_str());
    QCOMPARE(d.vehicle.drive.type, DriveType::None);
    QVERIFY(hasNote(d.report, "ThrottleCommandResponseParams.NonLinearResponse"));
    QVERIFY(fullThrottleSpeed(d.vehicle, 5.0, resets) > 3.0);
    QCOMPARE(resets, 0);
}

void TestPhysx5::nvidiaFilesAsEveryDifferential()
{
    for (auto [choice, type] : {std::pair{Physx5Differential::MultiWheel, DriveType::NWheel},
                                std::pair{Physx5Differential::Tank, DriveType::Tank}}) {
        exchange::Physx5ImportOptions options;
        options.differential = choice;
        const exchange::ImportResult r =
            exchange::importPhysx5Files(kSnippet + "Base.json", kSnippet + "EngineDrive.json", options);
        QVERIFY2(r.ok(), problemsText(r).c_str());
        QCOMPARE(r.vehicle.drive.type, type);
        int resets = 0;
        QVERIFY(fullThrottleSpeed(r.vehicle, 5.0, resets) > 5.0);
        QCOMPARE(resets, 0);
    }
}

void TestPhysx5::presetHoldsTheNvidiaFiles()
{
    // presets/physx5-snippet.json is NVIDIA's files plus the snippet's chassis box: importing the files
    // onto it changes nothing.
    const VehicleConfig p = preset("physx5-snippet");
    exchange::Physx5ImportOptions options;
    options.base = p;
    options.model = p.simulation.model;
    const exchange::ImportResult r =
        exchange::importPhysx5Files(kSnippet + "Base.json", kSnippet + "EngineDrive.json", options);
    QVERIFY2(r.ok(), problemsText(r).c_str());
    std::vector<std::string> diff;
    compareVehicles(p, r.vehicle, 1e-12, diff);
    QVERIFY2(diff.empty(), qPrintable(joined(diff)));
}

void TestPhysx5::physx5CarRoundTripsAndDrivesTheSame()
{
    // A physx5 car's export is exact: the files imported again (onto the car, for what they do not
    // hold) give the same vehicle, which drives the same to the last bit.
    const VehicleConfig p = preset("physx5-snippet");
    QCOMPARE(p.simulation.model, ModelGenerationKind::Physx5);
    const exchange::Physx5Files files = exchange::exportPhysx5(p);
    for (const exchange::ConversionNote& n : files.report.notes)
        QVERIFY2(n.reason.find("in PhysX 5 (the car runs PhysX 4.1's model") == std::string::npos, n.reason.c_str());
    const exchange::ImportResult r = roundTrip(p, p);
    QVERIFY2(r.ok(), problemsText(r).c_str());
    std::vector<std::string> diff;
    compareVehicles(p, r.vehicle, 0.0, diff);
    QVERIFY2(diff.empty(), qPrintable(joined(diff)));
    int resets = 0;
    const double original = fullThrottleSpeed(p, 10.0, resets);
    QCOMPARE(fullThrottleSpeed(r.vehicle, 10.0, resets), original);
    QCOMPARE(resets, 0);
}

void TestPhysx5::scaleConvertsToSi()
{
    // NVIDIA's car in units of 0.5 m (Scale 2): lengths and forces double, torques and inertias x4.
    Json base = fileJson(kSnippet + "Base.json");
    Json drive = fileJson(kSnippet + "EngineDrive.json");
    const auto times = [](Json& v, double f) { v = v.get<double>() * f; };
    base["Scale"]["Scale"] = 2.0;
    for (Json& m : base["RigidBodyParams"]["MOI"])
        times(m, 4.0);
    for (const char* r : {"BrakeCommandResponseParams", "HandbrakeCommandResponseParams"})
        times(base[r]["MaxResponse"], 4.0);
    times(base["AckermannParams"]["WheelBase"], 2.0);
    times(base["AckermannParams"]["TrackWidth"], 2.0);
    for (Json& s : base["SuspensionParams"]) {
        for (Json& x : s["SuspensionAttachment"]["Pos"])
            times(x, 2.0);
        times(s["SuspensionTravelDist"], 2.0);
    }
    for (Json& c : base["SuspensionComplianceParams"])
        for (const char* g : {"SuspForceAppPoint", "TireForceAppPoint"})
            for (Json& row : c[g])
                for (std::size_t k = 1; k < 4; ++k)
                    times(row[k], 2.0);
    for (Json& s : base["SuspensionForceLegacyParams"])
        times(s["RestDistance"], 2.0);
    for (Json& t : base["TireForceParams"])
        for (const char* k : {"LongitudinalStiffness", "LateralStiffnessY", "CamberStiffness", "RestLoad"})
            times(t[k], 2.0);
    for (Json& w : base["WheelParams"]) {
        times(w["HalfWidth"], 2.0);
        times(w["Radius"], 2.0);
        times(w["MOI"], 4.0);
        times(w["DampingRate"], 4.0);
    }
    for (const char* k : {"MOI", "PeakTorque", "DampingRateFullThrottle", "DampingRateZeroThrottleClutchEngaged",
                          "DampingRateZeroThrottleClutchDisengaged"})
        times(drive["EngineParams"][k], 4.0);
    times(drive["ClutchCommandResponseParams"]["MaxResponse"], 4.0);
    const exchange::ImportResult scaled = exchange::importPhysx5(base.dump(), drive.dump());
    const exchange::ImportResult plain =
        exchange::importPhysx5(fileText(kSnippet + "Base.json"), fileText(kSnippet + "EngineDrive.json"));
    QVERIFY2(scaled.ok(), problemsText(scaled).c_str());
    std::vector<std::string> diff;
    compareVehicles(plain.vehicle, scaled.vehicle, 1e-12, diff);
    QVERIFY2(diff.empty(), qPrintable(joined(diff)));
    QVERIFY(hasNote(scaled.report, "Scale"));
}

void TestPhysx5::reportsNameWhatIsLost()
{
    const exchange::Physx5Files files = exchange::exportPhysx5(preset("physx-snippet-4w"));
    for (const char* subject : {"antiRollBars", "wheels[0,1].suspension", "wheels[2,3].suspension",
                                "wheels[*].tire.camberStiffnessPerUnitGravity", "drive.differential",
                                "drive.gears.switchTime", "drive.differential.type", "wheels[*].tire",
                                "chassis.dimensions, chassis.cmOffset", "controls"})
        QVERIFY2(hasNote(files.report, subject), subject);
    // The front springs (35 000 N/m, 437.5 kg) carry their load 0.1226 m above full droop in PhysX 5,
    // 22.6 mm above the 0.1 m at which PhysX 4.1's preloaded spring rests them.
    const std::string text = files.report.toText();
    QVERIFY2(text.find("wheels[0,1].suspension: in PhysX 5 (the car runs PhysX 4.1's model in Jounce): the wheel rests 22.6 mm higher") !=
                 std::string::npos, text.c_str());
    // A bar that moves load (vehicle-model §2.13.1) is named on its own: PhysX has none.
    QVERIFY(!hasNote(files.report, "antiRollBars[1].mode"));
    VehicleConfig loads = preset("physx-snippet-4w");
    loads.antiRollBars[1].mode = AntiRollBarMode::WheelForces;
    const std::string loadsText = exchange::exportPhysx5(loads).report.toText();
    QVERIFY2(loadsText.find("antiRollBars[1].mode: wheelForces: PhysX has no load-transferring bar") != std::string::npos,
             loadsText.c_str());
    QVERIFY(loadsText.find("antiRollBars[0].mode") == std::string::npos);
    // A PhysX 5 car behaves in Jounce as it will in PhysX 5: none of those lines.
    VehicleConfig p5 = preset("physx-snippet-4w");
    p5.simulation.model = ModelGenerationKind::Physx5;
    const exchange::Physx5Files exact = exchange::exportPhysx5(p5);
    for (const char* subject : {"wheels[0,1].suspension", "drive.gears.switchTime", "drive.differential.type", "wheels[*].tire"})
        QVERIFY2(!hasNote(exact.report, subject), subject);
    const exchange::ImportResult r =
        exchange::importPhysx5Files(kSnippet + "Base.json", kSnippet + "EngineDrive.json");
    for (const char* subject : {"wheels", "chassis.dimensions", "wheels[*].suspension", "drive.type", "drive.differential"})
        QVERIFY2(hasNote(r.report, subject), subject);
    QVERIFY(r.report.toText().find("approximated: wheels: put in Jounce's order") != std::string::npos);
}

QTEST_APPLESS_MAIN(TestPhysx5)
#include "test_physx5.moc"
