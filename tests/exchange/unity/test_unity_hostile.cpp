// Hostile Unity files (docs/unity.md "Prefabs and scenes"): wrong types, missing components,
// broken YAML, huge and deeply nested files, and JSON files with wrong fields are refused with
// their line or pointer, never a crash, in bounded time and memory.

#include "exchange/unity/UnityImport.h"
#include "exchange/unity/UnityJson.h"
#include "exchange/unity/UnityPrefab.h"

#include <QtTest>

#include <chrono>
#include <cmath>
#include <fstream>
#include <regex>
#include <sstream>

using namespace jounce;
using namespace jounce::exchange;

namespace {

std::string fixture()
{
    std::ifstream in(std::string(JOUNCE_SOURCE_DIR) + "/tests/exchange/unity/data/unity-car.prefab", std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// The fixture with the first match of `pattern` replaced.
std::string edited(const std::string& pattern, const std::string& replacement)
{
    return std::regex_replace(fixture(), std::regex(pattern), replacement, std::regex_constants::format_first_only);
}

/// All problems of an import, one per line.
std::string problems(const ImportResult& r)
{
    std::string s;
    for (const FileProblems& f : r.problems)
        for (const Problem& p : f.problems.items)
            s += f.file + ": " + p.toString() + "\n";
    return s;
}

ImportResult importPrefab(const std::string& text) { return importUnityText(text, "car.prefab"); }

}  // namespace

class TestUnityHostile : public QObject {
    Q_OBJECT
private slots:
    void wrongTypesAreLocatedByLine()
    {
        const ImportResult r = importPrefab(edited("m_Radius: 0.34", "m_Radius: round"));
        QVERIFY(!r.ok());
        const std::string p = problems(r);
        QVERIFY2(std::regex_search(p, std::regex(R"(car\.prefab: line \d+: WheelCollider m_Radius: expected a number, got "round")")), p.c_str());
        const ImportResult spring = importPrefab(edited("    damper: 3500", "    damper: [1, 2]"));
        QVERIFY2(problems(spring).find("m_SuspensionSpring.damper: expected a number, got a list") != std::string::npos,
                 problems(spring).c_str());
        const ImportResult vec = importPrefab(edited(R"(m_Center: \{x: 0, y: 0.05, z: 0\})", "m_Center: {x: 0, y: .nan, z: 0}"));
        QVERIFY2(problems(vec).find("m_Center.y: expected a number") != std::string::npos, problems(vec).c_str());
    }

    void missingComponentsAreErrors()
    {
        // No Rigidbody: the WheelColliders are not simulated by Unity either.
        const ImportResult noBody = importPrefab(edited(R"(--- !u!54 &(\d+)\nRigidbody:)", "--- !u!114 &$1\nMonoBehaviour:"));
        QVERIFY(!noBody.ok());
        QVERIFY2(problems(noBody).find("no enabled WheelCollider below a Rigidbody") != std::string::npos, problems(noBody).c_str());
        QVERIFY(noBody.report.toText().find("no Rigidbody above it") != std::string::npos);
        // No WheelCollider at all.
        const std::string noWheels = std::regex_replace(fixture(), std::regex(R"(--- !u!146 &(\d+)\nWheelCollider:)"),
                                                        "--- !u!114 &$1\nMonoBehaviour:");
        QVERIFY(!importPrefab(noWheels).ok());
        // A disabled wheel is left out and said so; the other three still import.
        const ImportResult three = importPrefab(edited("m_Enabled: 1\n--- !u!1 ", "m_Enabled: 0\n--- !u!1 "));
        QVERIFY(three.report.toText().find("disabled (m_Enabled 0)") != std::string::npos);
        QCOMPARE(three.vehicle.wheels.size(), std::size_t(3));
    }

    void rigidbodySettingsJounceCannotHoldAreReported()
    {
        const ImportResult r = importPrefab(edited("m_IsKinematic: 0", "m_IsKinematic: 1"));
        QVERIFY2(r.ok(), problems(r).c_str());
        QVERIFY(r.report.toText().find(".isKinematic: a kinematic body") != std::string::npos);
        const ImportResult g = importPrefab(edited("m_UseGravity: 1", "m_UseGravity: 0"));
        QVERIFY(g.report.toText().find(".useGravity") != std::string::npos);
        const ImportResult c = importPrefab(edited("m_Constraints: 0", "m_Constraints: 112"));
        QVERIFY(c.report.toText().find(".constraints: frozen") != std::string::npos);
        QVERIFY(importPrefab(fixture()).report.toText().find("isKinematic") == std::string::npos);
    }

    void brokenYamlIsRefused()
    {
        for (const std::string& text :
             {std::string(), std::string("just text"), std::string("--- !u!1 &1\nGameObject: [unclosed\n"),
              std::string("%YAML 1.1\n--- not a unity header\nfoo: 1\n"), fixture().substr(0, fixture().size() / 2) + "\t: :",
              std::string("%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!146 &1\n") + std::string(100000, '[')}) {
            const ImportResult r = importPrefab(text);
            QVERIFY2(!r.ok(), text.substr(0, 60).c_str());
        }
    }

    void strippedNestedPrefabsAreNamedNotRead()
    {
        const std::string text = fixture() +
                                 "--- !u!4 &900 stripped\nTransform:\n  m_CorrespondingSourceObject: {fileID: 4, guid: abc, type: 3}\n"
                                 "  m_PrefabInstance: {fileID: 901}\n--- !u!1001 &901\nPrefabInstance:\n  m_ObjectHideFlags: 0\n";
        const ImportResult r = importPrefab(text);
        QVERIFY2(r.ok(), problems(r).c_str());
        QVERIFY(r.report.toText().find("nested prefab") != std::string::npos);
    }

    void hugeFilesAreRefusedQuickly()
    {
        std::string big = fixture();
        const std::string pad = "--- !u!1 &1\nGameObject:\n  m_Name: padding\n";
        while (big.size() <= kMaxUnityYamlBytes)
            big += pad;
        const auto start = std::chrono::steady_clock::now();
        Problems p;
        ConversionReport report;
        QVERIFY(!readUnityYaml(big, p, report));
        QVERIFY(p.hasErrors() && p.items.front().message.find("MiB") != std::string::npos);
        QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(2));
        // Many objects below the limit: read in bounded time.
        std::string many = fixture();
        for (int i = 0; i < 20000; ++i)
            many += "--- !u!1 &" + std::to_string(100000 + i) + "\nGameObject:\n  m_Name: prop\n";
        const auto t0 = std::chrono::steady_clock::now();
        QVERIFY(importPrefab(many).ok());
        QVERIFY(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(20));
    }

    void aDeepChainUnderManyWheelsIsRefusedQuickly()
    {
        // 5,000 game objects in a Transform chain, 5,000 WheelColliders on the bottom one: every wheel
        // walked the whole chain (20.7 s) before the file was refused for its wheel count. The links
        // step 1 mm forward and back, so that the bottom ends 1 mm ahead of the body.
        std::string text = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!54 &5\nRigidbody:\n  m_GameObject: {fileID: 10}\n"
                           "  m_Mass: 1000\n";
        const int depth = 5000;
        for (int i = 0; i < depth; ++i) {
            const std::string go = std::to_string(10 + 10 * i), father = i ? std::to_string(10 * i + 1) : "0";
            text += "--- !u!1 &" + go + "\nGameObject:\n  m_Name: G\n--- !u!4 &" + std::to_string(11 + 10 * i) +
                    "\nTransform:\n  m_GameObject: {fileID: " + go + "}\n  m_LocalPosition: {x: 0, y: 0, z: " +
                    (i % 2 ? "0.001" : "-0.001") + "}\n  m_Father: {fileID: " + father + "}\n";
        }
        for (int k = 0; k < 5000; ++k)
            text += "--- !u!146 &" + std::to_string(900000 + k) + "\nWheelCollider:\n  m_GameObject: {fileID: " +
                    std::to_string(10 * depth) + "}\n";
        const auto start = std::chrono::steady_clock::now();
        const ImportResult r = importPrefab(text);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QVERIFY2(problems(r).find("line 1: 5000 WheelColliders on one Rigidbody: Jounce takes at most 20") != std::string::npos,
                 problems(r).c_str());
        // 0.8 s alone (yaml-cpp's parse); the bound leaves room for a loaded machine.
        QVERIFY2(seconds < 5.0, qPrintable(QString::number(seconds) + " s"));
        // Four wheels at the bottom of the same chain import, each placed through all 5,000 transforms.
        std::string four = text.substr(0, text.find("--- !u!146 &900000"));
        for (int k = 0; k < 4; ++k) {
            const std::string go = std::to_string(800000 + 10 * k);
            four += "--- !u!1 &" + go + "\nGameObject:\n  m_Name: W" + std::to_string(k) + "\n--- !u!4 &" +
                    std::to_string(800001 + 10 * k) + "\nTransform:\n  m_GameObject: {fileID: " + go +
                    "}\n  m_LocalPosition: {x: " + (k % 2 ? "0.8" : "-0.8") + ", y: 0, z: " + (k < 2 ? "1.3" : "-1.3") +
                    "}\n  m_Father: {fileID: " + std::to_string(10 * depth + 1) + "}\n--- !u!146 &" +
                    std::to_string(800002 + 10 * k) + "\nWheelCollider:\n  m_GameObject: {fileID: " + go + "}\n";
        }
        const ImportResult ok = importPrefab(four);
        QVERIFY2(ok.ok(), problems(ok).c_str());
        QVERIFY(std::abs(ok.vehicle.wheels[0].geometry.wheelCentreOffset.x - 1.301) < 1e-9);
    }

    void headersOutOfRangeOrRepeatedAreRefused()
    {
        // std::stoi threw on a class id beyond int: the import ended in "internal error: stoi".
        const ImportResult big = importPrefab("%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!99999999999 &1\nGameObject:\n  m_Name: x\n");
        QVERIFY2(problems(big).find("car.prefab: line 3: the class id 99999999999 is out of range") != std::string::npos,
                 problems(big).c_str());
        // A second object under a WheelCollider's file id became a fifth wheel.
        const ImportResult twice = importPrefab(fixture() + "--- !u!146 &7700000000000000002\nWheelCollider:\n"
                                                            "  m_GameObject: {fileID: 7700000000000000000}\n");
        QVERIFY2(problems(twice).find("line 360: the file id &7700000000000000002 is used again (first at line 144)") !=
                     std::string::npos,
                 problems(twice).c_str());
        QVERIFY(!twice.ok());
    }

    void defaultedWheelFieldsAreReported()
    {
        std::string text = edited("  m_Radius: 0.34\n", "");
        text = std::regex_replace(text, std::regex("  m_SuspensionSpring:\n    spring: 40000\n    damper: 3500\n    targetPosition: 0.5\n"),
                                  "", std::regex_constants::format_first_only);
        text = std::regex_replace(text, std::regex("  m_Enabled: 1\n--- !u!1 "), "--- !u!1 ", std::regex_constants::format_first_only);
        const ImportResult r = importPrefab(text);
        QVERIFY2(r.ok(), problems(r).c_str());
        const std::string report = r.report.toText();
        for (const char* note : {"defaulted: WheelCollider on WheelRL.m_Radius: not in the file: Unity's default, 0.5\n",
                                 "defaulted: WheelCollider on WheelRL.m_SuspensionSpring.spring: not in the file: Unity's default, 35000\n",
                                 "defaulted: WheelCollider on WheelRL.m_SuspensionSpring.targetPosition: not in the file: Unity's default, 0.5\n",
                                 "defaulted: WheelCollider on WheelRL.m_Enabled: not in the file: Unity's default, 1 (enabled)\n"})
            QVERIFY2(report.find(note) != std::string::npos, (std::string(note) + report).c_str());
        // A Rigidbody without its mass weighs Unity's 1 kg (the vehicle is then refused as unstable).
        QVERIFY(importPrefab(edited("  m_Mass: 1400\n", "")).report.toText().find(
                    "defaulted: Rigidbody &3281604597311186534.m_Mass: not in the file: Unity's default, 1 kg\n") != std::string::npos);
        QVERIFY(report.find("WheelFR.m_Radius") == std::string::npos);  // the other wheels give theirs
        QVERIFY(importPrefab(fixture()).report.toText().find("not in the file") == std::string::npos);
        // A spring that is not a map is an error, not a default.
        const ImportResult scalar = importPrefab(edited("  m_SuspensionSpring:\n    spring: 40000\n    damper: 3500\n    targetPosition: 0.5\n",
                                                    "  m_SuspensionSpring: 7\n"));
        QVERIFY2(problems(scalar).find("WheelCollider m_SuspensionSpring: expected a map of fields") != std::string::npos,
                 problems(scalar).c_str());
        // The JSON file: the fields a wheel leaves out, each with Unity's default.
        const ImportResult json = importUnityText(R"({"format": "jounce.unity-vehicle", "schemaVersion": 1, "rigidbody": {"mass": 1000},
            "wheelColliders": [{"position": {"x": 0, "y": 0, "z": 1}, "radius": 0.3, "forwardFriction": {"stiffness": 2}}]})",
                                                  "car.json");
        QVERIFY2(!json.problems.front().problems.hasErrors(), problems(json).c_str());  // read (one wheel: not stable)
        const std::string jsonReport = json.report.toText();
        for (const char* note : {"defaulted: wheelColliders[0].mass: not in the file: Unity's default, 20\n",
                                 "defaulted: wheelColliders[0].suspensionSpring.spring: not in the file: Unity's default, 35000\n",
                                 "defaulted: wheelColliders[0].forwardFriction.extremumSlip: not in the file: Unity's default, 0.4\n",
                                 "defaulted: wheelColliders[0].center: not in the file: Unity's default, (0, 0, 0)\n"})
            QVERIFY2(jsonReport.find(note) != std::string::npos, (std::string(note) + jsonReport).c_str());
        QVERIFY(jsonReport.find("wheelColliders[0].radius") == std::string::npos);
        QVERIFY(jsonReport.find("forwardFriction.stiffness") == std::string::npos);
    }

    void hostileJsonIsLocatedByPointer()
    {
        struct Case {
            const char* text;
            const char* expected;
        };
        const Case cases[] = {
            {R"({"format": "jounce.vehicle", "schemaVersion": 1})", "/format: expected \"jounce.unity-vehicle\""},
            {R"({"format": "jounce.unity-vehicle", "schemaVersion": 1, "wheelColliders": []})", "/rigidbody: missing"},
            {R"({"format": "jounce.unity-vehicle", "schemaVersion": 1, "rigidbody": {"mass": "heavy"},
                 "wheelColliders": [{"position": {"x": 0, "y": 0, "z": 0}}]})", "/rigidbody/mass: expected a number"},
            {R"({"format": "jounce.unity-vehicle", "schemaVersion": 1, "rigidbody": {"mass": 1000},
                 "wheelColliders": [{"position": {"x": 0, "y": 0}, "radius": -1}]})", "/wheelColliders/0/position/z: missing"},
            {R"({"format": "jounce.unity-vehicle", "schemaVersion": 1, "rigidbody": {"mass": 1000},
                 "wheelColliders": [{"position": {"x": 0, "y": 0, "z": 0}, "radius": -1}]})", "/wheelColliders/0/radius: must be > 0"},
            {R"({"format": "jounce.unity-vehicle", "schemaVersion": 1, "rigidbody": {"mass": 1000},
                 "wheelColliders": [{"position": {"x": 0, "y": 0, "z": 0}, "suspensionSpring": {"targetPosition": 2}}]})",
             "/wheelColliders/0/suspensionSpring/targetPosition: must be in [0, 1]"},
            {R"({"format": "jounce.unity-vehicle", "schemaVersion": 1, "rigidbody": {"mass": 1000}, "wheelColliders": {}})",
             "/wheelColliders: expected a list"},
            {"{\"format\": \"jounce.unity-vehicle\", [", "expected"},
        };
        for (const Case& c : cases) {
            const ImportResult r = importUnityText(c.text, "car.json");
            QVERIFY2(!r.ok(), c.text);
            QVERIFY2(problems(r).find(c.expected) != std::string::npos, (problems(r) + "expected: " + c.expected).c_str());
        }
        // 21 wheels: more than Jounce's 20.
        std::string wheels;
        for (int i = 0; i < 21; ++i)
            wheels += std::string(i ? "," : "") + R"({"position": {"x": 0, "y": 0, "z": )" + std::to_string(i) + "}}";
        const ImportResult many = importUnityText(R"({"format": "jounce.unity-vehicle", "schemaVersion": 1,
            "rigidbody": {"mass": 1000}, "wheelColliders": [)" + wheels + "]}", "car.json");
        QVERIFY2(problems(many).find("/wheelColliders: must have 1 to 20 wheel colliders") != std::string::npos, problems(many).c_str());
    }
};

QTEST_GUILESS_MAIN(TestUnityHostile)
#include "test_unity_hostile.moc"
