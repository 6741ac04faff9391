// The Sweep window as a user drives it (offscreen): opened from Simulation ▸ Sweep…, a grid of two
// parameters of the edited reference car built in the window and run in the background, the heat
// map holding every point, a click on a cell and Load as edited vehicle changing the workbench's
// vehicle as one undo step; the sensitivity study's tornado; a range the registry refuses reported
// with its place; a point into the compare view. The window's screenshots are written by
// tests/bench/screenshots_xy_sweep, not by a test.

#include "CompareWindow.h"
#include "MainWindow.h"
#include "SweepWindow.h"

#include "widgets/HeatMap.h"
#include "widgets/TornadoChart.h"
#include "support/IsolatedUserFiles.h"

#include <QAction>
#include <QDir>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>

using namespace jounce;

namespace {

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");

/// The sweep window of a workbench on the reference car, set to standing starts on flat ground
/// (0.04 s a point) with the engine's peak torque and the final drive as parameters.
gui::SweepWindow* openSweep(gui::MainWindow& w)
{
    w.simulation().pause();
    QAction* action = w.findChild<QAction*>(QStringLiteral("sweepAction"));
    if (!action)
        return nullptr;
    action->trigger();
    auto* sweep = w.findChild<gui::SweepWindow*>();
    if (!sweep || !sweep->setManeuverFile(kPresets + "/maneuvers/acceleration-0-100.json") || !sweep->setTerrainFile({}) ||
        !sweep->addParameter("drive.engine.peakTorque") || !sweep->addParameter("drive.gears.finalRatio"))
        return nullptr;
    sweep->setParameterRange(0, 400.0, 600.0, 3);
    sweep->setParameterRange(1, 3.5, 4.5, 3);
    return sweep;
}

bool runAndWait(gui::SweepWindow& sweep, bool sensitivity)
{
    QSignalSpy shown(&sweep, &gui::SweepWindow::resultsShown);
    if (!(sensitivity ? sweep.runSensitivity() : sweep.runSweep()))
        return false;
    return shown.wait(60000);
}

}  // namespace

class TestSweepWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        jounce::testing::isolateUserFiles("sweep-window");
    }

    void gridRunThenClickLoadsThePoint()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/physx-snippet-4w.json"));
        gui::SweepWindow* sweep = openSweep(w);
        QVERIFY(sweep);
        QVERIFY(sweep->isVisible());
        QCOMPARE(sweep->parameterCount(), 2);
        QVERIFY(runAndWait(*sweep, false));
        QCOMPARE(sweep->results().size(), std::size_t(9));
        for (const sweep::PointResult& r : sweep->results())
            QVERIFY2(r.ok(), r.status.c_str());
        // The heat map has every point: torque up the side, final drive along the bottom.
        widgets::HeatMap& map = sweep->heatMap();
        QCOMPARE(map.rowCount(), 3);
        QCOMPARE(map.columnCount(), 3);
        QCOMPARE(map.valueCount(), 9);
        QCOMPARE(sweep->pointTable().rowCount(), 9);

        sweep->resize(1200, 800);
        QVERIFY(QTest::qWaitForWindowExposed(sweep));
        // The top-right cell: 600 N m and 4.5 (point 8, the last of the grid).
        QTest::mouseClick(&map, Qt::LeftButton, {}, map.cellRect(2, 2).center());
        QCOMPARE(sweep->selectedPoint(), 8);
        QCOMPARE(w.document().config().drive.engine.peakTorque, 500.0);
        auto* load = sweep->findChild<QPushButton*>(QStringLiteral("loadPointButton"));
        QVERIFY(load && load->isEnabled());
        QTest::mouseClick(load, Qt::LeftButton);
        QCOMPARE(w.document().config().drive.engine.peakTorque, 600.0);
        QCOMPARE(w.document().config().drive.gears.finalRatio, 4.5);
        // One undo step brings the vehicle back.
        w.document().undoStack()->undo();
        QCOMPARE(w.document().config().drive.engine.peakTorque, 500.0);
        QCOMPARE(w.document().config().drive.gears.finalRatio, 4.0);

        // Into the compare view's slot B.
        QCOMPARE(sweep->loadSelectedIntoCompare(1), QString());
        QVERIFY(w.compareWindow().labels().contains("sweep-point-8"));
        QCOMPARE(w.compareWindow().vehicles().back()->drive.engine.peakTorque, 600.0);
    }

    void sensitivityDrawsATornado()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/physx-snippet-4w.json"));
        gui::SweepWindow* sweep = openSweep(w);
        QVERIFY(sweep);
        QVERIFY(runAndWait(*sweep, true));
        QCOMPARE(sweep->results().size(), std::size_t(5));  // the base, then each parameter's two ends
        widgets::TornadoChart& tornado = sweep->tornado();
        QCOMPARE(tornado.barCount(), 2);
        QVERIFY(tornado.data().base);
        sweep->resize(1200, 800);
        QVERIFY(QTest::qWaitForWindowExposed(sweep));
        // The widest bar (the torque: vehicle-model §2.18) on top; its high half is point 2.
        QCOMPARE(tornado.data().bars[0].name, QStringLiteral("drive.engine.peakTorque"));
        QTest::mouseClick(&tornado, Qt::LeftButton, {}, tornado.barRect(0, true).center());
        QCOMPARE(sweep->selectedPoint(), 2);
    }

    void refusedRangeIsReportedWithItsPlace()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/physx-snippet-4w.json"));
        gui::SweepWindow* sweep = openSweep(w);
        QVERIFY(sweep);
        QVERIFY(sweep->addParameter("wheels[*].suspension.springStrength"));
        sweep->setParameterRange(2, -5.0, 40000.0, 2);
        QVERIFY(!sweep->runSweep());
        auto* status = sweep->findChild<QLabel*>(QStringLiteral("sweepStatus"));
        QVERIFY(status);
        QVERIFY2(status->text().contains("wheels[*].suspension.springStrength, min: must be > 0"), qPrintable(status->text()));
        QVERIFY(!sweep->addParameter("no.such.parameter"));
    }
};

QTEST_MAIN(TestSweepWindow)
#include "test_sweep_window.moc"
