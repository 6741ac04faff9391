// Workbench defects found when the workbench was tried as a tuner would (issue "Workbench defects"),
// one test per defect, offscreen: a maneuver's end stops the run and keeps its telemetry and its
// time; a failed open leaves the open vehicle and its problems alone; Revert to file leaves the
// document unmodified; the small frictions (Save As shortcut, export name, the maneuver box, a
// problem reported once).

#include "MainWindow.h"
#include "config/ReferenceCar.h"
#include "run/Simulation.h"
#include "scenario/ManeuverJson.h"
#include "widgets/ProblemsPanel.h"
#include "widgets/TelemetryPanel.h"
#include "world/TerrainGround.h"

#include <QAction>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace jounce;

namespace {

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");

/// The reference car's file with one edit made by `edit`, written to `path`.
void writeEdited(const QString& path, const std::function<void(QJsonObject&)>& edit)
{
    QFile in(kPresets + "/physx-snippet-4w.json");
    QVERIFY(in.open(QIODevice::ReadOnly));
    QJsonObject car = QJsonDocument::fromJson(in.readAll()).object();
    edit(car);
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(QJsonDocument(car).toJson());
}

/// The simulated time at which `maneuver` ends for the reference car on flat ground, as the CLI
/// computes it (the same Simulation, stepped until the maneuver is over).
double maneuverEndTime(const QString& maneuver)
{
    sim::Simulation s(sim::makeGround(nullptr), std::make_shared<VehicleConfig>(referenceCar()), {});
    s.startManeuver(sim::loadManeuver(maneuver.toStdString()).maneuver);
    while (s.maneuverRunning())
        s.step();
    return s.time();
}

}  // namespace

