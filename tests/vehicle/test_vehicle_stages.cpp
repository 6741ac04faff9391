// The stages of the vehicle update (vehicle-model §2.0), each alone with hand-made inputs: the expected
// numbers come from the model's equations (docs/vehicle-model.md), not from running the vehicle.

#include "support/NearAssert.h"
#include "config/ReferenceCar.h"
#include "vehicle/ChassisStage.h"
#include "vehicle/CommandStage.h"
#include "vehicle/GearStage.h"
#include "vehicle/SuspensionStage.h"
#include "vehicle/TireStage.h"
#include "vehicle/VehicleConstraint.h"

#include <cmath>

using namespace jounce;
using namespace jounce::sim;

namespace {

const btVector3 kGravityVector(0, 0, -kGravity);

/// The chassis at rest, level, its CoM at height `z`; the chassis frame is the CoM frame (cm = 0).
ChassisState levelChassis(double z) { return {btVector3(0, 0, z), btQuaternion::getIdentity(), {0, 0, 0}, {0, 0, 0}}; }

RoadContact flatRoad()
{
    RoadContact road;
    road.hit = true;
    road.normal = btVector3(0, 0, 1);
    road.planeD = 0.0;
    road.frictionPair = 1.0;
    road.surface = 0;
    return road;
}

/// Chassis height that puts wheel `w`'s centre at `centreHeight` above the plane z = 0.
double chassisHeightFor(const WheelConfig& w, double centreHeight) { return centreHeight - w.geometry.wheelCentreOffset.z; }


const ModelGeneration& kPhysx41 = modelGeneration(ModelGenerationKind::Physx41);

/// Wheel 0 of `car` standing on `road` with its rest load, in the first of 3 sub-steps at 60 Hz.
TireContact tireAtRest(const VehicleConfig& car, const RoadContact& road)
{
    TireContact in{car.wheels[0], road, car.tireLoadFilter, kPhysx41};
    in.normalForce = car.wheels[0].suspension.sprungMass * kGravity;
    in.gravity = kGravity;
    in.h = 1.0 / 180.0;
    in.timerStep = physxSubStep(1.0 / 60.0, 3);
    in.rowSubStep = true;
    return in;
}

}  // namespace

class TestVehicleStages : public QObject {
    Q_OBJECT
private slots:
    void constraintsShareNoBody()
    {
        // Bullet's shared static fixed body had its constraint list edited by every vehicle on every
        // thread (heap corruption seen in a parallel sweep); each constraint pairs with its own.
        btRigidBody a(1.0, nullptr, nullptr), b(1.0, nullptr, nullptr);
        VehicleConstraint ca(a), cb(b);
        QVERIFY(&ca.getRigidBodyB() != &cb.getRigidBodyB());
        QVERIFY(&ca.getRigidBodyB() != &btTypedConstraint::getFixedBody());
        QCOMPARE(ca.getRigidBodyB().getInvMass(), btTypedConstraint::getFixedBody().getInvMass());
    }

    void commandsAreClampedPerDriveType()
    {
        VehicleConfig car = referenceCar();
        VehicleInputs in;
        in.accel = 2.0;
        in.brake = -1.0;
        in.handbrake = 0.5;
        in.steer = -3.0;
        in.thrustLeft = -2.0;
        const UpdateCommands c = readCommands(car, in);
        QCOMPARE(c.accelIn, 1.0);
        QCOMPARE(c.accel, 1.0);
        QCOMPARE(c.brake, 0.0);
        QCOMPARE(c.handbrake, 0.5);
        QCOMPARE(c.steer, -1.0);
        QCOMPARE(c.thrustLeft, 0.0);  // standard tank model: thrusts in [0, 1]

        car.drive.type = DriveType::Tank;
        car.drive.tankDriveModel = TankDriveModel::Special;
        in.brake = 1.0;
        const UpdateCommands t = readCommands(car, in);
        QCOMPARE(t.brake, 0.0);       // the tank brakes per side only
        QCOMPARE(t.handbrake, 0.0);
        QCOMPARE(t.thrustLeft, -1.0);  // special model: [-1, 1]
    }

