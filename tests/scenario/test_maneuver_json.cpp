// Maneuver files: the shipped presets read without a single problem and are stored canonically;
// hostile or mistaken files report every problem at its JSON pointer and never crash.

#include "scenario/ManeuverJson.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <string>

using namespace jounce;
using namespace jounce::sim;
namespace fs = std::filesystem;

namespace {

std::string dump(const Problems& problems)
{
    std::string out;
    for (const Problem& p : problems.items)
        out += (p.severity == Severity::Error ? "error " : "warning ") + p.toString() + "\n";
    return out;
}

/// A valid document with `phases` spliced in as the phase list.
std::string withPhases(const std::string& phases)
{
    return R"({"format": "jounce.maneuver", "schemaVersion": 1, "name": "t", "phases": )" + phases + "}";
}

const Problem* find(const Problems& problems, const std::string& pointer)
{
    for (const Problem& p : problems.items)
        if (p.pointer == pointer)
            return &p;
    return nullptr;
}

}  // namespace

class TestManeuverJson : public QObject {
    Q_OBJECT
private slots:
    void presetsAreCanonicalAndClean_data()
    {
        QTest::addColumn<QString>("file");
        int n = 0;
        for (const auto& e : fs::directory_iterator(fs::path(JOUNCE_SOURCE_DIR) / "presets" / "maneuvers"))
            if (e.path().extension() == ".json") {
                QTest::newRow(e.path().filename().c_str()) << QString::fromStdString(e.path().string());
                ++n;
            }
        QVERIFY(n >= 5);
    }

    void presetsAreCanonicalAndClean()
    {
        QFETCH(QString, file);
        const std::string path = file.toStdString();
        const ManeuverDocument doc = loadManeuver(path);
        QVERIFY2(doc.ok() && doc.problems.items.empty(), dump(doc.problems).c_str());
        const Maneuver& m = doc.maneuver;
        QCOMPARE(m.name, fs::path(path).stem().string());
        QVERIFY2(!m.description.empty(), "every preset says what it is for");
        QVERIFY(!m.phases.empty());
        for (const ManeuverPhase& p : m.phases) {
            QVERIFY(!p.name.empty());
            QVERIFY(p.until.any());
        }

        std::string text;
        QVERIFY(json::readTextFile(path, 1 << 20, text).empty());
        QCOMPARE(maneuverToText(m), text);  // stored in the canonical layout
        const ManeuverDocument again = parseManeuver(maneuverToText(m));
        QVERIFY(again.ok());
        QVERIFY(again.maneuver == m);
    }

    void presetContents()
    {
        const auto load = [](const char* name) {
            return loadManeuver((fs::path(JOUNCE_SOURCE_DIR) / "presets" / "maneuvers" / name).string()).maneuver;
        };
        const Maneuver settle = load("settle.json");
        QCOMPARE(settle.phases.size(), std::size_t(1));
        QVERIFY(settle.phases[0].inputs == ManeuverInputs{});
        QCOMPARE(*settle.phases[0].until.duration, 4.0);

        const Maneuver full = load("full-throttle.json");
        QCOMPARE(full.phases.size(), std::size_t(2));
        QCOMPARE(*full.phases[0].until.duration, 1.0);
        QCOMPARE(full.phases[1].inputs.accel, 1.0);
        QCOMPARE(*full.phases[1].until.duration, 15.0);
        QVERIFY(full.start.autoBox);

        const Maneuver steady = load("steady-steer.json");
        QCOMPARE(*steady.phases[1].until.speedAbove, 10.0);
        QVERIFY(steady.phases[2].inputs.steer > 0.0 && steady.phases[2].inputs.accel > 0.0);

        const Maneuver hb = load("handbrake-turn.json");
        QCOMPARE(*hb.phases[1].until.speedAbove, 15.0);
        QVERIFY(std::any_of(hb.phases.begin(), hb.phases.end(),
                            [](const ManeuverPhase& p) { return p.inputs.handbrake > 0 && p.inputs.steer != 0; }));
        QVERIFY(hb.phases.back().inputs.brake > 0.0);
    }

