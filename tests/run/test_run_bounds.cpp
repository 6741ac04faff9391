// The bounds of recorded runs and of the files that hold them (issue #35): a closed-loop run's
// recording stays within its bound however long the run, a run file's steps, frames and truncated
// flag agree, and a telemetry CSV takes memory in proportion to its size, refusing wheels that
// cannot be and columns given twice.

#include "config/ReferenceCar.h"
#include "run/RunFile.h"
#include "run/RunFileFormat.h"
#include "run/RunLogger.h"
#include "run/RunRecorder.h"
#include "run/TelemetryCsvReader.h"
#include "scenario/ManeuverJson.h"
#include "telemetry/CsvWriter.h"
#include "world/TerrainGround.h"

#include <QtTest>

#include <nlohmann/json.hpp>

#include <cstdio>
#include <functional>

using namespace jounce;
using namespace jounce::sim;

namespace {

std::shared_ptr<const VehicleConfig> referenceCarPtr() { return std::make_shared<const VehicleConfig>(referenceCar()); }

/// Round and round a 30 m circle at 8 m/s for a day: the path follower and the speed controller
/// change the input on every step.
Maneuver dayOnACircle()
{
    const ManeuverDocument doc = parseManeuver(R"({
      "format": "jounce.maneuver", "schemaVersion": 1, "name": "circle",
      "start": {"gear": 1, "autoBox": true, "position": [0, 0], "heading": 0},
      "smoothing": "raw",
      "phases": [{"name": "circle", "inputs": {}, "targetSpeed": {"speed": 8.0, "rate": 2.0},
                  "path": {"type": "circle", "frame": "start", "radius": 30.0, "direction": "left"},
                  "until": {"duration": 86400}}]})");
    if (!doc.ok())
        qFatal("the circle maneuver does not read: %s", doc.problems.items.front().toString().c_str());
    return doc.maneuver;
}

/// `steps` steps of the circle recorded with a bound of `maxBytes`.
std::shared_ptr<RunLog> recordCircle(int steps, std::size_t maxBytes)
{
    Simulation sim(makeGround(nullptr), referenceCarPtr(), SpawnPose{});
    RunRecorder recorder(sim);
    RunLogger logger;
    logger.setMaxBytes(maxBytes);
    recorder.addObserver(logger);
    recorder.startManeuver(dayOnACircle(), 86400.0);
    RunLog log;
    log.name = "circle";
    log.vehicle = referenceCarPtr();
    log.start = sim.runStartPose();
    logger.begin(std::move(log));
    for (int i = 0; i < steps; ++i)
        recorder.step();
    return logger.finish();
}

std::string firstProblem(const Problems& problems)
{
    return problems.items.empty() ? std::string() : problems.items.front().toString();
}

/// The run file with its JSON header changed by `edit` (the first line's length follows).
std::string withHeader(const std::string& bytes, const std::function<void(nlohmann::json&)>& edit)
{
    const std::size_t newline = bytes.find('\n');
    const std::size_t headerBytes = std::stoul(bytes.substr(runfile::kMagic.size(), newline));
    nlohmann::json header = nlohmann::json::parse(bytes.substr(newline + 1, headerBytes));
    edit(header);
    const std::string text = header.dump();
    return std::string(runfile::kMagic) + std::to_string(text.size()) + "\n" + text +
           bytes.substr(newline + 1 + headerBytes);
}

/// Whether some problem of the document has `needle` in its text.
bool mentions(const Problems& problems, const std::string& needle)
{
    for (const Problem& p : problems.items)
        if (p.toString().find(needle) != std::string::npos)
            return true;
    return false;
}

std::string repeated(const std::string& header, const std::string& row, std::size_t rows)
{
    std::string text = header;
    text.reserve(header.size() + row.size() * rows);
    for (std::size_t i = 0; i < rows; ++i)
        text += row;
    return text;
}

}  // namespace

