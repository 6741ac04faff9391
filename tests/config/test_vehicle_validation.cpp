// Relations between parameters (vehicle-model §1 isValid / setter checks): each rule fires on a vehicle
// built to break it, at the pointer of the offending value, and stays silent on the reference car.

#include "support/TestVehicles.h"
#include "config/VehicleValidation.h"

#include <QtTest>

#include <functional>

using namespace jounce;

Q_DECLARE_METATYPE(std::function<void(VehicleConfig&)>)

namespace {

/// Every problem, one a line, for failure messages.
std::string listed(const Problems& problems)
{
    std::string s;
    for (const Problem& p : problems.items)
        s += p.toString() + "\n";
    return s;
}

}  // namespace

class TestVehicleValidation : public QObject {
    Q_OBJECT
private slots:
    void validVehiclesHaveNoProblems()
    {
        for (const VehicleConfig& c : {referenceCar(), testing::carWithCompliance(), testing::nwCar(), testing::tankCar()}) {
            const Problems p = validateVehicle(c);
            QVERIFY2(p.items.empty(), p.items.empty() ? "" : p.items.front().toString().c_str());
        }
    }

    void ruleFires_data()
    {
        using Edit = std::function<void(VehicleConfig&)>;
        QTest::addColumn<Edit>("edit");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("words");
        QTest::newRow("no travel") << Edit([](VehicleConfig& c) { c.wheels[1].suspension.maxCompression = 0; c.wheels[1].suspension.maxDroop = 0; })
                                   << "/wheels/1/suspension/maxDroop" << "travel";
        QTest::newRow("tire type") << Edit([](VehicleConfig& c) { c.wheels[3].tire.type = 2; }) << "/wheels/3/tire/type" << "tire types";
        QTest::newRow("friction x0") << Edit([](VehicleConfig& c) { c.wheels[0].tire.physx()->frictionVsSlipGraph[0].x = 0.1; })
                                     << "/wheels/0/tire/frictionVsSlipGraph/0/0" << "must be 0";
        QTest::newRow("friction x2") << Edit([](VehicleConfig& c) { c.wheels[0].tire.physx()->frictionVsSlipGraph[2].x = 0.05; })
                                     << "/wheels/0/tire/frictionVsSlipGraph/2/0" << "second";
        QTest::newRow("friction peak") << Edit([](VehicleConfig& c) { c.wheels[0].tire.physx()->frictionVsSlipGraph[1].y = 0.5; })
                                       << "/wheels/0/tire/frictionVsSlipGraph/1/1" << "peak";
        QTest::newRow("travel direction") << Edit([](VehicleConfig& c) { c.wheels[2].geometry.suspTravelDirection = {0, 0, -0.5}; })
                                          << "/wheels/2/geometry/suspTravelDirection" << "unit vector";
        QTest::newRow("compliance order") << Edit([](VehicleConfig& c) { c.wheels[0].compliance = WheelCompliance{{{0.5, 0}, {0.5, 0.01}}, {}, {}, {}}; })
                                          << "/wheels/0/compliance/wheelToeAngle/1/0" << "increase";
        QTest::newRow("bar wheel") << Edit([](VehicleConfig& c) { c.antiRollBars[1].wheel1 = 4; }) << "/antiRollBars/1/wheel1" << "wheel index";
        QTest::newRow("bar same wheel") << Edit([](VehicleConfig& c) { c.antiRollBars[0].wheel1 = 0; }) << "/antiRollBars/0/wheel1" << "two different";
        QTest::newRow("load filter") << Edit([](VehicleConfig& c) { c.tireLoadFilter.maxNormalisedLoad = 0; })
                                     << "/tireLoadFilter/maxNormalisedLoad" << "minNormalisedLoad";
        QTest::newRow("torque curve") << Edit([](VehicleConfig& c) { c.drive.engine.torqueCurve[2].x = 0.2; })
                                      << "/drive/engine/torqueCurve/2/0" << "increase";
        QTest::newRow("reverse") << Edit([](VehicleConfig& c) { c.drive.gears.ratios[0] = 4; }) << "/drive/gears/ratios/0" << "reverse";
        QTest::newRow("neutral") << Edit([](VehicleConfig& c) { c.drive.gears.ratios[1] = 0.5; }) << "/drive/gears/ratios/1" << "neutral";
        QTest::newRow("decreasing") << Edit([](VehicleConfig& c) { c.drive.gears.ratios[4] = 2.5; }) << "/drive/gears/ratios/4" << "smaller";
        QTest::newRow("autobox size") << Edit([](VehicleConfig& c) { c.drive.autoBox.upRatios.pop_back(); }) << "/drive/autoBox/upRatios" << "one entry per gear";
        QTest::newRow("4W wheels") << Edit([](VehicleConfig& c) { c.wheels.pop_back(); c.antiRollBars.pop_back(); }) << "/wheels" << "at least 4";
        QTest::newRow("NW wheel") << Edit([](VehicleConfig& c) { c = testing::nwCar(); c.drive.differentialNW.drivenWheels = {2, 7}; })
                                  << "/drive/differential/drivenWheels/1" << "wheel index";
        QTest::newRow("NW twice") << Edit([](VehicleConfig& c) { c = testing::nwCar(); c.drive.differentialNW.drivenWheels = {2, 2}; })
                                  << "/drive/differential/drivenWheels/1" << "twice";
        QTest::newRow("tank odd") << Edit([](VehicleConfig& c) { c = testing::tankCar(); c.wheels.pop_back(); c.antiRollBars.pop_back(); })
                                  << "/wheels" << "even number";
        QTest::newRow("friction rows") << Edit([](VehicleConfig& c) { c.surfaces.surfaceTypes.push_back("ICE"); }) << "/surfaces/friction" << "one row per surface";
        QTest::newRow("friction cols") << Edit([](VehicleConfig& c) { c.surfaces.friction[0].pop_back(); }) << "/surfaces/friction/0" << "one value per tire";
        QTest::newRow("surface name twice") << Edit([](VehicleConfig& c) { c.surfaces.tireTypes[1] = "NORMAL"; }) << "/surfaces/tireTypes/1" << "twice";
        QTest::newRow("steer table") << Edit([](VehicleConfig& c) { c.controls.steerVsForwardSpeedTable[1].x = 0; })
                                     << "/controls/steerVsForwardSpeedTable/1/0" << "increase";
        QTest::newRow("limit") << Edit([](VehicleConfig& c) { c.drive.differential4W.frontRearSplit = 1.5; })
                               << "/drive/differential/frontRearSplit" << "must be in [0, 1], got 1.5";
        QTest::newRow("list size") << Edit([](VehicleConfig& c) { c.drive.engine.torqueCurve.assign(9, {}); })
                                   << "/drive/engine/torqueCurve" << "1 to 8 elements, got 9";
        QTest::newRow("max steer") << Edit([](VehicleConfig& c) { c.wheels[0].wheel.maxSteer = 1.6; }) << "/wheels/0/wheel/maxSteer" << "must be in (";
        QTest::newRow("implausible") << Edit([](VehicleConfig& c) { c.wheels[1].wheel.radius = 316; })
                                     << "/wheels/1/wheel/radius" << "looks like millimetres; did you mean 0.316?";
        // Relations that make the integration diverge (conventions.md "Plausible ranges").
        QTest::newRow("stiff springs") << Edit([](VehicleConfig& c) { for (WheelConfig& w : c.wheels) w.suspension.springStrength = 1e7; })
                                       << "/wheels/2/suspension/springStrength" << "springs are too stiff for the body's mass and inertia at a time step of 0.0167 s with 1 sub-step";
        QTest::newRow("stiff springs, sub-steps") << Edit([](VehicleConfig& c) {
            for (WheelConfig& w : c.wheels) w.suspension.springStrength = 1e7;
            c.simulation.lowForwardSpeedSubStepCount = c.simulation.highForwardSpeedSubStepCount = 4; })
                                                  << "/wheels/2/suspension/springStrength" << "ω·dt passes 2.45";
        QTest::newRow("stiff dampers") << Edit([](VehicleConfig& c) { for (WheelConfig& w : c.wheels) w.suspension.springDamperRate = 60000; })
                                       << "/wheels/2/suspension/springDamperRate" << "dampers are too stiff";
        QTest::newRow("stiff dampers, sub-steps") << Edit([](VehicleConfig& c) {
            for (WheelConfig& w : c.wheels) w.suspension.springDamperRate = 60000;
            c.simulation.lowForwardSpeedSubStepCount = c.simulation.highForwardSpeedSubStepCount = 2; })
                                                  << "/wheels/2/suspension/springDamperRate" << "per sub-step passes 0.8";
        QTest::newRow("coarse step") << Edit([](VehicleConfig& c) { c.simulation.timeStep = 0.1; })
                                     << "/wheels/2/suspension/springDamperRate" << "time step of 0.1 s";
        QTest::newRow("stiff bar") << Edit([](VehicleConfig& c) { c.antiRollBars[1].stiffness = 1e8; })
                                   << "/antiRollBars/1/stiffness" << "anti-roll bars are too stiff";
        QTest::newRow("tiny yaw inertia") << Edit([](VehicleConfig& c) { c.chassis.moi.z = 0.001; })
                                          << "/chassis/moi/2" << "yaw radius of gyration sqrt(moi / mass) = 0.000816 m";
        QTest::newRow("huge roll inertia") << Edit([](VehicleConfig& c) { c.chassis.moi.x = 1e8; })
                                           << "/chassis/moi/0" << "0.2 to 4 x the box's";
        QTest::newRow("tiny wheel inertia") << Edit([](VehicleConfig& c) { c.wheels[3].wheel.moi = 0.01; })
                                            << "/wheels/3/wheel/moi" << "0.0447 x its radius";
        QTest::newRow("huge wheel inertia") << Edit([](VehicleConfig& c) { c.wheels[0].wheel.moi = 100; })
                                            << "/wheels/0/wheel/moi" << "4.47 x its radius";
    }

