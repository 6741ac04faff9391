// Hostile and broken PhysX 5 files: every problem at its JSON pointer in the file it concerns,
// nothing imported, never a crash, bounded work.

#include "support/ExchangeTestSupport.h"

#include "exchange/physx5/Physx5Json.h"
#include "json/TextFile.h"

#include <QtTest>

#include <functional>

using namespace jounce;
using namespace exchange_test;
using json::Json;

namespace {

const std::string kSnippet = kData + "physx5-snippet/";

Json fileJson(const std::string& path)
{
    std::string text;
    const std::string err = json::readTextFile(path, 16u << 20, text);
    Q_ASSERT(err.empty());
    return Json::parse(text);
}

struct Case {
    const char* name;
    std::function<void(Json& base, Json& drive)> edit;
    const char* file;     ///< "Base.json" or "drive file"
    const char* pointer;
    const char* message;  ///< a part of the message
    exchange::Physx5Differential differential = exchange::Physx5Differential::Auto;
};

}  // namespace

class TestPhysx5Hostile : public QObject {
    Q_OBJECT
private slots:
    void brokenMembersAreLocated();
    void hostileTextNeverCrashes();
};

void TestPhysx5Hostile::brokenMembersAreLocated()
{
    using exchange::Physx5Differential;
    const std::vector<Case> cases{
        {"a required member is missing", [](Json& b, Json&) { b.erase("WheelParams"); }, "Base.json", "/WheelParams", "missing"},
        {"NVIDIA's reader checks TireForceAppPoint too", [](Json& b, Json&) { b["SuspensionComplianceParams"][2].erase("TireForceAppPoint"); },
         "Base.json", "/SuspensionComplianceParams/2/TireForceAppPoint", "missing"},
        {"a string for a number", [](Json& b, Json&) { b["WheelParams"][0]["Radius"] = "big"; }, "Base.json",
         "/WheelParams/0/Radius", "expected a number"},
        {"a wheel listed twice", [](Json& b, Json&) { b["WheelParams"][1]["WheelId"] = 0; }, "Base.json",
         "/WheelParams/1/WheelId", "listed twice"},
        {"a wheel that does not exist", [](Json& b, Json&) { b["TireForceParams"][3]["WheelId"] = 7; }, "Base.json",
         "/TireForceParams/3/WheelId", "must be in [0, 3]"},
        {"one entry per wheel", [](Json& b, Json&) { b["SuspensionForceParams"].erase(1); }, "Base.json",
         "/SuspensionForceParams", "4 entries"},
        {"two axes along one file axis", [](Json& b, Json&) { b["Frame"]["VrtAxis"] = 5; }, "Base.json", "/Frame", "same file axis"},
        {"an axis beyond -z", [](Json& b, Json&) { b["Frame"]["LngAxis"] = 6; }, "Base.json", "/Frame/LngAxis", "must be in [0, 5]"},
        {"scale zero", [](Json& b, Json&) { b["Scale"]["Scale"] = 0; }, "Base.json", "/Scale/Scale", "must be > 0"},
        {"jounce falling back", [](Json& b, Json&) { b["SuspensionComplianceParams"][0]["WheelCamberAngle"] = Json::parse("[[0.5, 0], [0.2, 0]]"); },
         "Base.json", "/SuspensionComplianceParams/0/WheelCamberAngle/1/0", "must increase"},
        {"jounce beyond 1", [](Json& b, Json&) { b["SuspensionComplianceParams"][1]["SuspForceAppPoint"] = Json::parse("[[1.5, 0, 0, 0]]"); },
         "Base.json", "/SuspensionComplianceParams/1/SuspForceAppPoint/0/0", "[0, 1]"},
        {"21 wheels", [](Json& b, Json&) { b["AxleDescription"][1]["WheelIds"] = Json::parse("[2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20]"); },
         "Base.json", "/AxleDescription/1/WheelIds/18", "must be in [0, 19]"},
        {"a wheel on two axles", [](Json& b, Json&) { b["AxleDescription"][1]["WheelIds"][0] = 1; }, "Base.json",
         "/AxleDescription/1/WheelIds/0", "two axles"},
        {"three friction points", [](Json& b, Json&) { b["TireForceParams"][0]["FrictionVsSlip"].erase(2); }, "Base.json",
         "/TireForceParams/0/FrictionVsSlip", "3 points"},
        {"fewer multipliers than wheels", [](Json& b, Json&) { b["SteerCommandResponseParams"]["WheelResponseMultipliers"].erase(0); },
         "Base.json", "/SteerCommandResponseParams/WheelResponseMultipliers", "multipliers"},
        {"the root is a list", [](Json& b, Json&) { b = Json::array(); }, "Base.json", "", "JSON object"},
        {"no drive members", [](Json&, Json& d) { d = Json::object({{"Nothing", 1}}); }, "drive file", "", "neither EngineDrive.json"},
        {"neutral past the ratios", [](Json&, Json& d) { d["GearboxParams"]["NeutralGear"] = 9; }, "drive file",
         "/GearboxParams/NeutralGear", "less than the number of ratios"},
        {"nine torque-curve points", [](Json&, Json& d) { d["EngineParams"]["TorqueCurve"] = Json::parse("[[0,1],[0.1,1],[0.2,1],[0.3,1],[0.4,1],[0.5,1],[0.6,1],[0.7,1],[1,1]]"); },
         "drive file", "/EngineParams/TorqueCurve", "1 to 8 points"},
        {"the four-wheel pair is not the first two axles",
         [](Json&, Json& d) { d["FourWheelDifferentialParams"]["FrontWheelIds"] = Json::parse("[2, 3]"); }, "drive file",
         "/FourWheelDifferentialParams", "first two axles", Physx5Differential::FourWheel},
        {"a negative torque ratio", [](Json&, Json& d) { d["MultiWheelDifferentialParams"]["TorqueRatios"][0] = -0.25; },
         "drive file", "/MultiWheelDifferentialParams/TorqueRatios/0", "negative", Physx5Differential::MultiWheel},
        {"one tank track", [](Json&, Json& d) { d["TankDifferentialParams"]["TankTracks"] = Json::parse("[[0, 1, 2, 3]]"); },
         "drive file", "/TankDifferentialParams/TankTracks", "two tracks", Physx5Differential::Tank},
        {"a track across both sides", [](Json&, Json& d) { d["TankDifferentialParams"]["TankTracks"] = Json::parse("[[0, 1], [2, 3]]"); },
         "drive file", "/TankDifferentialParams/TankTracks", "Jounce's tank has two tracks", Physx5Differential::Tank},
        {"a bias below 1", [](Json&, Json& d) { d["FourWheelDifferentialParams"]["FrontBias"] = 0.5; }, "drive file",
         "/FourWheelDifferentialParams", "greater than 1"},
        // A zero quaternion was taken as "rotated" and imported (issue #35).
        {"a zero quaternion", [](Json& b, Json&) { b["SuspensionParams"][0]["SuspensionAttachment"]["Quat"] = Json::parse("[0, 0, 0, 0]"); },
         "Base.json", "/SuspensionParams/0/SuspensionAttachment/Quat", "unit quaternion [x, y, z, w], got length 0"},
        {"a scaled quaternion", [](Json& b, Json&) { b["SuspensionParams"][2]["WheelAttachment"]["Quat"] = Json::parse("[0, 0, 0, 2]"); },
         "Base.json", "/SuspensionParams/2/WheelAttachment/Quat", "got length 2"},
        {"an overflowing quaternion", [](Json& b, Json&) { b["SuspensionParams"][1]["SuspensionAttachment"]["Quat"] = Json::parse("[1e300, 1e300, 0, 0]"); },
         "Base.json", "/SuspensionParams/1/SuspensionAttachment/Quat", "got length inf"},
    };
    for (const Case& c : cases) {
        Json base = fileJson(kSnippet + "Base.json"), drive = fileJson(kSnippet + "EngineDrive.json");
        c.edit(base, drive);
        exchange::Physx5ImportOptions options;
        options.differential = c.differential;
        const exchange::ImportResult r = exchange::importPhysx5(base.dump(), drive.dump(), options);
        QVERIFY2(!r.ok(), c.name);
        QVERIFY2(hasProblem(r, c.file, c.pointer, c.message), (std::string(c.name) + ":\n" + problemsText(r)).c_str());
    }
    // A unit quaternion written to 7 digits is a rotation: imported, and the report says it is dropped.
    Json base = fileJson(kSnippet + "Base.json");
    base["SuspensionParams"][0]["SuspensionAttachment"]["Quat"] = Json::parse("[0, 0.7071068, 0, 0.7071068]");
    const exchange::ImportResult rotated = exchange::importPhysx5(base.dump(), fileJson(kSnippet + "EngineDrive.json").dump());
    QVERIFY2(rotated.ok(), problemsText(rotated).c_str());
    QVERIFY(rotated.report.toText().find("SuspensionParams[0]: a rotated suspension or wheel frame") != std::string::npos);
}

