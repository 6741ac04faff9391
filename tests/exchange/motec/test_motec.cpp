// The MoTeC export (exchange/motec/, docs/motec.md): a known run written as .ld and read back
// field by field (header, blocks, channel list, names, units, rate, values within the stated
// quantisation), resampling of a run whose step is no whole rate, the errors, the .ldx beacons at
// the phase starts a simulated maneuver really had and at its laps, both CSV layouts and axes, and
// an hour-long run exported in bounded time and memory. tests/exchange/motec/check_cli_ld.py
// reads the CLI's files with an independent reader.

#include "config/ReferenceCar.h"
#include "exchange/motec/LdWriter.h"
#include "exchange/motec/MotecCsv.h"
#include "run/RunLogger.h"
#include "run/RunRecorder.h"
#include "world/TerrainGround.h"

#include <QtTest>
#include <QXmlStreamReader>

#include <sys/resource.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <sstream>

using namespace jounce;
using namespace jounce::exchange;
using telemetry::Column;
using telemetry::VehicleChannel;
using telemetry::WheelChannel;

namespace {

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::uint32_t u32(const std::string& b, std::size_t at)
{
    return std::uint32_t(std::uint8_t(b[at])) | std::uint32_t(std::uint8_t(b[at + 1])) << 8 |
           std::uint32_t(std::uint8_t(b[at + 2])) << 16 | std::uint32_t(std::uint8_t(b[at + 3])) << 24;
}
std::uint16_t u16(const std::string& b, std::size_t at)
{
    return std::uint16_t(std::uint8_t(b[at]) | std::uint8_t(b[at + 1]) << 8);
}
std::string text(const std::string& b, std::size_t at, std::size_t size)
{
    const std::string field = b.substr(at, size);
    return field.substr(0, field.find('\0'));
}

/// One channel as the .ld describes it.
struct LdChannel {
    std::string name, shortName, unit;
    int rate = 0, type = 0, size = 0, decimals = 0;
    std::vector<double> values;
};

/// Walks the channel list of a .ld file's bytes (this suite's own reading; ldread.py is the
/// independent one).
std::map<std::string, LdChannel> channelsOf(const std::string& b)
{
    std::map<std::string, LdChannel> out;
    for (std::uint32_t at = u32(b, 8); at != 0; at = u32(b, at + 4)) {
        LdChannel c;
        c.name = text(b, at + 32, 32);
        c.shortName = text(b, at + 64, 8);
        c.unit = text(b, at + 72, 12);
        c.type = u16(b, at + 18);
        c.size = u16(b, at + 20);
        c.rate = u16(b, at + 22);
        c.decimals = std::int16_t(u16(b, at + 30));
        const std::uint32_t data = u32(b, at + 8), count = u32(b, at + 12);
        for (std::uint32_t j = 0; j < count; ++j)
            c.values.push_back(double(std::int32_t(u32(b, data + 4 * j))) * std::pow(10.0, -c.decimals));
        out[c.name] = std::move(c);
    }
    return out;
}

/// A known run: 4 wheels, `frames` frames of `dt` from dt on; speed, engine and jounce ramps, a
/// sine of lateral acceleration, a gear change at frame 300, a straight line along x.
sim::RunLog knownRun(std::size_t frames, double dt)
{
    sim::RunLog run;
    run.name = "Known run";
    run.source = "maneuver";
    run.maneuver = "unit ramp";
    run.vehicle = std::make_shared<const VehicleConfig>(referenceCar());
    run.terrain = {"flat plane", ""};
    run.timeStep = dt;
    for (std::size_t i = 0; i < frames; ++i) {
        telemetry::Frame f;
        f.setWheelCount(4);
        f.time() = double(i + 1) * dt;
        f.vehicle(VehicleChannel::ForwardSpeed) = 0.05 * double(i);
        f.vehicle(VehicleChannel::EngineOmega) = 100.0 + double(i);
        f.vehicle(VehicleChannel::LatAccel) = 5.0 * std::sin(double(i) / 30.0);
        f.vehicle(VehicleChannel::Gear) = i < 300 ? 1.0 : 2.0;
        f.vehicle(VehicleChannel::PosX) = 0.05 * double(i);
        for (int w = 0; w < 4; ++w) {
            f.wheel(WheelChannel::Jounce, w) = 0.01 * w + 0.0001 * double(i);
            f.wheel(WheelChannel::LatSlip, w) = 0.001 * double(i) * (w + 1);
        }
        run.telemetry.append(f);
        run.inputs.append(sim::ManualInput{});
    }
    return run;
}

LdOptions fixedOptions(const sim::RunLog& run)
{
    LdOptions o;
    o.metadata = motecMetadata(run, 0);
    o.metadata.date = "01/02/2024";
    o.metadata.time = "10:20:30";
    return o;
}

QString tempPath(const QString& name)
{
    static QTemporaryDir dir;
    return dir.filePath(name);
}

/// Peak resident memory of this process so far, bytes.
std::size_t peakRss()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return std::size_t(u.ru_maxrss) * 1024;
}

}  // namespace

