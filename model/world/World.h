#pragma once
// The Bullet world of a simulation: the ground and any number of vehicles, stepped with a fixed
// time step. Each step runs every vehicle's update, then one Bullet step (gravity, contacts,
// vehicle constraints), then the vehicles' post-step bookkeeping (vehicle-model §2.0, §8.1).
// Belongs to the simulation thread; nothing reads a clock, so runs are deterministic.

#include "vehicle/Ground.h"
#include "vehicle/Vehicle.h"

#include <btBulletDynamicsCommon.h>

#include <memory>
#include <span>
#include <vector>

namespace jounce::sim {

class World {
public:
    explicit World(std::shared_ptr<Ground> ground);
    ~World();
    World(const World&) = delete;
    World& operator=(const World&) = delete;

    Vehicle& addVehicle(std::shared_ptr<const VehicleConfig> config, const SpawnPose& pose);
    Vehicle& vehicle(std::size_t i) { return *vehicles_[i]; }
    const Vehicle& vehicle(std::size_t i) const { return *vehicles_[i]; }
    /// Replaces the ground (the vehicles stay where they are; reset them to move them).
    void setGround(std::shared_ptr<Ground> ground);
    const Ground& ground() const { return *ground_; }

    /// One fixed step; `inputs` holds one entry per vehicle (missing entries mean no input).
    void step(double dt, std::span<const VehicleInputs> inputs);
    double time() const { return time_; }

    static btVector3 gravity() { return {0.0, 0.0, -kGravity}; }

private:
    std::unique_ptr<btDefaultCollisionConfiguration> collisionConfig_;
    std::unique_ptr<btCollisionDispatcher> dispatcher_;
    std::unique_ptr<btDbvtBroadphase> broadphase_;
    std::unique_ptr<btSequentialImpulseConstraintSolver> solver_;
    std::unique_ptr<btDiscreteDynamicsWorld> world_;
    std::shared_ptr<Ground> ground_;
    std::vector<std::unique_ptr<Vehicle>> vehicles_;
    double time_ = 0.0;
};

}  // namespace jounce::sim
