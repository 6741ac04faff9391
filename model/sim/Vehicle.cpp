#include "Vehicle.h"

#include "Brakes.h"
#include "Camber.h"
#include "Differential.h"
#include "DrivetrainSolver.h"
#include "Engine.h"
#include "Slip.h"
#include "Steering.h"
#include "TireFriction.h"
#include "TireLoad.h"
#include "TireModel.h"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace jounce::sim {
namespace {

constexpr double kStickySpeed = 0.2;          // m/s, §1.18
constexpr double kStickyForwardFactor = 0.01;  // §2.12
constexpr double kStickySideFactor = 0.1;
constexpr double kStickyTime = 1.0;            // s
constexpr double kVisualBlendSpeed = 5.0;      // m/s, §2.24
constexpr double kAngleWrap = 10.0 * kPi;      // §2.24
constexpr double kLimitErp = 0.2;              // fraction of the compression excess removed per step
constexpr int kMaxDrivenUnknowns = kMaxWheels;

btVector3 toBt(const Vec3& v) { return {v.x, v.y, v.z}; }

bool usesEngine(DriveType t) { return t != DriveType::None; }

std::string lower(std::string s)
{
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

/// Per sub-step chassis state, integrated privately (§2.25).
struct ChassisState {
    btVector3 x;  // CoM position
    btQuaternion q;
    btVector3 v;
    btVector3 w;  // angular velocity
};

}  // namespace

Vehicle::Vehicle(btDiscreteDynamicsWorld& world, const Ground& ground, std::shared_ptr<const VehicleConfig> config,
                 const SpawnPose& pose, int collisionGroup, int collisionMask)
    : world_(world), ground_(&ground), config_(std::move(config)), collisionGroup_(collisionGroup),
      collisionMask_(collisionMask)
{
    rebuildWheels();
    buildBody(pose);
    reset(pose);
}

Vehicle::~Vehicle()
{
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
    motionState_ = std::make_unique<btDefaultMotionState>(start);
    const VehicleConfig& c = *config_;
    btRigidBody::btRigidBodyConstructionInfo info(c.chassis.mass, motionState_.get(), shape_.get(), toBt(c.chassis.moi));
    info.m_friction = 0.5;  // the snippet's ground material (§6.1)
    info.m_restitution = 0.0;
    body_ = std::make_unique<btRigidBody>(info);
    body_->setActivationState(DISABLE_DEACTIVATION);  // the vehicle decides when it rests (§2.27)
    world_.addRigidBody(body_.get(), collisionGroup_, collisionMask_);
    constraint_ = std::make_unique<VehicleConstraint>(*body_);
    world_.addConstraint(constraint_.get(), true);
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
    // Ground surfaces are matched to the vehicle's surface types by name; unknown ones use type 0 (§1.15).
    surfaceMap_.clear();
    for (const std::string& name : ground_->surfaceNames()) {
        int type = 0;
        for (std::size_t i = 0; i < c.surfaces.surfaceTypes.size(); ++i)
            if (lower(c.surfaces.surfaceTypes[i]) == lower(name))
                type = static_cast<int>(i);
        surfaceMap_.push_back(type);
    }
}

void Vehicle::rebuildWheels()
{
    state_.assign(config_->wheels.size(), WheelState{});
    results_.assign(config_->wheels.size(), WheelResult{});
    for (std::size_t i = 0; i < results_.size(); ++i)
        results_[i].jounce = -config_->wheels[i].suspension.maxDroop;
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
    btTransform com = origin;
    com.setOrigin(origin.getOrigin() + quatRotate(origin.getRotation(), toBt(config_->chassis.cmOffset)));
    body_->setCenterOfMassTransform(com);
    motionState_->setWorldTransform(com);
    body_->setLinearVelocity(vOrigin + w.cross(com.getOrigin() - origin.getOrigin()));
    body_->setAngularVelocity(w);

    if (rebuild) {
        rebuildWheels();
        engineOmega_ = 0.0;
        gearbox_ = GearboxState{};
        forceGearChange(gearbox_, kFirstGearIndex);
    } else if (static_cast<int>(config_->drive.gears.ratios.size()) != oldGears) {
        // Fewer gears than the one engaged: drop to the new top gear.
        const int top = static_cast<int>(config_->drive.gears.ratios.size()) - 1;
        if (gearbox_.currentGear > top || gearbox_.targetGear > top)
            forceGearChange(gearbox_, top);
    }
    engineOmega_ = usesEngine(config_->drive.type) ? std::clamp(engineOmega_, 0.0, config_->drive.engine.maxOmega) : 0.0;
}

void Vehicle::reset(const SpawnPose& pose)
{
    btTransform start;
    spawnTransform(pose, start);
    body_->setCenterOfMassTransform(start);
    motionState_->setWorldTransform(start);
    body_->setLinearVelocity(btVector3(0, 0, 0));
    body_->setAngularVelocity(btVector3(0, 0, 0));
    body_->clearForces();
    rebuildWheels();
    engineOmega_ = 0.0;
    gearbox_ = GearboxState{};
    forceGearChange(gearbox_, kFirstGearIndex);
    autoBoxOn_ = true;
    drive_ = DriveResult{};
    lastVelocity_ = btVector3(0, 0, 0);
    localAccel_ = btVector3(0, 0, 0);
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
    const btQuaternion q = body_->getCenterOfMassTransform().getRotation();
    localAccel_ = quatRotate(q.inverse(), (v - lastVelocity_) / dt);
    lastVelocity_ = v;
}

void Vehicle::update(double dt, const VehicleInputs& in, const btVector3& gravity)
{
    const VehicleConfig& c = *config_;
    const DriveType type = c.drive.type;
    const std::size_t n = c.wheels.size();
    const double g = gravity.length();
    const bool engineDrive = usesEngine(type);
    const bool tank = type == DriveType::Tank;

    // U0: inputs within their ranges (§1.16, §1.17).
    const double accelIn = std::clamp(in.accel, 0.0, 1.0);
    const double brake = tank ? 0.0 : std::clamp(in.brake, 0.0, 1.0);
    const double handbrake = tank ? 0.0 : std::clamp(in.handbrake, 0.0, 1.0);
    const double steer = std::clamp(in.steer, -1.0, 1.0);
    const bool special = c.drive.tankDriveModel == TankDriveModel::Special;
    const double thrustLeft = std::clamp(in.thrustLeft, special ? -1.0 : 0.0, 1.0);
    const double thrustRight = std::clamp(in.thrustRight, special ? -1.0 : 0.0, 1.0);
    const double brakeLeft = std::clamp(in.brakeLeft, 0.0, 1.0);
    const double brakeRight = std::clamp(in.brakeRight, 0.0, 1.0);
    if (in.autoBox)
        autoBoxOn_ = *in.autoBox;

    // U3, U4: autobox and gearbox, once per update with the full dt (§2.16, §2.17).
    double accel = accelIn;
    if (engineDrive) {
        const int top = static_cast<int>(c.drive.gears.ratios.size()) - 1;
        if (in.forceGear)
            forceGearChange(gearbox_, std::clamp(gearIndexFromDisplay(*in.forceGear), 0, top));
        setGearRequests(gearbox_, in.gearUp, in.gearDown);
        bool runAutoBox = autoBoxOn_;
        if (tank)  // the tank skips the autobox while turning on the spot (§2.17)
            runAutoBox = runAutoBox && !(special ? thrustLeft * thrustRight < 0
                                                 : (thrustLeft > 0 && brakeRight > 0) || (thrustRight > 0 && brakeLeft > 0));
        if (runAutoBox) {
            const double cut = updateAutoBox(gearbox_, c.drive.autoBox, c.drive.engine.maxOmega, engineOmega_, accelIn, dt);
            if (!tank)  // the tank ignores the throttle cut
                accel = cut;
        }
        updateGearbox(gearbox_, c.drive.gears, dt);
    } else {
        accel = 0.0;
    }

    // U5, U6: clutch and ratio; the intention to accelerate.
    const bool neutral = !engineDrive || gearbox_.currentGear == kNeutralGearIndex;
    const double clutchK = neutral ? 0.0 : c.drive.clutch.strength;
    const double gearRatio = neutral ? 0.0 : totalGearRatio(c.drive.gears, gearbox_.currentGear);
    bool intent = false;
    switch (type) {
    case DriveType::FourWheel:
    case DriveType::NWheel: intent = accel > 0 && brake == 0 && handbrake == 0 && !neutral; break;
    case DriveType::Tank: intent = accel * (std::fabs(thrustLeft) + std::fabs(thrustRight)) > 0 && !neutral; break;
    case DriveType::None: {
        bool anyDrive = false, anyBrake = false;
        for (std::size_t i = 0; i < n; ++i) {
            anyDrive = anyDrive || in.driveTorque[i] != 0.0;
            anyBrake = anyBrake || in.brakeTorque[i] != 0.0;
        }
        intent = anyDrive && !anyBrake;
        break;
    }
    }

    // U7: averaging weights α (per update) and, for open types, the torque ratios γ.
    std::array<double, kMaxWheels> alpha{};
    std::array<double, kMaxWheels> gearing;
    gearing.fill(1.0);
    TankDifferential tankDiff;
    if (type == DriveType::FourWheel) {
        const WheelShares4 a = differentialAveragingWeights4W(c.drive.differential4W, handbrake);
        std::copy(a.begin(), a.end(), alpha.begin());
    } else if (type == DriveType::NWheel) {
        alpha = differentialShareNW(c.drive.differentialNW, static_cast<int>(n));
    } else if (tank) {
        int left = 0, right = 0;
        for (std::size_t i = 0; i < n; ++i)
            (i % 2 == 0 ? left : right) += 1;
        tankDiff = tankDifferential(thrustLeft, thrustRight, left, right);
        for (std::size_t i = 0; i < n; ++i) {
            alpha[i] = i % 2 == 0 ? tankDiff.alphaLeft : tankDiff.alphaRight;
            gearing[i] = i % 2 == 0 ? tankDiff.gearingLeft : tankDiff.gearingRight;
        }
    }

    // U8: steer angles (§2.14); toe and camber from the last jounce (compliance).
    std::array<double, kMaxWheels> delta{};
    if (type == DriveType::FourWheel) {
        std::array<double, 4> maxSteer{}, toe{};
        for (std::size_t i = 0; i < 4; ++i) {
            maxSteer[i] = c.wheels[i].wheel.maxSteer;
            toe[i] = wheelToe(c.wheels[i], results_[i].jounce);
        }
        const std::array<double, 4> s4 = ackermannSteer4W(c.drive.ackermann, steer, maxSteer, toe);
        std::copy(s4.begin(), s4.end(), delta.begin());
        for (std::size_t i = 4; i < n; ++i)
            delta[i] = wheelToe(c.wheels[i], results_[i].jounce);
    } else if (type == DriveType::NWheel) {
        for (std::size_t i = 0; i < n; ++i)
            delta[i] = steerAngleNW(steer, c.wheels[i].wheel.maxSteer, wheelToe(c.wheels[i], results_[i].jounce));
    } else if (type == DriveType::None) {
        for (std::size_t i = 0; i < n; ++i)
            delta[i] = in.steerAngle[i];
    }

    // U2: the chassis at the start of the update.
    const btTransform t0 = body_->getCenterOfMassTransform();
    ChassisState cs{t0.getOrigin(), t0.getRotation(), body_->getLinearVelocity(), body_->getAngularVelocity()};
    const btVector3 invInertiaLocal = body_->getInvInertiaDiagLocal();
    const double invMass = body_->getInvMass();
    const btVector3 cm = toBt(c.chassis.cmOffset);

    // Telemetry of the start of the update: clutch slip (§4.1) uses the speeds before the solve.
    {
        double avg = 0.0;
        for (std::size_t i = 0; i < n; ++i)
            avg += alpha[i] * gearing[i] * state_[i].omega;
        drive_.clutchSlip = gearRatio * avg - engineOmega_;
    }

    // Scene queries (§2.1, §2.2): one ray per wheel against the ground only, with the start pose.
    for (std::size_t i = 0; i < n; ++i) {
        const WheelConfig& wc = c.wheels[i];
        WheelState& ws = state_[i];
        const double r = wc.wheel.radius;
        const btVector3 w = quatRotate(cs.q, toBt(wc.geometry.suspTravelDirection).normalized());
        const btVector3 centre = cs.x + quatRotate(cs.q, toBt(wc.geometry.wheelCentreOffset) - cm);
        const btVector3 from = centre - w * (r + wc.suspension.maxCompression);
        const btVector3 to = from + w * (3.0 * r + wc.suspension.maxCompression + wc.suspension.maxDroop);
        GroundHit hit;
        ws.hit = ground_->raycast(from, to, hit) && hit.normal.dot(w) < 0.0;
        if (ws.hit) {
            ws.normal = hit.normal;
            ws.planeD = -hit.normal.dot(hit.point);
            const int type2 = hit.surface >= 0 && hit.surface < static_cast<int>(surfaceMap_.size()) ? surfaceMap_[std::size_t(hit.surface)] : 0;
            ws.surface = type2;
            const auto& row = c.surfaces.friction.at(std::size_t(type2));
            ws.frictionPair = row.at(std::size_t(wc.tire.type));
        } else {
            ws.surface = -1;
            ws.frictionPair = 0.0;
        }
    }

    // U9: sub-step count from the forward speed at the start (§2.26).
    const double forwardSpeed = cs.v.dot(quatRotate(cs.q, btVector3(1, 0, 0)));
    const int subSteps = std::fabs(forwardSpeed) < c.simulation.thresholdLongitudinalSpeed
                             ? c.simulation.lowForwardSpeedSubStepCount
                             : c.simulation.highForwardSpeedSubStepCount;
    const double h = dt / subSteps;

    // Accumulators for the averaged telemetry.
    for (WheelResult& r : results_) {
        r.suspForce = r.tireLoad = r.normTireLoad = r.filteredTireLoad = r.tireFriction = 0.0;
        r.longSlip = r.normLongForce = r.latSlip = r.normLatForce = r.normAligningMoment = 0.0;
        r.tireForce = btVector3(0, 0, 0);
    }
    constraint_->clearRows();

    std::array<double, kMaxWheels> jounce{};
    std::array<bool, kMaxWheels> touching{};
    std::array<double, kMaxWheels> tireTorque{};
    std::array<WheelBrake, kMaxWheels> brakes{};
    std::array<double, kMaxWheels> omegaNew{};
    std::array<double, kMaxWheels> longSpeed{};
    std::array<bool, kMaxWheels> accelApplied{};
    for (std::size_t i = 0; i < n; ++i)
        accelApplied[i] = type == DriveType::None ? in.driveTorque[i] != 0.0 : intent && alpha[i] != 0.0;
    const btVector3 gravityDir = gravity;

    for (int k = 0; k < subSteps; ++k) {
        btVector3 force(0, 0, 0);
        btVector3 torque(0, 0, 0);
        const btVector3 lateralAxis = quatRotate(cs.q, btVector3(0, 1, 0));  // R := +y (§0.2)

        // U10a: brakes from the current wheel speeds (§2.15).
        for (std::size_t i = 0; i < n; ++i) {
            const WheelData& wd = c.wheels[i].wheel;
            if (tank)
                brakes[i] = tankBrake(state_[i].omega, i % 2 == 0 ? brakeLeft : brakeRight, wd.maxBrakeTorque);
            else if (type == DriveType::None)
                brakes[i] = brakeFromMagnitude(state_[i].omega, std::max(0.0, in.brakeTorque[i]));
            else
                brakes[i] = driveBrake(state_[i].omega, brake, handbrake, wd.maxBrakeTorque, wd.maxHandBrakeTorque);
        }

        // U10b: suspension and tires (§2.3 - §2.12).
        for (std::size_t i = 0; i < n; ++i) {
            const WheelConfig& wc = c.wheels[i];
            const SuspensionData& sd = wc.suspension;
            WheelState& ws = state_[i];
            WheelResult& res = results_[i];
            const double r = wc.wheel.radius;
            const btVector3 w = quatRotate(cs.q, toBt(wc.geometry.suspTravelDirection).normalized());
            const btVector3 centreOffset = quatRotate(cs.q, toBt(wc.geometry.wheelCentreOffset) - cm);
            const btVector3 p0 = cs.x + centreOffset - w * (r + sd.maxCompression);
            tireTorque[i] = 0.0;
            touching[i] = false;

            // §2.3.1 ray/plane jounce, §2.3.3 limits.
            double x = -sd.maxDroop;
            double t = 0.0;
            bool geomContact = false;
            if (ws.hit) {
                const double dist = ws.normal.dot(p0) + ws.planeD;
                const double nw = ws.normal.dot(w);
                if (dist >= 0.0 && nw < 0.0) {
                    t = -dist / nw;
                    x = (2.0 * r + sd.maxCompression) - t;
                    geomContact = x > -sd.maxDroop;
                }
            }
            const double xGeom = x;
            x = geomContact ? std::min(x, sd.maxCompression) : -sd.maxDroop;

            // §2.4.1 jounce speed from the previous sub-step (0 after a reset).
            const double xDot = ws.hasPrevJounce ? (x - ws.prevJounce) / h : 0.0;
            bool contact = geomContact;
            // §2.4.4 expansion-velocity limit (flag): the wheel cannot follow the ground down.
            if (contact && c.simulation.limitSuspensionExpansionVelocity && xDot < 0 && x <= 0) {
                const double vMax = (sd.springStrength * (ws.prevJounce + sd.maxDroop) / wc.wheel.mass + gravityDir.dot(w)) * h;
                if (xDot < -vMax)
                    contact = false;
            }
            ws.prevJounce = x;  // the geometric jounce, -maxDroop in the air
            ws.hasPrevJounce = true;
            jounce[i] = contact ? x : -sd.maxDroop;

            if (!contact) {
                ws.stickyForwardTimer = ws.stickySideTimer = 0.0;  // timers did not change: reset (§2.12)
                longSpeed[i] = 0.0;
                continue;
            }
            touching[i] = true;
            const btVector3 pc = p0 + w * t;  // contact point
            const btVector3& nrm = ws.normal;

            // §2.4.5: the limit constraint, from the data of sub-step 0.
            if (k == 0 && xGeom > sd.maxCompression) {
                VehicleConstraint::Row row;
                row.point = cs.x + centreOffset;
                row.direction = -w;
                row.targetSpeed = kLimitErp * std::fabs(w.dot(nrm)) * (xGeom - sd.maxCompression) / dt;
                row.lowerImpulse = 0.0;
                constraint_->addRow(row);
            }

            // §2.4.2 - §2.4.3 spring and damper along the strut, projected on the contact normal.
            const double ag = std::max(0.0, gravityDir.dot(w));
            const double fw = std::max(0.0, sd.sprungMass * ag + sd.springStrength * x) + sd.springDamperRate * xDot;
            const btVector3 perp = ag > 0.0 ? gravityDir - w * ag : btVector3(0, 0, 0);
            const double fn = c.simulation.disableSuspensionForceProjection ? fw - nrm.dot(perp * sd.sprungMass)
                                                                              : nrm.dot(-w * fw - perp * sd.sprungMass);
            const btVector3 suspForce = nrm * fn;
            const btVector3 suspPoint = quatRotate(cs.q, toBt(wheelSuspForceAppPoint(wc, x)) - cm);
            force += suspForce;
            torque += suspPoint.cross(suspForce);

            // §2.6 tire load.
            const double restLoad = tireRestLoad(sd.sprungMass, wc.wheel.mass, g);
            const TireLoad load = computeTireLoad(c.tireLoadFilter, fn, restLoad);
            res.suspForce += fn;
            res.tireLoad += fn;
            res.normTireLoad += load.normalisedLoad;
            res.filteredTireLoad += load.filteredLoad;

            if (!(load.filteredLoad * ws.frictionPair > 0.0)) {
                ws.stickyForwardTimer = ws.stickySideTimer = 0.0;
                longSpeed[i] = 0.0;
                continue;
            }

            // §2.7 tire frame and contact-patch velocity (static ground).
            const btVector3 eL0 = lateralAxis.cross(nrm).normalized();
            const btVector3 eT0 = nrm.cross(eL0).normalized();
            const double cd = std::cos(delta[i]), sdl = std::sin(delta[i]);
            const btVector3 eL = eL0 * cd + eT0 * sdl;
            const btVector3 eT = eT0 * cd - eL0 * sdl;
            const btVector3 vc = cs.v + cs.w.cross(pc - cs.x);
            const double vL = vc.dot(eL);
            const double vT = vc.dot(eT);
            longSpeed[i] = vL;

            // §2.8 slips, §2.9 friction.
            const double omega = ws.omega;
            double sT = lateralSlip(vL, vT);
            double sL = longitudinalSlip(tank ? SlipVehicleKind::Tank : SlipVehicleKind::Car,
                                         accelApplied[i] || brakes[i].applied, vL, omega, r,
                                         c.simulation.minLongSlipDenominator);
            const double mu = tireFriction(wc.tire, ws.frictionPair, sL);

            // §2.12 low-speed sticky tires.
            const btVector3 tirePoint = quatRotate(cs.q, toBt(wheelTireForceAppPoint(wc, x)) - cm);
            if (std::fabs(vL) < kStickySpeed && std::fabs(omega) < kStickySpeed / r && !intent)
                ws.stickyForwardTimer += h;
            else
                ws.stickyForwardTimer = 0.0;
            if (std::fabs(vT) < kStickySpeed && !intent)
                ws.stickySideTimer += h;
            else
                ws.stickySideTimer = 0.0;
            const bool stickyForward = (std::fabs(vL) < kStickySpeed && omega == 0.0 && !intent) ||
                                       ws.stickyForwardTimer > kStickyTime;
            const bool stickySide = ws.stickyForwardTimer > 0.0 && ws.stickySideTimer > kStickyTime;
            if (stickyForward) {
                sL = 0.0;
                if (k == 0)
                    constraint_->addRow({cs.x + tirePoint, eL, kStickyForwardFactor * vL});
            }
            if (stickySide) {
                sT = 0.0;
                if (k == 0)
                    constraint_->addRow({cs.x + tirePoint, eT, kStickySideFactor * vT});
            }

            // §2.10 tire forces, §2.11 camber.
            const double camber = wheelCamber(wc, x);
            TireInputs ti;
            ti.friction = mu;
            ti.longSlip = sL;
            ti.latSlip = sT;
            ti.camber = camber;
            ti.wheelRadius = r;
            ti.restLoad = restLoad;
            ti.filteredNormalisedLoad = load.filteredNormalisedLoad;
            ti.filteredLoad = load.filteredLoad;
            ti.gravity = g;
            const TireForces tf = defaultTireModel(wc.tire, ti);
            const btVector3 tireForce = eL * tf.longForce + eT * tf.latForce;
            force += tireForce;
            torque += tirePoint.cross(tireForce);
            tireTorque[i] = tf.wheelTorque;

            const double cap = load.filteredLoad * mu;
            res.tireFriction += mu;
            res.longSlip += sL;
            res.latSlip += sT;
            res.normLongForce += cap > 0 ? tf.longForce / cap : 0.0;
            res.normLatForce += cap > 0 ? tf.latForce / cap : 0.0;
            res.normAligningMoment += tf.aligningMoment / restLoad;
            res.tireForce += tireForce;
            res.contactPoint = pc;
        }

        // U10c - e: engine torque and the implicit engine/wheel solve (§2.18 - §2.23).
        double engineTorque = 0.0;
        if (engineDrive) {
            engineTorque = engineDriveTorque(c.drive.engine, accel, engineOmega_);
            EngineRow er;
            er.omega = engineOmega_;
            er.moi = c.drive.engine.moi;
            er.driveTorque = engineTorque;
            er.dampingRate = engineDampingRate(c.drive.engine, accel, neutral);
            er.maxOmega = c.drive.engine.maxOmega;
            const ClutchCoupling coupling{clutchK, gearRatio};

            std::array<double, kMaxWheels> gamma = alpha;
            if (type == DriveType::FourWheel) {
                const WheelShares4 speeds{state_[0].omega, state_[1].omega, state_[2].omega, state_[3].omega};
                const WheelShares4 g4 = differentialTorqueRatios4W(c.drive.differential4W, handbrake, speeds);
                std::copy(g4.begin(), g4.end(), gamma.begin());
            } else if (tank) {
                for (std::size_t i = 0; i < n; ++i)
                    gamma[i] = i % 2 == 0 ? tankDiff.gammaLeft : tankDiff.gammaRight;
            }
            const std::size_t driven = type == DriveType::FourWheel ? std::min<std::size_t>(4, n) : n;
            if (tank) {
                std::array<TankWheelRow, kMaxDrivenUnknowns> rows{};
                for (std::size_t i = 0; i < n; ++i) {
                    const WheelData& wd = c.wheels[i].wheel;
                    rows[i].row = {state_[i].omega, wd.moi, wd.dampingRate, alpha[i], gamma[i], gearing[i], tireTorque[i], brakes[i]};
                    rows[i].radius = wd.radius;
                }
                engineOmega_ = solveTankEngineAndWheels(h, coupling, er, std::span<const TankWheelRow>(rows.data(), n),
                                                        std::span<double>(omegaNew.data(), n));
            } else {
                std::array<DriveWheelRow, kMaxDrivenUnknowns> rows{};
                for (std::size_t i = 0; i < driven; ++i) {
                    const WheelData& wd = c.wheels[i].wheel;
                    rows[i] = {state_[i].omega, wd.moi, wd.dampingRate, alpha[i], gamma[i], 1.0, tireTorque[i], brakes[i]};
                }
                engineOmega_ = solveEngineAndWheels(h, c.drive.clutch, coupling, er,
                                                    std::span<const DriveWheelRow>(rows.data(), driven),
                                                    std::span<double>(omegaNew.data(), driven));
                // U10g: extra 4W wheels roll freely (§2.23).
                for (std::size_t i = driven; i < n; ++i) {
                    const WheelData& wd = c.wheels[i].wheel;
                    omegaNew[i] = integrateFreeWheel(state_[i].omega, wd.moi, wd.dampingRate, h, tireTorque[i], brakes[i]);
                }
            }
        } else {
            for (std::size_t i = 0; i < n; ++i) {
                const WheelData& wd = c.wheels[i].wheel;
                omegaNew[i] = integrateFreeWheel(state_[i].omega, wd.moi, wd.dampingRate, h, tireTorque[i], brakes[i],
                                                 in.driveTorque[i]);
            }
        }
        drive_.engineDriveTorque = engineTorque;

        // U10f: wheel rotation angles with the cosmetic low-speed blend (§2.24).
        for (std::size_t i = 0; i < n; ++i) {
            WheelState& ws = state_[i];
            ws.omega = omegaNew[i];
            double omegaVis = ws.omega;
            const bool driven = type == DriveType::None ? in.driveTorque[i] != 0.0 : accelApplied[i];
            if (touching[i] && !brakes[i].applied && !driven && std::fabs(longSpeed[i]) < kVisualBlendSpeed) {
                const double lambda = std::fabs(longSpeed[i]) / kVisualBlendSpeed;
                omegaVis = longSpeed[i] / c.wheels[i].wheel.radius * (1.0 - lambda) + ws.omega * lambda;
            }
            ws.angle += omegaVis * h;
            if (ws.angle >= kAngleWrap)
                ws.angle -= kAngleWrap;
            else if (ws.angle <= -kAngleWrap)
                ws.angle += kAngleWrap;
        }

        // U10h: anti-roll bars add torque only (§2.13).
        for (const AntiRollBarConfig& bar : c.antiRollBars) {
            const auto a = std::size_t(bar.wheel0), b = std::size_t(bar.wheel1);
            if (a >= n || b >= n || !(touching[a] || touching[b]))
                continue;
            const double f = (jounce[a] - jounce[b]) * bar.stiffness;
            if (touching[a]) {
                const btVector3 wa = quatRotate(cs.q, toBt(c.wheels[a].geometry.suspTravelDirection).normalized());
                torque += quatRotate(cs.q, toBt(wheelSuspForceAppPoint(c.wheels[a], jounce[a])) - cm).cross(-f * wa);
            }
            if (touching[b]) {
                const btVector3 wb = quatRotate(cs.q, toBt(c.wheels[b].geometry.suspTravelDirection).normalized());
                torque += quatRotate(cs.q, toBt(wheelSuspForceAppPoint(c.wheels[b], jounce[b])) - cm).cross(f * wb);
            }
        }

        // U10i: integrate the private chassis state without gravity (§2.25).
        cs.v += force * (h * invMass);
        const btMatrix3x3 rot(cs.q);
        const btMatrix3x3 invInertiaWorld = rot.scaled(invInertiaLocal) * rot.transpose();
        cs.w += invInertiaWorld * torque * h;
        cs.x += cs.v * h;
        const btQuaternion spin(cs.w.x(), cs.w.y(), cs.w.z(), 0.0);
        cs.q += (spin * cs.q) * (0.5 * h);
        cs.q.normalize();
    }

    // U11: velocity change mode write-back (§2.25).
    body_->setLinearVelocity(cs.v);
    body_->setAngularVelocity(cs.w);

    // U13: published results.
    const double inv = 1.0 / subSteps;
    for (std::size_t i = 0; i < n; ++i) {
        WheelResult& res = results_[i];
        const WheelState& ws = state_[i];
        res.suspForce *= inv;
        res.tireLoad *= inv;
        res.normTireLoad *= inv;
        res.filteredTireLoad *= inv;
        res.tireFriction *= inv;
        res.longSlip *= inv;
        res.latSlip *= inv;
        res.normLongForce *= inv;
        res.normLatForce *= inv;
        res.normAligningMoment *= inv;
        res.tireForce *= inv;
        res.jounce = jounce[i];
        res.inAir = !touching[i];
        res.surface = touching[i] ? ws.surface : -1;
        res.wheelOmega = ws.omega;
        res.steerAngle = delta[i];
        res.camber = wheelCamber(c.wheels[i], jounce[i]);
        res.rotationAngle = ws.angle;
    }
    drive_.engineOmega = engineOmega_;
    drive_.accel = tank ? accelIn : accel;
    drive_.brake = tank ? brakeLeft : brake;
    drive_.handbrake = tank ? brakeRight : handbrake;
    drive_.steer = steer;
    drive_.gear = displayGear(gearbox_.currentGear);
    drive_.targetGear = displayGear(gearbox_.targetGear);
    drive_.gearRatio = gearRatio;
    drive_.autoBox = autoBoxOn_;
    drive_.subSteps = subSteps;
}

}  // namespace jounce::sim
