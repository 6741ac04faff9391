#include "vehicle/StickySprings.h"

#include "vehicle/Assert.h"

#include <array>

namespace jounce::sim {

void solveStickySprings(std::span<const VehicleConstraint::Row> rows, double invMass, const btVector3& invInertiaLocal,
                        double dt, ChassisState& cs) noexcept
{
    JOUNCE_ASSERT(dt > 0.0 && invMass > 0.0 && rows.size() <= 2 * kMaxWheels);
    const btMatrix3x3 rot(cs.q);
    const btMatrix3x3 invInertia = rot.scaled(invInertiaLocal) * rot.transpose();
    struct Prepared {
        btVector3 angular;     // r × direction
        btVector3 angularDv;   // I⁻¹ (r × direction): the angular velocity one unit impulse gives
        double velMultiplier;  // −x·a / u
        double impulseMultiplier;  // 1 − x
        double constant;       // velMultiplier · the row's speed at the start
    };
    std::array<Prepared, 2 * kMaxWheels> prepared;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const VehicleConstraint::Row& row = rows[i];
        Prepared& p = prepared[i];
        p.angular = (row.point - cs.x).cross(row.direction);
        p.angularDv = invInertia * p.angular;
        const double response = invMass * row.direction.length2() + p.angular.dot(p.angularDv);
        const double a = dt * row.springDamping;
        const double x = 1.0 / (1.0 + a);
        p.velMultiplier = response > 0.0 ? -x * a / response : 0.0;
        p.impulseMultiplier = 1.0 - x;
        p.constant = p.velMultiplier * (row.direction.dot(cs.v) + p.angular.dot(cs.w));
    }
    // The solver works on the change of velocity from the start of the solve.
    btVector3 dv(0, 0, 0), dw(0, 0, 0);
    std::array<double, 2 * kMaxWheels> impulse{};
    for (int sweep = 0; sweep < kStickySpringSweeps; ++sweep)
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const Prepared& p = prepared[i];
            const double speed = rows[i].direction.dot(dv) + p.angular.dot(dw);
            const double next = p.impulseMultiplier * impulse[i] + p.velMultiplier * speed + p.constant;
            const double change = next - impulse[i];
            impulse[i] = next;
            dv += rows[i].direction * (change * invMass);
            dw += p.angularDv * change;
        }
    cs.v += dv;
    cs.w += dw;
}

}  // namespace jounce::sim
