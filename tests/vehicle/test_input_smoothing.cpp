// Input smoothing (§3.1-§3.4) with the snippet tables of §6.11 (the ControlsConfig defaults):
// §7.5 input-smoothing vectors, the in-air bypass and Jounce's steer sign (positive = left).

#include "support/NearAssert.h"
#include "vehicle/InputSmoothing.h"

using namespace jounce;
using namespace jounce::sim;

namespace {
constexpr double kDt = 1.0 / 60.0;
}

class TestInputSmoothing : public QObject {
    Q_OBJECT
private slots:
    void steerTable();
    void padAccelRamps();
    void padSteerAtRest();
    void padSteerInAir();
    void padSteerSignedRule();
    void keySteerRampsAndLimits();
    void keyPedals();
    void tankDigital();
    void tankAnalog();
};

void TestInputSmoothing::steerTable()
{
    // §7.5: 0.75 at 0 and 5 m/s, 0.4375 at 17.5, 0.125 at 30, 0.1125 at 75, 0.1 at ≥ 120; |v| used;
    // in the air the limit is 1.
    const ControlsConfig c;
    const auto& t = c.steerVsForwardSpeedTable;
    JOUNCE_VERIFY_NEAR(steerLimit(t, 0.0, false), 0.75, 1e-12);
    JOUNCE_VERIFY_NEAR(steerLimit(t, 5.0, false), 0.75, 1e-12);
    JOUNCE_VERIFY_NEAR(steerLimit(t, 17.5, false), 0.4375, 1e-12);
    JOUNCE_VERIFY_NEAR(steerLimit(t, 30.0, false), 0.125, 1e-12);
    JOUNCE_VERIFY_NEAR(steerLimit(t, 75.0, false), 0.1125, 1e-12);
    JOUNCE_VERIFY_NEAR(steerLimit(t, 120.0, false), 0.1, 1e-12);
    JOUNCE_VERIFY_NEAR(steerLimit(t, 300.0, false), 0.1, 1e-12);
    JOUNCE_VERIFY_NEAR(steerLimit(t, -17.5, false), 0.4375, 1e-12);
    JOUNCE_VERIFY_NEAR(steerLimit(t, 75.0, true), 1.0, 1e-12);
}

void TestInputSmoothing::padAccelRamps()
{
    // §7.5: pad accel 0 -> 1 in 10 frames (+0.1 per frame), back to 0 in 6 frames.
    const ControlsConfig c;
    DriveControls u;
    DrivePad pad;
    pad.accel = 1.0;
    for (int frame = 1; frame <= 10; ++frame) {
        u = smoothDrivePad(c.padSmoothing, c.steerVsForwardSpeedTable, pad, u, 0.0, false, kDt);
        JOUNCE_VERIFY_NEAR(u.accel, 0.1 * frame, 1e-12);
    }
    pad.accel = 0.0;
    for (int frame = 1; frame <= 6; ++frame) {
        u = smoothDrivePad(c.padSmoothing, c.steerVsForwardSpeedTable, pad, u, 0.0, false, kDt);
        if (frame < 6)
            QVERIFY(u.accel > 0.0);
    }
    JOUNCE_VERIFY_NEAR(u.accel, 0.0, 1e-12);
    // One-sided: never overshoots a partial target.
    pad.accel = 0.25;
    for (int frame = 0; frame < 5; ++frame)
        u = smoothDrivePad(c.padSmoothing, c.steerVsForwardSpeedTable, pad, u, 0.0, false, kDt);
    JOUNCE_VERIFY_NEAR(u.accel, 0.25, 1e-12);
}

