#pragma once
// The rigid-body constraints the vehicle update hands to the solver (vehicle-model §2.4.5, §2.12, §8.1):
// one-sided suspension-limit rows along the strut at the wheel centre, and sticky-tire velocity
// rows at the tire force point. They are solved by Bullet together with gravity and contacts, as
// PhysX solves them in its own solver. Rows are rebuilt before every world step.

#include <btBulletDynamicsCommon.h>

#include <vector>

namespace jounce::sim {

class VehicleConstraint final : public btTypedConstraint {
public:
    explicit VehicleConstraint(btRigidBody& chassis);

    /// A velocity row on the chassis: drive the velocity of `point` (world) along `direction` (unit,
    /// world) toward `targetSpeed`, with the impulse bounded to [lowerImpulse, upperImpulse].
    struct Row {
        btVector3 point;
        btVector3 direction;
        double targetSpeed = 0.0;
        double lowerImpulse = -SIMD_INFINITY;
        double upperImpulse = SIMD_INFINITY;
    };

    void clearRows() { rows_.clear(); }
    void addRow(const Row& row) { rows_.push_back(row); }
    std::size_t rowCount() const { return rows_.size(); }

    void getInfo1(btConstraintInfo1* info) override;
    void getInfo2(btConstraintInfo2* info) override;
    void setParam(int, btScalar, int) override {}
    btScalar getParam(int, int) const override { return 0; }

private:
    std::vector<Row> rows_;
};

}  // namespace jounce::sim
