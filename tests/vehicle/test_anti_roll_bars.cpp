// The two anti-roll bar laws (vehicle-model §2.13, §2.13.1): PhysX's roll torque never reaches the tire
// loads; a wheelForces bar adds f = k·(x_a − x_b) to the more compressed wheel's load and takes it from
// the other's, never below zero, and so shifts balance between the axles. The stage functions alone
// first, then the whole car in steady turns: the loads, a lifted wheel, and the balance.

#include "support/NearAssert.h"
#include "config/ReferenceCar.h"
#include "vehicle/ChassisStage.h"
#include "vehicle/SuspensionStage.h"
#include "world/PlaneGround.h"
#include "world/World.h"

#include <QtTest>

#include <array>
#include <bit>
#include <cmath>
#include <memory>

using namespace jounce;
using namespace jounce::sim;

namespace {

constexpr double kDt = 1.0 / 60.0;

/// The reference car with a front and a rear bar of these stiffnesses, both in `mode`.
std::shared_ptr<VehicleConfig> carWithBars(AntiRollBarMode mode, double front, double rear)
{
    auto c = std::make_shared<VehicleConfig>(referenceCar());
    c->antiRollBars = {{0, 1, front, mode}, {2, 3, rear, mode}};
    return c;
}

/// §2.4.2 - §2.4.3 by hand for a flat ground (n = +z): the F_n of wheel `wc`'s spring and damper at
/// jounce `x` and jounce speed `xDot`, with `bar` added along the strut, the chassis in `basis`.
double strutNormalForce(const WheelConfig& wc, const btMatrix3x3& basis, double x, double xDot, double bar = 0.0)
{
    const btVector3 n(0, 0, 1), g = World::gravity();
    const btVector3 w = basis * toBt(wc.geometry.suspTravelDirection).normalized();
    const double ag = std::max(0.0, g.dot(w));
    const SuspensionData& sd = wc.suspension;
    const double fw = std::max(0.0, sd.sprungMass * ag + sd.springStrength * x) + sd.springDamperRate * xDot + bar;
    return n.dot(-w * fw - (g - w * ag) * sd.sprungMass);
}

/// The car driving a steady left turn: per wheel, averaged over the last 2 s (steering from 4 s, the
/// turn steady by 14 s), its jounce, its raw load (F_n) and, worked out by hand from §2.4.2 - §2.4.3,
/// the F_n its spring alone gives at that jounce (the dampers are idle in the steady state).
struct Stance {
    std::array<double, 4> jounce{}, raw{}, springOnly{}, alongNormal{};
    double lateralAcceleration = 0.0;
    int frames = 0;
    bool oneSubStep = true;  ///< every frame had one sub-step: the published loads are its jounce's
};

Stance turnSteadily(AntiRollBarMode mode, double steer)
{
    auto c = carWithBars(mode, 40000.0, 40000.0);
    World world(std::make_shared<PlaneGround>());
    const Vehicle& v = world.addVehicle(c, {});
    VehicleInputs in;
    in.accel = 0.6;
    Stance s;
    for (int step = 0; step < 16 * 60; ++step) {
        in.steer = step < 240 ? 0.0 : steer;
        world.step(kDt, std::span<const VehicleInputs>(&in, 1));
        if (step < 14 * 60)
            continue;
        s.oneSubStep = s.oneSubStep && v.drive().subSteps == 1;
        const btMatrix3x3 basis = v.body().getCenterOfMassTransform().getBasis();
        for (std::size_t i = 0; i < 4; ++i) {
            const WheelResult& r = v.wheels()[i];
            s.jounce[i] += r.jounce;
            s.raw[i] += r.rawTireLoad;
            const double spring = strutNormalForce(c->wheels[i], basis, r.jounce, 0.0);
            s.springOnly[i] += spring;
            // How much of a strut force F_n carries (§2.4.3): the F_n of 1 N along the strut.
            s.alongNormal[i] += strutNormalForce(c->wheels[i], basis, r.jounce, 0.0, 1.0) - spring;
        }
        s.lateralAcceleration += v.localAcceleration().y();
        ++s.frames;
    }
    for (auto* a : {&s.jounce, &s.raw, &s.springOnly, &s.alongNormal})
        for (double& x : *a)
            x /= s.frames;
    s.lateralAcceleration /= s.frames;
    return s;
}

/// Steady state of a left turn at part throttle: the yaw rate, rad/s.
double steadyYawRate(std::shared_ptr<VehicleConfig> c, double steer)
{
    World world(std::make_shared<PlaneGround>());
    Vehicle& v = world.addVehicle(std::move(c), {});
    VehicleInputs in;
    in.accel = 0.6;
    for (int i = 0; i < 240; ++i)
        world.step(kDt, std::span<const VehicleInputs>(&in, 1));
    in.steer = steer;
    for (int i = 0; i < 600; ++i)
        world.step(kDt, std::span<const VehicleInputs>(&in, 1));
    return v.body().getAngularVelocity().z();
}

}  // namespace

