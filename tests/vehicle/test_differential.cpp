// Differentials: Drive4W α/γ for all six types with the handbrake rule and split() (§2.20), DriveNW
// (§2.21) and DriveTank shares and gearing (§2.22). §7.5 vectors and §7.6 item 1 (Σ = 1).

#include "support/NearAssert.h"
#include "vehicle/Differential.h"

#include <numeric>

using namespace jounce;
using namespace jounce::sim;

namespace {

constexpr HandbrakeDifferentialRule kPhysx41 = HandbrakeDifferentialRule::FrontDriveWhileHandbrake;

double sum(const WheelShares4& s)
{
    return std::accumulate(s.begin(), s.end(), 0.0);
}

void verifyShares(const WheelShares4& actual, const WheelShares4& expected, double tol)
{
    for (std::size_t i = 0; i < 4; ++i)
        JOUNCE_VERIFY_NEAR(actual[i], expected[i], tol);
}

Differential4WData diffOfType(DifferentialType type)
{
    Differential4WData d;
    d.type = type;
    return d;
}

}  // namespace

class TestDifferential : public QObject {
    Q_OBJECT
private slots:
    void snippetEqualSpeeds();
    void snippetHandbrake();
    void snippetCentreBiasExceeded();
    void splitVectors();
    void limitedSlipFallsBackToOpen();
    void allTypesStaticTable();
    void handbrakeRuleOnlyForFourWheelTypes();
    void leftRightSplitFeedsIsoLeftWheel();
    void limitedSlipFrontAndRear();
    void sharesSumToOne();
    void nWheel();
    void tank();
};

void TestDifferential::snippetEqualSpeeds()
{
    // §7.5: LS_4WD snippet defaults, equal speeds: γ = α = (0.225, 0.225, 0.275, 0.275).
    const Differential4WData d;
    const WheelShares4 expected{0.225, 0.225, 0.275, 0.275};
    verifyShares(differentialAveragingWeights4W(d, 0.0, kPhysx41), expected, 1e-12);
    verifyShares(differentialTorqueRatios4W(d, 0.0, {15.0, 15.0, 15.0, 15.0}, kPhysx41), expected, 1e-12);
    verifyShares(differentialTorqueRatios4W(d, 0.0, {-3.0, -3.0, -3.0, -3.0}, kPhysx41), expected, 1e-12);
}

void TestDifferential::snippetHandbrake()
{
    // §7.5: any handbrake > 0: γ = α = (0.5, 0.5, 0, 0).
    const Differential4WData d;
    const WheelShares4 expected{0.5, 0.5, 0.0, 0.0};
    verifyShares(differentialAveragingWeights4W(d, 0.01, kPhysx41), expected, 1e-12);
    verifyShares(differentialTorqueRatios4W(d, 1.0, {10.0, 10.0, 10.0, 10.0}, kPhysx41), expected, 1e-12);
}

void TestDifferential::snippetCentreBiasExceeded()
{
    // §7.5: fronts at 20, rears at 10 rad/s: γ = (0.141304, 0.141304, 0.358696, 0.358696).
    const Differential4WData d;
    const WheelShares4 g = differentialTorqueRatios4W(d, 0.0, {20.0, 20.0, 10.0, 10.0}, kPhysx41);
    verifyShares(g, {0.141304, 0.141304, 0.358696, 0.358696}, 1e-6);
    JOUNCE_VERIFY_NEAR(sum(g), 1.0, 1e-12);
    // α is never bias-adjusted.
    verifyShares(differentialAveragingWeights4W(d, 0.0, kPhysx41), {0.225, 0.225, 0.275, 0.275}, 1e-12);
}

void TestDifferential::splitVectors()
{
    // §7.5: split(10, 20, 1.3, 0.5) = (0.675, 0.325); split(10, 12, 1.3, 0.5) = (0.5, 0.5).
    const BiasSplit a = biasSplit(10.0, 20.0, 1.3, 0.5);
    JOUNCE_VERIFY_NEAR(a.first, 0.675, 1e-12);
    JOUNCE_VERIFY_NEAR(a.second, 0.325, 1e-12);
    const BiasSplit b = biasSplit(10.0, 12.0, 1.3, 0.5);
    JOUNCE_VERIFY_NEAR(b.first, 0.5, 1e-12);
    JOUNCE_VERIFY_NEAR(b.second, 0.5, 1e-12);
    // Symmetric: the faster wheel loses the excess D = (20 − 13)/20 = 0.35.
    const BiasSplit c = biasSplit(20.0, 10.0, 1.3, 0.5);
    JOUNCE_VERIFY_NEAR(c.first, 0.325, 1e-12);
    JOUNCE_VERIFY_NEAR(c.second, 0.675, 1e-12);
    // Signs do not matter, only magnitudes.
    const BiasSplit n = biasSplit(-10.0, -20.0, 1.3, 0.5);
    JOUNCE_VERIFY_NEAR(n.first, 0.675, 1e-12);
    // Uneven static split (s = 0.45), with D = 0.35: f1 = 0.45·0.65, f2 = 0.55·1.35, normalised.
    const BiasSplit u = biasSplit(40.0, 20.0, 1.3, 0.45);
    JOUNCE_VERIFY_NEAR(u.first, 0.2925 / 1.035, 1e-12);
    JOUNCE_VERIFY_NEAR(u.second, 0.7425 / 1.035, 1e-12);
    // Exactly at the bias ratio: D = 0, static split.
    const BiasSplit edge = biasSplit(13.0, 10.0, 1.3, 0.3);
    JOUNCE_VERIFY_NEAR(edge.first, 0.3, 1e-12);
}

