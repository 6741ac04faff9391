#include "vehicle/ChassisStage.h"

#include "vehicle/Assert.h"
#include "vehicle/Camber.h"

#include <algorithm>
#include <array>

namespace jounce::sim {

void addAntiRollTorque(const VehicleConfig& c, std::span<const double> jounce, std::span<const bool> touching,
                       const ChassisState& cs, const btVector3& cm, btVector3& torque) noexcept
{
    const std::size_t n = std::min(c.wheels.size(), std::size_t(kMaxWheels));
    std::array<btVector3, kMaxWheels> direction, arm;
    for (std::size_t i = 0; i < n; ++i)
        if (touching[i]) {
            direction[i] = quatRotate(cs.q, toBt(c.wheels[i].geometry.suspTravelDirection).normalized());
            arm[i] = quatRotate(cs.q, toBt(wheelSuspForceAppPoint(c.wheels[i], jounce[i])) - cm);
        }
    addAntiRollTorque(c, jounce, touching, std::span(direction).first(n), std::span(arm).first(n), torque);
}

void addAntiRollTorque(const VehicleConfig& c, std::span<const double> jounce, std::span<const bool> touching,
                       std::span<const btVector3> direction, std::span<const btVector3> arm, btVector3& torque) noexcept
{
    JOUNCE_ASSERT(jounce.size() >= direction.size() && touching.size() >= direction.size() && arm.size() == direction.size());
    const std::size_t n = direction.size();
    for (const AntiRollBarConfig& bar : c.antiRollBars) {
        const auto a = std::size_t(bar.wheel0), b = std::size_t(bar.wheel1);
        if (bar.mode != AntiRollBarMode::RollTorque || a >= n || b >= n || !(touching[a] || touching[b]))
            continue;
        const double f = (jounce[a] - jounce[b]) * bar.stiffness;
        if (touching[a])
            torque += arm[a].cross(-f * direction[a]);
        if (touching[b])
            torque += arm[b].cross(f * direction[b]);
    }
}

bool antiRollBarForces(const VehicleConfig& c, std::span<const double> jounce, std::span<const bool> touching,
                       std::span<double> barForce) noexcept
{
    JOUNCE_ASSERT(touching.size() >= jounce.size() && barForce.size() >= jounce.size());
    const auto wheelForces = [](const AntiRollBarConfig& bar) { return bar.mode == AntiRollBarMode::WheelForces; };
    if (std::none_of(c.antiRollBars.begin(), c.antiRollBars.end(), wheelForces))
        return false;  // PhysX's bars only: the struts stay as they are, bit for bit
    const std::size_t n = jounce.size();
    std::fill_n(barForce.begin(), n, 0.0);
    for (const AntiRollBarConfig& bar : c.antiRollBars) {
        const auto a = std::size_t(bar.wheel0), b = std::size_t(bar.wheel1);
        if (!wheelForces(bar) || a >= n || b >= n)
            continue;
        // The lifted end pushes its own hanging wheel, whose spring takes it back: no force at that
        // corner, and the partner carries the bar to the ground (docs/vehicle-model.md §2.13.1).
        const double f = (jounce[a] - jounce[b]) * bar.stiffness;
        if (touching[a])
            barForce[a] += f;
        if (touching[b])
            barForce[b] -= f;
    }
    return true;
}

void integrateChassis(ChassisState& cs, const btVector3& force, const btVector3& torque, double invMass,
                      const btVector3& invInertiaLocal, double h, const btVector3& subStepGravity) noexcept
{
    JOUNCE_ASSERT(h > 0.0 && isFinite(h));
    JOUNCE_ASSERT(invMass >= 0.0 && isFinite(invMass) && isFinite(invInertiaLocal) && isFinite(subStepGravity));
    cs.v += force * (h * invMass);
    if (!subStepGravity.isZero())  // skipped, not added as 0: -0 + 0 would change a zero's sign
        cs.v += subStepGravity * h;
    const btMatrix3x3 rot(cs.q);
    const btMatrix3x3 invInertiaWorld = rot.scaled(invInertiaLocal) * rot.transpose();
    cs.w += invInertiaWorld * torque * h;
    cs.x += cs.v * h;
    const btQuaternion spin(cs.w.x(), cs.w.y(), cs.w.z(), 0.0);
    cs.q += (spin * cs.q) * (0.5 * h);
    cs.q.normalize();
}

}  // namespace jounce::sim