class TestWorkbenchDefects : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        qputenv("XDG_CONFIG_HOME", QDir::temp().filePath("jounce-test-defects-config").toUtf8());
        QSettings().clear();
    }

    void maneuverEndStopsTheRunAndKeepsItsTelemetry()
    {
        // As fast as possible, the run used to idle on after the maneuver (t = 7240 s moments
        // later), pushing the maneuver out of the 5-minute history, and the summary gave the time
        // it was read at, not the end. Now the run pauses at the maneuver's last step.
        const QString maneuver = kPresets + "/maneuvers/brake-from-20.json";
        const double end = maneuverEndTime(maneuver);
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/physx-snippet-4w.json"));
        w.simulation().setRealTime(false);
        QSignalSpy finished(&w.simulation(), &gui::SimulationController::maneuverFinished);
        QVERIFY(w.startManeuverFile(maneuver));
        QVERIFY(finished.wait(30000));
        QTest::qWait(300);  // as fast as possible, 300 ms used to be many simulated minutes
        const sim::SimulationRunner::Status s = w.simulation().status();
        QVERIFY(s.paused);
        QCOMPARE(s.maneuverEndTime, end);
        QCOMPARE(s.time, end);
        QVERIFY2(w.maneuverSummary().contains(QString::number(end, 'f', 3)), qPrintable(w.maneuverSummary()));
        QVERIFY(QTest::qWaitFor([&] { return w.telemetry().history().latest().time() == end; }, 5000));
        QVERIFY(w.telemetry().history().size() >= static_cast<std::size_t>(end * 60.0) - 1);  // every step kept

        // Run drives on from the end; with "keep driving" the next maneuver does not stop.
        w.simulation().run();
        QVERIFY(QTest::qWaitFor([&] { return w.simulation().status().time > end + 1.0; }, 10000));
        auto* keep = w.findChild<QAction*>(QStringLiteral("keepDrivingAction"));
        QVERIFY(keep);
        keep->setChecked(true);
        QVERIFY(w.startManeuverFile(maneuver));
        QVERIFY(finished.wait(30000));
        QVERIFY(QTest::qWaitFor([&] { return w.simulation().status().time > end + 5.0; }, 10000));
        QVERIFY(!w.simulation().status().paused);
        keep->setChecked(false);
    }

    void failedOpenKeepsTheOpenVehicleAndItsProblems()
    {
        // Opening a file with a missing radius, then a truncated file, left the header naming the
        // first file and the list mixing both files' problems.
        QTemporaryDir dir;
        writeEdited(dir.filePath("no-radius.json"), [](QJsonObject& car) {
            QJsonArray wheels = car["wheels"].toArray();
            QJsonObject w0 = wheels[0].toObject();
            QJsonObject wheel = w0["wheel"].toObject();
            wheel.remove("radius");
            w0["wheel"] = wheel;
            wheels[0] = w0;
            car["wheels"] = wheels;
        });
        QFile truncated(dir.filePath("truncated.json"));
        QVERIFY(truncated.open(QIODevice::WriteOnly));
        truncated.write("{\n  \"format\": \"jounce.vehicle\",\n  \"chassis\": {\"mass\": 15");
        truncated.close();

        gui::MainWindow w;
        QVERIFY(w.openVehicle(dir.filePath("no-radius.json")));
        const Problems before = w.document().problems();
        QCOMPARE(before.items.size(), std::size_t(1));  // the missing radius, reported once as the CLI does
        QCOMPARE(QString::fromStdString(before.items[0].pointer), QString("/wheels/0/wheel/radius"));
        const int shown = w.problems().count();

        QVERIFY(!w.openVehicle(dir.filePath("truncated.json")));
        auto* box = w.findChild<QMessageBox*>(QStringLiteral("openFailedBox"));
        QVERIFY(box);
        QVERIFY2(box->text().contains("no-radius.json is still open") && box->text().contains("/chassis/mass"),
                 qPrintable(box->text()));
        box->close();
        QCOMPARE(w.document().filePath(), dir.filePath("no-radius.json"));
        QCOMPARE(w.document().problems().items.size(), before.items.size());
        QCOMPARE(w.problems().count(), shown);
        QVERIFY(w.windowTitle().contains("no-radius.json"));
    }

    void revertToFileLeavesTheDocumentUnmodified()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/sports-car.json"));
        QCOMPARE(w.document().setParameter("chassis.mass", 1700.0), QString());
        QVERIFY(w.document().isModified());
        auto* revert = w.findChild<QAction*>(QStringLiteral("revertAction"));
        QVERIFY(revert);
        revert->trigger();
        QVERIFY(!w.document().isModified());
        QVERIFY(!w.isWindowModified());
        // Revert is still one undo step, and undoing it is a modification again.
        w.document().undoStack()->undo();
        QVERIFY(w.document().isModified());
        QCOMPARE(w.document().config().chassis.mass, 1700.0);
    }

    void smallFrictions()
    {
        QTemporaryDir dir;
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/rally-car.json"));

        auto* saveAs = w.findChild<QAction*>(QStringLiteral("saveAsAction"));
        QVERIFY(saveAs);
        QCOMPARE(saveAs->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));

        // Export proposes the vehicle's name, never its own file.
        QCOMPARE(QFileInfo(w.suggestedExportPath()).fileName(), QString("rally-car-export.json"));
        QSettings().setValue("document/exportDir", dir.path());
        QCOMPARE(w.suggestedExportPath(), dir.filePath("rally-car.json"));
        QSettings().remove("document/exportDir");

        // A maneuver from a file (or the command line) shows in the maneuver box and stays there.
        QFile::copy(kPresets + "/maneuvers/settle.json", dir.filePath("my-settle.json"));
        QVERIFY(w.startManeuverFile(dir.filePath("my-settle.json")));
        auto* box = w.findChild<QComboBox*>();
        QComboBox* maneuvers = nullptr;
        for (QComboBox* b : w.findChildren<QComboBox*>())
            if (b->findText("my-settle") >= 0)
                maneuvers = b;
        QVERIFY(box && maneuvers);
        QCOMPARE(maneuvers->currentText(), QString("my-settle"));
        QVERIFY(maneuvers->itemData(maneuvers->count() - 1).toString() == "?");  // "Open…" stays last
        QVERIFY(w.startManeuverFile(kPresets + "/maneuvers/skidpad.json"));
        QCOMPARE(maneuvers->currentText(), QString("skidpad"));
        QCOMPARE(maneuvers->findText("my-settle") >= 0, true);
        w.simulation().stopManeuver();
    }
};

QTEST_MAIN(TestWorkbenchDefects)
#include "test_workbench_defects.moc"
