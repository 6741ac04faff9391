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
    void switchTimeCountsFollowSinglePrecision();
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
    // §2.16, §2.31: the current gear is neutral at once; the target engages on the first update
    // whose accumulated switch time exceeds 0.5 s in single precision, as in PhysX: float(1/60)
    // summed 30 times in float is above 0.5f, so the change spends exactly 30 updates in neutral
    // and engages on update 31 (a double sum of 30 sixtieths is not above 0.5: update 32). The
    // request flags are cleared then.
    const GearsData gears;
    GearboxState s = inGear(kFirst);
    s.gearUpPressed = true;
    QCOMPARE(updatesUntilEngaged(s, gears), 31);
    QCOMPARE(s.currentGear, kFirst + 1);
    QVERIFY(!s.gearUpPressed);
    QCOMPARE(s.switchTimer, 0.0f);

    // The first update already sits in neutral.
    GearboxState t = inGear(3);
    t.gearDownPressed = true;
    updateGearbox(t, gears, kDt);
    QCOMPARE(t.currentGear, kNeutral);
    QCOMPARE(t.targetGear, 2);
}

void TestGearbox::switchTimeCountsFollowSinglePrecision()
{
    // §2.31: updates in neutral = float additions of float(dt) until the float sum exceeds
    // float(switchTime). 0.5 s is an exact multiple of 1/30 and 1/120 as well; single precision
    // gives 16 (the double sum too) and 61 (the double sum: 60). The engaging update is one more.
    struct Case {
        double dt;
        double switchTime;
        int neutralUpdates;
    };
    const Case cases[] = {{1.0 / 60.0, 0.5, 30}, {1.0 / 30.0, 0.5, 16}, {1.0 / 120.0, 0.5, 61},
                          {1.0 / 60.0, 1.0, 61}, {1.0 / 30.0, 1.0, 30}};
    for (const Case& c : cases) {
        GearsData gears;
        gears.switchTime = c.switchTime;
        GearboxState s = inGear(kFirst);
        s.gearUpPressed = true;
        int neutral = 0;
        for (int update = 1; update <= 1000; ++update) {
            updateGearbox(s, gears, c.dt);
            if (s.currentGear != kNeutral)
                break;
            ++neutral;
        }
        QVERIFY2(neutral == c.neutralUpdates,
                 qPrintable(QStringLiteral("dt 1/%1, switch time %2 s: %3 updates in neutral, expected %4")
                                .arg(1.0 / c.dt)
                                .arg(c.switchTime)
                                .arg(neutral)
                                .arg(c.neutralUpdates)));
        QCOMPARE(s.currentGear, kFirst + 1);
    }
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
        s.autoBoxTimer = static_cast<float>(box.latency + 0.01);
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
    QCOMPARE(decide(kFirst, 391.0).autoBoxTimer, 0.0f);
    QVERIFY(decide(kFirst, 350.0).autoBoxTimer > box.latency);
}

void TestGearbox::autoBoxLatency()
{
    // §2.17, §2.31: no decision until t_auto > latency (2 s), t_auto summed in single precision.
    // From t_auto = 0 the update-n check sees n − 1 additions; float(1/60) needs 121 additions to
    // exceed 2.0f, so the first decision is on update 122. At 1/30 float needs 61 (update 62, where
    // a double sum would decide on update 61), at 1/120 it needs 241 (update 242).
    struct Case {
        double dt;
        int decisionUpdate;
    };
    const AutoBoxData box;
    for (const Case& c : {Case{1.0 / 60.0, 122}, Case{1.0 / 30.0, 62}, Case{1.0 / 120.0, 242}}) {
        GearboxState s = inGear(kFirst);
        int decisionUpdate = 0;
        for (int update = 1; update <= 1000 && decisionUpdate == 0; ++update) {
            updateAutoBox(s, box, 600.0, 450.0, 1.0, c.dt);
            if (s.gearUpPressed)
                decisionUpdate = update;
        }
        QVERIFY2(decisionUpdate == c.decisionUpdate,
                 qPrintable(QStringLiteral("dt 1/%1: decision on update %2, expected %3")
                                .arg(1.0 / c.dt)
                                .arg(decisionUpdate)
                                .arg(c.decisionUpdate)));
    }
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
    const float timer = s.autoBoxTimer;
    QCOMPARE(updateAutoBox(s, box, 600.0, 300.0, 0.8, kDt), 0.0);
    QCOMPARE(s.autoBoxTimer, timer + static_cast<float>(kDt));
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
    // The request comes on update 122 (autoBoxLatency), which is also the first of 30 updates in
    // neutral (changeCompletesAfterSwitchTime): first engages on update 152.
    QCOMPARE(engagedUpdate, 152);
    QVERIFY(!s.gearUpPressed);
}

QTEST_APPLESS_MAIN(TestGearbox)
#include "test_gearbox.moc"
