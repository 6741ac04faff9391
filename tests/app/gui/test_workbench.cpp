// The workbench as a user drives it (offscreen): edits reach the simulation within a step and
// show in the jounce telemetry, undo, link toggles, refusals, save/open, broken files, keyboard
// driving, and the screenshot and UI benchmark options.

#include "MainWindow.h"
#include "config/VehicleJson.h"
#include "widgets/CurveEditor.h"
#include "widgets/DoctorPanel.h"
#include "widgets/ParameterEditor.h"
#include "widgets/ProblemsPanel.h"
#include "widgets/TelemetryPanel.h"
#include "support/IsolatedUserFiles.h"

#include <QImage>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <set>

using namespace jounce;
using telemetry::WheelChannel;

namespace {

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");

/// Steps the paused simulation once and waits until the frame reached the telemetry history.
const telemetry::Frame& stepAndWait(gui::MainWindow& w)
{
    const std::size_t before = w.telemetry().history().size();
    w.simulation().stepOnce();
    const bool arrived = QTest::qWaitFor([&] { return w.telemetry().history().size() > before; }, 5000);
    Q_ASSERT(arrived);
    return w.telemetry().history().latest();
}

double frontLeftJounceAfter(gui::MainWindow& w, int steps)
{
    w.simulation().reset();
    double j = 0.0;
    for (int i = 0; i < steps; ++i)
        j = stepAndWait(w).wheel(WheelChannel::Jounce, 0);
    return j;
}

}  // namespace

