// Brakes and the lock rule (§2.15), free/undriven and NoDrive wheels (§2.23), the implicit engine +
// wheel solve in both accuracy modes (§2.19) and the tank least-squares solve (§2.22).

#include "support/NearAssert.h"
#include "vehicle/Brakes.h"
#include "vehicle/DrivetrainSolver.h"

#include <array>
#include <cmath>

using namespace jounce;
using namespace jounce::sim;

namespace {

constexpr double kH = 1.0 / 180.0;  // dt 1/60 with 3 sub-steps

ClutchData bestPossible()
{
    return ClutchData{};
}

ClutchData estimate(int iterations)
{
    ClutchData c;
    c.accuracyMode = ClutchAccuracyMode::Estimate;
    c.estimateIterations = iterations;
    return c;
}

// A Drive4W in first gear (G = 16) with the snippet wheels, LS_4WD static shares and tire torques.
std::array<DriveWheelRow, 4> inGearWheels()
{
    const std::array<double, 4> omega{20.0, 21.0, 19.0, 18.5};
    const std::array<double, 4> share{0.225, 0.225, 0.275, 0.275};
    const std::array<double, 4> tire{-120.0, -80.0, -150.0, -60.0};
    std::array<DriveWheelRow, 4> rows{};
    for (std::size_t i = 0; i < 4; ++i) {
        rows[i].omega = omega[i];
        rows[i].moi = 2.5;
        rows[i].dampingRate = 0.25;
        rows[i].alpha = share[i];
        rows[i].gamma = share[i];
        rows[i].tireTorque = tire[i];
    }
    return rows;
}

EngineRow snippetEngine(double omega, double torque, double damping)
{
    EngineRow e;
    e.omega = omega;
    e.moi = 1.0;
    e.driveTorque = torque;
    e.dampingRate = damping;
    e.maxOmega = 600.0;
    return e;
}

}  // namespace

class TestDrivetrain : public QObject {
    Q_OBJECT
private slots:
    void brakeTorqueSigns();
    void lockRule();
    void freeWheelDecay();
    void brakeLocksAndHolds();
    void noDriveWheel();
    void exactSolveSatisfiesEquations();
    void clutchConservesCoupledMomentum();
    void clutchSlipVanishes();
    void estimateConvergesToExact();
    void neutralDecouples();
    void lockRuleAndClampInSolve();
    void nWheelSystemSize();
    void tankTwoWheelsIsExact();
    void tankTracksShareRimSpeed();
    void tankSymmetricMatchesFullSolve();
};

void TestDrivetrain::brakeTorqueSigns()
{
    // §2.15: T_b = −sgn(ω)·(brake·maxBrake + handbrake·maxHandBrake).
    WheelBrake b = driveBrake(10.0, 1.0, 0.5, 1500.0, 4000.0);
    JOUNCE_VERIFY_NEAR(b.torque, -3500.0, 1e-12);
    QVERIFY(b.applied);
    b = driveBrake(-3.0, 0.2, 0.0, 1500.0, 4000.0);
    JOUNCE_VERIFY_NEAR(b.torque, 300.0, 1e-12);
    // At ω = 0: no torque, but the wheel counts as braked.
    b = driveBrake(0.0, 1.0, 0.0, 1500.0, 0.0);
    QCOMPARE(b.torque, 0.0);
    QVERIFY(b.applied);
    // Handbrake on a front wheel with maxHandBrake 0: not braked.
    b = driveBrake(5.0, 0.0, 1.0, 1500.0, 0.0);
    QCOMPARE(b.torque, 0.0);
    QVERIFY(!b.applied);
    // Tank: side brake × maxBrake.
    b = tankBrake(4.0, 0.5, 1500.0);
    JOUNCE_VERIFY_NEAR(b.torque, -750.0, 1e-12);
}

