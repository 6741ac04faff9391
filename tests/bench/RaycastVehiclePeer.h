#pragma once
// The benchmark's peer: Bullet's own btRaycastVehicle, built from a Jounce vehicle configuration as
// closely as that simpler model allows, in a double-precision Bullet world of its own on the same
// ground collision shape the Jounce World uses (the Ground's collision object's shape, wrapped in a
// static rigid body because btDefaultVehicleRaycaster only reports rigid bodies).
//
// The mapping (btRaycastVehicle scales spring and damper by the chassis mass and measures the
// suspension from the hard point down; Jounce measures jounce up from the wheel's rest position):
// - chassis: the same mass, inertia, centre of mass, box, damping and friction (Bullet's default
//   collision groups, which btDefaultVehicleRaycaster's rays need to see the ground);
// - hard point: the wheel centre at full compression; suspension length 0 is maxCompression;
// - rest length: maxCompression + sprungMass g / k, so the spring carries the sprung mass at zero
//   jounce as PhysX's preloaded spring does; travel from 0 up to that rest length (the ray of
//   btRaycastVehicle ends at the rest length, so droop beyond it is cut);
// - stiffness k / m and damping c / m (compression and relaxation alike), m the chassis mass;
// - friction slip: the tire type's friction on the vehicle's first surface type;
// - roll influence: the tire force point's height over the contact's height (both below the CoM);
// - no suspension force limit (Jounce has none);
// - drive: every driven wheel gets an equal share of the engine's force at the contact, the first
//   gear's tractive force capped by the peak power over the speed (no drivetrain, no gears).

#include "config/VehicleConfig.h"
#include "vehicle/Ground.h"
#include "vehicle/Vehicle.h"

#include <btBulletDynamicsCommon.h>
#include <BulletDynamics/Vehicle/btRaycastVehicle.h>

#include <memory>

namespace jounce::bench {

class RaycastVehiclePeer {
public:
    RaycastVehiclePeer(std::shared_ptr<sim::Ground> ground, const VehicleConfig& config, const sim::SpawnPose& start);
    ~RaycastVehiclePeer();
    RaycastVehiclePeer(const RaycastVehiclePeer&) = delete;
    RaycastVehiclePeer& operator=(const RaycastVehiclePeer&) = delete;

    /// Back to the start pose at rest (the body dropped from the same height as Jounce's).
    void reset();
    /// One world step of the vehicle's time step with `throttle` in [0, 1] of the engine force.
    void step(double throttle);
    double timeStep() const { return dt_; }

    /// Chassis origin position and forward speed (for checking that both cars drove alike).
    btVector3 position() const;
    double forwardSpeed() const;
    int wheelsInContact() const;

private:
    double driveForce(double speed) const;

    std::shared_ptr<sim::Ground> ground_;
    sim::SpawnPose start_;
    btTransform startTransform_;
    double dt_;
    double maxForce_ = 0.0;  ///< N, all driven wheels together, first gear at peak torque
    double peakPower_ = 0.0;  ///< W
    std::vector<int> driven_;

    btDefaultCollisionConfiguration collisionConfig_;
    btCollisionDispatcher dispatcher_{&collisionConfig_};
    btDbvtBroadphase broadphase_;
    btSequentialImpulseConstraintSolver solver_;
    btDiscreteDynamicsWorld world_{&dispatcher_, &broadphase_, &solver_, &collisionConfig_};
    std::unique_ptr<btRigidBody> groundBody_;
    btBoxShape box_;
    btCompoundShape shape_;
    std::unique_ptr<btRigidBody> chassis_;
    btRaycastVehicle::btVehicleTuning tuning_;
    std::unique_ptr<btDefaultVehicleRaycaster> raycaster_;
    std::unique_ptr<btRaycastVehicle> vehicle_;
};

}  // namespace jounce::bench