class TestWorkbench : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        jounce::testing::isolateUserFiles("workbench");
    }

    void springEditReachesTheSimulationWithinOneStep()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/physx-snippet-4w.json"));
        w.simulation().pause();
        w.simulation().setRealTime(false);
        // The car drops 0.5 m after a reset; 20 steps in, the front-left spring is compressing.
        const double baseline21 = [&] {
            frontLeftJounceAfter(w, 20);
            return stepAndWait(w).wheel(WheelChannel::Jounce, 0);
        }();
        frontLeftJounceAfter(w, 20);
        QCOMPARE(w.parameters().editCell("wheels[0].suspension.springStrength", "90000"), QString());
        QCOMPARE(w.document().config().wheels[0].suspension.springStrength, 90000.0);
        QCOMPARE(w.simulation().pushedConfig()->wheels[0].suspension.springStrength, 90000.0);
        const double edited21 = stepAndWait(w).wheel(WheelChannel::Jounce, 0);
        QVERIFY2(std::fabs(edited21 - baseline21) > 1e-4,
                 qPrintable(QString("baseline %1, edited %2").arg(baseline21).arg(edited21)));
        QVERIFY(w.isWindowModified() || w.document().isModified());

        // Undo restores the value, the editor and the simulation's configuration.
        w.document().undoStack()->undo();
        QCOMPARE(w.document().config().wheels[0].suspension.springStrength, 35000.0);
        QCOMPARE(w.parameters().displayText("wheels[0].suspension.springStrength"), QString("35000"));
        QCOMPARE(w.simulation().pushedConfig()->wheels[0].suspension.springStrength, 35000.0);
        frontLeftJounceAfter(w, 20);
        QCOMPARE(stepAndWait(w).wheel(WheelChannel::Jounce, 0), baseline21);  // deterministic: the same as before
        QVERIFY(!w.document().isModified());
    }

    void consecutiveEditsOfOneFieldMerge()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/physx-snippet-4w.json"));
        w.parameters().editCell("chassis.mass", "1510");
        w.parameters().editCell("chassis.mass", "1520");
        QCOMPARE(w.document().undoStack()->count(), 1);
        w.document().undoStack()->undo();
        QCOMPARE(w.document().config().chassis.mass, 1500.0);
    }

    void linkTogglesEditBothWheels()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/physx-snippet-4w.json"));
        w.parameters().setLink(widgets::ParameterEditor::Link::LeftRight);
        QCOMPARE(w.parameters().editCell("wheels[0].suspension.springStrength", "40000"), QString());
        QCOMPARE(w.document().config().wheels[1].suspension.springStrength, 40000.0);
        QCOMPARE(w.document().config().wheels[2].suspension.springStrength, 35000.0);  // the other axle
        QCOMPARE(w.document().undoStack()->count(), 1);  // one undoable edit
        // Side-dependent values mirror: camber entered in degrees on the left is negated on the right.
        QCOMPARE(w.parameters().editCell("wheels[0].suspension.camberAtRest", "-1"), QString());
        QVERIFY(std::fabs(w.document().config().wheels[0].suspension.camberAtRest + kPi / 180) < 1e-12);
        QVERIFY(std::fabs(w.document().config().wheels[1].suspension.camberAtRest - kPi / 180) < 1e-12);
        w.parameters().setLink(widgets::ParameterEditor::Link::AllWheels);
        QCOMPARE(w.parameters().editCell("wheels[3].wheel.mass", "25"), QString());
        for (const WheelConfig& wheel : w.document().config().wheels)
            QCOMPARE(wheel.wheel.mass, 25.0);
    }

    void invalidEntriesAreRefusedWithTheirReason()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/physx-snippet-4w.json"));
        QCOMPARE(w.parameters().editCell("wheels[0].suspension.springStrength", "-5"), QString("must be > 0, got -5"));
        // Linked wheels: the edit session refuses the whole list; the editor shows the same reason.
        w.parameters().setLink(widgets::ParameterEditor::Link::AllWheels);
        QCOMPARE(w.parameters().editCell("wheels[2].suspension.springStrength", "-5"), QString("must be > 0, got -5"));
        w.parameters().setLink(widgets::ParameterEditor::Link::None);
        QVERIFY(w.parameters().editCell("chassis.mass", "heavy").contains("not a number"));
        // A relation: the reverse ratio must stay negative.
        QVERIFY(w.parameters().editCell("drive.gears.ratios[0]", "3").contains("reverse"));
        QCOMPARE(w.document().config(), config::loadVehicle((kPresets + "/physx-snippet-4w.json").toStdString()).config);
        QCOMPARE(w.document().undoStack()->count(), 0);
    }

    void saveThenOpenGivesTheSameFile()
    {
        QTemporaryDir dir;
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/sports-car.json"));
        w.parameters().editCell("wheels[2].suspension.springStrength", "41000");
        QCOMPARE(w.document().saveAs(dir.filePath("a.json")), QString());
        QVERIFY(!w.document().isModified());
        gui::MainWindow w2;
        QVERIFY(w2.openVehicle(dir.filePath("a.json")));
        QCOMPARE(w2.document().config().wheels[2].suspension.springStrength, 41000.0);
        QCOMPARE(w2.document().saveAs(dir.filePath("b.json")), QString());
        QFile a(dir.filePath("a.json")), b(dir.filePath("b.json"));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(a.readAll(), b.readAll());
    }

    void brokenFileOpensWithItsProblems()
    {
        QTemporaryDir dir;
        QFile in(kPresets + "/physx-snippet-4w.json");
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray text = in.readAll();
        text.replace("\"mass\": 1500.0", "\"mass\": \"heavy\"");
        text.replace("\"springDamperRate\": 4500.0", "\"springDamperRate\": -1");
        QFile out(dir.filePath("broken.json"));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(text);
        out.close();
        gui::MainWindow w;
        QVERIFY(w.openVehicle(dir.filePath("broken.json")));  // opens with what could be read
        QVERIFY(w.document().hasErrors());
        QVERIFY(w.problems().count() >= 2);
        QVERIFY(w.parameters().selectParameter("/wheels/0/suspension/springDamperRate"));
        QCOMPARE(w.parameters().selectedPath(), QString("wheels[0].suspension.springDamperRate"));
        // Fixing the values clears their problems (every wheel had the bad damper).
        w.parameters().setLink(widgets::ParameterEditor::Link::AllWheels);
        QCOMPARE(w.parameters().editCell("wheels[0].suspension.springDamperRate", "4500"), QString());
        QCOMPARE(w.parameters().editCell("chassis.mass", "1500"), QString());
        QVERIFY2(!w.document().hasErrors(), qPrintable(QString::number(w.problems().count())));
    }

    void keyboardDrivesTheCar()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/physx-snippet-4w.json"));
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        w.activateWindow();
        w.simulation().setRealTime(false);
        w.simulation().run();
        QTest::keyPress(&w, Qt::Key_W);
        QVERIFY(QTest::qWaitFor([&] {
            return !w.telemetry().history().empty() &&
                   w.telemetry().history().latest().vehicle(telemetry::VehicleChannel::ForwardSpeed) > 5.0;
        }, 20000));
        QTest::keyRelease(&w, Qt::Key_W);
        QVERIFY(w.telemetry().history().latest().vehicle(telemetry::VehicleChannel::Accel) > 0.0 ||
                w.telemetry().history().latest().vehicle(telemetry::VehicleChannel::ForwardSpeed) > 5.0);
    }

    void curveEditorsEditTheirParameters()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/physx-snippet-4w.json"));
        for (const char* id : {"torqueCurve", "frictionVsSlip", "lateralStiffness", "loadFilter", "camber", "steerVsSpeed",
                               "gearRatios", "autoBox"})
            QVERIFY2(w.curves().curveIds().contains(id), id);
        QVERIFY(w.curves().showCurve("torqueCurve"));
        QCOMPARE(w.curves().dragPoint(0, 1, 0.4, 0.95), QString());
        QCOMPARE(w.document().config().drive.engine.torqueCurve[1].x, 0.4);
        QCOMPARE(w.document().config().drive.engine.torqueCurve[1].y, 0.95);
        QCOMPARE(w.document().undoStack()->count(), 1);  // a drag is one edit
        // Dragging the middle point past the last one breaks the ordering: refused.
        QVERIFY(!w.curves().dragPoint(0, 1, 1.2, 0.95).isEmpty());
        // Camber at full compression of the rear-left wheel: the curve shows absolute camber, the
        // parameter stores the offset from the rest value.
        QVERIFY(w.curves().showCurve("camber", 2));
        QCOMPARE(w.curves().dragPoint(0, 2, 0.3, 0.02), QString());
        QCOMPARE(w.document().config().wheels[2].suspension.camberAtMaxCompression, 0.02);
        QVERIFY(w.curves().showCurve("lateralStiffness", 0));
        QCOMPARE(w.curves().dragPoint(0, 0, 2.5, 18.0), QString());
        QCOMPARE(w.document().config().wheels[0].tire.physx()->latStiffX, 2.5);
        QCOMPARE(w.document().config().wheels[0].tire.physx()->latStiffY, 18.0);
        w.document().undoStack()->undo();
        QCOMPARE(w.document().config().wheels[0].tire.physx()->latStiffX, 2.0);
    }

    void maneuverEndsWithItsFigures()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/physx-snippet-4w.json"));
        QVERIFY(w.openTerrain(kPresets + "/terrains/flat.json"));
        w.simulation().setRealTime(false);
        QSignalSpy finished(&w.simulation(), &gui::SimulationController::maneuverFinished);
        QVERIFY(w.startManeuverFile(kPresets + "/maneuvers/braking-100-0.json"));
        QVERIFY(finished.wait(60000));
        QVERIFY2(w.maneuverSummary().contains("100-0 km/h"), qPrintable(w.maneuverSummary()));
        QVERIFY2(w.maneuverSummary().contains(" m<"), qPrintable(w.maneuverSummary()));  // a distance in metres
    }

    void doctorPanelDiagnosesAndFixes()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/sports-car.json"));
        auto has = [&](const std::string& id) {
            for (const doctor::Finding& f : w.doctor().findings())
                if (f.id == id)
                    return f.key();
            return std::string();
        };
        QVERIFY(has("autobox.latency").empty());
        // The guide's "never goes beyond first gear" case: autobox latency below the switch time.
        QCOMPARE(w.parameters().editCell("drive.autoBox.latency", "0.3"), QString());
        const std::string key = has("autobox.latency");
        QVERIFY(!key.empty());
        QCOMPARE(w.doctor().applyFix(key), QString());
        QVERIFY(has("autobox.latency").empty());
        QVERIFY(w.document().config().drive.autoBox.latency > w.document().config().drive.gears.switchTime);
        QCOMPARE(w.document().undoStack()->count(), 2);  // the edit, then the fix as one step
        w.document().undoStack()->undo();
        QVERIFY(!has("autobox.latency").empty());
    }

    void screenshotOptionWritesTheWindow()
    {
        QTemporaryDir dir;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        // An offscreen screen of the smallest size Jounce supports: the first window must fit it.
        QFile screens(dir.filePath("screens.json"));
        QVERIFY(screens.open(QIODevice::WriteOnly));
        screens.write(R"({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1366, "height": 768,
                                        "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]})");
        screens.close();
        env.insert("QT_QPA_PLATFORM", "offscreen:configfile=" + screens.fileName());
        env.insert("XDG_CONFIG_HOME", dir.filePath("config"));
        env.insert("JOUNCE_RECOVERY_DIR", dir.filePath("recovery"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(JOUNCE_BINARY_DIR "/app/gui/jounce"),
                {kPresets + "/physx-snippet-4w.json", "--screenshot", dir.filePath("shot.png"), "--after", "1.5"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        QImage shot(dir.filePath("shot.png"));
        // The default window on that screen: all of it but room for a window manager's frame.
        QCOMPARE(shot.size(), gui::MainWindow::defaultGeometry(QRect(0, 0, 1366, 768)).size());
        QVERIFY(shot.width() <= 1366 && shot.height() <= 768);
        std::set<QRgb> colours;
        for (int y = 0; y < shot.height(); y += 7)
            for (int x = 0; x < shot.width(); x += 7)
                colours.insert(shot.pixel(x, y));
        QVERIFY2(colours.size() > 50, qPrintable(QString::number(colours.size())));
    }

    void uiBenchmarkRuns()
    {
        QTemporaryDir dir;
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("QT_QPA_PLATFORM", "offscreen");
        env.insert("XDG_CONFIG_HOME", dir.filePath("config"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(JOUNCE_BINARY_DIR "/app/gui/jounce"), {"--ui-benchmark", "2"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(out.contains("chart updates drawn") && out.contains("95th percentile") && out.contains("process CPU"),
                 qPrintable(out));
    }
};

QTEST_MAIN(TestWorkbench)
#include "test_workbench.moc"
