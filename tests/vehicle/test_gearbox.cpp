// Gearbox state machine (§2.16) and autobox (§2.17): §7.5 gearbox and autobox vectors, §7.6 item 5.

#include "support/NearAssert.h"
#include "vehicle/Gearbox.h"

using namespace jounce;
using namespace jounce::sim;

namespace {

constexpr double kDt = 1.0 / 60.0;
constexpr int kReverse = kReverseGearIndex;
constexpr int kNeutral = kNeutralGearIndex;
constexpr int kFirst = kFirstGearIndex;
constexpr int kTop = 6;  // default 7 ratios: R, N, 1-5

// Runs updates until current == target; returns the 1-based update on which the target engaged.
int updatesUntilEngaged(GearboxState& s, const GearsData& gears)
{
    for (int update = 1; update <= 1000; ++update) {
        updateGearbox(s, gears, kDt);
        if (s.currentGear == s.targetGear)
            return update;
        if (s.currentGear != kNeutral)
            return -update;  // a change must stay in neutral until it completes
    }
    return 0;
}

GearboxState inGear(int gear)
{
    GearboxState s;
    forceGearChange(s, gear);
    return s;
}

}  // namespace

class TestGearbox : public QObject {
    Q_OBJECT
private slots:
    void changeCompletesAfterSwitchTime();
    void upDownTransitions();
    void noShiftBeyondEnds();
    void startGearChangeKeepsGear();
    void gearRatiosAndNumbering();
    void autoBoxThresholds();
    void autoBoxLatency();
    void autoBoxThrottleCut();
    void autoBoxDrivesFromNeutralToFirst();
};

void TestGearbox::changeCompletesAfterSwitchTime()
{
    // §7.5: the current gear is neutral at once, the target engages on update 32 (double precision),
    // ±1 allowed; the request flags are cleared then.
    const GearsData gears;
    GearboxState s = inGear(kFirst);
    s.gearUpPressed = true;
    const int engaged = updatesUntilEngaged(s, gears);
    QVERIFY2(engaged >= 31 && engaged <= 33, qPrintable(QString::number(engaged)));
    QCOMPARE(s.currentGear, kFirst + 1);
    QVERIFY(!s.gearUpPressed);
    QCOMPARE(s.switchTimer, 0.0);
    // §7.6 item 5: time in neutral > switchTime: (engaged − 1) updates of dt accumulated first.
    QVERIFY((engaged - 1) * kDt > gears.switchTime - 1e-9);

    // The first update already sits in neutral.
    GearboxState t = inGear(3);
    t.gearDownPressed = true;
    updateGearbox(t, gears, kDt);
    QCOMPARE(t.currentGear, kNeutral);
    QCOMPARE(t.targetGear, 2);
}

void TestGearbox::upDownTransitions()
{
    // §7.5: up from reverse -> first, down from first -> reverse, up/down from neutral ->
    // first/reverse; otherwise ±1.
    const GearsData gears;
    struct Case {
        int from;
        bool up;
        int to;
    };
    const Case cases[] = {{kReverse, true, kFirst}, {kFirst, false, kReverse}, {kNeutral, true, kFirst},
                          {kNeutral, false, kReverse}, {kFirst, true, 3}, {4, false, 3}, {5, true, kTop}};
    for (const Case& c : cases) {
        GearboxState s = inGear(c.from);
        setGearRequests(s, c.up, !c.up);
        updatesUntilEngaged(s, gears);
        QVERIFY2(s.currentGear == c.to,
                 qPrintable(QStringLiteral("from %1 %2: got %3, expected %4")
                                .arg(c.from)
                                .arg(c.up ? "up" : "down")
                                .arg(s.currentGear)
                                .arg(c.to)));
    }
}

void TestGearbox::noShiftBeyondEnds()
{
    // §7.5: no up-shift from the top gear (index 6), no down-shift from reverse.
    const GearsData gears;
    GearboxState s = inGear(kTop);
    s.gearUpPressed = true;
    for (int i = 0; i < 60; ++i)
        updateGearbox(s, gears, kDt);
    QCOMPARE(s.currentGear, kTop);
    QCOMPARE(s.targetGear, kTop);
    QVERIFY(s.gearUpPressed);  // not cleared: no change completed (§1.16)

    s = inGear(kReverse);
    s.gearDownPressed = true;
    for (int i = 0; i < 60; ++i)
        updateGearbox(s, gears, kDt);
    QCOMPARE(s.currentGear, kReverse);
}

void TestGearbox::startGearChangeKeepsGear()
{
    // §1.16 startGearChange sets the target only; the switch timer then completes the change.
    const GearsData gears;
    GearboxState s = inGear(kFirst);
    startGearChange(s, 4);
    updateGearbox(s, gears, kDt);
    QCOMPARE(s.currentGear, kFirst);
    QCOMPARE(s.targetGear, 4);
    for (int i = 0; i < 40; ++i)
        updateGearbox(s, gears, kDt);
    QCOMPARE(s.currentGear, 4);
}

