// `jounce-cli sweep --collect` refuses damaged chunk results (docs/sweeps.md "On a cluster"): a row
// cut short by an interrupted copy, cells that are no number, value or status, rows of only an id,
// extra cells, bytes that are not UTF-8, CR LF line ends, ids and quoting the writer never writes.
// Each is an error naming the chunk file, the line and what is wrong, never a merged table that
// differs from the one a single-machine run writes.

#include "support/CliProcess.h"

#include "sweep/SweepJson.h"
#include "sweep/SweepPlan.h"
#include "sweep/SweepPoints.h"
#include "sweep/SweepTable.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

using namespace jounce;
using namespace jounce::sweep;

namespace {

const std::string kPresets = JOUNCE_SOURCE_DIR "/presets";

Sweep quickSweep()
{
    SweepDocument doc = loadSweep(kPresets + "/sweeps/quick-acceleration.json", kPresets);
    if (!doc.ok())
        qFatal("quick-acceleration.json does not read");
    return std::move(doc.sweep);
}

/// The quick sweep's 9 points in 3 chunks (0-2, 3-5, 6-8) with made-up figures, as --run-chunk
/// writes them: chunk-1.csv's lines are the marker (1), the header (2) and points 3, 4, 5 (3-5).
std::vector<ChunkFile> chunkResults()
{
    const Sweep s = quickSweep();
    std::vector<ChunkFile> files;
    for (const ChunkRange& r : chunkRanges(9, 3, sweepFingerprint(s))) {
        Sweep chunk = s;
        chunk.chunk = r;
        std::vector<PointResult> rows;
        for (const Point& p : makePoints(s, r.first, r.end))
            rows.push_back({p.id, p.values, {1.25 * double(p.id + 1), std::nullopt},
                            p.id == 4 ? "invalid vehicle: /drive/gears: \"a\", quoted" : "ok"});
        files.push_back({"chunk-" + std::to_string(r.index) + ".csv", chunkCsv(chunk, rows)});
    }
    return files;
}

/// `text` with its line `number` (1-based) replaced by `line`.
std::string withLine(const std::string& text, int number, const std::string& line)
{
    std::size_t start = 0;
    for (int i = 1; i < number; ++i)
        start = text.find('\n', start) + 1;
    const std::size_t end = text.find('\n', start);
    return text.substr(0, start) + line + text.substr(end);
}

std::string lineOf(const std::string& text, int number)
{
    std::size_t start = 0;
    for (int i = 1; i < number; ++i)
        start = text.find('\n', start) + 1;
    return text.substr(start, text.find('\n', start) - start);
}

}  // namespace

class TestSweepCollect : public QObject {
    Q_OBJECT
private slots:
    void undamagedResultsCollect()
    {
        const std::vector<ChunkFile> files = chunkResults();
        const Collected c = collectChunks(files);
        QVERIFY2(c.ok(), c.error.c_str());
        QCOMPARE(c.points, std::size_t(9));
        // A status with a comma and quotes is quoted, and collected as it is.
        QVERIFY2(c.table.find("\n4,500,4,6.25,,\"invalid vehicle: /drive/gears: \"\"a\"\", quoted\"\n") != std::string::npos,
                 c.table.c_str());
        QCOMPARE(lineOf(files[1].text, 3).substr(0, 2), std::string("3,"));
    }

