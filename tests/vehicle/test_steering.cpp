// Steering (§2.14): Ackermann for Drive4W in Jounce's ISO wheel order, NW steer. §7.5 vectors.
//
// Mapping checked here: a positive (left-turn) steer makes Jounce wheel 0 (FL, ISO +y = PhysX +R)
// the inner wheel. §7.5's "wheel 1 (FR, +R)" is PhysX numbering, i.e. Jounce wheel 0.

#include "support/NearAssert.h"
#include "config/ReferenceCar.h"
#include "vehicle/Steering.h"

#include <cmath>

using namespace jounce;
using namespace jounce::sim;

namespace {
constexpr double kMaxSteer = 1.0470928;  // §6.3: π·0.3333
const std::array<double, 4> kMaxSteer4{kMaxSteer, kMaxSteer, 0.0, 0.0};
const std::array<double, 4> kNoToe{0.0, 0.0, 0.0, 0.0};
}  // namespace

class TestSteering : public QObject {
    Q_OBJECT
private slots:
    void ackermannVectors_data();
    void ackermannVectors();
    void referenceCarMatches();
    void accuracyZero();
    void zeroSteer();
    void toeAndRearAxle();
    void nwSteer();
};

void TestSteering::ackermannVectors_data()
{
    QTest::addColumn<double>("steer");
    QTest::addColumn<double>("inner");
    QTest::addColumn<double>("outer");
    // §7.5 Ackermann table (accuracy 1, L 3.0, W 2.1).
    QTest::newRow("1.0") << 1.0 << 1.047093 << 0.664156;
    QTest::newRow("0.75") << 0.75 << 0.785320 << 0.531684;
    QTest::newRow("0.125") << 0.125 << 0.130887 << 0.119954;
    QTest::newRow("0.1") << 0.1 << 0.104709 << 0.097581;
}

void TestSteering::ackermannVectors()
{
    QFETCH(double, steer);
    QFETCH(double, inner);
    QFETCH(double, outer);
    const AckermannData ack{1.0, 2.1, 2.1, 3.0};

    // Left turn: FL (index 0, ISO left) is inner, FR outer, both positive (ISO yaw left).
    const auto left = ackermannSteer4W(ack, steer, kMaxSteer4, kNoToe);
    JOUNCE_VERIFY_NEAR(left[0], inner, 1e-6);
    JOUNCE_VERIFY_NEAR(left[1], outer, 1e-6);
    QCOMPARE(left[2], 0.0);
    QCOMPARE(left[3], 0.0);
    QVERIFY(left[0] > left[1]);

    // Right turn: FR (index 1) is inner, both negative.
    const auto right = ackermannSteer4W(ack, -steer, kMaxSteer4, kNoToe);
    JOUNCE_VERIFY_NEAR(right[1], -inner, 1e-6);
    JOUNCE_VERIFY_NEAR(right[0], -outer, 1e-6);

    // The outer angle is the perfect Ackermann angle: both wheel axes meet on the rear axle line.
    // Turn centre lateral distance from the inner wheel: L/tan(inner); outer: that + W.
    const double innerDistance = 3.0 / std::tan(left[0]);
    JOUNCE_VERIFY_NEAR(std::tan(left[1]) * (innerDistance + 2.1), 3.0, 1e-12);
}

void TestSteering::referenceCarMatches()
{
    const VehicleConfig car = referenceCar();
    std::array<double, 4> maxSteer{};
    std::array<double, 4> toe{};
    for (std::size_t i = 0; i < 4; ++i) {
        maxSteer[i] = car.wheels[i].wheel.maxSteer;
        toe[i] = car.wheels[i].wheel.toeAngle;
    }
    // The reference car's front-left wheel sits on ISO +y, and is the inner wheel of a left turn.
    QVERIFY(car.wheels[0].geometry.wheelCentreOffset.y > 0.0);
    const auto angles = ackermannSteer4W(car.drive.ackermann, 1.0, maxSteer, toe);
    JOUNCE_VERIFY_NEAR(angles[0], 1.047093, 1e-6);
    JOUNCE_VERIFY_NEAR(angles[1], 0.664156, 1e-6);
}

void TestSteering::accuracyZero()
{
    // §7.5: with accuracy 0 both wheels get s·1.0470928.
    const AckermannData ack{0.0, 2.1, 2.1, 3.0};
    for (double s : {1.0, 0.5, -0.3}) {
        const auto a = ackermannSteer4W(ack, s, kMaxSteer4, kNoToe);
        JOUNCE_VERIFY_NEAR(a[0], s * kMaxSteer, 1e-12);
        JOUNCE_VERIFY_NEAR(a[1], s * kMaxSteer, 1e-12);
    }
}

void TestSteering::zeroSteer()
{
    const AxleSteer axle = ackermannAxle(0.0, 1.0, 2.1, 3.0);
    QCOMPARE(axle.left, 0.0);
    QCOMPARE(axle.right, 0.0);
}

void TestSteering::toeAndRearAxle()
{
    // §2.14: toe is added with the same sign on both sides; the rear axle steers opposite
    // (toe − angle) with the rear width; the gain is the larger maxSteer of the axle.
    const AckermannData ack{1.0, 2.1, 1.8, 3.0};
    const std::array<double, 4> maxSteer{0.5, 0.2, 0.1, 0.3};
    const std::array<double, 4> toe{0.01, 0.01, -0.02, -0.02};
    const auto a = ackermannSteer4W(ack, 1.0, maxSteer, toe);
    const AxleSteer front = ackermannAxle(0.5, 1.0, 2.1, 3.0);
    const AxleSteer rear = ackermannAxle(0.3, 1.0, 1.8, 3.0);
    JOUNCE_VERIFY_NEAR(a[0], 0.01 + 0.5, 1e-12);  // front-left: inner of a left turn
    JOUNCE_VERIFY_NEAR(a[1], 0.01 + front.right, 1e-12);
    JOUNCE_VERIFY_NEAR(a[2], -0.02 - 0.3, 1e-12);  // rear-left inner, steering right
    JOUNCE_VERIFY_NEAR(a[3], -0.02 - rear.right, 1e-12);
    QVERIFY(rear.right < 0.3);
    const double perfectOuter = std::atan(3.0 / (1.8 + 3.0 / std::tan(0.3)));
    JOUNCE_VERIFY_NEAR(rear.right, perfectOuter, 1e-12);
}

void TestSteering::nwSteer()
{
    // §2.14 DriveNW: δ = maxSteer·s + toe, no Ackermann.
    JOUNCE_VERIFY_NEAR(steerAngleNW(0.5, 0.6, 0.01), 0.31, 1e-15);
    JOUNCE_VERIFY_NEAR(steerAngleNW(-1.0, 0.6, 0.0), -0.6, 1e-15);
    JOUNCE_VERIFY_NEAR(steerAngleNW(1.0, 0.0, 0.02), 0.02, 1e-15);
}

QTEST_APPLESS_MAIN(TestSteering)
#include "test_steering.moc"