    void neutralDecouplesTheEngine()
    {
        const VehicleConfig car = referenceCar();
        UpdateCommands cmd;
        cmd.accel = 1.0;
        GearboxState gearbox;
        forceGearChange(gearbox, kNeutralGearIndex);
        const DriveCoupling n = coupleDrive(car, kPhysx41, VehicleInputs{}, cmd, gearbox);
        QVERIFY(n.neutral);
        QCOMPARE(n.clutchStrength, 0.0);
        QCOMPARE(n.gearRatio, 0.0);
        QVERIFY(!n.intent);

        forceGearChange(gearbox, kFirstGearIndex);
        const DriveCoupling first = coupleDrive(car, kPhysx41, VehicleInputs{}, cmd, gearbox);
        QVERIFY(!first.neutral);
        QCOMPARE(first.clutchStrength, car.drive.clutch.strength);
        QCOMPARE(first.gearRatio, car.drive.gears.ratios[kFirstGearIndex] * car.drive.gears.finalRatio);
        QVERIFY(first.intent);  // throttle, no brake, in gear
    }

    void jounceIsTheWheelRadiusMinusTheCentreHeight()
    {
        // §2.3.1 on a level plane with a vertical strut: x = r - h_centre.
        const VehicleConfig car = referenceCar();
        const WheelConfig& w = car.wheels[0];
        const double r = w.wheel.radius;
        const double centre = r - 0.05;
        const ChassisState cs = levelChassis(chassisHeightFor(w, centre));
        WheelState ws;
        const double h = 1.0 / 180.0;
        const SuspensionState s = evaluateJounce(car.simulation, w, flatRoad(), strutFrame(w, cs, {0, 0, 0}),
                                                 kGravityVector, h, ws);
        QVERIFY(s.contact);
        JOUNCE_VERIFY_NEAR(s.jounce, 0.05, 1e-12);
        QCOMPARE(s.jounceSpeed, 0.0);  // no previous sub-step (§2.4.1)
        JOUNCE_VERIFY_NEAR(s.contactPoint.z(), 0.0, 1e-12);

        // 1 cm lower one sub-step later: compressing at 0.01/h m/s.
        const ChassisState lower = levelChassis(chassisHeightFor(w, centre - 0.01));
        const SuspensionState s2 = evaluateJounce(car.simulation, w, flatRoad(), strutFrame(w, lower, {0, 0, 0}),
                                                  kGravityVector, h, ws);
        JOUNCE_VERIFY_NEAR(s2.jounce, 0.06, 1e-12);
        JOUNCE_VERIFY_NEAR(s2.jounceSpeed, 0.01 / h, 1e-9);
    }

    void jounceLimitsAndTheLimitRow()
    {
        const VehicleConfig car = referenceCar();
        const WheelConfig& w = car.wheels[0];
        const double r = w.wheel.radius;
        const double maxC = w.suspension.maxCompression;
        const double excess = 0.02;
        const ChassisState cs = levelChassis(chassisHeightFor(w, r - maxC - excess));
        WheelState ws;
        const StrutFrame strut = strutFrame(w, cs, {0, 0, 0});
        const SuspensionState s = evaluateJounce(car.simulation, w, flatRoad(), strut, kGravityVector, 0.01, ws);
        JOUNCE_VERIFY_NEAR(s.jounce, maxC, 1e-12);  // §2.3.3: clamped
        JOUNCE_VERIFY_NEAR(s.geometricJounce, maxC + excess, 1e-12);
        VehicleConstraint::Row row;
        const double dt = 1.0 / 60.0;
        QVERIFY(suspensionLimitRow(w, flatRoad(), strut, s, cs, dt, kPhysx41.suspensionLimitErp, row));
        JOUNCE_VERIFY_NEAR(row.targetSpeed, 0.2 * excess / dt, 1e-9);  // §2.4.5, |w·n| = 1
        QCOMPARE(row.lowerImpulse, 0.0);
        QCOMPARE(row.direction.z(), 1.0);  // pushes the chassis up

        // Far above the ground: full droop, no contact, no row.
        const ChassisState high = levelChassis(chassisHeightFor(w, r + w.suspension.maxDroop + 0.1));
        WheelState ws2;
        const StrutFrame strut2 = strutFrame(w, high, {0, 0, 0});
        const SuspensionState air = evaluateJounce(car.simulation, w, flatRoad(), strut2, kGravityVector, 0.01, ws2);
        QVERIFY(!air.contact);
        QCOMPARE(air.jounce, -w.suspension.maxDroop);
        QVERIFY(!suspensionLimitRow(w, flatRoad(), strut2, air, high, dt, kPhysx41.suspensionLimitErp, row));
    }