class TestMotec : public QObject {
    Q_OBJECT
private slots:
    void headerBlocksAndChannels();
    void valuesComeBackWithinTheirQuantisation();
    void aStepOfNoWholeRateIsResampled();
    void errorsSayWhatWentWrong();
    void beaconsAreWhereThePhasesBegan();
    void csvLayoutsAndAxes();
    void anHourExportsInBoundedTimeAndMemory();
};

void TestMotec::headerBlocksAndChannels()
{
    const sim::RunLog run = knownRun(600, 1.0 / 60.0);
    const std::string path = tempPath("known.ld").toStdString();
    const LdResult r = writeMotecLd(run, path, fixedOptions(run));
    QVERIFY2(r.ok(), r.error.c_str());
    const std::string b = readAll(path);
    QCOMPARE(b.size(), r.bytes);
    QCOMPARE(u32(b, 0), 0x40u);
    QCOMPARE(u32(b, 0x24), 0x6E2u);  // the event block follows the header
    QCOMPARE(u32(b, 0x56), std::uint32_t(r.channels));
    QCOMPARE(r.channels, std::size_t(21 + 1 + 18 * 4));  // vehicle channels, Trip Distance, 4 wheels
    QCOMPARE(QString::fromStdString(text(b, 0x5E, 16)), QString("01/02/2024"));
    QCOMPARE(QString::fromStdString(text(b, 0x7E, 16)), QString("10:20:30"));
    QCOMPARE(QString::fromStdString(text(b, 0x9E, 64)), QString("Jounce maneuver"));
    QCOMPARE(QString::fromStdString(text(b, 0xDE, 64)), QString::fromStdString(referenceCar().name));
    QCOMPARE(QString::fromStdString(text(b, 0x15E, 64)), QString("flat plane"));
    QCOMPARE(QString::fromStdString(text(b, 0x5E4, 64)), QString("Known run"));
    const std::uint32_t event = u32(b, 0x24), venue = u32(b, event + 1152), vehicle = u32(b, venue + 0x44A);
    QCOMPARE(QString::fromStdString(text(b, event, 64)), QString("unit ramp"));
    QCOMPARE(QString::fromStdString(text(b, venue, 64)), QString("flat plane"));
    QCOMPARE(QString::fromStdString(text(b, vehicle, 64)), QString::fromStdString(referenceCar().name));
    QCOMPARE(int(u16(b, vehicle + 192)), int(std::lround(referenceCar().chassis.mass)));

    const auto channels = channelsOf(b);
    QCOMPARE(channels.size(), r.channels);  // the list holds every channel once, names unique
    const std::map<std::string, std::string> units{{"Ground Speed", "km/h"}, {"Engine RPM", "rpm"},
                                                   {"G Force Lat", "G"},     {"Susp Pos FL", "mm"},
                                                   {"Tyre Slip Angle RR", "deg"}, {"Gear", ""},
                                                   {"Trip Distance", "m"},   {"Throttle Pos", "%"}};
    for (const auto& [name, unit] : units) {
        QVERIFY2(channels.count(name), name.c_str());
        QCOMPARE(QString::fromStdString(channels.at(name).unit), QString::fromStdString(unit));
    }
    for (const auto& [name, c] : channels) {
        QCOMPARE(c.rate, 60);
        QCOMPARE(c.type, 5);  // signed 32-bit
        QCOMPARE(c.size, 4);
        QCOMPARE(c.values.size(), std::size_t(601));  // the run's start and 600 frames
        QVERIFY2(c.name.size() <= 31 && c.shortName.size() <= 7 && !c.shortName.empty(), c.name.c_str());
    }
    QCOMPARE(channels.at("Ground Speed").decimals, 3);
    QCOMPARE(QString::fromStdString(r.ldxPath), tempPath("known.ldx"));
}