class TestAntiRollBars : public QObject {
    Q_OBJECT
private slots:
    void wheelForcesLoadTheCompressedWheel()
    {
        // §2.13.1: f = k·(x_a − x_b) = 10000·0.03 = 300 N, +f to wheel 0, −f to wheel 1.
        VehicleConfig car = referenceCar();
        car.antiRollBars = {{0, 1, 10000.0, AntiRollBarMode::WheelForces}, {2, 3, 10000.0}};
        const std::array<double, 4> jounce{0.04, 0.01, 0.05, 0.0};
        std::array<double, 4> bar{};
        QVERIFY(antiRollBarForces(car, jounce, std::array{true, true, true, true}, bar));
        JOUNCE_VERIFY_NEAR(bar[0], 300.0, 1e-9);
        JOUNCE_VERIFY_NEAR(bar[1], -300.0, 1e-9);
        QCOMPARE(bar[2], 0.0);  // the rear bar is PhysX's: no force at its wheels
        QCOMPARE(bar[3], 0.0);

        // A lifted wheel (its jounce −maxDroop) takes nothing; its partner takes k·(x_a + maxDroop).
        const std::array<double, 4> lifted{0.04, -0.1, 0.0, 0.0};
        QVERIFY(antiRollBarForces(car, lifted, std::array{true, false, true, true}, bar));
        JOUNCE_VERIFY_NEAR(bar[0], 10000.0 * 0.14, 1e-9);
        QCOMPARE(bar[1], 0.0);
        QVERIFY(antiRollBarForces(car, lifted, std::array{false, false, true, true}, bar));
        QCOMPARE(bar[0], 0.0);

        // PhysX's bars only: nothing written, the struts stay bit for bit.
        car.antiRollBars[0].mode = AntiRollBarMode::RollTorque;
        bar.fill(7.0);
        QVERIFY(!antiRollBarForces(car, jounce, std::array{true, true, true, true}, bar));
        QCOMPARE(bar[0], 7.0);
    }

    void aBarCannotPullAWheelOntoTheGround()
    {
        // §2.13.1: spring+damper+bar never goes below zero by the bar's pull; a push is never cut.
        QCOMPARE(withAntiRollBarForce(500.0, -200.0), 300.0);
        QCOMPARE(withAntiRollBarForce(500.0, -800.0), 0.0);
        QCOMPARE(withAntiRollBarForce(500.0, 800.0), 1300.0);
        QCOMPARE(withAntiRollBarForce(-50.0, -800.0), -50.0);  // rebound damping keeps its own pull only
        QCOMPARE(withAntiRollBarForce(-50.0, 30.0), -20.0);
        QCOMPARE(std::bit_cast<std::uint64_t>(withAntiRollBarForce(-0.0, 0.0)), std::bit_cast<std::uint64_t>(-0.0));
    }

    void wheelForcesBarsAddNoRollTorque()
    {
        // §2.13: the torque stage skips wheelForces bars, whose forces act through the struts.
        VehicleConfig car = referenceCar();
        car.antiRollBars = {{0, 1, 10000.0, AntiRollBarMode::WheelForces}};
        const ChassisState cs{btVector3(0, 0, 0.3), btQuaternion::getIdentity(), {0, 0, 0}, {0, 0, 0}};
        btVector3 torque(0, 0, 0);
        addAntiRollTorque(car, std::array{0.04, 0.01, 0.0, 0.0}, std::array{true, true, true, true}, cs, {0, 0, 0}, torque);
        QCOMPARE(torque.length(), 0.0);
    }

