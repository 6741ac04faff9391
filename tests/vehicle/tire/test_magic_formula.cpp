// The Magic Formula tire (docs/vehicle-model.md "Magic Formula tire"): values worked out by hand
// from the equations for the sedan coefficient set, the choices where public implementations
// disagree, combined slip, the mirror image, the transient slips, and a car on Magic Formula tires
// parked on a 20 % slope.

#include "config/ParameterRegistry.h"
#include "config/VehicleJson.h"
#include "support/NearAssert.h"
#include "support/SlopeGround.h"
#include "vehicle/tire/MagicFormula.h"
#include "vehicle/tire/MagicFormulaTire.h"
#include "vehicle/VehicleTelemetry.h"
#include "vehicle/tire/Tire.h"
#include "world/PlaneGround.h"
#include "world/World.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace jounce;
using namespace jounce::sim;
using jounce::test::SlopeGround;

namespace {

/// Coefficients of Project Chrono's data/vehicle/sedan/tire/Sedan_Pac02Tire.tir (BSD-3; shipped as
/// data/tires/), MF 5.2: the pure-slip terms the hand calculations below use.
MagicFormulaTireParams sedan()
{
    MagicFormulaTireParams p;
    p.model.fitType = MagicFormulaVersion::MF52;
    p.dimension.UNLOADED_RADIUS = 0.344;
    p.operating.FNOMIN = 4850;
    p.scaling.LFZO = 0.81;
    MfLongitudinal& x = p.longitudinal;
    x = MfLongitudinal{};
    x.PCX1 = 1.6411, x.PDX1 = 1.1739, x.PDX2 = -0.16395, x.PDX3 = 0, x.PEX1 = 0.46403, x.PEX2 = 0.25022;
    x.PEX3 = 0.067842, x.PEX4 = -3.7604e-005, x.PKX1 = 22.303, x.PKX2 = 0.48896, x.PKX3 = 0.21253;
    x.PHX1 = 0.0012297, x.PHX2 = 0.0004318, x.PVX1 = -8.8098e-006, x.PVX2 = 1.862e-005;
    x.PTX1 = 2.3657, x.PTX2 = 1.4112, x.PTX3 = 0.56626;
    x.RBX1 = x.RBX2 = x.RCX1 = 0;  // the file has no combined-slip terms
    MfLateral& y = p.lateral;
    y.PCY1 = 1.3507, y.PDY1 = 1.0489, y.PDY2 = -0.18033, y.PDY3 = -2.8821, y.PEY1 = -0.0074722;
    y.PEY2 = -0.0063208, y.PEY3 = -9.9935, y.PEY4 = -760.14, y.PKY1 = -21.92, y.PKY2 = 2.0012;
    y.PKY3 = -0.024778, y.PHY1 = 0.0026747, y.PHY2 = 8.9094e-005, y.PHY3 = 0.031415, y.PVY1 = 0.037318;
    y.PVY2 = -0.010049, y.PVY3 = -0.32931, y.PVY4 = -0.69553, y.PTY1 = 2.1439, y.PTY2 = 1.9829;
    y.RBY1 = y.RBY2 = y.RCY1 = 0;
    return p;
}

constexpr double kFz0 = 4850 * 0.81;  // Fz0' = FNOMIN·LFZO = 3928.5 N

MfResult at(const MagicFormulaTireParams& p, double load, double kappa, double alpha, double gamma = 0.0)
{
    MfSlip s;
    s.load = load;
    s.kappa = kappa;
    s.alpha = alpha;
    s.gamma = gamma;
    return magicFormula(p, s);
}

/// A preset with every tire on the sedan's Magic Formula set.
std::shared_ptr<VehicleConfig> hatchbackOnSedanTires(ModelGenerationKind generation)
{
    const config::VehicleFile f = config::loadVehicle(std::string(JOUNCE_SOURCE_DIR) + "/presets/family-hatchback.json");
    if (!f.ok())
        qFatal("cannot read the preset");
    auto car = std::make_shared<VehicleConfig>(f.config);
    for (WheelConfig& w : car->wheels)
        w.tire.params = sedan();
    car->simulation.model = generation;
    return car;
}

/// Steady yaw rate of a left turn at part throttle, rad/s (after 4 s straight and 10 s of steer).
double steadyYawRate(std::shared_ptr<VehicleConfig> car, double steer)
{
    World world(std::make_shared<PlaneGround>());
    Vehicle& v = world.addVehicle(std::move(car), {});
    VehicleInputs in;
    in.accel = 0.5;
    constexpr double dt = 1.0 / 60.0;
    for (int i = 0; i < 240; ++i)
        world.step(dt, std::span<const VehicleInputs>(&in, 1));
    in.steer = steer;
    for (int i = 0; i < 600; ++i)
        world.step(dt, std::span<const VehicleInputs>(&in, 1));
    return v.body().getAngularVelocity().z();
}

/// The hatchback on the sedan's tires with its bars set to `front`, `rear` N/m in `mode`.
std::shared_ptr<VehicleConfig> withBars(AntiRollBarMode mode, double front, double rear)
{
    auto car = hatchbackOnSedanTires(ModelGenerationKind::Physx41);
    car->antiRollBars = {{0, 1, front, mode}, {2, 3, rear, mode}};
    return car;
}

}  // namespace