void TestInputSmoothing::padSteerAtRest()
{
    // §7.5: at rest the target is 0.75·raw; 2.5/s -> 0.041667 per frame, full target in 18 frames.
    // Positive raw steer = left turn (Jounce), stored on the left-turn control.
    const ControlsConfig c;
    DriveControls u;
    DrivePad pad;
    pad.steer = 1.0;
    u = smoothDrivePad(c.padSmoothing, c.steerVsForwardSpeedTable, pad, u, 0.0, false, kDt);
    JOUNCE_VERIFY_NEAR(u.steer(), 0.041667, 1e-6);
    JOUNCE_VERIFY_NEAR(u.steerLeft, 0.041667, 1e-6);
    QCOMPARE(u.steerRight, 0.0);
    for (int frame = 2; frame <= 18; ++frame) {
        u = smoothDrivePad(c.padSmoothing, c.steerVsForwardSpeedTable, pad, u, 0.0, false, kDt);
        if (frame == 17)
            QVERIFY(u.steer() < 0.75 - 1e-6);
    }
    JOUNCE_VERIFY_NEAR(u.steer(), 0.75, 1e-12);
    u = smoothDrivePad(c.padSmoothing, c.steerVsForwardSpeedTable, pad, u, 0.0, false, kDt);
    JOUNCE_VERIFY_NEAR(u.steer(), 0.75, 1e-12);
    // Right turn: negative.
    DriveControls r;
    pad.steer = -1.0;
    r = smoothDrivePad(c.padSmoothing, c.steerVsForwardSpeedTable, pad, r, 0.0, false, kDt);
    JOUNCE_VERIFY_NEAR(r.steer(), -0.041667, 1e-6);
}

void TestInputSmoothing::padSteerInAir()
{
    // §3.1 / §7.5: in the air the target is the raw value (table bypassed), at any speed.
    const ControlsConfig c;
    DriveControls u;
    DrivePad pad;
    pad.steer = 1.0;
    for (int frame = 0; frame < 30; ++frame)
        u = smoothDrivePad(c.padSmoothing, c.steerVsForwardSpeedTable, pad, u, 60.0, true, kDt);
    JOUNCE_VERIFY_NEAR(u.steer(), 1.0, 1e-12);
    // Back on the ground at 30 m/s the target drops to 0.125 and is approached at the fall rate.
    u = smoothDrivePad(c.padSmoothing, c.steerVsForwardSpeedTable, pad, u, 30.0, false, kDt);
    JOUNCE_VERIFY_NEAR(u.steer(), 1.0 - 5.0 / 60.0, 1e-12);
}

void TestInputSmoothing::padSteerSignedRule()
{
    // §3.3: away from 0 at the rise rate, toward 0 at the fall rate, target 0 approached at the fall
    // rate without crossing.
    JOUNCE_VERIFY_NEAR(smoothSigned(0.5, 0.0, 2.5, 5.0, kDt), 0.5 - 5.0 / 60.0, 1e-15);
    JOUNCE_VERIFY_NEAR(smoothSigned(0.05, 0.0, 2.5, 5.0, kDt), 0.0, 1e-15);
    JOUNCE_VERIFY_NEAR(smoothSigned(-0.05, 0.0, 2.5, 5.0, kDt), 0.0, 1e-15);
    // From −0.5 toward +0.75: the sign at the start of the frame selects the fall rate.
    JOUNCE_VERIFY_NEAR(smoothSigned(-0.5, 0.75, 2.5, 5.0, kDt), -0.5 + 5.0 / 60.0, 1e-15);
    // From +0.01 toward −0.75: fall rate first (value > 0), may cross 0 in that frame.
    JOUNCE_VERIFY_NEAR(smoothSigned(0.01, -0.75, 2.5, 5.0, kDt), 0.01 - 5.0 / 60.0, 1e-15);
    // From −0.2 toward −0.75: moving away from 0, rise rate.
    JOUNCE_VERIFY_NEAR(smoothSigned(-0.2, -0.75, 2.5, 5.0, kDt), -0.2 - 2.5 / 60.0, 1e-15);
    JOUNCE_VERIFY_NEAR(smoothSigned(-0.74, -0.75, 2.5, 5.0, kDt), -0.75, 1e-15);
}

