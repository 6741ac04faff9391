// Recorded runs and replay (docs/architecture.md "Runs and replay", docs/run-files.md): a replay
// of the same inputs with the same vehicle is bit-identical to the run, an edit changes it while
// the recorded run keeps the old telemetry, run files round-trip byte for byte and refuse hostile
// bytes with a message, lockstep twins stay identical, and the recording stays bounded.

#include "config/ReferenceCar.h"
#include "run/RunFile.h"
#include "run/RunFileFormat.h"
#include "run/RunFileUpgrade.h"
#include "run/RunLogger.h"
#include "run/RunRecorder.h"
#include "run/SimulationRunner.h"
#include "run/TelemetryCsvReader.h"
#include "compare/EditDescription.h"
#include "telemetry/CsvWriter.h"
#include "vehicle/TireLoad.h"
#include "world/TerrainGround.h"
#include "world/TerrainJson.h"

#include <QtTest>

#include <chrono>
#include <cstdio>
#include <random>
#include <thread>

using namespace jounce;
using namespace jounce::sim;

namespace {

std::shared_ptr<const Terrain> provingGround()
{
    static std::shared_ptr<const Terrain> terrain = [] {
        TerrainDocument doc = loadTerrain(std::string(JOUNCE_SOURCE_DIR) + "/presets/terrains/proving-ground.json");
        if (!doc.ok())
            qFatal("cannot read the proving ground");
        return std::make_shared<const Terrain>(std::move(doc.terrain));
    }();
    return terrain;
}

/// A keyboard lap of sorts: throttle, a gear request, steering both ways over the bumps, braking.
ManualInput scriptedInput(int step)
{
    ManualInput in;
    in.keys.accel = step < 600 || (step > 900 && step < 1300);
    in.keys.steerLeft = step > 300 && step < 420;
    in.keys.steerRight = step > 700 && step < 800;
    in.keys.brake = step >= 600 && step < 700;
    in.keys.handbrake = step >= 1300 && step < 1340;
    if (step == 20)
        in.autoBox = false;
    if (step == 40)
        in.forceGear = 1;
    in.gearUp = step >= 200 && step < 203;
    if (step == 850)
        in.autoBox = true;
    return in;
}

constexpr int kSteps = 1500;

std::string csvOf(const std::vector<telemetry::Frame>& frames) { return telemetry::toCsv(frames); }

struct Driven {
    std::shared_ptr<RunLog> log;
    std::vector<telemetry::Frame> frames;  ///< full precision, for bit comparisons
};

SpawnPose bumpsStart()
{
    const TerrainStart* s = provingGround()->findStart("bumps");
    if (!s)
        qFatal("the proving ground has no \"bumps\" start");
    return SpawnPose{s->x, s->y, s->heading};
}

/// The scripted drive, recorded.
Driven driveScripted(std::shared_ptr<const VehicleConfig> car)
{
    Simulation sim(makeGround(provingGround()), std::move(car), bumpsStart());
    RunRecorder recorder(sim);
    RunLogger logger;
    Driven out;
    StepCallback frames([&](const StepRecord& s) { out.frames.push_back(s.frame); });
    recorder.addObserver(logger);
    recorder.addObserver(frames);
    RunLog log;
    log.name = "scripted";
    log.vehicle = std::make_shared<const VehicleConfig>(sim.config());
    log.start = sim.runStartPose();
    log.terrain = {"proving-ground", "presets/terrains/proving-ground.json"};
    logger.begin(std::move(log));
    for (int i = 0; i < kSteps; ++i) {
        sim.setManualInput(scriptedInput(i));
        recorder.step();
        if (i == 500)
            logger.edit(sim.time(), "wheels[0..1].suspension.springStrength 35000 → 70000");
    }
    out.log = logger.finish();
    return out;
}

Driven replay(const RunLog& run, std::shared_ptr<const VehicleConfig> car)
{
    Simulation sim(makeGround(provingGround()), std::move(car), SpawnPose{});
    RunRecorder recorder(sim);
    Driven out;
    StepCallback frames([&](const StepRecord& s) { out.frames.push_back(s.frame); });
    RunLogger logger;
    recorder.addObserver(frames);
    recorder.addObserver(logger);
    auto inputs = std::make_shared<const InputTrack>(run.inputs);
    recorder.startReplay(inputs, run.start);
    RunLog log;
    log.vehicle = std::make_shared<const VehicleConfig>(sim.config());
    logger.begin(std::move(log));
    recorder.runReplay();
    out.log = logger.finish();
    return out;
}

std::shared_ptr<const VehicleConfig> referenceCarPtr() { return std::make_shared<const VehicleConfig>(referenceCar()); }

std::vector<float> floatsOf(const TelemetryTrack& t)
{
    std::vector<float> v(t.size() * t.valuesPerFrame());
    for (std::size_t i = 0; i < t.size(); ++i)
        t.wholeValues(i, v.data() + i * t.valuesPerFrame());
    return v;
}


/// The run file as Jounce wrote it at an older schema version: without the wheel channels added
/// since (rawTireLoad in 2; lowSpeedBlend and wheelAngle in 3), and at version 1 with tireLoad /
/// normTireLoad holding the raw load and its normalised value.
std::string asVersion(const RunLog& run, int version)
{
    const std::string bytes = runFileBytes(run);
    const std::size_t newline = bytes.find('\n');
    const std::size_t headerBytes = std::stoul(bytes.substr(runfile::kMagic.size(), newline));
    nlohmann::json header = nlohmann::json::parse(bytes.substr(newline + 1, headerBytes));
    header["schemaVersion"] = version;
    header["telemetry"]["wheelChannels"] = runfile::wheelChannelIdsOfVersion(version);
    std::vector<bool> kept;
    for (int k = 0; k < telemetry::kWheelChannelCount; ++k) {
        const std::vector<std::string> ids = header["telemetry"]["wheelChannels"];
        kept.push_back(std::find(ids.begin(), ids.end(), telemetry::info(telemetry::WheelChannel(k)).id) != ids.end());
    }
    std::string out = header.dump();
    out = std::string(runfile::kMagic) + std::to_string(out.size()) + "\n" + out;
    const std::size_t inputs = run.inputs.changeCount() * 48;
    out += bytes.substr(newline + 1 + headerBytes, inputs + run.telemetry.size() * 8);
    std::vector<float> values(run.telemetry.valuesPerFrame());
    for (std::size_t i = 0; i < run.telemetry.size(); ++i) {
        run.telemetry.wholeValues(i, values.data());
        const float* v = values.data();
        const auto put = [&](float f) { runfile::putLittle(out, f); };
        for (int k = 0; k < telemetry::kVehicleChannelCount; ++k)
            put(v[k]);
        for (int w = 0; w < run.telemetry.wheelCount(); ++w) {
            const float* wheel = v + telemetry::kVehicleChannelCount + w * telemetry::kWheelChannelCount;
            const VehicleConfig& c = *run.vehicle;
            const double rest = tireRestLoad(c.wheels[std::size_t(w)].suspension.sprungMass,
                                             c.wheels[std::size_t(w)].wheel.mass, kGravity);
            for (int k = 0; k < telemetry::kWheelChannelCount; ++k) {
                const auto channel = telemetry::WheelChannel(k);
                if (!kept[std::size_t(k)])
                    continue;
                const float raw = wheel[int(telemetry::WheelChannel::RawTireLoad)];
                const bool v1 = version == 1;
                put(v1 && channel == telemetry::WheelChannel::TireLoad       ? raw
                    : v1 && channel == telemetry::WheelChannel::NormTireLoad ? float(raw / rest)
                                                                             : wheel[k]);
            }
        }
    }
    return out;
}

}  // namespace

