#pragma once
// A Unity vehicle as Unity describes it (docs/unity.md "Import and export"): the Rigidbody and its
// WheelColliders with Unity's field names and defaults, in Unity's frame (left-handed: x right,
// y up, z forward; metres, kilograms, seconds). The JSON file, the prefab reader and the C# script
// in resources/unity/ all carry exactly these fields.

#include "config/VehicleConfig.h"

#include <optional>
#include <string>
#include <vector>

namespace jounce::exchange {

struct UnityQuaternion {
    double x = 0.0;
    double y = 0.0;
    double z = 0.0;
    double w = 1.0;
    friend bool operator==(const UnityQuaternion&, const UnityQuaternion&) = default;
};

/// JointSpring of WheelCollider.suspensionSpring.
struct UnityJointSpring {
    double spring = 35000.0;      ///< N/m
    double damper = 4500.0;       ///< N s/m
    double targetPosition = 0.5;  ///< 0 full extension .. 1 full compression
    friend bool operator==(const UnityJointSpring&, const UnityJointSpring&) = default;
};

struct UnityWheelCollider {
    std::string name;
    /// The wheel GameObject's position in the Rigidbody's frame (its transform up to the body).
    Vec3 position;
    Vec3 center;  ///< WheelCollider.center, in the wheel's frame
    double radius = 0.5;
    double mass = 20.0;
    double wheelDampingRate = 0.25;
    double suspensionDistance = 0.3;
    double forceAppPointDistance = 0.0;
    UnityJointSpring suspensionSpring;
    WheelFrictionCurve forwardFriction;
    WheelFrictionCurve sidewaysFriction = UnityTireParams{}.sidewaysFriction;
    friend bool operator==(const UnityWheelCollider&, const UnityWheelCollider&) = default;
};

struct UnityRigidbody {
    double mass = 1.0;
    double drag = 0.0;          ///< Unity 6: linearDamping
    double angularDrag = 0.05;  ///< Unity 6: angularDamping
    /// Absent: Unity computes it from the colliders (the box collider's centre here).
    std::optional<Vec3> centerOfMass;
    bool automaticInertiaTensor = true;  ///< Unity computes the tensor from the colliders
    Vec3 inertiaTensor{1.0, 1.0, 1.0};   ///< principal moments about the rotated x, y, z, kg m^2
    UnityQuaternion inertiaTensorRotation;
    friend bool operator==(const UnityRigidbody&, const UnityRigidbody&) = default;
};

struct UnityBoxCollider {
    Vec3 center;
    Vec3 size{1.0, 1.0, 1.0};
    friend bool operator==(const UnityBoxCollider&, const UnityBoxCollider&) = default;
};

/// WheelCollider.ConfigureVehicleSubsteps(speedThreshold, stepsBelowThreshold, stepsAboveThreshold).
struct UnityVehicleSubsteps {
    double speedThreshold = 5.0;
    int stepsBelowThreshold = 3;
    int stepsAboveThreshold = 1;
    friend bool operator==(const UnityVehicleSubsteps&, const UnityVehicleSubsteps&) = default;
};

struct UnityVehicle {
    std::string name;
    std::optional<double> fixedDeltaTime;  ///< Time.fixedDeltaTime, s
    std::optional<UnityVehicleSubsteps> vehicleSubsteps;
    UnityRigidbody rigidbody;
    std::optional<UnityBoxCollider> boxCollider;
    std::vector<UnityWheelCollider> wheelColliders;
    friend bool operator==(const UnityVehicle&, const UnityVehicle&) = default;
};

}  // namespace jounce::exchange
