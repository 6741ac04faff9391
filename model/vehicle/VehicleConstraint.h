#pragma once
// The rigid-body constraints the vehicle update hands to the solver (vehicle-model §2.4.5, §2.12, §8.1):
// one-sided suspension-limit rows along the strut at the wheel centre, and sticky-tire velocity
// rows at the tire force point. They are solved by Bullet together with gravity and contacts, as
// PhysX solves them in its own solver. Rows are rebuilt before every world step.

#include <btBulletDynamicsCommon.h>

#include <vector>

namespace jounce::sim {

namespace detail {
/// The constraint's second body, an immovable one of its own (base-from-member: built before the
/// btTypedConstraint base that keeps a reference to it).
struct OwnFixedBody {
    btRigidBody fixed{0.0, nullptr, nullptr};
};
}  // namespace detail

/// Bullet's one-body constructor would pair the chassis with btTypedConstraint::getFixedBody(), a
/// static body whose constraint list every add/removeConstraint edits: vehicles simulated on several
/// threads at once (sweeps, compare, the GUI) corrupted the heap through it. Each constraint has its
/// own fixed body instead; it has zero mass like Bullet's, so the solver treats it the same.
class VehicleConstraint final : private detail::OwnFixedBody, public btTypedConstraint {
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
        /// > 0: an acceleration spring of this damping (1/s, PhysX 5's sticky tire), whose target
        /// the vehicle sets from the velocity at the end of its update.
        double springDamping = 0.0;
    };

    void clearRows() { rows_.clear(); }
    void addRow(const Row& row) { rows_.push_back(row); }
    std::size_t rowCount() const { return rows_.size(); }
    std::vector<Row>& rows() { return rows_; }

    void getInfo1(btConstraintInfo1* info) override;
    void getInfo2(btConstraintInfo2* info) override;
    void setParam(int, btScalar, int) override {}
    btScalar getParam(int, int) const override { return 0; }

private:
    std::vector<Row> rows_;
};

}  // namespace jounce::sim
