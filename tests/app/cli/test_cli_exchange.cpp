// jounce-cli export physx5|usd and import physx5|usd, run as a user runs them: the files written,
// the conversion report printed, the vehicle read back, errors with their file and pointer or line,
// exit codes.

#include "support/ExchangeTestSupport.h"
#include "support/CliProcess.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace jounce;
using namespace exchange_test;

namespace {

using Run = jounce::testing::CliRun;
Run cli(const QStringList& args) { return jounce::testing::runCli(args); }

const QString kSource = QStringLiteral(JOUNCE_SOURCE_DIR);
const QString kReference = kSource + "/presets/physx-snippet-4w.json";
const QString kSnippet = kSource + "/tests/exchange/data/physx5-snippet";

QByteArray bytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestCliExchange : public QObject {
    Q_OBJECT
private slots:
    void physx5ExportAndImportBack()
    {
        QTemporaryDir dir;
        const Run out = cli({"export", "physx5", kReference, "--out", dir.path()});
        QVERIFY2(out.exitCode == 0, qPrintable(out.out + out.err));
        QVERIFY(out.out.contains("approximated: wheels[0,1].suspension"));
        QVERIFY(out.out.contains("dropped: antiRollBars"));
        const QString golden = kSource + "/tests/exchange/data/golden/physx-snippet-4w/";
        QCOMPARE(bytes(dir.filePath("Base.json")), bytes(golden + "Base.json"));
        QCOMPARE(bytes(dir.filePath("EngineDrive.json")), bytes(golden + "EngineDrive.json"));

        const QString back = dir.filePath("back.json");
        // A PhysX 4.1 car comes back as one with --model physx41 (the default makes a PhysX 5 car).
        const Run in = cli({"import", "physx5", dir.filePath("Base.json"), dir.filePath("EngineDrive.json"), "--base",
                            kReference, "--model", "physx41", "--out", back});
        QVERIFY2(in.exitCode == 0, qPrintable(in.out + in.err));
        QVERIFY(in.out.contains("wrote " + back));
        const config::VehicleFile f = config::loadVehicle(back.toStdString());
        QVERIFY(f.ok());
        std::vector<std::string> diff;
        compareVehicles(preset("physx-snippet-4w"), f.config, 1e-12, diff);
        QVERIFY2(diff.empty(), qPrintable(joined(diff)));
    }

    void nvidiaFilesAsATank()
    {
        QTemporaryDir dir;
        const Run r = cli({"import", "physx5", kSnippet + "/Base.json", kSnippet + "/EngineDrive.json", "--differential",
                           "tank", "--out", dir.filePath("tank.json")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY(cli({"validate", dir.filePath("tank.json")}).out.contains(": valid"));
    }

    void brokenFilesNameTheirPointerAndWriteNothing()
    {
        QTemporaryDir dir;
        QByteArray base = bytes(kSnippet + "/Base.json");
        base.replace("\"Radius\": 0.3432520031929016", "\"Radius\": \"big\"");
        QFile f(dir.filePath("Base.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(base);
        f.close();
        const Run r = cli({"import", "physx5", f.fileName(), kSnippet + "/EngineDrive.json", "--out", dir.filePath("v.json")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(f.fileName() + ": /WheelParams/0/Radius: expected a number"), qPrintable(r.err));
        QVERIFY(r.err.contains("nothing written"));
        QVERIFY(!QFile::exists(dir.filePath("v.json")));
    }

    void usdExportAndImportToStdout()
    {
        QTemporaryDir dir;
        const QString layer = dir.filePath("car.usda");
        const Run out = cli({"export", "usd", kReference, "--out", layer});
        QVERIFY2(out.exitCode == 0, qPrintable(out.out + out.err));
        QVERIFY(out.out.contains("kept for Jounce in the vehicle prim's customData"));
        QCOMPARE(bytes(layer), bytes(kSource + "/tests/exchange/data/golden/physx-snippet-4w.usda"));
        const Run in = cli({"import", "usd", layer});
        QVERIFY2(in.exitCode == 0, qPrintable(in.err));
        QVERIFY(in.out.startsWith("{\n  \"format\": \"jounce.vehicle\""));  // the vehicle on stdout
        QVERIFY(in.err.contains("Omniverse USD import"));                  // the report on stderr

        QFile broken(dir.filePath("broken.usda"));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("#usda 1.0\ndef Xform \"Car\"\n{\n    float x = (1, 2\n}\n");
        broken.close();
        const Run bad = cli({"import", "usd", broken.fileName()});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains(broken.fileName() + ": line 5: expected ','"), qPrintable(bad.err));
        // The report of a failed import says so; it claimed "everything carried over exactly".
        QVERIFY2(!bad.err.contains("everything carried over") && bad.err.contains("Omniverse USD import: failed\n"),
                 qPrintable(bad.err));
    }

    void wrongCommandLines()
    {
        for (const QStringList& args :
             {QStringList{"export"}, QStringList{"export", "fbx", kReference, "--out", "x"},
              QStringList{"export", "usd", kReference}, QStringList{"import", "physx5", kSnippet + "/Base.json"},
              QStringList{"import", "physx5", "a.json", "b.json", "--differential", "six-wheel"},
              QStringList{"import", "usd", "a.usda", "--nonsense"}}) {
            const Run r = cli(args);
            QVERIFY2(r.exitCode == 2, qPrintable(args.join(' ') + "\n" + r.err));
        }
        QCOMPARE(cli({"export", "usd", kSource + "/nonexistent.json", "--out", "x.usda"}).exitCode, 1);
    }
};

QTEST_GUILESS_MAIN(TestCliExchange)
#include "test_cli_exchange.moc"