void TestDrivetrain::lockRule()
{
    QCOMPARE(applyLockRule(true, 5.0, -1.0), 0.0);
    QCOMPARE(applyLockRule(true, 5.0, 0.0), 0.0);
    QCOMPARE(applyLockRule(true, 0.0, 3.0), 0.0);
    QCOMPARE(applyLockRule(true, 5.0, 4.0), 4.0);
    QCOMPARE(applyLockRule(false, 5.0, -1.0), -1.0);
}

void TestDrivetrain::freeWheelDecay()
{
    // §7.5: MOI 2.5, damping 0.25, h = 1/180: 50 -> 45.243 rad/s after 1 s, undriven and airborne.
    double omega = 50.0;
    for (int k = 0; k < 180; ++k)
        omega = integrateFreeWheel(omega, 2.5, 0.25, kH, 0.0, driveBrake(omega, 0.0, 0.0, 1500.0, 0.0));
    JOUNCE_VERIFY_NEAR(omega, 45.243, 5e-4);
    // Closed form of the implicit damping: 50/(1 + h·c/I)^180.
    JOUNCE_VERIFY_NEAR(omega, 50.0 / std::pow(1.0 + kH * 0.25 / 2.5, 180.0), 1e-9);
}

void TestDrivetrain::brakeLocksAndHolds()
{
    // §7.5: with brake = 1 (1500 N m) it locks to exactly 0 after ≈ 0.0833 s and stays there while
    // the brake is held, even if tire torque pushes it (§7.6 item 4: never changes sign).
    double omega = 50.0;
    double lockTime = -1.0;
    for (int k = 1; k <= 180; ++k) {
        const double tireTorque = (lockTime >= 0.0) ? 200.0 : 0.0;
        const double before = omega;
        omega = integrateFreeWheel(omega, 2.5, 0.25, kH, tireTorque, driveBrake(omega, 1.0, 0.0, 1500.0, 0.0));
        QVERIFY(before * omega >= 0.0);
        if (lockTime < 0.0 && omega == 0.0)
            lockTime = k * kH;
        if (lockTime >= 0.0)
            QCOMPARE(omega, 0.0);
    }
    JOUNCE_VERIFY_NEAR(lockTime, 0.0833, kH);
    // Releasing the brake lets the tire torque spin it up again.
    omega = integrateFreeWheel(0.0, 2.5, 0.25, kH, 200.0, driveBrake(0.0, 0.0, 0.0, 1500.0, 0.0));
    QVERIFY(omega > 0.0);
}

void TestDrivetrain::noDriveWheel()
{
    // §2.23 NoDrive: ω' = (ω + β·(τ_tire + T_drive + T_b))/(1 + β·c_w).
    const double beta = kH / 2.5;
    const double omega = integrateFreeWheel(10.0, 2.5, 0.25, kH, -30.0, brakeFromMagnitude(10.0, 0.0), 100.0);
    JOUNCE_VERIFY_NEAR(omega, (10.0 + beta * 70.0) / (1.0 + beta * 0.25), 1e-12);
    // NoDrive brake: −sgn(ω)·userBrake.
    const WheelBrake b = brakeFromMagnitude(-2.0, 40.0);
    JOUNCE_VERIFY_NEAR(b.torque, 40.0, 1e-15);
}

void TestDrivetrain::exactSolveSatisfiesEquations()
{
    // §2.19 equations, checked on the result with τ_c = K·(ω_e' − G·Σα_j·ω_j').
    const auto wheels = inGearWheels();
    const EngineRow engine = snippetEngine(320.0, 450.0, 0.15);
    const double k = 10.0;
    const double g = 16.0;
    std::array<double, 4> w{};
    const double we = solveEngineAndWheels(kH, bestPossible(), {k, g}, engine, wheels, w);
    double avg = 0.0;
    for (std::size_t j = 0; j < 4; ++j)
        avg += wheels[j].alpha * w[j];
    const double tc = k * (we - g * avg);
    for (std::size_t i = 0; i < 4; ++i) {
        const DriveWheelRow& r = wheels[i];
        const double lhs = r.moi * (w[i] - r.omega) / kH;
        const double rhs = g * r.gamma * tc + r.brake.torque + r.tireTorque - r.dampingRate * w[i];
        JOUNCE_VERIFY_NEAR(lhs, rhs, 1e-7);
    }
    JOUNCE_VERIFY_NEAR(engine.moi * (we - engine.omega) / kH, engine.driveTorque - tc - engine.dampingRate * we,
                       1e-7);
}

