// The whole vehicle on Bullet against numbers derived from the model (vehicle-model §7): static
// equilibrium, drop, free-wheel decay, gear changes, differentials, Ackermann, anti-roll bars,
// the tire load filter, compliance, config swaps and determinism.

#include "world/PlaneGround.h"
#include "support/NearAssert.h"
#include "config/ReferenceCar.h"
#include "world/World.h"
#include "vehicle/TireLoad.h"

#include <QtTest>

#include <cmath>
#include <cstring>

using namespace jounce;
using namespace jounce::sim;

namespace {

constexpr double kDt = 1.0 / 60.0;

std::shared_ptr<VehicleConfig> car() { return std::make_shared<VehicleConfig>(referenceCar()); }

/// Runs `seconds` with the same inputs every step.
void run(World& world, double seconds, const VehicleInputs& in = {})
{
    const int steps = static_cast<int>(std::lround(seconds / kDt));
    for (int i = 0; i < steps; ++i)
        world.step(kDt, std::span<const VehicleInputs>(&in, 1));
}

double rollAngle(const Vehicle& v)
{
    btScalar yaw, pitch, roll;
    v.chassisTransform().getBasis().getEulerZYX(yaw, pitch, roll);
    return roll;
}

/// Ground of two surfaces: index 1 ("ice") for y > 0 (left), index 0 ("tarmac") elsewhere.
class SplitGround final : public Ground {
public:
    bool raycast(const btVector3& from, const btVector3& to, GroundHit& hit) const override
    {
        if (!plane_.raycast(from, to, hit))
            return false;
        hit.surface = hit.point.y() > 0 ? 1 : 0;
        return true;
    }
    bool sweepWheel(const WheelSweep& sweep, GroundHit& hit) const override
    {
        if (!plane_.sweepWheel(sweep, hit))
            return false;
        hit.surface = hit.point.y() > 0 ? 1 : 0;
        return true;
    }
    double heightAt(double, double) const override { return 0.0; }
    const std::vector<std::string>& surfaceNames() const override { return names_; }
    btCollisionObject* collisionObject() override { return plane_.collisionObject(); }

private:
    PlaneGround plane_;
    std::vector<std::string> names_{"tarmac", "ice"};
};

}  // namespace

class TestVehicleDynamics : public QObject {
    Q_OBJECT
private slots:
    void restWithOneSubStepCarriesSprungMasses()
    {
        // §7.2 / §2.5: consistent sprung masses and one sub-step: every wheel rests at zero jounce
        // and its strut carries exactly m_s·g.
        auto c = car();
        c->simulation.lowForwardSpeedSubStepCount = 1;
        World world(std::make_shared<PlaneGround>());
        Vehicle& v = world.addVehicle(c, {});
        run(world, 6.0);
        for (std::size_t i = 0; i < 4; ++i) {
            const WheelResult& w = v.wheels()[i];
            const double ms = c->wheels[i].suspension.sprungMass;
            QVERIFY(!w.inAir);
            JOUNCE_VERIFY_NEAR(w.jounce, 0.0, 1e-6);
            JOUNCE_VERIFY_NEAR(w.suspForce, ms * kGravity, 0.005 * ms * kGravity);
            // §7.6-12: the normalised load at rest is m_s / (m_s + m_w), not 1; the channel carries
            // it after the default filter ℓ_f = 0.2308 + (3 - 0.2308)/3 · ℓ (§2.6).
            const double l = ms / (ms + 20.0);
            JOUNCE_VERIFY_NEAR(w.rawTireLoad / tireRestLoad(ms, 20.0, kGravity), l, 1e-4);
            JOUNCE_VERIFY_NEAR(w.normTireLoad, 0.2308 + (3.0 - 0.2308) / 3.0 * l, 1e-4);
            JOUNCE_VERIFY_NEAR(w.tireLoad, w.normTireLoad * tireRestLoad(ms, 20.0, kGravity), 1e-9 * w.tireLoad);
            JOUNCE_VERIFY_NEAR(w.tireFriction, 1.0, 1e-12);  // §7.2 reported friction
            JOUNCE_VERIFY_NEAR(w.longSlip, 0.0, 1e-9);
        }
        // §7.2 heights: chassis origin 2.0 m above the ground.
        JOUNCE_VERIFY_NEAR(v.chassisTransform().getOrigin().z(), 2.0, 1e-5);
    }

