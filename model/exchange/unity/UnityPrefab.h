#pragma once
// Unity prefab and scene files (.prefab, .unity): Unity's YAML serialisation, read with yaml-cpp
// (docs/unity.md "Prefabs and scenes"). The WheelCollider components, the Rigidbody above them
// (their transforms composed up to it) and its BoxCollider become a UnityVehicle; what cannot be
// read is a problem located by line ("line 42: WheelCollider m_Radius: expected a number"), what
// is left out or approximated a note of the report.

#include "exchange/ConversionReport.h"
#include "exchange/unity/UnityVehicle.h"
#include "json/Problem.h"

#include <cstddef>
#include <optional>
#include <string_view>

namespace jounce::exchange {

/// Scenes of a few thousand objects are a few megabytes; yaml-cpp's tree takes about ten times the
/// text, so larger files are refused before parsing.
inline constexpr std::size_t kMaxUnityYamlBytes = 16u << 20;

/// Reads the vehicle of a prefab or scene: the Rigidbody with the most WheelColliders below it.
/// nullopt (with an error saying why) when the text is not Unity YAML or holds no such vehicle.
std::optional<UnityVehicle> readUnityYaml(std::string_view text, Problems& problems, ConversionReport& report);

}  // namespace jounce::exchange