void TestInputSmoothing::keySteerRampsAndLimits()
{
    // §3.2 / §7.5: left and right ramp independently at 2.5/s, then both are scaled if
    // |left − right| exceeds the table limit.
    const ControlsConfig c;
    DriveControls u;
    DriveKeys keys;
    keys.steerLeft = true;
    u = smoothDriveKeys(c.keySmoothing, c.steerVsForwardSpeedTable, keys, u, 0.0, false, kDt);
    JOUNCE_VERIFY_NEAR(u.steerLeft, 2.5 / 60.0, 1e-15);
    JOUNCE_VERIFY_NEAR(u.steer(), 2.5 / 60.0, 1e-15);
    // At 30 m/s the limit is 0.125: once left exceeds it, it is scaled down to exactly the limit.
    for (int frame = 0; frame < 10; ++frame)
        u = smoothDriveKeys(c.keySmoothing, c.steerVsForwardSpeedTable, keys, u, 30.0, false, kDt);
    JOUNCE_VERIFY_NEAR(u.steer(), 0.125, 1e-12);
    // Both keys: both ramp, the difference is what is limited, the ratio is kept.
    DriveControls both;
    both.steerLeft = 0.6;
    both.steerRight = 0.2;
    keys.steerRight = true;
    const DriveControls b = smoothDriveKeys(c.keySmoothing, c.steerVsForwardSpeedTable, keys, both, 30.0, false, kDt);
    const double left = 0.6 + 2.5 / 60.0;
    const double right = 0.2 + 2.5 / 60.0;
    const double scale = 0.125 / (left - right);
    JOUNCE_VERIFY_NEAR(b.steerLeft, left * scale, 1e-12);
    JOUNCE_VERIFY_NEAR(b.steerRight, right * scale, 1e-12);
    JOUNCE_VERIFY_NEAR(b.steer(), 0.125, 1e-12);
    // In the air no limit applies.
    const DriveControls air = smoothDriveKeys(c.keySmoothing, c.steerVsForwardSpeedTable, keys, both, 30.0, true, kDt);
    JOUNCE_VERIFY_NEAR(air.steerLeft, left, 1e-12);
    // Released key falls at 5/s, clamped at 0.
    DriveControls rel;
    rel.steerRight = 0.05;
    rel = smoothDriveKeys(c.keySmoothing, c.steerVsForwardSpeedTable, DriveKeys{}, rel, 0.0, false, kDt);
    QCOMPARE(rel.steerRight, 0.0);
}

void TestInputSmoothing::keyPedals()
{
    // §3.2 with the §6.11 table: accel rises 6/s, falls 10/s, clamped to [0, 1].
    const ControlsConfig c;
    DriveControls u;
    DriveKeys keys;
    keys.accel = true;
    keys.handbrake = true;
    for (int frame = 0; frame < 5; ++frame)
        u = smoothDriveKeys(c.keySmoothing, c.steerVsForwardSpeedTable, keys, u, 0.0, false, kDt);
    JOUNCE_VERIFY_NEAR(u.accel, 0.5, 1e-12);
    JOUNCE_VERIFY_NEAR(u.handbrake, 0.5, 1e-12);
    for (int frame = 0; frame < 20; ++frame)
        u = smoothDriveKeys(c.keySmoothing, c.steerVsForwardSpeedTable, keys, u, 0.0, false, kDt);
    QCOMPARE(u.accel, 1.0);
    keys.accel = false;
    u = smoothDriveKeys(c.keySmoothing, c.steerVsForwardSpeedTable, keys, u, 0.0, false, kDt);
    JOUNCE_VERIFY_NEAR(u.accel, 1.0 - 10.0 / 60.0, 1e-12);
    QCOMPARE(u.brake, 0.0);
}