class TestMagicFormula : public QObject {
    Q_OBJECT

private slots:
    void pureLongitudinalForceByHand()
    {
        // κ = 0.1 at Fz = Fz0' (dfz = 0): SHx = PHX1, κx = 0.1012297; Cx = PCX1; Dx = PDX1·Fz;
        // Ex = PEX1·(1 − PEX4) = 0.464047; Kxκ = PKX1·Fz = 87617.3 N; Bx = Kxκ/(Cx·Dx) = 11.57703;
        // SVx = PVX1·Fz; Fx0 = Dx·sin(Cx·atan(Bx·κx − Ex·(Bx·κx − atan(Bx·κx)))) + SVx.
        const MfResult a = at(sedan(), kFz0, 0.1, 0.0);
        JOUNCE_VERIFY_NEAR(a.kxk, 87617.3355, 1e-3);
        JOUNCE_VERIFY_NEAR(a.fx0, 4458.70635, 1e-4);
        QCOMPARE(a.fx, a.fx0);  // no combined-slip terms, no slip angle
        // κ = −0.05 at 2·Fz0' (dfz = 1): Kxκ = Fz·(PKX1 + PKX2)·e^PKX3 = 221482.3 N, Ex = 0.782063.
        const MfResult b = at(sedan(), 2 * kFz0, -0.05, 0.0);
        JOUNCE_VERIFY_NEAR(b.kxk, 221482.304385, 1e-3);
        JOUNCE_VERIFY_NEAR(b.fx0, -6766.38399, 1e-4);
    }

    void pureLateralForceByHand()
    {
        // α = 0.05 at Fz0': SHy = PHY1, SVy = PVY1·Fz = 146.604 N, μy = PDY1, Ey = PEY1·(1 − PEY3)
        // = −0.0821456, Kyα = PKY1·Fz0'·sin(2·atan(1/PKY2)) = −68865.38 N/rad.
        const MfResult a = at(sedan(), kFz0, 0.0, 0.05);
        JOUNCE_VERIFY_NEAR(a.kya, -68865.3795, 1e-3);
        JOUNCE_VERIFY_NEAR(a.fy0, -2770.10758, 1e-4);
        // α = −0.1, γ = −0.03 at 1.5·Fz0': every camber term of MF 5.2 at once.
        const MfResult b = at(sedan(), 1.5 * kFz0, 0.0, -0.1, -0.03);
        JOUNCE_VERIFY_NEAR(b.kya, -82715.7548, 1e-3);
        JOUNCE_VERIFY_NEAR(b.muY, 0.96122185, 1e-7);
        JOUNCE_VERIFY_NEAR(b.fy0, 5423.95887, 1e-4);
    }