    void suspensionForceIsPreloadSpringAndDamper()
    {
        // §2.4.2 - §2.4.3 on a level plane: F_n = m_s·g + k·x + c·ẋ.
        const VehicleConfig car = referenceCar();
        const WheelConfig& w = car.wheels[2];
        const ChassisState cs = levelChassis(0.3);
        SuspensionState s;
        s.jounce = 0.03;
        s.jounceSpeed = -0.2;
        s.contact = true;
        const SuspensionForce f = suspensionForce(car.simulation, kPhysx41.springLaw, w, flatRoad(), strutFrame(w, cs, {0, 0, 0}), s,
                                                  kGravityVector, cs, {0, 0, 0});
        const SuspensionData& sd = w.suspension;
        const double expected = sd.sprungMass * kGravity + sd.springStrength * 0.03 + sd.springDamperRate * -0.2;
        JOUNCE_VERIFY_NEAR(f.normalForce, expected, 1e-9);
        JOUNCE_VERIFY_NEAR(f.force.z(), expected, 1e-9);
        JOUNCE_VERIFY_NEAR(f.force.x(), 0.0, 1e-12);
    }

    void tireAtRestHoldsStillWithTheRestLoad()
    {
        // §2.6: at F_n = m_s·g the normalised load is m_s/(m_s + m_w); §2.12: a tire at rest with
        // a wheel that does not spin and no intent to drive is held by a forward sticky row.
        const VehicleConfig car = referenceCar();
        const WheelConfig& w = car.wheels[0];
        const RoadContact road = flatRoad();
        const ChassisState cs = levelChassis(0.3);
        const TireContact in = tireAtRest(car, road);
        WheelState ws;
        const TireResult t = tireStage(in, cs, {0, 0, 0}, ws);
        QVERIFY(t.loaded);
        JOUNCE_VERIFY_NEAR(t.restLoad, kGravity * (w.suspension.sprungMass + w.wheel.mass), 1e-9);
        JOUNCE_VERIFY_NEAR(t.load.normalisedLoad, w.suspension.sprungMass / (w.suspension.sprungMass + w.wheel.mass),
                           1e-12);
        QVERIFY(t.stickyForward);
        QVERIFY(!t.stickySide);  // the side timer has not run for a second yet
        QCOMPARE(t.longSlip, 0.0);
        JOUNCE_VERIFY_NEAR(t.force.length(), 0.0, 1e-9);

        // No friction: no force and the timers start again.
        RoadContact ice = road;
        ice.frictionPair = 0.0;
        ws.stickyForwardTimer = 0.5f;
        const TireResult none = tireStage(tireAtRest(car, ice), cs, {0, 0, 0}, ws);
        QVERIFY(!none.loaded);
        QCOMPARE(ws.stickyForwardTimer, 0.0f);
    }

    void stickyTimersCountInSinglePrecision()
    {
        // §2.12, §2.31: at 60 Hz with 3 sub-steps the timers add float(1/60)·(1/3) in float; the sum
        // first exceeds 1.0f after 180 additions (a double sum of 180 steps of 1/180 does not: 181), so
        // a tire at rest gets its side row on the 180th sub-step.
        const VehicleConfig car = referenceCar();
        const RoadContact road = flatRoad();
        const ChassisState cs = levelChassis(0.3);
        const TireContact in = tireAtRest(car, road);  // rows are reported from a first sub-step only
        WheelState ws;
        int sideFrom = 0;
        for (int subStep = 1; subStep <= 400 && sideFrom == 0; ++subStep)
            if (tireStage(in, cs, {0, 0, 0}, ws).stickySide)
                sideFrom = subStep;
        QCOMPARE(sideFrom, 180);

        // PhysX keeps a timer only if it changed: a float sum too large to grow by one sub-step
        // (2^21 s, a float spacing of 0.25 s) restarts from zero.
        ws.stickySideTimer = 2097152.0f;
        QVERIFY(!tireStage(in, cs, {0, 0, 0}, ws).stickySide);
        QCOMPARE(ws.stickySideTimer, 0.0f);
    }

