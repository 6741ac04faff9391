// jounce-cli import unity / export unity as a user runs them (docs/unity.md "Import and export"),
// and issue #16's "done when": the Unity default car's skidpad run prints its figures, and raising
// the sideways stiffness raises its maximum steady lateral acceleration.

#include "config/VehicleJson.h"
#include "support/CliProcess.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace jounce;
using testing::runCli;

namespace {

const QString kPreset = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/unity-default-car.json");
const QString kFixture = QStringLiteral(JOUNCE_SOURCE_DIR "/tests/exchange/unity/data/unity-car.prefab");
const QString kSkidpad = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/maneuvers/skidpad.json");

/// The maximum steady lateral acceleration a run prints, m/s².
double steadyLateral(const QString& out)
{
    const QRegularExpressionMatch m =
        QRegularExpression(QStringLiteral("max steady lateral acceleration:\\s+([0-9.]+) m/s\\^2")).match(out);
    return m.hasMatch() ? m.captured(1).toDouble() : -1.0;
}

}  // namespace

class TestUnityCli : public QObject {
    Q_OBJECT
private slots:
    void exportThenImportGivesTheVehicleBack()
    {
        QTemporaryDir dir;
        const QString car = dir.filePath("car.json");
        const auto exported = runCli({"export", "unity", kPreset, "--out", car});
        QCOMPARE(exported.exitCode, 0);
        QVERIFY2(exported.out.contains("Unity export: Unity default car") && exported.out.contains("dropped: drive:"),
                 qPrintable(exported.out));
        const QString back = dir.filePath("back.json");
        const auto imported = runCli({"import", "unity", car, "--out", back});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.out + imported.err));
        QVERIFY(imported.out.contains("defaulted: wheels[*].suspension.sprungMass"));
        const config::VehicleFile original = config::loadVehicle(kPreset.toStdString());
        const config::VehicleFile round = config::loadVehicle(back.toStdString());
        QVERIFY(round.ok());
        for (std::size_t i = 0; i < 4; ++i) {
            QCOMPARE(round.config.wheels[i].tire.params, original.config.wheels[i].tire.params);
            QCOMPARE(round.config.wheels[i].suspension.springStrength, 35000.0);
        }
        QCOMPARE(round.config.chassis.mass, 1500.0);
        // Without --out the vehicle goes to stdout and the report to stderr.
        const auto toStdout = runCli({"import", "unity", car});
        QCOMPARE(toStdout.exitCode, 0);
        QVERIFY(toStdout.out.startsWith("{") && toStdout.err.contains("Unity import"));
    }

    void aPrefabImportsAndDrives()
    {
        QTemporaryDir dir;
        const QString vehicle = dir.filePath("prefab-car.json");
        const auto imported = runCli({"import", "unity", kFixture, "--out", vehicle});
        QVERIFY2(imported.exitCode == 0, qPrintable(imported.out + imported.err));
        QVERIFY(imported.out.contains("0 'WheelFL'"));
        const auto run = runCli({"run", "--vehicle", vehicle, "--maneuver",
                                 QStringLiteral(JOUNCE_SOURCE_DIR "/presets/maneuvers/acceleration-0-100.json")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.out + run.err));
        QVERIFY(run.out.contains("completed"));
    }

    void brokenFilesWriteNothing()
    {
        QTemporaryDir dir;
        const QString broken = dir.filePath("broken.prefab");
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("%YAML 1.1\n%TAG !u! tag:unity3d.com,2011:\n--- !u!146 &1\nWheelCollider:\n  m_Radius: [\n");
        f.close();
        const QString out = dir.filePath("never.json");
        const auto r = runCli({"import", "unity", broken, "--out", out});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("broken.prefab: line "), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
        QCOMPARE(runCli({"import", "unity"}).exitCode, 2);
        QCOMPARE(runCli({"export", "unity", kPreset}).exitCode, 2);  // no --out
        QCOMPARE(runCli({"import", "unity", dir.filePath("missing.prefab")}).exitCode, 1);
    }

    void skidpadPrintsFiguresAndSidewaysStiffnessRaisesGrip()
    {
        const auto base = runCli({"run", "--vehicle", kPreset, "--maneuver", kSkidpad});
        QVERIFY2(base.exitCode == 0, qPrintable(base.err));
        QVERIFY(base.out.contains("understeer gradient") && base.out.contains("roll gradient"));
        const double preset = steadyLateral(base.out);
        const auto soft = runCli({"run", "--vehicle", kPreset, "--maneuver", kSkidpad, "--set",
                                  "wheels[*].tire.unity.sidewaysFriction.stiffness=0.6"});
        const auto stiff = runCli({"run", "--vehicle", kPreset, "--maneuver", kSkidpad, "--set",
                                   "wheels[*].tire.unity.sidewaysFriction.stiffness=1.5"});
        const double low = steadyLateral(soft.out), high = steadyLateral(stiff.out);
        qInfo("max steady lateral acceleration: stiffness 0.6 %.2f, 1 %.2f, 1.5 %.2f m/s^2", low, preset, high);
        QVERIFY(low > 0 && preset > low + 2.0);  // 0.6 -> 1: grip-limited, a large rise
        QVERIFY(high >= preset);                  // 1.5: the 80 s speed ramp ends first
    }
};

QTEST_GUILESS_MAIN(TestUnityCli)
#include "test_unity_cli.moc"
