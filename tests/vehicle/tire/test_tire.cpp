// Tire model (§2.10), lateral stiffness (§2.10 step 3), friction graph (§2.9), load filter (§2.6)
// and slips (§2.8): the §7.5 vectors plus model invariants (§7.6 item 2).

#include "support/NearAssert.h"
#include "vehicle/Slip.h"
#include "vehicle/tire/Tire.h"
#include "vehicle/TireLoad.h"
#include "vehicle/tire/PhysxTire.h"

#include <cmath>

using namespace jounce;
using namespace jounce::sim;

namespace {

// §7.5 front-wheel static state of the 6-wheel snippet car: m_s 312.5, m_w 20, F_n = m_s·g.
TireInputs frontStaticInputs(double longSlip, double latSlip)
{
    const double restLoad = tireRestLoad(312.5, 20.0, kGravity);
    const TireLoad load = computeTireLoad(TireLoadFilterData{}, 312.5 * kGravity, restLoad);
    TireInputs in;
    in.friction = 1.0;
    in.longSlip = longSlip;
    in.latSlip = latSlip;
    in.camber = 0.0;
    in.wheelRadius = 0.5;
    in.restLoad = restLoad;
    in.filteredNormalisedLoad = load.filteredNormalisedLoad;
    in.filteredLoad = load.filteredLoad;
    in.gravity = kGravity;
    in.pneumaticTrail = modelGeneration(ModelGenerationKind::Physx41).pneumaticTrail;
    return in;
}

/// The PhysX tire with its defaults, through the tire seam as the tire stage asks for it.
TireForces physxForces(const TireInputs& in)
{
    TireState state;
    return tireForces(TireData{}, in, state, 1.0 / 180.0);
}

const SlipDenominators& kSlip = modelGeneration(ModelGenerationKind::Physx41).slip;

}  // namespace

class TestTire : public QObject {
    Q_OBJECT
private slots:
    void staticFrontLoadChain();
    void tireVectors_data();
    void tireVectors();
    void belowThresholdGivesNothing();
    void resultantNeverExceedsFriction();
    void smallSlipLinearRegime();
    void camberActsAsSlipOffset();
    void seamRunsTheTiresModel();
    void lateralStiffnessCurve();
    void frictionGraph();
    void loadFilter();
    void slips();
};

void TestTire::staticFrontLoadChain()
{
    // §7.1 / §7.2 front column.
    const double restLoad = tireRestLoad(312.5, 20.0, kGravity);
    JOUNCE_VERIFY_NEAR(restLoad, 3261.825, 1e-9);
    const TireLoad load = computeTireLoad(TireLoadFilterData{}, 3065.625, restLoad);
    JOUNCE_VERIFY_NEAR(load.normalisedLoad, 0.939850, 1e-6);
    JOUNCE_VERIFY_NEAR(load.filteredNormalisedLoad, 1.098344, 1e-6);
    JOUNCE_VERIFY_NEAR(load.filteredLoad, 3582.6055, 1e-3);
    JOUNCE_VERIFY_NEAR(lateralStiffness(PhysxTireParams{}, restLoad, load.filteredNormalisedLoad), 53051.367, 1e-2);
    // Rear and middle columns of §7.2.
    const double rearRest = tireRestLoad(187.5, 20.0, kGravity);
    const TireLoad rear = computeTireLoad(TireLoadFilterData{}, 187.5 * kGravity, rearRest);
    JOUNCE_VERIFY_NEAR(rear.filteredLoad, 2167.677, 1e-3);
    JOUNCE_VERIFY_NEAR(lateralStiffness(PhysxTireParams{}, rearRest, rear.filteredNormalisedLoad), 32721.64, 1e-2);
    const double midRest = tireRestLoad(250.0, 20.0, kGravity);
    const TireLoad mid = computeTireLoad(TireLoadFilterData{}, 250.0 * kGravity, midRest);
    JOUNCE_VERIFY_NEAR(mid.filteredLoad, 2875.141, 1e-3);
    JOUNCE_VERIFY_NEAR(lateralStiffness(PhysxTireParams{}, midRest, mid.filteredNormalisedLoad), 42890.82, 1e-2);
}

