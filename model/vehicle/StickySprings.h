#pragma once
// PhysX 5's sticky-tire rows (vehicle-model-physx5.md P5): acceleration springs of zero stiffness that
// PhysX's PGS solver works on one after the other, several times, together on the one chassis. Each
// row alone would keep 1 / (1 + damping·dt) of the speed along it; four wheels' rows on the same
// body pull harder than one. The solve here is that solver's arithmetic on the chassis alone
// (compute1dConstraintSolverConstantsPGS, solve1D): the velocity change it gives is what the scene
// applies, so the rows never reach Bullet.

#include "vehicle/VehicleConstraint.h"
#include "vehicle/VehicleUpdate.h"

#include <span>

namespace jounce::sim {

/// The PGS sweeps PhysX makes: the snippet actor's 4 position and 1 velocity iterations.
inline constexpr int kStickySpringSweeps = 5;

/// Changes `chassis`'s velocities as PhysX's solver does for `rows` (each with springDamping > 0),
/// over a scene step `dt`. `invInertiaLocal` is the body's inverse principal inertia.
void solveStickySprings(std::span<const VehicleConstraint::Row> rows, double invMass, const btVector3& invInertiaLocal,
                        double dt, ChassisState& chassis) noexcept;

}  // namespace jounce::sim
