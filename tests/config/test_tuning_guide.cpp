// The guide's helper formulas against numbers computed by hand from vehicle-model.md (§1, §5, §6.10, §7.1).

#include "config/ReferenceCar.h"
#include "config/TuningGuide.h"

#include <QtTest>

#include <cmath>

using namespace jounce;

namespace {
bool near(double a, double b, double tol) { return std::fabs(a - b) <= tol; }
#define CHECK_NEAR(a, b, tol) QVERIFY2(near((a), (b), (tol)), qPrintable(QString("%1 = %2, expected %3").arg(#a).arg(double(a), 0, 'g', 12).arg(double(b), 0, 'g', 12)))
}  // namespace

class TestTuningGuide : public QObject {
    Q_OBJECT
private slots:
    void sprungMassesFourWheelReferenceCar()
    {
        // §6.10: 437.5 kg front, 312.5 kg rear (CoM 0.25 m ahead of the axle midpoint).
        const guide::SprungMasses s = guide::computeSprungMasses(referenceCar());
        QVERIFY(s.ok());
        QCOMPARE(s.masses.size(), std::size_t(4));
        CHECK_NEAR(s.masses[0], 437.5, 1e-9);
        CHECK_NEAR(s.masses[1], 437.5, 1e-9);
        CHECK_NEAR(s.masses[2], 312.5, 1e-9);
        CHECK_NEAR(s.masses[3], 312.5, 1e-9);
    }

    void sprungMassesSixWheelSnippet()
    {
        // §6.4 / §7.1: the 6-wheel snippet gives 312.5 front, 187.5 rear, 250 middle.
        const std::vector<Vec3> p{{1.5, 1.05, -1.5}, {1.5, -1.05, -1.5}, {-1.5, 1.05, -1.5},
                                  {-1.5, -1.05, -1.5}, {0, 1.05, -1.5}, {0, -1.05, -1.5}};
        const guide::SprungMasses s = guide::computeSprungMasses(p, {0.25, 0, -0.35}, 1500);
        QVERIFY(s.ok());
        const double expected[6] = {312.5, 312.5, 187.5, 187.5, 250, 250};
        for (int i = 0; i < 6; ++i)
            CHECK_NEAR(s.masses[std::size_t(i)], expected[i], 1e-9);
    }

    void sprungMassesThreeWheels()
    {
        // Tadpole: two front wheels, one rear on the centre line. By symmetry m0 = m1 = a, m2 = b;
        // 2a + b = 1500 and 1.5·2a − 1.5·b = 1500·0.25 give a = 437.5, b = 625.
        const std::vector<Vec3> p{{1.5, 1.05, 0}, {1.5, -1.05, 0}, {-1.5, 0, 0}};
        const guide::SprungMasses s = guide::computeSprungMasses(p, {0.25, 0, 0}, 1500);
        QVERIFY(s.ok());
        CHECK_NEAR(s.masses[0], 437.5, 1e-9);
        CHECK_NEAR(s.masses[1], 437.5, 1e-9);
        CHECK_NEAR(s.masses[2], 625.0, 1e-9);
        // Three wheels in a line cannot carry a CoM off that line.
        QVERIFY(!guide::computeSprungMasses({{1, 0, 0}, {0, 0, 0}, {-1, 0, 0}}, {0, 0, 0}, 1500).ok());
    }

    void sprungMassesOneAndTwoWheels()
    {
        const guide::SprungMasses one = guide::computeSprungMasses({{0.3, 0.2, 0}}, {0, 0, 0}, 800);
        QVERIFY(one.ok());
        CHECK_NEAR(one.masses[0], 800, 1e-12);
        // Lever rule: wheels at x = ±1, CoM at x = 0.5 (its y offset is ignored): 3/4 on the front.
        const guide::SprungMasses two = guide::computeSprungMasses({{1, 0, 0}, {-1, 0, 0}}, {0.5, 0.3, 0}, 200);
        QVERIFY(two.ok());
        CHECK_NEAR(two.masses[0], 150, 1e-9);
        CHECK_NEAR(two.masses[1], 50, 1e-9);
        QVERIFY(!guide::computeSprungMasses({{1, 0, 0}, {1, 0, 5}}, {0, 0, 0}, 200).ok());
    }

    void sprungMassesManyWheelsReproduceMassAndCentre()
    {
        // 10 wheels, an off-centre CoM: Σm = M and Σm·(x, y) = M·c (vehicle-model §5 constraints).
        std::vector<Vec3> p;
        for (int axle = 0; axle < 5; ++axle)
            for (double y : {0.9, -0.9})
                p.push_back({2.0 - axle * 1.1, y, -0.5});
        const Vec3 c{0.4, 0.1, 0};
        const guide::SprungMasses s = guide::computeSprungMasses(p, c, 12000);
        QVERIFY(s.ok());
        double sum = 0, sx = 0, sy = 0;
        for (std::size_t i = 0; i < p.size(); ++i) {
            sum += s.masses[i];
            sx += s.masses[i] * p[i].x;
            sy += s.masses[i] * p[i].y;
        }
        CHECK_NEAR(sum, 12000, 1e-6);
        CHECK_NEAR(sx / sum, 0.4, 1e-9);
        CHECK_NEAR(sy / sum, 0.1, 1e-9);
        QVERIFY(!guide::computeSprungMasses(std::vector<Vec3>(21, Vec3{}), c, 1).ok());
    }