void TestInputSmoothing::tankDigital()
{
    // §3.4 digital: ramp as §3.2 (thrust slots use the steer rates 2.5/5, brake slots 6/10), then
    // standard: u = thrust − brake split into thrust or brake; special: thrust −= brake, brake = 0.
    const InputSmoothing rates;
    TankControls prev;
    prev.thrustLeft = 0.5;
    prev.brakeRight = 0.3;
    TankKeys keys;
    keys.thrustLeft = true;
    keys.brakeLeft = true;
    keys.thrustRight = true;
    const TankControls s = smoothTankKeys(rates, TankDriveModel::Standard, keys, prev, kDt);
    // Left: thrust 0.5 + 2.5/60, brake 6/60 -> u > 0 -> thrust only.
    JOUNCE_VERIFY_NEAR(s.thrustLeft, 0.5 + 2.5 / 60.0 - 0.1, 1e-12);
    QCOMPARE(s.brakeLeft, 0.0);
    // Right: thrust 2.5/60, brake 0.3 − 10/60 -> u < 0 -> brake only.
    QCOMPARE(s.thrustRight, 0.0);
    JOUNCE_VERIFY_NEAR(s.brakeRight, 0.3 - 10.0 / 60.0 - 2.5 / 60.0, 1e-12);

    const TankControls sp = smoothTankKeys(rates, TankDriveModel::Special, keys, prev, kDt);
    JOUNCE_VERIFY_NEAR(sp.thrustLeft, 0.5 + 2.5 / 60.0 - 0.1, 1e-12);
    JOUNCE_VERIFY_NEAR(sp.thrustRight, 2.5 / 60.0 - (0.3 - 10.0 / 60.0), 1e-12);
    QCOMPARE(sp.brakeLeft, 0.0);
    QCOMPARE(sp.brakeRight, 0.0);
}

void TestInputSmoothing::tankAnalog()
{
    // §3.4 analog.
    const InputSmoothing rates;
    // Special: thrusts follow the signed rule toward the raw (possibly negative) thrusts.
    TankPad pad;
    pad.accel = 1.0;
    pad.thrustLeft = 1.0;
    pad.thrustRight = -1.0;
    pad.brakeLeft = 0.5;
    TankControls u;
    u = smoothTankPad(rates, TankDriveModel::Special, pad, u, kDt);
    JOUNCE_VERIFY_NEAR(u.accel, 0.1, 1e-12);
    JOUNCE_VERIFY_NEAR(u.thrustLeft, 2.5 / 60.0, 1e-12);
    JOUNCE_VERIFY_NEAR(u.thrustRight, -2.5 / 60.0, 1e-12);
    JOUNCE_VERIFY_NEAR(u.brakeLeft, 0.1, 1e-12);
    // Standard: per side the combined value goes toward rawThrust − rawBrake with thrust rates,
    // then splits.
    TankPad stdPad;
    stdPad.thrustLeft = 0.2;
    stdPad.brakeLeft = 0.8;  // target −0.6 -> brake
    stdPad.thrustRight = 1.0;
    TankControls prev;
    prev.thrustLeft = 0.1;
    const TankControls s = smoothTankPad(rates, TankDriveModel::Standard, stdPad, prev, kDt);
    // Left starts at +0.1 moving toward −0.6: fall rate 5/s -> 0.1 − 0.0833 > 0 -> thrust.
    JOUNCE_VERIFY_NEAR(s.thrustLeft, 0.1 - 5.0 / 60.0, 1e-12);
    QCOMPARE(s.brakeLeft, 0.0);
    JOUNCE_VERIFY_NEAR(s.thrustRight, 2.5 / 60.0, 1e-12);
    const TankControls s2 = smoothTankPad(rates, TankDriveModel::Standard, stdPad, s, kDt);
    QCOMPARE(s2.thrustLeft, 0.0);
    JOUNCE_VERIFY_NEAR(s2.brakeLeft, -(0.1 - 10.0 / 60.0), 1e-12);
}

QTEST_APPLESS_MAIN(TestInputSmoothing)
#include "test_input_smoothing.moc"
