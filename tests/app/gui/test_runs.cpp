// The workbench's recorded runs (issue "Same drive, before and after"), offscreen: drive by keys,
// edit a spring during the run, replay: the old run is the reference on the charts with live /
// reference / difference read-outs and the edit as a marker; runs saved and opened again (and
// hostile run files refused in a box); a telemetry CSV as a reference; four references at most;
// A/B lockstep of two identical vehicles gives identical traces.

#include "MainWindow.h"
#include "RunLibrary.h"
#include "SimulationController.h"
#include "run/RunFile.h"
#include "widgets/TelemetryChart.h"
#include "widgets/TelemetryPanel.h"
#include "support/IsolatedUserFiles.h"

#include <QAction>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace jounce;

namespace {

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");

/// Runs with W held (and A for the second half) until the simulated time passes `seconds`, then pauses.
void driveFor(gui::MainWindow& w, double seconds)
{
    w.simulation().keyEvent(Qt::Key_W, true, false);
    w.simulation().run();
    QVERIFY(QTest::qWaitFor([&] { return w.simulation().status().time > seconds / 2; }, 20000));
    w.simulation().keyEvent(Qt::Key_A, true, false);
    QVERIFY(QTest::qWaitFor([&] { return w.simulation().status().time > seconds; }, 20000));
    w.simulation().pause();
    QVERIFY(QTest::qWaitFor([&] { return w.simulation().status().paused; }, 5000));
    w.simulation().keyEvent(Qt::Key_A, false, false);
    w.simulation().keyEvent(Qt::Key_W, false, false);
}

/// Waits until the simulation has taken the commands sent so far and stands paused at t = 0.
void settleAtStart(gui::MainWindow& w)
{
    w.simulation().pause();
    w.simulation().reset();
    QVERIFY(QTest::qWaitFor([&] { return w.simulation().status().paused && w.simulation().status().time == 0.0; }, 10000));
    QTest::qWait(50);
}

gui::MainWindow* openWorkbench()
{
    auto* w = new gui::MainWindow;
    w->resize(1600, 1000);
    if (!w->openVehicle(kPresets + "/physx-snippet-4w.json") || !w->openTerrain(kPresets + "/terrains/proving-ground.json") ||
        !w->chooseStartPoint("bumps"))
        qFatal("cannot set up the workbench");
    w->simulation().setRealTime(false);
    settleAtStart(*w);
    return w;
}

}  // namespace

