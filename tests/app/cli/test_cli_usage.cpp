// jounce-cli's command line, run as a user runs it: the help of every command lists its options
// with a description, a mistyped option or command gets "did you mean", and a value of the wrong
// type is a usage error (exit 2) before any file is read.

#include "support/CliProcess.h"

#include <QtTest>

namespace {

using Run = jounce::testing::CliRun;

Run cli(const QStringList& args) { return jounce::testing::runCli(args); }

/// Whether the help text has a line for `name` (an option or argument) followed by a description,
/// on the same line or, when the name column is full, on the next one.
bool describes(const QString& help, const QString& name)
{
    const QStringList lines = help.split('\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines[i];
        if (!line.startsWith("  " + name + ' ') && line != "  " + name)
            continue;
        const QStringList columns = line.trimmed().split(QRegularExpression("\\s{2,}"));
        if (columns.size() >= 2 && !columns[1].isEmpty())
            return true;
        return i + 1 < lines.size() && lines[i + 1].startsWith("          ") && !lines[i + 1].trimmed().isEmpty();
    }
    return false;
}

}  // namespace

class TestCliUsage : public QObject {
    Q_OBJECT
private slots:
    void commandHelpListsEveryOption_data()
    {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QStringList>("names");
        QTest::newRow("validate") << "validate" << QStringList{"FILE..."};
        QTest::newRow("format") << "format" << QStringList{"FILE...", "--check"};
        QTest::newRow("params") << "params" << QStringList{"--vehicle", "--all"};
        QTest::newRow("schema") << "schema" << QStringList{"[vehicle|maneuver|terrain]"};
        QTest::newRow("run") << "run"
                             << QStringList{"--vehicle", "--terrain", "--maneuver", "--duration", "--start", "--out",
                                            "--poses", "--figures-json", "--set", "--record", "--motec", "--inputs"};
        QTest::newRow("doctor") << "doctor" << QStringList{"[VEHICLE.json]", "--maneuver", "--terrain", "--json", "--list"};
        QTest::newRow("diff") << "diff" << QStringList{"A.json", "B.json", "--out"};
        QTest::newRow("patch") << "patch" << QStringList{"BASE.json", "DIFF.json", "--out"};
        QTest::newRow("compare") << "compare"
                                 << QStringList{"VEHICLE.json...", "--maneuver", "--terrain", "--out", "--all-parameters",
                                                "--threads"};
        QTest::newRow("import") << "import"
                                << QStringList{"physx5|usd|unity|tir", "FILE...", "-o,--out", "--base", "--differential",
                                               "--model", "--wheels", "--into"};
        QTest::newRow("export") << "export"
                                << QStringList{"physx5|usd|unity|motec", "VEHICLE.json|RUN.jrun", "-o,--out", "--frame",
                                               "--csv", "--axis", "--layout", "--maneuver"};
        QTest::newRow("sweep") << "sweep"
                               << QStringList{"[SWEEP.json]", "--out", "--threads", "--plan", "--chunks", "--run-chunk",
                                              "--collect", "--sensitivity", "--heatmap"};
        QTest::newRow("tune") << "tune" << QStringList{"SWEEP.json", "--out", "--vehicle-out"};
    }