    void setMassPreservesNaturalFrequency()
    {
        SuspensionData s = referenceCar().wheels[0].suspension;  // 437.5 kg, 35000 N/m, 4500 N s/m
        const double before = guide::naturalFrequency(s.springStrength, s.sprungMass);
        guide::setSprungMassPreservingNaturalFrequency(s, 500);
        CHECK_NEAR(s.springStrength, 40000, 1e-9);  // 35000 · 500 / 437.5
        CHECK_NEAR(s.sprungMass, 500, 0);
        CHECK_NEAR(s.springDamperRate, 4500, 0);     // the damper is not changed (§1.3)
        CHECK_NEAR(guide::naturalFrequency(s.springStrength, s.sprungMass), before, 1e-12);
    }

    void boxAndWheelInertia()
    {
        // §6.2: 2.5 × 2.0 × 5.0 m box of 1500 kg: (1281.25, 3625, 3906.25); the snippet scales yaw by 0.8.
        const Vec3 i = guide::boxMomentOfInertia(1500, {5.0, 2.5, 2.0});
        CHECK_NEAR(i.x, 1281.25, 1e-9);
        CHECK_NEAR(i.y, 3625.0, 1e-9);
        CHECK_NEAR(i.z, 3906.25, 1e-9);
        CHECK_NEAR(i.z * 0.8, referenceCar().chassis.moi.z, 1e-9);
        CHECK_NEAR(guide::wheelMomentOfInertia(20, 0.5), 2.5, 1e-12);  // §6.3
    }

    void frequencyDampingAlphaReferenceCar()
    {
        // §6.10: natural frequencies 8.944 / 10.583 rad/s, damping ratios 0.575 / 0.680.
        CHECK_NEAR(guide::naturalFrequency(35000, 437.5), 8.94427191, 1e-8);
        CHECK_NEAR(guide::naturalFrequency(35000, 312.5), 10.58300524, 1e-8);
        CHECK_NEAR(guide::naturalFrequencyHz(35000, 437.5), 8.94427191 / (2 * M_PI), 1e-8);
        CHECK_NEAR(guide::dampingRatio(4500, 35000, 437.5), 0.57499, 1e-5);
        CHECK_NEAR(guide::dampingRatio(4500, 35000, 312.5), 0.68034, 1e-5);
        // §7.1 (6-wheel car): sqrt(m/k)/dt = 5.67 front (312.5 kg), 4.39 rear (187.5 kg) at 60 Hz.
        CHECK_NEAR(guide::alpha(35000, 312.5, 1.0 / 60), 5.6695, 1e-4);
        CHECK_NEAR(guide::alpha(35000, 187.5, 1.0 / 60), 4.3916, 1e-4);
    }

    void theoreticallyCorrectSpring()
    {
        // §6.10: k·maxDroop − m_s·g = 3500 − 4291.875 = −791.875 N at the front.
        SuspensionData front = referenceCar().wheels[0].suspension;
        CHECK_NEAR(guide::springDroopForce(front), -791.875, 1e-9);
        QVERIFY(!guide::isTheoreticallyCorrectSpring(front));
        front.springStrength = front.sprungMass * kGravity / front.maxDroop;  // 42918.75 N/m
        CHECK_NEAR(guide::springDroopForce(front), 0, 1e-9);
        QVERIFY(guide::isTheoreticallyCorrectSpring(front));
        // §7.1 (6-wheel car): +434.38 N for 312.5 kg.
        SuspensionData six = front;
        six.sprungMass = 312.5;
        six.springStrength = 35000;
        CHECK_NEAR(guide::springDroopForce(six), 434.375, 1e-9);
    }

    void restLoadAndStaticJounce()
    {
        // §7.1: L_rest = g·(m_s + 20) = 3261.825 N for 312.5 kg.
        CHECK_NEAR(guide::tireRestLoad(312.5, 20), 3261.825, 1e-9);
        // §2.5: a strut carrying exactly m_s·g rests at zero jounce; 100 N more compresses k/100.
        const SuspensionData s = referenceCar().wheels[0].suspension;
        CHECK_NEAR(guide::staticJounce(s, s.sprungMass * kGravity), 0, 1e-12);
        CHECK_NEAR(guide::staticJounce(s, s.sprungMass * kGravity + 350), 0.01, 1e-12);
    }
};

QTEST_APPLESS_MAIN(TestTuningGuide)
#include "test_tuning_guide.moc"