class TestRuns : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        jounce::testing::isolateUserFiles("runs");
    }

    void replayDrawsTheNewRunOverTheOld()
    {
        std::unique_ptr<gui::MainWindow> w(openWorkbench());
        driveFor(*w, 3.0);
        // Double the front springs while driving: an edit of the run, with its marker.
        const config::EditList stiffer{{"wheels[0].suspension.springStrength", 70000.0},
                                       {"wheels[1].suspension.springStrength", 70000.0}};
        QCOMPARE(w->document().setParameters(stiffer, "stiffer front"), QString());
        QVERIFY(QTest::qWaitFor([&] { return !w->simulation().liveEdits().empty(); }, 5000));
        QCOMPARE(QString::fromStdString(w->simulation().liveEdits().front().text),
                 QString("wheels[0..1].suspension.springStrength 35000 → 70000"));
        const double markerTime = w->simulation().liveEdits().front().time;
        driveFor(*w, markerTime + 4.0);

        const std::uint64_t revision = w->telemetry().history().revision();
        auto* replay = w->findChild<QAction*>(QStringLiteral("replayAction"));
        QVERIFY(replay);
        QCOMPARE(replay->shortcut(), QKeySequence(Qt::Key_F8));
        replay->trigger();
        QVERIFY(QTest::qWaitFor([&] { return w->simulation().status().replayFinished; }, 30000));
        const auto& refs = w->simulation().runs().references();
        QCOMPARE(refs.size(), std::size_t(1));
        const sim::RunLog& old = *refs.front().run;
        QVERIFY2(old.name.rfind("Run ", 0) == 0, old.name.c_str());
        QCOMPARE(old.edits.size(), std::size_t(1));
        QVERIFY(old.telemetry.time(old.telemetry.size() - 1) > markerTime + 4.0);
        QVERIFY(w->simulation().status().runName.rfind("Replay of Run ", 0) == 0);
        QVERIFY(w->simulation().liveEdits().empty());  // a new run
        // The legend says what the reference's car differs in from the live one (#31 item 7).
        const auto* legend = w->findChild<QLabel*>(QStringLiteral("referenceLegend"));
        QVERIFY(legend);
        QVERIFY2(legend->text().contains(QString::fromUtf8("springStrength 35000 → 70000")), qPrintable(legend->text()));

        // The jounce chart: live traces and the reference's beside them; the read-out shows both.
        // The replay's frames reach the charts (the history restarts with them).
        QVERIFY(QTest::qWaitFor([&] {
            return w->telemetry().history().revision() > revision + 1 &&
                   w->telemetry().history().endTime() == w->simulation().status().time;
        }, 5000));
        w->telemetry().refresh();
        widgets::TelemetryChart* jounce = w->telemetry().charts().front();
        QCOMPARE(jounce->spec().title, QString("Suspension jounce"));
        QVERIFY(jounce->referencePointCount() > 50);
        jounce->setCursor(w->telemetry().history(), w->telemetry().history().endTime() - 2.0);
        QVERIFY2(jounce->cursorText().contains(QStringLiteral("live / ")),
                 qPrintable(jounce->cursorText() + QString(" end %1 size %2").arg(w->telemetry().history().endTime()).arg(w->telemetry().history().size())));
        QVERIFY2(jounce->cursorText().count(QStringLiteral(" / ")) >= 8, qPrintable(jounce->cursorText()));

        // The replay drove the same inputs with the stiffer car from the run's start: its front
        // jounce differs from the old run's.
        const sim::TelemetryTrack& ref = old.telemetry;
        const widgets::TelemetryHistory& live = w->telemetry().history();
        const double editTime = old.edits.front().time;
        const auto column = telemetry::Column::of(telemetry::WheelChannel::Jounce, 0);
        double differs = 0.0;
        for (std::size_t i = 0; i < live.size(); ++i) {
            const std::size_t j = ref.nearest(live.at(i).time());
            differs = std::max(differs, std::fabs(float(live.at(i).value(column)) - ref.value(j, column)));
        }
        QVERIFY2(differs > 1e-3, qPrintable(QString("%1 live %2 [%3, %4] ref %5 [%6, %7] edit %8 jounce %9 %10").arg(differs).arg(live.size()).arg(live.startTime()).arg(live.endTime()).arg(ref.size()).arg(ref.time(0)).arg(ref.time(ref.size()-1)).arg(editTime).arg(live.at(100).value(column)).arg(ref.value(100, column))));
        QVERIFY2(std::fabs(editTime - markerTime) < 0.1, qPrintable(QString("%1 %2").arg(editTime).arg(markerTime)));

        // A difference chart of jounce: live minus the reference.
        w->telemetry().addDifferenceChart("jounce");
        w->telemetry().refresh();
        QVERIFY(w->telemetry().charts().back()->spec().difference);
        QVERIFY(w->telemetry().charts().back()->pointCount() > 50);
    }

    void runsSaveOpenAndRefuseHostileFiles()
    {
        std::unique_ptr<gui::MainWindow> w(openWorkbench());
        driveFor(*w, 2.0);
        w->simulation().reset();  // ends the run
        QVERIFY(QTest::qWaitFor([&] { return !w->simulation().runs().recent().empty(); }, 5000));
        const std::shared_ptr<const sim::RunLog> run = w->simulation().runs().recent().back();
        QTemporaryDir dir;
        const QString path = dir.filePath("lap.jrun");
        QCOMPARE(w->saveRunFile(*run, path), QString());

        std::unique_ptr<gui::MainWindow> again(openWorkbench());  // "tomorrow"
        QVERIFY(again->openRunFile(path));
        const auto& refs = again->simulation().runs().references();
        QCOMPARE(refs.size(), std::size_t(1));
        QVERIFY(sim::runFileBytes(*refs.front().run) == sim::runFileBytes(*run));
        // Replayed against another preset.
        QVERIFY(again->openVehicle(kPresets + "/sports-car.json"));
        QVERIFY(again->replayReference());
        QVERIFY(QTest::qWaitFor([&] { return again->simulation().status().replayFinished; }, 30000));

        // Hostile: a truncated run file is refused in a box; nothing else changes.
        QFile whole(path);
        QVERIFY(whole.open(QIODevice::ReadOnly));
        const QByteArray bytes = whole.readAll();
        QFile cut(dir.filePath("cut.jrun"));
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(bytes.left(bytes.size() / 2));
        cut.close();
        QVERIFY(!again->openRunFile(cut.fileName()));
        auto* box = again->findChild<QMessageBox*>(QStringLiteral("runFileErrorBox"));
        QVERIFY(box);
        QVERIFY2(box->text().contains("truncated"), qPrintable(box->text()));
        QCOMPARE(again->simulation().runs().references().size(), std::size_t(1));

        // Any recent run can be pinned from its menu.
        auto* pinMenu = again->findChild<QMenu*>(QStringLiteral("pinRecentRunMenu"));
        QVERIFY(pinMenu);
        emit pinMenu->aboutToShow();
        QCOMPARE(pinMenu->actions().size(), qsizetype(again->simulation().runs().recent().size()));
        pinMenu->actions().back()->trigger();  // the oldest
        QVERIFY(again->simulation().runs().references().front().run == again->simulation().runs().recent().front());

        // A telemetry CSV is a reference too; four references at most.
        const QString csv = dir.filePath("lap.csv");
        QCOMPARE(again->telemetry().exportCsv(csv), QString());
        QVERIFY(again->openRunFile(csv));
        QVERIFY(!again->simulation().runs().references().front().run->replayable());
        for (int i = 0; i < 4; ++i)
            QVERIFY(again->openRunFile(path));
        QCOMPARE(again->simulation().runs().references().size(), std::size_t(4));
        QCOMPARE(again->telemetry().references().size(), std::size_t(4));
    }

    void lockstepTwinsDrawIdenticalTraces()
    {
        std::unique_ptr<gui::MainWindow> w(openWorkbench());
        QVERIFY(w->startLockstep(kPresets + "/physx-snippet-4w.json"));
        QVERIFY(QTest::qWaitFor([&] { return w->simulation().status().lockstep; }, 10000));
        settleAtStart(*w);
        driveFor(*w, 4.0);
        QTest::qWait(100);
        const auto& refs = w->simulation().runs().references();
        QCOMPARE(refs.size(), std::size_t(1));
        QVERIFY(refs.front().name.startsWith("B: "));
        const sim::TelemetryTrack& b = refs.front().run->telemetry;
        const widgets::TelemetryHistory& a = w->telemetry().history();
        QVERIFY2(b.size() > 200, qPrintable(QString("%1 partner frames, %2 live, lockstep %3 %4").arg(b.size()).arg(a.size()).arg(w->simulation().status().lockstep).arg(QString::fromStdString(w->simulation().status().partnerFailure))));
        std::size_t k = 0;
        while (k < b.size() && k < a.size() && b.time(k) == a.at(k).time())
            ++k;
        QVERIFY2(b.size() == a.size(), qPrintable(QString("b %1 [%2, %3] a %4 [%5, %6] first diff %7: %8 %9 %10").arg(b.size()).arg(b.time(0)).arg(b.time(b.size() - 1)).arg(a.size()).arg(a.startTime()).arg(a.endTime()).arg(k).arg(b.time(k)).arg(a.at(k).time()).arg(a.at(k+1).time())));
        const auto speed = telemetry::Column::of(telemetry::VehicleChannel::ForwardSpeed);
        const auto jounce = telemetry::Column::of(telemetry::WheelChannel::Jounce, 2);
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(b.time(i), a.at(i).time());
            QCOMPARE(b.value(i, speed), double(float(a.at(i).value(speed))));
            QCOMPARE(b.value(i, jounce), double(float(a.at(i).value(jounce))));
        }
        QVERIFY(w->startLockstep(QString()));
        QVERIFY(QTest::qWaitFor([&] { return !w->simulation().status().lockstep; }, 5000));
    }

    void libraryMemoryStaysBounded()
    {
        // The references used to be left out of the bound: four of them, dropped from the eight
        // recent runs, stayed on top of it. Runs of one 4096-frame chunk each (1.4 MB), a bound of
        // three of them: the recent runs and the references together keep to it.
        const auto run = [](int i) {
            auto log = std::make_shared<sim::RunLog>();
            log->name = "run " + std::to_string(i);
            log->telemetry.append(telemetry::Frame{});
            return std::shared_ptr<const sim::RunLog>(std::move(log));
        };
        const std::size_t one = run(0)->memoryBytes();
        // What the library holds, each run once, from what it shows.
        const auto held = [](const gui::RunLibrary& l) {
            std::set<const sim::RunLog*> runs;
            for (const auto& r : l.recent())
                runs.insert(r.get());
            for (const widgets::ReferenceRun& r : l.references())
                runs.insert(r.run.get());
            std::size_t bytes = 0;
            for (const sim::RunLog* r : runs)
                bytes += r->memoryBytes();
            return bytes;
        };
        gui::RunLibrary library;
        library.setMaxBytes(3 * one);
        for (int i = 0; i < 4; ++i) {
            library.add(run(i));
            library.pin(library.recent().back());
        }
        for (int i = 4; i < 14; ++i)
            library.add(run(i));
        QVERIFY2(held(library) <= 3 * one, qPrintable(QString::number(double(held(library)) / double(one))));
        QCOMPARE(library.heldBytes(), held(library));
        // The newest run and the newest reference stay.
        QCOMPARE(QString::fromStdString(library.recent().back()->name), QString("run 13"));
        QCOMPARE(library.references().front().name, QString("run 3"));
        // Past the bound, the newest run and the first reference alone.
        library.setMaxBytes(1);
        library.add(run(14));
        QCOMPARE(held(library), 2 * one);
        QCOMPARE(library.references().size(), std::size_t(1));
    }
};

QTEST_MAIN(TestRuns)
#include "test_runs.moc"
