// model/sweep and jounce-cli sweep (docs/sweeps.md): sweep files validated by JSON pointer, linked and
// factor edits, grid / random / Latin-hypercube points reproducible by seed, results that do not
// depend on the thread count or the chunking, collect's checks, a plan run through GNU parallel
// equal to the local run byte for byte, sensitivity, heat maps and the optimiser.

#include "support/CliProcess.h"

#include "config/ParameterRegistry.h"
#include "config/ReferenceCar.h"
#include "sweep/Sensitivity.h"
#include "sweep/SweepEdits.h"
#include "sweep/SweepJson.h"
#include "sweep/SweepPlan.h"
#include "sweep/SweepPoints.h"
#include "sweep/SweepTable.h"
#include "sweep/Tune.h"

#include <QtTest>

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <cmath>
#include <filesystem>
#include <set>

using namespace jounce;
using namespace jounce::sweep;

namespace {

const std::string kPresets = JOUNCE_SOURCE_DIR "/presets";

SweepDocument parse(const std::string& text, const std::string& baseDir = {})
{
    return parseSweep(text, {baseDir, kPresets});
}

std::string dump(const Problems& problems)
{
    std::string out;
    for (const Problem& p : problems.items)
        out += (p.severity == Severity::Error ? "error " : "warning ") + p.toString() + "\n";
    return out;
}

bool hasProblem(const Problems& problems, Severity severity, const std::string& pointer, const std::string& words)
{
    for (const Problem& p : problems.items)
        if (p.severity == severity && p.pointer == pointer && p.message.find(words) != std::string::npos)
            return true;
    return false;
}

/// A sweep of the reference car's standing start on flat ground (0.04 s a point): `parameters` and
/// `extra` members spliced into the file.
std::string accelSweep(const std::string& parameters, const std::string& extra = {})
{
    return R"({"format": "jounce.sweep", "schemaVersion": 1, "name": "t", "vehicle": "physx-snippet-4w",
               "maneuver": "acceleration-0-100", "parameters": )" +
           parameters + extra + "}";
}

Sweep quickSweep()
{
    SweepDocument doc = loadSweep(kPresets + "/sweeps/quick-acceleration.json", kPresets);
    if (!doc.ok())
        qFatal("quick-acceleration.json: %s", dump(doc.problems).c_str());
    return std::move(doc.sweep);
}