    void restWithDefaultSubStepsCarriesTheWeight()
    {
        // §7.3: with 3 sub-steps the private integration has no gravity, so single sub-step forces
        // differ; the body still comes to rest with |jounce| < 2 mm and the forces averaged over
        // the sub-steps carry M·g.
        auto c = car();
        World world(std::make_shared<PlaneGround>());
        Vehicle& v = world.addVehicle(c, {});
        run(world, 8.0);
        QVERIFY(v.body().getLinearVelocity().length() < 1e-4);
        double total = 0.0;
        for (const WheelResult& w : v.wheels()) {
            QVERIFY2(std::fabs(w.jounce) < 0.002, qPrintable(QString::number(w.jounce)));
            total += w.suspForce;
        }
        JOUNCE_VERIFY_NEAR(total, 1500.0 * kGravity, 0.005 * 1500.0 * kGravity);
    }

    void dropFromTheStartPose()
    {
        // §7.4: spawned 0.5 m above rest, every wheel is in the air with jounce -maxDroop and no
        // load until the body has fallen 0.4 m (free fall ≈ 0.286 s).
        World world(std::make_shared<PlaneGround>());
        Vehicle& v = world.addVehicle(car(), {});
        JOUNCE_VERIFY_NEAR(v.chassisTransform().getOrigin().z(), 2.5, 1e-9);
        int airborneSteps = 0;
        while (true) {
            run(world, kDt);
            if (!v.inAir())
                break;
            ++airborneSteps;
            for (const WheelResult& w : v.wheels()) {
                JOUNCE_VERIFY_NEAR(w.jounce, -0.1, 1e-12);
                QCOMPARE(w.tireLoad, 0.0);
                QCOMPARE(w.suspForce, 0.0);
                QCOMPARE(w.surface, -1);
            }
        }
        // Semi-implicit Euler at 60 Hz: the wheels touch after about 0.286 s, i.e. step 17 or 18.
        QVERIFY2(airborneSteps >= 16 && airborneSteps <= 18, qPrintable(QString::number(airborneSteps)));
    }

    void droppedFromOneMetreHasNoLoadInTheAir()
    {
        World world(std::make_shared<PlaneGround>());
        Vehicle& v = world.addVehicle(car(), {0, 0, 0, 1.0});
        run(world, 0.35);  // fallen 0.6 m of the 0.9 m before the wheels touch
        QVERIFY(v.inAir());
        for (const WheelResult& w : v.wheels()) {
            QCOMPARE(w.tireLoad, 0.0);
            QCOMPARE(w.rawTireLoad, 0.0);
            QVERIFY(w.inAir);
        }
        run(world, 3.0);
        QVERIFY(!v.inAir());
    }

    void spinningWheelInTheAirDecaysByItsDampingRate()
    {
        // §2.23 free wheel: ω' = ω / (1 + h·c_w / I) per sub-step. No-drive car far above the ground:
        // spin the wheels with a drive torque, release, and compare 1 s of decay.
        auto c = car();
        c->drive.type = DriveType::None;
        World world(std::make_shared<PlaneGround>());
        Vehicle& v = world.addVehicle(c, {0, 0, 0, 1000.0});
        VehicleInputs spin;
        spin.driveTorque.fill(50.0);
        run(world, 1.0, spin);
        const double before = v.wheels()[0].wheelOmega;
        QVERIFY(before > 10.0);
        run(world, 1.0);
        const double h = kDt / 3.0;  // the body does not move forward: low-speed sub-steps
        const double expected = before * std::pow(1.0 + h * 0.25 / 2.5, -180.0);
        JOUNCE_VERIFY_NEAR(v.wheels()[0].wheelOmega, expected, 1e-9 * before);
        // ≈ e^{-0.1}: the continuous decay of c/I = 0.1 1/s.
        JOUNCE_VERIFY_NEAR(v.wheels()[0].wheelOmega / before, std::exp(-0.1), 1e-3);
    }

