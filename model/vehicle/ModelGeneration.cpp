#include "vehicle/ModelGeneration.h"

namespace jounce::sim {
namespace {

/// PhysX 4.1 (vehicle-model §1.18): PxVehicleUpdate's sticky-tire globals, the slip offsets of
/// §2.8, the handbrake rule of §2.20, gravity left to the rigid-body step, Jounce's limit row, and
/// the fixed pneumatic trail (§8.2 item 9), the cosmetic wheel angle's blend and wrap (§2.24).
ModelGeneration physx41()
{
    ModelGeneration g;
    g.kind = ModelGenerationKind::Physx41;
    g.springLaw = SpringLaw::PreloadedAtRest;
    g.jounceQuery = JounceQuery::Ray;
    g.stickyLongitudinal = {0.2, 1.0f, 0.01};
    g.stickyLateral = {0.2, 1.0f, 0.1};
    g.slip = {1.0, 0.1};
    g.handbrakeRule = HandbrakeDifferentialRule::FrontDriveWhileHandbrake;
    g.gravityInSubSteps = false;
    g.suspensionLimitErp = 0.2;
    g.pneumaticTrail = 1.0;
    g.wheelAngleBlendSpeed = 5.0;
    g.wheelAngleWrap = 10.0 * kPi;
    return g;
}

}  // namespace

const ModelGeneration& modelGeneration(ModelGenerationKind kind) noexcept
{
    static const ModelGeneration kPhysx41 = physx41();
    switch (kind) {
    case ModelGenerationKind::Physx41: return kPhysx41;
    }
    return kPhysx41;  // an enumerator outside the set: the registry never stores one
}

}  // namespace jounce::sim
