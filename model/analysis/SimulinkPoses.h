#pragma once
// Vehicle and wheel poses for the Simulation 3D Actor Transform blocks of Simulink's Vehicle
// Dynamics Blockset (Unreal Engine convention: X forward, Y right, Z up, a mirror image of our
// ISO 8855 frame with Y left).
//
// Mapping from ISO 8855 (ours) to that convention, for the vehicle in the world and for each wheel
// relative to the vehicle:
//   translation  X = x,  Y = -y,  Z = z                             (m)
//   rotation     [pitch, roll, yaw] = [-pitch_ISO, roll_ISO, -yaw_ISO]   (rad)
//   scale        [1, 1, 1]
// The signs follow from the mirror: the blocks define roll as a right-handed rotation about X
// (forward: the right side goes down, as a positive ISO roll), pitch as a right-handed rotation
// about Y (pointing right: the nose goes up, the opposite of a positive ISO pitch) and yaw as a
// left-handed rotation about Z (up: turning right, the opposite of a positive ISO yaw). The
// angles are Tait-Bryan angles applied yaw, then pitch, then roll, like ISO 8855's.
//
// Vehicle row: the chassis origin (centre of the chassis box) in world coordinates and the
// chassis attitude (the telemetry's posX/posY/posZ and roll/pitch/yaw). Wheel rows: the wheel
// centre relative to the chassis origin in the vehicle's axes (the configured wheel centre moved
// against the suspension travel direction by the jounce) and the wheel's rotation relative to the
// chassis: pitch = -spin angle (WheelResult::rotationAngle, positive rolling forward, so a wheel
// rolling forward has a falling pitch), roll = camber (positive tilts the top to the right, as
// PhysX), yaw = -steer angle (incl. Ackermann and toe). The blocks apply yaw, pitch, then roll
// about the rotated axes, so the camber is applied about the spinning wheel's own axis: exact for
// zero camber; otherwise the camber direction turns with the spin, a wobble no larger than the
// camber angle. The spin angle wraps at +-10 pi, as PhysX's does.

#include "config/VehicleConfig.h"

#include <array>
#include <ostream>
#include <string>
#include <vector>

namespace jounce::sim {

class Vehicle;

struct ActorTransform {
    std::array<double, 3> translation{};  ///< X forward, Y right, Z up, m
    std::array<double, 3> rotation{};     ///< pitch, roll, yaw, rad
    std::array<double, 3> scale{1.0, 1.0, 1.0};
};

struct PoseFrame {
    double time = 0.0;
    ActorTransform vehicle;
    std::vector<ActorTransform> wheels;  ///< FL, FR, RL, RR, then further wheels
};

/// The vehicle (ISO position of the chassis origin, ISO Tait-Bryan attitude) in the convention.
ActorTransform simulinkVehicle(const Vec3& position, double roll, double pitch, double yaw) noexcept;
/// A wheel relative to the vehicle: its centre in the chassis frame (ISO) and its steer, camber
/// (positive tilts the top to the right, as PhysX) and spin (positive rolls forward) angles:
/// translation (x, -y, z), rotation [-spin, camber, -steer].
ActorTransform simulinkWheel(const Vec3& centre, double steer, double camber, double spin) noexcept;

/// The poses of a vehicle after a step.
PoseFrame simulinkPoses(const Vehicle& vehicle, double time);

/// CSV: a header row `time,actor,X,Y,Z,pitch,roll,yaw,scaleX,scaleY,scaleZ`, then per frame one row
/// for the vehicle (actor `vehicle`) and one per wheel (actor FL, FR, RL, RR, W4, ...). Numbers in
/// their shortest exact form.
void writePoseCsvHeader(std::ostream& out);
void writePoseCsvRows(std::ostream& out, const PoseFrame& frame);

}  // namespace jounce::sim