    void fullThrottleShiftsUpWithoutCycling()
    {
        World world(std::make_shared<PlaneGround>());
        Vehicle& v = world.addVehicle(car(), {});
        run(world, 1.0);
        VehicleInputs full;
        full.accel = 1.0;
        int highest = 1, firstToNeutral = 0, lastGear = v.drive().gear;
        for (int i = 0; i < 39 * 60; ++i) {
            run(world, kDt, full);
            const int gear = v.drive().gear;
            highest = std::max(highest, gear);
            if (lastGear == 1 && gear == 0 && v.drive().targetGear != 2)
                ++firstToNeutral;  // a change out of first that is not the up-shift to second
            QVERIFY2(!(lastGear == 0 && gear == 1 && highest > 1), "never drops back into first");
            lastGear = gear;
        }
        QCOMPARE(highest, 5);  // the reference gearbox's top gear
        QCOMPARE(firstToNeutral, 0);
        // Top speed in fifth at maxOmega is ω_max·r/|G| = 600·0.5/4 = 75 m/s (§6.8); after 39 s
        // the car is close to it and the engine is at the clamp.
        QVERIFY2(v.localVelocity().x() > 70.0 && v.localVelocity().x() < 75.0, qPrintable(QString::number(v.localVelocity().x())));
        JOUNCE_VERIFY_NEAR(v.drive().engineOmega, 600.0, 1e-9);
    }

    void ackermannAnglesOnTheCar()
    {
        // §7.5 Ackermann vector: at steer 1, L = 3.0, W = 2.1: inner 1.047093, outer 0.664156; a
        // left turn makes the left (index 0) front wheel the inner one.
        World world(std::make_shared<PlaneGround>());
        Vehicle& v = world.addVehicle(car(), {});
        VehicleInputs in;
        in.steer = 1.0;
        run(world, kDt, in);
        JOUNCE_VERIFY_NEAR(v.wheels()[0].steerAngle, 1.047093, 1e-6);
        JOUNCE_VERIFY_NEAR(v.wheels()[1].steerAngle, 0.664156, 1e-6);
        QCOMPARE(v.wheels()[2].steerAngle, 0.0);
        // Accuracy 0: both wheels get s·maxSteer.
        auto c = car();
        c->drive.ackermann.accuracy = 0.0;
        v.setConfig(c);
        in.steer = -0.5;
        run(world, kDt, in);
        JOUNCE_VERIFY_NEAR(v.wheels()[0].steerAngle, -0.5 * c->wheels[0].wheel.maxSteer, 1e-12);
        JOUNCE_VERIFY_NEAR(v.wheels()[1].steerAngle, -0.5 * c->wheels[0].wheel.maxSteer, 1e-12);
    }

    void steerLeftTurnsLeft()
    {
        World world(std::make_shared<PlaneGround>());
        Vehicle& v = world.addVehicle(car(), {});
        run(world, 2.0);
        VehicleInputs in;
        in.accel = 0.6;
        run(world, 4.0, in);
        in.steer = 0.1;
        run(world, 6.0, in);
        QVERIFY(v.body().getAngularVelocity().z() > 0.05);  // positive yaw rate: a left turn
        QVERIFY(v.chassisTransform().getOrigin().y() > 1.0);
        QVERIFY(v.localAcceleration().y() > 0.5);           // lateral acceleration toward the left
    }