void TestDifferential::limitedSlipFallsBackToOpen()
{
    // §7.5: any wheel speed zero or of opposite sign -> open split.
    const Differential4WData d;
    const WheelShares4 open{0.225, 0.225, 0.275, 0.275};
    verifyShares(differentialTorqueRatios4W(d, 0.0, {20.0, 20.0, 10.0, 0.0}, kPhysx41), open, 1e-12);
    verifyShares(differentialTorqueRatios4W(d, 0.0, {20.0, -20.0, 10.0, 10.0}, kPhysx41), open, 1e-12);
    verifyShares(differentialTorqueRatios4W(d, 0.0, {0.0, 0.0, 0.0, 0.0}, kPhysx41), open, 1e-12);
}

void TestDifferential::allTypesStaticTable()
{
    // §2.20 α table (also open γ) with uneven splits fr 0.6, fl 0.3, rl 0.8.
    auto make = [](DifferentialType t) {
        Differential4WData d = diffOfType(t);
        d.frontRearSplit = 0.6;
        d.frontLeftRightSplit = 0.3;
        d.rearLeftRightSplit = 0.8;
        return d;
    };
    const WheelShares4 fourWd{0.18, 0.42, 0.32, 0.08};
    const WheelShares4 frontWd{0.3, 0.7, 0.0, 0.0};
    const WheelShares4 rearWd{0.0, 0.0, 0.8, 0.2};
    const WheelShares4 anySpeeds{30.0, 10.0, -5.0, 7.0};
    verifyShares(differentialAveragingWeights4W(make(DifferentialType::LS_4WD), 0.0, kPhysx41), fourWd, 1e-12);
    verifyShares(differentialAveragingWeights4W(make(DifferentialType::OPEN_4WD), 0.0, kPhysx41), fourWd, 1e-12);
    verifyShares(differentialAveragingWeights4W(make(DifferentialType::LS_FRONTWD), 0.0, kPhysx41), frontWd, 1e-12);
    verifyShares(differentialAveragingWeights4W(make(DifferentialType::OPEN_FRONTWD), 0.0, kPhysx41), frontWd, 1e-12);
    verifyShares(differentialAveragingWeights4W(make(DifferentialType::LS_REARWD), 0.0, kPhysx41), rearWd, 1e-12);
    verifyShares(differentialAveragingWeights4W(make(DifferentialType::OPEN_REARWD), 0.0, kPhysx41), rearWd, 1e-12);
    // Open types: γ = α whatever the speeds.
    verifyShares(differentialTorqueRatios4W(make(DifferentialType::OPEN_4WD), 0.0, anySpeeds, kPhysx41), fourWd, 1e-12);
    verifyShares(differentialTorqueRatios4W(make(DifferentialType::OPEN_FRONTWD), 0.0, anySpeeds, kPhysx41), frontWd, 1e-12);
    verifyShares(differentialTorqueRatios4W(make(DifferentialType::OPEN_REARWD), 0.0, anySpeeds, kPhysx41), rearWd, 1e-12);
    // Open diff ignores large speed differences that a limited-slip one would correct.
    verifyShares(differentialTorqueRatios4W(make(DifferentialType::OPEN_4WD), 0.0, {40.0, 10.0, 10.0, 10.0}, kPhysx41),
                 fourWd, 1e-12);
}

