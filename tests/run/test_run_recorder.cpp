// The run recorder: every observer sees every step once, a maneuver run is announced at its start
// and its end, cancel stops before the next step, and the figures it computes are those of the
// frames it handed out.

#include "config/ReferenceCar.h"
#include "run/RunRecorder.h"
#include "world/TerrainGround.h"
#include "analysis/FigureRecorder.h"
#include "scenario/ManeuverJson.h"

#include <QtTest>

using namespace jounce;
using namespace jounce::sim;

namespace {

struct CountingObserver final : RunObserver {
    int started = 0, ended = 0, steps = 0, maneuverSteps = 0;
    bool lastCompleted = false;
    std::vector<telemetry::Frame> frames;
    std::vector<int> phases;
    void maneuverStarted(const ManeuverRun&) override { ++started; }
    void stepped(const StepRecord& s) override
    {
        ++steps;
        if (s.inManeuver) {
            ++maneuverSteps;
            frames.push_back(s.frame);
            phases.push_back(s.phase);
        }
    }
    void maneuverEnded(const ManeuverRun& run) override
    {
        ++ended;
        lastCompleted = run.completed;
    }
};

Maneuver libraryManeuver(const char* name)
{
    ManeuverDocument doc = loadManeuver(std::string(JOUNCE_SOURCE_DIR) + "/presets/maneuvers/" + name);
    if (!doc.ok())
        qFatal("cannot read maneuver %s", name);
    return doc.maneuver;
}

}  // namespace

class TestRunRecorder : public QObject {
    Q_OBJECT
private slots:
    void observersSeeEveryStepAndTheRunsEnds()
    {
        Simulation sim(makeGround(nullptr), std::make_shared<const VehicleConfig>(referenceCar()), startPose(nullptr));
        RunRecorder recorder(sim);
        CountingObserver counter;
        FigureRecorder figures;
        recorder.addObserver(counter);
        recorder.addObserver(figures);

        // Free driving before the maneuver: steps, but no run.
        for (int i = 0; i < 10; ++i)
            recorder.step();
        QCOMPARE(counter.steps, 10);
        QCOMPARE(counter.maneuverSteps, 0);

        const Maneuver accel = libraryManeuver("acceleration-0-100.json");
        recorder.startManeuver(accel);
        QVERIFY(recorder.runManeuver());
        QCOMPARE(counter.started, 1);
        QCOMPARE(counter.ended, 1);
        QVERIFY(counter.lastCompleted);
        QCOMPARE(std::uint64_t(counter.steps), recorder.steps());
        QCOMPARE(figures.runsEnded(), std::uint64_t(1));

        // The recorder's figures are the figures of the frames the observers saw.
        FigureInput input;
        input.frames = counter.frames;
        input.maneuver = &accel;
        input.vehicle = &sim.config();
        const SpawnPose& s = sim.runStartPose();
        input.start = PlanarPose{s.x, s.y, s.heading};
        input.framePhase = counter.phases;
        const std::vector<Figure> expected = maneuverFigures(input);
        QVERIFY(!expected.empty());
        QCOMPARE(figures.figures().size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            QCOMPARE(figures.figures()[i].id, expected[i].id);
            QCOMPARE(figures.figures()[i].value, expected[i].value);
        }

        // After the end, steps are free driving again.
        recorder.step();
        QCOMPARE(counter.maneuverSteps, int(counter.frames.size()));
        QCOMPARE(counter.ended, 1);
    }

    void cancelStopsBeforeTheNextStep()
    {
        Simulation sim(makeGround(nullptr), std::make_shared<const VehicleConfig>(referenceCar()), startPose(nullptr));
        RunRecorder recorder(sim);
        CountingObserver counter;
        recorder.addObserver(counter);
        std::atomic<bool> cancel{false};
        ManeuverControl control;
        control.cancel = &cancel;
        std::vector<double> progress;
        control.progress = [&](double f) {
            progress.push_back(f);
            if (f >= 0.25)
                cancel = true;
        };
        recorder.startManeuver(libraryManeuver("skidpad.json"));
        QVERIFY(!recorder.runManeuver(control));
        QCOMPARE(counter.ended, 0);
        QVERIFY(sim.maneuverRunning());
        QVERIFY(!progress.empty());
        QVERIFY(progress.back() >= 0.25 && progress.back() < 0.35);
        for (std::size_t i = 1; i < progress.size(); ++i)
            QVERIFY(progress[i] >= progress[i - 1] + 0.05);  // at most every 1/20

        recorder.removeObserver(counter);
        const int seen = counter.steps;
        recorder.step();
        QCOMPARE(counter.steps, seen);
    }
};

QTEST_GUILESS_MAIN(TestRunRecorder)
#include "test_run_recorder.moc"
