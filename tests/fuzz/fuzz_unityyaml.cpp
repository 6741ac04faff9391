// Fuzz target: Unity prefabs and scenes (YAML), the way `jounce-cli import unity car.prefab` reads
// them. A refused file must say why; an import without errors must give a valid vehicle that
// exports to a Unity JSON file which imports again without errors.

#include "FuzzSupport.h"

#include "exchange/unity/UnityExport.h"
#include "exchange/unity/UnityImport.h"
#include "exchange/unity/UnityJson.h"

using namespace jounce;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const exchange::ImportResult r = exchange::importUnityText(fuzz::asText(data, size), "fuzz.prefab");
    FUZZ_CHECK(!r.problems.empty(), "an import names the file it read");
    if (!r.ok())
        return 0;
    exchange::ConversionReport report;
    const std::string json = exchange::unityJsonText(exchange::exportUnity(r.vehicle, report));
    const exchange::ImportResult back = exchange::importUnityText(json, "fuzz.json");
    FUZZ_CHECK(back.ok(), "the Unity export of an imported prefab does not import:\n" + back.problemsText());
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    // The prefab at full size (the corpus holds it reduced): a 5,000-deep Transform chain
    // with 5,000 WheelColliders on its bottom game object.
    std::string text = "%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!54 &5\nRigidbody:\n  m_GameObject: {fileID: 10}\n";
    for (int i = 0; i < 5000; ++i)
        text += "--- !u!1 &" + std::to_string(10 + 10 * i) + "\nGameObject:\n  m_Name: G\n--- !u!4 &" +
                std::to_string(11 + 10 * i) + "\nTransform:\n  m_GameObject: {fileID: " + std::to_string(10 + 10 * i) +
                "}\n  m_LocalPosition: {x: 0, y: 0, z: 0.001}\n  m_Father: {fileID: " +
                (i ? std::to_string(10 * i + 1) : std::string("0")) + "}\n";
    for (int k = 0; k < 5000; ++k)
        text += "--- !u!146 &" + std::to_string(900000 + k) + "\nWheelCollider:\n  m_GameObject: {fileID: 50000}\n";
    return {{"5000 wheels under a 5000-deep chain", text}};
}