    void differentialsOnSplitFriction()
    {
        // Rear-wheel drive on split friction (left wheels on ice): an open differential gives the
        // tarmac wheel no more torque than the ice wheel can take, so the ice wheel spins up and the
        // car barely moves; a limited-slip one diverts torque from the faster wheel once their speed
        // ratio exceeds the bias (§2.20), so the car pulls away and the wheels stay closer.
        struct Launch {
            double speed, ratio;
        };
        auto launch = [](DifferentialType type) {
            auto c = car();
            c->surfaces.surfaceTypes = {"tarmac", "ice"};
            c->surfaces.friction = {{1.0, 0.1}, {0.1, 0.05}};
            c->drive.differential4W.type = type;
            c->drive.differential4W.rearBias = 1.3;
            World world(std::make_shared<SplitGround>());
            Vehicle& v = world.addVehicle(c, {});
            run(world, 2.0);
            VehicleInputs in;
            in.accel = 1.0;
            run(world, 3.0, in);
            return Launch{v.localVelocity().x(), v.wheels()[2].wheelOmega / v.wheels()[3].wheelOmega};
        };
        const Launch open = launch(DifferentialType::OPEN_REARWD);
        const Launch limited = launch(DifferentialType::LS_REARWD);
        QVERIFY2(open.ratio > 10.0, qPrintable(QString::number(open.ratio)));
        QVERIFY2(limited.ratio < open.ratio / 3.0, qPrintable(QString::number(limited.ratio)));
        QVERIFY2(limited.speed > 2.0 * open.speed, qPrintable(QString("%1 %2").arg(limited.speed).arg(open.speed)));

        // With equal grip an open differential splits the torque equally: both rear wheels turn
        // at the same speed while accelerating straight.
        World world(std::make_shared<PlaneGround>());
        auto c = car();
        c->drive.differential4W.type = DifferentialType::OPEN_REARWD;
        Vehicle& v = world.addVehicle(c, {});
        run(world, 2.0);
        VehicleInputs in;
        in.accel = 1.0;
        run(world, 1.0, in);
        JOUNCE_VERIFY_NEAR(v.wheels()[2].wheelOmega, v.wheels()[3].wheelOmega, 1e-5 * v.wheels()[3].wheelOmega);
        QVERIFY(v.wheels()[2].wheelOmega > 5.0);
        JOUNCE_VERIFY_NEAR(v.wheels()[0].wheelOmega, v.wheels()[1].wheelOmega, 1e-5 * v.wheels()[1].wheelOmega);
    }

    void stifferAntiRollBarsRollLess()
    {
        auto steadyRoll = [](double stiffness) {
            auto c = car();
            for (AntiRollBarConfig& bar : c->antiRollBars)
                bar.stiffness = stiffness;
            World world(std::make_shared<PlaneGround>());
            Vehicle& v = world.addVehicle(c, {});
            // Steady cornering: part throttle holds about 9 m/s in first gear, a small steer input
            // gives about 2.5 m/s² of lateral acceleration; roll per unit lateral acceleration.
            VehicleInputs in;
            in.accel = 0.6;
            run(world, 4.0, in);
            in.steer = 0.1;
            run(world, 10.0, in);
            return std::fabs(rollAngle(v)) / std::fabs(v.localAcceleration().y());
        };
        const double soft = steadyRoll(0.0);
        const double stiff = steadyRoll(40000.0);
        // Roll stiffness of the springs alone: k·track²/2 per axle = 154 kN m/rad; the two bars add
        // stiffness·track² each = 353 kN m/rad, so the roll gradient should drop to about a third.
        QVERIFY2(soft > 5e-4, qPrintable(QString::number(soft)));
        QVERIFY2(stiff < 0.5 * soft, qPrintable(QString("%1 %2").arg(soft).arg(stiff)));
    }

    void tireLoadFilterClamps()
    {
        // §2.6: with the filter capped at 0.5, a wheel at rest (ℓ ≈ 0.96) gives the tire 0.5·L_rest.
        auto c = car();
        c->simulation.lowForwardSpeedSubStepCount = 1;
        c->tireLoadFilter = {0.0, 0.1, 0.4, 0.5};
        World world(std::make_shared<PlaneGround>());
        Vehicle& v = world.addVehicle(c, {});
        run(world, 6.0);
        const double restLoad = tireRestLoad(437.5, 20.0, kGravity);
        JOUNCE_VERIFY_NEAR(v.wheels()[0].tireLoad, 0.5 * restLoad, 1e-6 * restLoad);
        JOUNCE_VERIFY_NEAR(v.wheels()[0].normTireLoad, 0.5, 1e-9);
        JOUNCE_VERIFY_NEAR(v.wheels()[0].rawTireLoad / restLoad, 437.5 / 457.5, 1e-4);  // the input is not filtered
    }

