// The .tir reader (exchange/tir/TirFile.h, docs/tires.md "Importing .tir files"): the shipped
// Project Chrono files read without an error, [UNITS] turns every number into SI by its key's
// dimension, comments, quotes and number forms are read as the files write them, and each hostile
// file is refused at its line, in time linear in its size.

#include "exchange/tir/TirFile.h"
#include "exchange/tir/TirUnits.h"

#include <QtTest>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numbers>

using namespace jounce;
using namespace jounce::exchange;
using namespace std::string_literals;

namespace {

const std::string kTires = JOUNCE_SOURCE_DIR "/data/tires/";

std::string problemsText(const Problems& p)
{
    std::string s;
    for (const Problem& q : p.items)
        s += q.toString() + (q.severity == Severity::Warning ? " (warning)\n" : "\n");
    return s;
}

/// Reads `text`, which must fail with an error at `line` whose message contains `words`.
void expectRefused(const std::string& text, int line, const std::string& words)
{
    Problems p;
    const std::optional<TirFile> f = parseTir(text, p);
    const std::string all = problemsText(p);
    QVERIFY2(!f, all.c_str());
    bool found = false;
    for (const Problem& q : p.items)
        found = found || (q.severity == Severity::Error && q.pointer == tirLine(line) && q.message.find(words) != std::string::npos);
    QVERIFY2(found, ("expected line " + std::to_string(line) + ": ..." + words + "... in:\n" + all).c_str());
}

double number(const TirFile& f, const char* section, const char* key)
{
    const TirEntry* e = f.find(section, key);
    if (!e || e->isText)
        return std::nan("");
    return e->number;
}

/// A small valid file with `body` after its [UNITS] and [MODEL] sections.
std::string small(const std::string& units, const std::string& body)
{
    return "[MDI_HEADER]\nFILE_TYPE = 'tir'\n[UNITS]\n" + units + "[MODEL]\nFITTYP = 61\n" + body;
}

}  // namespace

