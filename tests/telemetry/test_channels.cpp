// Channel identifiers are a public contract (GUI, CSV, users' scripts): they must be exactly
// conventions.md's, in its order, and every column name must parse back to what produced it.

#include "telemetry/Channels.h"
#include "telemetry/Frame.h"

#include <QtTest>

#include <set>
#include <string>
#include <vector>

using namespace jounce;
using namespace jounce::telemetry;

namespace {

// Copied from conventions.md "Telemetry channels"; a change here is a change to the public contract.
const std::vector<std::pair<std::string, std::string>> kDesignWheel{
    {"jounce", "m"},        {"suspForce", "N"},      {"tireLoad", "N"},           {"rawTireLoad", "N"},
    {"normTireLoad", "1"},
    {"wheelOmega", "rad/s"}, {"tireFriction", "1"},  {"longSlip", "1"},           {"normLongForce", "1"},
    {"latSlip", "rad"},     {"normLatForce", "1"},   {"normAligningMoment", "1"}, {"steerAngle", "rad"},
    {"camber", "rad"},      {"surface", "1"},        {"inAir", "1"},              {"lowSpeedBlend", "1"},
    {"wheelAngle", "rad"}};

const std::vector<std::pair<std::string, std::string>> kDesignVehicle{
    {"engineOmega", "rad/s"}, {"engineDriveTorque", "N m"}, {"clutchSlip", "rad/s"}, {"accel", "1"},
    {"brake", "1"},           {"handbrake", "1"},           {"steer", "1"},          {"gear", "1"},
    {"targetGear", "1"},      {"gearRatio", "1"},           {"forwardSpeed", "m/s"}, {"lateralSpeed", "m/s"},
    {"yawRate", "rad/s"},     {"longAccel", "m/s²"},        {"latAccel", "m/s²"},    {"roll", "rad"},
    {"pitch", "rad"},         {"yaw", "rad"},               {"posX", "m"},           {"posY", "m"},
    {"posZ", "m"}};

}  // namespace

class TestTelemetryChannels : public QObject {
    Q_OBJECT
private slots:
    void idsAndUnitsMatchDesign()
    {
        QCOMPARE(wheelChannels().size(), kDesignWheel.size());
        QCOMPARE(vehicleChannels().size(), kDesignVehicle.size());
        for (std::size_t i = 0; i < kDesignWheel.size(); ++i) {
            QCOMPARE(std::string(wheelChannels()[i].id), kDesignWheel[i].first);
            QCOMPARE(std::string(wheelChannels()[i].unit), kDesignWheel[i].second);
            QVERIFY(!wheelChannels()[i].description.empty());
        }
        for (std::size_t i = 0; i < kDesignVehicle.size(); ++i) {
            QCOMPARE(std::string(vehicleChannels()[i].id), kDesignVehicle[i].first);
            QCOMPARE(std::string(vehicleChannels()[i].unit), kDesignVehicle[i].second);
            QVERIFY(!vehicleChannels()[i].description.empty());
        }
        // The enumerators name the same channels as the table rows they index.
        QCOMPARE(std::string(info(WheelChannel::NormAligningMoment).id), std::string("normAligningMoment"));
        QCOMPARE(std::string(info(WheelChannel::InAir).id), std::string("inAir"));
        QCOMPARE(std::string(info(VehicleChannel::TargetGear).id), std::string("targetGear"));
        QCOMPARE(std::string(info(VehicleChannel::PosZ).id), std::string("posZ"));
    }

    void idsAreUniqueAcrossTables()
    {
        std::set<std::string_view> ids{"time"};
        for (const ChannelInfo& c : wheelChannels())
            QVERIFY(ids.insert(c.id).second);
        for (const ChannelInfo& c : vehicleChannels())
            QVERIFY(ids.insert(c.id).second);
    }

    void idLookup()
    {
        for (int c = 0; c < kWheelChannelCount; ++c)
            QCOMPARE(wheelChannelFromId(info(WheelChannel(c)).id), std::optional(WheelChannel(c)));
        for (int c = 0; c < kVehicleChannelCount; ++c)
            QCOMPARE(vehicleChannelFromId(info(VehicleChannel(c)).id), std::optional(VehicleChannel(c)));
        QVERIFY(!wheelChannelFromId("Jounce"));
        QVERIFY(!wheelChannelFromId("engineOmega"));
        QVERIFY(!vehicleChannelFromId("jounce"));
        QVERIFY(!vehicleChannelFromId(""));
    }

    void wheelLabels()
    {
        QCOMPARE(wheelLabel(0), std::string("FL"));
        QCOMPARE(wheelLabel(1), std::string("FR"));
        QCOMPARE(wheelLabel(2), std::string("RL"));
        QCOMPARE(wheelLabel(3), std::string("RR"));
        QCOMPARE(wheelLabel(4), std::string("W4"));
        QCOMPARE(wheelLabel(19), std::string("W19"));
        QCOMPARE(wheelLabel(-1), std::string());
        for (int w = 0; w < 200; ++w)
            QCOMPARE(wheelFromLabel(wheelLabel(w)), std::optional(w));
        for (const char* bad : {"", "W", "W2", "W04", "W-5", "W+5", "fl", "F", "FLX", "W4 ", "W99999999999", "X4"})
            QVERIFY2(!wheelFromLabel(bad), bad);
    }

