// jounce-cli run with the maneuver library, run as a user runs it: the figures of the maneuver in
// text and as JSON, the Simulink pose CSV and maths channels.

#include "support/CliProcess.h"

#include <QtTest>

#include <cmath>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

namespace {

using Run = jounce::testing::CliRun;

Run cli(const QStringList& args) { return jounce::testing::runCli(args); }

const QString kCar = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json");
const QString kProvingGround = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/terrains/proving-ground.json");
const QString kSkidpad = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/maneuvers/skidpad.json");

}  // namespace

class TestManeuverCli : public QObject {
    Q_OBJECT
private slots:
    void skidpadPrintsItsFigures()
    {
        const Run r = cli({"run", "--vehicle", kCar, "--terrain", kProvingGround, "--maneuver", kSkidpad});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY(r.out.contains("(4 phases, completed)"));
        for (const QString label : {"max steady lateral acceleration:", "understeer gradient:", "roll gradient:"}) {
            const qsizetype at = r.out.indexOf(label);
            QVERIFY2(at >= 0, qPrintable(label));
            const QString line = r.out.mid(at, r.out.indexOf('\n', at) - at);
            QVERIFY2(!line.contains("n/a"), qPrintable(line));
        }
        QVERIFY(r.out.contains("(from skidpad (ISO 4138 constant radius))"));
        QVERIFY(!r.out.contains("0-100 km/h"));  // only the figures this maneuver measures
    }

    void figuresAsJson()
    {
        const Run r = cli({"run", "--vehicle", kCar, "--terrain", kProvingGround, "--maneuver", kSkidpad,
                           "--figures-json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QJsonParseError error;
        const QJsonObject o = QJsonDocument::fromJson(r.out.toUtf8(), &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(r.out));  // nothing but the JSON
        QCOMPARE(o["maneuver"].toString(), QString("skidpad"));
        QVERIFY(o["completed"].toBool());
        const QJsonArray figures = o["figures"].toArray();
        QCOMPARE(figures.size(), 3);
        for (const QJsonValue& v : figures) {
            const QJsonObject f = v.toObject();
            for (const char* key : {"id", "label", "unit", "measure", "maneuver", "value", "note"})
                QVERIFY2(f.contains(key), key);
            QVERIFY2(f["value"].isDouble(), qPrintable(f["id"].toString()));
            QCOMPARE(f["measure"].toString(), QString("skidpad"));
        }
        QCOMPARE(figures[0].toObject()["id"].toString(), QString("maxSteadyLatAccel"));
        const double ay = figures[0].toObject()["value"].toDouble();
        QVERIFY2(ay > 7.0 && ay < 12.0, qPrintable(QString::number(ay)));

        // A maneuver that measures nothing prints an empty list; an n/a figure is null.
        const Run none = cli({"run", "--vehicle", kCar, "--maneuver",
                              QStringLiteral(JOUNCE_SOURCE_DIR "/presets/maneuvers/settle.json"), "--figures-json"});
        QCOMPARE(QJsonDocument::fromJson(none.out.toUtf8()).object()["figures"].toArray().size(), 0);
        const Run tank = cli({"run", "--vehicle", QStringLiteral(JOUNCE_SOURCE_DIR "/presets/tank.json"), "--maneuver",
                              QStringLiteral(JOUNCE_SOURCE_DIR "/presets/maneuvers/acceleration-0-100.json"),
                              "--figures-json"});
        const QJsonObject t100 =
            QJsonDocument::fromJson(tank.out.toUtf8()).object()["figures"].toArray()[0].toObject();
        QCOMPARE(t100["id"].toString(), QString("accel0to100"));
        QVERIFY(t100["value"].isNull());
        QVERIFY(t100["note"].toString().startsWith("reached only"));
    }

    void posesCsv()
    {
        QTemporaryDir dir;
        const QString poses = dir.filePath("poses.csv");
        const Run r = cli({"run", "--vehicle", kCar, "--maneuver",
                           QStringLiteral(JOUNCE_SOURCE_DIR "/presets/maneuvers/brake-from-20.json"), "--poses", poses});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY(r.out.contains("poses:"));
        QFile f(poses);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = f.readAll().split('\n');
        QCOMPARE(lines[0], QByteArray("time,actor,X,Y,Z,pitch,roll,yaw,scaleX,scaleY,scaleZ"));
        const int rows = int(lines.size()) - 2;  // the header and the final newline
        QVERIFY(rows > 100 && rows % 5 == 0);
        QVERIFY(lines[1].split(',')[1] == "vehicle");
        QVERIFY(lines[2].split(',')[1] == "FL");
        QVERIFY(lines[5].split(',')[1] == "RR");
    }

    void mathsChannelsAreSummarisedAndBadOnesRefused()
    {
        // #33 item 2: --channel NAME=EXPR, read before the run, summarised after it.
        const QString throttle = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/maneuvers/full-throttle.json");
        const Run r = cli({"run", "--vehicle", kCar, "--maneuver", throttle, "--channel", "v=forwardSpeed / 1[km/h]",
                           "--channel", "d=integral(forwardSpeed)", "--channel", "dv=derivative(jounce[*])"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const auto number = [&](const QString& label) {
            const qsizetype at = r.out.indexOf(label);
            return at < 0 ? -1.0 : r.out.mid(at + label.size()).section(' ', 0, 0, QString::SectionSkipEmpty).toDouble();
        };
        const auto stats = [&](const QString& name) {
            const qsizetype at = r.out.indexOf("\n  " + name + " ");
            return at < 0 ? QStringList{} : r.out.mid(at + 3, r.out.indexOf('\n', at + 1) - at - 3).split(" / ");
        };
        const double finalSpeed = number("final speed:"), distance = number("distance:");
        QVERIFY(finalSpeed > 30.0 && distance > 300.0);
        // Full throttle: the top speed is the final one; the distance is the speed's integral.
        QVERIFY2(std::fabs(stats("v").value(1).toDouble() - finalSpeed * 3.6) < 0.01, qPrintable(r.out));
        QVERIFY2(std::fabs(stats("d").value(1).toDouble() - distance) < 0.005 * distance, qPrintable(r.out));
        QVERIFY(r.out.contains("\n  dv[RR] "));
        const Run bad = cli({"run", "--vehicle", kCar, "--maneuver", throttle, "--channel", "x=jounce[FL] + forwardSpeed"});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--channel x: jounce[FL] + forwardSpeed: at 12: a sum of unlike units: m and m/s"),
                 qPrintable(bad.err));
    }
};

QTEST_GUILESS_MAIN(TestManeuverCli)
#include "test_maneuver_cli.moc"