void TestTire::tireVectors_data()
{
    QTest::addColumn<double>("longSlip");
    QTest::addColumn<double>("latSlip");
    QTest::addColumn<double>("longForce");
    QTest::addColumn<double>("latForce");
    QTest::addColumn<double>("wheelTorque");
    QTest::addColumn<double>("aligningMoment");
    // §7.5 tire function table.
    QTest::newRow("sL 0.01") << 0.01 << 0.0 << 97.2073 << 0.0 << -48.6037 << 0.0;
    QTest::newRow("sL 0.05") << 0.05 << 0.0 << 468.4555 << 0.0 << -234.2277 << 0.0;
    QTest::newRow("sL 0.2") << 0.2 << 0.0 << 1625.6334 << 0.0 << -812.8167 << 0.0;
    QTest::newRow("sL -0.05") << -0.05 << 0.0 << -468.4555 << 0.0 << 234.2277 << 0.0;
    QTest::newRow("sT 0.02") << 0.0 << 0.02 << 0.0 << -959.8442 << 0.0 << 776.8627;
    QTest::newRow("sT 0.1") << 0.0 << 0.1 << 0.0 << -3121.9042 << 0.0 << 684.4915;
    QTest::newRow("combined 0.05") << 0.05 << 0.05 << 388.3387 << -2041.7570 << -194.1693 << 1113.5786;
    QTest::newRow("below threshold") << 0.000005 << 0.000005 << 0.0 << 0.0 << 0.0 << 0.0;
}

void TestTire::tireVectors()
{
    QFETCH(double, longSlip);
    QFETCH(double, latSlip);
    QFETCH(double, longForce);
    QFETCH(double, latForce);
    QFETCH(double, wheelTorque);
    QFETCH(double, aligningMoment);
    const TireForces f = physxForces(frontStaticInputs(longSlip, latSlip));
    JOUNCE_VERIFY_NEAR(f.longForce, longForce, 1e-3);
    JOUNCE_VERIFY_NEAR(f.latForce, latForce, 1e-3);
    JOUNCE_VERIFY_NEAR(f.wheelTorque, wheelTorque, 1e-3);
    JOUNCE_VERIFY_NEAR(f.aligningMoment, aligningMoment, 1e-3);
    JOUNCE_VERIFY_NEAR(f.wheelTorque, -f.longForce * 0.5, 1e-9);
}

void TestTire::belowThresholdGivesNothing()
{
    // §2.10 step 1 / §7.6 item 2: every output exactly 0.
    TireInputs in = frontStaticInputs(9e-6, -9e-6);
    in.camber = 9e-6;
    const TireForces f = physxForces(in);
    QCOMPARE(f.longForce, 0.0);
    QCOMPARE(f.latForce, 0.0);
    QCOMPARE(f.aligningMoment, 0.0);
    QCOMPARE(f.wheelTorque, 0.0);
    // No load or no friction: no force either (§2.6: forces only if F_z·μ > 0).
    TireInputs noFriction = frontStaticInputs(0.1, 0.1);
    noFriction.friction = 0.0;
    QCOMPARE(physxForces(noFriction).longForce, 0.0);
}

void TestTire::resultantNeverExceedsFriction()
{
    // §2.10 consequence / §7.6 item 2: |F| = f1(K)·μ·F_z ≤ μ·F_z, saturating at K ≥ 3.
    const TireInputs base = frontStaticInputs(0.0, 0.0);
    const double maxForce = base.friction * base.filteredLoad;
    for (double sL : {-1.0, -0.3, -0.05, 0.0, 0.02, 0.5, 2.0}) {
        for (double sT : {-1.2, -0.2, 0.0, 0.01, 0.3, 1.0}) {
            const TireForces f = physxForces(frontStaticInputs(sL, sT));
            QVERIFY2(std::hypot(f.longForce, f.latForce) <= maxForce * (1.0 + 1e-12),
                     qPrintable(QStringLiteral("sL %1 sT %2").arg(sL).arg(sT)));
        }
    }
    // s_L = 2: K = 9810·2/3582.6 ≈ 5.5 ≥ 3, so f1 = 1 and the force is exactly μ·F_z.
    const TireForces saturated = physxForces(frontStaticInputs(2.0, 0.0));
    JOUNCE_VERIFY_NEAR(saturated.longForce, maxForce, 1e-9);
}

void TestTire::smallSlipLinearRegime()
{
    // §2.10: for small pure slips F_L ≈ C_L·s_L and F_T ≈ −C_T·tan(s_T).
    const double cl = 1000.0 * kGravity;
    const double ct = 53051.367;
    JOUNCE_VERIFY_NEAR(physxForces(frontStaticInputs(1e-4, 0.0)).longForce, cl * 1e-4, 1e-3);
    JOUNCE_VERIFY_NEAR(physxForces(frontStaticInputs(0.0, 1e-4)).latForce,
                       -ct * std::tan(1e-4), 1e-2);
}