    void mf52KeepsItsCamberThrust()
    {
        // γ = 0.05, α = 0 at Fz0': MF 5.2 shifts by PHY3·γ and PVY3·γ·Fz: Fy = −210.397 N (toward
        // the lean, −y). The same coefficients under MF 6.1's equations lose PHY3 and would need
        // PKY6, which a 5.2 file does not have: FITTYP decides.
        MagicFormulaTireParams p = sedan();
        const double fy52 = at(p, kFz0, 0.0, 0.0, 0.05).fy0;
        JOUNCE_VERIFY_NEAR(fy52, -210.396826, 1e-4);
        p.model.fitType = MagicFormulaVersion::MF61;
        p.lateral.PKY4 = 2.0, p.lateral.PKY6 = 0.0, p.lateral.PKY7 = 0.0;
        const double fy61 = at(p, kFz0, 0.0, 0.0, 0.05).fy0;
        QVERIFY2(std::abs(fy61 - fy52) > 20.0, qPrintable(QString("5.2 %1 N, 6.1 %2 N").arg(fy52).arg(fy61)));
    }

    void disputedTermsAreDecidedAndPinned()
    {
        // PDY3: μy = (PDY1 + PDY2·dfz)·(1 − PDY3·γ²): with PDY3 = −2.8821, γ = 0.05 raises μy to 1.0564576.
        JOUNCE_VERIFY_NEAR(at(sedan(), kFz0, 0.0, 0.0, 0.05).muY, 1.056457587, 1e-8);
        // PTX3: σκ = Fz·(PTX1 + PTX2·dfz)·exp(−PTX3·dfz)·R0/Fz0' = 1.19402 m at 1.5·Fz0' (2.10346 m with +PTX3).
        const MagicFormulaTireParams p = sedan();
        const MfResult r = at(p, 1.5 * kFz0, 0, 0);
        const MfRelaxation sigma = mfRelaxationLengths(p, 1.5 * kFz0, 0.0, r.kxk, r.kya);
        JOUNCE_VERIFY_NEAR(sigma.longitudinal, 1.194015995, 1e-8);
        // σα = PTY1·sin(2·atan(Fz/(PTY2·Fz0')))·R0·LFZO = 0.574842 m.
        JOUNCE_VERIFY_NEAR(sigma.lateral, 0.5748421578, 1e-8);
        // ε guards the denominators without changing their sign: a vanishing load gives vanishing,
        // finite forces of the right sign.
        const MfResult tiny = at(p, 1e-9, 0.1, 0.05);
        QVERIFY(std::isfinite(tiny.fx) && std::isfinite(tiny.fy) && std::isfinite(tiny.mz));
        QVERIFY(std::abs(tiny.fx) < 1e-6 && std::abs(tiny.fy) < 1e-6);
    }

    void combinedSlipReducesBothForces()
    {
        // The defaults' combined-slip terms: RBX1 = 12, RBX2 = 10, RCX1 = 1 and RBY1 = 10, RBY2 = 8,
        // RCY1 = 1, no shifts or curvatures. Then Gxα = cos(atan(Bxα·tan α)) with Bxα = RBX1·cos(atan(RBX2·κ)),
        // and Gyκ = cos(atan(Byκ·κ)) with Byκ = RBY1·cos(atan(RBY2·tan α)).
        const MagicFormulaTireParams p;
        const double kappa = 0.15, alpha = 0.1;
        const MfResult both = at(p, 4000, kappa, alpha);
        const double gx = std::cos(std::atan(12 * std::cos(std::atan(10 * kappa)) * std::tan(alpha)));
        const double gy = std::cos(std::atan(10 * std::cos(std::atan(8 * std::tan(alpha))) * kappa));
        JOUNCE_VERIFY_NEAR(both.fx, gx * at(p, 4000, kappa, 0.0).fx0, 1e-9);
        JOUNCE_VERIFY_NEAR(both.fy, gy * at(p, 4000, 0.0, alpha).fy0, 1e-9);
        QVERIFY(gx < 0.9 && gy < 0.7);
    }

