// CSV telemetry: header and units rows as conventions.md fixes them, shortest round-trip numbers,
// independence from the locale, and byte-identical output for the same frames.

#include "telemetry/CsvWriter.h"

#include <QtTest>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <locale>
#include <sstream>
#include <string>
#include <vector>

using namespace jounce;
using namespace jounce::telemetry;

namespace {

std::vector<std::string> split(const std::string& line, char sep)
{
    std::vector<std::string> out(1);
    for (char c : line) {
        if (c == sep)
            out.emplace_back();
        else
            out.back() += c;
    }
    return out;
}

std::vector<std::string> lines(const std::string& text)
{
    std::vector<std::string> out = split(text, '\n');
    if (!out.empty() && out.back().empty())
        out.pop_back();
    return out;
}

/// Deterministic frames with values of every magnitude and sign.
std::vector<Frame> sampleFrames(int count, int wheels)
{
    std::vector<Frame> frames(static_cast<std::size_t>(count));
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < count; ++i) {
        Frame& f = frames[std::size_t(i)];
        f.time() = i / 60.0;
        f.setWheelCount(wheels);
        for (std::size_t w = Frame::kVehicleOffset; w < Frame::kWordCount; ++w) {
            state = state * 6364136223846793005ull + 1442695040888963407ull;
            const double unit = double(state >> 11) / double(1ull << 53);
            const int exponent = int((state >> 3) % 17) - 8;
            f.words[w] = (unit - 0.5) * std::pow(10.0, exponent);
        }
    }
    return frames;
}

/// A locale whose decimal point is a comma, to show the writer does not use it.
struct CommaDecimal : std::numpunct<char> {
    char do_decimal_point() const override { return ','; }
    char do_thousands_sep() const override { return '.'; }
    std::string do_grouping() const override { return "\3"; }
};

}  // namespace

class TestCsvWriter : public QObject {
    Q_OBJECT
private slots:
    void headerAndUnits()
    {
        const CsvWriter writer(4);
        QCOMPARE(writer.columns().size(), std::size_t(1 + kVehicleChannelCount + 4 * kWheelChannelCount));
        std::string text;
        writer.appendHeader(text);
        const std::vector<std::string> rows = lines(text);
        QCOMPARE(rows.size(), std::size_t(2));
        QVERIFY(rows[0].starts_with("time,engineOmega,engineDriveTorque,clutchSlip,accel,brake,handbrake,steer,gear,"
                                    "targetGear,gearRatio,forwardSpeed,lateralSpeed,yawRate,longAccel,latAccel,roll,"
                                    "pitch,yaw,posX,posY,posZ,jounce[FL],jounce[FR],jounce[RL],jounce[RR],"
                                    "suspForce[FL],"));
        QVERIFY(rows[0].ends_with(",inAir[FL],inAir[FR],inAir[RL],inAir[RR],lowSpeedBlend[FL],lowSpeedBlend[FR],"
                                  "lowSpeedBlend[RL],lowSpeedBlend[RR],wheelAngle[FL],wheelAngle[FR],wheelAngle[RL],wheelAngle[RR]"));
        QVERIFY(rows[1].starts_with("s,rad/s,N m,rad/s,1,1,1,1,1,1,1,m/s,m/s,rad/s,m/s²,m/s²,rad,rad,rad,m,m,m,"
                                    "m,m,m,m,N,N,N,N,N,N,N,N,N,N,N,N,1,1,1,1,rad/s,"));  // jounce, suspForce, tireLoad, rawTireLoad, normTireLoad
        QCOMPARE(split(rows[0], ',').size(), writer.columns().size());
        QCOMPARE(split(rows[1], ',').size(), writer.columns().size());

        std::string six;
        CsvWriter(6).appendHeader(six);
        QVERIFY(six.find(",jounce[RR],jounce[W4],jounce[W5],suspForce[FL],") != std::string::npos);
    }

