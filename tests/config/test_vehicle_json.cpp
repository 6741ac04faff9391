// Vehicle files: presets round-trip byte for byte, hostile input gives pointer-located errors and
// never crashes, saving is atomic.

#include "support/TestVehicles.h"
#include "config/ReferenceCar.h"
#include "config/VehicleJson.h"

#include <QtTest>

#include <chrono>
#include <filesystem>
#include <fstream>

using namespace jounce;
namespace fs = std::filesystem;

namespace {

std::string readFile(const fs::path& p)
{
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::string referenceText() { return config::vehicleToText(referenceCar()); }

/// The reference car's text with one substring replaced.
std::string withReplaced(const std::string& from, const std::string& to)
{
    std::string t = referenceText();
    const auto pos = t.find(from);
    Q_ASSERT(pos != std::string::npos);
    return t.replace(pos, from.size(), to);
}

/// True when some error is located at `pointer` and its message contains `words`.
bool hasError(const config::VehicleFile& doc, const std::string& pointer, const std::string& words = {})
{
    for (const Problem& p : doc.problems.items)
        if (p.severity == Severity::Error && p.pointer == pointer && p.message.find(words) != std::string::npos)
            return true;
    return false;
}

QString dump(const config::VehicleFile& doc)
{
    QString s;
    for (const Problem& p : doc.problems.items)
        s += QString::fromStdString(p.toString()) + "\n";
    return s;
}

}  // namespace

class TestVehicleJson : public QObject {
    Q_OBJECT
private slots:
    void presetsRoundTripByteForByte()
    {
        int count = 0;
        for (const auto& entry : fs::directory_iterator(fs::path(JOUNCE_SOURCE_DIR) / "presets")) {
            if (entry.path().extension() != ".json")
                continue;
            const std::string text = readFile(entry.path());
            const config::VehicleFile doc = config::parseVehicle(text);
            QVERIFY2(doc.ok(), qPrintable(QString::fromStdString(entry.path().string()) + "\n" + dump(doc)));
            QVERIFY2(doc.problems.items.empty(), qPrintable(dump(doc)));  // no warnings either
            QVERIFY2(config::vehicleToText(doc.config) == text, qPrintable(QString::fromStdString(entry.path().string())));
            ++count;
        }
        QVERIFY(count >= 1);
    }

    void referencePresetIsTheSpecCar()
    {
        // presets/physx-snippet-4w.json is exactly the vehicle-model §6.14 car built in code.
        const std::string text = readFile(fs::path(JOUNCE_SOURCE_DIR) / "presets/physx-snippet-4w.json");
        QVERIFY(text == referenceText());
        QVERIFY(config::parseVehicle(text).config == referenceCar());
    }

    void optionalPartsRoundTrip()
    {
        for (const VehicleConfig& c : {testing::carWithCompliance(), testing::nwCar(), testing::tankCar()}) {
            const std::string text = config::vehicleToText(c);
            const config::VehicleFile doc = config::parseVehicle(text);
            QVERIFY2(doc.ok(), qPrintable(dump(doc)));
            QCOMPARE(QString::fromStdString(config::vehicleToText(doc.config)), QString::fromStdString(text));
        }
    }

    void antiRollBarModeRoundTrips()
    {
        // vehicle-model §2.13.1: PhysX's bars (the default) leave no "mode" in the file, so files
        // written before it stay byte for byte; a wheelForces bar writes it and reads back.
        QVERIFY(referenceText().find("\"mode\"") == std::string::npos);
        VehicleConfig car = referenceCar();
        car.antiRollBars[1].mode = AntiRollBarMode::WheelForces;
        const std::string text = config::vehicleToText(car);
        QVERIFY(text.find("\"mode\": \"wheelForces\"") != std::string::npos);
        const config::VehicleFile doc = config::parseVehicle(text);
        QVERIFY2(doc.ok() && doc.problems.items.empty(), qPrintable(dump(doc)));
        QVERIFY(doc.config == car);
        QVERIFY(doc.config.antiRollBars[0].mode == AntiRollBarMode::RollTorque);
        QVERIFY(doc.config.antiRollBars[1].mode == AntiRollBarMode::WheelForces);
        // Written out explicitly, the default reads as the default and is left out again.
        const std::string explicitDefault = withReplaced("\"stiffness\": 10000.0", "\"stiffness\": 10000.0, \"mode\": \"rollTorque\"");
        const config::VehicleFile again = config::parseVehicle(explicitDefault);
        QVERIFY2(again.ok(), qPrintable(dump(again)));
        QVERIFY(again.config == referenceCar());
        QVERIFY(config::vehicleToText(again.config) == referenceText());
    }

