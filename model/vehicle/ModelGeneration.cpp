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

/// PhysX 5's vehicle2 as NVIDIA's snippets set it up (vehicle-model-physx5.md P1): what it shares with
/// PhysX 4.1 stays, what it changed is stated and cited there section by section.
ModelGeneration physx5()
{
    ModelGeneration g = physx41();
    g.kind = ModelGenerationKind::Physx5;
    g.springLaw = SpringLaw::UnloadedAtFullDroop;       // P3, PxVehicleSuspensionForceUpdate
    g.jounceQuery = JounceQuery::CylinderSweep;         // P2, intersectCylinderPlane
    g.stickyLongitudinal = {0.2, 1.0f, 1.0};            // P5, PxVehicleTireStickyParams defaults
    g.stickyLateral = {0.2, 1.0f, 0.1};
    g.stickyEngage = StickyEngage::BrakeIntent;         // P5, activateStickyFrictionLngConstraint
    g.stickyRows = StickyRowLaw::AccelerationSpring;    // P5, eSPRING | eACCELERATION_SPRING rows
    g.slip = {1.0, 0.1, LongSlipDenominator::LongitudinalSpeed};  // P4, computeLongitudionalSlip
    g.camber = CamberMeasure::AgainstGround;            // P4, PxVehicleTireCamberAnglesUpdate
    g.handbrakeRule = HandbrakeDifferentialRule::Unchanged;         // P7
    g.gearboxTiming = GearboxTiming::PerSubStep;        // P6, PxVehicleAutoBoxUpdate, PxVehicleGearboxUpdate
    g.signedSubStepSpeed = true;                        // P8
    g.gravityInSubSteps = true;                         // P8, PxVehicleRigidBodyUpdate
    g.suspensionLimitErp = 1.0;                         // P3, the separation as the row's full geometric error
    return g;
}

}  // namespace

const ModelGeneration& modelGeneration(ModelGenerationKind kind) noexcept
{
    static const ModelGeneration kPhysx41 = physx41();
    static const ModelGeneration kPhysx5 = physx5();
    switch (kind) {
    case ModelGenerationKind::Physx41: return kPhysx41;
    case ModelGenerationKind::Physx5: return kPhysx5;
    }
    return kPhysx41;  // an enumerator outside the set: the registry never stores one
}

}  // namespace jounce::sim