    void commandHelpListsEveryOption()
    {
        QFETCH(QString, command);
        QFETCH(QStringList, names);
        const Run r = cli({command, "--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        QVERIFY2(r.out.contains("Usage: jounce-cli " + command), qPrintable(r.out));
        for (const QString& name : names + QStringList{"-h,--help"})
            QVERIFY2(describes(r.out, name), qPrintable(name + " is not described in\n" + r.out));
    }

    void helpListsEveryCommand()
    {
        const Run r = cli({"--help"});
        QCOMPARE(r.exitCode, 0);
        for (const char* command : {"validate", "format", "params", "schema", "run", "doctor", "diff", "patch", "compare",
                                    "import", "export", "sweep", "tune", "tire"})
            QVERIFY2(r.out.contains(QStringLiteral("\n  %1 ").arg(command)), qPrintable(QString(command) + "\n" + r.out));
        QCOMPARE(cli({"help"}).out, r.out);
    }

    void mistypedOptionGetsTheNearestName()
    {
        const Run run = cli({"run", "--vehicel", "x.json"});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains("jounce-cli: run: unexpected argument --vehicel; did you mean '--vehicle'?"),
                 qPrintable(run.err));
        const Run sweep = cli({"sweep", "s.json", "--thread", "2"});
        QCOMPARE(sweep.exitCode, 2);
        QVERIFY2(sweep.err.contains("did you mean '--threads'?"), qPrintable(sweep.err));
        const Run compare = cli({"compare", "a.json", "b.json", "--maneuvre=m.json"});
        QCOMPARE(compare.exitCode, 2);
        QVERIFY2(compare.err.contains("did you mean '--maneuver'?"), qPrintable(compare.err));
        // Reported before what the typo leads to (here: no FILE).
        const Run validate = cli({"validate", "--chek"});
        QCOMPARE(validate.exitCode, 2);
        QVERIFY2(validate.err.contains("unexpected argument --chek"), qPrintable(validate.err));
        const Run format = cli({"format", "--chek"});
        QVERIFY2(format.exitCode == 2 && format.err.contains("did you mean '--check'?"), qPrintable(format.err));
    }

    void farOffOptionGetsNoSuggestion()
    {
        const Run r = cli({"run", "--frobnicate"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("unexpected argument --frobnicate"), qPrintable(r.err));
        QVERIFY2(!r.err.contains("did you mean"), qPrintable(r.err));
    }

    void wrongTypeIsAUsageError()
    {
        for (const QStringList& args :
             {QStringList{"compare", "a.json", "b.json", "--maneuver", "m.json", "--threads", "two"},
              QStringList{"compare", "a.json", "b.json", "--maneuver", "m.json", "--threads", "0x10"},
              QStringList{"sweep", "s.json", "--threads", "two"}, QStringList{"sweep", "s.json", "--threads", "2.5"},
              QStringList{"sweep", "s.json", "--plan", "jobs", "--chunks", "many"}}) {
            const Run r = cli(args);
            QVERIFY2(r.exitCode == 2, qPrintable(args.join(' ') + "\n" + r.err));
            QVERIFY2(r.err.contains(args[args.size() - 2] + ": takes a number from 1 to "), qPrintable(r.err));
            QVERIFY2(r.err.contains(", got " + args.last()), qPrintable(r.err));
        }
        const Run duration = cli({"run", "--vehicle", "v.json", "--duration", "soon"});
        QCOMPARE(duration.exitCode, 2);
        QVERIFY2(duration.err.contains("--duration: takes a number of seconds in (0, 86400]"), qPrintable(duration.err));
        const Run missing = cli({"run", "--vehicle"});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("--vehicle"), qPrintable(missing.err));
    }

    void mistypedParameterGetsTheNearestName()
    {
        const QString vehicle = JOUNCE_SOURCE_DIR "/presets/sports-car.json";
        const Run r = cli({"run", "--vehicle", vehicle, "--duration", "1", "--set", "wheels[*].suspension.springStrenght=40000"});
        QCOMPARE(r.exitCode, 1);  // a bad edit of a good file: not a usage error
        QVERIFY2(r.err.contains("no parameter 'wheels[0].suspension.springStrenght'; did you mean "
                                "'wheels[0].suspension.springStrength'?"),
                 qPrintable(r.err));
        const Run section = cli({"run", "--vehicle", vehicle, "--duration", "1", "--set", "chasis.mass=1400"});
        QVERIFY2(section.err.contains("no parameter 'chasis'; did you mean 'chassis'?"), qPrintable(section.err));
        const Run far = cli({"run", "--vehicle", vehicle, "--duration", "1", "--set", "chassis.frobnicate=1"});
        QVERIFY2(far.err.contains("no parameter 'chassis.frobnicate'") && !far.err.contains("did you mean"),
                 qPrintable(far.err));
    }

    // Progress is a bar for a person at a terminal: a log (a pipe, a batch job) gets the summary only,
    // and --quiet drops the bar too.
    void sweepProgressOnlyOnATerminal()
    {
        const QString sweep = JOUNCE_SOURCE_DIR "/presets/sweeps/quick-acceleration.json";
        const QString out = QDir::temp().filePath("jounce-progress-test.csv");
        for (const QStringList& args : {QStringList{"sweep", sweep, "--out", out}, QStringList{"sweep", sweep, "--out", out, "--quiet"}}) {
            const Run r = cli(args);
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            QVERIFY2(!r.err.contains("/9"), qPrintable(r.err));
            QVERIFY2(r.out.contains("9 points on"), qPrintable(r.out));
        }
        QFile::remove(out);
    }

    void unknownCommandGetsTheNearestName()
    {
        const Run r = cli({"valdate", "x.json"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("jounce-cli: unknown command 'valdate'; did you mean 'validate'?"), qPrintable(r.err));
        const Run far = cli({"frobnicate"});
        QCOMPARE(far.exitCode, 2);
        QVERIFY2(far.err.contains("unknown command 'frobnicate'") && !far.err.contains("did you mean"), qPrintable(far.err));
    }
};

QTEST_GUILESS_MAIN(TestCliUsage)
#include "test_cli_usage.moc"