class TestReplay : public QObject {
    Q_OBJECT
private slots:
    void inputsAreRecordedAsChanges()
    {
        const Driven run = driveScripted(referenceCarPtr());
        QCOMPARE(run.log->inputs.steps(), std::uint64_t(kSteps));
        QCOMPARE(run.log->telemetry.size(), std::size_t(kSteps));
        QVERIFY2(run.log->inputs.changeCount() < 40, "a keyboard drive changes its input a few times, not every step");
        for (int i = 0; i < kSteps; ++i)
            QVERIFY(sameInput(run.log->inputs.at(std::uint64_t(i)), scriptedInput(i)));
    }

    void replayIsBitIdentical()
    {
        const Driven run = driveScripted(referenceCarPtr());
        const Driven first = replay(*run.log, referenceCarPtr());
        const Driven second = replay(*run.log, referenceCarPtr());
        QCOMPARE(first.frames.size(), run.frames.size());
        const std::string original = csvOf(run.frames);
        QVERIFY(csvOf(first.frames) == original);
        QVERIFY(csvOf(second.frames) == original);
        // The replay's own recording replays the same again.
        QVERIFY(sameInput(first.log->inputs.at(1234), run.log->inputs.at(1234)));
        QCOMPARE(first.log->inputs.changeCount(), run.log->inputs.changeCount());
    }