void TestDrivetrain::clutchConservesCoupledMomentum()
{
    // Without damping and external torques the clutch only exchanges momentum:
    // I_e·ω_e + Σ I_i·ω_i / G is constant (wheel i gets G·γ_i·τ_c, engine −τ_c, Σγ = 1).
    auto wheels = inGearWheels();
    for (DriveWheelRow& r : wheels) {
        r.dampingRate = 0.0;
        r.tireTorque = 0.0;
        r.gamma = r.alpha;
    }
    wheels[2].gamma = 0.3;
    wheels[3].gamma = 0.25;
    EngineRow engine = snippetEngine(400.0, 0.0, 0.0);
    auto momentum = [&](double we) {
        double m = engine.moi * we;
        for (const DriveWheelRow& r : wheels)
            m += r.moi * r.omega / 16.0;
        return m;
    };
    const double before = momentum(engine.omega);
    std::array<double, 4> w{};
    for (int step = 0; step < 30; ++step) {
        engine.omega = solveEngineAndWheels(kH, bestPossible(), {10.0, 16.0}, engine, wheels, w);
        for (std::size_t i = 0; i < 4; ++i)
            wheels[i].omega = w[i];
    }
    JOUNCE_VERIFY_NEAR(momentum(engine.omega), before, 1e-9);
}

void TestDrivetrain::clutchSlipVanishes()
{
    // Clutch slip G·Σα·ω − ω_e decays when only the clutch acts (no torques, no damping).
    auto wheels = inGearWheels();
    for (DriveWheelRow& r : wheels) {
        r.dampingRate = 0.0;
        r.tireTorque = 0.0;
    }
    EngineRow engine = snippetEngine(500.0, 0.0, 0.0);
    std::array<double, 4> w{};
    for (int step = 0; step < 3000; ++step) {
        engine.omega = solveEngineAndWheels(kH, bestPossible(), {10.0, 16.0}, engine, wheels, w);
        for (std::size_t i = 0; i < 4; ++i)
            wheels[i].omega = w[i];
    }
    double avg = 0.0;
    for (const DriveWheelRow& r : wheels)
        avg += r.alpha * r.omega;
    JOUNCE_VERIFY_NEAR(16.0 * avg - engine.omega, 0.0, 1e-6);
}

void TestDrivetrain::estimateConvergesToExact()
{
    // §2.19 eESTIMATE: Gauss–Seidel approaches the exact solution as sweeps increase; with enough
    // sweeps it stops on the residual rule and matches the exact one.
    const auto wheels = inGearWheels();
    const EngineRow engine = snippetEngine(320.0, 450.0, 0.15);
    std::array<double, 4> exact{};
    const double weExact = solveEngineAndWheels(kH, bestPossible(), {10.0, 16.0}, engine, wheels, exact);
    auto error = [&](int iterations) {
        std::array<double, 4> w{};
        const double we = solveEngineAndWheels(kH, estimate(iterations), {10.0, 16.0}, engine, wheels, w);
        double e = std::abs(we - weExact);
        for (std::size_t i = 0; i < 4; ++i)
            e = std::max(e, std::abs(w[i] - exact[i]));
        return e;
    };
    QVERIFY(error(1) > 0.0);
    QVERIFY(error(5) <= error(1));
    QVERIFY(error(200) < 1e-3);
}

