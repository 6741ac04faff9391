#include "run/Simulation.h"

#include "vehicle/VehicleTelemetry.h"

#include <cmath>

namespace jounce::sim {
namespace {

constexpr double kMaxSpeed = 1000.0;        // m/s: "a body flung beyond 1 km/s" is a bad state
constexpr double kMaxAngularSpeed = 1000.0; // rad/s
constexpr double kFallDepth = 1000.0;       // m below the start: fell off the ground

/// What vehicleStateFromFrame() reads from a frame filled with `motion` and `drive`, straight from them.
VehicleState stateOf(const ChassisMotion& motion, const DriveResult& drive)
{
    VehicleState s;
    s.x = motion.transform.getOrigin().x();
    s.y = motion.transform.getOrigin().y();
    s.yaw = motion.yaw;
    s.forwardSpeed = motion.localVelocity.x();
    s.lateralSpeed = motion.localVelocity.y();
    s.yawRate = motion.localAngularVelocity.z();
    s.shifting = drive.gear != drive.targetGear;
    return s;
}

bool finite(const btVector3& v) { return std::isfinite(v.x()) && std::isfinite(v.y()) && std::isfinite(v.z()); }

InputMode modeFor(ManeuverSmoothing s)
{
    switch (s) {
    case ManeuverSmoothing::Keyboard: return InputMode::KeyRates;
    case ManeuverSmoothing::Pad: return InputMode::Pad;
    case ManeuverSmoothing::Raw: return InputMode::Raw;
    }
    return InputMode::Raw;
}

}  // namespace

Simulation::Simulation(std::shared_ptr<Ground> ground, std::shared_ptr<const VehicleConfig> config,
                       const SpawnPose& start)
    : world_(std::move(ground)), start_(start), runStart_(start)
{
    world_.addVehicle(std::move(config), start_);
    updateFallHeight();
    observe();
}

const telemetry::Frame& Simulation::frame() const
{
    fillPendingFrame();
    return frame_;
}

Vehicle& Simulation::vehicle()
{
    fillPendingFrame();
    motionCurrent_ = false;  // the caller may move it
    return world_.vehicle(0);
}

void Simulation::fillPendingFrame() const
{
    if (!framePending_)
        return;
    fillTelemetryFrame(world_.vehicle(0), motion_, time_, frame_);
    framePending_ = false;
}

void Simulation::observe()
{
    const Vehicle& v = world_.vehicle(0);
    motion_ = chassisMotion(v);
    motionCurrent_ = true;
    state_ = stateOf(motion_, v.drive());
    framePending_ = true;
}

void Simulation::updateFallHeight()
{
    fallHeight_ = world_.ground().heightAt(start_.x, start_.y) - kFallDepth;
}

void Simulation::setConfig(std::shared_ptr<const VehicleConfig> config)
{
    vehicle().setConfig(std::move(config));
    failure_.clear();
    consecutiveResets_ = 0;
    if (player_)
        player_->updateVehicle(vehicle().config());
}

void Simulation::setGround(std::shared_ptr<Ground> ground, const SpawnPose& start)
{
    world_.setGround(std::move(ground));
    start_ = start;
    updateFallHeight();
    reset();
}

void Simulation::setStartPose(const SpawnPose& start)
{
    start_ = start;
    updateFallHeight();
    reset();
}

void Simulation::reset()
{
    runStart_ = start_;
    car().reset(start_);
    inputs_.reset();
    player_.reset();
    lastStepPhase_ = -1;
    time_ = 0.0;
    distance_ = 0.0;
    failure_.clear();
    consecutiveResets_ = 0;
    observe();
}

void Simulation::restartAt(const SpawnPose& pose)
{
    reset();
    runStart_ = pose;
    car().reset(runStart_);
    observe();
}

void Simulation::startManeuver(const Maneuver& maneuver, double maxDuration)
{
    if (const std::optional<PlanarPose>& pose = maneuver.start.pose)
        restartAt(SpawnPose{pose->x, pose->y, pose->heading, start_.height});
    else
        reset();
    player_.emplace(maneuver, maxDuration);
    player_->setVehicle(car().config(), PlanarPose{runStart_.x, runStart_.y, runStart_.heading});
    manual_ = ManualInput{};
    VehicleInputs in;
    in.forceGear = player_->start().gear;
    in.autoBox = player_->start().autoBox;
    pendingStart_ = in;
}

std::string Simulation::badState() const
{
    const btRigidBody& body = vehicle().body();
    const btTransform& t = body.getCenterOfMassTransform();
    if (!finite(t.getOrigin()) || !finite(body.getLinearVelocity()) || !finite(body.getAngularVelocity()))
        return "the vehicle state became NaN or infinite";
    if (body.getLinearVelocity().length() > kMaxSpeed)
        return "the vehicle was flung faster than 1 km/s";
    if (body.getAngularVelocity().length() > kMaxAngularSpeed)
        return "the vehicle spun faster than 1000 rad/s";
    if (t.getOrigin().z() < fallHeight_)
        return "the vehicle fell off the ground";
    return {};
}

void Simulation::resetAfterBadState(const std::string& bad)
{
    ++resets_;
    lastResetReason_ = bad + " at t = " + std::to_string(time_) + " s; the vehicle was reset to the start";
    const double t = time_;
    car().reset(runStart_);
    inputs_.reset();
    time_ = t;
    observe();
    if (++consecutiveResets_ >= kMaxConsecutiveResets)
        failure_ = bad + " on " + std::to_string(consecutiveResets_) +
                   " consecutive steps, starting again at rest from the start each time: the vehicle cannot be "
                   "simulated as configured. Likely a value in the wrong unit (millimetres for metres, grams for "
                   "kilograms, degrees for radians) or an extreme mass, inertia, spring or radius; `jounce-cli "
                   "doctor` lists suspicious values";
}

bool Simulation::step()
{
    if (failed())
        return false;
    const double dt = timeStep();
    Vehicle& v = world_.vehicle(0);
    if (!motionCurrent_)
        motion_ = chassisMotion(v);
    const btVector3 before = motion_.transform.getOrigin();
    const double forwardSpeed = motion_.localVelocity.x();

    ManualInput input = manual_;
    lastStepPhase_ = -1;
    if (player_ && !player_->finished()) {
        // The controllers see the state of the last frame, as a replay from the frames does.
        lastStepPhase_ = player_->phaseIndex();
        const ManeuverCommand c = player_->command(state_, dt);
        input = ManualInput{};
        input.mode = modeFor(player_->smoothing());
        input.pad = {c.accel, c.brake, c.handbrake, c.steer};
        input.forceGear = c.gear;
        input.autoBox = c.autoBox;
    }
    if (pendingStart_) {
        input.forceGear = input.forceGear ? input.forceGear : pendingStart_->forceGear;
        input.autoBox = input.autoBox ? input.autoBox : pendingStart_->autoBox;
        pendingStart_.reset();
    }
    // What the driver asked of this step, whoever the driver was: a recording of these replays the run.
    lastInput_ = input;
    const VehicleInputs in = inputs_.process(v.config(), input, forwardSpeed, v.inAir(), dt);
    // One-shot requests of the driver apply once.
    manual_.forceGear.reset();
    manual_.autoBox.reset();

    world_.step(dt, std::span<const VehicleInputs>(&in, 1));
    time_ += dt;
    motionCurrent_ = false;

    if (std::string bad = badState(); !bad.empty()) {
        resetAfterBadState(bad);
        if (player_ && !player_->finished())
            player_->afterStep({.dt = dt, .forwardSpeed = 0.0, .distance = 0.0, .state = state_});
        return false;
    }
    consecutiveResets_ = 0;

    observe();
    const btVector3& after = motion_.transform.getOrigin();
    // On the ground plan. A square root of squares, not std::hypot: a step's few metres need no
    // guard against overflow, and hypot cost as much as a wheel's ray.
    const double dx = after.x() - before.x(), dy = after.y() - before.y();
    const double travelled = std::sqrt(dx * dx + dy * dy);
    distance_ += travelled;
    if (player_ && !player_->finished())
        player_->afterStep({.dt = dt, .forwardSpeed = motion_.localVelocity.x(), .distance = travelled, .state = state_});
    return true;
}

}  // namespace jounce::sim