    void rowValues()
    {
        const CsvWriter writer(4);
        Frame f;
        f.time() = 0.1;
        f.setWheelCount(4);
        f.vehicle(VehicleChannel::EngineOmega) = 123.456;
        f.vehicle(VehicleChannel::Gear) = 2.0;
        f.vehicle(VehicleChannel::Steer) = -0.5;
        f.wheel(WheelChannel::Jounce, 0) = -0.0123;
        f.wheel(WheelChannel::Jounce, 3) = 1e-7;
        f.wheel(WheelChannel::InAir, 3) = 1.0;
        std::string row;
        writer.appendRow(row, f);
        QVERIFY(row.ends_with("\n"));
        row.pop_back();
        const std::vector<std::string> fields = split(row, ',');
        QCOMPARE(fields.size(), writer.columns().size());
        const auto field = [&](const char* column) {
            for (std::size_t i = 0; i < writer.columns().size(); ++i)
                if (columnName(writer.columns()[i]) == column)
                    return fields[i];
            return std::string("?");
        };
        QCOMPARE(field("time"), std::string("0.1"));
        QCOMPARE(field("engineOmega"), std::string("123.456"));
        QCOMPARE(field("gear"), std::string("2"));
        QCOMPARE(field("steer"), std::string("-0.5"));
        QCOMPARE(field("brake"), std::string("0"));
        QCOMPARE(field("jounce[FL]"), std::string("-0.0123"));
        QCOMPARE(field("jounce[RR]"), std::string("1e-07"));
        QCOMPARE(field("inAir[RR]"), std::string("1"));
    }

    void numbersRoundTrip()
    {
        const std::vector<Frame> frames = sampleFrames(50, 4);
        const std::string csv = toCsv(frames);
        const std::vector<std::string> rows = lines(csv);
        QCOMPARE(rows.size(), frames.size() + 2);
        const std::vector<Column> columns = csvColumns(4);
        for (std::size_t r = 0; r < frames.size(); ++r) {
            const std::vector<std::string> fields = split(rows[r + 2], ',');
            QCOMPARE(fields.size(), columns.size());
            for (std::size_t c = 0; c < columns.size(); ++c) {
                double back = 0;
                const auto [end, ec] = std::from_chars(fields[c].data(), fields[c].data() + fields[c].size(), back);
                QVERIFY(ec == std::errc() && end == fields[c].data() + fields[c].size());
                QCOMPARE(back, frames[r].value(columns[c]));  // exact: shortest round trip
            }
        }
        std::string special;
        appendNumber(special, std::numeric_limits<double>::quiet_NaN());
        special += ',';
        appendNumber(special, -std::numeric_limits<double>::infinity());
        special += ',';
        appendNumber(special, -0.0);
        QCOMPARE(special, std::string("nan,-inf,-0"));
    }

    void missingWheelsAreEmpty()
    {
        Frame f;
        f.setWheelCount(2);
        f.wheel(WheelChannel::Jounce, 2) = 5.0;  // beyond the frame's wheels: not written
        std::string row;
        CsvWriter(4).appendRow(row, f);
        QVERIFY(row.find(",0,0,,,0,0,,,") != std::string::npos);  // jounce[FL..RR], suspForce[FL..RR]
        QVERIFY(row.find('5') == std::string::npos);
    }

    void byteIdenticalAndLocaleIndependent()
    {
        const std::vector<Frame> frames = sampleFrames(200, 6);
        const std::string first = toCsv(frames);
        QCOMPARE(toCsv(frames), first);
        QCOMPARE(toCsv(frames, 6), first);

        const std::locale comma(std::locale::classic(), new CommaDecimal);
        const std::locale previous = std::locale::global(comma);
        std::ostringstream stream;
        stream.imbue(comma);
        const CsvWriter writer(6);
        QVERIFY(writer.writeHeader(stream));
        QVERIFY(writer.writeRows(stream, frames));
        std::locale::global(previous);
        QCOMPARE(stream.str(), first);
        QCOMPARE(toCsv({}), std::string("time,engineOmega,engineDriveTorque,clutchSlip,accel,brake,handbrake,steer,gear,"
                                        "targetGear,gearRatio,forwardSpeed,lateralSpeed,yawRate,longAccel,latAccel,"
                                        "roll,pitch,yaw,posX,posY,posZ\n"
                                        "s,rad/s,N m,rad/s,1,1,1,1,1,1,1,m/s,m/s,rad/s,m/s²,m/s²,rad,rad,rad,m,m,m\n"));
    }
};

QTEST_APPLESS_MAIN(TestCsvWriter)
#include "test_csv_writer.moc"
