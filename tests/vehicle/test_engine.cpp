// Engine torque curve, drive torque and damping selection (§2.18), and the §7.5 engine vector run
// through the implicit solve of §2.19 in neutral (K = 0, G = 0: engine uncoupled from the wheels).

#include "support/NearAssert.h"
#include "vehicle/DrivetrainSolver.h"
#include "vehicle/Engine.h"

#include <array>

using namespace jounce;
using namespace jounce::sim;

namespace {

constexpr double kDt = 1.0 / 60.0;
constexpr int kSubSteps = 3;

// One vehicle update in neutral with the snippet engine: T_e and d_e from the speed at the start of
// each sub-step (§2.18), then the solve with four resting wheels and the engine clamp (§2.19).
// `wheelsMoved` is set when any wheel speed leaves 0 (it must not: nothing couples them).
double updateNeutral(const EngineData& engine, double accel, double engineOmega, bool& wheelsMoved)
{
    const double h = kDt / kSubSteps;
    std::array<DriveWheelRow, 4> wheels{};
    for (DriveWheelRow& w : wheels) {
        w.moi = 2.5;
        w.dampingRate = 0.25;
        w.alpha = 0.25;
        w.gamma = 0.25;
    }
    std::array<double, 4> omegaOut{};
    for (int k = 0; k < kSubSteps; ++k) {
        EngineRow row;
        row.omega = engineOmega;
        row.moi = engine.moi;
        row.driveTorque = engineDriveTorque(engine, accel, engineOmega);
        row.dampingRate = engineDampingRate(engine, accel, true);
        row.maxOmega = engine.maxOmega;
        engineOmega = solveEngineAndWheels(h, ClutchData{}, ClutchCoupling{0.0, 0.0}, row, wheels, omegaOut);
        for (double w : omegaOut)
            wheelsMoved = wheelsMoved || w != 0.0;
    }
    return engineOmega;
}

}  // namespace

class TestEngine : public QObject {
    Q_OBJECT
private slots:
    void torqueCurveValues();
    void curveLookupEdges();
    void driveTorque();
    void dampingSelection();
    void fullThrottleFromRest();
    void zeroThrottleDecay();
};

void TestEngine::torqueCurveValues()
{
    // §7.5: 0.8 at 0; 0.9 at 99; 1.0 at 198; 0.94925 at 300; 0.8 at 600 rad/s.
    const EngineData e;
    JOUNCE_VERIFY_NEAR(engineTorqueCurve(e, 0.0), 0.8, 1e-12);
    JOUNCE_VERIFY_NEAR(engineTorqueCurve(e, 99.0), 0.9, 1e-12);
    JOUNCE_VERIFY_NEAR(engineTorqueCurve(e, 198.0), 1.0, 1e-12);
    JOUNCE_VERIFY_NEAR(engineTorqueCurve(e, 300.0), 0.94925, 1e-5);
    JOUNCE_VERIFY_NEAR(engineTorqueCurve(e, 600.0), 0.8, 1e-12);
}

void TestEngine::curveLookupEdges()
{
    // §2.18: single point -> its y; below the first x -> first y; at/after the last x -> last y.
    EngineData e;
    e.torqueCurve = {{0.5, 0.7}};
    JOUNCE_VERIFY_NEAR(engineTorqueCurve(e, 0.0), 0.7, 1e-15);
    JOUNCE_VERIFY_NEAR(engineTorqueCurve(e, 600.0), 0.7, 1e-15);
    e.torqueCurve = {{0.2, 0.5}, {0.6, 1.0}};
    JOUNCE_VERIFY_NEAR(engineTorqueCurve(e, 60.0), 0.5, 1e-15);    // ρ 0.1 < 0.2
    JOUNCE_VERIFY_NEAR(engineTorqueCurve(e, 240.0), 0.75, 1e-12);  // ρ 0.4
    JOUNCE_VERIFY_NEAR(engineTorqueCurve(e, 900.0), 1.0, 1e-15);   // ρ 1.5
}

void TestEngine::driveTorque()
{
    // §2.18: T_e = accel·T_peak·curve(ω_e/ω_max).
    const EngineData e;
    JOUNCE_VERIFY_NEAR(engineDriveTorque(e, 1.0, 0.0), 400.0, 1e-12);
    JOUNCE_VERIFY_NEAR(engineDriveTorque(e, 0.5, 198.0), 250.0, 1e-12);
    JOUNCE_VERIFY_NEAR(engineDriveTorque(e, 0.0, 198.0), 0.0, 1e-12);
}

void TestEngine::dampingSelection()
{
    // §2.18: d_0 = 2.0 in gear, 0.35 in neutral; full throttle 0.15; linear in accel.
    const EngineData e;
    JOUNCE_VERIFY_NEAR(engineDampingRate(e, 0.0, false), 2.0, 1e-15);
    JOUNCE_VERIFY_NEAR(engineDampingRate(e, 0.0, true), 0.35, 1e-15);
    JOUNCE_VERIFY_NEAR(engineDampingRate(e, 1.0, false), 0.15, 1e-15);
    JOUNCE_VERIFY_NEAR(engineDampingRate(e, 1.0, true), 0.15, 1e-15);
    JOUNCE_VERIFY_NEAR(engineDampingRate(e, 0.5, false), 1.075, 1e-15);
    JOUNCE_VERIFY_NEAR(engineDampingRate(e, 0.5, true), 0.25, 1e-15);
}

void TestEngine::fullThrottleFromRest()
{
    // §7.5: 6.674 after 1 update, 68.55 after 10, 218.13 after 30, 427.73 after 60; clamp at 600 on
    // update 91 and stays there.
    const EngineData e;
    double omega = 0.0;
    int clampUpdate = 0;
    bool wheelsMoved = false;
    for (int update = 1; update <= 120; ++update) {
        omega = updateNeutral(e, 1.0, omega, wheelsMoved);
        if (update == 1)
            JOUNCE_VERIFY_NEAR(omega, 6.674, 5e-4);
        if (update == 10)
            JOUNCE_VERIFY_NEAR(omega, 68.55, 5e-3);
        if (update == 30)
            JOUNCE_VERIFY_NEAR(omega, 218.13, 5e-3);
        if (update == 60)
            JOUNCE_VERIFY_NEAR(omega, 427.73, 5e-3);
        if (clampUpdate == 0 && omega == e.maxOmega)
            clampUpdate = update;
        if (clampUpdate != 0)
            QCOMPARE(omega, e.maxOmega);
        QVERIFY(omega >= 0.0 && omega <= e.maxOmega);  // §7.6 item 3
    }
    QCOMPARE(clampUpdate, 91);
    QVERIFY(!wheelsMoved);
}

void TestEngine::zeroThrottleDecay()
{
    // §7.5: zero throttle from 600 with the disengaged damping 0.35: 422.96 after 60 updates.
    const EngineData e;
    double omega = 600.0;
    bool wheelsMoved = false;
    for (int update = 1; update <= 60; ++update)
        omega = updateNeutral(e, 0.0, omega, wheelsMoved);
    QVERIFY(!wheelsMoved);
    JOUNCE_VERIFY_NEAR(omega, 422.96, 5e-3);
}

QTEST_APPLESS_MAIN(TestEngine)
#include "test_engine.moc"