    void inASteadyTurnOnlyWheelForcesMoveTheLoad()
    {
        // The reference car, bars 40000 N/m, in a steady left turn at about 9 m/s (one sub-step above
        // thresholdLongitudinalSpeed): the right wheels are the outer ones, f = k·(x_left − x_right) < 0.
        const Stance rt = turnSteadily(AntiRollBarMode::RollTorque, 0.2);
        const Stance wf = turnSteadily(AntiRollBarMode::WheelForces, 0.2);
        QVERIFY(rt.oneSubStep && wf.oneSubStep);
        QVERIFY2(rt.lateralAcceleration > 3.0, qPrintable(QString::number(rt.lateralAcceleration)));
        for (std::size_t axle = 0; axle < 2; ++axle) {
            const std::size_t a = 2 * axle, b = a + 1;  // the bar's wheel0 (left, inner) and wheel1
            const double f = 40000.0 * (wf.jounce[a] - wf.jounce[b]);
            QVERIFY2(f < -100.0, qPrintable(QString::number(f)));  // the body rolls out: the bar works
            // rollTorque: each raw load is its spring's alone, to a newton of 2.5 - 5.5 kN.
            for (std::size_t i : {a, b})
                JOUNCE_VERIFY_NEAR(rt.raw[i], rt.springOnly[i], 1.0);
            // wheelForces: the inner wheel carries f < 0 and the outer −f on top of their springs:
            // the axle's sum is its springs', its outer−inner difference theirs plus 2|f|.
            JOUNCE_VERIFY_NEAR(wf.raw[a], wf.springOnly[a] + f * wf.alongNormal[a], 1.0);
            JOUNCE_VERIFY_NEAR(wf.raw[b], wf.springOnly[b] - f * wf.alongNormal[b], 1.0);
            const double sumRt = rt.raw[a] + rt.raw[b], sumWf = wf.raw[a] + wf.raw[b];
            const double diffRt = rt.raw[b] - rt.raw[a], diffWf = wf.raw[b] - wf.raw[a];
            JOUNCE_VERIFY_NEAR(sumWf, wf.springOnly[a] + wf.springOnly[b], 0.01 * std::fabs(f));
            JOUNCE_VERIFY_NEAR(diffWf, wf.springOnly[b] - wf.springOnly[a] + 2.0 * std::fabs(f), 0.01 * 2.0 * std::fabs(f));
            // Against PhysX's bar in the same turn: the axle carries about the same, the difference
            // grows by about 2|f| (the two cars' roll and lateral acceleration differ a little).
            JOUNCE_VERIFY_NEAR(sumWf, sumRt, 0.2 * std::fabs(f));
            JOUNCE_VERIFY_NEAR(diffWf - diffRt, 2.0 * std::fabs(f), 0.2 * 2.0 * std::fabs(f));
            qInfo("axle %zu: a_y %.2f / %.2f m/s2, f = %.1f N; outer-inner raw load %.1f N (rollTorque) -> %.1f N "
                  "(wheelForces); axle sum %.1f -> %.1f N",
                  axle, rt.lateralAcceleration, wf.lateralAcceleration, f, diffRt, diffWf, sumRt, sumWf);
        }
    }

