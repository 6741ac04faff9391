#pragma once
// One vehicle of the PhysX vehicle model on a Bullet rigid body (vehicle-model §2). Each step the vehicle
// update runs first (§2.0 U0-U13): it queries the ground under every wheel, integrates a private
// copy of the chassis through the sub-steps with suspension and tire forces only, solves engine and
// wheel speeds, then hands the resulting velocity to the rigid body (§2.25) together with the
// suspension-limit and sticky-tire constraint rows (§2.4.5, §2.12). The Bullet world step that
// follows adds gravity, chassis/terrain contacts and those constraints.
//
// Vehicle owns the state and sequences the update; the physics is in the stage functions
// (CommandStage, GearStage, RoadQueryStage, SuspensionStage, TireStage, DrivetrainStage,
// ChassisStage), each a function of explicit inputs that can be tested alone.
//
// Everything here belongs to the simulation thread.

#include "vehicle/Ground.h"
#include "vehicle/SuspensionStage.h"
#include "vehicle/Gearbox.h"
#include "vehicle/ModelGeneration.h"
#include "vehicle/VehicleConstraint.h"
#include "vehicle/VehicleInputs.h"
#include "vehicle/VehicleUpdate.h"
#include "config/VehicleConfig.h"

#include <btBulletDynamicsCommon.h>

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace jounce::sim {

struct TireResult;

/// Where a vehicle spawns: chassis origin on the ground plan, heading (rad about world z) and how
/// far above its rest height (vehicle-model.md's start pose is 0.5 m above rest, §7.4).
struct SpawnPose {
    double x = 0.0;
    double y = 0.0;
    double heading = 0.0;
    double height = 0.5;
};

/// Per-wheel results of the last update. Forces, loads, slips and friction are averaged over the
/// update's sub-steps (PhysX publishes the last sub-step's, which under-reports the weight at rest,
/// vehicle-model §7.3); jounce, speeds and angles are the values at the end of the update.
struct WheelResult {
    double jounce = 0.0;             ///< m, larger = more compressed; -maxDroop in the air
    double suspForce = 0.0;          ///< N, spring + damper along the contact normal
    double tireLoad = 0.0;           ///< N, filtered load F_z, the load the tire model uses (§2.6)
    double rawTireLoad = 0.0;        ///< N, F_raw entering the tire load filter (may be negative)
    double normTireLoad = 0.0;       ///< filtered normalised load ℓ_f = F_z / L_rest (§2.6)
    double wheelOmega = 0.0;         ///< rad/s, internal (dynamic) wheel speed
    double tireFriction = 0.0;       ///< surface/tire pair x friction-vs-slip graph
    double longSlip = 0.0;
    double normLongForce = 0.0;      ///< F_L / (F_z μ)
    double latSlip = 0.0;            ///< rad
    double normLatForce = 0.0;       ///< F_T / (F_z μ)
    double normAligningMoment = 0.0; ///< M_z / L_rest
    double lowSpeedBlend = 0.0;      ///< TireForces::lowSpeedShare (0 for models without a low-speed regime)
    double steerAngle = 0.0;         ///< rad, incl. Ackermann and toe
    double camber = 0.0;             ///< rad
    int surface = -1;                ///< vehicle surface type under the wheel, -1 in the air
    bool inAir = true;
    double rotationAngle = 0.0;      ///< rad, cosmetic spin angle (§2.24)
    btVector3 tireForce{0, 0, 0};    ///< N, world frame, average over sub-steps (for drawing)
    btVector3 contactPoint{0, 0, 0}; ///< world
};

/// Vehicle-wide results of the last update.
struct DriveResult {
    double engineOmega = 0.0;        ///< rad/s at the end of the update
    double engineDriveTorque = 0.0;  ///< N m, last sub-step
    double clutchSlip = 0.0;         ///< rad/s, engine minus gearbox side, start of the update
    double accel = 0.0;              ///< applied accel after the autobox throttle cut
    double brake = 0.0;
    double handbrake = 0.0;
    double steer = 0.0;              ///< [-1, 1], positive left
    int gear = 0;                    ///< display numbering: -1 reverse, 0 neutral, 1.. forward
    int targetGear = 0;
    double gearRatio = 0.0;          ///< current gear ratio x final ratio
    bool autoBox = true;
    int subSteps = 1;
};

class Vehicle {
public:
    /// Creates the chassis body in `world` at `pose` over the ground, at rest in first gear with the autobox on (the snippet's start, vehicle-model §6.1).
    Vehicle(btDiscreteDynamicsWorld& world, const Ground& ground, std::shared_ptr<const VehicleConfig> config,
            const SpawnPose& pose, int collisionGroup, int collisionMask);
    ~Vehicle();
    Vehicle(const Vehicle&) = delete;
    Vehicle& operator=(const Vehicle&) = delete;

    /// Swaps the configuration without resetting the motion: pose, velocities, wheel and engine
    /// speeds and gear are kept. A different wheel count or drive type rebuilds the wheels and
    /// drivetrain in place (speeds of removed parts are lost).
    void setConfig(std::shared_ptr<const VehicleConfig> config);
    /// The ground the wheels now stand on (the world replaced its ground); must outlive the vehicle
    /// or the next call. Reset the vehicle to move it onto the new ground's start.
    void setGround(const Ground& ground);
    const VehicleConfig& config() const { return *config_; }
    const std::shared_ptr<const VehicleConfig>& configPtr() const { return config_; }

    /// Back to `pose` at rest (vehicle-model §2.27 setToRestState), first gear, autobox on.
    void reset(const SpawnPose& pose);

    /// The vehicle update (vehicle-model §2.0); call before stepping the world with the same dt.
    void update(double dt, const VehicleInputs& inputs, const btVector3& gravity);
    /// Call after the world step: derives accelerations for telemetry.
    void afterWorldStep(double dt);

    const std::vector<WheelResult>& wheels() const { return results_; }
    const DriveResult& drive() const { return drive_; }
    btRigidBody& body() { return *body_; }
    const btRigidBody& body() const { return *body_; }

    /// Chassis origin (not the CoM) and orientation in the world.
    btTransform chassisTransform() const;
    /// Velocity of the chassis origin in the vehicle frame: x forward, y left.
    btVector3 localVelocity() const;
    /// Acceleration of the CoM over the last step in the vehicle frame.
    btVector3 localAcceleration() const;
    /// True when every wheel was in the air in the last update.
    bool inAir() const;
    /// Height of the chassis origin above flat ground when every wheel is at zero jounce.
    double restHeight() const;
    /// The ground's surfaces a wheel has touched since the vehicle met this ground (or configuration)
    /// whose names its friction table does not list: they were driven as surface type 0 (§1.15), so
    /// figures on them are not the vehicle's on that surface.
    std::vector<std::string> unknownSurfacesTouched() const;

private:
    /// What the wheels of one sub-step hand to the next stages and to publish().
    /// Every sub-step writes the first n entries before anything reads them; left uninitialised,
    /// as zeroing all kMaxWheels cost more than the writes.
    struct SubStepResults {
        std::array<double, kMaxWheels> jounce;
        std::array<bool, kMaxWheels> touching;
        std::array<double, kMaxWheels> longSpeed;  ///< v_L of loaded tires, else 0
    };

    /// U10: one sub-step of the update: stages U10a - U10i for every wheel, the chassis integrated.
    void subStep(const SubStepContext& step, const VehicleInputs& inputs, const UpdateCommands& commands,
                 const DriveCoupling& coupling, const std::array<double, kMaxWheels>& steerAngles,
                 ChassisState& chassis, SubStepResults& out);
    /// U10b, suspension part: every wheel's strut and jounce for the sub-step (strut_, suspension_),
    /// and its jounce and contact in `out`; resets the sticky timers of wheels in the air.
    void evaluateJounces(const SubStepContext& step, const std::array<double, kMaxWheels>& steerAngles,
                         const ChassisState& chassis, SubStepResults& out);
    /// PhysX 5: the sticky rows of the last sub-step, acceleration springs, change the chassis
    /// velocity as PhysX's solver would and leave the constraint (vehicle-model-physx5.md P5).
    void applyStickySprings(double dt, ChassisState& chassis);
    /// Adds one sub-step's tire quantities to the wheel's telemetry sums.
    static void addTireResults(const TireResult& tire, const btVector3& contactPoint, WheelResult& result);
    /// U13: the averaged per-wheel results and the drive results of the update.
    void publish(int subSteps, const UpdateCommands& commands, const DriveCoupling& coupling,
                 const std::array<double, kMaxWheels>& steerAngles, const SubStepResults& out);
    void buildBody(const SpawnPose& pose);
    void applyMassProperties();
    /// The ground's surface names matched to the vehicle's surface types.
    void mapSurfaces();
    void rebuildWheels();
    /// travel_ and the per-wheel geometry flags from the configuration's wheels (after any change of it).
    void cacheTravelDirections();
    /// The configuration's model generation, and the body's gravity to match it: a generation that
    /// integrates gravity in its sub-steps takes it away from the rigid-body step.
    void applyGeneration();
    void spawnTransform(const SpawnPose& pose, btTransform& out) const;

    btDiscreteDynamicsWorld& world_;
    const Ground* ground_;  ///< owned by the world; rebound by setGround when the world's ground changes
    std::shared_ptr<const VehicleConfig> config_;
    int collisionGroup_;
    int collisionMask_;

    std::unique_ptr<btBoxShape> box_;
    std::unique_ptr<btCompoundShape> shape_;
    std::unique_ptr<btRigidBody> body_;
    std::unique_ptr<VehicleConstraint> constraint_;

    std::vector<WheelState> state_;
    std::vector<RoadContact> road_;  ///< this update's contact planes (§2.2)
    bool constraintInWorld_ = false;  ///< constraint_ is added to world_ (only while it has rows)
    std::array<StrutFrame, kMaxWheels> startStrut_{};  ///< the struts of road_'s rays: the first sub-step's
    /// The current sub-step's struts and jounces (evaluateJounces), first the wheels' count of them.
    std::array<StrutFrame, kMaxWheels> strut_{};
    std::array<SuspensionState, kMaxWheels> suspension_{};
    const ModelGeneration* generation_ = nullptr;  ///< the configuration's (simulation.model)
    std::vector<btVector3> travel_;        ///< per wheel, the unit suspension travel direction (chassis frame)
    /// Per wheel: its travel_ is the previous wheel's, bit for bit, so is its direction in the world.
    std::vector<char> travelAsPrevious_;
    /// Per wheel: the tire force acts at the suspension force's point, so their arms are one rotation.
    std::vector<char> tireArmIsSuspensionArm_;
    std::vector<WheelResult> results_;
    std::vector<int> surfaceMap_;  ///< ground surface index -> vehicle surface type, -1 not in the table
    std::vector<char> unknownTouched_;  ///< per ground surface: an unknown one a wheel has touched
    DriveState driveState_;
    DriveResult drive_;
    btVector3 lastVelocity_{0, 0, 0};
    /// The last step's velocities and the body's basis after it: localAcceleration() works the
    /// acceleration out when asked (telemetry asks; a bare World stepping cars seldom does).
    struct AccelerationSample {
        btVector3 before{0, 0, 0};
        btVector3 after{0, 0, 0};
        double dt = 0.0;  ///< 0: no step since the reset, no acceleration
        btMatrix3x3 basis = btMatrix3x3::getIdentity();
    };
    AccelerationSample accel_;
};

}  // namespace jounce::sim
