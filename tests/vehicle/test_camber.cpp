// Camber versus jounce (§2.11) and the WheelCompliance graphs (normalised jounce 0 = full droop,
// 1 = full compression; linear between points, clamped outside; empty = static value).

#include "support/NearAssert.h"
#include "config/ReferenceCar.h"
#include "vehicle/Camber.h"

using namespace jounce;
using namespace jounce::sim;

class TestCamber : public QObject {
    Q_OBJECT
private slots:
    void referenceCarCamber();
    void zeroTravelUsesUnitReciprocal();
    void normalisedJounceRange();
    void scalarGraphs();
    void pointGraphs();
    void wheelLevelSelection();
};

void TestCamber::referenceCarCamber()
{
    // §6.14 wheel 0 (FL): rest 0, at max droop −0.01, at max compression +0.01; travel 0.3 / 0.1.
    const VehicleConfig car = referenceCar();
    const SuspensionData& fl = car.wheels[0].suspension;
    JOUNCE_VERIFY_NEAR(camberFromJounce(fl, 0.0), 0.0, 1e-15);
    JOUNCE_VERIFY_NEAR(camberFromJounce(fl, 0.3), 0.01, 1e-15);
    JOUNCE_VERIFY_NEAR(camberFromJounce(fl, 0.15), 0.005, 1e-15);
    JOUNCE_VERIFY_NEAR(camberFromJounce(fl, -0.1), -0.01, 1e-15);
    JOUNCE_VERIFY_NEAR(camberFromJounce(fl, -0.05), -0.005, 1e-15);
    // The right wheel is mirrored by hand in the data (§6.4), not by the formula.
    const SuspensionData& fr = car.wheels[1].suspension;
    JOUNCE_VERIFY_NEAR(camberFromJounce(fr, 0.3), -0.01, 1e-15);
    JOUNCE_VERIFY_NEAR(camberFromJounce(fr, -0.1), 0.01, 1e-15);
    // A rest value offsets both branches.
    SuspensionData s = fl;
    s.camberAtRest = 0.02;
    JOUNCE_VERIFY_NEAR(camberFromJounce(s, 0.3), 0.03, 1e-15);
    JOUNCE_VERIFY_NEAR(camberFromJounce(s, -0.1), 0.01, 1e-15);
}

void TestCamber::zeroTravelUsesUnitReciprocal()
{
    // §2.11: 1/maxCompression and 1/maxDroop are 1 when the limit is 0.
    SuspensionData s;
    s.maxCompression = 0.0;
    s.maxDroop = 0.0;
    s.camberAtMaxCompression = 0.1;
    s.camberAtMaxDroop = 0.2;
    JOUNCE_VERIFY_NEAR(camberFromJounce(s, 0.5), 0.05, 1e-15);
    JOUNCE_VERIFY_NEAR(camberFromJounce(s, -0.5), 0.1, 1e-15);
}

void TestCamber::normalisedJounceRange()
{
    SuspensionData s;  // compression 0.3, droop 0.1
    JOUNCE_VERIFY_NEAR(normalisedJounce(s, -0.1), 0.0, 1e-15);
    JOUNCE_VERIFY_NEAR(normalisedJounce(s, 0.0), 0.25, 1e-15);
    JOUNCE_VERIFY_NEAR(normalisedJounce(s, 0.3), 1.0, 1e-15);
    JOUNCE_VERIFY_NEAR(normalisedJounce(s, 0.1), 0.5, 1e-15);
    s.maxCompression = 0.0;
    s.maxDroop = 0.0;
    JOUNCE_VERIFY_NEAR(normalisedJounce(s, 0.0), 0.0, 1e-15);
}