    void ruleFires()
    {
        QFETCH(std::function<void(VehicleConfig&)>, edit);
        QFETCH(QString, pointer);
        QFETCH(QString, words);
        VehicleConfig c = referenceCar();
        edit(c);
        const Problems problems = validateVehicle(c);
        QString all;
        bool found = false;
        for (const Problem& p : problems.items) {
            all += QString::fromStdString(p.toString()) + "\n";
            found = found || (p.severity == Severity::Error && p.pointer == pointer.toStdString() &&
                              QString::fromStdString(p.message).contains(words));
        }
        QVERIFY2(found, qPrintable(all));
    }

    void stabilityMeasuresTheWholeBody()
    {
        // 3e6 N/m springs: (ω·dt)² + 2·(c/m)·dt = 3.4 with one sub-step (error), ω·dt = 1.7 with two
        // (fine): sub-steps help while the springs stay under the whole-step limit.
        VehicleConfig c = referenceCar();
        for (WheelConfig& w : c.wheels)
            w.suspension.springStrength = 3e6;
        QVERIFY(validateVehicle(c).hasErrors());
        c.simulation.lowForwardSpeedSubStepCount = c.simulation.highForwardSpeedSubStepCount = 2;
        QVERIFY2(!validateVehicle(c).hasErrors(), listed(validateVehicle(c)).c_str());
        // Less inertia makes the body roll faster on the same springs: a roll inertia 0.1 x the box's
        // (radius of gyration 0.32 x, plausible) diverged on the skidpad and is an error here.
        VehicleConfig light = referenceCar();
        light.chassis.moi.x *= 0.1;
        const Problems p = validateVehicle(light);
        QVERIFY2(p.hasErrors() && p.items.front().message.find("too stiff") != std::string::npos, listed(p).c_str());
        light.chassis.moi.x = referenceCar().chassis.moi.x * 0.25;  // ran clean
        QVERIFY2(!validateVehicle(light).hasErrors(), listed(validateVehicle(light)).c_str());
    }

    void implausibleValuesAreNotJudgedTwice()
    {
        // A relation on an implausible value would only repeat its error.
        VehicleConfig c = referenceCar();
        c.chassis.mass = 1e-30;
        c.wheels[0].wheel.radius = 1e9;
        const Problems p = validateVehicle(c);
        QVERIFY2(p.errorCount() == 2, listed(p).c_str());
    }

    void warningsDoNotMakeAVehicleInvalid()
    {
        VehicleConfig c = testing::nwCar();
        c.drive.differentialNW.drivenWheels.clear();
        c.antiRollBars.push_back({1, 0, 5000});  // the same pair as bar 0
        const Problems p = validateVehicle(c);
        QVERIFY(!p.hasErrors());
        QCOMPARE(p.items.size(), std::size_t(2));
    }
};

QTEST_APPLESS_MAIN(TestVehicleValidation)
#include "test_vehicle_validation.moc"