    void missingRadiusAndNegativeSpringBothReported()
    {
        std::string t = referenceText();
        // Remove the second wheel's radius and make the third wheel's spring negative.
        std::size_t pos = 0;
        for (int i = 0; i < 2; ++i)
            pos = t.find("\"radius\": 0.5,", pos) + 1;
        t.erase(pos - 1, std::string("\"radius\": 0.5,").size());
        pos = 0;
        for (int i = 0; i < 3; ++i)
            pos = t.find("\"springStrength\": 35000.0", pos) + 1;
        t.replace(pos - 1, std::string("\"springStrength\": 35000.0").size(), "\"springStrength\": -5");
        const config::VehicleFile doc = config::parseVehicle(t);
        QVERIFY(!doc.ok());
        QVERIFY2(hasError(doc, "/wheels/1/wheel/radius", "missing"), qPrintable(dump(doc)));
        QVERIFY2(hasError(doc, "/wheels/2/suspension/springStrength", "must be > 0, got -5"), qPrintable(dump(doc)));
        QCOMPARE(doc.problems.errorCount(), std::size_t(2));  // each problem once
        // Everything else was read: the third wheel keeps its negative spring for the user to fix.
        QCOMPARE(doc.config.wheels[2].suspension.springStrength, -5.0);
        QCOMPARE(doc.config.chassis.mass, 1500.0);
    }

    void hostileInput_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("words");
        const auto ref = QByteArray::fromStdString(referenceText());
        QTest::newRow("empty") << QByteArray() << "" << "empty";
        QTest::newRow("whitespace") << QByteArray(" \n\t ") << "" << "empty";
        QTest::newRow("truncated") << ref.left(ref.indexOf("\"linearDamping\"") + 20) << "/chassis/linearDamping" << "unexpected end of input";
        QTest::newRow("not an object") << QByteArray("[1, 2]") << "" << "JSON object";
        QTest::newRow("wrong type") << QByteArray::fromStdString(withReplaced("\"mass\": 1500.0", "\"mass\": \"heavy\"")) << "/chassis/mass" << "expected a number";
        QTest::newRow("wrong shape") << QByteArray::fromStdString(withReplaced("\"cmOffset\": [0.25, 0.0, -0.35]", "\"cmOffset\": [0.25, 0.0]")) << "/chassis/cmOffset" << "expected 3 values";
        QTest::newRow("object for number") << QByteArray::fromStdString(withReplaced("\"finalRatio\": 4.0", "\"finalRatio\": {}")) << "/drive/gears/finalRatio" << "expected a number";
        QTest::newRow("NaN") << QByteArray::fromStdString(withReplaced("\"mass\": 1500.0", "\"mass\": NaN")) << "/chassis/mass" << "NaN and Infinity";
        QTest::newRow("Infinity") << QByteArray::fromStdString(withReplaced("\"mass\": 1500.0", "\"mass\": Infinity")) << "/chassis/mass" << "NaN and Infinity";
        QTest::newRow("overflow") << QByteArray::fromStdString(withReplaced("\"mass\": 1500.0", "\"mass\": 1e999")) << "/chassis/mass" << "overflow";
        QTest::newRow("negative mass") << QByteArray::fromStdString(withReplaced("\"mass\": 1500.0", "\"mass\": -1500")) << "/chassis/mass" << "must be > 0, got -1500";
        QTest::newRow("negative wheel mass") << QByteArray::fromStdString(withReplaced("\"mass\": 20.0", "\"mass\": -20")) << "/wheels/0/wheel/mass" << "must be > 0";
        QTest::newRow("duplicate key") << QByteArray::fromStdString(withReplaced("\"mass\": 1500.0", "\"mass\": 1500.0, \"mass\": 1")) << "/chassis/mass" << "duplicate key";
        QTest::newRow("non-UTF-8") << QByteArray::fromStdString(withReplaced("PhysX SnippetVehicle4W", "PhysX \xff\xfe")) << "/name" << "UTF-8";
        QTest::newRow("too many wheels") << QByteArray::fromStdString(withReplaced("\"wheels\": [", "\"wheels\": [" + std::string(25 * 3, ' ').replace(0, 0, [] { std::string s; for (int i = 0; i < 25; ++i) s += "{},"; return s; }()))) << "/wheels" << "must have 1 to 20 elements, got 29";
        QTest::newRow("unknown format") << QByteArray::fromStdString(withReplaced("jounce.vehicle", "jounce.maneuver")) << "/format" << "must be \"jounce.vehicle\"";
        QTest::newRow("newer schema") << QByteArray::fromStdString(withReplaced("\"schemaVersion\": 1", "\"schemaVersion\": 7")) << "/schemaVersion" << "newer Jounce";
        QTest::newRow("bad enum") << QByteArray::fromStdString(withReplaced("\"type\": \"4W\"", "\"type\": \"6W\"")) << "/drive/type" << "one of";
        QTest::newRow("bad bar mode") << QByteArray::fromStdString(withReplaced("\"stiffness\": 10000.0", "\"stiffness\": 10000.0, \"mode\": \"wheelforces\""))
                                      << "/antiRollBars/0/mode" << "one of";
    }

