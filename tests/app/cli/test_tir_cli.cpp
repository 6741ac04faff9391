// jounce-cli import tir FILE --wheels front|rear|all --into VEHICLE.json [-o OUT.json], run as a user
// runs it (docs/tires.md "Importing .tir files"): the vehicle written has the file's coefficients on
// the chosen wheels only, the report lists what was left out with its lines, and a hostile file or
// a wrong command line is refused with its line or usage and the right exit code.

#include "support/CliProcess.h"

#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"
#include "config/VehicleJson.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace jounce;

namespace {

using Run = jounce::testing::CliRun;
Run cli(const QStringList& args) { return jounce::testing::runCli(args); }

const QString kSource = QStringLiteral(JOUNCE_SOURCE_DIR);
const QString kHatchback = kSource + "/presets/family-hatchback.json";
const QString kSedan = kSource + "/data/tires/Sedan_Pac02Tire.tir";

config::Json leaf(const VehicleConfig& v, const std::string& path)
{
    const std::optional<config::Json> value = config::ParameterRegistry::instance().get(v, path);
    return value ? *value : config::Json();
}

std::string mfPath(std::size_t wheel, const std::string& rest)
{
    return config::param::wheels::tire::magicFormula::object(wheel) + "." + rest;
}

}  // namespace

class TestTirCli : public QObject {
    Q_OBJECT
private slots:
    void sedanOntoTheFrontWheels()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath("hatchback-mf.json");
        const Run r = cli({"import", "tir", kSedan, "--wheels", "front", "--into", kHatchback, "-o", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(QRegularExpression("imported \\d+ coefficients \\(MF 5\\.2\\) onto wheels 0, 1, \\d+ defaulted")),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("wrote " + out));
        QVERIFY2(r.out.contains("dropped: [VERTICAL] VERTICAL_STIFFNESS (line 40), VERTICAL_DAMPING (line 41): Jounce's "
                                "wheel load comes from the suspension"),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("dropped: [SHAPE] table (line 33, 4 rows)"));
        QVERIFY2(r.err.contains("Sedan_Pac02Tire.tir: line 26: warning: UNLOADED_RADIUS 0.344 m differs from the radius "
                                "of wheels 0, 1 (wheels[*].wheel.radius = 0.316 m) by 9 %"),
                 qPrintable(r.err));

        const config::VehicleFile f = config::loadVehicle(out.toStdString());
        QVERIFY(f.ok());
        const config::VehicleFile before = config::loadVehicle(kHatchback.toStdString());
        for (std::size_t w : {0u, 1u}) {
            QCOMPARE(leaf(f.config, config::param::wheels::tire::model(w)), config::Json("magicFormula"));
            QCOMPARE(leaf(f.config, mfPath(w, "lateral.PKY1")), config::Json(-21.92));
            QCOMPARE(leaf(f.config, mfPath(w, "operating.FNOMIN")), config::Json(4850.0));
        }
        for (std::size_t w : {2u, 3u}) {
            QCOMPARE(leaf(f.config, config::param::wheels::tire::model(w)), config::Json("physx"));
            QVERIFY(f.config.wheels[w] == before.config.wheels[w]);
        }
        QCOMPARE(f.config.chassis.mass, before.config.chassis.mass);
    }

    void vehicleToStdoutReportToStderr()
    {
        const Run r = cli({"import", "tir", kSedan, "--wheels", "rear", "--into", kHatchback});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const config::VehicleFile f = config::parseVehicle(r.out.toStdString());
        QVERIFY2(f.ok(), qPrintable(r.out.left(400)));
        QCOMPARE(leaf(f.config, mfPath(3, "lateral.PKY1")), config::Json(-21.92));
        QCOMPARE(leaf(f.config, config::param::wheels::tire::model(0)), config::Json("physx"));
        QVERIFY(r.err.contains("onto wheels 2, 3"));
        QVERIFY(r.err.contains("dropped: [ROLLING_COEFFICIENTS]") == false);  // the sedan has none
        QVERIFY(r.err.contains("dropped: [SLIP_ANGLE_RANGE] ALPMIN (line 52), ALPMAX (line 53)"));
    }

    void hostileFilesAreRefusedAtTheirLine()
    {
        QTemporaryDir dir;
        const auto write = [&](const QString& name, const QByteArray& bytes) {
            QFile f(dir.filePath(name));
            f.open(QIODevice::WriteOnly);
            f.write(bytes);
            return dir.filePath(name);
        };
        QFile sedan(kSedan);
        QVERIFY(sedan.open(QIODevice::ReadOnly));
        const QByteArray text = sedan.readAll();
        const QString out = dir.filePath("never.json");
        struct Case {
            QByteArray from, to;
            QString message;
        };
        const Case cases[] = {
            {"Nominal wheel load", QByteArray("Nominal\0wheel", 13), "t.tir: line 45: a NUL byte"},
            {"= -21.92 ", "= -2.2e7 ", "t.tir: line 121: PKY1 = -2.2e+07: /wheels/0/tire/magicFormula/lateral/PKY1: "},
            {"= -21.92 ", "= abc    ", "t.tir: line 121: PKY1 = 'abc': not a number"},
            {"PKY2 ", "PKY1 ", "t.tir: line 122: PKY1 is given twice in [LATERAL_COEFFICIENTS] (first at line 121)"},
            {"='PAC2002'", "='MF_99'", "t.tir: line 15: PROPERTY_FILE_FORMAT = 'MF_99' without FITTYP"},
        };
        for (const Case& c : cases) {
            QByteArray bad = text;
            bad.replace(bad.indexOf(c.from), c.from.size(), c.to);
            const Run r = cli({"import", "tir", write("t.tir", bad), "--wheels", "all", "--into", kHatchback, "-o", out});
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains(c.message), qPrintable(r.err));
            QVERIFY(r.err.contains("import failed, nothing written"));
            QVERIFY(!QFile::exists(out));
        }
    }

    void commandLineMistakes()
    {
        QCOMPARE(cli({"import", "tir", kSedan, "--into", kHatchback}).exitCode, 2);  // no --wheels
        const Run sideways = cli({"import", "tir", kSedan, "--wheels", "middle", "--into", kHatchback});
        QCOMPARE(sideways.exitCode, 2);
        QVERIFY(sideways.err.contains("import tir needs --wheels front, rear or all"));
        QVERIFY(cli({"import", "tir", kSedan, "--wheels", "all"}).err.contains("import tir needs --into VEHICLE.json"));
        QCOMPARE(cli({"import", "tir", kSedan, kSedan, "--wheels", "all", "--into", kHatchback}).exitCode, 2);
        const Run exporting = cli({"export", "tir", kHatchback, "--out", "x.tir"});
        QCOMPARE(exporting.exitCode, 2);
        QVERIFY(exporting.err.contains("export needs a format: physx5, usd, unity"));
        const Run missing = cli({"import", "tir", kSource + "/no-such.tir", "--wheels", "all", "--into", kHatchback});
        QCOMPARE(missing.exitCode, 1);
        QVERIFY(missing.err.contains("no-such.tir: line 1: cannot read"));
    }
};

QTEST_GUILESS_MAIN(TestTirCli)
#include "test_tir_cli.moc"