    void antiRollTorqueFollowsTheJounceDifference()
    {
        // §2.13: F = K·(x_a − x_b) pushes a up and b down along their struts; with vertical struts
        // the roll torque is F·(y_a − y_b) and there is no pitch torque for wheels on one axle.
        VehicleConfig car = referenceCar();
        car.antiRollBars = {AntiRollBarConfig{0, 1, 10000.0}};
        const std::array<double, 4> jounce{0.04, 0.01, 0.0, 0.0};
        const std::array<bool, 4> touching{true, true, true, true};
        btVector3 torque(0, 0, 0);
        addAntiRollTorque(car, jounce, touching, levelChassis(0.3), {0, 0, 0}, torque);
        QVERIFY(!car.wheels[0].compliance && !car.wheels[1].compliance);  // static application points
        const double ya = car.wheels[0].geometry.suspForceAppPointOffset.y;
        const double yb = car.wheels[1].geometry.suspForceAppPointOffset.y;
        JOUNCE_VERIFY_NEAR(torque.x(), 10000.0 * 0.03 * (ya - yb), 1e-9);
        JOUNCE_VERIFY_NEAR(torque.y(), 0.0, 1e-9);
        QVERIFY(torque.x() > 0);  // the compressed left side is pushed up: roll to the right

        // Both wheels in the air: no torque.
        btVector3 none(0, 0, 0);
        const std::array<bool, 4> air{false, false, true, true};
        addAntiRollTorque(car, jounce, air, levelChassis(0.3), {0, 0, 0}, none);
        QCOMPARE(none.length(), 0.0);
    }

    void chassisIntegrationIsSemiImplicitEuler()
    {
        // §2.25: v' = v + F·h/m, x' = x + v'·h, without gravity.
        ChassisState cs = levelChassis(1.0);
        const double m = 1500.0, h = 0.01;
        integrateChassis(cs, btVector3(3000, 0, 0), btVector3(0, 0, 0), 1.0 / m, btVector3(1, 1, 1), h, btVector3(0, 0, 0));
        JOUNCE_VERIFY_NEAR(cs.v.x(), 3000 * h / m, 1e-15);
        JOUNCE_VERIFY_NEAR(cs.x.x(), 3000 * h / m * h, 1e-15);
        JOUNCE_VERIFY_NEAR(cs.x.z(), 1.0, 0.0);
        // A yaw torque about z spins it up by τ·h/I.
        integrateChassis(cs, btVector3(0, 0, 0), btVector3(0, 0, 50), 1.0 / m, btVector3(0.5, 0.5, 0.002), h,
                         btVector3(0, 0, 0));
        JOUNCE_VERIFY_NEAR(cs.w.z(), 50 * 0.002 * h, 1e-15);
        // A generation that integrates gravity in its sub-steps adds g·h to the velocity there.
        ChassisState falling = levelChassis(1.0);
        integrateChassis(falling, btVector3(0, 0, 3000), btVector3(0, 0, 0), 1.0 / m, btVector3(1, 1, 1), h,
                         kGravityVector);
        JOUNCE_VERIFY_NEAR(falling.v.z(), 3000 * h / m - kGravity * h, 1e-15);
        QVERIFY(!kPhysx41.gravityInSubSteps);  // PhysX 4.1 leaves gravity to the rigid-body step (§2.25)
    }

    void generationHoldsThePhysx41Constants()
    {
        // vehicle-model §1.18: the constants PhysX 4.1 keeps in PxVehicleUpdate, each once, here.
        QCOMPARE(kPhysx41.stickyLongitudinal.thresholdSpeed, 0.2);
        QCOMPARE(kPhysx41.stickyLateral.thresholdSpeed, 0.2);
        QCOMPARE(kPhysx41.stickyLongitudinal.thresholdTime, 1.0f);
        QCOMPARE(kPhysx41.stickyLateral.thresholdTime, 1.0f);
        QCOMPARE(kPhysx41.stickyLongitudinal.damping, 0.01);
        QCOMPARE(kPhysx41.stickyLateral.damping, 0.1);
        QCOMPARE(kPhysx41.slip.lateralOffset, 1.0);
        QCOMPARE(kPhysx41.slip.longitudinalTorqueOffset, 0.1);
        QCOMPARE(kPhysx41.suspensionLimitErp, 0.2);
        QCOMPARE(kPhysx41.pneumaticTrail, 1.0);
        QCOMPARE(kPhysx41.wheelAngleBlendSpeed, 5.0);
        QCOMPARE(kPhysx41.wheelAngleWrap, 10.0 * kPi);
        QVERIFY(kPhysx41.handbrakeRule == HandbrakeDifferentialRule::FrontDriveWhileHandbrake);
        QVERIFY(kPhysx41.springLaw == SpringLaw::PreloadedAtRest);
        QVERIFY(kPhysx41.jounceQuery == JounceQuery::Ray);
        // The vehicle takes the set its configuration names.
        QCOMPARE(referenceCar().simulation.model, ModelGenerationKind::Physx41);
    }