    void editChangesReplayAndReferenceKeepsOld()
    {
        const Driven run = driveScripted(referenceCarPtr());
        const std::vector<float> before = floatsOf(run.log->telemetry);
        VehicleConfig stiff = referenceCar();
        stiff.wheels[0].suspension.springStrength *= 2.0;
        stiff.wheels[1].suspension.springStrength *= 2.0;
        const Driven edited = replay(*run.log, std::make_shared<const VehicleConfig>(stiff));
        QCOMPARE(edited.frames.size(), run.frames.size());
        QVERIFY(csvOf(edited.frames) != csvOf(run.frames));
        // Stiffer front springs: less front jounce travel over the bumps.
        double maxBefore = 0.0, maxAfter = 0.0;
        for (std::size_t i = 0; i < run.frames.size(); ++i) {
            maxBefore = std::max(maxBefore, run.frames[i].wheel(telemetry::WheelChannel::Jounce, 0));
            maxAfter = std::max(maxAfter, edited.frames[i].wheel(telemetry::WheelChannel::Jounce, 0));
        }
        QVERIFY2(maxAfter < maxBefore, qPrintable(QString("%1 >= %2").arg(maxAfter).arg(maxBefore)));
        QVERIFY(floatsOf(run.log->telemetry) == before);
        QCOMPARE(run.log->edits.size(), std::size_t(1));
    }

    void runFileRoundTripIsByteIdentical()
    {
        const Driven run = driveScripted(referenceCarPtr());
        run.log->figures.push_back(RunFigure{"maxLatAccel", "max lateral acceleration", "m/s²", 7.25, "note"});
        run.log->figures.push_back(RunFigure{"coneHit", "any cone hit", "", std::nullopt, "n/a"});
        run.log->events.push_back(RunEvent{1.5, "reset"});
        const std::string bytes = runFileBytes(*run.log);
        const RunFileDocument doc = parseRunFile(bytes);
        QVERIFY2(doc.ok(), doc.problems.items.empty() ? "" : doc.problems.items.front().toString().c_str());
        QVERIFY(runFileBytes(*doc.run) == bytes);
        QCOMPARE(doc.run->inputs.changeCount(), run.log->inputs.changeCount());
        QVERIFY(floatsOf(doc.run->telemetry) == floatsOf(run.log->telemetry));
        QCOMPARE(doc.run->telemetry.distance(kSteps - 1), run.log->telemetry.distance(kSteps - 1));
        QCOMPARE(doc.run->edits.front().text, run.log->edits.front().text);
        QCOMPARE(doc.run->figures.size(), std::size_t(2));
        QVERIFY(!doc.run->figures[1].value);
        // A replay from the file is the replay from memory.
        QVERIFY(csvOf(replay(*doc.run, referenceCarPtr()).frames) == csvOf(run.frames));

        const QString path = QDir::temp().filePath("jounce-test-run.jrun");
        QCOMPARE(QString::fromStdString(saveRunFile(path.toStdString(), *run.log)), QString());
        const RunFileDocument loaded = loadRunFile(path.toStdString());
        QVERIFY(loaded.ok());
        QVERIFY(runFileBytes(*loaded.run) == bytes);
        QFile::remove(path);
    }