    void aTireOnTheOtherSideIsItsMirrorImage()
    {
        const MagicFormulaTireParams p = sedan();  // measured as a left tire: asymmetric (PHY1, PVY1)
        TireInputs in;
        in.filteredLoad = kFz0;
        in.friction = 1.0;
        in.wheelRadius = 0.3;
        in.longSpeed = 20.0;
        in.rimSpeed = 20.0;
        in.latSpeed = 20.0 * std::tan(0.04);
        in.inclination = 0.02;
        TireData tire;
        tire.params = p;
        auto steady = [&](TireInputs i) {
            TireState s;
            TireForces f;
            for (int k = 0; k < 2000; ++k)
                f = tireForces(tire, i, s, 1.0 / 600.0);
            return f;
        };
        const TireForces left = steady(in);
        TireInputs mirrorInputs = in;
        mirrorInputs.leftSide = false;
        mirrorInputs.latSpeed = -in.latSpeed;
        mirrorInputs.inclination = -in.inclination;
        const TireForces right = steady(mirrorInputs);
        JOUNCE_VERIFY_NEAR(right.latForce, -left.latForce, 1e-6);
        JOUNCE_VERIFY_NEAR(right.aligningMoment, -left.aligningMoment, 1e-6);
        // And the steady state is the formula's at the steady slips (the lag has died out).
        JOUNCE_VERIFY_NEAR(left.latForce, at(p, kFz0, 0.0, 0.04, 0.02).fy, 1e-3);
    }

    void transientSlipsLagByTheRelaxationLength()
    {
        // After a step in slip angle at 20 m/s, tan α' reaches 1 − 1/e of the step once the wheel has
        // rolled one relaxation length.
        const MfRelaxation sigma{0.5, 0.6};
        TireState s;
        const double v = 20.0, slip = 0.05, dt = 1e-4;
        const int steps = static_cast<int>(std::lround(sigma.lateral / v / dt));
        for (int i = 0; i < steps; ++i)
            s = mfTransientSlips(s, v, v * slip, v, sigma, dt);
        JOUNCE_VERIFY_NEAR(s.latSlip, slip * (1 - std::exp(-1.0)), 1e-9);
        // At rest the slips are deflections: a patch moved 1 mm sideways holds tan α' = 1 mm / σα.
        TireState rest;
        rest = mfTransientSlips(rest, 0.0, 0.001 / 0.5, 0.0, sigma, 0.5);
        JOUNCE_VERIFY_NEAR(rest.latSlip, 0.001 / sigma.lateral, 1e-12);
        rest = mfTransientSlips(rest, 0.0, 0.0, 0.0, sigma, 10.0);  // and keeps it
        JOUNCE_VERIFY_NEAR(rest.latSlip, 0.001 / sigma.lateral, 1e-12);
    }

    void loadTransferringBarsMoveTheBalanceOnMagicFormulaTires()
    {
        // The hatchback's 12000/4000 N/m bars, and swapped: a stiffer rear bar moves load across the
        // rear axle, whose tires then grip less in sum (Fy grows less than linearly with load), so
        // the car turns more. Roll-torque bars never reach the tire loads and change nothing.
        const double steer = 0.8;
        const double wfFront = steadyYawRate(withBars(AntiRollBarMode::WheelForces, 12000, 4000), steer);
        const double wfRear = steadyYawRate(withBars(AntiRollBarMode::WheelForces, 4000, 12000), steer);
        const double rtFront = steadyYawRate(withBars(AntiRollBarMode::RollTorque, 12000, 4000), steer);
        const double rtRear = steadyYawRate(withBars(AntiRollBarMode::RollTorque, 4000, 12000), steer);
        qInfo("steady yaw rate at steer %.2f, rad/s: wheelForces front-stiff %.4f rear-stiff %.4f (%+.1f %%); "
              "rollTorque %.4f / %.4f", steer, wfFront, wfRear, 100 * (wfRear / wfFront - 1), rtFront, rtRear);
        QVERIFY2(wfRear > 1.005 * wfFront, "a stiffer rear bar must turn the car more");
        QVERIFY2(std::abs(rtRear / rtFront - 1) < 0.002, "roll-torque bars must not move the balance");
    }