    void damagedRowsAreRefusedWithFileAndLine_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("words");
        const std::string good = chunkResults()[1].text;
        const std::string last = lineOf(good, 5);
        const auto row = [](const char* name, const std::string& text, const char* words) {
            QTest::newRow(name) << QByteArray::fromStdString(text) << QString(words);
        };
        // An interrupted copy back from a node: the file ends inside its last row.
        row("last row cut in its status", good.substr(0, good.size() - 2), "line 5: cut short");
        row("last row cut in a figure", good.substr(0, good.size() - last.size() + 11), "line 5: cut short");
        row("no line end after the last row", good.substr(0, good.size() - 1), "line 5: cut short");
        row("GARBAGE cells", withLine(good, 4, "4,GARBAGE,,,,"), "line 4: column 2 (drive.engine.peakTorque [N m]): \"GARBAGE\" is not a number");
        row("GARBAGE line", withLine(good, 4, "GARBAGE,,,"), "line 4:");
        row("GARBAGE figure", withLine(good, 3, "3,500,3.5,GARBAGE,,ok"), "line 3: column 4 (accel0to100 [s]): \"GARBAGE\" is not a figure");
        row("empty status", withLine(good, 3, "3,500,3.5,5,,"), "line 3: column 6 (status): \"\" is not a point's status");
        row("status cut to o", withLine(good, 3, "3,500,3.5,5,,o"), "line 3: column 6 (status)");
        row("only an id and a comma", withLine(good, 4, "4,"), "line 4: 2 cells, the header has 6");
        row("only an id", withLine(good, 4, "4"), "line 4:");
        row("extra cells", withLine(good, 3, lineOf(good, 3) + ",extra"), "line 3: 7 cells, the header has 6");
        row("non-UTF-8 status", withLine(good, 3, "3,500,3.5,5,,error: \xff\xfe broken"), "line 3: not UTF-8");
        row("non-UTF-8 in the header", withLine(good, 2, lineOf(good, 2) + "\xc3("), "line 2: not UTF-8");
        row("CR LF line ends", withLine(good, 3, lineOf(good, 3) + "\r"), "line 3: a carriage return");
        row("leading zero id", withLine(good, 3, "0" + lineOf(good, 3)), "line 3: \"03\" is not a point of its chunk");
        row("quoted id", withLine(good, 3, "\"3\"" + lineOf(good, 3).substr(1)), "line 3: column 1 (point): quoted otherwise");
        row("figure not in shortest form", withLine(good, 3, "3,500,3.5,5.0,,ok"), "line 3: column 4 (accel0to100 [s]): \"5.0\"");
        row("unclosed quote", withLine(good, 4, "4,500,4,6.25,,\"invalid vehicle: cut"), "line 4: cell 6: a quote opens and never closes");
        row("empty line", withLine(good, 4, ""), "line 4: an empty line");
        row("number not in shortest form", withLine(good, 3, "3,500.0,3.5,5,,ok"),
            "line 3: column 2 (drive.engine.peakTorque [N m]): \"500.0\" is not a number in the shortest form");
        row("quote inside a cell", withLine(good, 3, "3,500,3.5,5,,error: \"x\""), "line 3: cell 6: a quote inside a cell that is not quoted");
        row("text after a closing quote", withLine(good, 3, "3,500,3.5,5,,\"error: x\"y"), "line 3: cell 6: text after its closing quote");
        row("NUL byte", withLine(good, 3, std::string("3,500,3.5,5,,error: a") + '\0' + "b"), "line 3: a NUL byte");
    }

    void damagedRowsAreRefusedWithFileAndLine()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, words);
        std::vector<ChunkFile> files = chunkResults();
        files[1].text = text.toStdString();
        const Collected c = collectChunks(files);
        QVERIFY2(!c.ok(), c.table.c_str());
        QVERIFY(c.table.empty());
        QVERIFY2(c.error.starts_with("chunk-1.csv: "), c.error.c_str());
        QVERIFY2(c.error.find(words.toStdString()) != std::string::npos, c.error.c_str());
    }

    void editedMarkersAreRefused_data()
    {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        // Counts are whole numbers >= 0, the chunk one of the plan's: a count of 1e30 once went
        // through a conversion to size_t that is undefined (fuzz_chunkresult's first finding).
        QTest::newRow("chunk 1e30") << R"("chunk":1,)" << R"("chunk":8888888888888888888888888888880,)";
        QTest::newRow("chunk 1.5") << R"("chunk":1,)" << R"("chunk":1.5,)";
        QTest::newRow("chunk -1") << R"("chunk":1,)" << R"("chunk":-1,)";
        QTest::newRow("chunk 3 of 3") << R"("chunk":1,)" << R"("chunk":3,)";
        QTest::newRow("first as text") << R"("first":3,)" << R"("first":"3",)";
        QTest::newRow("points 9.0") << R"("points":9,)" << R"("points":9.0,)";
        QTest::newRow("no fingerprint") << R"("fingerprint":)" << R"("fingerprint_":)";
    }

    void editedMarkersAreRefused()
    {
        QFETCH(QString, from);
        QFETCH(QString, to);
        std::vector<ChunkFile> files = chunkResults();
        std::string& text = files[1].text;
        const std::size_t at = text.find(from.toStdString());
        QVERIFY(at != std::string::npos && at < text.find('\n'));
        text.replace(at, std::size_t(from.size()), to.toStdString());
        const Collected c = collectChunks(files);
        QVERIFY2(c.error.starts_with("chunk-1.csv: not the results of `jounce-cli sweep --run-chunk`"), c.error.c_str());
    }

    void resultsWithoutParameterKindsCollectAsBefore()
    {
        // Written before the marker listed what the parameter columns hold: collected, parameter
        // cells taken as values of any kind, everything else checked; one such file among newer
        // ones is refused (another version's columns).
        std::vector<ChunkFile> files = chunkResults();
        const std::string reference = collectChunks(files).table;
        const std::string kinds = R"(,"parameters":["number","number"])";
        std::vector<ChunkFile> older = files;
        for (ChunkFile& f : older) {
            QVERIFY(f.text.find(kinds) != std::string::npos);
            f.text.erase(f.text.find(kinds), kinds.size());
        }
        const Collected c = collectChunks(older);
        QVERIFY2(c.ok(), c.error.c_str());
        QCOMPARE(c.table, reference);
        older[1].text = withLine(older[1].text, 3, "3,500,3.5,5.0,,ok");
        QVERIFY(collectChunks(older).error.find("chunk-1.csv: line 3: column 4 (accel0to100 [s])") != std::string::npos);
        std::vector<ChunkFile> mixed = files;
        mixed[2] = older[2];
        const Collected m = collectChunks(mixed);
        QVERIFY2(m.error.find("chunk-2.csv: its columns differ from chunk-0.csv's") != std::string::npos, m.error.c_str());
    }

    void cliRefusesADamagedChunkWithExit1()
    {
        QTemporaryDir dir;
        std::vector<ChunkFile> files = chunkResults();
        files[2].text = files[2].text.substr(0, files[2].text.size() - 3);  // cut short on the way back
        for (const ChunkFile& f : files) {
            QFile out(QDir(dir.path()).filePath(QString::fromStdString(f.name)));
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(f.text.data(), qint64(f.text.size()));
        }
        const auto r = testing::runCli({"sweep", "--collect", dir.path(), "--out", dir.filePath("all.csv")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("chunk-2.csv: line 5: cut short"), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath("all.csv")));
    }
};

QTEST_GUILESS_MAIN(TestSweepCollect)
#include "test_sweep_collect.moc"
