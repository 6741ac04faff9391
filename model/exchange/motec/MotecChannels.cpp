#include "MotecChannels.h"

#include "config/VehicleConfig.h"

#include <algorithm>
#include <array>
#include <numbers>

namespace jounce::exchange {
namespace {

using telemetry::Column;
using telemetry::VehicleChannel;
using telemetry::WheelChannel;

// SI -> the units i2 shows (docs/motec.md "Channels").
constexpr double kDeg = 180.0 / std::numbers::pi;
constexpr double kRpm = 60.0 / (2.0 * std::numbers::pi);
constexpr double kKmh = 3.6;
constexpr double kG = 1.0 / 9.80665;  // standard gravity, as i2's G
constexpr double kMm = 1000.0;
constexpr double kPercent = 100.0;

struct Row {
    const char* name;
    const char* shortName;  // a wheel channel's: at most 4 characters, the wheel label follows
    const char* unit;
    double factor;
    int decimals;
    bool held;
};

// Indexed by VehicleChannel.
constexpr std::array<Row, telemetry::kVehicleChannelCount> kVehicle{{
    {"Engine RPM", "RPM", "rpm", kRpm, 1, false},
    {"Engine Torque", "EngTrq", "Nm", 1.0, 2, false},
    {"Clutch Slip Speed", "ClSlip", "rpm", kRpm, 1, false},
    {"Throttle Pos", "TPS", "%", kPercent, 2, false},
    {"Brake Pos", "BrkPos", "%", kPercent, 2, false},
    {"Handbrake Pos", "HbkPos", "%", kPercent, 2, false},
    {"Steer Pos", "StrPos", "%", kPercent, 2, false},
    {"Gear", "Gear", "", 1.0, 0, true},
    {"Target Gear", "TgtGear", "", 1.0, 0, true},
    {"Gear Ratio", "GearRat", "", 1.0, 4, true},
    {"Ground Speed", "GndSpd", "km/h", kKmh, 3, false},
    {"Lateral Speed", "LatSpd", "km/h", kKmh, 3, false},
    {"Yaw Rate", "YawRate", "deg/s", kDeg, 3, false},
    {"G Force Long", "GLong", "G", kG, 4, false},
    {"G Force Lat", "GLat", "G", kG, 4, false},
    {"Roll Angle", "Roll", "deg", kDeg, 3, false},
    {"Pitch Angle", "Pitch", "deg", kDeg, 3, false},
    {"Yaw Angle", "Yaw", "deg", kDeg, 3, true},  // wraps at +-180 deg
    {"Pos X", "PosX", "m", 1.0, 3, false},
    {"Pos Y", "PosY", "m", 1.0, 3, false},
    {"Pos Z", "PosZ", "m", 1.0, 3, false},
}};

constexpr Row kDistance{"Trip Distance", "Dist", "m", 1.0, 3, false};

// Indexed by WheelChannel; the name and short name get the wheel label ("Susp Pos FL", "SPosFL").
constexpr std::array<Row, telemetry::kWheelChannelCount> kWheel{{
    {"Susp Pos", "SPos", "mm", kMm, 3, false},
    {"Susp Force", "SFrc", "N", 1.0, 1, false},
    {"Tyre Load", "TLd", "N", 1.0, 1, false},
    {"Tyre Load Raw", "TLdR", "N", 1.0, 1, false},
    {"Tyre Load Norm", "TLdN", "", 1.0, 4, false},
    {"Wheel RPM", "WRpm", "rpm", kRpm, 2, false},
    {"Tyre Friction", "TFri", "", 1.0, 4, false},
    {"Tyre Slip Ratio", "SlpR", "%", kPercent, 3, false},
    {"Tyre Long Force Norm", "FxN", "", 1.0, 4, false},
    {"Tyre Slip Angle", "SlpA", "deg", kDeg, 3, false},
    {"Tyre Lat Force Norm", "FyN", "", 1.0, 4, false},
    {"Tyre Align Torque Norm", "MzN", "", 1.0, 4, false},
    {"Wheel Steer Angle", "WStr", "deg", kDeg, 3, false},
    {"Camber Angle", "Cmbr", "deg", kDeg, 3, false},
    {"Surface", "Surf", "", 1.0, 0, true},
    {"Wheel In Air", "Air", "", 1.0, 0, true},
    {"Tyre Low Speed Blend", "LSB", "", 1.0, 4, false},
    {"Wheel Spin Angle", "WAng", "deg", kDeg, 2, true},  // wraps at +-180 deg
}};

MotecChannel fromRow(const Row& row, MotecSource source, Column column, const std::string& suffix = {},
                     const std::string& shortSuffix = {})
{
    MotecChannel c;
    c.source = source;
    c.column = column;
    c.name = row.name + suffix;
    c.shortName = row.shortName + shortSuffix;
    c.unit = row.unit;
    c.factor = row.factor;
    c.decimals = row.decimals;
    c.held = row.held;
    return c;
}

}  // namespace

std::vector<MotecChannel> motecChannels(int wheelCount, bool withDistance)
{
    const int wheels = std::clamp(wheelCount, 0, kMaxWheels);
    std::vector<MotecChannel> out;
    out.reserve(kVehicle.size() + 1 + kWheel.size() * std::size_t(wheels));
    for (std::size_t c = 0; c < kVehicle.size(); ++c)
        out.push_back(fromRow(kVehicle[c], MotecSource::Column, Column::of(static_cast<VehicleChannel>(c))));
    if (withDistance)
        out.push_back(fromRow(kDistance, MotecSource::Distance, Column::time()));
    for (std::size_t c = 0; c < kWheel.size(); ++c)
        for (int w = 0; w < wheels; ++w) {
            const std::string label = telemetry::wheelLabel(w);
            out.push_back(fromRow(kWheel[c], MotecSource::Column, Column::of(static_cast<WheelChannel>(c), w),
                                  " " + label, label));
        }
    return out;
}

}  // namespace jounce::exchange
