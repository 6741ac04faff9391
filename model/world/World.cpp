#include "world/World.h"

#include <utility>

namespace jounce::sim {
namespace {
constexpr int kGroundGroup = 1;
constexpr int kVehicleGroup = 2;
}  // namespace

World::World(std::shared_ptr<Ground> ground)
    : collisionConfig_(std::make_unique<btDefaultCollisionConfiguration>()),
      dispatcher_(std::make_unique<btCollisionDispatcher>(collisionConfig_.get())),
      broadphase_(std::make_unique<btDbvtBroadphase>()),
      solver_(std::make_unique<btSequentialImpulseConstraintSolver>()),
      world_(std::make_unique<btDiscreteDynamicsWorld>(dispatcher_.get(), broadphase_.get(), solver_.get(),
                                                       collisionConfig_.get()))
{
    world_->setGravity(gravity());
    setGround(std::move(ground));
}

World::~World()
{
    vehicles_.clear();
    if (ground_)
        world_->removeCollisionObject(ground_->collisionObject());
}

void World::setGround(std::shared_ptr<Ground> ground)
{
    if (ground_)
        world_->removeCollisionObject(ground_->collisionObject());
    // The vehicles raycast the ground they were given: rebind them before the old one is released.
    const std::shared_ptr<Ground> old = std::exchange(ground_, std::move(ground));
    world_->addCollisionObject(ground_->collisionObject(), kGroundGroup, kVehicleGroup);
    for (const std::unique_ptr<Vehicle>& v : vehicles_)
        v->setGround(*ground_);
}

Vehicle& World::addVehicle(std::shared_ptr<const VehicleConfig> config, const SpawnPose& pose)
{
    vehicles_.push_back(std::make_unique<Vehicle>(*world_, *ground_, std::move(config), pose, kVehicleGroup,
                                                  kGroundGroup | kVehicleGroup));
    return *vehicles_.back();
}

void World::step(double dt, std::span<const VehicleInputs> inputs)
{
    static const VehicleInputs none;
    for (std::size_t i = 0; i < vehicles_.size(); ++i)
        vehicles_[i]->update(dt, i < inputs.size() ? inputs[i] : none, gravity());
    world_->stepSimulation(dt, 0, dt);
    for (auto& v : vehicles_)
        v->afterWorldStep(dt);
    time_ += dt;
}

}  // namespace jounce::sim