    void hostileRunFilesAreRefusedWithAMessage()
    {
        const Driven run = driveScripted(referenceCarPtr());
        const std::string bytes = runFileBytes(*run.log);
        // Every truncation is an error that says so, never a crash.
        for (std::size_t cut = 0; cut < bytes.size(); cut += 1 + cut / 7) {
            const RunFileDocument doc = parseRunFile(std::string_view(bytes).substr(0, cut));
            QVERIFY2(!doc.ok() && doc.problems.hasErrors(), qPrintable(QString("cut at %1").arg(cut)));
        }
        const auto expectError = [](const std::string& text, const char* needle) {
            const RunFileDocument doc = parseRunFile(text);
            QVERIFY(!doc.ok());
            bool found = false;
            for (const Problem& p : doc.problems.items)
                found = found || p.toString().find(needle) != std::string::npos;
            QVERIFY2(found, qPrintable(QString("no problem mentions '%1'; first: %2")
                                          .arg(needle, QString::fromStdString(doc.problems.items.front().toString()))));
        };
        expectError("", "not a Jounce run file");
        expectError("jounce.run 99999999999\n{}", "header's length");
        expectError(bytes + "x", "damaged");
        std::string header = bytes;
        header.replace(header.find("\"schemaVersion\": 1"), 18, "\"schemaVersion\": 9");
        expectError(header, "newer Jounce");
        // Found by fuzz_runfile: a header without its schemaVersion was read on and crashed.
        for (const auto& [bad, why] : {std::pair{"\"schemaVersioX\": 1", "missing (required)"},
                                       std::pair{"\"schemaVersion\": 0", "must be >= 1"}}) {
            std::string h = bytes;
            h.replace(h.find("\"schemaVersion\": 1"), 18, bad);
            expectError(h, why);
        }
        std::string vehicle = bytes;
        const std::size_t mass = vehicle.find("\"mass\": ");
        vehicle.replace(mass, 8, "\"mass\":-");
        expectError(vehicle, "/vehicle/chassis/mass");
        const std::size_t body = bytes.size() - run.log->telemetry.size() * (8 + 4 * run.log->telemetry.valuesPerFrame()) -
                                 run.log->inputs.changeCount() * kInputRecordBytes;
        std::string mode = bytes;
        mode[body + 8] = 9;
        expectError(mode, "unknown mode");
        std::string order = bytes;
        order[body + kInputRecordBytes] = 0;  // the second change at step 0 again
        expectError(order, "out of order");
        std::string pad = bytes;
        const double two = 2.0;
        std::memcpy(&pad[body + 16], &two, 8);
        expectError(pad, "outside [0, 1]");
        std::string time = bytes;
        const double nan = std::nan("");
        std::memcpy(&time[body + run.log->inputs.changeCount() * kInputRecordBytes + 8], &nan, 8);
        expectError(time, "not finite");
        // Random damage anywhere: a clean answer every time.
        std::mt19937 random(7);
        for (int k = 0; k < 300; ++k) {
            std::string damaged = bytes;
            for (int flips = 0; flips < 4; ++flips)
                damaged[random() % damaged.size()] = static_cast<char>(random());
            const RunFileDocument doc = parseRunFile(damaged);
            QVERIFY(doc.ok() || doc.problems.hasErrors());
        }
    }

    void telemetryCsvOpensAsAReference()
    {
        const Driven run = driveScripted(referenceCarPtr());
        const TelemetryCsvDocument doc = parseTelemetryCsv(csvOf(run.frames), "lap.csv");
        QVERIFY(doc.ok());
        QCOMPARE(doc.run->telemetry.size(), run.frames.size());
        QCOMPARE(doc.run->telemetry.wheelCount(), 4);
        QVERIFY(!doc.run->replayable());
        QVERIFY(floatsOf(doc.run->telemetry) == floatsOf(run.log->telemetry));
        QCOMPARE(doc.run->telemetry.time(100), run.frames[100].time());
        const auto error = [](const char* text) {
            const TelemetryCsvDocument d = parseTelemetryCsv(text, "x.csv");
            return d.ok() ? std::string() : d.problems.items.back().toString();
        };
        QVERIFY(error("").find("empty") != std::string::npos);
        QVERIFY(error("speed,rpm\n1,2\n").find("no \"time\" column") != std::string::npos);
        QVERIFY(error("time,jounce[FL]\ns,m\n0,0.1\n0.1,abc\n").find("line 4, column 2") != std::string::npos);
        QVERIFY(error("time,jounce[FL]\n0,0.1,3\n").find("3 cells") != std::string::npos);
        QVERIFY(error("time,jounce[FL]\n1,0.1\n0.5,0.1\n").find("goes back") != std::string::npos);
        QVERIFY(error("time,jounce[W19],colour\n0,0.1,red\n") .empty() == false);
        QVERIFY(parseTelemetryCsv("time,jounce[W19],colour\n0,0.1,3\n", "x").ok());  // an unknown column is a warning
    }

