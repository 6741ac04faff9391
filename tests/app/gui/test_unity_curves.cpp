// The Unity friction curve editors (the Unity tire model's curves, vehicle/tire/UnityTire, drawn by
// widgets/CurveDefinitions; docs/unity.md "Friction curves"): offered for Unity tires only, in place
// of the PhysX tire's, the origin fixed and the extremum and asymptote draggable, the model's
// spline drawn through them, a table, the live operating point of the wheel, and edits that follow
// the link box as one undo step.

#include "MainWindow.h"
#include "config/EditSession.h"
#include "config/ParameterPaths.h"
#include "config/VehicleJson.h"
#include "vehicle/tire/UnityTire.h"
#include "widgets/CurveEditor.h"
#include "widgets/ParameterEditor.h"
#include "support/IsolatedUserFiles.h"

#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <cmath>

using namespace jounce;
using widgets::CurveDef;
using config::WheelLink;

namespace {

const std::string kUnityCar = JOUNCE_SOURCE_DIR "/presets/unity-default-car.json";

VehicleConfig unityCar()
{
    return config::loadVehicle(kUnityCar).config;
}

const CurveDef* find(const std::vector<CurveDef>& defs, const std::string& id)
{
    for (const CurveDef& d : defs)
        if (d.id == id)
            return &d;
    return nullptr;
}

}  // namespace

class TestUnityCurves : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        jounce::testing::isolateUserFiles("unity-curves");
    }

    void offeredForUnityTiresOnly()
    {
        const std::vector<CurveDef> defs = widgets::curveDefinitions(unityCar(), 2);
        QVERIFY(find(defs, "unityForward") && find(defs, "unitySideways"));
        VehicleConfig physx = config::loadVehicle(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json").config;
        QVERIFY(!find(widgets::curveDefinitions(physx, 0), "unityForward"));
        QVERIFY(!find(widgets::curveDefinitions(unityCar(), 7), "unityForward"));  // no such wheel
        // Choosing the model in the editor's way (a registry edit) offers them, with Unity's defaults.
        const config::EditList edits{{config::param::wheels::tire::model(0), "unity"}};
        const config::EditResult r = config::applyEdits(physx, edits);
        QVERIFY(r.ok());
        const CurveDef* side = find(widgets::curveDefinitions(*r.config, 0), "unitySideways");
        QVERIFY(side);
        QCOMPARE(side->series[0].points[1].x, 0.2);
    }

    void pointsLineAndOperatingPoint()
    {
        VehicleConfig car = unityCar();
        car.wheels[1].tire.unity()->sidewaysFriction.stiffness = 1.25;
        const std::vector<CurveDef> defs = widgets::curveDefinitions(car, 1);
        // The Unity tire's two curves, forward first; none of the PhysX tire's.
        QVERIFY(find(defs, "unityForward") && find(defs, "unityForward") + 1 == find(defs, "unitySideways"));
        QVERIFY(!find(defs, "frictionVsSlip") && !find(defs, "lateralStiffness"));
        const CurveDef& side = *find(defs, "unitySideways");
        QVERIFY(side.perWheel);
        QVERIFY(std::fabs(side.xScale - 180.0 / kPi) < 1e-12);  // slip angle shown in degrees
        const auto& pts = side.series.at(0).points;
        QCOMPARE(pts.size(), std::size_t(3));
        QVERIFY(pts[0].xPath.empty() && pts[0].yPath.empty());  // the origin is fixed
        QVERIFY(widgets::movePoint(side, 0, 0, 0.1, 0.5).empty());
        QCOMPARE(pts[1].xPath, config::param::wheels::tire::sidewaysFriction::extremumSlip(1));
        QCOMPARE(pts[2].yPath, config::param::wheels::tire::sidewaysFriction::asymptoteValue(1));
        QCOMPARE(pts[2].y, 0.75);
        // The line is the model's spline: through every point, flat beyond the asymptote.
        for (const auto& [x, y] : side.line)
            QCOMPARE(y, sim::frictionCurveValue(car.wheels[1].tire.unity()->sidewaysFriction, x));
        QVERIFY(side.line.back().first > pts[2].x && side.line.back().second == pts[2].y);
        // The operating point: |slip| against |normalised force| / stiffness.
        telemetry::Frame f{};
        f.wheel(telemetry::WheelChannel::LatSlip, 1) = -0.1;
        f.wheel(telemetry::WheelChannel::NormLatForce, 1) = 1.0;
        const auto p = side.operating(f);
        QVERIFY(p);
        QCOMPARE(p->first, 0.1);
        QCOMPARE(p->second, 0.8);
        f.wheel(telemetry::WheelChannel::InAir, 1) = 1.0;
        QVERIFY(!side.operating(f));
    }

    void dragsAndTableEditsFollowTheLink()
    {
        QTemporaryDir dir;
        const QString file = dir.filePath("unity.json");
        QCOMPARE(config::saveVehicle(file.toStdString(), unityCar()), std::string());
        for (const WheelLink link : {WheelLink::LeftRight, WheelLink::None}) {
            const bool on = link == WheelLink::LeftRight;
            gui::MainWindow w;
            QVERIFY(w.openVehicle(file));
            w.parameters().setLink(link);
            auto fl = [&] { return *w.document().config().wheels[0].tire.unity(); };
            auto fr = [&] { return *w.document().config().wheels[1].tire.unity(); };
            // Drag the front-left sideways extremum: FR follows as-is (nothing here is mirrored).
            QVERIFY(w.curves().showCurve("unitySideways", 0));
            QCOMPARE(w.curves().dragPoint(0, 1, 0.15, 1.1), QString());
            QCOMPARE(w.document().undoStack()->count(), 1);
            QCOMPARE(fl().sidewaysFriction.extremumSlip, 0.15);
            QCOMPARE(fl().sidewaysFriction.extremumValue, 1.1);
            QCOMPARE(fr().sidewaysFriction.extremumSlip, on ? 0.15 : 0.2);
            // A table edit of the forward asymptote value.
            QVERIFY(w.curves().showCurve("unityForward", 0));
            auto* table = w.curves().findChild<QTableWidget*>();
            QVERIFY(table);
            QCOMPARE(table->item(2, 1)->text(), QString("0.5"));
            QVERIFY(!(table->item(0, 1)->flags() & Qt::ItemIsEditable));
            table->item(2, 1)->setText("0.6");
            QCOMPARE(w.document().undoStack()->count(), 2);
            QCOMPARE(fl().forwardFriction.asymptoteValue, 0.6);
            QCOMPARE(fr().forwardFriction.asymptoteValue, on ? 0.6 : 0.5);
            // One undo takes back the linked pair.
            w.document().undoStack()->undo();
            QCOMPARE(fl().forwardFriction.asymptoteValue, 0.5);
            QCOMPARE(fr().forwardFriction.asymptoteValue, 0.5);
        }
    }
};

QTEST_MAIN(TestUnityCurves)
#include "test_unity_curves.moc"
