// jounce-cli diff, patch and compare, run as a user runs them: exit codes, output, files.

#include "support/CliProcess.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

namespace {

using Run = jounce::testing::CliRun;

Run cli(const QStringList& args) { return jounce::testing::runCli(args); }

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");

QStringList presetFiles()
{
    QStringList files;
    for (const QString& name : QDir(kPresets).entryList({"*.json"}, QDir::Files, QDir::Name))
        files << kPresets + "/" + name;
    return files;
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeText(const QString& path, const QByteArray& text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    f.write(text);
}

/// The figure rows of `compare` output: the lines that start with a vehicle's file name.
QStringList vehicleRows(const QString& out)
{
    QStringList rows;
    for (const QString& line : out.split('\n'))
        if (line.contains(".json ") && !line.startsWith("  "))
            rows << line;
    return rows;
}

}  // namespace

class TestCompareCli : public QObject {
    Q_OBJECT
private slots:
    void diffThenPatchGivesTheTargetByteForByte_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::newRow("hatchback to sports car") << "family-hatchback.json" << "sports-car.json";
        QTest::newRow("sports car to truck (6 wheels)") << "sports-car.json" << "truck-6w.json";
        QTest::newRow("truck to tank") << "truck-6w.json" << "tank.json";
        QTest::newRow("tank to reference car") << "tank.json" << "physx-snippet-4w.json";
    }

