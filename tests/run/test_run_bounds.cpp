// The bounds of recorded runs and of the files that hold them (issue #35): a telemetry CSV takes
// memory in proportion to its size, refusing wheels that cannot be and columns given twice.

#include "run/RunFile.h"
#include "run/TelemetryCsvReader.h"
#include "telemetry/CsvWriter.h"

#include <QtTest>

#include <cstdio>

using namespace jounce;
using namespace jounce::sim;

namespace {

std::string firstProblem(const Problems& problems)
{
    return problems.items.empty() ? std::string() : problems.items.front().toString();
}

std::string repeated(const std::string& header, const std::string& row, std::size_t rows)
{
    std::string text = header;
    text.reserve(header.size() + row.size() * rows);
    for (std::size_t i = 0; i < rows; ++i)
        text += row;
    return text;
}

}  // namespace

class TestRunBounds : public QObject {
    Q_OBJECT
private slots:
    void telemetryCsvTakesMemoryInProportionToItsSize()
    {
        // The file: a 20-wheel header and 4-byte rows. Each row took a whole 20-wheel frame
        // (1364 bytes, 341 times the row); now it takes its one float and its time.
        const std::size_t rows = 100'000;
        const std::string text = repeated("time,jounce[W19]\n", "0,0\n", rows);
        const TelemetryCsvDocument doc = parseTelemetryCsv(text, "amp.csv");
        QVERIFY2(doc.ok(), firstProblem(doc.problems).c_str());
        QCOMPARE(doc.run->telemetry.size(), rows);
        QCOMPARE(doc.run->telemetry.wheelCount(), 20);
        const std::size_t bound = kCsvBytesPerFileByte * text.size() + kCsvTrackOverheadBytes;
        std::printf("CSV of %zu bytes (20-wheel header, one-cell rows): %zu bytes in memory, bound %zu\n", text.size(),
                    doc.run->memoryBytes(), bound);
        QVERIFY2(doc.run->memoryBytes() <= bound, qPrintable(QString::number(doc.run->memoryBytes())));
        // The worst row for the bound: a time and an empty position (a distance is kept besides).
        const std::string positions = repeated("time,posX\n", "0,\n", rows);
        const TelemetryCsvDocument pos = parseTelemetryCsv(positions, "pos.csv");
        QVERIFY(pos.ok());
        QVERIFY(pos.run->memoryBytes() <= kCsvBytesPerFileByte * positions.size() + kCsvTrackOverheadBytes);
        // What is held reads as it was written; what is not reads 0.
        const TelemetryCsvDocument some = parseTelemetryCsv("time,jounce[W19],posX,colour\n0,0.5,1,7\n0.1,0.25,4,8\n", "s");
        QVERIFY2(some.ok(), firstProblem(some.problems).c_str());
        const TelemetryTrack& t = some.run->telemetry;
        QCOMPARE(t.value(1, telemetry::Column::of(telemetry::WheelChannel::Jounce, 19)), 0.25);
        QCOMPARE(t.value(1, telemetry::Column::of(telemetry::VehicleChannel::PosX)), 4.0);
        QCOMPARE(t.value(1, telemetry::Column::of(telemetry::WheelChannel::Jounce, 3)), 0.0);
        QCOMPARE(t.distance(1), 3.0);
        QCOMPARE(t.frame(0).wheel(telemetry::WheelChannel::Jounce, 19), 0.5);
        // It is its own file: it is not saved again as a run file of 20 whole wheels.
        QVERIFY(!saveRunFile(QDir::temp().filePath("jounce-test-csv.jrun").toStdString(), *some.run).empty());
    }

    void wholeCsvSavesAsARunFileThatReadsBack()
    {
        // Rows all at one time (or seconds apart) gave a time step of 0 (or above 1 s), which its
        // run file then refused at /timeStep: a saved reference that could not be opened again.
        for (const double spacing : {0.0, 2.0}) {
            std::vector<telemetry::Frame> frames(3);
            for (std::size_t i = 0; i < frames.size(); ++i) {
                frames[i].setWheelCount(4);
                frames[i].time() = spacing * double(i);
            }
            const TelemetryCsvDocument csv = parseTelemetryCsv(telemetry::toCsv(frames), "still.csv");
            QVERIFY2(csv.ok() && csv.run->telemetry.whole(), firstProblem(csv.problems).c_str());
            const RunFileDocument doc = parseRunFile(runFileBytes(*csv.run));
            QVERIFY2(doc.ok(), firstProblem(doc.problems).c_str());
            QCOMPARE(doc.run->telemetry.size(), std::size_t(3));
        }
    }

    void telemetryCsvRefusesImpossibleWheelsAndDuplicates()
    {
        // The last problem of a file that is refused ("" when it reads).
        const auto error = [](const std::string& text) {
            const TelemetryCsvDocument d = parseTelemetryCsv(text, "x.csv");
            return d.ok() || d.problems.items.empty() ? std::string() : d.problems.items.back().toString();
        };
        // Dropped silently before: a wheel beyond the 20 a vehicle may have.
        const std::string wheel = error("time,jounce[FL],jounce[W20]\n0,0.1,0.2\n");
        QVERIFY2(wheel.find("line 1, column 3: \"jounce[W20]\" is wheel index 20") != std::string::npos, wheel.c_str());
        // The second of two equal columns overwrote the first.
        const std::string twice = error("time,jounce[FL],forwardSpeed,jounce[FL]\n0,0.1,3,0.2\n");
        QVERIFY2(twice.find("line 1, column 4: \"jounce[FL]\" again (column 2") != std::string::npos, twice.c_str());
        QVERIFY(error("time,time\n0,0\n").find("column 2") != std::string::npos);
        // W19 is the last wheel there is, and an unknown column is a warning.
        QVERIFY(parseTelemetryCsv("time,jounce[W19],colour\n0,0.1,3\n", "x").ok());
    }
};

QTEST_GUILESS_MAIN(TestRunBounds)
#include "test_run_bounds.moc"
