#pragma once
// The timers PhysX accumulates across updates in single precision (vehicle-model §2.31): the gear
// switch timer, the autobox timer and the sticky-tire low-speed timers. Jounce keeps exactly these
// as float, fed with PhysX's float time step, so a timer crosses its threshold on the same update
// as in PhysX: 30 × float(1/60) already exceeds 0.5 s, while the double sum of thirty sixtieths does
// not, which made every gear change one update longer than PhysX's.

namespace jounce::sim {

/// A time accumulated the way PhysX accumulates it: in single precision, s.
using PhysxTimer = float;

/// PhysX's update length: the caller's dt as a PxF32.
constexpr PhysxTimer physxTimeStep(double dt) noexcept
{
    return static_cast<PhysxTimer>(dt);
}

/// PhysX's sub-step length, computed as PhysX computes it: dt · (1 / n) in single precision.
constexpr PhysxTimer physxSubStep(double dt, int subSteps) noexcept
{
    return physxTimeStep(dt) * (1.0f / (1.0f * static_cast<float>(subSteps)));
}

}  // namespace jounce::sim
