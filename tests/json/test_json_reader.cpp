// The checked JSON reader alone (json/ObjectReader.h): every wrong type, value out of its limits,
// unknown key and missing member is reported once, at its JSON pointer, in the registry's words;
// and messages that quote long UTF-8 strings cut them on a character boundary instead of throwing.

#include "json/JsonText.h"
#include "json/ObjectReader.h"

#include <QtTest>

#include <array>
#include <string>

using namespace jounce;
using namespace jounce::json;

namespace {

Json parse(const char* text)
{
    Problems problems;
    std::optional<Json> json = parseJson(text, problems);
    if (!json || !problems.items.empty())
        qFatal("test JSON does not parse: %s", text);
    return *json;
}

std::string dump(const Problems& problems)
{
    std::string out;
    for (const Problem& p : problems.items)
        out += (p.severity == Severity::Error ? "error " : "warning ") + p.toString() + "\n";
    return out;
}

/// The only problem, as "pointer: message" (with "warning: " for a warning), or the list when
/// there is not exactly one.
std::string only(const Problems& problems)
{
    if (problems.items.size() != 1)
        return "not one problem:\n" + dump(problems);
    const Problem& p = problems.items[0];
    return (p.severity == Severity::Warning ? "warning: " : "") + p.toString();
}

bool isValidUtf8(const std::string& s)
{
    try {
        (void)Json(s).dump();  // the strict handler throws on a broken sequence
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

constexpr std::array<const char*, 3> kColours{"red", "green", "blue"};
enum class Colour { Red, Green, Blue };

}  // namespace

class TestJsonReader : public QObject {
    Q_OBJECT
private slots:
    void goodValuesRead()
    {
        const Json j = parse(R"({"t": "x", "b": true, "n": 0.5, "i": 3.0, "u": 18446744073709551615, "e": "blue",
                                 "p": [1, 2], "ps": [[0, 1], [2, 3]], "l": [1, 2], "o": {"k": 1}})");
        Problems problems;
        ObjectReader r(j, "", problems);
        QCOMPARE(*r.text("t"), std::string("x"));
        QCOMPARE(*r.boolean("b"), true);
        QCOMPARE(*r.number("n", NumberLimits::closed(0, 1)), 0.5);
        QCOMPARE(*r.integer("i", 0, 5), 3);
        QCOMPARE(*r.unsignedInteger("u"), std::uint64_t(18446744073709551615ull));
        QVERIFY(*r.enumeration<Colour>("e", kColours) == Colour::Blue);
        QCOMPARE(*r.pair("p", {}), (Pair{1, 2}));
        QCOMPARE(r.pairs("ps", {}, {})->size(), std::size_t(2));
        QVERIFY(r.list("l", {2, 2}));
        auto o = r.object("o");
        QVERIFY(o);
        QCOMPARE(*o->integer("k", 0, 1), 1);
        o->reportUnknown();
        r.reportUnknown();
        QVERIFY2(problems.items.empty(), dump(problems).c_str());
        // Absent optional members are nothing, not problems; numberOr gives its fallback.
        QVERIFY(!r.number("absent", {}));
        QCOMPARE(*r.numberOr("absent", {}, 7.0), 7.0);
        QVERIFY(problems.items.empty());
    }

    void wrongTypes_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("getter");
        QTest::addColumn<QString>("problem");
        QTest::newRow("text") << "5" << "text" << "/v: expected a string, got number 5";
        QTest::newRow("boolean") << "1" << "boolean" << "/v: expected true or false, got number 1";
        QTest::newRow("number") << "\"full\"" << "number" << "/v: expected a number, got string \"full\"";
        QTest::newRow("number null") << "null" << "number" << "/v: expected a number, got null";
        QTest::newRow("integer fraction") << "1.5" << "integer" << "/v: expected an integer, got 1.5";
        QTest::newRow("integer bool") << "true" << "integer" << "/v: expected an integer, got true";
        QTest::newRow("unsigned fraction") << "2.5" << "unsigned" << "/v: expected an integer, got 2.5";
        QTest::newRow("enumeration") << "3" << "enumeration"
                                     << "/v: expected one of \"red\", \"green\", \"blue\", got number 3";
        QTest::newRow("enumeration word") << "\"pink\"" << "enumeration"
                                          << "/v: expected one of \"red\", \"green\", \"blue\", got string \"pink\"";
        QTest::newRow("object") << "[1, 2]" << "object" << "/v: expected an object, got an array of 2";
        QTest::newRow("list") << "{}" << "list" << "/v: expected a list, got an object";
        QTest::newRow("pair") << "[1]" << "pair" << "/v: expected an [x, y] pair, got an array of 1";
        QTest::newRow("pair component") << "[1, \"a\"]" << "pair" << "/v/1: expected a number, got string \"a\"";
    }

