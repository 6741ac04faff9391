#pragma once
// Unity's suspension settings and Jounce's, both ways (docs/unity.md "Suspension"). A WheelCollider
// hangs from its centre (the wheel GameObject's position plus `center`, the top of its travel) and
// extends `suspensionDistance` straight down; the spring's rest is `targetPosition` of the way from
// full extension (0) to full compression (1); the suspension and tire forces act
// `forceAppPointDistance` above the base of the resting wheel. In Jounce the rest pose is the wheel
// centre at zero jounce, with maxCompression above and maxDroop below it (vehicle-model §1.3, §1.7).

#include "exchange/unity/UnityVehicle.h"

#include <string>
#include <vector>

namespace jounce::exchange {

/// One wheel's suspension in Jounce's terms, chassis frame (ISO), relative to the chassis origin.
struct JounceStrut {
    Vec3 wheelCentreOffset;    ///< the rest pose
    double maxCompression = 0.0;
    double maxDroop = 0.0;
    Vec3 forceAppPointOffset;  ///< suspension and tire forces alike
    double springStrength = 0.0;
    double springDamperRate = 0.0;
};

/// Unity -> Jounce:
///   top = toIso(position + center);  rest = top − (1 − targetPosition)·suspensionDistance·z
///   maxCompression = (1 − targetPosition)·suspensionDistance;  maxDroop = targetPosition·suspensionDistance
///   force point = rest + (forceAppPointDistance − radius)·z;  spring, damper unchanged (N/m, N s/m)
JounceStrut unityToJounceStrut(const UnityWheelCollider& wheel);

/// Jounce -> Unity: sets position, center (0), suspensionDistance, suspensionSpring and
/// forceAppPointDistance of `out` from `wheel` (radius must already be set). What Unity cannot
/// carry -- a strut not straight down, force points off the wheel's vertical, different suspension
/// and tire force points -- is appended to `lost` as reasons; the suspension force point is kept.
void jounceToUnityStrut(const WheelConfig& wheel, UnityWheelCollider& out, std::vector<std::string>& lost);

}  // namespace jounce::exchange