void TestMotec::valuesComeBackWithinTheirQuantisation()
{
    const sim::RunLog run = knownRun(600, 1.0 / 60.0);
    const std::string path = tempPath("values.ld").toStdString();
    QVERIFY(writeMotecLd(run, path, fixedOptions(run)).ok());
    const auto channels = channelsOf(readAll(path));
    // i2's name -> the SI column and factor: the conversions docs/motec.md "Channels" states.
    const std::vector<std::tuple<std::string, Column, double>> checked{
        {"Ground Speed", Column::of(VehicleChannel::ForwardSpeed), 3.6},
        {"Engine RPM", Column::of(VehicleChannel::EngineOmega), 60.0 / (2.0 * std::numbers::pi)},
        {"G Force Lat", Column::of(VehicleChannel::LatAccel), 1.0 / 9.80665},
        {"Gear", Column::of(VehicleChannel::Gear), 1.0},
        {"Susp Pos RL", Column::of(WheelChannel::Jounce, 2), 1000.0},
        {"Tyre Slip Angle FR", Column::of(WheelChannel::LatSlip, 1), 180.0 / std::numbers::pi},
    };
    for (const auto& [name, column, factor] : checked) {
        const LdChannel& c = channels.at(name);
        const double half = 0.5 * std::pow(10.0, -c.decimals);
        for (std::size_t j = 0; j < c.values.size(); ++j) {
            const std::size_t frame = j == 0 ? 0 : j - 1;  // sample 0: the first frame, held
            const double expected = run.telemetry.value(frame, column) * factor;
            QVERIFY2(std::fabs(c.values[j] - expected) <= half + 1e-7 * std::fabs(expected),
                     qPrintable(QString("%1 sample %2: %3, expected %4").arg(name.c_str()).arg(j).arg(c.values[j]).arg(expected)));
        }
    }
    // Distance from the positions: 0.05 m a frame along x.
    QVERIFY(std::fabs(channels.at("Trip Distance").values.back() - 0.05 * 599) < 1e-3);
}

void TestMotec::aStepOfNoWholeRateIsResampled()
{
    const double dt = 1.0 / 70.5;
    const sim::RunLog run = knownRun(705, dt);
    const std::string path = tempPath("resampled.ld").toStdString();
    const LdResult r = writeMotecLd(run, path, fixedOptions(run));
    QVERIFY2(r.ok(), r.error.c_str());
    QCOMPARE(r.grid.rate, 71);
    QVERIFY(r.grid.resampled);
    const auto channels = channelsOf(readAll(path));
    const LdChannel& speed = channels.at("Ground Speed");
    const LdChannel& gear = channels.at("Gear");
    QCOMPARE(speed.rate, 71);
    for (std::size_t j = 1; j < speed.values.size(); ++j) {
        const double t = double(j) / 71.0;
        // Speed is linear in time, so interpolation gives it exactly: 0.05 per frame from t = dt.
        const double expected = std::max(0.0, 0.05 * (t / dt - 1.0)) * 3.6;
        QVERIFY2(std::fabs(speed.values[j] - expected) <= 0.0005 + 1e-9, qPrintable(QString::number(j)));
        // The gear is held, never 1.5: the earlier frame's.
        const double frame = std::floor(t / dt + 1e-9) - 1.0;
        QCOMPARE(gear.values[j], frame < 300.0 ? 1.0 : 2.0);
    }
}

