// jounce-cli levers VEHICLE --figure FIGURE (docs/sweeps.md "Levers", issue #30 item 5), run as a
// user runs it: on the family hatchback's PhysX tires the anti-roll bars do next to nothing to the
// understeer gradient while each axle's tire lateral stiffness moves it most; on the same car with
// Magic Formula tires and load-transferring bars the rear bar moves it the way the guide says.
// Bad figures are refused with the list of figures; the CSV holds every lever.

#include "support/CliProcess.h"

#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

using Run = jounce::testing::CliRun;
Run cli(const QStringList& args) { return jounce::testing::runCli(args); }

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");

/// The change column of the lever named `name` in the printed table; NaN when absent.
double change(const QString& out, const QString& name)
{
    const QRegularExpression row("^  " + QRegularExpression::escape(name) + R"(\s+\S+\s+\S+\s+([-+][\d.e-]+|0)$)",
                                 QRegularExpression::MultilineOption);
    const QRegularExpressionMatch m = row.match(out);
    return m.hasMatch() ? m.captured(1).toDouble() : std::nan("");
}

/// The levers in the order printed.
QStringList order(const QString& out)
{
    QStringList names;
    const QRegularExpression row(R"(^  (\S.*?\S)\s{2,}\S+\s+\S+\s+\S+$)", QRegularExpression::MultilineOption);
    for (auto it = row.globalMatch(out); it.hasNext();) {
        const QString name = it.next().captured(1);
        if (name != "lever")
            names << name;
    }
    return names;
}

}  // namespace

class TestLeversCli : public QObject {
    Q_OBJECT
private slots:
    void physxTiresBalanceThroughTheirStiffnessNotTheBars()
    {
        QTemporaryDir dir;
        const QString csv = dir.filePath("levers.csv");
        const Run r = cli({"levers", kPresets + "/family-hatchback.json", "--figure", "understeerGradient", "--out", csv});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        // Measured: front tire lateral stiffness -1.90 deg/g over its ±20 %, rear +1.81; the bars
        // -0.0006 and -0.0002.
        const QStringList levers = order(r.out);
        QVERIFY2(levers.size() >= 12, qPrintable(r.out));
        QVERIFY2(levers.mid(0, 2).contains("front tire lateral stiffness") && levers.mid(0, 2).contains("rear tire lateral stiffness"),
                 qPrintable(r.out));
        QVERIFY(change(r.out, "front tire lateral stiffness") < -1.0);
        QVERIFY(change(r.out, "rear tire lateral stiffness") > 1.0);
        QVERIFY2(std::fabs(change(r.out, "rear anti-roll bar")) < 0.01, qPrintable(r.out));
        QVERIFY2(std::fabs(change(r.out, "front anti-roll bar")) < 0.01, qPrintable(r.out));
        QFile file(csv);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), levers.size() + 1);
        QVERIFY(lines.first().startsWith("lever,path,figure,unit,"));
        QVERIFY(lines.at(1).contains(",understeerGradient,deg/g,"));
    }

    void loadTransferringBarsAreLevers()
    {
        // The Magic Formula preset: a stiffer rear bar lowers the understeer gradient.
        const Run r = cli({"levers", kPresets + "/family-hatchback-mf.json", "--figure", "understeerGradient", "--threads", "2"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(change(r.out, "rear anti-roll bar") < 0.0, qPrintable(r.out));
        QVERIFY(change(r.out, "front tire cornering stiffness") < -1.0);
    }

    void badRequestsAreRefused()
    {
        const Run figure = cli({"levers", kPresets + "/family-hatchback.json", "--figure", "nope"});
        QCOMPARE(figure.exitCode, 2);
        QVERIFY2(figure.err.contains("not a figure Jounce measures; one of") && figure.err.contains("understeerGradient"),
                 qPrintable(figure.err));
        const Run missing = cli({"levers", kPresets + "/no-such-car.json", "--figure", "understeerGradient"});
        QCOMPARE(missing.exitCode, 1);
        const Run noFigure = cli({"levers", kPresets + "/family-hatchback.json"});
        QCOMPARE(noFigure.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestLeversCli)
#include "test_levers_cli.moc"
