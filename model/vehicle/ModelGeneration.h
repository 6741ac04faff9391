#pragma once
// The model generation as data: the variant of each stage and the constants the stages use, chosen
// once per configuration by `simulation.model` (config/VehicleConfig.h). PhysX 5's vehicle2 keeps its
// legacy and new behaviours side by side the same way -- shared stage functions, different
// parameters (PxVehicleSuspensionForceLegacyParams / PxVehicleSuspensionForceParams,
// PxVehicleSuspensionJounceCalculationType, PxVehicleTireAxisStickyParams) -- so a second generation
// is a second parameter set and, where its law differs, one more case of a stage's switch; never a
// copy of Vehicle or of a stage. vehicle-model §1.18 lists the values of each generation.

#include "vehicle/PhysxTimer.h"
#include "config/VehicleConfig.h"

namespace jounce::sim {

/// How the spring force follows the jounce.
enum class SpringLaw {
    PreloadedAtRest,      ///< PhysX 4.1 (§2.4.2): max(0, m_s·a_g + k·x) + c·ẋ, x from the rest pose
    UnloadedAtFullDroop,  ///< PhysX 5 (vehicle-model-physx5.md P3): k·(x + maxDroop) + c·ẋ, no preload, no clamp
};

/// How a wheel finds its contact plane.
enum class JounceQuery {
    Ray,            ///< PhysX 4.1 (§2.1, §2.3.1): one ray down the strut from the top of the wheel at full compression
    CylinderSweep,  ///< PhysX 5's eSWEEP (vehicle-model-physx5.md P2): the wheel cylinder's lowest rim point on the hit plane
};

/// When a slow tire's longitudinal sticky row engages before its timer runs out.
enum class StickyEngage {
    NoDriveIntent,  ///< PhysX 4.1 (§2.12): a stopped wheel (ω = 0) of a car without drive intent
    BrakeIntent,    ///< PhysX 5 (vehicle-model-physx5.md P5): a stopped wheel of a car with a brake applied
};

/// What a sticky-tire row does to the speed it holds (§2.12).
enum class StickyRowLaw {
    VelocityFraction,    ///< PhysX 4.1: a rigid row toward damping × the sub-step-0 speed
    AccelerationSpring,  ///< PhysX 5: an acceleration spring, the speed at the solve becomes v / (1 + damping·dt)
};

/// How the longitudinal slip's denominator is formed (§2.8).
enum class LongSlipDenominator {
    LargerSpeed,       ///< PhysX 4.1: max(|v_L|, |ω·r|) + offset with torque, max(minDen, |v_L|, |ω·r|) without
    LongitudinalSpeed, ///< PhysX 5: |v_L| + offset with torque, |v_L| + minDen without
};

/// When the gearbox advances a change and the autobox acts (§2.16, §2.17).
enum class GearboxTiming {
    PerUpdate,   ///< PhysX 4.1: both once per update; the autobox raises a request the gearbox starts
    PerSubStep,  ///< PhysX 5 (vehicle-model-physx5.md P6): the autobox cuts the throttle on its decision
                 ///< update; the switch timer starts at the first sub-step and advances by each sub-step
};

/// Which camber angle the tire model sees.
enum class CamberMeasure {
    Suspension,     ///< PhysX 4.1 (§2.11): the suspension's camber, subtracted from the lateral slip
    AgainstGround,  ///< PhysX 5 (vehicle-model-physx5.md P4): the wheel's lean from the ground normal, body
                    ///< roll included (PxVehicleTireCamberAnglesUpdate), added to the lateral slip
};

/// Which differential a handbrake leaves engaged.
enum class HandbrakeDifferentialRule {
    FrontDriveWhileHandbrake,  ///< PhysX 4.1 (§2.20): LS_4WD acts as LS_FRONTWD, OPEN_4WD as OPEN_FRONTWD
    Unchanged,                 ///< the handbrake is a brake and nothing else
};

/// The low-speed sticky tire of one tire axis (§2.12), as vehicle2's PxVehicleTireAxisStickyParams.
struct StickyTireAxis {
    double thresholdSpeed = 0.0;       ///< below this contact-patch speed the axis counts as slow, m/s
    PhysxTimer thresholdTime = 0.0f;   ///< slow for longer than this: the axis sticks, s
    double damping = 0.0;              ///< the row's target speed over the speed it holds, 1
};

/// The offsets of the slip denominators (§2.8).
struct SlipDenominators {
    double lateralOffset = 0.0;           ///< added to |v_L| under the lateral slip, m/s
    double longitudinalTorqueOffset = 0.0;  ///< added under the longitudinal slip of a wheel with torque, m/s
    LongSlipDenominator longitudinal = LongSlipDenominator::LargerSpeed;
};

struct ModelGeneration {
    ModelGenerationKind kind = ModelGenerationKind::Physx41;
    SpringLaw springLaw = SpringLaw::PreloadedAtRest;
    JounceQuery jounceQuery = JounceQuery::Ray;
    StickyTireAxis stickyLongitudinal;  ///< along the rolling direction e_L
    StickyTireAxis stickyLateral;       ///< along e_T
    StickyEngage stickyEngage = StickyEngage::NoDriveIntent;
    StickyRowLaw stickyRows = StickyRowLaw::VelocityFraction;
    SlipDenominators slip;
    CamberMeasure camber = CamberMeasure::Suspension;
    HandbrakeDifferentialRule handbrakeRule = HandbrakeDifferentialRule::FrontDriveWhileHandbrake;
    GearboxTiming gearboxTiming = GearboxTiming::PerUpdate;
    /// True: the sub-step count compares the signed forward speed with the threshold (PhysX 5's
    /// snippets); false: its magnitude (§2.26).
    bool signedSubStepSpeed = false;
    /// True: gravity is integrated in every sub-step of the update; false: the rigid-body step adds
    /// it once per step (§2.25).
    bool gravityInSubSteps = false;
    double suspensionLimitErp = 0.0;  ///< fraction of a compression excess the limit row removes per step (§2.4.5), 1
    double pneumaticTrail = 0.0;      ///< the aligning moment's lever (§2.10), m
    /// Below this contact speed a free-rolling wheel's cosmetic angle blends toward rolling (§2.24), m/s.
    double wheelAngleBlendSpeed = 0.0;
    double wheelAngleWrap = 0.0;      ///< the cosmetic angle is kept within ± this (§2.24), rad
};

/// The parameter set of a generation (vehicle-model §1.18).
const ModelGeneration& modelGeneration(ModelGenerationKind kind) noexcept;

}  // namespace jounce::sim