class TestTirFile : public QObject {
    Q_OBJECT
private slots:
    void shippedFilesRead_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("entries");
        QTest::newRow("VW microbus") << "mf_185_80R14.tir" << 156;
        QTest::newRow("sedan") << "Sedan_Pac02Tire.tir" << 121;
        QTest::newRow("generic HMMWV") << "Generic_Pac02Tire.tir" << 189;
        QTest::newRow("FEDA truck") << "335_65R22_5_G275MSA_40psi.tir" << 155;
    }
    void shippedFilesRead()
    {
        QFETCH(QString, file);
        QFETCH(int, entries);
        Problems p;
        const std::optional<TirFile> f = readTirFile(kTires + file.toStdString(), p);
        QVERIFY2(f, problemsText(p).c_str());
        QVERIFY2(p.items.empty(), problemsText(p).c_str());  // not even a warning
        QCOMPARE(int(f->entries.size()), entries);
        QVERIFY(f->hasUnits);
    }

    void shippedFilesValues()
    {
        Problems p;
        const std::optional<TirFile> sedan = readTirFile(kTires + "Sedan_Pac02Tire.tir", p);
        QVERIFY(sedan);
        QCOMPARE(number(*sedan, "LATERAL_COEFFICIENTS", "PKY1"), -21.92);
        QCOMPARE(number(*sedan, "VERTICAL", "FNOMIN"), 4850.0);
        QCOMPARE(number(*sedan, "LONGITUDINAL_COEFFICIENTS", "PEX4"), -3.7604e-5);
        const TirEntry* side = sedan->find("MODEL", "TYRESIDE");
        QVERIFY(side && side->isText);
        QCOMPARE(side->text, std::string("LEFT"));
        QCOMPARE(side->line, 19);  // 16 in Chrono's file, below our 3-line header
        // [SHAPE]: a {radial width} header and 4 rows, not entries.
        const auto shape = std::find_if(sedan->sections.begin(), sedan->sections.end(),
                                        [](const TirSection& s) { return s.name == "SHAPE"; });
        QVERIFY(shape != sedan->sections.end());
        QCOMPARE(shape->tableRows, std::size_t(4));
        QCOMPARE(shape->tableLine, shape->line + 1);

        const std::optional<TirFile> feda = readTirFile(kTires + "335_65R22_5_G275MSA_40psi.tir", p);
        QVERIFY(feda);
        QCOMPARE(number(*feda, "MODEL", "FITTYP"), 5.0);
        QCOMPARE(number(*feda, "VERTICAL", "VERTICAL_STIFFNESS"), 4.0652e5);
        const auto fedaShape = std::find_if(feda->sections.begin(), feda->sections.end(),
                                            [](const TirSection& s) { return s.name == "SHAPE"; });
        QCOMPARE(fedaShape->tableRows, std::size_t(10));  // rows without a {header}
        const TirEntry* testNumber = feda->find("GOODYEAR", "TEST_NUMBER");
        QVERIFY(testNumber && testNumber->isText && testNumber->text.empty());  // ''

        const std::optional<TirFile> generic = readTirFile(kTires + "Generic_Pac02Tire.tir", p);
        QVERIFY(generic);
        QCOMPARE(number(*generic, "TIRE_CONDITIONS", "IP"), 800000.0);  // PRESSURE = 'pascal'
        QCOMPARE(number(*generic, "VERTICAL", "VERTICAL_STIFFNESS"), 1e6);  // after a tab
    }

    void unitsGiveSi()
    {
        const std::string units = "LENGTH = 'mm'\nFORCE = 'kN'\nANGLE = 'degree'\nPRESSURE = 'bar'\nTIME = 'second'\n";
        const std::string body = "LONGVL = 16700\n[DIMENSION]\nUNLOADED_RADIUS = 316\n[VERTICAL]\nFNOMIN = 4\n"
                                 "VERTICAL_STIFFNESS = 0.2\n[OPERATING_CONDITIONS]\nINFLPRES = 2.2\n"
                                 "[LATERAL_COEFFICIENTS]\nPKY1 = -20\nPEY4 = 1\nPDY3 = 1\nRBY3 = 2\n"
                                 "[ALIGNING_COEFFICIENTS]\nQHZ1 = 0.5\nQHZ3 = 0.5\n";
        Problems p;
        const std::optional<TirFile> f = parseTir(small(units, body), p);
        QVERIFY2(f, problemsText(p).c_str());
        const double deg = std::numbers::pi / 180.0;
        QCOMPARE(number(*f, "DIMENSION", "UNLOADED_RADIUS"), 0.316);
        QCOMPARE(number(*f, "VERTICAL", "FNOMIN"), 4000.0);
        QCOMPARE(number(*f, "VERTICAL", "VERTICAL_STIFFNESS"), 2e5);  // 0.2 kN/mm
        QCOMPARE(number(*f, "OPERATING_CONDITIONS", "INFLPRES"), 2.2e5);
        QCOMPARE(number(*f, "MODEL", "LONGVL"), 16.7);               // mm/s
        QCOMPARE(number(*f, "LATERAL_COEFFICIENTS", "PKY1"), -20.0);  // a pure number: as written
        QCOMPARE(number(*f, "LATERAL_COEFFICIENTS", "PEY4"), 1.0 / deg);        // per degree -> per rad
        QCOMPARE(number(*f, "LATERAL_COEFFICIENTS", "PDY3"), 1.0 / (deg * deg));  // per degree squared
        QCOMPARE(number(*f, "LATERAL_COEFFICIENTS", "RBY3"), 2.0 * deg);          // an angle
        QCOMPARE(number(*f, "ALIGNING_COEFFICIENTS", "QHZ1"), 0.5 * deg);
        QCOMPARE(number(*f, "ALIGNING_COEFFICIENTS", "QHZ3"), 0.5);  // rad per rad: as written
        QCOMPARE(f->find("ALIGNING_COEFFICIENTS", "QHZ1")->written, 0.5);

        const std::optional<TirFile> imperial =
            parseTir(small("LENGTH = 'inch'\nFORCE = 'pound_force'\nPRESSURE = 'psi'\n",
                           "[DIMENSION]\nUNLOADED_RADIUS = 12\n[VERTICAL]\nFNOMIN = 1000\n[OPERATING_CONDITIONS]\nNOMPRES = 30\n"),
                     p);
        QVERIFY(imperial);
        QCOMPARE(number(*imperial, "DIMENSION", "UNLOADED_RADIUS"), 0.3048);
        QVERIFY(std::fabs(number(*imperial, "VERTICAL", "FNOMIN") - 4448.2216) < 1e-3);
        QVERIFY(std::fabs(number(*imperial, "OPERATING_CONDITIONS", "NOMPRES") - 206842.7) < 0.1);

        expectRefused(small("LENGTH = 'furlong'\n", ""), 4, "not a length unit Jounce knows (meter, meters");
        expectRefused(small("LENGTH = 1\n", ""), 4, "a unit is a quoted name");
    }

    void dimensionsAreTheRegistryUnits()
    {
        // The units the registry gives these keys (MagicFormulaParameters.cpp), spelt the same way.
        QCOMPARE(tir::siUnit(tir::dimensionOf("VERTICAL_STIFFNESS")), std::string("N/m"));
        QCOMPARE(tir::siUnit(tir::dimensionOf("LONGVL")), std::string("m/s"));
        QCOMPARE(tir::siUnit(tir::dimensionOf("INFLPRES")), std::string("Pa"));
        QCOMPARE(tir::siUnit(tir::dimensionOf("PDY3")), std::string("1/rad^2"));
        QCOMPARE(tir::siUnit(tir::dimensionOf("SSZ4")), std::string("1/rad"));
        QCOMPARE(tir::siUnit(tir::dimensionOf("QHZ2")), std::string("rad"));
        QCOMPARE(tir::siUnit(tir::dimensionOf("PKY1")), std::string("1"));
        QCOMPARE(tir::siUnit(tir::dimensionOf("VERTICAL_DAMPING")), std::string("N s/m"));
    }

    void commentsQuotesAndNumbers()
    {
        const std::string text = "\xEF\xBB\xBF$ a header\r\n! another\r\n[UNITS]   $ units\r\nLENGTH='meter'\r\n"
                                 "[MODEL]\r\n  PROPERTY_FILE_FORMAT = \"PAC2002\" ! a comment\r\n"
                                 "TYRESIDE = 'LEFT $ not a comment'   $ a comment\r\n"
                                 "\tUSE_MODE\t=\t4\r\nfittyp = 52\r\n[lateral_coefficients]\r\n"
                                 "PKY1=-2.1920e+001$tight\r\nPEY4 = 1.0D+02\r\nPKY2 = +2\r\nPKY3 = .5\r\nPHY1 = 5.\r\n"
                                 "PHY2 = -0\r\n";
        Problems p;
        const std::optional<TirFile> f = parseTir(text, p);
        QVERIFY2(f, problemsText(p).c_str());
        QVERIFY2(p.items.empty(), problemsText(p).c_str());
        QCOMPARE(f->find("MODEL", "PROPERTY_FILE_FORMAT")->text, std::string("PAC2002"));
        QCOMPARE(f->find("MODEL", "TYRESIDE")->text, std::string("LEFT $ not a comment"));
        QCOMPARE(number(*f, "MODEL", "USE_MODE"), 4.0);
        QCOMPARE(number(*f, "MODEL", "FITTYP"), 52.0);  // keys and sections are read in upper case
        QCOMPARE(number(*f, "LATERAL_COEFFICIENTS", "PKY1"), -21.92);
        QCOMPARE(number(*f, "LATERAL_COEFFICIENTS", "PEY4"), 100.0);  // Fortran's D exponent
        QCOMPARE(number(*f, "LATERAL_COEFFICIENTS", "PKY2"), 2.0);
        QCOMPARE(number(*f, "LATERAL_COEFFICIENTS", "PKY3"), 0.5);
        QCOMPARE(number(*f, "LATERAL_COEFFICIENTS", "PHY1"), 5.0);
        QCOMPARE(f->find("LATERAL_COEFFICIENTS", "PKY1")->line, 11);

        Problems noUnits;
        QVERIFY(parseTir("[MODEL]\nFITTYP = 61\n", noUnits));
        QCOMPARE(problemsText(noUnits), std::string("line 1: no [UNITS] section: the numbers are read as SI (meter, newton, "
                                                    "radian, kg, second, pascal) (warning)\n"));
    }

    void badLinesAreRefusedAtTheirLine()
    {
        const std::string head = small("LENGTH = 'meter'\n", "[LATERAL_COEFFICIENTS]\n");  // 7 lines
        expectRefused(head + "PKY1 =\n", 8, "PKY1 has no value");
        expectRefused(head + "PKY1 =    $ a comment only\n", 8, "PKY1 has no value");
        expectRefused(head + "PKY1 = abc\n", 8, "PKY1 = 'abc': not a number (a text value is quoted");
        expectRefused(head + "PKY2 = 1\nPKY1 = 1.2.3\n", 9, "'1.2.3': not a number");
        expectRefused(head + "PKY1 = nan\n", 8, "not a number");
        expectRefused(head + "PKY1 = inf\n", 8, "not a number");
        expectRefused(head + "PKY1 = 0x10\n", 8, "not a number");
        expectRefused(head + "PKY1 = 1e\n", 8, "not a number");
        expectRefused(head + "PKY1 = 1e400\n", 8, "out of the range of a number");
        expectRefused(head + "PKY1 = 1 2\n", 8, "unexpected '2' after the value of PKY1");
        expectRefused(head + "PKY1 = 'LEFT\n", 8, "the string of PKY1 is not closed");
        expectRefused(head + "PKY1 = -21\nPKY2 = 2\nPKY1 = -22\n", 10, "PKY1 is given twice in [LATERAL_COEFFICIENTS] (first at line 8)");
        expectRefused("$ comment\nPKY1 = 1\n[MODEL]\n", 2, "PKY1 = ... before any [SECTION]");
        expectRefused("1.0 0.4\n[MODEL]\n", 1, "a table row before any [SECTION]");
        expectRefused(head + "PKY1 -21\n", 8, "expected = after the key 'PKY1'");
        expectRefused(head + "[LATERAL\n", 8, "a section name without its closing ]");
        expectRefused(head + "[ ]\n", 8, "an empty section name");
        expectRefused(head + "[A.B]\n", 8, "a section name is letters, digits and _");
        expectRefused(head + "[SHAPE] x\n", 8, "unexpected 'x' after [SHAPE]");
        expectRefused(head + "{radial width\n", 8, "a table header without its closing }");
        expectRefused(head + "1.0 abc\n", 8, "a table row holds numbers only");
        expectRefused(head + "= 5\n", 8, "expected [SECTION], KEY = value");
        expectRefused("", 1, "no KEY = value line");
        expectRefused("$ only comments\n\n", 1, "no KEY = value line");
        // A key that means nothing is read (the import reports it); a blank key is not a key.
        Problems p;
        QVERIFY(parseTir(head + "NOT_A_COEFFICIENT = 3\n", p));
    }

    void binaryTextIsRefusedAtItsLine()
    {
        const std::string head = small("LENGTH = 'meter'\n", "[LATERAL_COEFFICIENTS]\n");
        expectRefused(head + "PKY1 = -21\nPKY2 = 2\x00 3\nPKY3 = 1\n"s, 9, "a NUL byte: this is a binary file");
        expectRefused(head + std::string("PKY1 = -21\n\x00\x01\x02\x03", 15), 9, "a NUL byte");
        expectRefused(head + "$ caf\xE9 in Latin-1\n", 8, "not UTF-8 text");
        expectRefused(head + "PKY1 = -21 $ \xC3\x28\n", 8, "not UTF-8 text");
        expectRefused(head + "PKY1 = -21\x1B[0m\n", 8, "control character 0x1B");
        // A real binary file: the first line already has a NUL.
        expectRefused(std::string("\x7F" "ELF\x02\x01\x01\x00\x00", 9), 1, "control character 0x7F");
    }

    void limitsAreEnforcedQuickly()
    {
        const std::string head = small("LENGTH = 'meter'\n", "[LATERAL_COEFFICIENTS]\n");
        expectRefused(head + "PKY1 = -21 $ " + std::string(5000, 'x') + "\n", 8, "the line is 5013 bytes long, more than the 4096");
        // 100,000 lines: refused at the first line over the limit, quickly.
        std::string many = head;
        for (int i = 0; i < 100000; ++i)
            many += "K" + std::to_string(i) + " = 1\n";
        auto t0 = std::chrono::steady_clock::now();
        expectRefused(many, int(kMaxTirLines) + 1, "more than 20000 lines");
        const double manySeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QVERIFY2(manySeconds < 2.0, std::to_string(manySeconds).c_str());
        // More than 200 sections, and more than 50 errors.
        std::string sections = head;
        for (int i = 0; i < 300; ++i)
            sections += "[S" + std::to_string(i) + "]\nK = 1\n";
        expectRefused(sections, 8 + 2 * 196, "more than 200 sections");  // 4 in head, S0-S195 fit
        std::string errors = head;
        for (int i = 0; i < 80; ++i)
            errors += "K" + std::to_string(i) + " = x\n";
        Problems p;
        QVERIFY(!parseTir(errors, p));
        QCOMPARE(p.items.back().message, std::string("more than 50 errors: the reading stops here"));
        QCOMPARE(p.items.back().pointer, tirLine(8 + 49));
        // Over 10 MiB: refused before it is read.
        std::string big(kMaxTirBytes + 1, ' ');
        expectRefused(big, 1, "more than the 10485760 allowed");
    }

    void largestAcceptedFileReadsInLinearTime()
    {
        // Just under 10 MiB in lines just under 4 kB: the longest work a file can ask for.
        std::string text = small("LENGTH = 'mm'\n", "[LATERAL_COEFFICIENTS]\n");
        const std::string pad(480, 'x');
        for (int i = 0; text.size() + 600 < kMaxTirBytes && i < int(kMaxTirLines) - 10; ++i)
            text += "K" + std::to_string(i) + " = " + std::to_string(i) + ".5e-3 $ " + pad + "\n";
        const auto t0 = std::chrono::steady_clock::now();
        Problems p;
        const std::optional<TirFile> f = parseTir(text, p);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        QVERIFY2(f, problemsText(p).c_str());
        qInfo("%zu bytes, %zu entries read in %.3f s", text.size(), f->entries.size(), seconds);
        QVERIFY2(seconds < 3.0, std::to_string(seconds).c_str());
        // Half the file, for the record: about half the time (a quadratic step would take a quarter).
        std::string half = text.substr(0, text.size() / 2);
        half = half.substr(0, half.rfind('\n') + 1);
        const auto t1 = std::chrono::steady_clock::now();
        QVERIFY(parseTir(half, p));
        qInfo("half the file: %.3f s", std::chrono::duration<double>(std::chrono::steady_clock::now() - t1).count());
    }

    void fileOverTheLimitIsNotRead()
    {
        const std::string path = (std::filesystem::temp_directory_path() / "jounce-test-huge.tir").string();
        {
            std::ofstream out(path, std::ios::binary);
            out << "[MODEL]\nFITTYP = 61\n";
        }
        std::filesystem::resize_file(path, kMaxTirBytes + 1024);  // sparse: nothing to read
        Problems p;
        const auto t0 = std::chrono::steady_clock::now();
        QVERIFY(!readTirFile(path, p));
        QVERIFY(std::chrono::steady_clock::now() - t0 < std::chrono::milliseconds(200));
        QVERIFY2(p.items.size() == 1 && p.items[0].message.find("more than the 10485760 allowed") != std::string::npos,
                 problemsText(p).c_str());
        std::filesystem::remove(path);
        Problems missing;
        QVERIFY(!readTirFile(path, missing));
        QVERIFY(missing.hasErrors());
    }
};

QTEST_GUILESS_MAIN(TestTirFile)
#include "test_tir_file.moc"
