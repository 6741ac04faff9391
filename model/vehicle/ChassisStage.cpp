#include "vehicle/ChassisStage.h"

#include "vehicle/Camber.h"

namespace jounce::sim {

void addAntiRollTorque(const VehicleConfig& c, std::span<const double> jounce, std::span<const bool> touching,
                       const ChassisState& cs, const btVector3& cm, btVector3& torque) noexcept
{
    const std::size_t n = c.wheels.size();
    for (const AntiRollBarConfig& bar : c.antiRollBars) {
        const auto a = std::size_t(bar.wheel0), b = std::size_t(bar.wheel1);
        if (a >= n || b >= n || !(touching[a] || touching[b]))
            continue;
        const double f = (jounce[a] - jounce[b]) * bar.stiffness;
        if (touching[a]) {
            const btVector3 wa = quatRotate(cs.q, toBt(c.wheels[a].geometry.suspTravelDirection).normalized());
            torque += quatRotate(cs.q, toBt(wheelSuspForceAppPoint(c.wheels[a], jounce[a])) - cm).cross(-f * wa);
        }
        if (touching[b]) {
            const btVector3 wb = quatRotate(cs.q, toBt(c.wheels[b].geometry.suspTravelDirection).normalized());
            torque += quatRotate(cs.q, toBt(wheelSuspForceAppPoint(c.wheels[b], jounce[b])) - cm).cross(f * wb);
        }
    }
}

void integrateChassis(ChassisState& cs, const btVector3& force, const btVector3& torque, double invMass,
                      const btVector3& invInertiaLocal, double h) noexcept
{
    cs.v += force * (h * invMass);
    const btMatrix3x3 rot(cs.q);
    const btMatrix3x3 invInertiaWorld = rot.scaled(invInertiaLocal) * rot.transpose();
    cs.w += invInertiaWorld * torque * h;
    cs.x += cs.v * h;
    const btQuaternion spin(cs.w.x(), cs.w.y(), cs.w.z(), 0.0);
    cs.q += (spin * cs.q) * (0.5 * h);
    cs.q.normalize();
}

}  // namespace jounce::sim
