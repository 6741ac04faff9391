// The Unity tire model (docs/unity.md "Friction curves", "Combined slip"): the curve's shape, the
// force bounded by the peak times the load, smooth through zero speed, the model chosen per wheel
// with the PhysX model untouched, and the Unity default car at rest on a 10 % slope.

#include "config/ParameterRegistry.h"
#include "config/VehicleJson.h"
#include "support/NearAssert.h"
#include "support/SlopeGround.h"
#include "vehicle/Slip.h"
#include "vehicle/tire/Tire.h"
#include "vehicle/TireStage.h"
#include "vehicle/tire/PhysxTire.h"
#include "vehicle/tire/UnityTire.h"
#include "world/WheelSweep.h"
#include "world/World.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace jounce;
using namespace jounce::sim;
using jounce::test::SlopeGround;

namespace {

const WheelFrictionCurve kForward{0.4, 1.0, 0.8, 0.5, 1.0};
const WheelFrictionCurve kSideways{0.2, 1.0, 0.5, 0.75, 1.0};
const WheelFrictionCurve kRising{0.1, 0.8, 0.6, 1.2, 1.0};  // asymptote above extremum: still monotone
const SlipDenominators& kSlip = modelGeneration(ModelGenerationKind::Physx41).slip;

double slope(const WheelFrictionCurve& c, double x, double h = 1e-7)
{
    return (frictionCurveValue(c, x + h) - frictionCurveValue(c, x - h)) / (2 * h);
}

TireData unityTire(UnityTireParams curves = {})
{
    TireData t;
    t.params = curves;
    return t;
}

/// The tire's forces through the tire seam, as the tire stage asks for them.
TireForces forcesOf(const TireData& tire, const TireInputs& in)
{
    TireState state;
    return tireForces(tire, in, state, 1.0 / 180.0);
}

TireInputs inputs(double longSlip, double latSlip, double load = 4000.0, double mu = 1.0)
{
    TireInputs in;
    in.friction = mu;
    in.longSlip = longSlip;
    in.latSlip = latSlip;
    in.filteredLoad = load;
    in.wheelRadius = 0.5;
    return in;
}

std::shared_ptr<VehicleConfig> preset(const char* name)
{
    const config::VehicleFile f = config::loadVehicle(std::string(JOUNCE_SOURCE_DIR) + "/presets/" + name);
    if (!f.ok())
        qFatal("cannot read preset %s", name);
    return std::make_shared<VehicleConfig>(f.config);
}

/// How far the chassis moves in `seconds` on a 10 % slope with the handbrake on, after settling.
double creepOnSlope(std::shared_ptr<VehicleConfig> car, double seconds)
{
    World world(std::make_shared<SlopeGround>(0.1));
    Vehicle& v = world.addVehicle(std::move(car), {});
    VehicleInputs hold;
    hold.handbrake = 1.0;
    constexpr double dt = 1.0 / 60.0;
    for (int i = 0; i < 5 * 60; ++i)
        world.step(dt, std::span<const VehicleInputs>(&hold, 1));
    const btVector3 start = v.chassisTransform().getOrigin();
    for (int i = 0; i < static_cast<int>(seconds * 60); ++i)
        world.step(dt, std::span<const VehicleInputs>(&hold, 1));
    return (v.chassisTransform().getOrigin() - start).length();
}

/// The largest change of either force component between contact speeds `dv` apart, for a wheel
/// at standstill (ω = 0) swept from -1 to 1 m/s with 2 cm/s of side speed; every force bounded.
double largestForceStep(bool torque, double dv)
{
    const TireData tire = unityTire();
    double previousL = 0, previousT = 0, largest = 0;
    const int n = static_cast<int>(std::lround(2.0 / dv));
    for (int i = 0; i <= n; ++i) {
        const double vL = -1.0 + i * dv;
        const double sL = longitudinalSlip(SlipVehicleKind::Car, torque, vL, 0.0, 0.5, 4.0, kSlip);
        const TireForces f = forcesOf(tire, inputs(sL, lateralSlip(vL, 0.02, kSlip)));
        if (!(std::hypot(f.longForce, f.latForce) <= 4000.0 * (1 + 1e-12)))
            return INFINITY;
        if (i > 0)
            largest = std::max({largest, std::fabs(f.longForce - previousL), std::fabs(f.latForce - previousT)});
        previousL = f.longForce;
        previousT = f.latForce;
    }
    return largest;
}

}  // namespace