    void complianceGraphsInterpolate()
    {
        // At rest (jounce 0) the normalised jounce is droop / (droop + compression) = 0.25: the
        // camber and toe graphs are read there, overriding the camberAt* and toeAngle values.
        auto c = car();
        c->simulation.lowForwardSpeedSubStepCount = 1;
        WheelCompliance comp;
        comp.wheelCamberAngle = {{0.0, 0.02}, {0.5, -0.02}};
        comp.wheelToeAngle = {{0.0, 0.01}, {1.0, -0.03}};
        c->wheels[2].compliance = comp;
        World world(std::make_shared<PlaneGround>());
        Vehicle& v = world.addVehicle(c, {});
        run(world, 6.0);
        JOUNCE_VERIFY_NEAR(v.wheels()[2].camber, 0.0, 1e-6);    // halfway from 0.02 to -0.02
        JOUNCE_VERIFY_NEAR(v.wheels()[2].steerAngle, 0.0, 1e-6);  // 0.01 + 0.25·(-0.04)
        JOUNCE_VERIFY_NEAR(v.wheels()[3].camber, 0.0, 1e-6);     // no graph: camberAtRest
    }

    void configSwapKeepsTheMotion()
    {
        World world(std::make_shared<PlaneGround>());
        auto c = car();
        Vehicle& v = world.addVehicle(c, {});
        run(world, 1.0);
        VehicleInputs in;
        in.accel = 1.0;
        run(world, 5.0, in);
        const double speed = v.localVelocity().x();
        const int gear = v.drive().gear;
        const double x = v.chassisTransform().getOrigin().x();
        auto stiffer = car();
        for (WheelConfig& w : stiffer->wheels)
            w.suspension.springStrength = 45000.0;
        v.setConfig(stiffer);
        QCOMPARE(v.drive().gear, gear);
        JOUNCE_VERIFY_NEAR(v.localVelocity().x(), speed, 1e-9);
        JOUNCE_VERIFY_NEAR(v.chassisTransform().getOrigin().x(), x, 1e-9);
        run(world, kDt, in);
        JOUNCE_VERIFY_NEAR(v.localVelocity().x(), speed, 0.2);  // one step later: still at speed
        // A new centre of mass keeps the chassis origin where it was.
        auto shifted = car();
        shifted->chassis.cmOffset.x = 0.0;
        const btVector3 before = v.chassisTransform().getOrigin();
        v.setConfig(shifted);
        JOUNCE_VERIFY_NEAR((v.chassisTransform().getOrigin() - before).length(), 0.0, 1e-9);
        // A different wheel count rebuilds in place and keeps driving.
        auto six = car();
        six->wheels.push_back(six->wheels[2]);
        six->wheels.push_back(six->wheels[3]);
        six->wheels[4].geometry.wheelCentreOffset.x = 0.0;
        six->wheels[5].geometry.wheelCentreOffset.x = 0.0;
        v.setConfig(six);
        QCOMPARE(v.wheels().size(), std::size_t(6));
        run(world, 2.0, in);
        QVERIFY(v.localVelocity().x() > 5.0);
    }

    void deterministic()
    {
        auto trace = [] {
            World world(std::make_shared<PlaneGround>());
            Vehicle& v = world.addVehicle(car(), {});
            std::vector<double> out;
            VehicleInputs in;
            for (int i = 0; i < 600; ++i) {
                in.accel = i > 60 ? 1.0 : 0.0;
                in.steer = i > 300 ? 0.2 : 0.0;
                world.step(kDt, std::span<const VehicleInputs>(&in, 1));
                const btTransform t = v.chassisTransform();
                out.insert(out.end(), {t.getOrigin().x(), t.getOrigin().y(), t.getOrigin().z(), v.wheels()[0].jounce,
                                       v.drive().engineOmega});
            }
            return out;
        };
        const std::vector<double> a = trace();
        const std::vector<double> b = trace();
        QCOMPARE(a.size(), b.size());
        QVERIFY(std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
    }
};

QTEST_APPLESS_MAIN(TestVehicleDynamics)
#include "test_vehicle_dynamics.moc"