void TestTire::camberActsAsSlipOffset()
{
    // §2.10 step 4: τ_e = tan(s_T − γ·C_γ/C_T); pure camber γ equals lateral slip −γ·C_γ/C_T, and a
    // positive camber pushes toward +R (positive F_T), §8.2 item 10.
    const double camberStiff = 5.729578 * kGravity;
    JOUNCE_VERIFY_NEAR(camberStiff, 56.2072, 1e-4);
    const double ct = 53051.36736;
    TireInputs cambered = frontStaticInputs(0.0, 0.0);
    cambered.camber = 0.05;
    const TireForces fc = physxForces(cambered);
    const TireForces fs = physxForces(frontStaticInputs(0.0, -0.05 * camberStiff / ct));
    QVERIFY(fc.latForce > 0.0);
    JOUNCE_VERIFY_NEAR(fc.latForce, fs.latForce, 1e-6);
}

void TestTire::seamRunsTheTiresModel()
{
    // The PhysX tire through the seam is the model itself, whatever the tire state and the sub-step;
    // it responds at once, so its state stays as it was.
    TireState state{0.25, -0.125};
    const TireInputs in = frontStaticInputs(0.05, 0.02);
    const TireForces viaSeam = tireForces(TireData{}, in, state, 1.0 / 60.0);
    TireState unused;
    const TireForces direct = PhysxTire::forces(PhysxTireParams{}, in, unused, 0.0);
    QCOMPARE(viaSeam.longForce, direct.longForce);
    QCOMPARE(viaSeam.latForce, direct.latForce);
    JOUNCE_VERIFY_NEAR(physxForces(frontStaticInputs(0.05, 0.0)).longForce, 468.4555, 1e-3);
    QCOMPARE(state.longSlip, 0.25);
    QCOMPARE(state.latSlip, -0.125);
    // The aligning moment's lever is the generation's pneumatic trail (PhysX 4.1: 1 m).
    TireInputs longTrail = in;
    longTrail.pneumaticTrail = 2.0;
    QVERIFY(viaSeam.aligningMoment != 0.0);
    JOUNCE_VERIFY_NEAR(physxForces(longTrail).aligningMoment, 2.0 * viaSeam.aligningMoment, 1e-9);
}

void TestTire::lateralStiffnessCurve()
{
    // §7.5: f1(3ℓ_f/2) = 0.578125 at ℓ_f 0.5, 0.875 at 1.0, 1 at ≥ 2 (latStiffX = 2).
    const PhysxTireParams tire;
    const double unit = 1.0 * tire.latStiffY;  // rest load 1 N
    JOUNCE_VERIFY_NEAR(lateralStiffness(tire, 1.0, 0.5) / unit, 0.578125, 1e-12);
    JOUNCE_VERIFY_NEAR(lateralStiffness(tire, 1.0, 1.0) / unit, 0.875, 1e-12);
    JOUNCE_VERIFY_NEAR(lateralStiffness(tire, 1.0, 2.0) / unit, 1.0, 1e-12);
    JOUNCE_VERIFY_NEAR(lateralStiffness(tire, 1.0, 2.7) / unit, 1.0, 1e-12);
    JOUNCE_VERIFY_NEAR(tireSmoothing1(3.0), 1.0, 1e-12);
    JOUNCE_VERIFY_NEAR(tireSmoothing2(0.0), 0.0, 1e-12);
    JOUNCE_VERIFY_NEAR(tireSmoothing2(3.0), 0.0, 1e-12);
    JOUNCE_VERIFY_NEAR(tire.latStiffY, 17.904931, 1e-6);
}

void TestTire::frictionGraph()
{
    // §7.5 guide example (0, 0.4), (0.5, 1.0), (0.75, 0.6).
    const std::vector<GraphPoint> graph{{0.0, 0.4}, {0.5, 1.0}, {0.75, 0.6}};
    JOUNCE_VERIFY_NEAR(frictionVsSlip(graph, 0.25), 0.7, 1e-12);
    JOUNCE_VERIFY_NEAR(frictionVsSlip(graph, -0.25), 0.7, 1e-12);
    JOUNCE_VERIFY_NEAR(frictionVsSlip(graph, 0.6), 0.84, 1e-12);
    JOUNCE_VERIFY_NEAR(frictionVsSlip(graph, 0.75), 0.6, 1e-12);
    JOUNCE_VERIFY_NEAR(frictionVsSlip(graph, 3.0), 0.6, 1e-12);
    JOUNCE_VERIFY_NEAR(frictionVsSlip(graph, 0.0), 0.4, 1e-12);
    // Default graph: 1 everywhere; μ = graph × pair (§6.9 WORN = 0.1).
    const TireData tire;
    for (double s : {0.0, 0.05, 0.1, 0.5, 1.0, 5.0})
        JOUNCE_VERIFY_NEAR(tireFriction(tire, 1.0, s), 1.0, 1e-12);
    JOUNCE_VERIFY_NEAR(tireFriction(tire, 0.1, 0.3), 0.1, 1e-12);
}