    void designExampleReads()
    {
        // conventions.md's example, verbatim: it is the brake-from-20 preset (smoothing defaults to raw),
        // except that the preset also ends the acceleration after 40 s for vehicles that cannot
        // reach 20 m/s (the tank).
        const char* text = R"({ "format": "jounce.maneuver", "schemaVersion": 1, "name": "brake-from-20",
    "description": "Full throttle to 20 m/s, then full brake to a stop.",
    "start": { "gear": 1, "autoBox": true },
    "phases": [
      { "name": "settle",     "inputs": {},               "until": { "duration": 1.0 } },
      { "name": "accelerate", "inputs": { "accel": 1.0 }, "until": { "speedAbove": 20.0 } },
      { "name": "brake",      "inputs": { "brake": 1.0 }, "until": { "stopped": 0.01 } },
      { "name": "hold",       "inputs": { "brake": 1.0 }, "until": { "duration": 1.0 } } ] })";
        const ManeuverDocument doc = parseManeuver(text);
        QVERIFY2(doc.ok() && doc.problems.items.empty(), dump(doc.problems).c_str());
        QVERIFY(doc.maneuver.smoothing == ManeuverSmoothing::Raw);
        QCOMPARE(doc.maneuver.start.gear, 1);
        QCOMPARE(doc.maneuver.phases.size(), std::size_t(4));
        QCOMPARE(*doc.maneuver.phases[2].until.stopped, 0.01);
        const Maneuver preset =
            loadManeuver((fs::path(JOUNCE_SOURCE_DIR) / "presets" / "maneuvers" / "brake-from-20.json").string())
                .maneuver;
        Maneuver expected = doc.maneuver;
        expected.description = preset.description;
        expected.phases[1].until.duration = 40.0;
        QVERIFY(expected == preset);
    }

    void everyFieldRoundTrips()
    {
        Maneuver m;
        m.name = "all \"fields\"";
        m.description = "ünïcödé / slash ~ tilde";
        m.start = {-1, false};
        m.smoothing = ManeuverSmoothing::Pad;
        ManeuverPhase a;
        a.name = "a";
        a.inputs = {0.25, 0.5, 0.75, -0.125, 0, true};
        a.until.duration = 2.5;
        a.until.speedAbove = -3.0;
        a.until.speedBelow = 4.0;
        a.until.stopped = 0.1;
        a.until.distance = 12.5;
        ManeuverPhase b;
        b.name = "";
        b.inputs.gear = 3;
        b.until.distance = 1e-3;
        m.phases = {a, b};
        const std::string text = maneuverToText(m);
        const ManeuverDocument doc = parseManeuver(text);
        QVERIFY2(doc.ok() && doc.problems.items.empty(), dump(doc.problems).c_str());
        QVERIFY(doc.maneuver == m);
        QCOMPARE(maneuverToText(doc.maneuver), text);
        QVERIFY(text.find("\"smoothing\": \"pad\"") != std::string::npos);

        m.smoothing = ManeuverSmoothing::Keyboard;
        QVERIFY(parseManeuver(maneuverToText(m)).maneuver.smoothing == ManeuverSmoothing::Keyboard);
    }

    void saveAndLoad()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = (fs::path(dir.path().toStdString()) / "m.json").string();
        Maneuver m;
        m.name = "saved";
        m.phases.resize(1);
        m.phases[0].until.duration = 1.0;
        QCOMPARE(saveManeuver(path, m), std::string());
        const ManeuverDocument doc = loadManeuver(path);
        QVERIFY(doc.ok());
        QVERIFY(doc.maneuver == m);

        const ManeuverDocument missing = loadManeuver((fs::path(dir.path().toStdString()) / "none.json").string());
        QVERIFY(!missing.ok());
        QCOMPARE(missing.problems.items.size(), std::size_t(1));
        QCOMPARE(missing.problems.items[0].pointer, std::string());
    }

    void hostileInput_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<bool>("isError");
        QTest::addColumn<QString>("message");  // a part of the message

        const auto row = [](const char* tag, const std::string& text, const char* pointer, bool error,
                            const char* message) {
            QTest::newRow(tag) << QString::fromStdString(text) << QString(pointer) << error << QString(message);
        };
        const std::string ok = R"([{"name": "p", "inputs": {}, "until": {"duration": 1}}])";
        row("empty", "", "", true, "empty");
        row("truncated", R"({"format": "jounce.maneuver", "phases": [)", "/phases/0", true, "invalid JSON");
        row("NaN", withPhases(R"([{"until": {"duration": NaN}}])"), "/phases/0/until/duration", true, "NaN");
        row("array root", "[1, 2]", "", true, "JSON object");
        row("duplicate key", R"({"format": "jounce.maneuver", "format": "x"})", "/format", true, "duplicate");
        row("no format", R"({"schemaVersion": 1, "phases": )" + ok + "}", "/format", true, "missing");
        row("wrong format", R"({"format": "jounce.vehicle", "schemaVersion": 1, "phases": )" + ok + "}", "/format",
            true, "jounce.maneuver");
        row("no schema", R"({"format": "jounce.maneuver", "phases": )" + ok + "}", "/schemaVersion", true, "missing");
        row("newer schema", R"({"format": "jounce.maneuver", "schemaVersion": 2, "phases": )" + ok + "}",
            "/schemaVersion", true, "newer");
        row("schema string", R"({"format": "jounce.maneuver", "schemaVersion": "1", "phases": )" + ok + "}",
            "/schemaVersion", true, "integer");
        row("schema zero", R"({"format": "jounce.maneuver", "schemaVersion": 0, "phases": )" + ok + "}",
            "/schemaVersion", true, ">= 1");
        row("name number", R"({"format": "jounce.maneuver", "schemaVersion": 1, "name": 5, "phases": )" + ok + "}",
            "/name", true, "expected a string");
        row("start not object", R"({"format": "jounce.maneuver", "schemaVersion": 1, "start": 1, "phases": )" + ok +
                                    "}",
            "/start", true, "expected an object");
        row("start gear string", R"({"format": "jounce.maneuver", "schemaVersion": 1, "start": {"gear": "1"}, "phases": )" +
                                     ok + "}",
            "/start/gear", true, "expected an integer");
        row("start gear -2", R"({"format": "jounce.maneuver", "schemaVersion": 1, "start": {"gear": -2}, "phases": )" +
                                 ok + "}",
            "/start/gear", true, "must be in [-1, 30], got -2");
        row("start autoBox 1", R"({"format": "jounce.maneuver", "schemaVersion": 1, "start": {"autoBox": 1}, "phases": )" +
                                   ok + "}",
            "/start/autoBox", true, "true or false");
        row("smoothing", R"({"format": "jounce.maneuver", "schemaVersion": 1, "smoothing": "fast", "phases": )" + ok +
                             "}",
            "/smoothing", true, "\"keyboard\"");
        row("no phases", R"({"format": "jounce.maneuver", "schemaVersion": 1})", "/phases", true, "missing");
        row("phases object", withPhases("{}"), "/phases", true, "expected a list");
        row("phases empty", withPhases("[]"), "/phases", true, "at least one");
        row("phase string", withPhases(R"(["go"])"), "/phases/0", true, "expected an object");
        row("accel 1.5", withPhases(R"([{"inputs": {"accel": 1.5}, "until": {"duration": 1}}])"),
            "/phases/0/inputs/accel", true, "must be in [0, 1], got 1.5");
        row("brake -0.1", withPhases(R"([{"inputs": {"brake": -0.1}, "until": {"duration": 1}}])"),
            "/phases/0/inputs/brake", true, "must be in [0, 1], got -0.1");
        row("handbrake string", withPhases(R"([{"inputs": {"handbrake": "full"}, "until": {"duration": 1}}])"),
            "/phases/0/inputs/handbrake", true, "expected a number, got string \"full\"");
        row("steer -1.5", withPhases(R"([{"until": {"duration": 1}}, {"inputs": {"steer": -1.5}, "until": {"duration": 1}}])"),
            "/phases/1/inputs/steer", true, "must be in [-1, 1], got -1.5");
        row("gear 1.5", withPhases(R"([{"inputs": {"gear": 1.5}, "until": {"duration": 1}}])"),
            "/phases/0/inputs/gear", true, "expected an integer, got 1.5");
        row("gear 31", withPhases(R"([{"inputs": {"gear": 31}, "until": {"duration": 1}}])"),
            "/phases/0/inputs/gear", true, "must be in [-1, 30], got 31");
        row("huge number", withPhases(R"([{"inputs": {"accel": 1e400}, "until": {"duration": 1}}])"),
            "/phases/0/inputs/accel", true, "");
        row("autoBox string", withPhases(R"([{"inputs": {"autoBox": "on"}, "until": {"duration": 1}}])"),
            "/phases/0/inputs/autoBox", true, "true or false");
        row("inputs list", withPhases(R"([{"inputs": [], "until": {"duration": 1}}])"), "/phases/0/inputs", true,
            "expected an object");
        row("no until", withPhases(R"([{"name": "forever", "inputs": {"accel": 1}}])"), "/phases/0/until", true,
            "needs an end condition");
        row("empty until", withPhases(R"([{"until": {}}])"), "/phases/0/until", true, "no end condition");
        row("until null", withPhases(R"([{"until": null}])"), "/phases/0/until", true, "expected an object");
        row("duration 0", withPhases(R"([{"until": {"duration": 0}}])"), "/phases/0/until/duration", true,
            "must be in (0, 86400], got 0");
        row("stopped -1", withPhases(R"([{"until": {"stopped": -1}}])"), "/phases/0/until/stopped", true,
            "must be in (0, 1000], got -1");
        row("distance string", withPhases(R"([{"until": {"distance": "far"}}])"), "/phases/0/until/distance", true,
            "expected a number");
        row("speedAbove bool", withPhases(R"([{"until": {"speedAbove": true}}])"), "/phases/0/until/speedAbove", true,
            "expected a number");
        row("unknown root key", R"({"format": "jounce.maneuver", "schemaVersion": 1, "colour": "red", "phases": )" +
                                    ok + "}",
            "/colour", false, "unknown key");
        row("unknown input", withPhases(R"([{"inputs": {"throttle": 1}, "until": {"duration": 1}}])"),
            "/phases/0/inputs/throttle", false, "unknown key");
        row("unknown condition", withPhases(R"([{"until": {"duration": 1, "time": 2}}])"), "/phases/0/until/time",
            false, "unknown key");
        row("escaped key", withPhases(R"([{"until": {"duration": 1}, "a/b~c": 0}])"), "/phases/0/a~1b~0c", false,
            "unknown key");
        row("only unknown condition", withPhases(R"([{"until": {"leftTheTrack": 2}}])"), "/phases/0/until",
            true, "no end condition");

        std::string many = "[";
        for (int i = 0; i <= 1000; ++i)
            many += std::string(i ? "," : "") + R"({"until": {"duration": 1}})";
        row("1001 phases", withPhases(many + "]"), "/phases", true, "at most 1000 phases, got 1001");

        // Plausible bounds (conventions.md "Plausible ranges"): numbers no vehicle test asks for.
        const auto withStart = [&ok](const std::string& start) {
            return R"({"format": "jounce.maneuver", "schemaVersion": 1, "start": )" + start + R"(, "phases": )" + ok + "}";
        };
        row("start position 1e308", withStart(R"({"position": [1e308, 0]})"), "/start/position/0", true,
            "must be in [-1000000, 1000000], got 1e+308");
        row("start heading 1e9", withStart(R"({"position": [0, 0], "heading": 1e9})"), "/start/heading", true,
            "must be in [-6.283185307179586, 6.283185307179586], got 1000000000");
        row("speedAbove 1e9", withPhases(R"([{"until": {"speedAbove": 1e9}}])"), "/phases/0/until/speedAbove", true,
            "must be in [-1000, 1000], got 1000000000");
        row("duration 1e300", withPhases(R"([{"until": {"duration": 1e300}}])"), "/phases/0/until/duration", true,
            "must be in (0, 86400], got 1e+300");
        row("distance 1e12", withPhases(R"([{"until": {"distance": 1e12}}])"), "/phases/0/until/distance", true,
            "must be in (0, 1000000], got 1000000000000");
        row("polyline point", withPhases(R"([{"path": {"type": "polyline", "points": [[0, 0], [1e7, 0]]}, "until": {"duration": 1}}])"),
            "/phases/0/path/points/1/0", true, "must be in [-1000000, 1000000]");
        row("ramp rate", withPhases(R"([{"targetSpeed": {"speed": 10, "rate": 1e6}, "until": {"duration": 1}}])"),
            "/phases/0/targetSpeed/rate", true, "must be in (0, 1000]");
        row("lead speed", withPhases(R"([{"gap": {"lead": {"speedProfile": [[0, 5000]]}, "distance": 5, "freespace": true, "continuous": true}, "until": {"duration": 1}}])"),
            "/phases/0/gap/lead/speedProfile", true, "speeds 0 to 1000 m/s");
        row("name 201 bytes", R"({"format": "jounce.maneuver", "schemaVersion": 1, "name": ")" + std::string(201, 'n') +
                                  R"(", "phases": )" + ok + "}",
            "/name", true, "must be at most 200 bytes long, got 201 bytes");
        row("description 8193 bytes", R"({"format": "jounce.maneuver", "schemaVersion": 1, "description": ")" +
                                          std::string(8193, 'd') + R"(", "phases": )" + ok + "}",
            "/description", true, "must be at most 8192 bytes long, got 8193 bytes");
        row("phase name 3.5 MB", withPhases(R"([{"name": ")" + std::string(3'500'000, 'p') + R"(", "until": {"duration": 1}}])"),
            "/phases/0/name", true, "must be at most 200 bytes long, got 3500000 bytes");
    }

    void hostileInput()
    {
        QFETCH(QString, text);
        QFETCH(QString, pointer);
        QFETCH(bool, isError);
        QFETCH(QString, message);
        const ManeuverDocument doc = parseManeuver(text.toStdString());
        const Problem* p = find(doc.problems, pointer.toStdString());
        QVERIFY2(p, dump(doc.problems).c_str());
        QCOMPARE(p->severity == Severity::Error, isError);
        QVERIFY2(p->message.find(message.toStdString()) != std::string::npos, p->message.c_str());
        QCOMPARE(doc.ok(), !doc.problems.hasErrors() && doc.parsed);
        if (!isError)
            QVERIFY2(doc.ok(), dump(doc.problems).c_str());  // warnings alone do not stop a file
        else
            QVERIFY(!doc.ok());
    }

    void reportsEveryProblem()
    {
        const ManeuverDocument doc = parseManeuver(R"({"format": "jounce.maneuver", "schemaVersion": 1,
            "start": {"gear": 99},
            "phases": [{"inputs": {"accel": 2, "steer": 3}, "until": {"duration": 1}},
                       {"inputs": {"brake": 1}},
                       {"until": {"distance": -5}, "extra": 1}]})");
        QVERIFY(!doc.ok());
        QCOMPARE(doc.problems.errorCount(), std::size_t(5));
        for (const char* p : {"/start/gear", "/phases/0/inputs/accel", "/phases/0/inputs/steer", "/phases/1/until",
                              "/phases/2/until/distance", "/phases/2/extra"})
            QVERIFY2(find(doc.problems, p), p);
        // What was valid was still read.
        QCOMPARE(doc.maneuver.phases.size(), std::size_t(3));
        QCOMPARE(doc.maneuver.phases[1].inputs.brake, 1.0);
        QCOMPARE(*doc.maneuver.phases[0].until.duration, 1.0);
    }

    void thousandPhasesAreAllowed()
    {
        std::string many = "[";
        for (int i = 0; i < 1000; ++i)
            many += std::string(i ? "," : "") + R"({"until": {"duration": 0.5}})";
        const ManeuverDocument doc = parseManeuver(withPhases(many + "]"));
        QVERIFY2(doc.ok(), dump(doc.problems).c_str());
        QCOMPARE(doc.maneuver.phases.size(), kMaxManeuverPhases);
    }
};

QTEST_APPLESS_MAIN(TestManeuverJson)
#include "test_maneuver_json.moc"