    void editsAreDescribedInOneLine()
    {
        VehicleConfig before = referenceCar();
        VehicleConfig after = before;
        after.wheels[0].suspension.springStrength = 70000;
        after.wheels[1].suspension.springStrength = 70000;
        QCOMPARE(QString::fromStdString(compare::describeEdit(before, after)),
                 QString("wheels[0..1].suspension.springStrength 35000 → 70000"));
        after.chassis.mass = 1600;
        after.wheels[3].wheel.radius = 0.4;
        const std::string both = compare::describeEdit(before, after);
        QVERIFY2(both.find("chassis.mass 1500 → 1600") != std::string::npos, both.c_str());
        QVERIFY2(both.find("wheels[3].wheel.radius") != std::string::npos, both.c_str());
        QCOMPARE(compare::describeEdit(before, before), std::string());
    }

    void runnerReplaysTheDriveBitIdentical()
    {
        SimulationRunner runner(referenceCarPtr(), provingGround(), true);
        runner.setRealTime(false);
        runner.setStartPose(bumpsStart());
        const auto stepTo = [&](std::uint64_t steps) {
            for (int spin = 0; spin < 20000 && runner.status().steps < steps; ++spin)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            QCOMPARE(runner.status().steps, steps);
        };
        for (int i = 0; i < 400; ++i) {
            runner.setManualInput(scriptedInput(i));
            runner.stepOnce();
        }
        stepTo(400);
        runner.replay();  // the run being recorded: it is finished and replayed
        for (int spin = 0; spin < 20000 && !runner.status().replayFinished; ++spin)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        QVERIFY(runner.status().replayFinished);
        QVERIFY(runner.status().paused);  // it stops where the replayed run ended
        runner.reset();
        for (int spin = 0; spin < 2000 && runner.status().runsFinished < 2; ++spin)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        const std::vector<std::shared_ptr<const RunLog>> runs = runner.takeFinishedRuns();
        QCOMPARE(runs.size(), std::size_t(2));
        QCOMPARE(runs[0]->telemetry.size(), std::size_t(400));
        QCOMPARE(QString::fromStdString(runs[1]->name), "Replay of " + QString::fromStdString(runs[0]->name));
        QVERIFY(floatsOf(runs[1]->telemetry) == floatsOf(runs[0]->telemetry));
        QCOMPARE(runs[1]->start.x, bumpsStart().x);
    }

    void lockstepTwinsStayIdentical()
    {
        SimulationRunner runner(referenceCarPtr(), provingGround(), true);
        runner.setRealTime(false);
        runner.setPartner(referenceCarPtr());
        for (int i = 0; i < 600; ++i) {
            runner.setManualInput(scriptedInput(i));
            runner.stepOnce();
        }
        for (int spin = 0; spin < 20000 && runner.status().steps < 600; ++spin)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        QVERIFY(runner.status().lockstep);
        std::vector<telemetry::Frame> a, b;
        runner.telemetry().drain(a);
        runner.partnerTelemetry().drain(b);
        QCOMPARE(a.size(), std::size_t(600));
        QCOMPARE(b.size(), a.size());
        QVERIFY(csvOf(a) == csvOf(b));
        QVERIFY(a.back().vehicle(telemetry::VehicleChannel::ForwardSpeed) > 5.0);
        runner.reset();
        for (int spin = 0; spin < 2000 && runner.status().runsFinished < 2; ++spin)
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        const auto runs = runner.takeFinishedRuns();
        QCOMPARE(runs.size(), std::size_t(2));  // A and B
        QVERIFY(floatsOf(runs[0]->telemetry) == floatsOf(runs[1]->telemetry));
        QCOMPARE(QString::fromStdString(runs[1]->source), QString("lockstep B"));
    }