class TestUnityTire : public QObject {
    Q_OBJECT
private slots:
    void curveGoesThroughItsPointsWithZeroSlopes()
    {
        for (const WheelFrictionCurve& c : {kForward, kSideways, kRising}) {
            QCOMPARE(frictionCurveValue(c, 0.0), 0.0);
            JOUNCE_VERIFY_NEAR(frictionCurveValue(c, c.extremumSlip), c.extremumValue, 1e-15);
            JOUNCE_VERIFY_NEAR(frictionCurveValue(c, c.asymptoteSlip), c.asymptoteValue, 1e-15);
            QCOMPARE(frictionCurveValue(c, 10.0 * c.asymptoteSlip), c.asymptoteValue);  // flat beyond
            QCOMPARE(frictionCurveValue(c, -c.extremumSlip), c.extremumValue);          // |slip|
            // Zero tangent at both knots (documented), 2·y_e/x_e at zero slip (docs/unity.md).
            JOUNCE_VERIFY_NEAR(slope(c, c.extremumSlip, 1e-9), 0.0, 1e-6);
            JOUNCE_VERIFY_NEAR(slope(c, c.asymptoteSlip, 1e-9), 0.0, 1e-6);
            JOUNCE_VERIFY_NEAR(frictionCurveValue(c, 1e-9) / 1e-9, 2.0 * c.extremumValue / c.extremumSlip, 1e-5);
            QCOMPARE(frictionCurvePeak(c), std::max(c.extremumValue, c.asymptoteValue));
        }
        // The defaults of Unity 5 and later are the registry's and the model's.
        QCOMPARE(UnityTireParams{}.forwardFriction, kForward);
        QCOMPARE(UnityTireParams{}.sidewaysFriction, kSideways);
    }

    void eachPieceIsMonotone()
    {
        for (const WheelFrictionCurve& c : {kForward, kSideways, kRising}) {
            const int n = 2000;
            for (int i = 0; i < n; ++i) {
                const double a = c.extremumSlip * i / n, b = c.extremumSlip * (i + 1) / n;
                QVERIFY(frictionCurveValue(c, b) >= frictionCurveValue(c, a));
                const double p = c.extremumSlip + (c.asymptoteSlip - c.extremumSlip) * i / n;
                const double q = c.extremumSlip + (c.asymptoteSlip - c.extremumSlip) * (i + 1) / n;
                const double sign = c.asymptoteValue >= c.extremumValue ? 1.0 : -1.0;
                QVERIFY(sign * (frictionCurveValue(c, q) - frictionCurveValue(c, p)) >= 0.0);
            }
        }
    }

    void brokenCurvesStayBounded()
    {
        // extremumSlip >= asymptoteSlip (a doctor error): flat at the asymptote past the extremum.
        const WheelFrictionCurve backwards{0.5, 1.0, 0.3, 0.6, 1.0};
        QCOMPARE(frictionCurveValue(backwards, 0.6), 0.6);
        QCOMPARE(frictionCurveValue(backwards, 0.5), 1.0);
        for (double s = 0; s < 3; s += 0.01)
            QVERIFY(std::isfinite(frictionCurveValue(backwards, s)) && frictionCurveValue(backwards, s) <= 1.0);
        UnityTireParams zero;
        zero.forwardFriction.stiffness = 0.0;
        zero.sidewaysFriction.stiffness = 0.0;
        const TireForces f = forcesOf(unityTire(zero), inputs(0.3, 0.1));
        QCOMPARE(f.longForce, 0.0);
        QCOMPARE(f.latForce, 0.0);
    }

