// jounce-cli tire fit --vehicle V --to MODEL [--wheels W] [--slip-ratio-range A,B] [--slip-angle-range
// A,B] [-o OUT], run as a user runs it (docs/tires.md "Fitting and conversion"): the reference car's
// PhysX tires to the Magic Formula and that file back to PhysX, each with its error table; the file
// written validates and has the fitted model on the chosen wheels only; bad requests are refused
// with their reason and exit code, and nothing is written.

#include "support/CliProcess.h"

#include "config/VehicleJson.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace jounce;

namespace {

using Run = jounce::testing::CliRun;
Run cli(const QStringList& args) { return jounce::testing::runCli(args); }

const QString kReference = QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json");

/// The RMS % of the table's row for `direction` ("longitudinal", "lateral") of the `nth` group.
double rmsPercent(const QString& out, const QString& direction, int nth = 0)
{
    const QRegularExpression row("^  " + direction + R"(\s+slip .*\s(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(-?[\d.]+)$)",
                                 QRegularExpression::MultilineOption);
    QRegularExpressionMatchIterator it = row.globalMatch(out);
    for (int i = 0; it.hasNext(); ++i) {
        const QRegularExpressionMatch m = it.next();
        if (i == nth)
            return m.captured(3).toDouble();
    }
    return -1.0;
}

}  // namespace

class TestTireFitCli : public QObject {
    Q_OBJECT
private slots:
    void referenceCarToMagicFormulaAndBack()
    {
        QTemporaryDir dir;
        const QString mf = dir.filePath("mf.json"), back = dir.filePath("back.json");
        const Run to = cli({"tire", "fit", "--vehicle", kReference, "--to", "magicFormula", "-o", mf});
        QVERIFY2(to.exitCode == 0, qPrintable(to.out + to.err));
        QVERIFY2(to.out.contains(QRegularExpression(R"(front wheels \(0, 1\): physx to magicFormula at rest load 4488 N, \d+ evaluations)")),
                 qPrintable(to.out));
        QVERIFY(to.out.contains("rear wheels (2, 3): physx to magicFormula at rest load 3262 N"));
        QVERIFY(to.out.contains("slip ratio -1 to 1") && to.out.contains("slip angle -0.5 to 0.5 rad"));
        QVERIFY(to.out.contains("wrote " + mf));
        // Measured: 0.41 % and 0.63 % (front), 0.53 % and 0.63 % (rear).
        for (int group : {0, 1}) {
            QVERIFY2(rmsPercent(to.out, "longitudinal", group) >= 0 && rmsPercent(to.out, "longitudinal", group) < 1.5, qPrintable(to.out));
            QVERIFY2(rmsPercent(to.out, "lateral", group) >= 0 && rmsPercent(to.out, "lateral", group) < 1.5, qPrintable(to.out));
        }
        const config::VehicleFile written = config::loadVehicle(mf.toStdString());
        QVERIFY(written.ok());
        for (const WheelConfig& w : written.config.wheels)
            QVERIFY(w.tire.magicFormula());

        const Run from = cli({"tire", "fit", "--vehicle", mf, "--to", "physx", "--wheels", "front", "-o", back});
        QVERIFY2(from.exitCode == 0, qPrintable(from.out + from.err));
        QVERIFY(from.out.contains("front wheels (0, 1): magicFormula to physx"));
        QVERIFY(!from.out.contains("rear wheels"));
        // Measured: 0.17 % and 0.63 %.
        QVERIFY2(rmsPercent(from.out, "longitudinal") >= 0 && rmsPercent(from.out, "longitudinal") < 1.5, qPrintable(from.out));
        QVERIFY2(rmsPercent(from.out, "lateral") >= 0 && rmsPercent(from.out, "lateral") < 1.5, qPrintable(from.out));
        const config::VehicleFile again = config::loadVehicle(back.toStdString());
        QVERIFY(again.ok());
        QVERIFY(again.config.wheels[0].tire.physx() && again.config.wheels[1].tire.physx());
        QVERIFY(again.config.wheels[2].tire.magicFormula() && again.config.wheels[3].tire.magicFormula());
        QCOMPARE(cli({"validate", back}).exitCode, 0);
    }

    void withoutOutOnlyTheTable()
    {
        const Run r = cli({"tire", "fit", "--vehicle", kReference, "--to", "unity", "--wheels", "rear",
                           "--slip-ratio-range", "0,0.5", "--slip-angle-range", "-0.2,0.3"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("rear wheels (2, 3): physx to unity"));
        QVERIFY(r.out.contains("slip ratio 0 to 0.5") && r.out.contains("slip angle -0.2 to 0.3 rad"));
        QVERIFY(!r.out.contains("wrote"));
        QVERIFY(!r.out.contains("\"format\""));
    }

    void badRequestsAreRefused()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("never.json");
        struct Case {
            QStringList args;
            int exit;
            QString message;
        };
        const Case cases[] = {
            {{"--to", "physx"}, 1, "the front wheels (0, 1) already have a physx tire"},
            {{"--to", "pacejka"}, 2, "tire fit needs --to magicFormula, physx or unity"},
            {{"--to", "unity", "--wheels", "middle"}, 2, "--wheels is front, rear or all"},
            {{"--to", "unity", "--slip-ratio-range", "1,0"}, 2, "slip ratio range 1 to 0: the first must be below the second"},
            {{"--to", "unity", "--slip-angle-range", "-2,2"}, 2, "must lie within ±1.4 rad"},
            {{"--to", "unity", "--slip-angle-range", "x"}, 2, "--slip-angle-range is two numbers MIN,MAX, got 'x'"},
        };
        for (const Case& c : cases) {
            const Run r = cli(QStringList{"tire", "fit", "--vehicle", kReference, "-o", out} + c.args);
            QVERIFY2(r.exitCode == c.exit, qPrintable(c.args.join(' ') + ": " + r.err));
            QVERIFY2(r.err.contains(c.message), qPrintable(r.err));
            QVERIFY(!QFile::exists(out));
        }
        const Run missing = cli({"tire", "fit", "--vehicle", dir.filePath("nope.json"), "--to", "unity"});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains("not a valid vehicle"));
        const Run noTarget = cli({"tire", "fit", "--vehicle", kReference});
        QCOMPARE(noTarget.exitCode, 2);
        QVERIFY2(noTarget.err.contains("tire fit needs --to"), qPrintable(noTarget.err));
        const Run noVehicle = cli({"tire", "fit", "--to", "unity"});
        QCOMPARE(noVehicle.exitCode, 2);
        QVERIFY2(noVehicle.err.contains("tire fit needs --vehicle"), qPrintable(noVehicle.err));
        QCOMPARE(cli({"tire"}).exitCode, 2);
    }

    void helpListsEveryOption()
    {
        const Run r = cli({"tire", "fit", "--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("Usage: jounce-cli tire fit"));
        for (const char* option : {"--vehicle V.json", "--to magicFormula|physx|unity", "--wheels front|rear|all",
                                   "--slip-ratio-range MIN,MAX", "--slip-angle-range MIN,MAX", "--evaluations N",
                                   "-o,--out OUT.json"})
            QVERIFY2(r.out.contains(option), qPrintable(QString(option) + "\n" + r.out));
    }
};

QTEST_GUILESS_MAIN(TestTireFitCli)
#include "test_tire_fit_cli.moc"
