// jounce-cli's file commands, run as a user runs them: exit codes and output.

#include "support/CliProcess.h"

#include <QtTest>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

namespace {

using Run = jounce::testing::CliRun;

Run cli(const QStringList& args) { return jounce::testing::runCli(args); }

QStringList presetFiles()
{
    QStringList files;
    for (const QString& name : QDir(QStringLiteral(JOUNCE_SOURCE_DIR "/presets")).entryList({"*.json"}, QDir::Files))
        files << QStringLiteral(JOUNCE_SOURCE_DIR "/presets/") + name;
    return files;
}

}  // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void validatePresets()
    {
        const Run r = cli(QStringList{"validate"} + presetFiles());
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QCOMPARE(r.out.count(": valid\n"), presetFiles().size());
    }

    void validateBrokenFileNamesBothPointers()
    {
        QTemporaryDir dir;
        QFile in(QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QJsonObject car = QJsonDocument::fromJson(in.readAll()).object();
        // Negative spring strength on wheel 2, no radius on wheel 1.
        QJsonArray wheels = car["wheels"].toArray();
        QJsonObject w1 = wheels[1].toObject(), w1wheel = w1["wheel"].toObject();
        w1wheel.remove("radius");
        w1["wheel"] = w1wheel;
        wheels[1] = w1;
        QJsonObject w2 = wheels[2].toObject(), w2susp = w2["suspension"].toObject();
        w2susp["springStrength"] = -5;
        w2["suspension"] = w2susp;
        wheels[2] = w2;
        car["wheels"] = wheels;
        const QString path = dir.filePath("broken.json");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(car).toJson());
        out.close();

        const Run r = cli({"validate", QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json"), path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.contains(path + ": /wheels/1/wheel/radius: missing (required)"), qPrintable(r.out));
        QVERIFY2(r.out.contains(path + ": /wheels/2/suspension/springStrength: must be > 0, got -5"), qPrintable(r.out));
        QVERIFY(r.out.contains("physx-snippet-4w.json: valid"));
    }

    void validateMissingFile()
    {
        const Run r = cli({"validate", "/nonexistent/car.json"});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.out.startsWith("/nonexistent/car.json: /: cannot read"));
    }

    void paramsListsTheReferenceCar()
    {
        const Run r = cli({"params"});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
        QVERIFY(lines.size() > 200);
        bool found = false;
        for (const QString& line : lines) {
            QJsonParseError error;
            const QJsonObject o = QJsonDocument::fromJson(line.toUtf8(), &error).object();
            QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(line));
            for (const char* field : {"path", "unit", "min", "max", "typicalMin", "typicalMax", "default", "section", "description"})
                QVERIFY2(o.contains(field), qPrintable(line));
            if (o["path"].toString() == "wheels[2].suspension.springStrength") {
                found = true;
                QCOMPARE(o["unit"].toString(), QString("N/m"));
                QCOMPARE(o["value"].toDouble(), 35000.0);
                QCOMPARE(o["section"].toString(), QString("PxVehicleSuspensionData"));
            }
        }
        QVERIFY(found);
    }

    void paramsAllUsesStars()
    {
        const Run r = cli({"params", "--all"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("\"path\":\"wheels[*].suspension.springStrength\""));
        QVERIFY(r.out.contains("\"path\":\"wheels[*].compliance.wheelCamberAngle[*][1]\""));
        QVERIFY(r.out.contains("\"path\":\"drive.differential.drivenWheels[*]\""));
        QVERIFY(!r.out.contains("wheels[0]"));
        const Run vehicle = cli({"params", "--vehicle", QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json")});
        QCOMPARE(vehicle.exitCode, 0);
        QCOMPARE(vehicle.out, cli({"params"}).out);  // the default is the reference car
    }

    void schemaIsJson()
    {
        const Run r = cli({"schema"});
        QCOMPARE(r.exitCode, 0);
        QJsonParseError error;
        const QJsonObject s = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        QCOMPARE(s["$schema"].toString(), QString("https://json-schema.org/draft/2020-12/schema"));
    }

    void presetsAreCanonical()
    {
        const Run r = cli(QStringList{"format", "--check"} + presetFiles());
        QVERIFY2(r.exitCode == 0 && r.out.isEmpty(), qPrintable(r.out));
    }

    void runPrintsASummaryAndWritesIdenticalCsv()
    {
        QTemporaryDir dir;
        const QString vehicle = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json");
        const QString maneuver = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/maneuvers/brake-from-20.json");
        const QStringList common{"run", "--vehicle", vehicle, "--maneuver", maneuver, "--set",
                                 "wheels[*].suspension.springStrength=40000", "--set", "chassis.mass=1600"};
        const Run a = cli(common + QStringList{"--out", dir.filePath("a.csv")});
        const Run b = cli(common + QStringList{"--out", dir.filePath("b.csv")});
        QVERIFY2(a.exitCode == 0, qPrintable(a.out + a.err));
        for (const char* line : {"simulated time:", "wall time:", "real-time factor:", "final speed:", "distance:",
                                 "max lateral acceleration:"})
            QVERIFY2(a.out.contains(line), line);
        QFile fa(dir.filePath("a.csv")), fb(dir.filePath("b.csv"));
        QVERIFY(fa.open(QIODevice::ReadOnly) && fb.open(QIODevice::ReadOnly));
        const QByteArray csv = fa.readAll();
        QVERIFY(csv == fb.readAll());  // the same command twice: byte-identical telemetry
        const QList<QByteArray> lines = csv.split('\n');
        QVERIFY(lines[0].startsWith("time,engineOmega,"));
        QVERIFY(lines[0].contains("jounce[FL]"));
        QVERIFY(lines[1].startsWith("s,rad/s,"));  // the units row
        QVERIFY(lines.size() > 300);
    }

    void fullThrottleSpendsThirtyUpdatesInNeutralPerUpshift()
    {
        // vehicle-model §2.16, §2.31: at 60 Hz with a 0.5 s switch time every change spends exactly
        // 30 updates in neutral, as PhysX's single-precision switch timer gives (31 with a double
        // timer). Read off the telemetry CSV as a user would: the rows of gear 0 between two gears.
        QTemporaryDir dir;
        const Run r = cli({"run", "--vehicle", QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json"),
                           "--maneuver", QStringLiteral(JOUNCE_SOURCE_DIR "/presets/maneuvers/full-throttle.json"),
                           "--terrain", QStringLiteral(JOUNCE_SOURCE_DIR "/presets/terrains/flat.json"), "--out",
                           dir.filePath("run.csv")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QFile file(dir.filePath("run.csv"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().split('\n');
        const int gearColumn = int(lines[0].split(',').indexOf("gear"));
        QVERIFY(gearColumn > 0);
        QStringList shifts;  // "from>to:neutral rows"
        int previous = 0, neutralRows = 0;
        for (qsizetype i = 2; i < lines.size(); ++i) {
            if (lines[i].isEmpty())
                continue;
            const int gear = lines[i].split(',').value(gearColumn).toInt();
            if (gear == 0) {
                ++neutralRows;
                continue;
            }
            if (neutralRows > 0 && previous > 0)
                shifts << QStringLiteral("%1>%2:%3").arg(previous).arg(gear).arg(neutralRows);
            neutralRows = 0;
            previous = gear;
        }
        QCOMPARE(shifts.join(' '), QStringLiteral("1>2:30 2>3:30 3>4:30 4>5:30"));
    }

    void runStartsAtANamedOrGivenStart()
    {
        // --start: one of the terrain's named start points, or X,Y[,HEADING]; the run (and a maneuver
        // without a position of its own) begins there.
        QTemporaryDir dir;
        const QString vehicle = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json");
        const QString terrain = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/terrains/proving-ground.json");
        auto firstPosition = [&](const QStringList& extra) {
            const Run r = cli(QStringList{"run", "--vehicle", vehicle, "--terrain", terrain, "--duration", "0.5", "--out",
                                          dir.filePath("s.csv")} +
                              extra);
            QFile f(dir.filePath("s.csv"));
            if (r.exitCode != 0 || !f.open(QIODevice::ReadOnly))
                return QString("exit %1: %2").arg(r.exitCode).arg(r.err);
            const QList<QByteArray> lines = f.readAll().split('\n');
            const QList<QByteArray> header = lines[0].split(',');
            const QList<QByteArray> row = lines[2].split(',');
            return QString("%1,%2").arg(row[header.indexOf("posX")].toDouble(), 0, 'f', 1)
                .arg(row[header.indexOf("posY")].toDouble(), 0, 'f', 1);
        };
        QCOMPARE(firstPosition({}), QString("10.0,0.0"));
        QCOMPARE(firstPosition({"--start", "bumps"}), QString("60.0,-40.0"));
        QCOMPARE(firstPosition({"--start", "200,-60,0"}), QString("200.0,-60.0"));
        const Run unknown = cli({"run", "--vehicle", vehicle, "--terrain", terrain, "--duration", "1", "--start", "moon"});
        QCOMPARE(unknown.exitCode, 2);
        QVERIFY2(unknown.err.contains("it has: main straight, dynamics area") && unknown.err.contains("bumps"),
                 qPrintable(unknown.err));
        const Run outside = cli({"run", "--vehicle", vehicle, "--terrain", terrain, "--duration", "1", "--start", "5000,0"});
        QCOMPARE(outside.exitCode, 2);
        QVERIFY(outside.err.contains("outside the terrain"));
    }

    void startIsNeverEmptyNorANameThatReadsAsCoordinates()
    {
        // `--start ""` (a script's unset variable) was taken as no start at all: refused.
        QTemporaryDir dir;
        const QString vehicle = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json");
        const QString terrain = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/terrains/proving-ground.json");
        const Run empty = cli({"run", "--vehicle", vehicle, "--terrain", terrain, "--duration", "0.1", "--start", ""});
        QCOMPARE(empty.exitCode, 2);
        QVERIFY2(empty.err.contains("--start: an empty start"), qPrintable(empty.err));
        // `--start=`: the command line parser finds no value at all.
        const Run noValue = cli({"run", "--vehicle", vehicle, "--terrain", terrain, "--duration", "0.1", "--start="});
        QCOMPARE(noValue.exitCode, 2);
        QVERIFY2(noValue.err.contains("--start: 1 required NAME|X,Y[,HEADING] missing"), qPrintable(noValue.err));
        // A terrain whose start point is named "10,0": --start 10,0 could never choose it.
        QFile file(dir.filePath("t.json"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "jounce.terrain", "schemaVersion": 1, "name": "t",
                       "extent": {"xMin": 0, "xMax": 100, "yMin": -50, "yMax": 50}, "spacing": 1, "base": {"type": "flat"},
                       "startPoints": [{"name": "10,0", "position": [60, -40]}]})");
        file.close();
        const Run named = cli({"run", "--vehicle", vehicle, "--terrain", file.fileName(), "--duration", "0.1", "--start", "10,0"});
        QCOMPARE(named.exitCode, 1);
        QVERIFY2(named.err.contains("/startPoints/0/name") && named.err.contains("reads as coordinates"),
                 qPrintable(named.err));
        // Coordinates far off the flat plane are coordinates, refused, not a name looked up.
        const Run far = cli({"run", "--vehicle", vehicle, "--duration", "0.1", "--start", "1e9,0"});
        QCOMPARE(far.exitCode, 2);
        QVERIFY2(far.err.contains("within"), qPrintable(far.err));
    }

    void runRejectsBadOverrides()
    {
        const QString vehicle = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json");
        const Run bad = cli({"run", "--vehicle", vehicle, "--duration", "1", "--set", "wheels[*].suspension.springStrength=-4"});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains("must be > 0, got -4"), qPrintable(bad.err));
        const Run unknown = cli({"run", "--vehicle", vehicle, "--duration", "1", "--set", "wheels[0].wheel.colour=3"});
        QCOMPARE(unknown.exitCode, 1);
        const Run idle = cli({"run", "--vehicle", vehicle, "--duration", "2"});
        QVERIFY2(idle.exitCode == 0 && idle.out.contains("2.000 s"), qPrintable(idle.out + idle.err));
        QCOMPARE(cli({"run", "--vehicle", vehicle}).exitCode, 2);
    }

    void usageErrors()
    {
        QCOMPARE(cli({}).exitCode, 2);
        QCOMPARE(cli({"frobnicate"}).exitCode, 2);
        QCOMPARE(cli({"validate"}).exitCode, 2);
        QCOMPARE(cli({"params", "--bogus"}).exitCode, 2);
        QCOMPARE(cli({"--help"}).exitCode, 0);
    }

    void doctorReportsFindingsFixesAndExitCodes()
    {
        const QString sports = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/sports-car.json");
        const Run clean = cli({"doctor", sports});
        QVERIFY2(clean.exitCode == 0, qPrintable(clean.out + clean.err));
        // Its one advice: bars biased to the front for balance, which PhysX's roll-torque bars cannot give.
        QVERIFY2(clean.out.endsWith(sports + ": 0 errors, 0 warnings, 1 advice\n"), qPrintable(clean.out));
        QVERIFY2(clean.out.contains("advice   antiRollBar.balance: "), qPrintable(clean.out));

        // The guide's "never goes beyond first gear": autobox latency 0.4 s, gear switch time 0.5 s.
        QTemporaryDir dir;
        QFile in(QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QJsonObject car = QJsonDocument::fromJson(in.readAll()).object();
        QJsonObject drive = car["drive"].toObject(), autoBox = drive["autoBox"].toObject();
        autoBox["latency"] = 0.4;
        drive["autoBox"] = autoBox;
        car["drive"] = drive;
        const QString path = dir.filePath("slow-box.json");
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(QJsonDocument(car).toJson());
        out.close();

        const QString fullThrottle = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/maneuvers/full-throttle.json");
        const Run r = cli({"doctor", path, "--maneuver", fullThrottle});
        QCOMPARE(r.exitCode, 1);
        for (const char* line : {"error    autobox.latency: the autobox latency (0.4 s) is not above the gear switch time (0.5 s)",
                                 "         parameters: drive.autoBox.latency, drive.gears.switchTime\n",
                                 "         fix: set the autobox latency to 2 s", "              --set drive.autoBox.latency=2.0\n",
                                 "error    live.gearCycling: the gearbox kept going back between gear 1 and gear 2",
                                 "advice   suspension.dampingRatio: FL, FR: damping ratio", "run: 16.0 s of full-throttle"})
            QVERIFY2(r.out.contains(line), qPrintable(QString(line) + "\n--- in ---\n" + r.out));
        QVERIFY(r.out.indexOf("error    ") < r.out.indexOf("advice   "));  // errors first

        const Run json = cli({"doctor", path, "--json"});
        QCOMPARE(json.exitCode, 1);
        bool latency = false;
        for (const QString& line : json.out.split('\n', Qt::SkipEmptyParts)) {
            QJsonParseError error;
            const QJsonObject o = QJsonDocument::fromJson(line.toUtf8(), &error).object();
            QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(line));
            for (const char* field : {"file", "severity", "id", "parameters", "reason", "guideSection"})
                QVERIFY2(o.contains(field), qPrintable(line));
            if (o["id"].toString() == "autobox.latency") {
                latency = true;
                QCOMPARE(o["severity"].toString(), QString("error"));
                const QJsonObject edit = o["fix"].toObject()["edits"].toArray().first().toObject();
                QCOMPARE(edit["path"].toString(), QString("drive.autoBox.latency"));
                QCOMPARE(edit["value"].toDouble(), 2.0);
            }
        }
        QVERIFY(latency);

        // The fix, pasted into run --set, is accepted.
        QCOMPARE(cli({"run", "--vehicle", path, "--duration", "1", "--set", "drive.autoBox.latency=2.0"}).exitCode, 0);

        const Run list = cli({"doctor", "--list"});
        QCOMPARE(list.exitCode, 0);
        QVERIFY(list.out.contains("suspension.alpha") && list.out.contains("live.wheelLift"));
        QCOMPARE(cli({"doctor", "/nonexistent/car.json"}).exitCode, 1);
        QCOMPARE(cli({"doctor"}).exitCode, 2);
        QCOMPARE(cli({"doctor", sports, "--terrain", "t.json"}).exitCode, 2);
        QCOMPARE(cli({"doctor", sports, sports}).exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