void TestCamber::scalarGraphs()
{
    // Empty -> static value.
    JOUNCE_VERIFY_NEAR(complianceValue({}, 0.7, 0.4), 0.7, 1e-15);
    // One point -> constant.
    const std::vector<GraphPoint> one{{0.5, -0.02}};
    JOUNCE_VERIFY_NEAR(complianceValue(one, 0.7, 0.0), -0.02, 1e-15);
    JOUNCE_VERIFY_NEAR(complianceValue(one, 0.7, 1.0), -0.02, 1e-15);
    // Two points: linear between, clamped outside.
    const std::vector<GraphPoint> two{{0.2, 0.01}, {0.8, 0.03}};
    JOUNCE_VERIFY_NEAR(complianceValue(two, 0.0, 0.5), 0.02, 1e-15);
    JOUNCE_VERIFY_NEAR(complianceValue(two, 0.0, 0.0), 0.01, 1e-15);
    JOUNCE_VERIFY_NEAR(complianceValue(two, 0.0, 1.0), 0.03, 1e-15);
    // Three points.
    const std::vector<GraphPoint> three{{0.0, 0.0}, {0.5, 0.01}, {1.0, -0.01}};
    JOUNCE_VERIFY_NEAR(complianceValue(three, 0.0, 0.25), 0.005, 1e-15);
    JOUNCE_VERIFY_NEAR(complianceValue(three, 0.0, 0.75), 0.0, 1e-15);
    JOUNCE_VERIFY_NEAR(complianceValue(three, 0.0, 1.0), -0.01, 1e-15);
}

void TestCamber::pointGraphs()
{
    const Vec3 fixed{1.0, 2.0, 3.0};
    const Vec3 a = compliancePoint({}, fixed, 0.3);
    QCOMPARE(a, fixed);
    const std::vector<CompliancePoint> graph{{0.0, {1.5, 1.0, -0.6}}, {1.0, {1.5, 1.0, -0.7}}};
    const Vec3 mid = compliancePoint(graph, fixed, 0.25);
    JOUNCE_VERIFY_NEAR(mid.x, 1.5, 1e-15);
    JOUNCE_VERIFY_NEAR(mid.y, 1.0, 1e-15);
    JOUNCE_VERIFY_NEAR(mid.z, -0.625, 1e-15);
    QCOMPARE(compliancePoint(graph, fixed, -1.0), graph.front().point);
    QCOMPARE(compliancePoint(graph, fixed, 2.0), graph.back().point);
}

void TestCamber::wheelLevelSelection()
{
    WheelConfig w = referenceCar().wheels[0];
    w.wheel.toeAngle = 0.004;
    // No compliance: §2.11 and the static toe / force points.
    JOUNCE_VERIFY_NEAR(wheelCamber(w, 0.3), 0.01, 1e-15);
    JOUNCE_VERIFY_NEAR(wheelToe(w, 0.3), 0.004, 1e-15);
    QCOMPARE(wheelSuspForceAppPoint(w, 0.1), w.geometry.suspForceAppPointOffset);
    QCOMPARE(wheelTireForceAppPoint(w, 0.1), w.geometry.tireForceAppPointOffset);
    // Compliance present but graphs empty: still the static values.
    w.compliance = WheelCompliance{};
    JOUNCE_VERIFY_NEAR(wheelCamber(w, -0.1), -0.01, 1e-15);
    JOUNCE_VERIFY_NEAR(wheelToe(w, -0.1), 0.004, 1e-15);
    QCOMPARE(wheelTireForceAppPoint(w, 0.1), w.geometry.tireForceAppPointOffset);
    // Non-empty graphs override; jounce 0.1 is normalised 0.5 (droop 0.1, compression 0.3).
    w.compliance->wheelCamberAngle = {{0.0, -0.02}, {1.0, 0.02}};
    w.compliance->wheelToeAngle = {{0.0, 0.0}, {1.0, 0.01}};
    w.compliance->tireForceAppPoint = {{0.0, {1.5, 1.05, -0.6}}, {1.0, {1.5, 1.05, -0.8}}};
    JOUNCE_VERIFY_NEAR(wheelCamber(w, 0.1), 0.0, 1e-15);
    JOUNCE_VERIFY_NEAR(wheelCamber(w, 0.3), 0.02, 1e-15);
    JOUNCE_VERIFY_NEAR(wheelToe(w, 0.1), 0.005, 1e-15);
    JOUNCE_VERIFY_NEAR(wheelTireForceAppPoint(w, 0.1).z, -0.7, 1e-15);
    QCOMPARE(wheelSuspForceAppPoint(w, 0.1), w.geometry.suspForceAppPointOffset);
}

QTEST_APPLESS_MAIN(TestCamber)
#include "test_camber.moc"
