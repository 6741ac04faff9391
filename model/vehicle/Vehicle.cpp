#include "vehicle/Vehicle.h"

#include "vehicle/Assert.h"
#include "vehicle/Camber.h"
#include "vehicle/ChassisStage.h"
#include "vehicle/CommandStage.h"
#include "vehicle/DrivetrainStage.h"
#include "vehicle/GearStage.h"
#include "vehicle/RoadQueryStage.h"
#include "vehicle/Rotate.h"
#include "vehicle/StickySprings.h"
#include "vehicle/SuspensionStage.h"
#include "vehicle/TireStage.h"
#include "vehicle/tire/TireModel.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <optional>

namespace jounce::sim {
namespace {

bool usesEngine(DriveType t) { return t != DriveType::None; }

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

}  // namespace

Vehicle::Vehicle(btDiscreteDynamicsWorld& world, const Ground& ground, std::shared_ptr<const VehicleConfig> config,
                 const SpawnPose& pose, int collisionGroup, int collisionMask)
    : world_(world), ground_(&ground), config_(std::move(config)), collisionGroup_(collisionGroup),
      collisionMask_(collisionMask)
{
    rebuildWheels();
    buildBody(pose);
    applyGeneration();
    reset(pose);
}

Vehicle::~Vehicle()
{
    if (constraintInWorld_)
        world_.removeConstraint(constraint_.get());
    world_.removeRigidBody(body_.get());
}

double Vehicle::restHeight() const
{
    // At zero jounce the wheel bottom touches the ground: origin height = r - centre offset along z.
    double sum = 0.0;
    for (const WheelConfig& w : config_->wheels)
        sum += w.wheel.radius - w.geometry.wheelCentreOffset.z;
    return config_->wheels.empty() ? 0.0 : sum / static_cast<double>(config_->wheels.size());
}

void Vehicle::spawnTransform(const SpawnPose& pose, btTransform& out) const
{
    const double ground = ground_->heightAt(pose.x, pose.y);
    const btQuaternion q(btVector3(0, 0, 1), pose.heading);
    const btVector3 origin(pose.x, pose.y, ground + restHeight() + pose.height);
    out.setRotation(q);
    out.setOrigin(origin + quatRotate(q, toBt(config_->chassis.cmOffset)));  // the body frame is the CoM frame
}

void Vehicle::buildBody(const SpawnPose& pose)
{
    box_ = std::make_unique<btBoxShape>(toBt(config_->chassis.dimensions) * 0.5);
    shape_ = std::make_unique<btCompoundShape>();
    btTransform child;
    child.setIdentity();
    child.setOrigin(-toBt(config_->chassis.cmOffset));  // box centred on the chassis origin
    shape_->addChildShape(child, box_.get());
    btTransform start;
    spawnTransform(pose, start);
    const VehicleConfig& c = *config_;
    // No motion state: nothing reads one, and Bullet would interpolate a transform into it every step.
    btRigidBody::btRigidBodyConstructionInfo info(c.chassis.mass, nullptr, shape_.get(), toBt(c.chassis.moi));
    info.m_startWorldTransform = start;
    info.m_friction = 0.5;  // the snippet's ground material (§6.1)
    info.m_restitution = 0.0;
    body_ = std::make_unique<btRigidBody>(info);
    body_->setActivationState(DISABLE_DEACTIVATION);  // the vehicle decides when it rests (§2.27)
    world_.addRigidBody(body_.get(), collisionGroup_, collisionMask_);
    constraint_ = std::make_unique<VehicleConstraint>(*body_);
    world_.addConstraint(constraint_.get(), true);
    constraintInWorld_ = true;
    applyMassProperties();
}

void Vehicle::applyMassProperties()
{
    const VehicleConfig& c = *config_;
    box_->setImplicitShapeDimensions(toBt(c.chassis.dimensions) * 0.5 - btVector3(1, 1, 1) * box_->getMargin());
    btTransform child;
    child.setIdentity();
    child.setOrigin(-toBt(c.chassis.cmOffset));
    shape_->updateChildTransform(0, child);
    body_->setMassProps(c.chassis.mass, toBt(c.chassis.moi));
    body_->updateInertiaTensor();
    body_->setDamping(c.chassis.linearDamping, c.chassis.angularDamping);
    mapSurfaces();
}

void Vehicle::setGround(const Ground& ground)
{
    ground_ = &ground;
    mapSurfaces();
}

void Vehicle::mapSurfaces()
{
    const VehicleConfig& c = *config_;
    // Ground surfaces are matched to the vehicle's surface types by name; unknown ones (-1) use type 0
    // (§1.15), and the vehicle remembers touching them.
    surfaceMap_.clear();
    for (const std::string& name : ground_->surfaceNames()) {
        int type = -1;
        for (std::size_t i = 0; i < c.surfaces.surfaceTypes.size(); ++i)
            if (lower(c.surfaces.surfaceTypes[i]) == lower(name))
                type = static_cast<int>(i);
        surfaceMap_.push_back(type);
    }
    unknownTouched_.assign(surfaceMap_.size(), 0);
}

std::vector<std::string> Vehicle::unknownSurfacesTouched() const
{
    std::vector<std::string> out;
    const std::vector<std::string>& names = ground_->surfaceNames();
    for (std::size_t i = 0; i < unknownTouched_.size() && i < names.size(); ++i)
        if (unknownTouched_[i])
            out.push_back(names[i]);
    return out;
}

void Vehicle::rebuildWheels()
{
    state_.assign(config_->wheels.size(), WheelState{});
    road_.assign(config_->wheels.size(), RoadContact{});
    results_.assign(config_->wheels.size(), WheelResult{});
    cacheTravelDirections();
    for (std::size_t i = 0; i < results_.size(); ++i)
        results_[i].jounce = -config_->wheels[i].suspension.maxDroop;
}

void Vehicle::cacheTravelDirections()
{
    // Equal bits, not equal values: a -0 for a +0 could change the sign of a zero in the rotation.
    const auto sameBits = [](const btVector3& a, const btVector3& b) {
        return std::bit_cast<std::uint64_t>(a.x()) == std::bit_cast<std::uint64_t>(b.x()) &&
               std::bit_cast<std::uint64_t>(a.y()) == std::bit_cast<std::uint64_t>(b.y()) &&
               std::bit_cast<std::uint64_t>(a.z()) == std::bit_cast<std::uint64_t>(b.z());
    };
    travel_.clear();
    travelAsPrevious_.clear();
    tireArmIsSuspensionArm_.clear();
    for (const WheelConfig& w : config_->wheels) {
        travel_.push_back(unitTravelDirection(w));
        travelAsPrevious_.push_back(travel_.size() > 1 && sameBits(travel_.back(), travel_[travel_.size() - 2]));
        // Compliance graphs may move the two points apart with the jounce.
        tireArmIsSuspensionArm_.push_back(!w.compliance && sameBits(toBt(w.geometry.suspForceAppPointOffset),
                                                                    toBt(w.geometry.tireForceAppPointOffset)));
    }
}

void Vehicle::applyGeneration()
{
    generation_ = &modelGeneration(config_->simulation.model);
    const bool worldGravity = !(body_->getFlags() & BT_DISABLE_WORLD_GRAVITY);
    if (generation_->gravityInSubSteps && worldGravity) {
        body_->setFlags(body_->getFlags() | BT_DISABLE_WORLD_GRAVITY);
        body_->setGravity(btVector3(0, 0, 0));
    } else if (!generation_->gravityInSubSteps && !worldGravity) {
        // Only on a change of generation: setGravity rounds the body's weight differently from
        // setMassProps, and the rigid-body step would notice.
        body_->setFlags(body_->getFlags() & ~BT_DISABLE_WORLD_GRAVITY);
        body_->setGravity(world_.getGravity());
    }
}

void Vehicle::setConfig(std::shared_ptr<const VehicleConfig> config)
{
    const VehicleConfig& old = *config_;
    const bool rebuild = config->wheels.size() != old.wheels.size() || config->drive.type != old.drive.type;
    // Keep the chassis origin where it is: a new centre of mass moves the body frame (§2.30).
    const btTransform origin = chassisTransform();
    const btVector3 vOrigin = body_->getVelocityInLocalPoint(origin.getOrigin() - body_->getCenterOfMassPosition());
    const btVector3 w = body_->getAngularVelocity();
    const int oldGears = static_cast<int>(old.drive.gears.ratios.size());

    config_ = std::move(config);
    applyMassProperties();
    applyGeneration();
    btTransform com = origin;
    com.setOrigin(origin.getOrigin() + quatRotate(origin.getRotation(), toBt(config_->chassis.cmOffset)));
    body_->setCenterOfMassTransform(com);
    body_->setLinearVelocity(vOrigin + w.cross(com.getOrigin() - origin.getOrigin()));
    body_->setAngularVelocity(w);

    if (!rebuild)
        cacheTravelDirections();  // rebuildWheels() does it otherwise
    if (rebuild) {
        rebuildWheels();
        driveState_.engineOmega = 0.0;
        driveState_.gearbox = GearboxState{};
        forceGearChange(driveState_.gearbox, kFirstGearIndex);
    } else if (static_cast<int>(config_->drive.gears.ratios.size()) != oldGears) {
        // Fewer gears than the one engaged: drop to the new top gear.
        const int top = static_cast<int>(config_->drive.gears.ratios.size()) - 1;
        if (driveState_.gearbox.currentGear > top || driveState_.gearbox.targetGear > top)
            forceGearChange(driveState_.gearbox, top);
    }
    driveState_.engineOmega = usesEngine(config_->drive.type) ? std::clamp(driveState_.engineOmega, 0.0, config_->drive.engine.maxOmega) : 0.0;
}

void Vehicle::reset(const SpawnPose& pose)
{
    btTransform start;
    spawnTransform(pose, start);
    body_->setCenterOfMassTransform(start);
    body_->setLinearVelocity(btVector3(0, 0, 0));
    body_->setAngularVelocity(btVector3(0, 0, 0));
    body_->clearForces();
    rebuildWheels();
    driveState_.engineOmega = 0.0;
    driveState_.gearbox = GearboxState{};
    forceGearChange(driveState_.gearbox, kFirstGearIndex);
    driveState_.autoBoxOn = true;
    drive_ = DriveResult{};
    lastVelocity_ = btVector3(0, 0, 0);
    accel_ = AccelerationSample{};
    constraint_->clearRows();
}

btTransform Vehicle::chassisTransform() const
{
    btTransform t = body_->getCenterOfMassTransform();
    t.setOrigin(t.getOrigin() - quatRotate(t.getRotation(), toBt(config_->chassis.cmOffset)));
    return t;
}

btVector3 Vehicle::localVelocity() const
{
    const btTransform t = body_->getCenterOfMassTransform();
    return quatRotate(t.getRotation().inverse(), body_->getLinearVelocity());
}

bool Vehicle::inAir() const
{
    return std::all_of(results_.begin(), results_.end(), [](const WheelResult& r) { return r.inAir; });
}

void Vehicle::afterWorldStep(double dt)
{
    const btVector3 v = body_->getLinearVelocity();
    accel_ = {lastVelocity_, v, dt, body_->getCenterOfMassTransform().getBasis()};
    lastVelocity_ = v;
}

btVector3 Vehicle::localAcceleration() const
{
    if (accel_.dt == 0.0)
        return btVector3(0, 0, 0);
    btQuaternion q;
    accel_.basis.getRotation(q);  // what getCenterOfMassTransform().getRotation() gave after the step
    return rotate(q.inverse(), (accel_.after - accel_.before) / accel_.dt);
}

void Vehicle::update(double dt, const VehicleInputs& in, const btVector3& gravity)
{
    JOUNCE_ASSERT(dt > 0.0 && isFinite(dt) && isFinite(gravity));
    JOUNCE_ASSERT(generation_ && state_.size() == config_->wheels.size() && road_.size() == config_->wheels.size());
    const VehicleConfig& c = *config_;
    const std::size_t n = c.wheels.size();

    // U0 - U8: commands, gears, the drive coupling and the steer angles, once per update.
    UpdateCommands cmd = readCommands(c, in);
    if (in.autoBox)
        driveState_.autoBoxOn = *in.autoBox;
    const ModelGeneration& generation = *generation_;
    updateGears(c, generation, in, dt, cmd, driveState_);
    const DriveCoupling coupling = coupleDrive(c, generation, in, cmd, driveState_.gearbox);
    std::array<double, kMaxWheels> lastJounce;
    for (std::size_t i = 0; i < n; ++i)
        lastJounce[i] = results_[i].jounce;
    const std::array<double, kMaxWheels> delta = steerAngles(c, in, cmd.steer, std::span(lastJounce).first(n));

    // U2: the chassis at the start of the update.
    const btTransform t0 = body_->getCenterOfMassTransform();
    ChassisState cs{t0.getOrigin(), t0.getRotation(), body_->getLinearVelocity(), body_->getAngularVelocity()};
    const btVector3 cm = toBt(c.chassis.cmOffset);

    // Telemetry of the start of the update: clutch slip (§4.1) uses the speeds before the solve.
    {
        double avg = 0.0;
        for (std::size_t i = 0; i < n; ++i)
            avg += coupling.alpha[i] * coupling.gearing[i] * state_[i].omega;
        drive_.clutchSlip = coupling.gearRatio * avg - driveState_.engineOmega;
    }

    // U1: scene queries with the start pose (§2.1, §2.2).
    btVector3 direction(0, 0, 0);
    for (std::size_t i = 0; i < n; ++i) {
        if (!travelAsPrevious_[i])
            direction = rotate(cs.q, travel_[i]);
        startStrut_[i] = strutFrameAlong(c.wheels[i], direction, cs, cm);
        road_[i] = queryRoad(*ground_, surfaceMap_, c, c.wheels[i], startStrut_[i]);
        if (road_[i].unknownGroundSurface >= 0)
            unknownTouched_[std::size_t(road_[i].unknownGroundSurface)] = 1;
    }

    // U9: sub-step count from the forward speed at the start (§2.26).
    const double forwardSpeed = cs.v.dot(rotate(cs.q, btVector3(1, 0, 0)));
    const double subStepSpeed = generation.signedSubStepSpeed ? forwardSpeed : std::fabs(forwardSpeed);
    const int subSteps = subStepSpeed < c.simulation.thresholdLongitudinalSpeed
                             ? c.simulation.lowForwardSpeedSubStepCount
                             : c.simulation.highForwardSpeedSubStepCount;
    for (WheelResult& r : results_) {
        r.suspForce = r.tireLoad = r.rawTireLoad = r.normTireLoad = r.tireFriction = 0.0;
        r.longSlip = r.normLongForce = r.latSlip = r.normLatForce = r.normAligningMoment = r.lowSpeedBlend = 0.0;
        r.tireForce = btVector3(0, 0, 0);
    }
    constraint_->clearRows();

    // U10: the sub-steps.
    SubStepResults out;
    const bool rowsLast = generation.stickyRows == StickyRowLaw::AccelerationSpring;
    for (int k = 0; k < subSteps; ++k) {
        const bool rowSubStep = rowsLast ? k == subSteps - 1 : k == 0;
        subStep({k, rowSubStep, dt / subSteps, dt, gravity, gravity.length(), cm, physxSubStep(dt, subSteps)}, in,
                cmd, coupling, delta, cs, out);
    }
    // PhysX 5's sticky rows are acceleration springs, solved here as PhysX's solver solves them.
    if (rowsLast)
        applyStickySprings(dt, cs);

    // A constraint without rows still costs Bullet's solver its set-up and ten idle iterations
    // (a lone body skips them): it is in the world only while it has rows, mostly at rest.
    if ((constraint_->rowCount() > 0) != constraintInWorld_) {
        constraintInWorld_ = !constraintInWorld_;
        if (constraintInWorld_)
            world_.addConstraint(constraint_.get(), true);
        else
            world_.removeConstraint(constraint_.get());
    }

    // U11: velocity change mode write-back (§2.25).
    body_->setLinearVelocity(cs.v);
    body_->setAngularVelocity(cs.w);
    publish(subSteps, cmd, coupling, delta, out);
}

void Vehicle::applyStickySprings(double dt, ChassisState& cs)
{
    std::vector<VehicleConstraint::Row>& rows = constraint_->rows();
    // PhysX lists a constraint's longitudinal rows before its lateral ones; the side rows' damping is
    // the lateral axis's. stable_partition keeps the wheel order within each group.
    const double sideDamping = generation_->stickyLateral.damping;
    const auto springs = std::stable_partition(rows.begin(), rows.end(), [](const auto& r) { return r.springDamping == 0.0; });
    std::stable_partition(springs, rows.end(), [&](const auto& r) { return r.springDamping != sideDamping; });
    const std::span<const VehicleConstraint::Row> springRows(&*springs, std::size_t(rows.end() - springs));
    if (!springRows.empty())
        solveStickySprings(springRows, body_->getInvMass(), body_->getInvInertiaDiagLocal(), dt, cs);
    rows.erase(springs, rows.end());
}

void Vehicle::subStep(const SubStepContext& step, const VehicleInputs& in, const UpdateCommands& cmd,
                      const DriveCoupling& coupling, const std::array<double, kMaxWheels>& delta, ChassisState& cs,
                      SubStepResults& out)
{
    const VehicleConfig& c = *config_;
    const ModelGeneration& generation = *generation_;
    const std::size_t n = c.wheels.size();
    btVector3 force(0, 0, 0), torque(0, 0, 0);

    // U10a: brakes from the current wheel speeds (§2.15).
    const WheelBrakes brakes = wheelBrakes(c, in, cmd, state_);
    const bool brakeIntent =
        std::any_of(brakes.begin(), brakes.begin() + std::ptrdiff_t(n), [](const WheelBrake& b) { return b.applied; });

    // U10b: suspension and tires; forces add up in wheel order (§2.3 - §2.12). Every jounce comes
    // first: a wheelForces anti-roll bar loads a wheel by its partner's jounce (§2.13.1).
    evaluateJounces(step, delta, cs, out);
    std::array<double, kMaxWheels> barForce;
    const bool barForces = antiRollBarForces(c, std::span(out.jounce).first(n), out.touching, std::span(barForce).first(n));
    // Only the first n entries are read; zeroing all kMaxWheels of them cost more than the loop below.
    std::array<double, kMaxWheels> tireTorque;
    std::fill_n(tireTorque.begin(), n, 0.0);
    std::array<btVector3, kMaxWheels> strutDirection, forceArm;  // of touching wheels, for the anti-roll bars
    const btVector3 lateralAxis = rotate(cs.q, btVector3(0, 1, 0));  // R := +y (§0.2), for the tire frames
    for (std::size_t i = 0; i < n; ++i) {
        if (!out.touching[i])
            continue;
        const WheelConfig& wc = c.wheels[i];
        WheelState& ws = state_[i];
        WheelResult& res = results_[i];
        const StrutFrame& strut = strut_[i];
        const SuspensionState& susp = suspension_[i];
        VehicleConstraint::Row limit;
        if (step.rowSubStep && suspensionLimitRow(wc, road_[i], strut, susp, cs, step.dt, generation.suspensionLimitErp, limit))
            constraint_->addRow(limit);
        const SuspensionForce sf = suspensionForce(c.simulation, generation.springLaw, wc, road_[i], strut, susp,
                                                   step.gravity, cs, step.cm, barForces ? barForce[i] : 0.0);
        strutDirection[i] = strut.direction;
        forceArm[i] = sf.arm;
        force += sf.force;
        torque += sf.arm.cross(sf.force);
        TireContact contact{wc, road_[i], c.tireLoadFilter, generation};
        contact.contactPoint = susp.contactPoint;
        contact.lateralAxis = lateralAxis;
        contact.jounce = susp.jounce;
        contact.normalForce = sf.normalForce;
        contact.steerAngle = delta[i];
        contact.torqueApplied = coupling.accelApplied[i] || brakes[i].applied;
        contact.intent = coupling.intent;
        contact.kind = c.drive.type == DriveType::Tank ? SlipVehicleKind::Tank : SlipVehicleKind::Car;
        contact.minLongSlipDenominator = c.simulation.minLongSlipDenominator;
        contact.gravity = step.g;
        contact.h = step.h;
        contact.timerStep = step.timerStep;
        contact.brakeIntent = brakeIntent;
        contact.rowSubStep = step.rowSubStep;
        contact.arm = tireArmIsSuspensionArm_[i] ? &sf.arm : nullptr;
        const TireResult tire = tireStage(contact, cs, step.cm, ws);
        res.suspForce += sf.normalForce;
        res.tireLoad += tire.load.filteredLoad;
        res.rawTireLoad += sf.normalForce;
        res.normTireLoad += tire.load.filteredNormalisedLoad;
        if (!tire.loaded)
            continue;
        out.longSpeed[i] = tire.longSpeed;
        if (tire.stickyForward)
            constraint_->addRow(tire.forwardRow);
        if (tire.stickySide)
            constraint_->addRow(tire.sideRow);
        force += tire.force;
        torque += tire.arm.cross(tire.force);
        tireTorque[i] = tire.forces.wheelTorque;
        addTireResults(tire, susp.contactPoint, res);
    }

    // U10c - U10g: engine and wheel speeds, wheel angles (§2.18 - §2.24). A PhysX 5 gearbox advances
    // here, and a change that completes couples the engine from this sub-step on.
    std::optional<DriveCoupling> changed;
    const DriveCoupling& engaged = advanceGearboxInSubStep(c, generation, step.h, driveState_.gearbox, coupling, changed);
    std::array<double, kMaxWheels> omegaNew;
    std::fill_n(omegaNew.begin(), n, 0.0);
    drive_.engineDriveTorque = solveDrivetrain(c, generation, in, cmd, engaged, step.h, state_, std::span(tireTorque).first(n),
                                               brakes, driveState_, std::span(omegaNew).first(n));
    rotateWheels(c, generation, in, coupling, brakes, out.touching, out.longSpeed, omegaNew, step.h, state_);

    // U10h - U10i: the rollTorque anti-roll bars, then the private chassis integration (§2.13, §2.25).
    addAntiRollTorque(c, out.jounce, out.touching, std::span(strutDirection).first(n), std::span(forceArm).first(n),
                      torque);
    integrateChassis(cs, force, torque, body_->getInvMass(), body_->getInvInertiaDiagLocal(), step.h,
                     generation.gravityInSubSteps ? step.gravity : btVector3(0, 0, 0));
}

void Vehicle::evaluateJounces(const SubStepContext& step, const std::array<double, kMaxWheels>& delta,
                              const ChassisState& cs, SubStepResults& out)
{
    const VehicleConfig& c = *config_;
    btVector3 direction(0, 0, 0);
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        const WheelConfig& wc = c.wheels[i];
        WheelState& ws = state_[i];
        // The first sub-step starts from the update's start pose: its struts are the rays'.
        if (step.index != 0 && !travelAsPrevious_[i])
            direction = rotate(cs.q, travel_[i]);
        strut_[i] = step.index == 0 ? startStrut_[i] : strutFrameAlong(wc, direction, cs, step.cm);
        JounceProbe probe{generation_->jounceQuery};
        if (probe.query == JounceQuery::CylinderSweep)
            probe.wheelAxis = rotate(cs.q, btVector3(-std::sin(delta[i]), std::cos(delta[i]), 0.0));
        suspension_[i] = evaluateJounce(c.simulation, wc, road_[i], strut_[i], step.gravity, step.h, ws, probe);
        out.jounce[i] = suspension_[i].jounce;
        out.longSpeed[i] = 0.0;
        out.touching[i] = suspension_[i].contact;
        if (!out.touching[i])
            ws.stickyForwardTimer = ws.stickySideTimer = 0.0f;  // timers did not change: reset (§2.12)
    }
}

