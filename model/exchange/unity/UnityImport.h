#pragma once
// Unity -> Jounce (docs/unity.md "Import"): a Unity vehicle (the JSON file or a prefab or scene)
// becomes a Jounce vehicle on the Unity tire model. What Unity leaves to scripts (drivetrain,
// brake torques, steering lock) or computes itself (sprung masses, wheel inertia) is filled in and
// listed in the report as defaulted; nothing is dropped silently.

#include "exchange/ImportResult.h"
#include "exchange/unity/UnityVehicle.h"

#include <string>
#include <string_view>

namespace jounce::exchange {

/// The Jounce vehicle of a Unity description; the report lists every default and approximation,
/// the problems the validation of the result ("imported vehicle").
ImportResult importUnity(const UnityVehicle& unity);

/// Reads a Unity vehicle file -- a .prefab or .unity scene (YAML), or the JSON of
/// `jounce-cli export unity` (any other name) -- and imports it. Problems of the file are reported
/// under `fileName`.
ImportResult importUnityText(std::string_view text, const std::string& fileName);

/// importUnityText of a file on disk (at most kMaxUnityYamlBytes); `control` follows and stops it.
ImportResult importUnityFile(const std::string& path, const ImportControl& control = {});

}  // namespace jounce::exchange