    void theLowSpeedBlendIsATelemetryChannel()
    {
        // lowSpeedBlend (docs/tires.md "Transient slips and low speed"): the damper's whole weight
        // on a parked car, none once the car is faster than lowSpeed.blendSpeed (3 m/s), and never
        // any on the PhysX tire, which has no such regime.
        // Parked: the brakes on (an idling automatic in gear creeps at walking pace).
        auto blendAfter = [](std::shared_ptr<VehicleConfig> car, double accel, int steps) {
            World world(std::make_shared<PlaneGround>());
            Vehicle& v = world.addVehicle(std::move(car), {});
            VehicleInputs in;
            in.accel = accel;
            in.brake = accel > 0.0 ? 0.0 : 1.0;
            for (int i = 0; i < steps; ++i)
                world.step(1.0 / 60.0, std::span<const VehicleInputs>(&in, 1));
            telemetry::Frame f;
            fillTelemetryFrame(v, 0.0, f);
            std::array<double, 5> out{};
            for (int w = 0; w < 4; ++w)
                out[std::size_t(w)] = f.wheel(telemetry::WheelChannel::LowSpeedBlend, w);
            out[4] = f.vehicle(telemetry::VehicleChannel::ForwardSpeed);
            return out;
        };
        const auto parked = blendAfter(hatchbackOnSedanTires(ModelGenerationKind::Physx5), 0.0, 180);
        const auto moving = blendAfter(hatchbackOnSedanTires(ModelGenerationKind::Physx5), 1.0, 600);
        auto physx = std::make_shared<VehicleConfig>(*hatchbackOnSedanTires(ModelGenerationKind::Physx5));
        for (WheelConfig& w : physx->wheels)
            w.tire.params = PhysxTireParams{};
        const auto physxParked = blendAfter(physx, 0.0, 180);
        qInfo("lowSpeedBlend FL: parked %.6f, at %.1f m/s %.6f; PhysX tire parked %.1f", parked[0], moving[4], moving[0],
              physxParked[0]);
        QVERIFY(moving[4] > 3.0);
        for (std::size_t w = 0; w < 4; ++w) {
            QVERIFY2(parked[w] > 0.999, qPrintable(QString::number(parked[w])));
            QCOMPARE(moving[w], 0.0);
            QCOMPARE(physxParked[w], 0.0);
        }
    }

