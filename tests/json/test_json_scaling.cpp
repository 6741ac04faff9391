// Hostile sizes within the file limits: objects of hundreds of thousands of keys parse, read and
// report in linear time (a few hundred ms, where key look-ups in the ordered object made it minutes),
// duplicate-key errors and unknown-key warnings are capped per object, and the vehicle, maneuver
// and terrain readers stay fast on such files. The inputs are generated here, not stored.

#include "config/VehicleJson.h"
#include "json/JsonText.h"
#include "json/ObjectReader.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainJson.h"

#include <QtTest>

#include <chrono>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>

using namespace jounce;
using namespace jounce::json;

namespace {

/// A short distinct key per index ("k" and base-62 digits), so 400 k members fit in 4 MiB.
std::string shortKey(std::size_t i)
{
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    std::string key = "k";
    do {
        key += digits[i % 62];
        i /= 62;
    } while (i != 0);
    return key;
}

/// `"k0": 0, "k1": 0, ...` for `count` keys starting at index `first` (no surrounding braces).
std::string members(std::size_t count, std::size_t first = 0)
{
    std::string out;
    out.reserve(count * 10);
    for (std::size_t i = first; i < first + count; ++i) {
        if (i != first)
            out += ',';
        out += '"' + shortKey(i) + "\":0";
    }
    return out;
}

/// The processor time `f` takes, in seconds (printed with the wall time). Processor time, so the
/// bounds hold on a machine busy with other builds and tests.
template <typename F>
double secondsOf(const char* what, F&& f)
{
    const auto wall = std::chrono::steady_clock::now();
    const std::clock_t start = std::clock();
    f();
    const double cpu = double(std::clock() - start) / CLOCKS_PER_SEC;
    qInfo("%s: %.3f s processor time, %.3f s wall", what, cpu,
          std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count());
    return cpu;
}

std::string readPreset(const std::string& relative)
{
    std::ifstream in(std::string(JOUNCE_SOURCE_DIR) + "/presets/" + relative, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// `text` (a JSON object) with `extra` members added after its opening brace.
std::string withMembers(const std::string& text, const std::string& extra)
{
    const std::size_t brace = text.find('{');
    return text.substr(0, brace + 1) + extra + "," + text.substr(brace + 1);
}

std::size_t countWarnings(const Problems& problems, const std::string& words)
{
    std::size_t n = 0;
    for (const Problem& p : problems.items)
        n += p.severity == Severity::Warning && p.message.find(words) != std::string::npos ? 1 : 0;
    return n;
}

std::string dump(const Problems& problems, std::size_t max = 40)
{
    std::string out;
    for (std::size_t i = 0; i < problems.items.size() && i < max; ++i)
        out += problems.items[i].toString() + "\n";
    return out;
}

constexpr double kBound = 1.0;  ///< seconds; the measured times are a few tenths of this

}  // namespace

class TestJsonScaling : public QObject {
    Q_OBJECT

private slots:
    void manyKeysParseInLinearTime()
    {
        const std::string text = "{" + members(300'000) + "}";
        QVERIFY(text.size() < JsonLimits{}.maxBytes);
        Problems problems;
        std::optional<Json> json;
        const double s = secondsOf("parseJson, 300000 keys", [&] { json = parseJson(text, problems); });
        QVERIFY2(json && problems.items.empty(), dump(problems).c_str());
        QCOMPARE(json->size(), std::size_t(300'000));
        // Insertion order is kept and every key finds its value.
        QCOMPARE(json->begin().key(), shortKey(0));
        QCOMPARE((--json->end()).key(), shortKey(299'999));
        QVERIFY(json->contains(shortKey(123'456)));
        QVERIFY2(s < kBound, qPrintable(QString::number(s)));
    }

    void aDuplicateKeyKeepsTheLastValueAtTheFirstPlace()
    {
        Problems problems;
        const std::optional<Json> json =
            parseJson(R"({"a": 1, "b": {"x": [1]}, "a": {"deep": [2, 3]}, "c": 4, "b": 5})", problems);
        QVERIFY(json);
        QCOMPARE(json->dump(), std::string(R"({"a":{"deep":[2,3]},"b":5,"c":4})"));
        QCOMPARE(problems.items.size(), std::size_t(2));
        QCOMPARE(problems.items[0].toString(), std::string("/a: duplicate key \"a\" (a key may appear once per object)"));
        QCOMPARE(problems.items[1].toString(), std::string("/b: duplicate key \"b\" (a key may appear once per object)"));
    }

    void duplicateKeyErrorsAreCappedPerObject()
    {
        // 200 k members, all the same 1000 keys again and again: 199 000 duplicates.
        std::string text = "{\"inner\": {";
        for (int round = 0; round < 200; ++round)
            text += (round ? "," : "") + members(1000);
        text += "}}";
        Problems problems;
        std::optional<Json> json;
        const double s = secondsOf("parseJson, 199000 duplicate keys", [&] { json = parseJson(text, problems); });
        QVERIFY(json);
        QCOMPARE(json->at("inner").size(), std::size_t(1000));
        QCOMPARE(problems.items.size(), std::size_t(21));
        QCOMPARE(problems.items[0].toString(),
                 "/inner/" + shortKey(0) + ": duplicate key \"" + shortKey(0) + "\" (a key may appear once per object)");
        QCOMPARE(problems.items[20].toString(), std::string("/inner: and 198980 more duplicate keys"));
        QVERIFY(problems.items[20].severity == Severity::Error);
        QVERIFY2(s < kBound, qPrintable(QString::number(s)));
    }

    void unknownKeyWarningsAreCappedPerObject()
    {
        // 30 unknown keys with an ignored one among them, in an object at /part.
        const std::string text = "{" + members(25) + ", \"driveModel\": 1, " + members(5, 25) + "}";
        Problems parseProblems;
        const Json json = *parseJson(text, parseProblems);
        Problems problems;
        ObjectReader r(json, "/part", problems);
        r.ignore("driveModel", "ignored: only used when drive.type is tank");
        r.reportUnknown();
        QCOMPARE(problems.items.size(), std::size_t(ObjectReader::kMaxUnknownKeyWarnings + 2));
        QCOMPARE(problems.items[0].toString(),
                 "/part/" + shortKey(0) + ": unknown key, ignored (it will not be saved)");
        QCOMPARE(problems.items[19].pointer, "/part/" + shortKey(19));
        // The ignored key keeps its reason, in file order; then one warning for the rest.
        QCOMPARE(problems.items[20].toString(), std::string("/part/driveModel: ignored: only used when drive.type is tank"));
        QCOMPARE(problems.items[21].toString(),
                 std::string("/part: and 10 more unknown keys, ignored (they will not be saved)"));
        QVERIFY(!problems.hasErrors());

        // At the root of a format Jounce does not write: no promise about saving.
        Problems readOnly;
        ObjectReader root(json, "", readOnly, false);
        root.reportUnknown();
        QCOMPARE(readOnly.items.back().toString(), std::string("/: and 11 more unknown keys, ignored"));

        // Exactly the cap: no summary.
        const Json twenty = *parseJson("{" + members(20) + "}", parseProblems);
        Problems capped;
        ObjectReader(twenty, "", capped).reportUnknown();
        QCOMPARE(capped.items.size(), std::size_t(20));
    }

    void objectReaderOnManyKeysIsLinear()
    {
        Problems parseProblems;
        const Json json = *parseJson("{" + members(400'000) + "}", parseProblems);
        Problems problems;
        const double s = secondsOf("ObjectReader, 400000 keys", [&] {
            ObjectReader r(json, "", problems);
            for (std::size_t i = 0; i < 30; ++i)  // a reader asks for its few dozen keys
                r.find("known" + std::to_string(i));
            r.number(shortKey(399'999), {});
            r.reportUnknown();
        });
        QCOMPARE(problems.items.size(), std::size_t(ObjectReader::kMaxUnknownKeyWarnings + 1));
        QCOMPARE(problems.items.back().toString(),
                 std::string("/: and 399979 more unknown keys, ignored (they will not be saved)"));
        QVERIFY2(s < kBound, qPrintable(QString::number(s)));
    }

    void vehicleFileOfUnknownKeysReadsFast()
    {
        // The reference car with unknown keys up to the 4 MiB limit, at the root and in /chassis.
        const std::string car = readPreset("physx-snippet-4w.json");
        const std::size_t room = JsonLimits{}.maxBytes - car.size() - 100;
        const std::size_t keys = room / 2 / 10;  // about 10 bytes per member
        std::string text = withMembers(car, members(keys));
        const std::size_t chassis = text.find("\"chassis\": {") + std::string("\"chassis\": ").size();
        text = text.substr(0, chassis + 1) + members(keys, keys) + "," + text.substr(chassis + 1);
        QVERIFY2(text.size() <= JsonLimits{}.maxBytes, qPrintable(QString::number(text.size())));
        config::VehicleFile doc;
        const double s = secondsOf("parseVehicle, 4 MiB of unknown keys", [&] { doc = config::parseVehicle(text); });
        QVERIFY2(doc.ok(), dump(doc.problems).c_str());
        QCOMPARE(doc.problems.items.size(), std::size_t(2 * (ObjectReader::kMaxUnknownKeyWarnings + 1)));
        QCOMPARE(countWarnings(doc.problems, "more unknown keys"), std::size_t(2));
        QVERIFY2(s < kBound, qPrintable(QString::number(s)));
    }

    void maneuverFileOf400kKeysReadsFast()
    {
        const std::string settle = readPreset("maneuvers/settle.json");
        const std::string text = withMembers(settle, members(400'000));
        QVERIFY(text.size() <= JsonLimits{}.maxBytes);
        sim::ManeuverDocument doc;
        const double s = secondsOf("parseManeuver, 400000 unknown keys", [&] { doc = sim::parseManeuver(text); });
        QVERIFY2(doc.ok(), dump(doc.problems).c_str());
        QCOMPARE(countWarnings(doc.problems, "and 399980 more unknown keys"), std::size_t(1));
        QVERIFY2(s < kBound, qPrintable(QString::number(s)));
    }

    void terrainFileOf400kKeysReadsFast()
    {
        const std::string flat = readPreset("terrains/flat.json");
        const std::string text = withMembers(flat, members(400'000));
        sim::TerrainDocument doc;
        const double s = secondsOf("parseTerrain, 400000 unknown keys", [&] { doc = sim::parseTerrain(text, "."); });
        QVERIFY2(doc.ok(), dump(doc.problems).c_str());
        QCOMPARE(countWarnings(doc.problems, "and 399980 more unknown keys"), std::size_t(1));
        QVERIFY2(s < kBound, qPrintable(QString::number(s)));
    }

    void terrainOfManyFeaturesWithUnknownKeysReadsFast()
    {
        // 10000 features (the most a terrain may have), each with 21 unknown keys: 210 000
        // warnings, where the reader once recounted every problem after each feature.
        std::string features;
        for (int f = 0; f < 10'000; ++f)
            features += std::string(f ? "," : "") + R"({"type": "bump", "at": [0, 0], "length": 4, "width": 4, )" +
                        R"("height": 0.01, )" + members(21) + "}";
        const std::string text = R"({"format": "jounce.terrain", "schemaVersion": 1, "name": "t",)"
                                 R"( "extent": {"xMin": -50, "xMax": 50, "yMin": -50, "yMax": 50}, "spacing": 1,)"
                                 R"( "base": {"type": "flat"}, "features": [)" + features + "]}";
        sim::TerrainDocument doc;
        const double s = secondsOf("parseTerrain, 10000 features of 21 unknown keys",
                                   [&] { doc = sim::parseTerrain(text, "."); });
        QVERIFY2(doc.ok(), dump(doc.problems).c_str());
        QCOMPARE(doc.problems.items.size(), std::size_t(10'000 * (ObjectReader::kMaxUnknownKeyWarnings + 1)));
        QCOMPARE(doc.problems.items.back().toString(), std::string("/features/9999: and 1 more unknown keys, ignored"));
        QVERIFY2(s < kBound, qPrintable(QString::number(s)));
    }
};

QTEST_GUILESS_MAIN(TestJsonScaling)
#include "test_json_scaling.moc"
