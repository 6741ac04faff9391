#include "RaycastVehiclePeer.h"

#include "vehicle/VehicleUpdate.h"
#include "world/World.h"

#include <algorithm>
#include <cmath>

namespace jounce::bench {
using sim::toBt;

namespace {

/// The wheels the engine drives: a 4W differential's axles, every wheel otherwise.
std::vector<int> drivenWheels(const VehicleConfig& c)
{
    const int n = static_cast<int>(c.wheels.size());
    std::vector<int> out;
    if (c.drive.type == DriveType::NWheel) {
        out = c.drive.differentialNW.drivenWheels;
    } else if (c.drive.type == DriveType::FourWheel && n >= 4) {
        const DifferentialType t = c.drive.differential4W.type;
        const bool front = t != DifferentialType::LS_REARWD && t != DifferentialType::OPEN_REARWD;
        const bool rear = t != DifferentialType::LS_FRONTWD && t != DifferentialType::OPEN_FRONTWD;
        for (int i = 0; i < 4; ++i)
            if (i < 2 ? front : rear)
                out.push_back(i);
    }
    if (out.empty())
        for (int i = 0; i < n; ++i)
            out.push_back(i);
    return out;
}

/// The engine's peak power: torque curve points are (omega / maxOmega, torque / peakTorque) and
/// power is largest at one of them, the curve being linear between points.
double peakPower(const EngineData& e)
{
    double best = 0.0;
    for (const GraphPoint& p : e.torqueCurve)
        best = std::max(best, p.x * e.maxOmega * p.y * e.peakTorque);
    return best;
}

}  // namespace

RaycastVehiclePeer::RaycastVehiclePeer(std::shared_ptr<sim::Ground> ground, const VehicleConfig& c,
                                       const sim::SpawnPose& start)
    : ground_(std::move(ground)), start_(start), dt_(c.simulation.timeStep), driven_(drivenWheels(c)),
      box_(toBt(c.chassis.dimensions) * 0.5)
{
    world_.setGravity(sim::World::gravity());

    // The same static shape as the Jounce World's ground, at the same place.
    btCollisionObject* groundObject = ground_->collisionObject();
    groundBody_ = std::make_unique<btRigidBody>(
        btRigidBody::btRigidBodyConstructionInfo(0.0, nullptr, groundObject->getCollisionShape()));
    groundBody_->setWorldTransform(groundObject->getWorldTransform());
    world_.addRigidBody(groundBody_.get());  // Bullet's default groups: btDefaultVehicleRaycaster's rays see it

    // The chassis as Vehicle::buildBody makes it: the body frame is the centre-of-mass frame.
    const btVector3 cm = toBt(c.chassis.cmOffset);
    btTransform child;
    child.setIdentity();
    child.setOrigin(-cm);
    shape_.addChildShape(child, &box_);
    btRigidBody::btRigidBodyConstructionInfo info(c.chassis.mass, nullptr, &shape_, toBt(c.chassis.moi));
    info.m_friction = 0.5;
    info.m_restitution = 0.0;
    chassis_ = std::make_unique<btRigidBody>(info);
    chassis_->setDamping(c.chassis.linearDamping, c.chassis.angularDamping);
    chassis_->setActivationState(DISABLE_DEACTIVATION);
    world_.addRigidBody(chassis_.get());

    raycaster_ = std::make_unique<btDefaultVehicleRaycaster>(&world_);
    vehicle_ = std::make_unique<btRaycastVehicle>(tuning_, chassis_.get(), raycaster_.get());
    vehicle_->setCoordinateSystem(1, 2, 0);  // right = y (the wheel basis column), up = z, forward = x
    world_.addAction(vehicle_.get());

    const double m = c.chassis.mass;
    const double g = sim::World::gravity().length();
    double restHeight = 0.0;
    for (const WheelConfig& w : c.wheels) {
        const SuspensionData& s = w.suspension;
        const btVector3 down = toBt(w.geometry.suspTravelDirection).normalized();
        const btVector3 centre = toBt(w.geometry.wheelCentreOffset) - cm;
        const double rest = s.maxCompression + s.sprungMass * g / s.springStrength;
        btRaycastVehicle::btVehicleTuning t;
        t.m_suspensionStiffness = s.springStrength / m;
        t.m_suspensionCompression = t.m_suspensionDamping = s.springDamperRate / m;
        t.m_maxSuspensionTravelCm = 100.0 * rest;
        t.m_frictionSlip = c.surfaces.friction.at(0).at(std::size_t(w.tire.type));
        t.m_maxSuspensionForce = SIMD_INFINITY;
        btWheelInfo& wheel = vehicle_->addWheel(centre - down * s.maxCompression, down, btVector3(0, -1, 0), rest,
                                                w.wheel.radius, t, w.wheel.maxSteer > 0.0);
        const double contactHeight = centre.z() - w.wheel.radius;  // below the CoM: negative
        const double forceHeight = (toBt(w.geometry.tireForceAppPointOffset) - cm).z();
        wheel.m_rollInfluence = contactHeight < 0.0 ? std::clamp(forceHeight / contactHeight, 0.0, 1.0) : 1.0;
        restHeight += w.wheel.radius - w.geometry.wheelCentreOffset.z;
    }
    restHeight /= std::max<double>(1.0, double(c.wheels.size()));

    const DriveConfig& d = c.drive;
    const double first = d.gears.ratios.size() > std::size_t(kFirstGearIndex) ? d.gears.ratios[kFirstGearIndex] : 1.0;
    const double radius = c.wheels.empty() ? 1.0 : c.wheels.front().wheel.radius;
    maxForce_ = d.type == DriveType::None ? 0.0 : d.engine.peakTorque * first * d.gears.finalRatio / radius;
    peakPower_ = peakPower(d.engine);

    // The spawn of Vehicle::spawnTransform: the chassis origin at the rest height plus the drop.
    const double groundZ = ground_->heightAt(start.x, start.y);
    const btQuaternion q(btVector3(0, 0, 1), start.heading);
    startTransform_.setRotation(q);
    startTransform_.setOrigin(btVector3(start.x, start.y, groundZ + restHeight + start.height) + quatRotate(q, cm));
    reset();
}

RaycastVehiclePeer::~RaycastVehiclePeer()
{
    world_.removeAction(vehicle_.get());
    world_.removeRigidBody(chassis_.get());
    world_.removeRigidBody(groundBody_.get());
}

void RaycastVehiclePeer::reset()
{
    chassis_->setCenterOfMassTransform(startTransform_);
    chassis_->setLinearVelocity(btVector3(0, 0, 0));
    chassis_->setAngularVelocity(btVector3(0, 0, 0));
    chassis_->clearForces();
    vehicle_->resetSuspension();
    for (int i = 0; i < vehicle_->getNumWheels(); ++i)
        vehicle_->updateWheelTransform(i, false);
}

double RaycastVehiclePeer::driveForce(double speed) const
{
    const double v = std::fabs(speed);
    return v * maxForce_ > peakPower_ ? peakPower_ / v : maxForce_;
}

void RaycastVehiclePeer::step(double throttle)
{
    const double perWheel = throttle * driveForce(forwardSpeed()) / double(driven_.size());
    for (int i : driven_)
        vehicle_->applyEngineForce(perWheel, i);
    world_.stepSimulation(dt_, 0, dt_);
}

btVector3 RaycastVehiclePeer::position() const { return chassis_->getCenterOfMassPosition(); }

double RaycastVehiclePeer::forwardSpeed() const
{
    return chassis_->getLinearVelocity().dot(vehicle_->getForwardVector());
}

int RaycastVehiclePeer::wheelsInContact() const
{
    int n = 0;
    for (int i = 0; i < vehicle_->getNumWheels(); ++i)
        n += vehicle_->getWheelInfo(i).m_raycastInfo.m_isInContact ? 1 : 0;
    return n;
}

}  // namespace jounce::bench