class TestRunBounds : public QObject {
    Q_OBJECT
private slots:
    void closedLoopRecordingStaysWithinItsBound()
    {
        // 72 bytes of input a step beside 356 of telemetry, in blocks of 4096 steps (1.7 MB): with a
        // 4 MiB bound two blocks fit. Unbounded inputs took the run to 5.4 MB in 12 000 steps; now
        // the recording stops, inputs and telemetry at the same step, and says so.
        const std::size_t bound = std::size_t(4) << 20;
        const int steps = 12000;
        const std::shared_ptr<RunLog> run = recordCircle(steps, bound);
        QVERIFY2(run->memoryBytes() <= bound, qPrintable(QString::number(run->memoryBytes())));
        QCOMPARE(run->inputs.steps(), std::uint64_t(2 * 4096));
        QCOMPARE(run->inputs.steps() + run->droppedSteps, std::uint64_t(steps));
        QCOMPARE(std::uint64_t(run->telemetry.size()), run->inputs.steps());
        QVERIFY2(run->inputs.changeCount() > run->inputs.steps() / 2, "a closed-loop run changes its input nearly every step");
        QVERIFY(!run->truncated);
        QCOMPARE(run->recordingBound, std::uint64_t(bound));
        QVERIFY(QString::fromStdString(run->name).contains(" of 200.0 s]"));
        QVERIFY(!run->events.empty() && run->events.back().text.find("recording stopped") != std::string::npos);
        // Twice as long a run takes the same memory: the bound is flat.
        QCOMPARE(recordCircle(2 * steps, bound)->memoryBytes(), run->memoryBytes());

        // Its file is about as large as the recording, carries the note, and reads back whole.
        const std::string bytes = runFileBytes(*run);
        QVERIFY2(bytes.size() < bound + 64 * 1024, qPrintable(QString::number(bytes.size())));
        const RunFileDocument doc = parseRunFile(bytes);
        QVERIFY2(doc.ok(), firstProblem(doc.problems).c_str());
        QCOMPARE(doc.run->droppedSteps, run->droppedSteps);
        QCOMPARE(doc.run->inputs.steps(), run->inputs.steps());
        QVERIFY(mentions(doc.problems, "/recording: the recording stopped after"));
        QVERIFY(runFileBytes(*doc.run) == bytes);
    }

    void runFileStepsFramesAndTruncatedAgree()
    {
        const std::shared_ptr<RunLog> run = recordCircle(120, RunLogger::kMaxRunBytes);
        const std::string bytes = runFileBytes(*run);
        QVERIFY(parseRunFile(bytes).ok());
        const auto expect = [&](const std::function<void(nlohmann::json&)>& edit, const std::string& needle) {
            const RunFileDocument doc = parseRunFile(withHeader(bytes, edit));
            QVERIFY(!doc.ok());
            QVERIFY2(mentions(doc.problems, needle), (needle + " not in: " + firstProblem(doc.problems)).c_str());
        };
        // The issue's file: ten million steps beside 120 frames, not truncated. It replayed for
        // minutes from a few kilobytes.
        expect([](nlohmann::json& h) { h["inputs"]["steps"] = 10'000'000; }, "/telemetry/frames: must be the number of steps");
        // Truncated, but with a few frames: Jounce only truncated at hundreds of megabytes.
        expect([](nlohmann::json& h) {
            h["inputs"]["steps"] = 10'000'000;
            h["telemetry"]["truncated"] = true;
        }, "/telemetry/truncated: true with 120 frames and 10000000 steps");
        expect([](nlohmann::json& h) { h["telemetry"]["truncated"] = true; }, "/telemetry/truncated: true, but 120 frames");
        expect([](nlohmann::json& h) { h["inputs"]["steps"] = 10'000'001; }, "/inputs/steps: must be at most 10000000");
        // A recording note must say something was dropped.
        expect([](nlohmann::json& h) { h["recording"] = {{"bound", 1}, {"droppedSteps", 0}, {"note", ""}}; },
               "/recording/droppedSteps");
        // A run without inputs (a CSV saved as a run) may have frames and no steps, never "truncated".
        RunLog noInputs = *run;
        noInputs.inputs = InputTrack{};
        QVERIFY(parseRunFile(runFileBytes(noInputs)).ok());
        noInputs.truncated = true;
        QVERIFY(mentions(parseRunFile(runFileBytes(noInputs)).problems, "/telemetry/truncated: a run without inputs"));
    }

