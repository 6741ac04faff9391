#include "Channels.h"

#include "config/VehicleConfig.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace jounce::telemetry {
namespace {

// Units and meanings as conventions.md's tables give them.
constexpr std::array<ChannelInfo, kWheelChannelCount> kWheel{{
    {"jounce", "m", "suspension jounce (larger = more compressed)"},
    {"suspForce", "N", "spring + damper force"},
    {"tireLoad", "N", "filtered tire load, the load the tire model uses (never negative)"},
    {"rawTireLoad", "N", "load entering the tire load filter (the suspension force; may be negative)"},
    {"normTireLoad", "1", "filtered normalised tire load (tireLoad / rest load)"},
    {"wheelOmega", "rad/s", "wheel rotation speed"},
    {"tireFriction", "1", "friction used by the tire model (table x friction-vs-slip graph)"},
    {"longSlip", "1", "longitudinal slip (positive driving, negative braking)"},
    {"normLongForce", "1", "longitudinal tire force / (load x friction)"},
    {"latSlip", "rad", "lateral slip angle"},
    {"normLatForce", "1", "lateral tire force / (load x friction)"},
    {"normAligningMoment", "1", "aligning moment over the rest load"},
    {"steerAngle", "rad", "wheel steer angle incl. Ackermann and toe (positive left)"},
    {"camber", "rad", "camber angle"},
    {"surface", "1", "surface type index under the wheel (-1 in the air)"},
    {"inAir", "1", "1 when the suspension query found no ground"},
    {"lowSpeedBlend", "1", "weight of the tire model's low-speed regime in the tire forces (0: the force law alone)"},
    {"wheelAngle", "rad", "the wheel's spin angle about its axle (for drawing; wraps)"},
}};

constexpr std::array<ChannelInfo, kVehicleChannelCount> kVehicle{{
    {"engineOmega", "rad/s", "engine rotation speed"},
    {"engineDriveTorque", "N m", "engine drive torque"},
    {"clutchSlip", "rad/s", "engine speed minus gearbox-side speed"},
    {"accel", "1", "applied (smoothed) accelerator"},
    {"brake", "1", "applied (smoothed) brake"},
    {"handbrake", "1", "applied (smoothed) handbrake"},
    {"steer", "1", "applied (smoothed) steer in [-1, 1], positive left"},
    {"gear", "1", "current gear: -1 reverse, 0 neutral, 1.. forward"},
    {"targetGear", "1", "gear being changed to"},
    {"gearRatio", "1", "current gear ratio x final ratio"},
    {"forwardSpeed", "m/s", "chassis velocity along the vehicle x axis"},
    {"lateralSpeed", "m/s", "chassis velocity along the vehicle y axis (positive left)"},
    {"yawRate", "rad/s", "rotation about the vehicle z axis, positive turning left"},
    {"longAccel", "m/s²", "acceleration along the vehicle x axis"},
    {"latAccel", "m/s²", "acceleration along the vehicle y axis"},
    {"roll", "rad", "chassis roll"},
    {"pitch", "rad", "chassis pitch"},
    {"yaw", "rad", "chassis yaw"},
    {"posX", "m", "chassis origin in the world, x"},
    {"posY", "m", "chassis origin in the world, y"},
    {"posZ", "m", "chassis origin in the world, z"},
}};

constexpr std::array<std::string_view, 4> kLabels{"FL", "FR", "RL", "RR"};

template <typename Enum, std::size_t N>
std::optional<Enum> findId(const std::array<ChannelInfo, N>& table, std::string_view id) noexcept
{
    for (std::size_t i = 0; i < N; ++i)
        if (table[i].id == id)
            return static_cast<Enum>(i);
    return std::nullopt;
}

}  // namespace

std::span<const ChannelInfo> wheelChannels() noexcept { return kWheel; }
std::span<const ChannelInfo> vehicleChannels() noexcept { return kVehicle; }

const ChannelInfo& info(WheelChannel channel) noexcept { return kWheel[static_cast<std::size_t>(channel)]; }
const ChannelInfo& info(VehicleChannel channel) noexcept { return kVehicle[static_cast<std::size_t>(channel)]; }

std::optional<WheelChannel> wheelChannelFromId(std::string_view id) noexcept
{
    return findId<WheelChannel>(kWheel, id);
}

std::optional<VehicleChannel> vehicleChannelFromId(std::string_view id) noexcept
{
    return findId<VehicleChannel>(kVehicle, id);
}

std::string wheelLabel(int wheel)
{
    if (wheel < 0)
        return {};
    if (wheel < 4)
        return std::string(kLabels[static_cast<std::size_t>(wheel)]);
    return "W" + std::to_string(wheel);
}

std::optional<int> wheelFromLabel(std::string_view label) noexcept
{
    for (std::size_t i = 0; i < kLabels.size(); ++i)
        if (kLabels[i] == label)
            return static_cast<int>(i);
    if (label.size() < 2 || label.front() != 'W')
        return std::nullopt;
    const std::string_view digits = label.substr(1);
    // One spelling per wheel: no sign, no leading zero ("W04"), no W0..W3.
    if (digits.front() == '0' || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return std::nullopt;
    int wheel = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), wheel);
    if (ec != std::errc() || end != digits.data() + digits.size() || wheel < 4)
        return std::nullopt;
    return wheel;
}

std::string columnName(WheelChannel channel, int wheel)
{
    std::string out(info(channel).id);
    out += '[';
    out += wheelLabel(wheel);
    out += ']';
    return out;
}

std::string columnName(const Column& column)
{
    switch (column.kind) {
    case Column::Kind::Time: return "time";
    case Column::Kind::Vehicle: return std::string(info(column.vehicle).id);
    case Column::Kind::Wheel: return columnName(column.wheelChannel, column.wheel);
    }
    return {};
}

std::string_view columnUnit(const Column& column) noexcept
{
    switch (column.kind) {
    case Column::Kind::Time: return "s";
    case Column::Kind::Vehicle: return info(column.vehicle).unit;
    case Column::Kind::Wheel: return info(column.wheelChannel).unit;
    }
    return {};
}

std::optional<Column> parseColumn(std::string_view name) noexcept
{
    if (name == "time")
        return Column::time();
    if (const auto v = vehicleChannelFromId(name))
        return Column::of(*v);
    const std::size_t open = name.find('[');
    if (open == std::string_view::npos || name.back() != ']')
        return std::nullopt;
    const auto channel = wheelChannelFromId(name.substr(0, open));
    const auto wheel = wheelFromLabel(name.substr(open + 1, name.size() - open - 2));
    if (!channel || !wheel)
        return std::nullopt;
    return Column::of(*channel, *wheel);
}

std::vector<Column> csvColumns(int wheelCount)
{
    const int wheels = std::clamp(wheelCount, 0, kMaxWheels);
    std::vector<Column> columns;
    columns.reserve(1 + kVehicleChannelCount + static_cast<std::size_t>(kWheelChannelCount * wheels));
    columns.push_back(Column::time());
    for (int c = 0; c < kVehicleChannelCount; ++c)
        columns.push_back(Column::of(static_cast<VehicleChannel>(c)));
    for (int c = 0; c < kWheelChannelCount; ++c)
        for (int w = 0; w < wheels; ++w)
            columns.push_back(Column::of(static_cast<WheelChannel>(c), w));
    return columns;
}

}  // namespace jounce::telemetry