void TestMotec::errorsSayWhatWentWrong()
{
    sim::RunLog empty;
    QVERIFY(writeMotecLd(empty, tempPath("empty.ld").toStdString(), {}).error.find("no telemetry") != std::string::npos);
    sim::RunLog run = knownRun(10, 1.0 / 60.0);
    const LdResult unwritable = writeMotecLd(run, "/nonexistent-folder/x.ld", fixedOptions(run));
    QVERIFY2(unwritable.error.find("cannot write /nonexistent-folder/x.ld") == 0, unwritable.error.c_str());
    run.timeStep = 0.0;
    QVERIFY(writeMotecLd(run, tempPath("zero.ld").toStdString(), {}).error.find("sample rate") != std::string::npos);
    run.timeStep = 1.0 / 60.0;
    LdOptions cancelled = fixedOptions(run);
    cancelled.progress = [](double) { return false; };
    const std::string path = tempPath("cancelled.ld").toStdString();
    QCOMPARE(QString::fromStdString(writeMotecLd(run, path, cancelled).error), QString("cancelled"));
    QVERIFY(!std::filesystem::exists(path) && !std::filesystem::exists(ldxPathFor(path)));
    const sim::RunLog still = knownRun(1, 1.0 / 60.0);  // one frame: it did not move
    MotecCsvOptions byDistance;
    byDistance.axis = MotecAxis::Distance;
    QVERIFY(writeMotecCsv(still, tempPath("still.csv").toStdString(), byDistance).error.find("did not move") != std::string::npos);
    QCOMPARE(QString::fromStdString(ldxPathFor("/a/b.c/run")), QString("/a/b.c/run.ldx"));
    QCOMPARE(QString::fromStdString(ldxPathFor("run.LD")), QString("run.ldx"));
}