    void curvesAndEnvelopeComeThroughTheSeam()
    {
        TireData tire;
        tire.params = sedan();
        const std::vector<TireCurve> curves = tireCurves(tire, 1);
        QCOMPARE(curves.size(), std::size_t(4));
        QCOMPARE(QString::fromStdString(curves[0].id), QString("mfLongitudinal"));
        QCOMPARE(QString::fromStdString(curves[1].id), QString("mfLateral"));
        // Three loads each; the edited line is the nominal load's, and it is the formula's.
        for (int c = 0; c < 2; ++c) {
            QCOMPARE(curves[std::size_t(c)].lines.size(), std::size_t(3));
            QVERIFY(curves[std::size_t(c)].line == curves[std::size_t(c)].lines[1].points);
        }
        const auto& lateral = curves[1].line;
        const auto at005 = std::find_if(lateral.begin(), lateral.end(), [](auto p) { return std::abs(p.first - 0.07) < 1e-12; });
        QVERIFY(at005 != lateral.end());
        JOUNCE_VERIFY_NEAR(at005->second, at(sedan(), 4850, 0.0, at005->first).fy0 / 4850, 1e-12);
        // A wheel in the air has no operating point; on the ground it reads its own channels.
        telemetry::Frame frame;
        frame.setWheelCount(4);
        frame.wheel(telemetry::WheelChannel::InAir, 1) = 1.0;
        QVERIFY(!curves[0].operating(frame));
        frame.wheel(telemetry::WheelChannel::InAir, 1) = 0.0;
        frame.wheel(telemetry::WheelChannel::LatSlip, 1) = 0.03;
        frame.wheel(telemetry::WheelChannel::NormLatForce, 1) = -0.5;
        frame.wheel(telemetry::WheelChannel::TireFriction, 1) = 0.8;
        const auto point = curves[1].operating(frame);
        QVERIFY(point && point->first == 0.03 && point->second == -0.4);
        // The envelope (of the defaults, and of the shipped preset's sedan tire) is closed, has no
        // spoke to the origin or notch (the preset's had 13 spokes from an even grid of slip
        // directions), and stays within the peak friction.
        TireData combined;
        combined.params = MagicFormulaTireParams{};
        const config::VehicleFile preset = config::loadVehicle(JOUNCE_SOURCE_DIR "/presets/family-hatchback-mf.json");
        QVERIFY(preset.ok());
        for (const TireData& shipped : {combined, preset.config.wheels[0].tire}) {
            const std::vector<EnvelopePoint> envelope = tireFrictionEnvelope(shipped);
            QVERIFY(envelope.size() > 100 && envelope.front() == envelope.back());
            double smallest = 1e9, largest = 0, step = 0;
            for (std::size_t i = 0; i < envelope.size(); ++i) {
                const double r = std::hypot(envelope[i].first, envelope[i].second);
                smallest = std::min(smallest, r);
                largest = std::max(largest, r);
                if (i > 0)
                    step = std::max(step, std::abs(r / std::hypot(envelope[i - 1].first, envelope[i - 1].second) - 1));
            }
            QVERIFY2(smallest > 0.5 && largest < 1.3, qPrintable(QString("radius %1 to %2").arg(smallest).arg(largest)));
            QVERIFY2(step < 0.1, qPrintable(QString("the radius jumps by %1 between neighbours").arg(step)));
        }
    }

    void parkedOnATwentyPercentSlopeItNeitherCreepsNorJitters_data()
    {
        QTest::addColumn<ModelGenerationKind>("generation");
        // PhysX 5 integrates gravity in its sub-steps: the tire's deflections alone hold the car.
        QTest::newRow("physx5: the tire's own low-speed regime") << ModelGenerationKind::Physx5;
        // PhysX 4.1 does not, and its sticky-tire rows stay on (docs/vehicle-model.md "Low speed").
        QTest::newRow("physx41: with the sticky-tire rows") << ModelGenerationKind::Physx41;
    }

    void parkedOnATwentyPercentSlopeItNeitherCreepsNorJitters()
    {
        QFETCH(ModelGenerationKind, generation);
        World world(std::make_shared<SlopeGround>(0.2));
        Vehicle& v = world.addVehicle(hatchbackOnSedanTires(generation), {});
        VehicleInputs hold;
        hold.handbrake = 1.0;
        hold.brake = 1.0;
        constexpr double dt = 1.0 / 60.0;
        for (int i = 0; i < 10 * 60; ++i)
            world.step(dt, std::span<const VehicleInputs>(&hold, 1));
        const btVector3 start = v.chassisTransform().getOrigin();
        double largestSpeed = 0.0;
        for (int i = 0; i < 60 * 60; ++i) {
            world.step(dt, std::span<const VehicleInputs>(&hold, 1));
            largestSpeed = std::max(largestSpeed, v.body().getLinearVelocity().length());
        }
        const double creep = (v.chassisTransform().getOrigin() - start).length();
        qInfo("20 %% slope, brakes on, Magic Formula tires: %.3g mm in 60 s, largest speed %.3g mm/s", creep * 1e3,
              largestSpeed * 1e3);
        QVERIFY2(creep < 1e-3, qPrintable(QString("crept %1 mm in a minute").arg(creep * 1e3)));
        QVERIFY2(largestSpeed < 1e-3, qPrintable(QString("jitter: %1 mm/s").arg(largestSpeed * 1e3)));
    }
};

QTEST_GUILESS_MAIN(TestMagicFormula)
#include "test_magic_formula.moc"
