// jounce-cli export motec and run --motec (docs/motec.md), run as a user runs them: the files
// written and what is printed, the phases of --maneuver as beacons, a telemetry CSV as the source,
// both CSV layouts and axes, --figures-json staying JSON, and exit codes for wrong command lines
// (2) and files that cannot be read or written (1). Values are read back by test_motec and by the
// independent reader of motec_ld_independent_reader.

#include "support/CliProcess.h"

#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

namespace {

using Run = jounce::testing::CliRun;
Run cli(const QStringList& args) { return jounce::testing::runCli(args); }

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");

QString firstLine(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readLine()).trimmed() : QString();
}

int markers(const QString& ldx)
{
    QFile f(ldx);
    return f.open(QIODevice::ReadOnly) ? int(f.readAll().count("<Marker ")) : -1;
}

}  // namespace

class TestMotecCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        const Run r = cli({"run", "--vehicle", kPresets + "/sports-car.json", "--maneuver",
                           kPresets + "/maneuvers/brake-from-20.json", "--record", path("run.jrun"), "--out",
                           path("run.csv"), "--motec", path("run.ld")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("MoTeC log:                " + path("run.ld") + " and " + path("run.ldx")), qPrintable(r.out));
        QCOMPARE(markers(path("run.ldx")), 3);  // accelerate, brake, hold
    }

    void exportsARunFileWithItsManeuversPhases()
    {
        const Run bare = cli({"export", "motec", path("run.jrun"), "-o", path("bare.ld")});
        QVERIFY2(bare.exitCode == 0, qPrintable(bare.err));
        QVERIFY2(bare.out.startsWith("wrote " + path("bare.ld") + " (94 channels, ") &&
                     bare.out.contains("60 Hz, frame for frame) and " + path("bare.ldx") + " (0 beacons)"),
                 qPrintable(bare.out));
        QCOMPARE(markers(path("bare.ldx")), 0);
        const Run phased = cli({"export", "motec", path("run.jrun"), "--out", path("phased.ld"), "--maneuver",
                                kPresets + "/maneuvers/brake-from-20.json"});
        QVERIFY2(phased.exitCode == 0 && phased.out.contains("(3 beacons)"), qPrintable(phased.out + phased.err));
        QFile a(path("run.ld")), b(path("phased.ld"));
        QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
        QCOMPARE(a.readAll().mid(0x6E2), b.readAll().mid(0x6E2));  // the same run: only the header's date may differ
        const Run other = cli({"export", "motec", path("run.jrun"), "-o", path("other.ld"), "--maneuver",
                               kPresets + "/maneuvers/skidpad.json"});
        QVERIFY2(other.exitCode == 0 && other.err.contains("warning: the run drove \"brake-from-20\", not \"skidpad\""),
                 qPrintable(other.err));
    }

    void csvLayoutsAxesAndTelemetryCsv()
    {
        const Run motec = cli({"export", "motec", path("run.jrun"), "--csv", "-o", path("motec.csv")});
        QVERIFY2(motec.exitCode == 0, qPrintable(motec.err));
        QCOMPARE(firstLine(path("motec.csv")), QString(R"("Format","MoTeC CSV File",,,"Workbook","")"));
        const Run plain = cli({"export", "motec", path("run.jrun"), "--csv", "-o", path("plain.csv"), "--axis",
                               "distance", "--layout", "plain"});
        QVERIFY2(plain.exitCode == 0 && plain.out.contains(" m)"), qPrintable(plain.out + plain.err));
        QVERIFY(firstLine(path("plain.csv")).startsWith("Distance (m),Time (s),Engine RPM (rpm),"));
        // Jounce's own telemetry CSV as the source: telemetry only.
        const Run fromCsv = cli({"export", "motec", path("run.csv"), "-o", path("fromcsv.ld")});
        QVERIFY2(fromCsv.exitCode == 0 && fromCsv.out.contains("(94 channels"), qPrintable(fromCsv.out + fromCsv.err));
    }

    void figuresJsonStaysJson()
    {
        const Run r = cli({"run", "--vehicle", kPresets + "/sports-car.json", "--maneuver",
                           kPresets + "/maneuvers/brake-from-20.json", "--figures-json", "--motec", path("json.ld")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QJsonParseError error;
        QJsonDocument::fromJson(r.out.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(r.out));
        QVERIFY(QFile::exists(path("json.ld")) && QFile::exists(path("json.ldx")));
    }

    void wrongCommandLinesAndFiles()
    {
        const QString run = path("run.jrun");
        for (const QStringList& args :
             {QStringList{"export", "motec", run}, QStringList{"export", "motec", run, "-o", "x.ld", "--axis", "time"},
              QStringList{"export", "motec", run, "-o", "x.csv", "--csv", "--axis", "sideways"},
              QStringList{"export", "motec", run, "-o", "x.csv", "--csv", "--layout", "excel"},
              QStringList{"export", "motec", run, "-o", "x.ld", "--frame", "iso"},
              QStringList{"export", "usd", kPresets + "/sports-car.json", "--out", "x.usda", "--csv"}}) {
            const Run r = cli(args);
            QVERIFY2(r.exitCode == 2, qPrintable(args.join(' ') + "\n" + r.err));
        }
        const Run missing = cli({"export", "motec", path("missing.jrun"), "-o", path("x.ld")});
        QCOMPARE(missing.exitCode, 1);
        const Run unwritable = cli({"export", "motec", run, "-o", "/nonexistent-folder/x.ld"});
        QCOMPARE(unwritable.exitCode, 1);
        QVERIFY2(unwritable.err.contains("jounce-cli: cannot write /nonexistent-folder/x.ld"), qPrintable(unwritable.err));
        const Run badManeuver = cli({"export", "motec", run, "-o", path("x.ld"), "--maneuver", path("run.csv")});
        QCOMPARE(badManeuver.exitCode, 1);
        QVERIFY(!QFile::exists(path("x.ld")));
    }

private:
    QString path(const QString& name) const { return dir_.filePath(name); }
    QTemporaryDir dir_;
};

QTEST_GUILESS_MAIN(TestMotecCli)
#include "test_motec_cli.moc"