void TestPhysx5Hostile::hostileTextNeverCrashes()
{
    std::string engine;
    QVERIFY(json::readTextFile(kSnippet + "EngineDrive.json", 1u << 20, engine).empty());
    const std::string deep = std::string(10000, '[') + std::string(10000, ']');
    std::string million = "{\"AxleDescription\": [{\"WheelIds\": [";
    for (int i = 0; i < 1000000; ++i)
        million += i ? ",0" : "0";
    million += "]}]}";
    const std::vector<std::pair<const char*, std::string>> texts{
        {"empty", ""},
        {"truncated", "{\"AxleDescription\": [{\"WheelIds\": [0, 1"},
        {"NaN", "{\"Scale\": {\"Scale\": NaN}}"},
        {"not UTF-8", "{\"Frame\": \"\xff\xfe\"}"},
        {"duplicate keys", "{\"Scale\": {\"Scale\": 1}, \"Scale\": {\"Scale\": 2}}"},
        {"10000 levels deep", deep},
        {"a million wheel ids", million},
        {"over 4 MiB", std::string(5u << 20, ' ') + "{}"},
    };
    for (const auto& [name, text] : texts) {
        const exchange::ImportResult r = exchange::importPhysx5(text, engine);
        QVERIFY2(r.hasErrors(), name);
        QVERIFY2(r.problems.size() >= 1 && r.problems[0].file == "Base.json" && r.problems[0].problems.hasErrors(), name);
        // The drive file side too.
        std::string base;
        QVERIFY(json::readTextFile(kSnippet + "Base.json", 1u << 20, base).empty());
        const exchange::ImportResult d = exchange::importPhysx5(base, text);
        QVERIFY2(d.hasErrors(), name);
    }
    // A file that cannot be read names itself.
    const exchange::ImportResult missing = exchange::importPhysx5Files("/nonexistent/Base.json", kSnippet + "EngineDrive.json");
    QVERIFY(missing.hasErrors());
    QCOMPARE(missing.problems[0].file, std::string("/nonexistent/Base.json"));
}

QTEST_APPLESS_MAIN(TestPhysx5Hostile)
#include "test_physx5_hostile.moc"