    void stickyRowsFollowTheGenerationsDamping()
    {
        // §2.12: a sticky row's target speed is the generation's damping times the speed it holds.
        const VehicleConfig car = referenceCar();
        ModelGeneration stiffer = kPhysx41;
        stiffer.stickyLongitudinal.damping = 0.5;
        const RoadContact road = flatRoad();
        TireContact in{car.wheels[0], road, car.tireLoadFilter, stiffer};
        in.normalForce = car.wheels[0].suspension.sprungMass * kGravity;
        in.h = 1.0 / 180.0;
        in.timerStep = physxSubStep(1.0 / 60.0, 3);
        in.rowSubStep = true;
        ChassisState cs = levelChassis(0.3);
        cs.v = btVector3(0.1, 0, 0);  // creeping forward below the threshold speed
        WheelState ws;
        const TireResult t = tireStage(in, cs, {0, 0, 0}, ws);
        QVERIFY(t.stickyForward);
        JOUNCE_VERIFY_NEAR(t.forwardRow.targetSpeed, 0.5 * 0.1, 1e-12);
    }

    void physx5CamberIsTheWheelsLeanFromTheGround()
    {
        // vehicle-model-physx5.md P4: the suspension camber rolls the wheel about the body's x axis,
        // then the steer turns it; the camber is its lean from the ground normal, body roll included.
        const btQuaternion level = btQuaternion::getIdentity();
        const btVector3 up(0, 0, 1);
        JOUNCE_VERIFY_NEAR(groundCamber(level, 0.0, 0.02, up), 0.02, 1e-12);
        JOUNCE_VERIFY_NEAR(groundCamber(level, 0.4, 0.02, up), 0.02, 1e-12);  // steering keeps the lean
        const btQuaternion rolled(btVector3(1, 0, 0), 0.05);                   // top toward -y, as a positive camber
        JOUNCE_VERIFY_NEAR(groundCamber(rolled, 0.0, 0.02, up), 0.07, 1e-12);
        JOUNCE_VERIFY_NEAR(groundCamber(level, 0.0, 0.0, btVector3(0, std::sin(0.1), std::cos(0.1))), 0.1, 1e-12);

        // The same wheel rolling straight at 10 m/s with 0.02 rad of suspension camber: PhysX 5's camber
        // thrust pushes the other way from PhysX 4.1's (it adds θ·C_γ/C_T to the slip, 4.1 subtracts γ·C_γ/C_T).
        VehicleConfig car = referenceCar();
        car.wheels[0].suspension.camberAtRest = 0.02;
        car.wheels[0].tire.physx()->camberStiffnessPerUnitGravity = 200.0;
        const RoadContact road = flatRoad();
        const auto lateralForce = [&](const ModelGeneration& generation) {
            TireContact in{car.wheels[0], road, car.tireLoadFilter, generation};
            in.normalForce = car.wheels[0].suspension.sprungMass * kGravity;
            in.h = 1.0 / 60.0;
            in.timerStep = physxSubStep(1.0 / 60.0, 1);
            ChassisState cs = levelChassis(0.3);
            cs.v = btVector3(10, 0, 0);
            WheelState ws;
            ws.omega = 10.0 / car.wheels[0].wheel.radius;
            return tireStage(in, cs, {0, 0, 0}, ws).forces.latForce;
        };
        const double f41 = lateralForce(kPhysx41);
        const double f5 = lateralForce(modelGeneration(ModelGenerationKind::Physx5));
        // Far from saturation the camber thrust is C_γ·γ = 200 kg/rad · g · 0.02 rad = 39.2 N.
        JOUNCE_VERIFY_NEAR(f41, 200.0 * kGravity * 0.02, 0.01 * 39.24);
        JOUNCE_VERIFY_NEAR(f5, -f41, 1e-6 * std::fabs(f41));
    }
};

QTEST_GUILESS_MAIN(TestVehicleStages)
#include "test_vehicle_stages.moc"
