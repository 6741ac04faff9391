#pragma once
// Jounce -> Unity (docs/unity.md "Export"): a Jounce vehicle as a Rigidbody with one
// WheelCollider per wheel, in Unity's frame. What Unity's components cannot hold -- the drivetrain,
// anti-roll bars, camber, brake torques, a PhysX tire -- is listed in the report, never dropped
// silently.

#include "exchange/ConversionReport.h"
#include "exchange/unity/UnityVehicle.h"

namespace jounce::exchange {

/// The Unity description of `vehicle`; `report` gets a note for everything approximated or dropped.
UnityVehicle exportUnity(const VehicleConfig& vehicle, ConversionReport& report);

/// Unity's name of a wheel: "FL", "FR", "RL", "RR" for the first four, then "W4", "W5", ...
std::string unityWheelName(std::size_t wheel);

}  // namespace jounce::exchange