void TestMotec::beaconsAreWhereThePhasesBegan()
{
    // Settle, two laps and more of a 12 m circle placed where the phase begins, then a stop.
    sim::Maneuver m;
    m.name = "loops";
    sim::ManeuverPhase settle;
    settle.name = "settle";
    settle.until.duration = 0.5;
    sim::ManeuverPhase circle;
    circle.name = "circle & <more>";  // escaped in the XML
    circle.targetSpeed = sim::SpeedTarget{8.0, 2.0};
    circle.path = sim::PathSpec{};
    circle.path->type = sim::PathType::Circle;
    circle.path->frame = sim::PathFrame::Phase;
    circle.path->radius = 12.0;
    circle.until.duration = 25.0;
    sim::ManeuverPhase stop;
    stop.name = "stop";
    stop.inputs.brake = 1.0;
    stop.until.duration = 3.0;
    m.phases = {settle, circle, stop};

    auto car = std::make_shared<const VehicleConfig>(referenceCar());
    sim::Simulation simulation(sim::makeGround(nullptr), car, sim::SpawnPose{});
    sim::RunRecorder recorder(simulation);
    sim::RunLogger logger;
    std::vector<int> livePhase;  // the phase each step was really taken in
    sim::StepCallback phases([&](const sim::StepRecord& s) { livePhase.push_back(s.phase); });
    recorder.addObserver(logger);
    recorder.addObserver(phases);
    recorder.startManeuver(m);
    sim::RunLog log;
    log.vehicle = car;
    log.maneuver = m.name;
    log.start = simulation.runStartPose();
    log.timeStep = simulation.timeStep();
    logger.begin(std::move(log));
    recorder.runManeuver();
    const std::shared_ptr<sim::RunLog> run = logger.finish();
    QCOMPARE(run->telemetry.size(), livePhase.size());

    std::vector<std::pair<double, std::string>> expected;  // where each phase after the first began
    for (std::size_t i = 1; i < livePhase.size(); ++i)
        if (livePhase[i] != livePhase[i - 1] && livePhase[i] >= 0)
            expected.emplace_back(run->telemetry.time(i - 1), m.phases[std::size_t(livePhase[i])].name);
    QCOMPARE(expected.size(), std::size_t(2));

    const std::vector<MotecBeacon> beacons = maneuverBeacons(*run, m);
    std::vector<std::pair<double, std::string>> starts;
    std::vector<double> laps;
    for (const MotecBeacon& b : beacons) {
        if (b.lap)
            laps.push_back(b.time);
        else
            starts.emplace_back(b.time, b.name);
    }
    QVERIFY(starts == expected);
    QVERIFY2(laps.size() >= 2, qPrintable(QString::number(laps.size())));
    // Each lap is one circumference of the circle: the distance travelled between its beacons.
    double from = expected[0].first;
    for (const double t : laps) {
        const auto distanceAt = [&](double at) { return run->telemetry.distance(run->telemetry.nearest(at)); };
        const double lap = distanceAt(t) - distanceAt(from);
        QVERIFY2(std::fabs(lap - 2.0 * std::numbers::pi * 12.0) < 0.05 * 2.0 * std::numbers::pi * 12.0,
                 qPrintable(QString("lap of %1 m").arg(lap)));
        from = t;
    }

    // The .ldx: well-formed XML, a BCN marker at each beacon (microseconds from the log's start).
    const std::string path = tempPath("loops.ld").toStdString();
    LdOptions options = fixedOptions(*run);
    options.beacons = beacons;
    QVERIFY(writeMotecLd(*run, path, options).ok());
    QFile ldx(QString::fromStdString(ldxPathFor(path)));
    QVERIFY(ldx.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&ldx);
    std::vector<std::pair<double, std::string>> markers;
    std::map<QString, QString> details;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const QXmlStreamAttributes a = xml.attributes();
        if (xml.name() == QLatin1String("Marker")) {
            QCOMPARE(a.value("ClassName").toString(), QString("BCN"));
            markers.emplace_back(a.value("Time").toDouble() / 1e6, a.value("Name").toString().toStdString());
        } else if (xml.name() == QLatin1String("String")) {
            details[a.value("Id").toString()] = a.value("Value").toString();
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QCOMPARE(markers.size(), beacons.size());
    for (const auto& [time, name] : expected) {
        const auto found = std::find_if(markers.begin(), markers.end(), [&](const auto& mk) { return mk.second == name; });
        QVERIFY2(found != markers.end(), name.c_str());
        QVERIFY(std::fabs(found->first - time) < 1e-9);  // the log starts at Jounce time 0
    }
    QCOMPARE(details["Total Laps"], QString::number(beacons.size() + 1));
    QVERIFY(details.count("Fastest Time") && details.count("Fastest Lap"));
}

void TestMotec::csvLayoutsAndAxes()
{
    const sim::RunLog run = knownRun(600, 1.0 / 60.0);
    const std::string ld = tempPath("csv.ld").toStdString();
    QVERIFY(writeMotecLd(run, ld, fixedOptions(run)).ok());
    const auto channels = channelsOf(readAll(ld));

    MotecCsvOptions motec;
    motec.metadata = fixedOptions(run).metadata;
    motec.beacons = {{5.0, "half", false}};
    const std::string csv = tempPath("run.csv").toStdString();
    const MotecCsvResult r = writeMotecCsv(run, csv, motec);
    QVERIFY2(r.ok(), r.error.c_str());
    QCOMPARE(r.rows, std::size_t(601));
    const QStringList lines = QString::fromStdString(readAll(csv)).split('\n');
    QCOMPARE(lines[0], QString(R"("Format","MoTeC CSV File",,,"Workbook","")"));
    QVERIFY(lines[1].startsWith(R"("Venue","flat plane")"));
    QVERIFY(lines[8].startsWith(R"("Sample Rate","60.000","Hz")"));
    QCOMPARE(lines[11], QString(R"("Beacon Markers","5.000")"));
    QVERIFY(lines[12].isEmpty() && lines[13].isEmpty() && lines[16].isEmpty() && lines[17].isEmpty());
    const QStringList names = lines[14].split(',');
    const QStringList units = lines[15].split(',');
    QCOMPARE(names.size(), int(r.columns));
    QCOMPARE(names[0], QString(R"("Time")"));
    const int speed = int(names.indexOf(R"("Ground Speed")"));
    QVERIFY(speed > 0);
    QCOMPARE(units[speed], QString(R"("km/h")"));
    // Row j is sample j of the .ld, the same stored value as text.
    for (int j = 0; j < 601; j += 50) {
        const QStringList cells = lines[18 + j].split(',');
        QCOMPARE(cells[0], QString("\"%1\"").arg(double(j) / 60.0, 0, 'f', 6));
        QCOMPARE(cells[speed].mid(1, cells[speed].size() - 2).toDouble(), channels.at("Ground Speed").values[std::size_t(j)]);
    }

    MotecCsvOptions plain;
    plain.layout = MotecCsvLayout::Plain;
    plain.axis = MotecAxis::Distance;
    const std::string distance = tempPath("distance.csv").toStdString();
    const MotecCsvResult d = writeMotecCsv(run, distance, plain);
    QVERIFY2(d.ok(), d.error.c_str());
    QCOMPARE(d.step, 0.05);  // the 1-2-5 step nearest 0.05 m a frame
    const QStringList rows = QString::fromStdString(readAll(distance)).split('\n');
    QVERIFY(rows[0].startsWith("Distance (m),Time (s),Engine RPM (rpm),"));
    QVERIFY(!rows[0].contains("Trip Distance"));  // the axis itself
    QCOMPARE(rows[1].section(',', 0, 1), QString("0.000,0.016667"));  // not yet moved: the first frame, at dt
    QCOMPARE(rows[21].section(',', 0, 0), QString("1.000"));
    QCOMPARE(rows[21].section(',', 1, 1).toDouble(), 21.0 / 60.0);  // 1 m at 0.05 m a frame from t = dt
}

void TestMotec::anHourExportsInBoundedTimeAndMemory()
{
    // An hour at 60 Hz of a 4-wheel vehicle: 216 000 frames, 93 channels.
    sim::RunLog run;
    run.name = "hour";
    run.timeStep = 1.0 / 60.0;
    const std::size_t frames = 216000;
    std::vector<float> values(run.telemetry.valuesPerFrame());
    for (std::size_t i = 0; i < frames; ++i) {
        for (std::size_t k = 0; k < values.size(); ++k)
            values[k] = float(std::sin(double(i) * 1e-3 + double(k)));
        values[std::size_t(VehicleChannel::PosX)] = float(double(i) * 0.5);
        run.telemetry.appendValues(double(i + 1) / 60.0, values.data());
    }
    const std::size_t before = peakRss();
    const auto start = std::chrono::steady_clock::now();
    const LdResult r = writeMotecLd(run, tempPath("hour.ld").toStdString(), {});
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    QVERIFY2(r.ok(), r.error.c_str());
    const std::size_t grown = peakRss() - before;
    qInfo("one hour (%zu frames, %zu channels): .ld of %.1f MB in %.2f s, peak memory +%.1f MB", frames, r.channels,
          double(r.bytes) / 1e6, seconds, double(grown) / 1e6);
    QCOMPARE(r.grid.count, frames + 1);
    QVERIFY2(seconds < 60.0, qPrintable(QString::number(seconds)));
    QVERIFY2(grown < (std::size_t(16) << 20), qPrintable(QString::number(grown)));  // no copy of the run

    const auto csvStart = std::chrono::steady_clock::now();
    const MotecCsvResult c = writeMotecCsv(run, tempPath("hour.csv").toStdString(), {});
    const double csvSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - csvStart).count();
    QVERIFY2(c.ok(), c.error.c_str());
    const std::size_t csvGrown = peakRss() - before;
    qInfo("one hour as MoTeC CSV: %.1f MB in %.2f s, peak memory +%.1f MB",
          double(std::filesystem::file_size(tempPath("hour.csv").toStdString())) / 1e6, csvSeconds, double(csvGrown) / 1e6);
    QVERIFY2(csvSeconds < 120.0, qPrintable(QString::number(csvSeconds)));
    QVERIFY2(csvGrown < (std::size_t(16) << 20), qPrintable(QString::number(csvGrown)));
}

QTEST_GUILESS_MAIN(TestMotec)
#include "test_motec.moc"