    void aLiftedWheelHasNoLoadAndNoNaN()
    {
        // 3 mm of rear droop: the inner rear wheel runs out of travel and lifts in a steady left
        // turn (as test_doctor_live's wheel lift), here with stiff wheelForces bars. The lifted
        // wheel carries nothing; its partner carries its spring, its damper and the whole bar,
        // f = k·(x + maxDroop) (§2.13.1), to a newton.
        const double k = 40000.0, droop = 0.003;
        auto c = carWithBars(AntiRollBarMode::WheelForces, k, k);
        c->wheels[2].suspension.maxDroop = c->wheels[3].suspension.maxDroop = droop;
        World world(std::make_shared<PlaneGround>());
        const Vehicle& v = world.addVehicle(c, {});
        VehicleInputs in;
        in.accel = 0.6;
        int lifted = 0;
        double barForce = 0.0, partnerLoad = 0.0;
        std::array<double, 4> lastJounce{};
        for (int step = 0; step < 14 * 60; ++step) {
            in.steer = step < 240 ? 0.0 : 0.3;
            world.step(kDt, std::span<const VehicleInputs>(&in, 1));
            for (std::size_t i = 0; i < 4; ++i) {
                const WheelResult& r = v.wheels()[i];
                QVERIFY(std::isfinite(r.jounce) && std::isfinite(r.rawTireLoad) && std::isfinite(r.tireLoad));
                QVERIFY(std::isfinite(r.suspForce) && std::isfinite(r.tireForce.length()));
                QVERIFY2(r.tireLoad >= 0.0, qPrintable(QString::number(r.tireLoad)));
                if (r.inAir)
                    QVERIFY(r.rawTireLoad == 0.0 && r.tireLoad == 0.0 && r.jounce == -c->wheels[i].suspension.maxDroop);
            }
            const std::size_t left = 2, right = 3;
            if (v.wheels()[left].inAir != v.wheels()[right].inAir && v.drive().subSteps == 1 && step > 240) {
                const std::size_t g = v.wheels()[left].inAir ? right : left;
                const WheelResult& r = v.wheels()[g];
                const btMatrix3x3 basis = v.body().getCenterOfMassTransform().getBasis();
                barForce = k * (r.jounce + droop);
                partnerLoad = r.rawTireLoad;
                const double xDot = (r.jounce - lastJounce[g]) / kDt;
                JOUNCE_VERIFY_NEAR(r.rawTireLoad, strutNormalForce(c->wheels[g], basis, r.jounce, xDot, barForce), 1.0);
                QVERIFY2(r.rawTireLoad > 0.0, qPrintable(QString::number(r.rawTireLoad)));
                ++lifted;
            }
            for (std::size_t i = 0; i < 4; ++i)
                lastJounce[i] = v.wheels()[i].jounce;
        }
        QVERIFY2(lifted > 60, qPrintable(QString::number(lifted)));  // a second or more on three wheels
        qInfo("rear wheel lifted in %d of %d steps; the grounded rear wheel last carried %.0f N, %.0f N of it the bar's",
              lifted, 14 * 60, partnerLoad, barForce);
    }

    void aStifferRearBarReducesUndersteerOnlyWithWheelForces()
    {
        // The tuning guide's rule: a stiffer rear bar (front bar soft) turns the car more at the same
        // steer than a stiffer front bar. PhysX's bar cannot do it (§2.13.1); the real one can.
        auto yaw = [](AntiRollBarMode mode, double front, double rear) {
            return steadyYawRate(carWithBars(mode, front, rear), 0.3);
        };
        const double rtFront = yaw(AntiRollBarMode::RollTorque, 60000.0, 0.0);
        const double rtRear = yaw(AntiRollBarMode::RollTorque, 0.0, 60000.0);
        const double wfFront = yaw(AntiRollBarMode::WheelForces, 60000.0, 0.0);
        const double wfRear = yaw(AntiRollBarMode::WheelForces, 0.0, 60000.0);
        qInfo("steady yaw rate, rad/s: rollTorque front-stiff %.4f rear-stiff %.4f; wheelForces front-stiff %.4f rear-stiff %.4f",
              rtFront, rtRear, wfFront, wfRear);
        QVERIFY(rtFront > 0.1 && wfFront > 0.1);  // turning left
        QVERIFY2(wfRear > wfFront * 1.02, qPrintable(QString("%1 %2").arg(wfFront).arg(wfRear)));
        QVERIFY2(std::fabs(rtRear - rtFront) < 0.25 * (wfRear - wfFront),
                 qPrintable(QString("%1 %2 %3 %4").arg(rtFront).arg(rtRear).arg(wfFront).arg(wfRear)));
    }
};

QTEST_APPLESS_MAIN(TestAntiRollBars)
#include "test_anti_roll_bars.moc"
