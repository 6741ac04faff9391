#pragma once
// Update stages U10h - U10i (vehicle-model §2.13, §2.25): the anti-roll bars' torque on the chassis, and
// the chassis integrated privately through the sub-step from the suspension and tire forces
// (contacts, and gravity unless the generation integrates it here, are left to the Bullet step that
// follows the update). Also the forces of the load-transferring bars (§2.13.1), which the
// suspension stage adds to the struts before the tires see their loads.

#include "vehicle/VehicleUpdate.h"

#include <span>

namespace jounce::sim {

/// §2.13: adds every rollTorque anti-roll bar's torque (these bars add torque only, never force) to
/// `torque`, in the bars' order. A bar acts while either of its wheels touches the ground.
void addAntiRollTorque(const VehicleConfig& config, std::span<const double> jounce, std::span<const bool> touching,
                       const ChassisState& chassis, const btVector3& cm, btVector3& torque) noexcept;

/// The same with each touching wheel's strut direction and suspension force arm (world, about the
/// CoM) as the sub-step's suspension stage computed them (StrutFrame::direction,
/// SuspensionForce::arm): the same torque, without working them out again.
void addAntiRollTorque(const VehicleConfig& config, std::span<const double> jounce, std::span<const bool> touching,
                       std::span<const btVector3> direction, std::span<const btVector3> arm, btVector3& torque) noexcept;

/// §2.13.1: the strut force, N, every wheelForces bar adds to its wheels: f = (x_a - x_b)·stiffness,
/// +f to wheel a and -f to wheel b (positive compresses the strut: more load). A wheel in the air
/// takes no bar force; its partner still takes its share, the lifted jounce being -maxDroop.
/// Writes barForce[0 .. jounce.size()) and returns true; returns false, writing nothing, when no
/// bar of the vehicle is a wheelForces bar.
bool antiRollBarForces(const VehicleConfig& config, std::span<const double> jounce, std::span<const bool> touching,
                       std::span<double> barForce) noexcept;

/// §2.25: semi-implicit Euler of the private chassis state over `h` with `force` and `torque`
/// (world frame, about the CoM); `invInertiaLocal` is the body's inverse inertia diagonal.
/// `subStepGravity` is the gravity a generation integrates in its sub-steps (ModelGeneration::
/// gravityInSubSteps), m/s²; zero when the rigid-body step adds it, as in PhysX 4.1.
void integrateChassis(ChassisState& chassis, const btVector3& force, const btVector3& torque, double invMass,
                      const btVector3& invInertiaLocal, double h, const btVector3& subStepGravity) noexcept;

}  // namespace jounce::sim