void TestGearbox::gearRatiosAndNumbering()
{
    // §6.8 derived: G = −16 (R), 0 (N), 16, 8, 6, 4.4, 4.
    const GearsData gears;
    const double expected[] = {-16.0, 0.0, 16.0, 8.0, 6.0, 4.4, 4.0};
    for (int g = 0; g < 7; ++g)
        JOUNCE_VERIFY_NEAR(totalGearRatio(gears, g), expected[g], 1e-12);
    QCOMPARE(totalGearRatio(gears, 7), 0.0);
    QCOMPARE(displayGear(kReverse), -1);
    QCOMPARE(displayGear(kNeutral), 0);
    QCOMPARE(displayGear(kFirst), 1);
    QCOMPARE(gearIndexFromDisplay(5), 6);
}

void TestGearbox::autoBoxThresholds()
{
    // §7.5: first gear up when ω_e > 390 (0.65·600); down needs ω_e < 300 and gear ≥ second; in
    // neutral the up threshold is 90 (0.15·600); never up from reverse, never down from first.
    const AutoBoxData box;
    auto decide = [&](int gear, double omega) {
        GearboxState s = inGear(gear);
        s.autoBoxTimer = box.latency + 0.01;
        updateAutoBox(s, box, 600.0, omega, 1.0, kDt);
        return s;
    };
    QVERIFY(decide(kFirst, 391.0).gearUpPressed);
    QVERIFY(!decide(kFirst, 389.0).gearUpPressed);
    QVERIFY(!decide(kFirst, 100.0).gearDownPressed);
    QVERIFY(decide(3, 299.0).gearDownPressed);
    QVERIFY(!decide(3, 301.0).gearDownPressed);
    QVERIFY(!decide(3, 301.0).gearUpPressed);
    QVERIFY(decide(kNeutral, 91.0).gearUpPressed);
    QVERIFY(!decide(kNeutral, 89.0).gearUpPressed);
    QVERIFY(!decide(kNeutral, 10.0).gearDownPressed);
    QVERIFY(!decide(kReverse, 590.0).gearUpPressed);
    QVERIFY(!decide(kReverse, 10.0).gearDownPressed);
    // In top gear the up request is raised (the gearbox ignores it).
    QVERIFY(decide(kTop, 500.0).gearUpPressed);
    // A decision restarts the latency timer; no decision leaves it running past the latency.
    QCOMPARE(decide(kFirst, 391.0).autoBoxTimer, 0.0);
    QVERIFY(decide(kFirst, 350.0).autoBoxTimer > box.latency);
}

void TestGearbox::autoBoxLatency()
{
    // §2.17: no decision until t_auto > latency (2 s): from a fresh decision at 60 Hz that is about
    // 121 updates later.
    const AutoBoxData box;
    GearboxState s = inGear(kFirst);
    int decisionUpdate = 0;
    for (int update = 1; update <= 200 && decisionUpdate == 0; ++update) {
        updateAutoBox(s, box, 600.0, 450.0, 1.0, kDt);
        if (s.gearUpPressed)
            decisionUpdate = update;
    }
    QVERIFY2(decisionUpdate >= 121 && decisionUpdate <= 122, qPrintable(QString::number(decisionUpdate)));
}

void TestGearbox::autoBoxThrottleCut()
{
    // §7.5: accel is forced to 0 while current = neutral ≠ target (manual changes too), and the
    // autobox timer keeps running during the change.
    const AutoBoxData box;
    const GearsData gears;
    GearboxState s = inGear(kFirst);
    s.gearUpPressed = true;
    updateGearbox(s, gears, kDt);
    QCOMPARE(s.currentGear, kNeutral);
    const double timer = s.autoBoxTimer;
    QCOMPARE(updateAutoBox(s, box, 600.0, 300.0, 0.8, kDt), 0.0);
    JOUNCE_VERIFY_NEAR(s.autoBoxTimer, timer + kDt, 1e-15);
    // Not changing: accel passes through.
    GearboxState steady = inGear(3);
    QCOMPARE(updateAutoBox(steady, box, 600.0, 300.0, 0.8, kDt), 0.8);
    // Sitting in neutral with no change pending is not a change: no cut.
    GearboxState idle = inGear(kNeutral);
    QCOMPARE(updateAutoBox(idle, box, 600.0, 0.0, 0.6, kDt), 0.6);
}

void TestGearbox::autoBoxDrivesFromNeutralToFirst()
{
    // Autobox then gearbox, once per update: from neutral with ω_e 120 (> 90) the autobox requests
    // first after the latency and the gearbox engages it after the switch time.
    const AutoBoxData box;
    const GearsData gears;
    GearboxState s;
    int engagedUpdate = 0;
    for (int update = 1; update <= 400 && engagedUpdate == 0; ++update) {
        updateAutoBox(s, box, 600.0, 120.0, 1.0, kDt);
        updateGearbox(s, gears, kDt);
        if (s.currentGear == kFirst)
            engagedUpdate = update;
    }
    // ≈ 121 updates of latency + ≈ 31 of switch time.
    QVERIFY2(engagedUpdate >= 150 && engagedUpdate <= 155, qPrintable(QString::number(engagedUpdate)));
    QVERIFY(!s.gearUpPressed);
}

QTEST_APPLESS_MAIN(TestGearbox)
#include "test_gearbox.moc"
