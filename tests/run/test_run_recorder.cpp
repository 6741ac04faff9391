// The run recorder: every observer sees every step once, a maneuver run is announced at its start
// and its end, cancel stops before the next step, and the figures it computes are those of the
// frames it handed out.

#include "config/ReferenceCar.h"
#include "run/RunRecorder.h"
#include "world/TerrainGround.h"
#include "analysis/FigureRecorder.h"
#include "scenario/ManeuverJson.h"
#include "support/NearAssert.h"

#include <QtTest>

#include <cstdio>

#include <unistd.h>

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

/// The resident set size of this process now, kB.
long residentKilobytes()
{
    long pages = 0, resident = 0;
    if (FILE* f = std::fopen("/proc/self/statm", "r")) {
        if (std::fscanf(f, "%ld %ld", &pages, &resident) != 2)
            resident = 0;
        std::fclose(f);
    }
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/// One phase of doing nothing for `seconds`.
Maneuver idleManeuver(double seconds)
{
    Maneuver idle;
    idle.name = "idle";
    ManeuverPhase phase;
    phase.name = "idle";
    phase.until.duration = seconds;
    idle.phases.push_back(phase);
    return idle;
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
        const std::vector<FigureSample> samples = figureSamples(counter.frames);
        FigureInput input;
        input.frames = samples;
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

    void aVehicleThatBlowsUpAtRestStopsTheRunWithAReason()
    {
        // A wheel radius in millimetres (316 m): the vehicle blows up on every step, even right after
        // being reset to the start at rest. The run must end, not spin on resets.
        auto broken = std::make_shared<VehicleConfig>(referenceCar());
        broken->wheels[1].wheel.radius = 316.0;
        Simulation sim(makeGround(nullptr), broken, startPose(nullptr));
        RunRecorder recorder(sim);
        CountingObserver counter;
        recorder.addObserver(counter);
        const Maneuver idle = idleManeuver(2.0);
        recorder.startManeuver(idle);
        QVERIFY(recorder.runManeuver());
        QCOMPARE(sim.resetCount(), Simulation::kMaxConsecutiveResets);
        QCOMPARE(recorder.steps(), std::uint64_t(Simulation::kMaxConsecutiveResets));
        QVERIFY(sim.failed());
        QVERIFY2(sim.failure().find("consecutive steps") != std::string::npos, sim.failure().c_str());
        QVERIFY(!sim.maneuverRunning());
        QCOMPARE(counter.ended, 1);
        QVERIFY(!counter.lastCompleted);
        QVERIFY(!sim.step());  // a failed run takes no more steps

        // A new configuration clears the failure: the run can go on.
        sim.setConfig(std::make_shared<const VehicleConfig>(referenceCar()));
        QVERIFY(!sim.failed());
        QVERIFY(sim.step());
    }

    void resetsAdvanceTheManeuverClock()
    {
        // Stiff springs on a light car: the state blows up now and then, not on every step. Every
        // step, reset or not, counts towards the maneuver's duration.
        auto wild = std::make_shared<VehicleConfig>(referenceCar());
        wild->chassis.mass = 4.0;
        wild->chassis.moi = {0.01, 0.01, 0.01};
        for (WheelConfig& w : wild->wheels) {
            w.suspension.sprungMass = 1.0;
            w.suspension.springStrength = 1e9;
            w.suspension.springDamperRate = 0.0;
        }
        Simulation sim(makeGround(nullptr), wild, startPose(nullptr));
        RunRecorder recorder(sim);
        const Maneuver idle = idleManeuver(5.0);
        recorder.startManeuver(idle);
        QVERIFY(recorder.runManeuver());
        QVERIFY(sim.resetCount() >= 1);
        QVERIFY(!sim.failed());
        QCOMPARE(recorder.steps(), std::uint64_t(300));
    }

    void figuresOfAnOverlongRunAreNotMeasuredButBounded()
    {
        const Maneuver accel = libraryManeuver("acceleration-0-100.json");
        const VehicleConfig car = referenceCar();
        FigureRecorder figures;
        const ManeuverRun run{accel, car, PlanarPose{}};
        figures.maneuverStarted(run);
        telemetry::Frame frame;
        frame.setWheelCount(4);
        for (std::size_t i = 0; i <= FigureRecorder::kMaxSamples; ++i) {
            frame.time() = double(i) / 60.0;
            figures.stepped(StepRecord{frame, 0, true, false});
        }
        figures.maneuverEnded(run);
        QVERIFY(!figures.figures().empty());
        for (const Figure& f : figures.figures()) {
            QVERIFY(!f.value);
            QVERIFY2(f.note.find("more than 500000 steps") != std::string::npos, f.note.c_str());
        }
    }

    void aLongMeasuredRunKeepsLittleMemory()
    {
        // Ten minutes of closed-loop circling, measured: the figures keep a ~100-byte sample per
        // step (6 MB for the 36 000 steps), not the 2.5 kB frame (90 MB).
        Maneuver circle = libraryManeuver("skidpad.json");
        ManeuverPhase lap = circle.phases.at(1);
        lap.name = "circle";
        lap.measure = Measure::Skidpad;
        lap.until = {};
        lap.until.duration = 600.0;
        circle.phases = {circle.phases.at(0), lap};
        Simulation sim(makeGround(nullptr), std::make_shared<const VehicleConfig>(referenceCar()), startPose(nullptr));
        RunRecorder recorder(sim);
        FigureRecorder figures;
        recorder.addObserver(figures);
        const long before = residentKilobytes();
        long peak = before;
        StepCallback sampler([&](const StepRecord&) {
            if (recorder.steps() % 1000 == 0)
                peak = std::max(peak, residentKilobytes());
        });
        recorder.addObserver(sampler);
        recorder.startManeuver(circle);
        QVERIFY(recorder.runManeuver());
        const long growth = peak - before;
        qInfo("10 min measured closed-loop run: %ld kB resident growth over %llu steps", growth,
              static_cast<unsigned long long>(recorder.steps()));
        QVERIFY2(growth < 20'000, qPrintable(QString::number(growth)));
        QCOMPARE(figures.runsEnded(), std::uint64_t(1));
    }

    void everyRunIsCappedAtTheStepBudget()
    {
        Simulation sim(makeGround(nullptr), std::make_shared<const VehicleConfig>(referenceCar()), startPose(nullptr));
        RunRecorder recorder(sim);
        const Maneuver idle = idleManeuver(1e12);
        recorder.startManeuver(idle, 1e12);
        JOUNCE_VERIFY_NEAR(sim.maneuver()->maxDuration(), RunRecorder::maxRunDuration(sim.timeStep()), 1e-6);
    }
};

QTEST_GUILESS_MAIN(TestRunRecorder)
#include "test_run_recorder.moc"