    void hostileInput()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, pointer);
        QFETCH(QString, words);
        const config::VehicleFile doc = config::parseVehicle(std::string_view(text.constData(), std::size_t(text.size())));
        QVERIFY(!doc.ok());
        QVERIFY2(hasError(doc, pointer.toStdString(), words.toStdString()), qPrintable(dump(doc)));
    }

    void aMillionWheelsInBoundedTimeAndMemory()
    {
        // 1,000,000 empty wheel objects: 3 MB of text. The parser stops at its value budget with an
        // error inside /wheels instead of building a million-element document.
        std::string t = withReplaced("\"wheels\": [", "\"wheels\": [" + [] {
            std::string s;
            s.reserve(3'000'000);
            for (int i = 0; i < 1'000'000; ++i)
                s += "{},";
            return s;
        }());
        const auto start = std::chrono::steady_clock::now();
        const config::VehicleFile doc = config::parseVehicle(t);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        QVERIFY(!doc.ok());
        QVERIFY2(!doc.problems.items.empty() && doc.problems.items.front().pointer.rfind("/wheels/", 0) == 0, qPrintable(dump(doc)));
        QVERIFY2(seconds < 5.0, qPrintable(QString::number(seconds)));
        QVERIFY(doc.config.wheels.size() <= std::size_t(kMaxWheels));
    }

    void deepNesting()
    {
        const std::string deep = "{\"format\": \"jounce.vehicle\", \"schemaVersion\": 1, \"name\": " + std::string(10000, '[') +
                                 std::string(10000, ']') + "}";
        const config::VehicleFile doc = config::parseVehicle(deep);
        QVERIFY(!doc.ok());
        QVERIFY2(doc.problems.items.front().message.find("nested deeper than 64") != std::string::npos, qPrintable(dump(doc)));
        QVERIFY(doc.problems.items.front().pointer.rfind("/name/0/0", 0) == 0);
    }

    void unknownKeysAreWarnings()
    {
        const config::VehicleFile doc = config::parseVehicle(withReplaced("\"mass\": 1500.0", "\"mass\": 1500.0, \"colour\": \"red\""));
        QVERIFY2(doc.ok(), qPrintable(dump(doc)));
        QCOMPARE(doc.problems.items.size(), std::size_t(1));
        QCOMPARE(doc.problems.items[0].severity, Severity::Warning);
        QCOMPARE(QString::fromStdString(doc.problems.items[0].pointer), QString("/chassis/colour"));
        // A part the drive type does not use is a warning too.
        VehicleConfig nw = testing::nwCar();
        std::string text = config::vehicleToText(nw);
        text.replace(text.find("\"differential\""), 0, "\"ackermann\": {\"accuracy\": 1.0},\n    ");
        const config::VehicleFile nwDoc = config::parseVehicle(text);
        QVERIFY2(nwDoc.ok(), qPrintable(dump(nwDoc)));
        QCOMPARE(QString::fromStdString(nwDoc.problems.items.at(0).message), QString("ignored: only used when drive.type is 4W"));
    }

    void optionalValuesTakeTheSpecDefaults()
    {
        // A minimal file: only what has no default. Everything else is vehicle-model.md's default.
        VehicleConfig c = referenceCar();
        json::Json j = config::vehicleToJson(c);
        j.erase("controls");
        j.erase("tireLoadFilter");
        j["wheels"][0]["wheel"].erase("mass");
        const config::VehicleFile doc = config::parseVehicle(j.dump());
        QVERIFY2(doc.ok(), qPrintable(dump(doc)));
        QCOMPARE(doc.config.wheels[0].wheel.mass, 20.0);
        QCOMPARE(doc.config.tireLoadFilter.minFilteredNormalisedLoad, 0.2308);
        QCOMPARE(doc.config.controls.steerVsForwardSpeedTable.size(), std::size_t(4));
    }

    void saveIsAtomicAndReadable()
    {
        const fs::path dir = fs::temp_directory_path() / ("jounce-test-" + std::to_string(::getpid()));
        fs::create_directories(dir);
        const fs::path file = dir / "car.json";
        QCOMPARE(QString::fromStdString(config::saveVehicle(file.string(), referenceCar())), QString());
        QVERIFY(readFile(file) == referenceText());
        // Overwrite: the old file is replaced whole and no temporary file is left behind.
        VehicleConfig heavier = referenceCar();
        heavier.chassis.mass = 1600;
        QCOMPARE(QString::fromStdString(config::saveVehicle(file.string(), heavier)), QString());
        QCOMPARE(config::loadVehicle(file.string()).config.chassis.mass, 1600.0);
        QCOMPARE(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1L);
        // A folder that does not exist: a clear error, nothing written.
        QVERIFY(!config::saveVehicle((dir / "missing" / "car.json").string(), heavier).empty());
        // Loading a folder or a missing file is a problem at "/", not a crash.
        QVERIFY(hasError(config::loadVehicle(dir.string()), "", "folder"));
        QVERIFY(hasError(config::loadVehicle((dir / "nope.json").string()), "", "cannot read"));
        fs::remove_all(dir);
    }
};

QTEST_APPLESS_MAIN(TestVehicleJson)
#include "test_vehicle_json.moc"
