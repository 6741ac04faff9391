// The doctor's Unity checks (the Unity tire model's own, model/vehicle/tire/UnityTire.cpp, reported by
// model/doctor/TireChecks.cpp; docs/unity.md "Doctor checks"): each mistake fires with the vehicle's
// numbers, names leaves of the vehicle, and its fix clears it and leaves a valid vehicle; Unity's
// default curves and PhysX cars get none of them.

#include "config/ReferenceCar.h"
#include "config/VehicleValidation.h"
#include "doctor/StaticChecks.h"
#include "config/VehicleJson.h"

#include <QtTest>

#include <functional>
#include <set>

using namespace jounce;
using doctor::Finding;

namespace {

/// The reference car on Unity tires with Unity 5's default curves on every wheel.
VehicleConfig unityCar()
{
    VehicleConfig c = referenceCar();
    for (WheelConfig& w : c.wheels)
        w.tire.params = UnityTireParams{};
    return c;
}

std::vector<Finding> unityFindings(const VehicleConfig& c)
{
    std::vector<Finding> out;
    for (const Finding& f : doctor::diagnose(c))
        if (f.id.rfind("unity.", 0) == 0)
            out.push_back(f);
    return out;
}

QString describe(const std::vector<Finding>& findings)
{
    QString s;
    for (const Finding& f : findings)
        s += QString::fromStdString(f.id + ": " + f.reason + "\n");
    return s;
}

struct Case {
    const char* name;
    const char* id;
    doctor::Severity severity;
    std::function<void(VehicleConfig&)> change;
    const char* reasonContains;
    bool hasFix = true;
};

WheelFrictionCurve& side(VehicleConfig& c, std::size_t i) { return c.wheels[i].tire.unity()->sidewaysFriction; }
WheelFrictionCurve& forward(VehicleConfig& c, std::size_t i) { return c.wheels[i].tire.unity()->forwardFriction; }

const std::vector<Case>& cases()
{
    static const std::vector<Case> all{
        {"asymptote slip below extremum slip", "unity.slipOrder", doctor::Severity::Error,
         [](VehicleConfig& c) { side(c, 0).asymptoteSlip = 0.15; }, "0.15 rad is not beyond extremumSlip 0.2 rad"},
        {"equal slips", "unity.slipOrder", doctor::Severity::Error,
         [](VehicleConfig& c) { forward(c, 2).asymptoteSlip = 0.4; }, "asymptoteSlip 0.4 is not beyond"},
        {"asymptote above extremum", "unity.asymptoteAboveExtremum", doctor::Severity::Warning,
         [](VehicleConfig& c) { forward(c, 1).asymptoteValue = 1.4; }, "1.4 is above extremumValue 1"},
        {"stiffness 0", "unity.noFriction", doctor::Severity::Error,
         [](VehicleConfig& c) { side(c, 3).stiffness = 0; }, "cannot corner"},
        {"extremum value 0", "unity.noFriction", doctor::Severity::Error,
         [](VehicleConfig& c) { forward(c, 0).extremumValue = 0; forward(c, 0).asymptoteValue = 0; }, "cannot drive or brake"},
        {"steep curve", "unity.steepCurve", doctor::Severity::Warning,
         [](VehicleConfig& c) { side(c, 1).extremumSlip = 0.005; side(c, 1).asymptoteSlip = 0.01; }, "400 x load"},
        {"mixed models", "tire.mixedModels", doctor::Severity::Advice,
         [](VehicleConfig& c) { c.wheels[0].tire.params = PhysxTireParams{}; }, "(FL: physx; FR, RL, RR: unity)", false},
    };
    return all;
}

}  // namespace

class TestDoctorUnity : public QObject {
    Q_OBJECT
private slots:
    void defaultCurvesAreClean()
    {
        QVERIFY2(unityFindings(unityCar()).empty(), qPrintable(describe(unityFindings(unityCar()))));
        QVERIFY(unityFindings(referenceCar()).empty());
        const config::VehicleFile preset = config::loadVehicle(JOUNCE_SOURCE_DIR "/presets/unity-default-car.json");
        QVERIFY(preset.ok());
        QVERIFY2(unityFindings(preset.config).empty(), qPrintable(describe(unityFindings(preset.config))));
    }

    void mistakeFiresAndFixClears_data()
    {
        QTest::addColumn<int>("index");
        for (std::size_t i = 0; i < cases().size(); ++i)
            QTest::newRow(cases()[i].name) << int(i);
    }

    void mistakeFiresAndFixClears()
    {
        QFETCH(int, index);
        const Case& c = cases()[std::size_t(index)];
        VehicleConfig car = unityCar();
        c.change(car);
        std::vector<Finding> hits;
        for (const Finding& f : doctor::diagnose(car))
            if (f.id == c.id)
                hits.push_back(f);
        QVERIFY2(hits.size() == 1, qPrintable(describe(doctor::diagnose(car))));
        const Finding& f = hits.front();
        QCOMPARE(f.severity, c.severity);
        QVERIFY2(f.reason.find(c.reasonContains) != std::string::npos, f.reason.c_str());
        QVERIFY(!f.guideSection.empty());
        for (const std::string& p : f.parameters)
            QVERIFY2(config::ParameterRegistry::instance().get(car, p).has_value(), p.c_str());
        QCOMPARE(f.fix.has_value(), c.hasFix);
        if (!f.fix)
            return;
        VehicleConfig fixed = car;
        QCOMPARE(doctor::applyFix(fixed, *f.fix), std::string());
        for (const Finding& after : doctor::diagnose(fixed))
            QVERIFY2(after.id != c.id, qPrintable(describe({after})));
        QVERIFY(!validateVehicle(fixed).hasErrors());
    }

    void everyUnityCheckIsCatalogued()
    {
        std::set<std::string> ids;
        for (const doctor::CheckInfo& i : doctor::checkCatalogue())
            ids.insert(i.id);
        for (const Case& c : cases())
            QVERIFY2(ids.count(c.id), c.id);
    }
};

QTEST_GUILESS_MAIN(TestDoctorUnity)
#include "test_doctor_unity.moc"
