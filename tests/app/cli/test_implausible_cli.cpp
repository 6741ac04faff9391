// Absurd values as a hostile or hurried user types them, through jounce-cli as a user runs it: each is
// refused within a second with its JSON pointer and a reason, instead of a run that resets every
// step, pulls 34 g on the skidpad or fails with an internal error (conventions.md "Plausible ranges").

#include "support/CliProcess.h"

#include <QtTest>

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

namespace {

using Run = jounce::testing::CliRun;

const QString kSource = QStringLiteral(JOUNCE_SOURCE_DIR);
const QString kCar = kSource + "/presets/physx-snippet-4w.json";
const QString kSkidpad = kSource + "/presets/maneuvers/skidpad.json";
const QString kProvingGround = kSource + "/presets/terrains/proving-ground.json";

/// Runs jounce-cli and checks it answered within a second.
Run timedCli(const QStringList& args)
{
    QElapsedTimer timer;
    timer.start();
    Run r = jounce::testing::runCli(args);
    const qint64 ms = timer.elapsed();
    if (ms >= 1000)
        r.err += QStringLiteral("\n(test: took %1 ms)").arg(ms);
    return r;
}

bool tookUnderASecond(const Run& r) { return !r.err.contains(QStringLiteral("(test: took")); }

QJsonObject readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

QString writeJson(const QTemporaryDir& dir, const QString& name, const QJsonObject& o)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (f.open(QIODevice::WriteOnly))
        f.write(QJsonDocument(o).toJson());
    return path;
}

}  // namespace

class TestImplausibleCli : public QObject {
    Q_OBJECT
private slots:
    void runRefusesAbsurdOverrides_data()
    {
        QTest::addColumn<QString>("set");
        QTest::addColumn<QString>("expected");  // a part of stderr: the pointer or path and the reason
        QTest::newRow("mass 1e308") << "chassis.mass=1e308" << "chassis.mass: not plausible for any vehicle";
        QTest::newRow("mass 1e-30") << "chassis.mass=1e-30" << "chassis.mass: not plausible for any vehicle";
        QTest::newRow("mass 1e-320") << "chassis.mass=1e-320" << "chassis.mass: not plausible for any vehicle";
        QTest::newRow("radius 1e9") << "wheels[1].wheel.radius=1e9" << "wheels[1].wheel.radius: not plausible";
        QTest::newRow("radius 1000") << "wheels[1].wheel.radius=1000" << "must be in [0.02, 2.5] m, got 1000";
        QTest::newRow("radius 316 mm") << "wheels[1].wheel.radius=316"
                                       << "wheels[1].wheel.radius: 316 m looks like millimetres; did you mean 0.316?";
        QTest::newRow("centre z 1e30") << "wheels[0].geometry.wheelCentreOffset[2]=1e30"
                                       << "wheels[0].geometry.wheelCentreOffset[2]: not plausible";
        QTest::newRow("dimensions 1e9") << "chassis.dimensions[0]=1e9" << "chassis.dimensions[0]: not plausible";
        QTest::newRow("springs 1e7") << "wheels[*].suspension.springStrength=1e7"
                                     << "/wheels/2/suspension/springStrength: the springs are too stiff for the body's mass and inertia at a time step";
        QTest::newRow("yaw inertia 0.001") << "chassis.moi[2]=0.001" << "/chassis/moi/2: the yaw radius of gyration";
        QTest::newRow("steer in degrees") << "wheels[0].wheel.maxSteer=30" << "looks like degrees; did you mean 0.5236?";
        QTest::newRow("time step 1e-5") << "simulation.timeStep=1e-5" << "must be in [0.0001, 0.1], got 1e-05";
    }

    void runRefusesAbsurdOverrides()
    {
        QFETCH(QString, set);
        QFETCH(QString, expected);
        const Run r = timedCli({"run", "--vehicle", kCar, "--maneuver", kSkidpad, "--terrain", kProvingGround, "--set", set});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        QVERIFY2(!r.out.contains("simulated time"), qPrintable(r.out));
        QVERIFY2(tookUnderASecond(r), qPrintable(r.err));
    }

