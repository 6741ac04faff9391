// Relations between parameters (vehicle-model §1 isValid / setter checks): each rule fires on a vehicle
// built to break it, at the pointer of the offending value, and stays silent on the reference car.

#include "TestVehicles.h"
#include "config/VehicleValidation.h"

#include <QtTest>

#include <functional>

using namespace jounce;

Q_DECLARE_METATYPE(std::function<void(VehicleConfig&)>)

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
        QTest::newRow("friction x0") << Edit([](VehicleConfig& c) { c.wheels[0].tire.frictionVsSlipGraph[0].x = 0.1; })
                                     << "/wheels/0/tire/frictionVsSlipGraph/0/0" << "must be 0";
        QTest::newRow("friction x2") << Edit([](VehicleConfig& c) { c.wheels[0].tire.frictionVsSlipGraph[2].x = 0.05; })
                                     << "/wheels/0/tire/frictionVsSlipGraph/2/0" << "second";
        QTest::newRow("friction peak") << Edit([](VehicleConfig& c) { c.wheels[0].tire.frictionVsSlipGraph[1].y = 0.5; })
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