    void columnNamesRoundTrip()
    {
        QCOMPARE(columnName(WheelChannel::Jounce, 0), std::string("jounce[FL]"));
        QCOMPARE(columnName(WheelChannel::TireLoad, 3), std::string("tireLoad[RR]"));
        QCOMPARE(columnName(WheelChannel::InAir, 5), std::string("inAir[W5]"));
        QCOMPARE(columnName(Column::of(VehicleChannel::EngineOmega)), std::string("engineOmega"));
        QCOMPARE(columnName(Column::time()), std::string("time"));
        QCOMPARE(std::string(columnUnit(Column::time())), std::string("s"));
        QCOMPARE(std::string(columnUnit(Column::of(WheelChannel::SuspForce, 7))), std::string("N"));

        const auto p = parseColumn("normLatForce[RL]");
        QVERIFY(p);
        QVERIFY(p->kind == Column::Kind::Wheel);
        QVERIFY(p->wheelChannel == WheelChannel::NormLatForce);
        QCOMPARE(p->wheel, 2);
        QVERIFY(parseColumn("yawRate") == Column::of(VehicleChannel::YawRate));
        QVERIFY(parseColumn("time") == Column::time());

        for (const Column& c : csvColumns(kMaxWheels)) {
            const std::string name = columnName(c);
            QVERIFY2(parseColumn(name) == c, name.c_str());
        }
        for (const char* bad : {"", "jounce", "jounce[]", "jounce[XX]", "jounce[W2]", "jounce[FL", "jounceFL]",
                                "engineOmega[FL]", "time[FL]", "Jounce[FL]", "jounce[FL] ", " time", "[FL]", "]"})
            QVERIFY2(!parseColumn(bad), bad);
    }

    void csvColumnOrder()
    {
        const std::vector<Column> cols = csvColumns(4);
        QCOMPARE(cols.size(), std::size_t(1 + kVehicleChannelCount + 4 * kWheelChannelCount));
        std::vector<std::string> names;
        for (const Column& c : cols)
            names.push_back(columnName(c));
        QCOMPARE(names[0], std::string("time"));
        QCOMPARE(names[1], std::string("engineOmega"));
        QCOMPARE(names[std::size_t(kVehicleChannelCount)], std::string("posZ"));
        const std::vector<std::string> wheelStart{"jounce[FL]", "jounce[FR]", "jounce[RL]", "jounce[RR]", "suspForce[FL]"};
        for (std::size_t i = 0; i < wheelStart.size(); ++i)
            QCOMPARE(names[std::size_t(1 + kVehicleChannelCount) + i], wheelStart[i]);
        QCOMPARE(names.back(), std::string("wheelAngle[RR]"));

        const std::vector<Column> six = csvColumns(6);
        QCOMPARE(columnName(six[std::size_t(1 + kVehicleChannelCount + 4)]), std::string("jounce[W4]"));
        QCOMPARE(columnName(six[std::size_t(1 + kVehicleChannelCount + 6)]), std::string("suspForce[FL]"));
        QCOMPARE(csvColumns(0).size(), std::size_t(1 + kVehicleChannelCount));
        QCOMPARE(csvColumns(-3).size(), std::size_t(1 + kVehicleChannelCount));
        QCOMPARE(csvColumns(kMaxWheels + 5).size(), csvColumns(kMaxWheels).size());
    }

    void frameLayoutCoversEveryWordOnce()
    {
        QCOMPARE(Frame::kWordCount, std::size_t(2 + kVehicleChannelCount + kWheelChannelCount * kMaxWheels));
        QCOMPARE(sizeof(Frame), Frame::kWordCount * sizeof(double));
        std::vector<int> hits(Frame::kWordCount, 0);
        Frame f;
        hits[std::size_t(&f.time() - f.words.data())]++;
        hits[Frame::kWheelCountIndex]++;
        for (int c = 0; c < kVehicleChannelCount; ++c)
            hits[std::size_t(&f.vehicle(VehicleChannel(c)) - f.words.data())]++;
        for (int w = 0; w < kMaxWheels; ++w)
            for (int c = 0; c < kWheelChannelCount; ++c)
                hits[std::size_t(&f.wheel(WheelChannel(c), w) - f.words.data())]++;
        for (int h : hits)
            QCOMPARE(h, 1);
    }

    void frameAccessors()
    {
        Frame f;
        for (double w : f.words)
            QCOMPARE(w, 0.0);
        QCOMPARE(f.wheelCount(), 0);
        f.setWheelCount(6);
        QCOMPARE(f.wheelCount(), 6);
        f.setWheelCount(99);
        QCOMPARE(f.wheelCount(), kMaxWheels);
        f.setWheelCount(-2);
        QCOMPARE(f.wheelCount(), 0);
        f.words[Frame::kWheelCountIndex] = std::numeric_limits<double>::quiet_NaN();
        QCOMPARE(f.wheelCount(), 0);

        f.time() = 1.5;
        f.vehicle(VehicleChannel::Gear) = 3.0;
        f.wheel(WheelChannel::TireLoad, 5) = 4000.0;
        const Frame& cf = f;
        QCOMPARE(cf.time(), 1.5);
        QCOMPARE(cf.vehicle(VehicleChannel::Gear), 3.0);
        QCOMPARE(cf.wheel(WheelChannel::TireLoad, 5), 4000.0);
        QCOMPARE(cf.value(*parseColumn("tireLoad[W5]")), 4000.0);
        QCOMPARE(cf.value(*parseColumn("gear")), 3.0);
        QCOMPARE(cf.value(Column::time()), 1.5);
        QCOMPARE(cf.value(Column::of(WheelChannel::Jounce, kMaxWheels)), 0.0);
        QVERIFY(std::is_trivially_copyable_v<Frame>);
    }
};

QTEST_APPLESS_MAIN(TestTelemetryChannels)
#include "test_channels.moc"