    void recordingStaysBounded()
    {
        // A keyboard drive past a 4 MiB bound (two blocks of 4096 frames): inputs and telemetry stop
        // together and the run goes on.
        Simulation sim(makeGround(nullptr), referenceCarPtr(), SpawnPose{});
        RunRecorder recorder(sim);
        RunLogger logger;
        logger.setMaxBytes(std::size_t(4) << 20);
        recorder.addObserver(logger);
        RunLog log;
        log.vehicle = referenceCarPtr();
        logger.begin(std::move(log));
        for (int i = 0; i < 20000; ++i) {
            sim.setManualInput(scriptedInput(i % kSteps));
            recorder.step();
        }
        const RunLog& run = *logger.current();
        QVERIFY(!run.truncated);
        QCOMPARE(run.inputs.steps(), std::uint64_t(2 * 4096));
        QCOMPARE(run.inputs.steps() + run.droppedSteps, std::uint64_t(20000));
        QCOMPARE(std::uint64_t(run.telemetry.size()), run.inputs.steps());
        QVERIFY(run.memoryBytes() <= (std::size_t(4) << 20));
    }

    void filteredTireLoadIsNeverNegative()
    {
        // PhysX's eTIRELOAD is the filtered load (vehicle-model §2.6): at least the filter's lowest
        // value times the rest load while the wheel touches, 0 in the air, even where the raw load
        // entering the filter pulls (negative) over a crest.
        const Driven run = driveScripted(referenceCarPtr());
        const VehicleConfig car = referenceCar();
        const TireLoadFilterData& f = car.tireLoadFilter;
        double minRaw = 0.0;
        int linearFrames = 0;
        for (const telemetry::Frame& fr : run.frames)
            for (int w = 0; w < 4; ++w) {
                using telemetry::WheelChannel;
                const double load = fr.wheel(WheelChannel::TireLoad, w), raw = fr.wheel(WheelChannel::RawTireLoad, w);
                const double rest = tireRestLoad(car.wheels[std::size_t(w)].suspension.sprungMass,
                                                 car.wheels[std::size_t(w)].wheel.mass, kGravity);
                QVERIFY2(load >= 0.0 && fr.wheel(WheelChannel::NormTireLoad, w) >= 0.0, qPrintable(QString::number(load)));
                minRaw = std::min(minRaw, raw);
                if (fr.wheel(WheelChannel::InAir, w) > 0.5) {
                    QCOMPARE(load, 0.0);
                    continue;
                }
                QVERIFY(load >= f.minFilteredNormalisedLoad * rest * (1.0 - 1e-9));
                // Where the filter is linear over the whole step, the average of the filtered sub-step
                // loads is the filter of the average raw load.
                const double l = raw / rest;
                if (l > 0.2 && l < 2.8) {
                    ++linearFrames;
                    QVERIFY(std::fabs(load / rest - filterNormalisedLoad(f, l)) < 1e-9);
                }
            }
        QVERIFY(linearFrames > 1000);
        QVERIFY(minRaw < 0.0);  // the bumps make the raw load pull: the case the filter matters for
        std::printf("lowest raw tire load over the bumps: %.0f N\n", minRaw);
    }

    void version1RunFilesReadWithTheFilteredLoad()
    {
        // A file from before rawTireLoad: its raw tireLoad becomes rawTireLoad and the filtered
        // load is recomputed through the run vehicle's filter (docs/run-files.md "Versions").
        const Driven run = driveScripted(referenceCarPtr());
        const RunFileDocument doc = parseRunFile(asVersion(*run.log, 1));
        QVERIFY2(doc.ok(), doc.problems.items.empty() ? "" : doc.problems.items.front().toString().c_str());
        const TelemetryTrack& now = run.log->telemetry;
        const TelemetryTrack& old = doc.run->telemetry;
        QCOMPARE(old.size(), now.size());
        int close = 0;
        for (std::size_t i = 0; i < now.size(); ++i)
            for (int w = 0; w < 4; ++w) {
                using telemetry::Column;
                using telemetry::WheelChannel;
                const Column load = Column::of(WheelChannel::TireLoad, w), raw = Column::of(WheelChannel::RawTireLoad, w);
                QCOMPARE(old.value(i, raw), now.value(i, raw));
                QCOMPARE(old.value(i, Column::of(WheelChannel::Jounce, w)), now.value(i, Column::of(WheelChannel::Jounce, w)));
                close += std::fabs(old.value(i, load) - now.value(i, load)) <= 1e-4 * std::max(1.0, now.value(i, load));
            }
        QVERIFY2(close >= int(now.size() * 4 * 99 / 100), qPrintable(QString::number(close)));
        // A damaged version-1 channel list is still refused.
        std::string bad = asVersion(*run.log, 1);
        bad.replace(bad.find("\"latSlip\""), 9, "\"latSlap\"");
        QVERIFY(!parseRunFile(bad).ok());
    }