    void diffThenPatchGivesTheTargetByteForByte()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QTemporaryDir dir;
        const QString diff = dir.filePath("diff.json");
        const QString result = dir.filePath("new.json");
        const Run d = cli({"diff", kPresets + "/" + from, kPresets + "/" + to, "--out", diff});
        QVERIFY2(d.exitCode == 0, qPrintable(d.err));
        QVERIFY(d.out.contains("operations from"));
        const Run p = cli({"patch", kPresets + "/" + from, diff, "--out", result});
        QVERIFY2(p.exitCode == 0, qPrintable(p.err));
        QCOMPARE(readAll(result), readAll(kPresets + "/" + to));
    }

    void diffOfAFileWithItselfIsEmpty()
    {
        const Run d = cli({"diff", kPresets + "/sports-car.json", kPresets + "/sports-car.json"});
        QCOMPARE(d.exitCode, 0);
        QCOMPARE(d.out, QString("[]\n"));
    }

    void patchRefusesBadPatchesAndWritesNothing()
    {
        QTemporaryDir dir;
        const QString base = kPresets + "/family-hatchback.json";
        const QString out = dir.filePath("new.json");
        const QString bad = dir.filePath("bad.json");

        writeText(bad, "[{\"op\": \"replace\", \"path\": \"/chassis/mass\", \"value\": -5}]");
        Run r = cli({"patch", base, bad, "--out", out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("/chassis/mass: must be > 0"), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));

        writeText(bad, "[{\"op\": \"replace\", \"path\": \"/chassis/mass\", \"value\": 1400},"
                       " {\"op\": \"remove\", \"path\": \"/wheels/9\"}]");
        r = cli({"patch", base, bad, "--out", out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(bad + ": /1: cannot apply \"remove\" at \"/wheels/9\""), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));

        writeText(bad, "{\"op\": \"add\"}");
        r = cli({"patch", base, bad});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("JSON Patch (RFC 6902) is an array"), qPrintable(r.err));

        writeText(bad, "[{\"op\": \"frobnicate\", \"path\": \"/name\"}, {\"op\": \"add\", \"path\": \"/name\"}]");
        r = cli({"patch", base, bad});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(bad + ": /0/op:") && r.err.contains(bad + ": /1/value:"), qPrintable(r.err));

        writeText(bad, "[{\"op\": \"replace\", \"path\": \"/wheels/0/wheel/radius\", \"value\": 0.33}");  // truncated
        r = cli({"patch", base, bad});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(!r.err.isEmpty());
    }

    void patchOfAnotherVehicleIsValidatedLikeAnyFile()
    {
        // A tuning step made on the hatchback (a stiffer rear bar) carried over to the rally car.
        QTemporaryDir dir;
        QByteArray stiffer = readAll(kPresets + "/family-hatchback.json");
        const qsizetype at = stiffer.indexOf("\"stiffness\": 4000.0");
        QVERIFY(at > 0);
        stiffer.replace(at, 19, "\"stiffness\": 9000.0");
        writeText(dir.filePath("stiffer.json"), stiffer);
        const QString diff = dir.filePath("diff.json");
        QCOMPARE(cli({"diff", kPresets + "/family-hatchback.json", dir.filePath("stiffer.json"), "--out", diff}).exitCode, 0);
        QCOMPARE(readAll(diff), QByteArray("[\n  {\n    \"op\": \"replace\",\n    \"path\": \"/antiRollBars/1/stiffness\",\n"
                                           "    \"value\": 9000.0\n  }\n]\n"));
        const Run r = cli({"patch", kPresets + "/rally-car.json", diff, "--out", dir.filePath("rally.json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QByteArray expected = readAll(kPresets + "/rally-car.json");
        expected.replace("\"stiffness\": 6000.0", "\"stiffness\": 9000.0");
        QCOMPARE(readAll(dir.filePath("rally.json")), expected);
        // The tank has no anti-roll bars: the failing operation is named and nothing is written.
        const Run tank = cli({"patch", kPresets + "/tank.json", diff, "--out", dir.filePath("tank.json")});
        QCOMPARE(tank.exitCode, 1);
        QVERIFY2(tank.err.contains(diff + ": /0: cannot apply \"replace\" at \"/antiRollBars/1/stiffness\""),
                 qPrintable(tank.err));
        QVERIFY(!QFile::exists(dir.filePath("tank.json")));
    }

    void compareEveryPresetOnBrakingPrintsOneRowPerVehicle()
    {
        QTemporaryDir dir;
        const QString report = dir.filePath("report.csv");
        const Run r = cli(QStringList{"compare"} + presetFiles() +
                          QStringList{"--maneuver", kPresets + "/maneuvers/braking-100-0.json", "--out", report});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const QStringList rows = vehicleRows(r.out);
        QCOMPARE(rows.size(), presetFiles().size());
        for (int i = 0; i < rows.size(); ++i)
            QVERIFY2(rows[i].startsWith(QFileInfo(presetFiles()[i]).fileName()), qPrintable(rows[i]));
        QVERIFY(r.out.contains("100-0 km/h stopping distance"));
        // NVIDIA's PhysX 5 snippet car stops shortest (38.6 m, spinning as its rear wheels lock), then
        // the sports car (40.1 m against 45-58 m for the others).
        for (const QString& row : rows)
            QCOMPARE(row.contains(" *"), row.startsWith("physx5-snippet.json"));
        const QByteArray csv = readAll(report);
        QVERIFY(csv.startsWith("kind,id,label,unit,family-hatchback-mf.json,family-hatchback.json,physx-snippet-4w.json,physx5-snippet.json,rally-car.json,"
                               "sports-car.json,tank.json,truck-6w.json,unity-default-car.json,best\r\n"));
        QVERIFY(csv.contains("\r\nfigure,brake100to0,100-0 km/h stopping distance,m,"));
        QVERIFY(csv.contains(",physx5-snippet.json\r\n"));  // best column of the figure row
    }

    void oneCarUnderBothModelGenerations()
    {
        // --models runs every file under each generation, side by side, each row naming it.
        const QString braking = kPresets + "/maneuvers/braking-100-0.json";
        const Run r = cli({"compare", kPresets + "/physx5-snippet.json", "--models", "physx41,physx5", "--maneuver", braking});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        const QStringList rows = vehicleRows(r.out);
        QCOMPARE(rows.size(), 2);
        QVERIFY2(rows[0].startsWith("physx5-snippet.json [physx41]"), qPrintable(rows[0]));
        QVERIFY2(rows[1].startsWith("physx5-snippet.json [physx5]"), qPrintable(rows[1]));
        const auto figures = [](const QString& row) { return row.mid(row.indexOf(']') + 1).replace('*', ' ').simplified(); };
        QVERIFY2(figures(rows[0]) != figures(rows[1]), qPrintable(r.out));  // the generations stop differently
        // One file needs --models with two generations; an unknown generation is refused.
        QCOMPARE(cli({"compare", kPresets + "/physx5-snippet.json", "--maneuver", braking}).exitCode, 2);
        QCOMPARE(cli({"compare", kPresets + "/physx5-snippet.json", "--models", "physx6", "--maneuver", braking}).exitCode, 2);
    }

    void twoThreadsGiveTheSameFiguresAsOne()
    {
        const QStringList args{"compare", kPresets + "/family-hatchback.json", kPresets + "/sports-car.json",
                               kPresets + "/rally-car.json", "--maneuver", kPresets + "/maneuvers/skidpad.json",
                               "--terrain", kPresets + "/terrains/flat.json"};
        const Run one = cli(args + QStringList{"--threads", "1"});
        const Run two = cli(args + QStringList{"--threads", "2"});
        QVERIFY2(one.exitCode == 0 && two.exitCode == 0, qPrintable(one.err + two.err));
        QVERIFY(one.out.contains("on 1 thread,") && two.out.contains("on 2 threads,"));
        QCOMPARE(vehicleRows(two.out), vehicleRows(one.out));
        QCOMPARE(vehicleRows(one.out).size(), 3);
    }

    void usageErrors()
    {
        QCOMPARE(cli({"compare", kPresets + "/sports-car.json", "--maneuver", kPresets + "/maneuvers/skidpad.json"}).exitCode, 2);
        QCOMPARE(cli({"compare", kPresets + "/sports-car.json", kPresets + "/tank.json"}).exitCode, 2);
        QCOMPARE(cli({"compare", kPresets + "/sports-car.json", kPresets + "/tank.json", "--maneuver",
                      kPresets + "/maneuvers/skidpad.json", "--threads", "0"}).exitCode, 2);
        QCOMPARE(cli({"diff", kPresets + "/sports-car.json"}).exitCode, 2);
        QCOMPARE(cli({"patch", kPresets + "/sports-car.json"}).exitCode, 2);
        // A vehicle file with errors is named, and nothing runs.
        QTemporaryDir dir;
        writeText(dir.filePath("broken.json"), "{\"format\": \"jounce.vehicle\"");
        const Run r = cli({"compare", kPresets + "/sports-car.json", dir.filePath("broken.json"), "--maneuver",
                           kPresets + "/maneuvers/skidpad.json"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains("broken.json"));
    }
};

QTEST_GUILESS_MAIN(TestCompareCli)
#include "test_compare_cli.moc"
