// `jounce-cli run` always ends in bounded time: its duration and step count are limited up front,
// and a vehicle that cannot be simulated stops with a reason instead of resetting forever.

#include "support/CliProcess.h"

#include <QElapsedTimer>
#include <QtTest>

using jounce::testing::runCli;

namespace {

QString preset(const char* name) { return QStringLiteral(JOUNCE_SOURCE_DIR "/presets/") + name; }

}  // namespace

class TestRunLimitsCli : public QObject {
    Q_OBJECT
private slots:
    void durationIsAtMostADay()
    {
        for (const char* d : {"1e308", "inf", "nan", "86401", "-1", "0"}) {
            const auto r = runCli({"run", "--vehicle", preset("physx-snippet-4w.json"), "--duration", d});
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains("(0, 86400]"), qPrintable(r.err));
        }
    }

    void aRunOverTheStepBudgetIsRefusedBeforeItStarts()
    {
        QElapsedTimer clock;
        clock.start();
        const auto r = runCli({"run", "--vehicle", preset("physx-snippet-4w.json"), "--duration", "3600", "--set",
                               "simulation.timeStep=0.0001"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("36000000 steps, more than the 10000000"), qPrintable(r.err));
        QVERIFY(clock.elapsed() < 2000);
    }

    void theReproductionsOfTheHangEndAtOnceWithAReason()
    {
        // Each of these once reset the vehicle on every step, and the run never ended.
        const std::pair<const char*, const char*> cases[] = {
            {"wheels[1].wheel.radius=316", "wheel.radius"},
            {"chassis.mass=1e308", "chassis.mass"},
            {"chassis.mass=1e-320", "chassis.mass"},
            {"wheels[0].geometry.wheelCentreOffset=[1.2, 0.8, 1e30]", "wheelCentreOffset"},
            {"wheels[1].wheel.radius=1000", "wheel.radius"},
        };
        for (const auto& [set, parameter] : cases) {
            QElapsedTimer clock;
            clock.start();
            const auto r = runCli({"run", "--vehicle", preset("family-hatchback.json"), "--duration", "2", "--set", set},
                                  20000);
            QVERIFY2(clock.elapsed() < 2000, set);
            QCOMPARE(r.exitCode, 1);
            // Refused with the parameter named, or stopped as a failed run.
            QVERIFY2(r.err.contains(parameter) || r.err.contains("consecutive steps"), qPrintable(QString(set) + ": " + r.err));
        }
    }
};

QTEST_GUILESS_MAIN(TestRunLimitsCli)
#include "test_run_limits_cli.moc"