void TestDifferential::handbrakeRuleOnlyForFourWheelTypes()
{
    QCOMPARE(effectiveDifferentialType(DifferentialType::LS_4WD, 0.5, kPhysx41), DifferentialType::LS_FRONTWD);
    QCOMPARE(effectiveDifferentialType(DifferentialType::OPEN_4WD, 0.5, kPhysx41), DifferentialType::OPEN_FRONTWD);
    QCOMPARE(effectiveDifferentialType(DifferentialType::LS_4WD, 0.0, kPhysx41), DifferentialType::LS_4WD);
    QCOMPARE(effectiveDifferentialType(DifferentialType::LS_REARWD, 1.0, kPhysx41), DifferentialType::LS_REARWD);
    QCOMPARE(effectiveDifferentialType(DifferentialType::OPEN_REARWD, 1.0, kPhysx41), DifferentialType::OPEN_REARWD);
    QCOMPARE(effectiveDifferentialType(DifferentialType::LS_FRONTWD, 1.0, kPhysx41), DifferentialType::LS_FRONTWD);
    // A rear-drive car keeps driving the rear under handbrake.
    verifyShares(differentialAveragingWeights4W(diffOfType(DifferentialType::OPEN_REARWD), 1.0, kPhysx41),
                 {0.0, 0.0, 0.5, 0.5}, 1e-12);
    // A generation without the rule: the handbrake leaves the 4WD types alone.
    constexpr HandbrakeDifferentialRule none = HandbrakeDifferentialRule::Unchanged;
    QCOMPARE(effectiveDifferentialType(DifferentialType::LS_4WD, 1.0, none), DifferentialType::LS_4WD);
    QCOMPARE(effectiveDifferentialType(DifferentialType::OPEN_4WD, 1.0, none), DifferentialType::OPEN_4WD);
    verifyShares(differentialAveragingWeights4W(diffOfType(DifferentialType::OPEN_4WD), 1.0, none),
                 differentialAveragingWeights4W(diffOfType(DifferentialType::OPEN_4WD), 0.0, kPhysx41), 1e-15);
}

void TestDifferential::leftRightSplitFeedsIsoLeftWheel()
{
    // §6.14: in Jounce frontLeftRightSplit is the share of the ISO front-left wheel (index 0).
    Differential4WData d = diffOfType(DifferentialType::OPEN_FRONTWD);
    d.frontLeftRightSplit = 0.7;
    const WheelShares4 a = differentialAveragingWeights4W(d, 0.0, kPhysx41);
    JOUNCE_VERIFY_NEAR(a[0], 0.7, 1e-12);
    JOUNCE_VERIFY_NEAR(a[1], 0.3, 1e-12);
    d = diffOfType(DifferentialType::OPEN_REARWD);
    d.rearLeftRightSplit = 0.7;
    JOUNCE_VERIFY_NEAR(differentialAveragingWeights4W(d, 0.0, kPhysx41)[2], 0.7, 1e-12);
}

void TestDifferential::limitedSlipFrontAndRear()
{
    // LS_FRONTWD: front-left spinning at 20, front-right at 10 -> split(20, 10, 1.3, 0.5) =
    // (0.325, 0.675): torque moves to the slower wheel.
    const WheelShares4 f =
        differentialTorqueRatios4W(diffOfType(DifferentialType::LS_FRONTWD), 0.0, {20.0, 10.0, 0.0, -4.0}, kPhysx41);
    verifyShares(f, {0.325, 0.675, 0.0, 0.0}, 1e-12);
    // Opposite signs on the driven axle -> static (fl, 1 − fl).
    verifyShares(differentialTorqueRatios4W(diffOfType(DifferentialType::LS_FRONTWD), 0.0, {20.0, -10.0, 5.0, 5.0}, kPhysx41),
                 {0.5, 0.5, 0.0, 0.0}, 1e-12);
    const WheelShares4 r =
        differentialTorqueRatios4W(diffOfType(DifferentialType::LS_REARWD), 0.0, {0.0, 0.0, 10.0, 20.0}, kPhysx41);
    verifyShares(r, {0.0, 0.0, 0.675, 0.325}, 1e-12);
    // LS_4WD with handbrake acts as LS_FRONTWD, bias included.
    verifyShares(differentialTorqueRatios4W(Differential4WData{}, 1.0, {20.0, 10.0, 0.0, 0.0}, kPhysx41),
                 {0.325, 0.675, 0.0, 0.0}, 1e-12);
    // Below the bias ratio: static split.
    verifyShares(differentialTorqueRatios4W(diffOfType(DifferentialType::LS_REARWD), 0.0, {0.0, 0.0, 10.0, 12.0}, kPhysx41),
                 {0.0, 0.0, 0.5, 0.5}, 1e-12);
}

