#pragma once
// The Unity vehicle JSON file (docs/unity.md "The Unity JSON file"): format "jounce.unity-vehicle",
// a Rigidbody and its WheelColliders with Unity's names in Unity's frame, vectors as {"x", "y", "z"}
// objects so Unity's JsonUtility reads the file into the C# classes of
// resources/unity/JounceVehicleLoader.cs.

#include "exchange/ConversionReport.h"
#include "exchange/unity/UnityVehicle.h"
#include "json/JsonText.h"
#include "json/Problem.h"

#include <optional>
#include <string>
#include <string_view>

namespace jounce::exchange {

inline constexpr const char* kUnityFormat = "jounce.unity-vehicle";
inline constexpr int kUnitySchemaVersion = 1;

/// Reads a parsed Unity vehicle file. Every problem is reported at its JSON pointer (wrong types,
/// missing fields, values Unity itself refuses such as a radius <= 0); unknown keys are warnings.
/// A WheelCollider field left out keeps Unity's default, noted as defaulted in `report` if given.
/// nullopt when the document is not a Unity vehicle file at all.
std::optional<UnityVehicle> readUnityJson(const json::Json& document, Problems& problems,
                                          ConversionReport* report = nullptr);

/// Parses and reads Unity vehicle JSON text (hostile text reported, never thrown).
std::optional<UnityVehicle> readUnityJsonText(std::string_view text, Problems& problems,
                                              ConversionReport* report = nullptr);

/// The file as JSON, every field written (the optional ones when set).
json::Json writeUnityJson(const UnityVehicle& vehicle);

/// The file's text in Jounce's canonical layout.
std::string unityJsonText(const UnityVehicle& vehicle);

}  // namespace jounce::exchange