    void wrongTypes()
    {
        QFETCH(QString, value);
        QFETCH(QString, getter);
        QFETCH(QString, problem);
        const Json j = parse(("{\"v\": " + value.toStdString() + "}").c_str());
        Problems problems;
        ObjectReader r(j, "", problems);
        bool found = true;
        if (getter == "text")
            found = r.text("v").has_value();
        else if (getter == "boolean")
            found = r.boolean("v").has_value();
        else if (getter == "number")
            found = r.number("v", {}).has_value();
        else if (getter == "integer")
            found = r.integer("v", -10, 10).has_value();
        else if (getter == "unsigned")
            found = r.unsignedInteger("v").has_value();
        else if (getter == "enumeration")
            found = r.enumeration("v", kColours).has_value();
        else if (getter == "object")
            found = r.object("v").has_value();
        else if (getter == "list")
            found = r.list("v") != nullptr;
        else if (getter == "pair")
            found = r.pair("v", {}).has_value();
        QVERIFY(!found);
        r.reportUnknown();  // a key asked for is known, even when its value is wrong
        QCOMPARE(QString::fromStdString(only(problems)), problem);
        QVERIFY(problems.hasErrors());
    }

    void outOfLimits_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<double>("min");
        QTest::addColumn<double>("max");
        QTest::addColumn<bool>("minExclusive");
        QTest::addColumn<QString>("problem");
        const double inf = std::numeric_limits<double>::infinity();
        QTest::newRow("closed high") << "1.5" << 0.0 << 1.0 << false << "/v: must be in [0, 1], got 1.5";
        QTest::newRow("closed low") << "-0.1" << 0.0 << 1.0 << false << "/v: must be in [0, 1], got -0.1";
        QTest::newRow("half open") << "-2" << 0.0 << 1e5 << true << "/v: must be in (0, 100000], got -2";
        QTest::newRow("above zero") << "0" << 0.0 << inf << true << "/v: must be > 0, got 0";
        QTest::newRow("at least") << "-1e-3" << 0.0 << inf << false << "/v: must be >= 0, got -0.001";
        QTest::newRow("at most") << "3" << -inf << 2.0 << false << "/v: must be <= 2, got 3";
    }

    void outOfLimits()
    {
        QFETCH(QString, value);
        QFETCH(double, min);
        QFETCH(double, max);
        QFETCH(bool, minExclusive);
        QFETCH(QString, problem);
        const Json j = parse(("{\"v\": " + value.toStdString() + "}").c_str());
        Problems problems;
        ObjectReader r(j, "", problems);
        const NumberLimits limits{min, max, minExclusive, false};
        QVERIFY(!r.number("v", limits));
        QCOMPARE(QString::fromStdString(only(problems)), problem);
        // On the boundary itself: in for a closed end, out for an open one.
        QCOMPARE(limits.contains(min), !minExclusive);
    }

    void integerAndListBounds()
    {
        const Json j = parse(R"({"gear": -2, "seed": -1, "phases": [1, 2, 3], "corners": [[0, 0], [1, 1]]})");
        Problems problems;
        ObjectReader r(j, "", problems);
        QVERIFY(!r.integer("gear", -1, 30));
        QVERIFY(!r.unsignedInteger("seed"));
        QVERIFY(!r.list("phases", {0, 2, "phases"}));
        QVERIFY(!r.pairs("corners", {3, 10, "corners"}, {}));
        QCOMPARE(problems.items.size(), std::size_t(4));
        QCOMPARE(problems.items[0].toString(), std::string("/gear: must be in [-1, 30], got -2"));
        QCOMPARE(problems.items[1].toString(), std::string("/seed: must be >= 0, got -1"));
        QCOMPARE(problems.items[2].toString(), std::string("/phases: must have at most 2 phases, got 3"));
        QCOMPARE(problems.items[3].toString(), std::string("/corners: must have 3 to 10 corners, got 2"));
    }

    void unknownKeys()
    {
        const Json j = parse(R"({"known": 1, "checked": 2, "a/b~c": 3, "nested": {"x": 1, "y": 2}})");
        Problems saved;
        ObjectReader r(j, "/root", saved);
        r.number("known", {});
        QVERIFY(r.has("checked"));  // has() alone does not make a key known
        if (auto n = r.object("nested")) {
            n->number("x", {});
            n->reportUnknown();
        }
        r.reportUnknown();
        QCOMPARE(saved.items.size(), std::size_t(3));
        QVERIFY(!saved.hasErrors());
        QCOMPARE(saved.items[0].toString(), std::string("/root/nested/y: unknown key, ignored (it will not be saved)"));
        QCOMPARE(saved.items[1].pointer, std::string("/root/checked"));
        QCOMPARE(saved.items[2].pointer, std::string("/root/a~1b~0c"));  // RFC 6901 escapes

        // A format Jounce does not write does not promise a save; nested readers inherit that.
        Problems readOnly;
        ObjectReader t(j, "", readOnly, false);
        t.object("nested")->reportUnknown();
        QCOMPARE(readOnly.items.size(), std::size_t(2));
        QCOMPARE(readOnly.items[0].toString(), std::string("/nested/x: unknown key, ignored"));
    }

    void ignoredKeysSayWhyInFileOrder()
    {
        // The vehicle registry's drive-type parts: a key known elsewhere is ignored with a reason,
        // warned about where it stands among the unknown ones; a key also read is used.
        const Json j = parse(R"({"zzz": 1, "driveModel": 2, "used": 3, "aaa": 4})");
        Problems problems;
        ObjectReader r(j, "/drive", problems);
        r.ignore("driveModel", "ignored: only used when drive.type is tank");
        r.ignore("driveModel", "ignored: a second reason is not kept");
        r.ignore("used", "ignored: never said");
        r.number("used", {});
        r.reportUnknown();
        QCOMPARE(dump(problems), std::string("warning /drive/zzz: unknown key, ignored (it will not be saved)\n"
                                             "warning /drive/driveModel: ignored: only used when drive.type is tank\n"
                                             "warning /drive/aaa: unknown key, ignored (it will not be saved)\n"));
    }

    void integerWithinNumberLimits()
    {
        Problems problems;
        QCOMPARE(readInteger(Json(3.0), "/n", NumberLimits::above(0), problems), std::optional<long long>(3));
        QVERIFY(!readInteger(Json(0), "/n", NumberLimits::above(0), problems));
        QVERIFY(!readInteger(Json(1e300), "/m", NumberLimits{}, problems));  // unbounded stops at 2^53
        QCOMPARE(problems.items.size(), std::size_t(2));
        QCOMPARE(problems.items[0].toString(), std::string("/n: must be > 0, got 0"));
        QCOMPARE(problems.items[1].pointer, std::string("/m"));
    }

    void missingRequired()
    {
        const Json j = parse(R"({"present": 1})");
        Problems problems;
        ObjectReader r(j, "/o", problems);
        QVERIFY(!r.number("speed", {}, required()));
        QVERIFY(!r.text("name", required("the phase's name")));
        QVERIFY(!r.object("until", required()));
        QVERIFY(!r.number("optional", {}));
        QCOMPARE(problems.items.size(), std::size_t(3));
        QCOMPARE(problems.items[0].toString(), std::string("/o/speed: missing (required)"));
        QCOMPARE(problems.items[1].toString(), std::string("/o/name: missing (required): the phase's name"));
        QCOMPARE(problems.items[2].pointer, std::string("/o/until"));
        QVERIFY(problems.hasErrors());
    }

    void nestedPointers()
    {
        const Json j = parse(R"({"phases": [{"until": {}}, 7, {"gap": {"lead": {"speedProfile": [[0, 1], [1, "x"]]}}}],
                                 "path": {"points": [[0, 0], [1, 2, 3]]}})");
        Problems problems;
        ObjectReader root(j, "", problems);
        const Json* phases = root.list("phases");
        QVERIFY(phases);
        for (std::size_t i = 0; i < phases->size(); ++i) {
            auto phase = root.element(*phases, "phases", i);
            if (!phase)
                continue;
            if (auto until = phase->object("until"))
                until->number("duration", {}, required());
            if (auto gap = phase->object("gap"))
                if (auto lead = gap->object("lead"))
                    lead->pairs("speedProfile", {}, {});
        }
        if (auto path = root.object("path"))
            path->pairs("points", {}, {});
        std::vector<std::string> pointers;
        for (const Problem& p : problems.items)
            pointers.push_back(p.pointer);
        QCOMPARE(pointers, (std::vector<std::string>{"/phases/0/until/duration", "/phases/1",
                                                     "/phases/2/gap/lead/speedProfile/1/1", "/path/points/1"}));
        QCOMPARE(problems.items[1].message, std::string("expected an object, got number 7"));
    }

    void formatHeader()
    {
        const auto header = [](const char* text, Problems& problems) {
            const Json j = parse(text);
            ObjectReader r(j, "", problems);
            return readFormatHeader(r, "jounce.thing", 2, "a thing file");
        };
        Problems ok;
        QVERIFY(header(R"({"format": "jounce.thing", "schemaVersion": 2})", ok));
        QVERIFY(ok.items.empty());
        Problems missing;
        QVERIFY(header("{}", missing));
        QCOMPARE(missing.items.size(), std::size_t(2));
        QCOMPARE(missing.items[0].toString(),
                 std::string("/format: missing: a thing file starts with \"format\": \"jounce.thing\""));
        QCOMPARE(missing.items[1].toString(), std::string("/schemaVersion: missing (required); this Jounce writes version 2"));
        Problems newer;
        QVERIFY(!header(R"({"format": "jounce.thing", "schemaVersion": 3})", newer));
        QVERIFY(only(newer).find("newer Jounce") != std::string::npos);
        Problems huge;
        QVERIFY(!header(R"({"format": "jounce.thing", "schemaVersion": 18446744073709551615})", huge));
        Problems wrong;
        QVERIFY(header(R"({"format": "jounce.other", "schemaVersion": 0})", wrong));
        QCOMPARE(wrong.items.size(), std::size_t(2));
        QCOMPARE(wrong.items[0].toString(), std::string("/format: must be \"jounce.thing\", got string \"jounce.other\""));
        QCOMPARE(wrong.items[1].toString(), std::string("/schemaVersion: must be >= 1, got 0"));
    }

    void longUtf8StringsAreCutOnACharacterBoundary_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("keptBytes");
        // Byte 40 (the cut) falls inside a 2-, 3- and 4-byte character, or right after one.
        QTest::newRow("2-byte across the cut") << QString(39, 'a') + QString::fromUtf8("é") + "tail" << 39;
        QTest::newRow("3-byte across the cut") << QString(38, 'a') + QString::fromUtf8("€") + "tail" << 38;
        QTest::newRow("4-byte across the cut") << QString(37, 'a') + QString::fromUtf8("😀") + "tail" << 37;
        QTest::newRow("4-byte ending at the cut") << QString(36, 'a') + QString::fromUtf8("😀") + "tail" << 40;
        QTest::newRow("all 3-byte") << QString::fromUtf8("€").repeated(20) << 39;
        QTest::newRow("short") << QString::fromUtf8("ünïcödé") << -1;
    }

    void longUtf8StringsAreCutOnACharacterBoundary()
    {
        QFETCH(QString, text);
        QFETCH(int, keptBytes);
        const std::string s = text.toStdString();
        QVERIFY(isValidUtf8(s));
        std::string described;
        try {
            described = describeJson(Json(s));
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
        QVERIFY(isValidUtf8(described));
        const std::string expected =
            "string \"" + (keptBytes < 0 ? s : s.substr(0, std::size_t(keptBytes)) + "...") + "\"";
        QCOMPARE(described, expected);

        // The same through a reader's message: it never throws and stays valid UTF-8.
        const Json j = Json{{"name", s}};
        Problems problems;
        ObjectReader r(j, "", problems);
        try {
            QVERIFY(!r.number("name", {}));
        } catch (const std::exception& e) {
            QFAIL(e.what());
        }
        QCOMPARE(problems.items.size(), std::size_t(1));
        QVERIFY(isValidUtf8(problems.items[0].message));
        QCOMPARE(problems.items[0].message, "expected a number, got " + expected);
    }
};

QTEST_APPLESS_MAIN(TestJsonReader)
#include "test_json_reader.moc"