Parameter param(const std::string& path, Link link, Scale scale = Scale::Value)
{
    Parameter p;
    p.path = p.name = path;
    p.link = link;
    p.scale = scale;
    return p;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestSweep : public QObject {
    Q_OBJECT
private slots:
    void fileProblemsAreLocatedByPointer_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("words");
        const auto row = [](const char* name, const std::string& text, const char* pointer, const char* words) {
            QTest::newRow(name) << QString::fromStdString(text) << pointer << words;
        };
        const std::string torque = R"([{"path": "drive.engine.peakTorque", "values": [400, 600]}])";
        row("wrong format", R"({"format": "jounce.vehicle", "schemaVersion": 1})", "/format", "must be \"jounce.sweep\"");
        row("no maneuver",
            R"({"format": "jounce.sweep", "schemaVersion": 1, "vehicle": "physx-snippet-4w", "parameters": )" + torque + "}",
            "/maneuver", "missing (required)");
        row("unknown preset", accelSweep(torque).replace(accelSweep(torque).find("physx-snippet-4w"), 16, "no-such-car"),
            "/vehicle", "no vehicle preset named \"no-such-car\"");
        row("unknown path", accelSweep(R"([{"path": "drive.engine.peakTork", "values": [1]}])"), "/parameters/0/path",
            "names no parameter");
        row("values and a range", accelSweep(R"([{"path": "chassis.mass", "values": [1], "min": 1, "max": 2}])"),
            "/parameters/0", "either \"values\" or \"min\" and \"max\"");
        row("min above max", accelSweep(R"([{"path": "chassis.mass", "min": 1600, "max": 1400, "steps": 2}])"),
            "/parameters/0/max", "must be greater than min");
        row("a value the leaf refuses",
            accelSweep(R"([{"path": "wheels[*].suspension.springStrength", "values": [30000, -5]}])"),
            "/parameters/0/values/1", "must be > 0");
        row("grid range without steps", accelSweep(R"([{"path": "chassis.mass", "min": 1400, "max": 1600}])"),
            "/parameters/0", "a grid needs \"steps\"");
        row("one leaf twice",
            accelSweep(R"([{"path": "wheels[*].tire.latStiffY", "values": [15]}, {"path": "wheels[2].tire.latStiffY", "values": [16]}])"),
            "/parameters/1/path", "sets wheels[2].tire.latStiffY, which /parameters/0 sets too");
        row("a link makes the overlap",
            accelSweep(R"([{"path": "wheels[0].tire.latStiffY", "link": "leftRight", "values": [15]}, {"path": "wheels[1].tire.latStiffY", "values": [16]}])"),
            "/parameters/1/path", "which /parameters/0 sets too");
        row("figure the maneuver does not measure", accelSweep(torque, R"(, "figures": ["understeerGradient"])"),
            "/figures/0", "has no \"skidpad\" phase");
        row("unknown figure", accelSweep(torque, R"(, "figures": ["lapTime"])"), "/figures/0", "no figure \"lapTime\"");
        row("random design without samples", accelSweep(torque, R"(, "design": {"type": "random", "seed": 3})"),
            "/design/samples", "missing (required)");
        row("too many points",
            accelSweep(R"([{"path": "chassis.mass", "min": 1400, "max": 1600, "steps": 1001}, {"path": "drive.engine.peakTorque", "min": 400, "max": 600, "steps": 1000}])"),
            "/parameters", "more than 1000000 points");
        row("too many values",
            accelSweep(R"([{"path": "chassis.mass", "min": 1400, "max": 1600}, {"path": "drive.engine.peakTorque", "min": 400, "max": 600},
                           {"path": "drive.gears.finalRatio", "min": 3, "max": 5}, {"path": "drive.gears.switchTime", "min": 0.1, "max": 0.5},
                           {"path": "drive.clutch.strength", "min": 5, "max": 20},
                           {"path": "drive.engine.moi", "min": 0.5, "max": 2}, {"path": "drive.engine.maxOmega", "min": 500, "max": 800},
                           {"path": "drive.autoBox.latency", "min": 1, "max": 3}, {"path": "drive.gears.ratios[2]", "min": 3.5, "max": 4.5},
                           {"path": "drive.gears.ratios[3]", "min": 1.8, "max": 2.2}, {"path": "drive.gears.ratios[4]", "min": 1.2, "max": 1.6}])",
                       R"(, "design": {"type": "random", "samples": 1000000})"),
            "/parameters", "more than 10000000 values");
        row("inline vehicle with an error",
            R"({"format": "jounce.sweep", "schemaVersion": 1, "maneuver": "acceleration-0-100", "parameters": )" + torque +
                R"(, "vehicle": {"format": "jounce.vehicle", "schemaVersion": 1, "chassis": {"mass": -5}}})",
            "/vehicle/chassis/mass", "must be > 0");
        row("tune target not collected", accelSweep(R"([{"path": "chassis.mass", "min": 1400, "max": 1600}])",
                                                    R"(, "tune": {"targets": [{"figure": "brake100to0", "value": 40}]})"),
            "/tune/targets/0/figure", "not among the sweep's figures");
        row("tune of a list", accelSweep(torque, R"(, "tune": {"targets": [{"figure": "accel0to100", "value": 8}]})"),
            "/parameters/0", "within a range");
    }

    void fileProblemsAreLocatedByPointer()
    {
        QFETCH(QString, text);
        QFETCH(QString, pointer);
        QFETCH(QString, words);
        const SweepDocument doc = parse(text.toStdString());
        QVERIFY(!doc.ok());
        QVERIFY2(hasProblem(doc.problems, Severity::Error, pointer.toStdString(), words.toStdString()),
                 dump(doc.problems).c_str());
    }

    void referencedFileProblemsNameTheFile()
    {
        QTemporaryDir dir;
        QFile car(dir.filePath("car.json"));
        QVERIFY(car.open(QIODevice::WriteOnly));
        car.write(R"({"format": "jounce.vehicle", "schemaVersion": 1, "chassis": {"mass": -5}})");
        car.close();
        const std::string text = accelSweep(R"([{"path": "chassis.mass", "values": [1500]}])");
        const SweepDocument doc = parse(std::string(text).replace(text.find("physx-snippet-4w"), 16, "car.json"),
                                        dir.path().toStdString());
        QVERIFY2(hasProblem(doc.problems, Severity::Error, "/vehicle", "car.json: /chassis/mass: must be > 0"),
                 dump(doc.problems).c_str());
        // Unknown keys are warnings, as in every Jounce file.
        const SweepDocument warned = parse(accelSweep(R"([{"path": "chassis.mass", "values": [1500]}])", R"(, "colour": 1)"));
        QVERIFY2(warned.ok(), dump(warned.problems).c_str());
        QVERIFY(hasProblem(warned.problems, Severity::Warning, "/colour", "unknown key"));
        const SweepDocument linked = parse(accelSweep(R"([{"path": "chassis.mass", "link": "axle", "values": [1500]}])"));
        QVERIFY(hasProblem(linked.problems, Severity::Warning, "/parameters/0/link", "no wheel's parameter"));
    }

    void shippedSweepsAreValid()
    {
        int n = 0;
        for (const auto& e : std::filesystem::directory_iterator(kPresets + "/sweeps")) {
            const SweepDocument doc = loadSweep(e.path().string(), kPresets);
            QVERIFY2(doc.ok() && doc.problems.items.empty(), (e.path().string() + "\n" + dump(doc.problems)).c_str());
            ++n;
        }
        QVERIFY(n >= 4);
        const SweepDocument skidpad = loadSweep(kPresets + "/sweeps/skidpad-200.json", kPresets);
        QCOMPARE(pointCount(skidpad.sweep), std::size_t(200));
    }

    void linkedAndFactorEdits()
    {
        const VehicleConfig car = referenceCar();
        // Left = right: the partner gets the camber negated (the model stores one signed camber on
        // every wheel, vehicle-model §0.3), the spring copied; an axle link sets both front wheels.
        const Parameter camber = param("wheels[0].suspension.camberAtRest", Link::LeftRight);
        config::EditList e = parameterEdits(car, camber, -0.02);
        QCOMPARE(e.size(), std::size_t(2));
        QCOMPARE(e[0].path, std::string("wheels[0].suspension.camberAtRest"));
        QCOMPARE(e[0].value.get<double>(), -0.02);
        QCOMPARE(e[1].path, std::string("wheels[1].suspension.camberAtRest"));
        QCOMPARE(e[1].value.get<double>(), 0.02);
        const Parameter spring = param("wheels[2].suspension.springStrength", Link::Axle);
        e = parameterEdits(car, spring, 40000.0);
        QCOMPARE(e.size(), std::size_t(2));
        QCOMPARE(e[1].path, std::string("wheels[3].suspension.springStrength"));
        QCOMPARE(e[1].value.get<double>(), 40000.0);
        // A lateral position mirrors too; a factor scales each leaf's own value (its sign kept).
        const Parameter y = param("wheels[0].geometry.wheelCentreOffset[1]", Link::LeftRight);
        e = parameterEdits(car, y, 0.9);
        QCOMPARE(e[1].value.get<double>(), -0.9);
        const Parameter track = param("wheels[*].geometry.wheelCentreOffset[1]", Link::None, Scale::Factor);
        e = parameterEdits(car, track, 1.1);
        QCOMPARE(e.size(), car.wheels.size());
        for (std::size_t w = 0; w < car.wheels.size(); ++w)
            QCOMPARE(e[w].value.get<double>(), car.wheels[w].geometry.wheelCentreOffset.y * 1.1);
        // An integer leaf gets an integer.
        const Parameter substeps = param("simulation.lowForwardSpeedSubStepCount", Link::None, Scale::Factor);
        e = parameterEdits(car, substeps, 1.6);
        QVERIFY(e[0].value.is_number_integer());
        QCOMPARE(e[0].value.get<long long>(), std::llround(car.simulation.lowForwardSpeedSubStepCount * 1.6));
    }

    void gridPointsCountLikeNestedLoops()
    {
        const Sweep s = quickSweep();
        const std::vector<Point> points = makePoints(s);
        QCOMPARE(points.size(), std::size_t(9));
        // The last parameter fastest: torque 400 with ratios 3.5, 4, 4.5, then torque 500 ...
        QCOMPARE(points[1].values[0].get<double>(), 400.0);
        QCOMPARE(points[1].values[1].get<double>(), 4.0);
        QCOMPARE(points[5].values[0].get<double>(), 500.0);
        QCOMPARE(points[5].values[1].get<double>(), 4.5);
        QCOMPARE(makePoints(s, 4, 6)[0].values, points[4].values);
    }

    void randomDesignsAreReproducibleBySeed()
    {
        // SplitMix64's published first output for seed 0: the generator is ours, the same everywhere.
        QCOMPARE(Random(0).next(), std::uint64_t(0xe220a8397b1dcdafull));
        const std::string params = R"([{"path": "chassis.mass", "min": 1000, "max": 2000},
                                        {"path": "drive.engine.peakTorque", "values": [400, 500, 600, 700]}])";
        for (const char* type : {"random", "latinHypercube"}) {
            auto design = [&](int seed) {
                const std::string text = std::string(", \"design\": {\"type\": \"") + type +
                                           "\", \"samples\": 40, \"seed\": " + std::to_string(seed) + "}";
                return parse(accelSweep(params, text)).sweep;
            };
            const Sweep a = design(7), b = design(7), c = design(8);
            QVERIFY(a.vehicle);
            const std::vector<Point> pa = makePoints(a), pb = makePoints(b), pc = makePoints(c);
            QCOMPARE(pa.size(), std::size_t(40));
            bool differs = false;
            for (std::size_t i = 0; i < pa.size(); ++i) {
                QCOMPARE(pa[i].values, pb[i].values);
                differs = differs || pa[i].values != pc[i].values;
                const double mass = pa[i].values[0].get<double>();
                QVERIFY(mass >= 1000 && mass < 2000);
            }
            QVERIFY2(differs, type);
            if (std::string(type) != "latinHypercube")
                continue;
            // Each of the 40 strata of the range holds exactly one point; each list entry 10 points.
            std::set<int> strata;
            std::map<double, int> torques;
            for (const Point& p : pa) {
                strata.insert(int((p.values[0].get<double>() - 1000.0) / 1000.0 * 40.0));
                ++torques[p.values[1].get<double>()];
            }
            QCOMPARE(strata.size(), std::size_t(40));
            for (const auto& [torque, count] : torques)
                QCOMPARE(count, 10);
        }
    }

    void resultsDoNotDependOnThreadsOrChunks()
    {
        const Sweep s = quickSweep();
        const std::vector<Point> points = makePoints(s);
        RunOptions one;
        one.threads = 1;
        const std::string reference = tableCsv(s, runPoints(s, points, one));
        for (int threads : {2, 3}) {
            RunOptions options;
            options.threads = threads;
            QCOMPARE(tableCsv(s, runPoints(s, points, options)), reference);
        }
        for (std::size_t chunks : {std::size_t(1), std::size_t(4), std::size_t(9)}) {
            std::vector<ChunkFile> files;
            for (const ChunkRange& r : chunkRanges(points.size(), chunks, sweepFingerprint(s))) {
                Sweep chunk = s;
                chunk.chunk = r;
                const std::vector<Point> part = makePoints(s, r.first, r.end);
                files.push_back({"chunk-" + std::to_string(r.index), chunkCsv(chunk, runPoints(chunk, part, one))});
            }
            std::reverse(files.begin(), files.end());  // the order the files come in does not matter
            const Collected merged = collectChunks(files);
            QVERIFY2(merged.ok(), merged.error.c_str());
            QCOMPARE(merged.table, reference);
        }
        // Every point ran and the figures follow the model: more torque, a quicker 0-100 km/h.
        const std::vector<PointResult> results = runPoints(s, points, one);
        for (const PointResult& r : results)
            QVERIFY2(r.ok() && r.figures[0], r.status.c_str());
        QVERIFY(*results[0].figures[0] > *results[3].figures[0] && *results[3].figures[0] > *results[6].figures[0]);
    }

    void collectFindsMissingAndDuplicatedPoints()
    {
        Sweep s = quickSweep();
        const std::vector<ChunkRange> ranges = chunkRanges(9, 3, sweepFingerprint(s));
        std::vector<ChunkFile> files;
        for (const ChunkRange& r : ranges) {
            Sweep chunk = s;
            chunk.chunk = r;
            std::vector<PointResult> fake;
            for (const Point& p : makePoints(s, r.first, r.end))
                fake.push_back({p.id, p.values, {1.0, 2.0}, "ok"});
            files.push_back({"chunk-" + std::to_string(r.index) + ".csv", chunkCsv(chunk, fake)});
        }
        QVERIFY(collectChunks(files).ok());
        std::vector<ChunkFile> missing{files[0], files[2]};
        Collected c = collectChunks(missing);
        QVERIFY(!c.ok());
        QVERIFY2(c.error.find("missing points: 3-5 of 9") != std::string::npos, c.error.c_str());
        std::vector<ChunkFile> twice{files[0], files[1], files[1], files[2]};
        c = collectChunks(twice);
        QVERIFY2(c.error.find("more than once: 3-5") != std::string::npos, c.error.c_str());
        // A chunk of another sweep, a file that is no chunk, a row outside its chunk.
        std::vector<ChunkFile> mixed = files;
        const std::string fp = ranges[1].fingerprint;
        mixed[1].text.replace(mixed[1].text.find(fp), fp.size(), "0123456789abcdef");
        c = collectChunks(mixed);
        QVERIFY2(c.error.find("chunk-1.csv: the results of another sweep") != std::string::npos, c.error.c_str());
        std::vector<ChunkFile> plain{files[0], {"local.csv", "point,x,status\n0,1,ok\n"}};
        c = collectChunks(plain);
        QVERIFY2(c.error.find("local.csv: not the results") != std::string::npos, c.error.c_str());
        std::vector<ChunkFile> huge{{"huge.csv", std::string(kChunkMarker) +
                                                     R"({"fingerprint": "x", "chunk": 0, "chunks": 1, "first": 0, "end": 1, "points": 1000000000000})" +
                                                     "\npoint,status\n0,ok\n"}};
        c = collectChunks(huge);
        QVERIFY2(c.error.find("huge.csv: not the results") != std::string::npos, c.error.c_str());
        std::vector<ChunkFile> stray = files;
        stray[0].text += "7,400,4.5,1,2,ok\n";
        c = collectChunks(stray);
        QVERIFY2(c.error.find("chunk-0.csv: line") != std::string::npos, c.error.c_str());
        QCOMPARE(idRanges({9, 1, 2, 3, 7, 8}), std::string("1-3, 7-9"));
    }

    void aBadPointIsARowNotAnAbort()
    {
        // 1e7 N/m springs are plausible alone but diverge at the time step (conventions.md
        // "Plausible ranges": lambda_k dt^2 + 2 lambda_c dt = 10 > 3): the edit session refuses them.
        const SweepDocument doc = parse(accelSweep(R"([{"path": "wheels[*].suspension.springStrength", "values": [35000, 1e7]}])"));
        QVERIFY2(doc.ok(), dump(doc.problems).c_str());
        const std::vector<PointResult> r = runPoints(doc.sweep, makePoints(doc.sweep));
        QVERIFY2(r[0].ok(), r[0].status.c_str());
        QVERIFY2(r[1].status.starts_with("invalid vehicle: /wheels/"), r[1].status.c_str());
        QVERIFY(!r[1].figures[0]);
        const std::string row = tableRow(r[1]);
        QVERIFY2(row.starts_with("1,10000000,,,\"invalid vehicle:") || row.starts_with("1,10000000,,,invalid vehicle:"), row.c_str());
    }

    void chunkFilesAreSelfContained()
    {
        const Sweep s = quickSweep();
        const std::vector<PlanFile> plan = planFiles(s, 4);
        QCOMPARE(plan.size(), std::size_t(6));
        QTemporaryDir empty;  // nothing beside the chunk, no presets
        const SweepDocument chunk = parseSweep(plan[2].text, {empty.path().toStdString(), ""});
        QVERIFY2(chunk.ok() && chunk.problems.items.empty(), dump(chunk.problems).c_str());
        QVERIFY(chunk.sweep.chunk);
        QCOMPARE(chunk.sweep.chunk->fingerprint, sweepFingerprint(chunk.sweep));
        QCOMPARE(chunk.sweep.chunk->first, std::size_t(5));  // 9 points in 4 chunks: 3, 2, 2, 2
        QCOMPARE(chunk.sweep.chunk->end, std::size_t(7));
        QVERIFY(*chunk.sweep.vehicle == *s.vehicle);
        QCOMPARE(makePoints(chunk.sweep, 5, 7)[1].values, makePoints(s)[6].values);
        QVERIFY(plan[4].text.find("#SBATCH --array=0-3") != std::string::npos);
    }

    void parallelPlanEqualsTheLocalRun()
    {
        const QString parallel = QStandardPaths::findExecutable("parallel");
        if (parallel.isEmpty())
            QSKIP("GNU parallel is not installed (Debian package 'parallel'; scripts/install-deps.sh installs it)");
        QTemporaryDir dir;
        const QString sweepFile = QString::fromStdString(kPresets + "/sweeps/quick-acceleration.json");
        const auto local = testing::runCli({"sweep", sweepFile, "--out", dir.filePath("local.csv"), "--threads", "2"});
        QVERIFY2(local.exitCode == 0, qPrintable(local.err));
        const auto plan = testing::runCli({"sweep", sweepFile, "--plan", dir.filePath("jobs"), "--chunks", "8"});
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.err));
        QVERIFY(plan.out.contains("parallel --halt"));
        QProcess sh;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("JOUNCE_CLI", JOUNCE_BINARY_DIR "/app/cli/jounce-cli");
        sh.setProcessEnvironment(env);
        sh.start("sh", {dir.filePath("jobs/parallel.sh")});
        QVERIFY(sh.waitForFinished(60000));
        QVERIFY2(sh.exitCode() == 0, sh.readAllStandardError().constData());
        const auto collect = testing::runCli({"sweep", "--collect", dir.filePath("jobs/results"), "--out", dir.filePath("all.csv")});
        QVERIFY2(collect.exitCode == 0, qPrintable(collect.err));
        QVERIFY(collect.out.contains("collected 9 points from 8 files"));
        QCOMPARE(readAll(dir.filePath("all.csv")), readAll(dir.filePath("local.csv")));
        // One chunk's results gone: collect names the points.
        QVERIFY(QFile::remove(dir.filePath("jobs/results/chunk-5.csv")));
        const auto broken = testing::runCli({"sweep", "--collect", dir.filePath("jobs/results"), "--out", dir.filePath("all.csv")});
        QCOMPARE(broken.exitCode, 1);
        QVERIFY2(broken.err.contains("missing points: 6 of 9"), qPrintable(broken.err));
    }

    void tornadoAndHeatMap()
    {
        const Sweep s = quickSweep();
        const std::vector<Point> points = oneAtATimePoints(s);
        QCOMPARE(points.size(), std::size_t(5));
        QVERIFY(points[0].values[0].is_null() && points[0].values[1].is_null());
        const std::vector<PointResult> results = runPoints(s, points);
        const std::vector<Tornado> t = tornadoes(s, results);
        QCOMPARE(t.size(), std::size_t(2));
        QCOMPARE(t[0].figure, std::string("accel0to100"));
        // The base point is the base vehicle unchanged.
        const PointResult base = PointRunner(s).run({0, {Json(), Json()}});
        QCOMPARE(t[0].base, base.figures[0]);
        // Bars sorted by swing; more torque is quicker (vehicle-model §2.18: drive torque scales
        // with peakTorque), so the torque bar's low end is slower than its high end.
        QVERIFY(*t[0].bars[0].swing() >= *t[0].bars[1].swing());
        const auto torque = std::find_if(t[0].bars.begin(), t[0].bars.end(), [](const TornadoBar& b) { return b.parameter == 0; });
        QVERIFY(*torque->atLow > *t[0].base && *t[0].base > *torque->atHigh);
        QVERIFY(tornadoCsv(s, t).starts_with("figure,parameter,low,high,at low,at high,base,swing\naccel0to100 [s],"));

        const std::vector<PointResult> grid = runPoints(s, makePoints(s));
        std::string error;
        const std::optional<HeatMap> map = heatMap(s, grid, 1, error);
        QVERIFY2(map, error.c_str());
        QCOMPARE(map->rows.size(), std::size_t(3));
        QCOMPARE(map->columns[2].get<double>(), 4.5);
        QCOMPARE(map->at(2, 1), grid[7].figures[1]);
        QCOMPARE(map->points[7], std::size_t(7));
        QVERIFY(heatMapCsv(s, *map).starts_with("drive.engine.peakTorque \\ drive.gears.finalRatio,3.5,4,4.5\n400,"));
        QVERIFY(!heatMapProblem(loadSweep(kPresets + "/sweeps/skidpad-200.json", kPresets).sweep).empty());
    }

    void optimiserReachesAReachableTarget()
    {
        // The reference car takes about 9 s to 100 km/h with 500 N m; more torque is quicker, so
        // 8 s lies inside 300..900 N m (vehicle-model §2.18).
        const SweepDocument doc = parse(accelSweep(R"([{"path": "drive.engine.peakTorque", "min": 300, "max": 900}])",
                                                   R"(, "figures": ["accel0to100"], "tune": {"targets": [{"figure": "accel0to100", "value": 8.0}], "maxEvaluations": 40, "stopAt": 1e-4})"));
        QVERIFY2(doc.ok(), dump(doc.problems).c_str());
        QCOMPARE(tuneStart(doc.sweep)[0], (500.0 - 300.0) / 600.0);
        const TuneResult r = tune(doc.sweep);
        QVERIFY2(r.reached, r.stop.c_str());
        QVERIFY(r.evaluations.size() <= 40);
        QCOMPARE(r.errors.size(), r.evaluations.size());
        for (std::size_t i = 0; i < r.evaluations.size(); ++i)
            QCOMPARE(r.evaluations[i].id, i);  // every evaluation kept, in order
        const PointResult& best = r.evaluations[r.best];
        QVERIFY(std::fabs(*best.figures[0] - 8.0) <= 0.01);
        QVERIFY(best.values[0].get<double>() > 500.0);
        QCOMPARE(tuneCsv(doc.sweep, tune(doc.sweep)), tuneCsv(doc.sweep, r));  // deterministic
        QVERIFY(tuneCsv(doc.sweep, r).starts_with("point,drive.engine.peakTorque [N m],accel0to100 [s],error,status\n0,500,"));
    }
};

QTEST_GUILESS_MAIN(TestSweep)
#include "test_sweep.moc"