void Vehicle::addTireResults(const TireResult& tire, const btVector3& contactPoint, WheelResult& res)
{
    const double cap = tire.load.filteredLoad * tire.friction;
    res.tireFriction += tire.friction;
    res.longSlip += tire.longSlip;
    res.latSlip += tire.latSlip;
    res.normLongForce += cap > 0 ? tire.forces.longForce / cap : 0.0;
    res.normLatForce += cap > 0 ? tire.forces.latForce / cap : 0.0;
    res.normAligningMoment += tire.forces.aligningMoment / tire.restLoad;
    res.lowSpeedBlend += tire.forces.lowSpeedShare;
    res.tireForce += tire.force;
    res.contactPoint = contactPoint;
}

void Vehicle::publish(int subSteps, const UpdateCommands& cmd, const DriveCoupling& coupling,
                      const std::array<double, kMaxWheels>& delta, const SubStepResults& out)
{
    // U13: published results, sub-step sums averaged (vehicle-model §7.3).
    const VehicleConfig& c = *config_;
    const double inv = 1.0 / subSteps;
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        WheelResult& res = results_[i];
        const WheelState& ws = state_[i];
        if (subSteps > 1) {  // a product with 1 is the value itself, bit for bit: one sub-step skips them
            res.suspForce *= inv;
            res.tireLoad *= inv;
            res.rawTireLoad *= inv;
            res.normTireLoad *= inv;
            res.tireFriction *= inv;
            res.longSlip *= inv;
            res.latSlip *= inv;
            res.normLongForce *= inv;
            res.normLatForce *= inv;
            res.normAligningMoment *= inv;
            res.lowSpeedBlend *= inv;
            res.tireForce *= inv;
        }
        res.jounce = out.jounce[i];
        res.inAir = !out.touching[i];
        res.surface = out.touching[i] ? road_[i].surface : -1;
        res.wheelOmega = ws.omega;
        res.steerAngle = delta[i];
        res.camber = wheelCamber(c.wheels[i], out.jounce[i]);
        res.rotationAngle = ws.angle;
    }
    const bool tank = c.drive.type == DriveType::Tank;
    drive_.engineOmega = driveState_.engineOmega;
    drive_.accel = tank ? cmd.accelIn : cmd.accel;
    drive_.brake = tank ? cmd.brakeLeft : cmd.brake;
    drive_.handbrake = tank ? cmd.brakeRight : cmd.handbrake;
    drive_.steer = cmd.steer;
    drive_.gear = displayGear(driveState_.gearbox.currentGear);
    drive_.targetGear = displayGear(driveState_.gearbox.targetGear);
    drive_.gearRatio = coupling.gearRatio;
    drive_.autoBox = driveState_.autoBoxOn;
    drive_.subSteps = subSteps;
}

}  // namespace jounce::sim