    void pureSlipIsTheCurveTimesStiffnessAndLoad()
    {
        UnityTireParams curves;
        curves.forwardFriction.stiffness = 1.5;
        curves.sidewaysFriction.stiffness = 0.7;
        const TireData tire = unityTire(curves);
        for (double s : {-2.0, -0.5, -0.1, 0.01, 0.3, 0.4, 0.6, 1.0}) {
            const TireForces lon = forcesOf(tire, inputs(s, 0.0, 4000.0, 0.9));
            JOUNCE_VERIFY_NEAR(lon.longForce, std::copysign(1.0, s) * frictionCurveValue(kForward, s) * 1.5 * 0.9 * 4000.0, 1e-9);
            QCOMPARE(lon.latForce, 0.0);
            JOUNCE_VERIFY_NEAR(lon.wheelTorque, -lon.longForce * 0.5, 1e-9);
            const TireForces lat = forcesOf(tire, inputs(0.0, s / 4.0, 4000.0, 0.9));
            // Lateral force opposes the slip angle, as in the PhysX model (vehicle-model §2.10).
            JOUNCE_VERIFY_NEAR(lat.latForce, -std::copysign(1.0, s) * frictionCurveValue(kSideways, s / 4.0) * 0.7 * 0.9 * 4000.0, 1e-9);
            QCOMPARE(lat.longForce, 0.0);
        }
    }

    void combinedForceIsBoundedByThePeakTimesTheLoad()
    {
        UnityTireParams curves;
        curves.forwardFriction = kRising;
        curves.forwardFriction.stiffness = 1.3;
        for (const UnityTireParams& c : {UnityTireParams{}, curves}) {
            const double peak = std::max(frictionCurvePeak(c.forwardFriction) * c.forwardFriction.stiffness,
                                         frictionCurvePeak(c.sidewaysFriction) * c.sidewaysFriction.stiffness);
            double largest = 0.0;
            for (double sL = -3.0; sL <= 3.0; sL += 0.0125)
                for (double sT = -1.5; sT <= 1.5; sT += 0.0125) {
                    const TireForces f = forcesOf(unityTire(c), inputs(sL, sT, 3000.0, 0.8));
                    const double magnitude = std::hypot(f.longForce, f.latForce);
                    QVERIFY2(magnitude <= peak * 0.8 * 3000.0 * (1 + 1e-12), qPrintable(QString("%1 %2").arg(sL).arg(sT)));
                    largest = std::max(largest, magnitude);
                }
            QVERIFY(largest > 0.99 * peak * 0.8 * 3000.0);  // the bound is reached
        }
    }

    void smoothThroughZeroSpeed()
    {
        // PhysX's slips (vehicle-model §2.8) of a wheel creeping through standstill with a little
        // side speed, braked (slip with torque) and free rolling: the force stays bounded, and the
        // largest change between neighbouring contact speeds halves with the spacing, so there is
        // no jump anywhere, zero speed included (a step would keep its size).
        for (bool torque : {true, false}) {
            const double coarse = largestForceStep(torque, 1e-4);
            const double fine = largestForceStep(torque, 0.5e-4);
            QVERIFY2(fine < 0.55 * coarse, qPrintable(QString("%1 then %2").arg(coarse).arg(fine)));
            QVERIFY2(coarse < 25.0, qPrintable(QString::number(coarse)));  // ≤ 0.6 % of the load per 0.1 mm/s
        }
    }

    void theModelIsChosenPerWheel()
    {
        TireData physx;
        const TireData unity = unityTire();
        QCOMPARE(physx.model(), TireModelKind::PhysX);
        QCOMPARE(unity.model(), TireModelKind::Unity);
        // The seam runs each tire's own model: a pure forward slip of 0.3 on the same load.
        TireInputs in = inputs(0.3, 0.0);
        in.restLoad = 4000.0;
        in.filteredNormalisedLoad = 1.0;
        TireState state;
        JOUNCE_VERIFY_NEAR(forcesOf(unity, in).longForce, frictionCurveValue(kForward, 0.3) * 4000.0, 1e-9);
        JOUNCE_VERIFY_NEAR(forcesOf(physx, in).longForce, PhysxTire::forces(*physx.physx(), in, state, 0.0).longForce, 0.0);
        QVERIFY(std::fabs(forcesOf(physx, in).longForce - forcesOf(unity, in).longForce) > 100.0);
        // A PhysX tire keeps its friction-vs-slip graph; a Unity tire takes the surface pair alone.
        physx.physx()->frictionVsSlipGraph = {{0.0, 1.0}, {0.1, 1.2}, {1.0, 0.8}};
        JOUNCE_VERIFY_NEAR(tireFriction(physx, 0.9, 0.1), 1.08, 1e-12);
        QCOMPARE(tireFriction(unity, 0.9, 0.1), 0.9);
    }