void TestTire::loadFilter()
{
    // §7.5 default filter vectors.
    const TireLoadFilterData filter;
    JOUNCE_VERIFY_NEAR(filterNormalisedLoad(filter, -0.5), 0.2308, 1e-12);
    JOUNCE_VERIFY_NEAR(filterNormalisedLoad(filter, 0.0), 0.2308, 1e-12);
    JOUNCE_VERIFY_NEAR(filterNormalisedLoad(filter, 1.0), 1.153867, 1e-6);
    JOUNCE_VERIFY_NEAR(filterNormalisedLoad(filter, 3.0), 3.0, 1e-12);
    JOUNCE_VERIFY_NEAR(filterNormalisedLoad(filter, 5.0), 3.0, 1e-12);
    // §2.6: a touching wheel with negative spring force still gets 23 % of its rest load.
    const TireLoad load = computeTireLoad(filter, -100.0, 2000.0);
    JOUNCE_VERIFY_NEAR(load.filteredLoad, 0.2308 * 2000.0, 1e-9);
    // Guide's "disabled" filter passes the load through.
    const TireLoadFilterData off{0.0, 0.0, 1000.0, 1000.0};
    JOUNCE_VERIFY_NEAR(filterNormalisedLoad(off, 0.94), 0.94, 1e-12);
}

void TestTire::slips()
{
    // §7.5 slip vectors.
    JOUNCE_VERIFY_NEAR(longitudinalSlipFreeRolling(10.0, 19.0, 0.5, 4.0), -0.05, 1e-12);
    JOUNCE_VERIFY_NEAR(longitudinalSlipFreeRolling(1.0, 0.0, 0.5, 4.0), -0.25, 1e-12);
    JOUNCE_VERIFY_NEAR(longitudinalSlipCarWithTorque(1.0, 0.0, 0.5, kSlip), -1.0 / 1.1, 1e-12);
    JOUNCE_VERIFY_NEAR(longitudinalSlipCarWithTorque(1.0, 0.0, 0.5, kSlip), -0.90909, 1e-5);
    JOUNCE_VERIFY_NEAR(lateralSlip(0.0, 1.0, kSlip), 0.785398, 1e-6);
    // Dispatcher picks the §2.8 variant.
    JOUNCE_VERIFY_NEAR(longitudinalSlip(SlipVehicleKind::Car, false, 1.0, 0.0, 0.5, 4.0, kSlip), -0.25, 1e-12);
    JOUNCE_VERIFY_NEAR(longitudinalSlip(SlipVehicleKind::Car, true, 1.0, 0.0, 0.5, 4.0, kSlip), -1.0 / 1.1, 1e-12);
    // Car vs tank with torque: wheel spinning at 12 m/s rim speed over ground at 10 m/s.
    JOUNCE_VERIFY_NEAR(longitudinalSlip(SlipVehicleKind::Car, true, 10.0, 24.0, 0.5, 4.0, kSlip), 2.0 / 12.1, 1e-12);
    JOUNCE_VERIFY_NEAR(longitudinalSlip(SlipVehicleKind::Tank, true, 10.0, 24.0, 0.5, 4.0, kSlip), 2.0 / 10.1, 1e-12);
    JOUNCE_VERIFY_NEAR(longitudinalSlipTankWithTorque(-2.0, 0.0, 0.5, kSlip), 2.0 / 2.1, 1e-12);
    // Both zero: no slip in any variant; positive slip = traction (§2.8).
    QCOMPARE(longitudinalSlipCarWithTorque(0.0, 0.0, 0.5, kSlip), 0.0);
    QCOMPARE(longitudinalSlipTankWithTorque(0.0, 0.0, 0.5, kSlip), 0.0);
    QCOMPARE(longitudinalSlipFreeRolling(0.0, 0.0, 0.5, 4.0), 0.0);
    QVERIFY(longitudinalSlipCarWithTorque(0.0, 10.0, 0.5, kSlip) > 0.0);
    // Lateral: s_T = atan(v_T/(|v_L| + 1)).
    JOUNCE_VERIFY_NEAR(lateralSlip(-3.0, -2.0, kSlip), std::atan(-0.5), 1e-12);
}

QTEST_APPLESS_MAIN(TestTire)
#include "test_tire.moc"
