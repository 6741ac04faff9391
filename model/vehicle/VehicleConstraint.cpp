#include "vehicle/VehicleConstraint.h"

namespace jounce::sim {

VehicleConstraint::VehicleConstraint(btRigidBody& chassis)
    : detail::OwnFixedBody(), btTypedConstraint(D6_SPRING_2_CONSTRAINT_TYPE, chassis, fixed)
{
    rows_.reserve(3 * 20);
}

void VehicleConstraint::getInfo1(btConstraintInfo1* info)
{
    info->m_numConstraintRows = static_cast<int>(rows_.size());
    info->nub = 0;
}

void VehicleConstraint::getInfo2(btConstraintInfo2* info)
{
    const btVector3 com = m_rbA.getCenterOfMassPosition();
    for (std::size_t i = 0; i < rows_.size(); ++i) {
        const Row& r = rows_[i];
        const int k = static_cast<int>(i) * info->rowskip;
        const btVector3 arm = (r.point - com).cross(r.direction);
        for (int a = 0; a < 3; ++a) {
            info->m_J1linearAxis[k + a] = r.direction[a];
            info->m_J1angularAxis[k + a] = arm[a];
        }
        // The solver drives J·v toward the right-hand side (the body's velocity along the row).
        info->m_constraintError[k] = r.targetSpeed;
        info->m_lowerLimit[k] = r.lowerImpulse;
        info->m_upperLimit[k] = r.upperImpulse;
        info->cfm[k] = 0;
    }
}

}  // namespace jounce::sim
