#pragma once
// Telemetry channel identifiers (conventions.md "Telemetry channels"): the one list the frame layout, the
// CSV writer, the GUI and users' scripts agree on. Identifiers are fixed; never rename one.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace jounce::telemetry {

/// Per-wheel channels, in conventions.md's order.
enum class WheelChannel {
    Jounce,
    SuspForce,
    TireLoad,
    RawTireLoad,
    NormTireLoad,
    WheelOmega,
    TireFriction,
    LongSlip,
    NormLongForce,
    LatSlip,
    NormLatForce,
    NormAligningMoment,
    SteerAngle,
    Camber,
    Surface,
    InAir,
    LowSpeedBlend,
    WheelAngle,
    Count
};

/// Vehicle channels, in conventions.md's order.
enum class VehicleChannel {
    EngineOmega,
    EngineDriveTorque,
    ClutchSlip,
    Accel,
    Brake,
    Handbrake,
    Steer,
    Gear,
    TargetGear,
    GearRatio,
    ForwardSpeed,
    LateralSpeed,
    YawRate,
    LongAccel,
    LatAccel,
    Roll,
    Pitch,
    Yaw,
    PosX,
    PosY,
    PosZ,
    Count
};

inline constexpr int kWheelChannelCount = static_cast<int>(WheelChannel::Count);
inline constexpr int kVehicleChannelCount = static_cast<int>(VehicleChannel::Count);

struct ChannelInfo {
    std::string_view id;           ///< "jounce", "engineOmega", ... (conventions.md)
    std::string_view unit;         ///< SI unit as conventions.md writes it ("m", "N m", "m/s²", "1")
    std::string_view description;  ///< one line for tooltips and the CSV documentation
};

/// Every wheel channel, indexed by WheelChannel.
std::span<const ChannelInfo> wheelChannels() noexcept;
/// Every vehicle channel, indexed by VehicleChannel.
std::span<const ChannelInfo> vehicleChannels() noexcept;
const ChannelInfo& info(WheelChannel channel) noexcept;
const ChannelInfo& info(VehicleChannel channel) noexcept;

/// The channel with this exact identifier, if any.
std::optional<WheelChannel> wheelChannelFromId(std::string_view id) noexcept;
std::optional<VehicleChannel> vehicleChannelFromId(std::string_view id) noexcept;

/// conventions.md wheel order: 0 FL, 1 FR, 2 RL, 3 RR, then W4, W5, ... (the index itself). "" if < 0.
std::string wheelLabel(int wheel);
/// The inverse of wheelLabel: "FL" -> 0, "W7" -> 7; nullopt for anything else, including "W2"
/// (wheels 0..3 have their own labels, so each wheel has exactly one spelling).
std::optional<int> wheelFromLabel(std::string_view label) noexcept;

/// One CSV / chart column: the time, a vehicle channel, or a wheel channel of one wheel.
struct Column {
    enum class Kind { Time, Vehicle, Wheel };
    Kind kind = Kind::Time;
    VehicleChannel vehicle = VehicleChannel::EngineOmega;  ///< when kind == Vehicle
    WheelChannel wheelChannel = WheelChannel::Jounce;      ///< when kind == Wheel
    int wheel = 0;                                          ///< when kind == Wheel

    static Column time() noexcept { return {}; }
    static Column of(VehicleChannel c) noexcept { return {Kind::Vehicle, c, WheelChannel::Jounce, 0}; }
    static Column of(WheelChannel c, int w) noexcept { return {Kind::Wheel, VehicleChannel::EngineOmega, c, w}; }

    friend bool operator==(const Column&, const Column&) = default;
};

/// "time", "engineOmega", "jounce[FL]", "jounce[W4]".
std::string columnName(const Column& column);
std::string columnName(WheelChannel channel, int wheel);
/// The unit of a column ("s" for time).
std::string_view columnUnit(const Column& column) noexcept;
/// Parses a column name back ("tireLoad[RR]" -> wheel channel TireLoad of wheel 3). Exact spelling
/// only; nullopt for anything that columnName would not produce. Wheel indices are not limited here
/// (a script may name wheels the current vehicle does not have); callers check against their count.
std::optional<Column> parseColumn(std::string_view name) noexcept;

/// The CSV columns for a vehicle with `wheelCount` wheels (clamped to [0, kMaxWheels]):
///   time, then every vehicle channel in VehicleChannel order, then the wheel channels grouped by
///   channel, wheels in order within each group: jounce[FL], jounce[FR], jounce[RL], jounce[RR],
///   suspForce[FL], ... Grouping by channel puts the four jounce columns side by side, which is how
///   they are compared in a spreadsheet and plotted together.
std::vector<Column> csvColumns(int wheelCount);

}  // namespace jounce::telemetry
