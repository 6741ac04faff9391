#pragma once
// Update stages U10h - U10i (vehicle-model §2.13, §2.25): the anti-roll bars' torque on the chassis, and
// the chassis integrated privately through the sub-step from the suspension and tire forces
// (contacts, and gravity unless the generation integrates it here, are left to the Bullet step that
// follows the update).

#include "vehicle/VehicleUpdate.h"

#include <span>

namespace jounce::sim {

/// §2.13: adds every anti-roll bar's torque (bars add torque only, never force) to `torque`, in
/// the bars' order. A bar acts while either of its wheels touches the ground.
void addAntiRollTorque(const VehicleConfig& config, std::span<const double> jounce, std::span<const bool> touching,
                       const ChassisState& chassis, const btVector3& cm, btVector3& torque) noexcept;

/// The same with each touching wheel's strut direction and suspension force arm (world, about the
/// CoM) as the sub-step's suspension stage computed them (StrutFrame::direction,
/// SuspensionForce::arm): the same torque, without working them out again.
void addAntiRollTorque(const VehicleConfig& config, std::span<const double> jounce, std::span<const bool> touching,
                       std::span<const btVector3> direction, std::span<const btVector3> arm, btVector3& torque) noexcept;

/// §2.25: semi-implicit Euler of the private chassis state over `h` with `force` and `torque`
/// (world frame, about the CoM); `invInertiaLocal` is the body's inverse inertia diagonal.
/// `subStepGravity` is the gravity a generation integrates in its sub-steps (ModelGeneration::
/// gravityInSubSteps), m/s²; zero when the rigid-body step adds it, as in PhysX 4.1.
void integrateChassis(ChassisState& chassis, const btVector3& force, const btVector3& torque, double invMass,
                      const btVector3& invInertiaLocal, double h, const btVector3& subStepGravity) noexcept;

}  // namespace jounce::sim