void TestDifferential::sharesSumToOne()
{
    // §7.6 item 1.
    const WheelShares4 speedSets[] = {{20.0, 20.0, 10.0, 10.0}, {1.0, 30.0, 2.0, 50.0}, {-5.0, -9.0, -1.0, -2.0},
                                      {3.0, 0.0, 4.0, 5.0},     {7.0, -7.0, 7.0, 7.0}};
    for (DifferentialType t : {DifferentialType::LS_4WD, DifferentialType::LS_FRONTWD, DifferentialType::LS_REARWD,
                               DifferentialType::OPEN_4WD, DifferentialType::OPEN_FRONTWD,
                               DifferentialType::OPEN_REARWD}) {
        Differential4WData d = diffOfType(t);
        d.frontRearSplit = 0.35;
        d.frontLeftRightSplit = 0.6;
        d.rearLeftRightSplit = 0.45;
        for (double handbrake : {0.0, 1.0}) {
            JOUNCE_VERIFY_NEAR(sum(differentialAveragingWeights4W(d, handbrake, kPhysx41)), 1.0, 1e-12);
            for (const WheelShares4& w : speedSets)
                JOUNCE_VERIFY_NEAR(sum(differentialTorqueRatios4W(d, handbrake, w, kPhysx41)), 1.0, 1e-12);
        }
    }
}

void TestDifferential::nWheel()
{
    // §2.21: equal shares 1/n_d over the driven wheels.
    DifferentialNWData d;
    d.drivenWheels = {0, 2, 4, 5};
    const WheelSharesN s = differentialShareNW(d, 6);
    JOUNCE_VERIFY_NEAR(s[0], 0.25, 1e-15);
    JOUNCE_VERIFY_NEAR(s[1], 0.0, 1e-15);
    JOUNCE_VERIFY_NEAR(s[2], 0.25, 1e-15);
    JOUNCE_VERIFY_NEAR(s[5], 0.25, 1e-15);
    JOUNCE_VERIFY_NEAR(std::accumulate(s.begin(), s.end(), 0.0), 1.0, 1e-15);
    // Wheels beyond the vehicle's count and duplicates do not count.
    d.drivenWheels = {1, 1, 7};
    const WheelSharesN t = differentialShareNW(d, 4);
    JOUNCE_VERIFY_NEAR(t[1], 1.0, 1e-15);
    JOUNCE_VERIFY_NEAR(t[7], 0.0, 1e-15);
    // No driven wheel: all zero.
    const WheelSharesN none = differentialShareNW(DifferentialNWData{}, 4);
    JOUNCE_VERIFY_NEAR(std::accumulate(none.begin(), none.end(), 0.0), 0.0, 1e-15);
}

void TestDifferential::tank()
{
    // §2.22 with 3 enabled wheels per side.
    // Full left thrust only: Δ = ½, left side takes all torque; gearing = sgn(thrust) (0 for 0).
    const TankDifferential a = tankDifferential(1.0, 0.0, 3, 3);
    JOUNCE_VERIFY_NEAR(a.gammaLeft, 1.0 / 3.0, 1e-15);
    JOUNCE_VERIFY_NEAR(a.gammaRight, 0.0, 1e-15);
    JOUNCE_VERIFY_NEAR(a.alphaLeft, 0.5 / 3.0, 1e-15);
    JOUNCE_VERIFY_NEAR(a.alphaRight, 0.5 / 3.0, 1e-15);
    QCOMPARE(a.gearingLeft, 1.0);
    QCOMPARE(a.gearingRight, 0.0);
    // Special model, turning on the spot: equal magnitudes, opposite gearing.
    const TankDifferential b = tankDifferential(0.8, -0.8, 3, 3);
    JOUNCE_VERIFY_NEAR(b.gammaLeft, 0.5 / 3.0, 1e-15);
    JOUNCE_VERIFY_NEAR(b.gammaRight, 0.5 / 3.0, 1e-15);
    QCOMPARE(b.gearingLeft, 1.0);
    QCOMPARE(b.gearingRight, -1.0);
    // Uneven: τL 0.6, τR 0.2: Δ = ½·0.4/0.8 = 0.25; per side sums ½ ± Δ (§7.6 item 1).
    const TankDifferential c = tankDifferential(0.6, 0.2, 2, 4);
    JOUNCE_VERIFY_NEAR(c.gammaLeft * 2.0, 0.75, 1e-15);
    JOUNCE_VERIFY_NEAR(c.gammaRight * 4.0, 0.25, 1e-15);
    JOUNCE_VERIFY_NEAR(c.alphaLeft * 2.0 + c.alphaRight * 4.0, 1.0, 1e-15);
    // No thrust (≤ 1e−3 in total): Δ = 0, both gearings +1.
    const TankDifferential d = tankDifferential(0.0004, 0.0004, 3, 3);
    JOUNCE_VERIFY_NEAR(d.gammaLeft, 0.5 / 3.0, 1e-15);
    QCOMPARE(d.gearingLeft, 1.0);
    QCOMPARE(d.gearingRight, 1.0);
}

QTEST_APPLESS_MAIN(TestDifferential)
#include "test_differential.moc"
