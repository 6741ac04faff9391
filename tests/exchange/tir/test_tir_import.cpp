// A .tir file onto a vehicle (exchange/tir/TirImport.h, docs/tires.md "Importing .tir files"):
// the chosen wheels read back the file's coefficients through the registry, the others are
// untouched; FITTYP decides the equations; values out of the registry's range are refused with
// their line and pointer; what the file lacks is defaulted and what Jounce has no place for is
// listed with its line.

#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"
#include "config/VehicleJson.h"
#include "exchange/tir/TirImport.h"
#include "exchange/tir/TirUnits.h"

#include <QtTest>

#include <fstream>
#include <sstream>

using namespace jounce;
using namespace jounce::exchange;
using config::Json;

namespace {

const std::string kTires = JOUNCE_SOURCE_DIR "/data/tires/";

VehicleConfig hatchback()
{
    const config::VehicleFile f = config::loadVehicle(JOUNCE_SOURCE_DIR "/presets/family-hatchback.json");
    Q_ASSERT(f.ok());
    return f.config;
}

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

/// The sedan's file with the first `from` replaced by `to`.
std::string sedanWith(const std::string& from, const std::string& to)
{
    std::string text = readText(kTires + "Sedan_Pac02Tire.tir");
    const std::size_t at = text.find(from);
    Q_ASSERT(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

/// A wheel's Magic Formula parameter, e.g. mf(v, 0, "lateral.PKY1").
Json mf(const VehicleConfig& v, std::size_t wheel, const std::string& leaf)
{
    const std::optional<Json> value = config::ParameterRegistry::instance().get(
        v, config::param::wheels::tire::magicFormula::object(wheel) + "." + leaf);
    return value ? *value : Json();
}

Json model(const VehicleConfig& v, std::size_t wheel)
{
    return *config::ParameterRegistry::instance().get(v, config::param::wheels::tire::model(wheel));
}

std::string reportText(const TirImportResult& r) { return r.result.problemsText() + r.result.report.toText(r.result.ok()); }

TirImportResult importText(const std::string& text, TirWheels wheels = TirWheels::All)
{
    return importTirText(text, "t.tir", hatchback(), wheels);
}

}  // namespace

class TestTirImport : public QObject {
    Q_OBJECT
private slots:
    void sedanOntoTheFrontWheelsOnly()
    {
        const TirImportResult r = importTirFile(kTires + "Sedan_Pac02Tire.tir", hatchback(), TirWheels::Front);
        QVERIFY2(r.result.ok(), reportText(r).c_str());
        const VehicleConfig& v = r.result.vehicle;
        QCOMPARE(r.mapping->wheels, (std::vector<std::size_t>{0, 1}));
        for (std::size_t w : {0u, 1u}) {
            QCOMPARE(model(v, w), Json(tireModelName(TireModelKind::MagicFormula)));
            QCOMPARE(mf(v, w, "lateral.PKY1"), Json(-21.92));
            QCOMPARE(mf(v, w, "longitudinal.PEX4"), Json(-3.7604e-5));
            QCOMPARE(mf(v, w, "aligning.QEZ5"), Json(-3.594));
            QCOMPARE(mf(v, w, "operating.FNOMIN"), Json(4850.0));
            QCOMPARE(mf(v, w, "dimension.UNLOADED_RADIUS"), Json(0.344));
            QCOMPARE(mf(v, w, "scaling.LFZO"), Json(0.81));
            QCOMPARE(mf(v, w, "model.FITTYP"), Json("mf52"));
            QCOMPARE(mf(v, w, "model.TYRESIDE"), Json("left"));
            QCOMPARE(mf(v, w, "model.LONGVL"), Json(16.6));
        }
        QVERIFY(v.wheels[2] == hatchback().wheels[2] && v.wheels[3] == hatchback().wheels[3]);
        QCOMPARE(v.wheels[0].wheel.radius, hatchback().wheels[0].wheel.radius);  // not UNLOADED_RADIUS
        // A coefficient the MF 5.2 file lacks: the registry's default.
        const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
        const std::string pky4 = config::param::wheels::tire::magicFormula::object(0) + ".lateral.PKY4";
        QCOMPARE(mf(v, 0, "lateral.PKY4"), registry.defaultValueAt(v, pky4));
        // The summary: coefficients from the file, the equations, the wheels.
        QVERIFY2(r.mapping->summary().find("(MF 5.2) onto wheels 0, 1") != std::string::npos, r.mapping->summary().c_str());
        // 94 keys of the file and FITTYP (from PROPERTY_FILE_FORMAT); the other 53 leaves of the
        // file's objects defaulted.
        QCOMPARE(r.mapping->coefficients, std::size_t(95));
        QCOMPARE(r.mapping->defaulted, std::size_t(53));
    }

    void rearAndAllWheels()
    {
        const TirImportResult rear = importTirFile(kTires + "Sedan_Pac02Tire.tir", hatchback(), TirWheels::Rear);
        QVERIFY2(rear.result.ok(), reportText(rear).c_str());
        QCOMPARE(rear.mapping->wheels, (std::vector<std::size_t>{2, 3}));
        QCOMPARE(mf(rear.result.vehicle, 3, "lateral.PKY1"), Json(-21.92));
        QVERIFY(rear.result.vehicle.wheels[0] == hatchback().wheels[0]);
        const TirImportResult all = importTirFile(kTires + "Sedan_Pac02Tire.tir", hatchback(), TirWheels::All);
        QCOMPARE(all.mapping->wheels, (std::vector<std::size_t>{0, 1, 2, 3}));
        // A vehicle whose wheels are all ahead of its centre of mass has no rear wheels.
        VehicleConfig noRear = hatchback();
        noRear.chassis.cmOffset.x = -50.0;
        Problems p;
        const std::optional<TirFile> file = readTirFile(kTires + "Sedan_Pac02Tire.tir", p);
        const TirImport m = mapTir(*file, noRear, TirWheels::Rear, "s.tir");
        QVERIFY(!m.ok());
        QVERIFY(m.edits.empty());
        QCOMPARE(m.problems.items.back().message, std::string("the vehicle has no rear wheels (front: ahead of the centre "
                                                              "of mass, x > -50 m)"));
    }

    void everyShippedFileImports_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("fitType");
        QTest::newRow("VW microbus") << "mf_185_80R14.tir" << "mf52";
        QTest::newRow("sedan") << "Sedan_Pac02Tire.tir" << "mf52";
        QTest::newRow("generic HMMWV") << "Generic_Pac02Tire.tir" << "mf52";
        QTest::newRow("FEDA truck") << "335_65R22_5_G275MSA_40psi.tir" << "mf52";
    }
    void everyShippedFileImports()
    {
        QFETCH(QString, file);
        QFETCH(QString, fitType);
        const TirImportResult r = importTirFile(kTires + file.toStdString(), hatchback(), TirWheels::All);
        QVERIFY2(r.result.ok(), reportText(r).c_str());
        QCOMPARE(mf(r.result.vehicle, 2, "model.FITTYP"), Json(fitType.toStdString()));
        QVERIFY(r.result.report.count(NoteKind::Dropped) > 0);
        qInfo("%s: %s", qPrintable(file), r.mapping->summary().c_str());
    }

    void fitTypeDecidesTheEquations_data()
    {
        QTest::addColumn<QString>("model");  // the [MODEL] lines
        QTest::addColumn<QString>("fitType");  // "" : refused
        QTest::newRow("FITTYP 52") << "FITTYP = 52" << "mf52";
        QTest::newRow("FITTYP 5") << "FITTYP = 5" << "mf52";
        QTest::newRow("FITTYP 61") << "FITTYP = 61" << "mf61";
        QTest::newRow("FITTYP 6") << "FITTYP = 6" << "mf61";
        QTest::newRow("FITTYP 62") << "FITTYP = 62" << "mf61";
        QTest::newRow("PAC2002") << "PROPERTY_FILE_FORMAT = 'PAC2002'" << "mf52";
        QTest::newRow("MF_05") << "PROPERTY_FILE_FORMAT = 'mf_05'" << "mf52";
        QTest::newRow("FITTYP wins") << "PROPERTY_FILE_FORMAT = 'PAC2002'\nFITTYP = 61" << "mf61";
        QTest::newRow("FITTYP 21") << "FITTYP = 21" << "";
        QTest::newRow("FITTYP text") << "FITTYP = '61'" << "";
        QTest::newRow("MF_99") << "PROPERTY_FILE_FORMAT = 'MF_99'" << "";
        QTest::newRow("neither") << "LONGVL = 16" << "";
    }
    void fitTypeDecidesTheEquations()
    {
        QFETCH(QString, model);
        QFETCH(QString, fitType);
        const std::string text = "[UNITS]\nLENGTH = 'meter'\n[MODEL]\n" + model.toStdString() + "\n[LATERAL_COEFFICIENTS]\nPKY1 = -20\n";
        const TirImportResult r = importText(text);
        if (fitType.isEmpty()) {
            QVERIFY(!r.result.ok());
            const Problem& p = r.result.problems.front().problems.items.front();
            QVERIFY2(p.message.find("Jounce") != std::string::npos, p.toString().c_str());
            QCOMPARE(p.pointer, model == "LONGVL = 16" ? tirLine(1) : tirLine(4));
            return;
        }
        QVERIFY2(r.result.ok(), reportText(r).c_str());
        QCOMPARE(mf(r.result.vehicle, 0, "model.FITTYP"), Json(fitType.toStdString()));
        QCOMPARE(mf(r.result.vehicle, 0, "lateral.PKY1"), Json(-20.0));
        QCOMPARE(r.result.report.toText().find("MF 6.2 coefficients under the MF 6.1 equations") != std::string::npos,
                 model == "FITTYP = 62");
    }

    void outOfRangeIsRefusedWithLineAndPointer()
    {
        // The sedan's PKY1 (line 121) beyond the registry's ±1e6.
        const TirImportResult r = importText(sedanWith("= -21.92 ", "= -2.2e7 "), TirWheels::Front);
        QVERIFY(!r.result.ok());
        const std::string all = r.result.problemsText();
        QVERIFY2(all.find("t.tir: line 121: PKY1 = -2.2e+07: /wheels/0/tire/magicFormula/lateral/PKY1: ") != std::string::npos,
                 all.c_str());
        QVERIFY(r.mapping && r.mapping->edits.empty());
        // Text where a number belongs, and a number where a name belongs.
        const TirImportResult text = importText(sedanWith("= -21.92 ", "= 'x'    "));
        QVERIFY2(text.result.problemsText().find("line 121: PKY1 = 'x': must be a number") != std::string::npos,
                 text.result.problemsText().c_str());
        const TirImportResult side = importText(sedanWith("'LEFT'", "'MIDDLE'"));
        QVERIFY2(side.result.ok(), reportText(side).c_str());  // a warning: taken as left
        QVERIFY(side.result.problemsText().find("line 19: TYRESIDE = 'MIDDLE': not LEFT or RIGHT") != std::string::npos);
        QCOMPARE(mf(side.result.vehicle, 0, "model.TYRESIDE"), Json("left"));
    }

    void unitsReachTheVehicle()
    {
        // The sedan in millimetres (and mm/s): the vehicle gets metres.
        std::string text = sedanWith("LENGTH                   ='meter'", "LENGTH = 'mm'");
        for (const auto& [from, to] : {std::pair<std::string, std::string>{"= 0.344 ", "= 344   "}, {"= 0.245 ", "= 245   "},
                                       {"= 0.2286 ", "= 228.6  "}, {"= 0.2159 ", "= 215.9  "}, {"= 16.6 ", "= 16600"},
                                       {"VXLOW                    = 1 ", "VXLOW                    = 1000"}})
            text.replace(text.find(from), from.size(), to);
        const TirImportResult r = importText(text);
        QVERIFY2(r.result.ok(), reportText(r).c_str());
        QCOMPARE(mf(r.result.vehicle, 0, "dimension.UNLOADED_RADIUS").get<double>(), 0.344);
        QCOMPARE(mf(r.result.vehicle, 0, "dimension.WIDTH").get<double>(), 0.245);
        QCOMPARE(mf(r.result.vehicle, 0, "model.LONGVL").get<double>(), 16.6);
        QCOMPARE(mf(r.result.vehicle, 0, "model.VXLOW").get<double>(), 1.0);
        QCOMPARE(mf(r.result.vehicle, 0, "lateral.PKY1").get<double>(), -21.92);  // a pure number
        // Left in metres, the speed would be 1000 times too small: the registry refuses it, at its line.
        const TirImportResult slow = importText(sedanWith("LENGTH                   ='meter'", "LENGTH = 'mm'"));
        QVERIFY(!slow.result.ok());
        QVERIFY2(slow.result.problemsText().find("t.tir: line 18: LONGVL = 16.6: /wheels/0/tire/magicFormula/model/LONGVL: ") !=
                     std::string::npos,
                 slow.result.problemsText().c_str());
    }

    void registryUnitsMatchTheDimensions()
    {
        // Every imported key is converted by the unit the registry gives it.
        const config::Node* mfNode = config::ParameterRegistry::instance().findNode(
            config::param::wheels::tire::magicFormula::object.str());
        QVERIFY(mfNode);
        int checked = 0;
        for (const auto& object : mfNode->children) {
            if (object->key == "lowSpeed")
                continue;
            for (const auto& leaf : object->children) {
                if (leaf->kind != config::NodeKind::Number)
                    continue;
                QCOMPARE(QString::fromStdString(leaf->key + ": " + tir::siUnit(tir::dimensionOf(leaf->key))),
                         QString::fromStdString(leaf->key + ": " + leaf->info.unit));
                ++checked;
            }
        }
        QCOMPARE(checked, 146);  // every numeric leaf of the file's objects
    }

    void missingCoefficients()
    {
        // PDY2 left out: 0, the Magic Formula's value, not the registry's -0.15.
        const TirImportResult r = importText(sedanWith("PDY2 ", "$DY2 "));
        QVERIFY2(r.result.ok(), reportText(r).c_str());
        QCOMPARE(mf(r.result.vehicle, 0, "lateral.PDY2"), Json(0.0));
        QVERIFY2(r.result.report.toText().find("defaulted: tire.magicFormula: PDY2: not in the file: 0, as the Magic Formula") !=
                     std::string::npos,
                 r.result.report.toText().c_str());
        // PKY6 left out of an MF 6.1 file: 0 (no camber thrust); of an MF 5.2 file: unused, the registry's.
        const TirImportResult mf61 = importText(sedanWith("='PAC2002'", "='PAC2002'\r\nFITTYP = 61"));
        QVERIFY2(mf61.result.ok(), reportText(mf61).c_str());
        QCOMPARE(mf(mf61.result.vehicle, 0, "lateral.PKY6"), Json(0.0));
        const TirImportResult mf52 = importTirFile(kTires + "Sedan_Pac02Tire.tir", hatchback(), TirWheels::All);
        const std::string pky6 = config::param::wheels::tire::magicFormula::object(0) + ".lateral.PKY6";
        QCOMPARE(mf(mf52.result.vehicle, 0, "lateral.PKY6"),
                 config::ParameterRegistry::instance().defaultValueAt(mf52.result.vehicle, pky6));
        const std::string report = mf52.result.report.toText();
        QVERIFY2(report.find("which the file's MF 5.2 equations do not use") != std::string::npos, report.c_str());
        // A wheel that had the Magic Formula tire with other values gets the defaults, not its old values.
        const TirImportResult onto = importTirText(sedanWith("PDY2 ", "$DY2 "), "t.tir", mf61.result.vehicle, TirWheels::All);
        QCOMPARE(mf(onto.result.vehicle, 0, "model.FITTYP"), Json("mf52"));
        QCOMPARE(mf(onto.result.vehicle, 0, "lateral.PKY6"), mf(mf52.result.vehicle, 0, "lateral.PKY6"));
    }

    void leftOutKeysAreListedWithTheirLines()
    {
        const TirImportResult r = importTirFile(kTires + "Sedan_Pac02Tire.tir", hatchback(), TirWheels::All);
        const std::string report = r.result.report.toText();
        for (const char* line :
             {"dropped: [VERTICAL] VERTICAL_STIFFNESS (line 40), VERTICAL_DAMPING (line 41): Jounce's wheel load comes "
              "from the suspension",
              "dropped: [VERTICAL] BREFF (line 42), DREFF (line 43), FREFF (line 44): the effective rolling radius",
              "dropped: [SHAPE] table (line 33, 4 rows): the cross-section for 3D enveloping contact",
              "dropped: [SCALING_COEFFICIENTS] LGYR (line 88): the gyroscopic torque is not modelled",
              "dropped: [SCALING_COEFFICIENTS] LMX (line 89), LVMX (line 90): the overturning moment Mx",
              "dropped: [MODEL] USE_MODE (line 16): Jounce always computes",
              "dropped: [ALIGNING_COEFFICIENTS] MBELT (line 160)",
              "dropped: [SLIP_ANGLE_RANGE] ALPMIN (line 52), ALPMAX (line 53): the range of the fit"})
            QVERIFY2(report.find(line) != std::string::npos, (std::string(line) + "\nnot in\n" + report).c_str());
        QVERIFY(report.find("FNOMIN") == std::string::npos);  // imported, not left out
        QVERIFY(report.find("FILE_TYPE") == std::string::npos);
        // The warning: R0 0.344 m on the hatchback's 0.316 m wheels.
        bool radius = false;
        for (const Problem& p : r.result.problems.front().problems.items)
            radius = radius || (p.severity == Severity::Warning && p.pointer == tirLine(26) &&
                                p.message == "UNLOADED_RADIUS 0.344 m differs from the radius of wheels 0, 1, 2, 3 "
                                             "(wheels[*].wheel.radius = 0.316 m) by 9 %: the vehicle's radius is kept");
        QVERIFY2(radius, r.result.problemsText().c_str());
        // A key of an imported section given in another one: the report says where Jounce reads it.
        const TirImportResult moved = importText(sedanWith("BREFF  ", "PCX1   "));
        QVERIFY2(moved.result.report.toText().find("[VERTICAL] PCX1 (line 42): Jounce reads PCX1 from another section: "
                                                   "[LONGITUDINAL_COEFFICIENTS] PCX1 (line 94)") != std::string::npos,
                 moved.result.report.toText().c_str());
    }

    void importingTwiceChangesNothing()
    {
        const TirImportResult once = importTirFile(kTires + "mf_185_80R14.tir", hatchback(), TirWheels::All);
        QVERIFY(once.result.ok());
        const TirImportResult twice = importTirFile(kTires + "mf_185_80R14.tir", once.result.vehicle, TirWheels::All);
        QVERIFY(twice.result.ok());
        QVERIFY(twice.result.vehicle == once.result.vehicle);
        // The vehicle writes and reads back with the tire.
        const config::VehicleFile back = config::parseVehicle(config::vehicleToText(once.result.vehicle));
        QVERIFY(back.ok());
        QVERIFY(back.config == once.result.vehicle);
    }
};

QTEST_GUILESS_MAIN(TestTirImport)
#include "test_tir_import.moc"