    void telemetryCsvTakesMemoryInProportionToItsSize()
    {
        // The issue's file: a 20-wheel header and 4-byte rows. Each row took a whole 20-wheel frame
        // (1364 bytes, 341 times the row); now it takes its one float and its time.
        const std::size_t rows = 100'000;
        const std::string text = repeated("time,jounce[W19]\n", "0,0\n", rows);
        const TelemetryCsvDocument doc = parseTelemetryCsv(text, "amp.csv");
        QVERIFY2(doc.ok(), firstProblem(doc.problems).c_str());
        QCOMPARE(doc.run->telemetry.size(), rows);
        QCOMPARE(doc.run->telemetry.wheelCount(), 20);
        const std::size_t bound = kCsvBytesPerFileByte * text.size() + kCsvTrackOverheadBytes;
        std::printf("CSV of %zu bytes (20-wheel header, one-cell rows): %zu bytes in memory, bound %zu\n", text.size(),
                    doc.run->memoryBytes(), bound);
        QVERIFY2(doc.run->memoryBytes() <= bound, qPrintable(QString::number(doc.run->memoryBytes())));
        // The worst row for the bound: a time and an empty position (a distance is kept besides).
        const std::string positions = repeated("time,posX\n", "0,\n", rows);
        const TelemetryCsvDocument pos = parseTelemetryCsv(positions, "pos.csv");
        QVERIFY(pos.ok());
        QVERIFY(pos.run->memoryBytes() <= kCsvBytesPerFileByte * positions.size() + kCsvTrackOverheadBytes);
        // What is held reads as it was written; what is not reads 0.
        const TelemetryCsvDocument some = parseTelemetryCsv("time,jounce[W19],posX,colour\n0,0.5,1,7\n0.1,0.25,4,8\n", "s");
        QVERIFY2(some.ok(), firstProblem(some.problems).c_str());
        const TelemetryTrack& t = some.run->telemetry;
        QCOMPARE(t.value(1, telemetry::Column::of(telemetry::WheelChannel::Jounce, 19)), 0.25);
        QCOMPARE(t.value(1, telemetry::Column::of(telemetry::VehicleChannel::PosX)), 4.0);
        QCOMPARE(t.value(1, telemetry::Column::of(telemetry::WheelChannel::Jounce, 3)), 0.0);
        QCOMPARE(t.distance(1), 3.0);
        QCOMPARE(t.frame(0).wheel(telemetry::WheelChannel::Jounce, 19), 0.5);
        // It is its own file: it is not saved again as a run file of 20 whole wheels.
        QVERIFY(!saveRunFile(QDir::temp().filePath("jounce-test-csv.jrun").toStdString(), *some.run).empty());
    }

    void wholeCsvSavesAsARunFileThatReadsBack()
    {
        // Rows all at one time (or seconds apart) gave a time step of 0 (or above 1 s), which its
        // run file then refused at /timeStep: a saved reference that could not be opened again.
        for (const double spacing : {0.0, 2.0}) {
            std::vector<telemetry::Frame> frames(3);
            for (std::size_t i = 0; i < frames.size(); ++i) {
                frames[i].setWheelCount(4);
                frames[i].time() = spacing * double(i);
            }
            const TelemetryCsvDocument csv = parseTelemetryCsv(telemetry::toCsv(frames), "still.csv");
            QVERIFY2(csv.ok() && csv.run->telemetry.whole(), firstProblem(csv.problems).c_str());
            const RunFileDocument doc = parseRunFile(runFileBytes(*csv.run));
            QVERIFY2(doc.ok(), firstProblem(doc.problems).c_str());
            QCOMPARE(doc.run->telemetry.size(), std::size_t(3));
        }
    }

    void telemetryCsvRefusesImpossibleWheelsAndDuplicates()
    {
        // The last problem of a file that is refused ("" when it reads).
        const auto error = [](const std::string& text) {
            const TelemetryCsvDocument d = parseTelemetryCsv(text, "x.csv");
            return d.ok() || d.problems.items.empty() ? std::string() : d.problems.items.back().toString();
        };
        // Dropped silently before: a wheel beyond the 20 a vehicle may have.
        const std::string wheel = error("time,jounce[FL],jounce[W20]\n0,0.1,0.2\n");
        QVERIFY2(wheel.find("line 1, column 3: \"jounce[W20]\" is wheel index 20") != std::string::npos, wheel.c_str());
        // The second of two equal columns overwrote the first.
        const std::string twice = error("time,jounce[FL],forwardSpeed,jounce[FL]\n0,0.1,3,0.2\n");
        QVERIFY2(twice.find("line 1, column 4: \"jounce[FL]\" again (column 2") != std::string::npos, twice.c_str());
        QVERIFY(error("time,time\n0,0\n").find("column 2") != std::string::npos);
        // W19 is the last wheel there is, and an unknown column is a warning.
        QVERIFY(parseTelemetryCsv("time,jounce[W19],colour\n0,0.1,3\n", "x").ok());
    }
};

QTEST_GUILESS_MAIN(TestRunBounds)
#include "test_run_bounds.moc"