    void version2RunFilesGainTheBlendAndTheWheelAngle()
    {
        // A file from before lowSpeedBlend and wheelAngle: every other channel reads back bit for
        // bit; the reference car's PhysX tires have no low-speed regime (0) and the angle is rebuilt
        // from wheelOmega (docs/run-files.md "Versions").
        const Driven run = driveScripted(referenceCarPtr());
        const RunFileDocument doc = parseRunFile(asVersion(*run.log, 2));
        QVERIFY2(doc.ok(), doc.problems.items.empty() ? "" : doc.problems.items.front().toString().c_str());
        const TelemetryTrack& now = run.log->telemetry;
        const TelemetryTrack& old = doc.run->telemetry;
        QCOMPARE(old.size(), now.size());
        using telemetry::Column;
        using telemetry::WheelChannel;
        for (std::size_t i = 1; i < now.size(); ++i)
            for (int w = 0; w < 4; ++w) {
                for (int k = 0; k < telemetry::kWheelChannelCount; ++k) {
                    const auto c = WheelChannel(k);
                    if (c != WheelChannel::LowSpeedBlend && c != WheelChannel::WheelAngle)
                        QCOMPARE(old.value(i, Column::of(c, w)), now.value(i, Column::of(c, w)));
                }
                QCOMPARE(old.value(i, Column::of(WheelChannel::LowSpeedBlend, w)), 0.0);
                const double dt = old.time(i) - old.time(i - 1);
                const double turned = old.value(i, Column::of(WheelChannel::WheelAngle, w)) -
                                      old.value(i - 1, Column::of(WheelChannel::WheelAngle, w));
                const double expected = old.value(i, Column::of(WheelChannel::WheelOmega, w)) * dt;
                QVERIFY2(std::fabs(std::remainder(turned - expected, 2.0 * kPi)) < 1e-4,
                         qPrintable(QString("frame %1 wheel %2: turned %3, ω·dt %4").arg(i).arg(w).arg(turned).arg(expected)));
            }
        // A version-2 list with today's channels is refused: the layouts differ.
        std::string bad = asVersion(*run.log, 2);
        bad.replace(bad.find("\"schemaVersion\":2"), 17, "\"schemaVersion\":3");
        QVERIFY(!parseRunFile(bad).ok());
    }

    void anHourOfDrivingFitsTheStatedMemory()
    {
        // One hour of the reference car at 60 Hz, driven round and round: the figure the README
        // states per hour of recorded driving.
        Simulation sim(makeGround(nullptr), referenceCarPtr(), SpawnPose{});
        RunRecorder recorder(sim);
        RunLogger logger;
        recorder.addObserver(logger);
        RunLog log;
        log.vehicle = referenceCarPtr();
        logger.begin(std::move(log));
        const int steps = 60 * 3600;
        for (int i = 0; i < steps; ++i) {
            ManualInput in;
            in.keys.accel = (i / 600) % 3 != 2;
            in.keys.brake = (i / 600) % 3 == 2;
            in.keys.steerLeft = (i / 300) % 4 == 1;
            sim.setManualInput(in);
            recorder.step();
        }
        const RunLog& run = *logger.current();
        QVERIFY(!run.truncated);
        QCOMPARE(run.telemetry.size(), std::size_t(steps));
        const double megabytes = double(run.memoryBytes()) / 1e6;
        std::printf("recorded run memory: %.1f MB per hour (4 wheels, 60 Hz), inputs %.1f kB, file %.1f MB\n", megabytes,
                    double(run.inputs.memoryBytes()) / 1e3, double(runFileBytes(run).size()) / 1e6);
        QVERIFY2(megabytes < 88.0, qPrintable(QString::number(megabytes)));
    }
};

QTEST_GUILESS_MAIN(TestReplay)
#include "test_replay.moc"