    void choosingTheUnityModelGivesItsCurves()
    {
        // docs/unity.md "Friction curves": a Unity tire always has curves to edit, Unity 5's
        // defaults until edited, and no PhysX parameters; a PhysX tire's file is unchanged
        // (tire.model is left out).
        const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
        VehicleConfig car = *preset("physx-snippet-4w.json");
        const std::string before = config::vehicleToText(car);
        QVERIFY(before.find("\"model\"") == std::string::npos);
        QCOMPARE(registry.set(car, "wheels[*].tire.model", "unity"), std::string());
        QVERIFY(car.wheels[2].tire.unity() && *car.wheels[2].tire.unity() == UnityTireParams{});
        QVERIFY(!car.wheels[2].tire.physx());
        QVERIFY(!config::vehicleToJson(car)["wheels"][2]["tire"].contains("latStiffY"));
        QVERIFY(registry.set(car, "wheels[2].tire.latStiffY", 18.0).find("only used when tire.model is physx") !=
                std::string::npos);
        QCOMPARE(registry.set(car, "wheels[1].tire.unity.sidewaysFriction.stiffness", 1.4), std::string());
        // A file naming the model without curves reads with the defaults, and writes them.
        json::Json json = config::vehicleToJson(car);
        json["wheels"][0]["tire"].erase("unity");
        const config::VehicleFile read = config::parseVehicle(json.dump());
        QVERIFY(read.ok());
        QCOMPARE(*read.config.wheels[0].tire.unity(), UnityTireParams{});
        QCOMPARE(read.config.wheels[1].tire.unity()->sidewaysFriction.stiffness, 1.4);
        QVERIFY(config::vehicleToJson(read.config)["wheels"][0]["tire"].contains("unity"));
        // Back to PhysX: PhysX's defaults, no curves, and the file leaves the model out.
        QCOMPARE(registry.set(car, "wheels[0].tire.model", "physx"), std::string());
        QVERIFY(!car.wheels[0].tire.unity());
        QCOMPARE(*car.wheels[0].tire.physx(), PhysxTireParams{});
        QVERIFY(!config::vehicleToJson(car)["wheels"][0]["tire"].contains("model"));
        QVERIFY(!config::vehicleToJson(car)["wheels"][0]["tire"].contains("unity"));
        // Choosing the model a tire already has changes nothing.
        QCOMPARE(registry.set(car, "wheels[1].tire.model", "unity"), std::string());
        QCOMPARE(car.wheels[1].tire.unity()->sidewaysFriction.stiffness, 1.4);
        // A file with the other model's parameters opens with a warning for each, and drops them.
        json::Json mixed = config::vehicleToJson(car);
        mixed["wheels"][1]["tire"]["latStiffX"] = 2.0;
        mixed["wheels"][0]["tire"]["unity"] = json::Json::object();
        const config::VehicleFile warned = config::parseVehicle(mixed.dump());
        QVERIFY(warned.ok());
        QString warnings;
        for (const Problem& p : warned.problems.items)
            warnings += QString::fromStdString(p.pointer + ": " + p.message + "\n");
        QVERIFY2(warnings.contains("/wheels/1/tire/latStiffX: ignored: only used when tire.model is physx"), qPrintable(warnings));
        QVERIFY2(warnings.contains("/wheels/0/tire/unity: ignored: only used when tire.model is unity"), qPrintable(warnings));
    }

    void unityDefaultCarHoldsOnASlopeWithTheHandbrake()
    {
        // docs/unity.md "Combined slip": no standstill creep beyond 1 cm per minute on 10 %.
        const double unity = creepOnSlope(preset("unity-default-car.json"), 60.0);
        QVERIFY2(unity < 0.01, qPrintable(QString("crept %1 m").arg(unity)));
        qInfo("Unity default car, 10 %% slope, handbrake: %.3g m in 60 s", unity);
    }
};

QTEST_GUILESS_MAIN(TestUnityTire)
#include "test_unity_tire.moc"