void TestDrivetrain::neutralDecouples()
{
    // §2.19: in neutral K = 0 and G = 0: wheels update like free wheels, engine on its own.
    auto wheels = inGearWheels();
    const EngineRow engine = snippetEngine(300.0, 100.0, 0.35);
    std::array<double, 4> w{};
    const double we = solveEngineAndWheels(kH, bestPossible(), {0.0, 0.0}, engine, wheels, w);
    for (std::size_t i = 0; i < 4; ++i) {
        const DriveWheelRow& r = wheels[i];
        JOUNCE_VERIFY_NEAR(w[i], integrateFreeWheel(r.omega, r.moi, r.dampingRate, kH, r.tireTorque, r.brake), 1e-12);
    }
    JOUNCE_VERIFY_NEAR(we, (300.0 + kH * 100.0) / (1.0 + kH * 0.35), 1e-12);
}

void TestDrivetrain::lockRuleAndClampInSolve()
{
    // §2.19 afterwards: lock rule per wheel and ω_e clamped to [0, ω_max].
    auto wheels = inGearWheels();
    wheels[1].omega = 0.5;
    wheels[1].brake = driveBrake(0.5, 1.0, 0.0, 1500.0, 0.0);  // would reverse within the sub-step
    std::array<double, 4> w{};
    double we = solveEngineAndWheels(kH, bestPossible(), {10.0, 16.0}, snippetEngine(320.0, 0.0, 2.0), wheels, w);
    QCOMPARE(w[1], 0.0);
    QVERIFY(we >= 0.0 && we <= 600.0);
    // Over-speed engine is clamped to ω_max, a reversing one to 0.
    we = solveEngineAndWheels(kH, bestPossible(), {0.0, 0.0}, snippetEngine(599.9, 500.0, 0.15), wheels, w);
    QCOMPARE(we, 600.0);
    we = solveEngineAndWheels(kH, bestPossible(), {0.0, 0.0}, snippetEngine(0.0, -500.0, 0.15), wheels, w);
    QCOMPARE(we, 0.0);
}

void TestDrivetrain::nWheelSystemSize()
{
    // DriveNW: (n + 1) × (n + 1) with n up to 20; all wheels driven equally and spinning together
    // with the engine at G·ω: no clutch torque, so every wheel just decays by its own damping.
    std::array<DriveWheelRow, kMaxWheels> wheels{};
    for (DriveWheelRow& r : wheels) {
        r.omega = 10.0;
        r.moi = 2.0;
        r.dampingRate = 0.0;
        r.alpha = 1.0 / kMaxWheels;
        r.gamma = 1.0 / kMaxWheels;
    }
    std::array<double, kMaxWheels> w{};
    for (const ClutchData& mode : {bestPossible(), estimate(5)}) {
        const double we = solveEngineAndWheels(kH, mode, {10.0, 8.0}, snippetEngine(80.0, 0.0, 0.0), wheels, w);
        JOUNCE_VERIFY_NEAR(we, 80.0, 1e-9);
        for (double x : w)
            JOUNCE_VERIFY_NEAR(x, 10.0, 1e-9);
    }
}

void TestDrivetrain::tankTwoWheelsIsExact()
{
    // §2.22 with one wheel per side: 3 equations, 3 unknowns -> the least-squares solution is the
    // exact solution of the §2.19 system with the tank gearing signs.
    std::array<TankWheelRow, 2> tank{};
    std::array<DriveWheelRow, 2> rows{};
    const double gearing[2] = {1.0, -1.0};
    for (std::size_t i = 0; i < 2; ++i) {
        DriveWheelRow& r = tank[i].row;
        r.omega = i == 0 ? 5.0 : -4.0;
        r.moi = 3.0;
        r.dampingRate = 0.5;
        r.alpha = 0.5;
        r.gamma = 0.5;
        r.gearing = gearing[i];
        r.tireTorque = i == 0 ? -40.0 : 25.0;
        tank[i].radius = 0.4;
        rows[i] = r;
    }
    const EngineRow engine = snippetEngine(200.0, 300.0, 0.15);
    std::array<double, 2> wTank{};
    std::array<double, 2> wFull{};
    const double weTank = solveTankEngineAndWheels(kH, {10.0, 12.0}, engine, tank, wTank);
    const double weFull = solveEngineAndWheels(kH, bestPossible(), {10.0, 12.0}, engine, rows, wFull);
    JOUNCE_VERIFY_NEAR(weTank, weFull, 1e-8);
    JOUNCE_VERIFY_NEAR(wTank[0], wFull[0], 1e-8);
    JOUNCE_VERIFY_NEAR(wTank[1], wFull[1], 1e-8);
    // Special model turn on the spot: the sides spin in opposite directions.
    QVERIFY(wTank[0] > 0.0 && wTank[1] < 0.0);
}

