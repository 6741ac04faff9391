#pragma once
// Update stage U10b, tire part (vehicle-model §2.6 - §2.12) for one touching wheel and one sub-step: the
// tire load and its filter, the tire frame and contact-patch velocities, the slips, the friction,
// the low-speed sticky-tire rows, and the forces of the vehicle's tire model.
//
// The tire model itself is behind the tire seam (tire/Tire.h): this stage does everything around it,
// so a new tire model is a new file pair in tire/, not a new stage. The sticky-tire thresholds, the
// slip denominators and the aligning moment's trail are the model generation's (ModelGeneration.h).

#include "vehicle/ModelGeneration.h"
#include "vehicle/Slip.h"
#include "vehicle/TireLoad.h"
#include "vehicle/VehicleConstraint.h"
#include "vehicle/VehicleUpdate.h"
#include "vehicle/tire/TireModel.h"

namespace jounce::sim {

/// What the tire stage needs to know about one touching wheel in one sub-step.
struct TireContact {
    const WheelConfig& wheel;
    const RoadContact& road;
    const TireLoadFilterData& loadFilter;  ///< the vehicle's tire load filter (§2.6)
    const ModelGeneration& generation;
    btVector3 contactPoint{0, 0, 0};  ///< world
    btVector3 lateralAxis{0, 1, 0};   ///< the chassis's +y in the world, the same for every wheel of a sub-step
    double jounce = 0.0;              ///< m
    double normalForce = 0.0;         ///< F_n from the suspension stage, N
    double steerAngle = 0.0;          ///< rad, incl. Ackermann and toe
    bool torqueApplied = false;       ///< drive or brake torque on this wheel (slip definition, §2.8)
    bool intent = false;              ///< the driver intends to accelerate (§2.12)
    bool brakeIntent = false;         ///< a brake acts on some wheel (PhysX 5's sticky rule)
    SlipVehicleKind kind = SlipVehicleKind::Car;
    double minLongSlipDenominator = 4.0;
    double gravity = kGravity;        ///< |g|, m/s²
    double h = 0.0;                   ///< sub-step, s
    PhysxTimer timerStep = 0.0f;      ///< the sub-step in single precision, for the sticky timers (§2.31)
    bool rowSubStep = false;          ///< constraint rows are made in this sub-step (the generation's choice)
    /// The tire force's application point minus the CoM in the world when the caller has it (the
    /// suspension force's, at the same point), else null and worked out here.
    const btVector3* arm = nullptr;
};

/// PhysX 5's camber (vehicle-model-physx5.md P4): the angle by which a wheel -- rolled by its
/// suspension camber about the body's x axis, then steered about its z axis, in a body of
/// orientation `body` -- leans from the ground `normal` (unit, world), measured as PhysX 5 measures
/// it: positive when its top leans toward -y, as §2.11's camber. rad.
double groundCamber(const btQuaternion& body, double steerAngle, double suspensionCamber, const btVector3& normal) noexcept;

/// The tire of one wheel after one sub-step.
struct TireResult {
    double restLoad = 0.0;
    TireLoad load;
    bool loaded = false;        ///< filtered load × friction > 0: the tire produces force
    double longSpeed = 0.0;     ///< v_L, m/s (0 when not loaded)
    double longSlip = 0.0;
    double latSlip = 0.0;
    double friction = 0.0;      ///< μ
    TireForces forces;
    btVector3 force{0, 0, 0};   ///< world
    btVector3 arm{0, 0, 0};     ///< application point minus CoM, world
    bool stickyForward = false;  ///< a sticky row is set in forwardRow (first sub-step only)
    bool stickySide = false;
    VehicleConstraint::Row forwardRow;
    VehicleConstraint::Row sideRow;
};

/// §2.6 - §2.12 for one touching wheel. Reads the wheel speed from `state`, advances its sticky-tire
/// timers (reset when the tire is not loaded) and its tire state.
TireResult tireStage(const TireContact& contact, const ChassisState& chassis, const btVector3& cm, WheelState& state);


}  // namespace jounce::sim