    void validateAndDoctorNameTheSlip()
    {
        QTemporaryDir dir;
        QJsonObject car = readJson(kCar);
        QJsonArray wheels = car["wheels"].toArray();
        QJsonObject w1 = wheels[1].toObject(), w1wheel = w1["wheel"].toObject();
        w1wheel["radius"] = 316;
        w1["wheel"] = w1wheel;
        wheels[1] = w1;
        car["wheels"] = wheels;
        const QString path = writeJson(dir, "mm.json", car);

        const Run v = timedCli({"validate", path});
        QCOMPARE(v.exitCode, 1);
        QVERIFY2(v.out.contains(path + ": /wheels/1/wheel/radius: 316 m looks like millimetres; did you mean 0.316?"),
                 qPrintable(v.out));
        QVERIFY(!v.out.contains(": valid"));
        QVERIFY2(tookUnderASecond(v), qPrintable(v.err));

        const Run d = timedCli({"doctor", path});
        QCOMPARE(d.exitCode, 1);
        // The doctor reports the invalid value as an error finding of its own (value.invalid).
        QVERIFY2((d.out + d.err).contains("error    value.invalid: wheels[1].wheel.radius: 316 m looks like millimetres"),
                 qPrintable(d.out + d.err));
        QVERIFY2(tookUnderASecond(d), qPrintable(d.err));
    }

    void validateRefusesAHugeName()
    {
        QTemporaryDir dir;
        QJsonObject car = readJson(kCar);
        car["name"] = QString(3'500'000, QChar('x'));
        const QString path = writeJson(dir, "named.json", car);
        const Run v = timedCli({"validate", path});
        QCOMPARE(v.exitCode, 1);
        QVERIFY2(v.out.contains(path + ": /name: must be at most 200 bytes long, got 3500000 bytes"), qPrintable(v.out.left(500)));
        QVERIFY2(tookUnderASecond(v), qPrintable(v.err));
    }

    void maneuverAndTerrainNumbersAreBounded()
    {
        QTemporaryDir dir;
        QJsonObject maneuver = readJson(kSkidpad);
        QJsonObject start = maneuver["start"].toObject();
        start["position"] = QJsonArray{1e308, -40.0};
        maneuver["start"] = start;
        const QString far = writeJson(dir, "far.json", maneuver);
        const Run m = timedCli({"run", "--vehicle", kCar, "--maneuver", far, "--terrain", kProvingGround});
        QCOMPARE(m.exitCode, 1);
        QVERIFY2(m.err.contains(far + ": /start/position/0: must be in [-1000000, 1000000], got 1e+308"), qPrintable(m.err));
        QVERIFY(!m.out.contains("simulated time"));
        QVERIFY2(tookUnderASecond(m), qPrintable(m.err));

        // A terrain one node wide read clean and then failed inside the simulation.
        const QJsonObject terrain{{"format", "jounce.terrain"},
                                  {"schemaVersion", 1},
                                  {"name", "thin"},
                                  {"extent", QJsonObject{{"xMin", 0}, {"xMax", 1e-9}, {"yMin", 0}, {"yMax", 10}}},
                                  {"spacing", 1},
                                  {"base", QJsonObject{{"type", "flat"}}}};
        const QString thin = writeJson(dir, "thin.json", terrain);
        const Run t = timedCli({"run", "--vehicle", kCar, "--terrain", thin, "--duration", "1"});
        QCOMPARE(t.exitCode, 1);
        QVERIFY2(t.err.contains(thin + ": /extent/xMax: the extent's x size 1e-09 m is less than one spacing (1 m)"),
                 qPrintable(t.err));
        QVERIFY2(!(t.out + t.err).contains("internal error"), qPrintable(t.out + t.err));
        QVERIFY2(tookUnderASecond(t), qPrintable(t.err));
    }
};

QTEST_GUILESS_MAIN(TestImplausibleCli)
#include "test_implausible_cli.moc"