void TestDrivetrain::tankTracksShareRimSpeed()
{
    // §2.22: every even wheel has wheel 0's rim speed, every odd wheel wheel 1's; disabled -> 0.
    std::array<TankWheelRow, 6> tank{};
    const double radius[6] = {0.5, 0.5, 0.4, 0.45, 0.6, 0.3};
    for (std::size_t i = 0; i < 6; ++i) {
        DriveWheelRow& r = tank[i].row;
        r.omega = 8.0 + static_cast<double>(i);
        r.moi = 2.0;
        r.dampingRate = 0.25;
        r.alpha = 0.5 / 3.0;
        r.gamma = 0.5 / 3.0;
        r.tireTorque = -10.0 * static_cast<double>(i + 1);
        tank[i].radius = radius[i];
    }
    tank[5].enabled = false;
    tank[5].row.alpha = 0.0;
    tank[5].row.gamma = 0.0;
    std::array<double, 6> w{};
    const double we = solveTankEngineAndWheels(kH, {10.0, 16.0}, snippetEngine(150.0, 300.0, 0.15), tank, w);
    QVERIFY(we > 0.0 && we <= 600.0);
    JOUNCE_VERIFY_NEAR(w[2] * radius[2], w[0] * radius[0], 1e-12);
    JOUNCE_VERIFY_NEAR(w[4] * radius[4], w[0] * radius[0], 1e-12);
    JOUNCE_VERIFY_NEAR(w[3] * radius[3], w[1] * radius[1], 1e-12);
    QCOMPARE(w[5], 0.0);
}

void TestDrivetrain::tankSymmetricMatchesFullSolve()
{
    // Identical wheels per side with identical inputs: the full §2.19 solution already has equal
    // speeds per side, so the least-squares fit reproduces it exactly.
    std::array<TankWheelRow, 4> tank{};
    std::array<DriveWheelRow, 4> rows{};
    for (std::size_t i = 0; i < 4; ++i) {
        DriveWheelRow& r = tank[i].row;
        const bool left = i % 2 == 0;
        r.omega = left ? 6.0 : 3.0;
        r.moi = 2.0;
        r.dampingRate = 0.25;
        r.alpha = 0.25;
        r.gamma = left ? 0.35 : 0.15;
        r.tireTorque = left ? -20.0 : -5.0;
        r.brake = left ? WheelBrake{} : tankBrake(r.omega, 0.1, 1500.0);
        tank[i].radius = 0.5;
        rows[i] = r;
    }
    const EngineRow engine = snippetEngine(100.0, 250.0, 0.15);
    std::array<double, 4> wTank{};
    std::array<double, 4> wFull{};
    const double weTank = solveTankEngineAndWheels(kH, {10.0, 16.0}, engine, tank, wTank);
    const double weFull = solveEngineAndWheels(kH, bestPossible(), {10.0, 16.0}, engine, rows, wFull);
    JOUNCE_VERIFY_NEAR(weTank, weFull, 1e-8);
    for (std::size_t i = 0; i < 4; ++i)
        JOUNCE_VERIFY_NEAR(wTank[i], wFull[i], 1e-8);
}

QTEST_APPLESS_MAIN(TestDrivetrain)
#include "test_drivetrain.moc"
