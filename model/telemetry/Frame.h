#pragma once
// One telemetry frame per simulation step: fixed size, trivially copyable, no heap, so the
// simulation thread can hand it to the GUI through FrameRing by copying plain words.

#include "Channels.h"
#include "config/VehicleConfig.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <type_traits>

namespace jounce::telemetry {

/// Layout of Frame::words (every value is a double, so the ring copies one word type):
///   [0]                      time (s)
///   [1]                      wheel count (an integer stored exactly as a double)
///   [2 .. 2+V)               vehicle channels in VehicleChannel order (V = kVehicleChannelCount)
///   [2+V + w*W + c]          wheel channel c of wheel w, w < kMaxWheels (W = kWheelChannelCount)
/// A wheel's channels are contiguous because the simulation fills one wheel at a time. Words of
/// wheels at or beyond wheelCount() are unused (zero in a default frame).
struct Frame {
    static constexpr std::size_t kTimeIndex = 0;
    static constexpr std::size_t kWheelCountIndex = 1;
    static constexpr std::size_t kVehicleOffset = 2;
    static constexpr std::size_t kWheelOffset = kVehicleOffset + kVehicleChannelCount;
    static constexpr std::size_t kWordCount = kWheelOffset + std::size_t(kWheelChannelCount) * kMaxWheels;

    std::array<double, kWordCount> words{};

    double& time() noexcept { return words[kTimeIndex]; }
    double time() const noexcept { return words[kTimeIndex]; }

    /// The stored count clamped to [0, kMaxWheels] (never trusts the word blindly).
    int wheelCount() const noexcept
    {
        const double n = words[kWheelCountIndex];
        if (!(n >= 0.0))
            return 0;
        return n >= double(kMaxWheels) ? kMaxWheels : static_cast<int>(n);
    }
    void setWheelCount(int count) noexcept { words[kWheelCountIndex] = double(std::clamp(count, 0, kMaxWheels)); }

    static constexpr std::size_t vehicleIndex(VehicleChannel c) noexcept
    {
        return kVehicleOffset + static_cast<std::size_t>(c);
    }
    /// `w` must be in [0, kMaxWheels).
    static constexpr std::size_t wheelIndex(WheelChannel c, int w) noexcept
    {
        return kWheelOffset + static_cast<std::size_t>(w) * kWheelChannelCount + static_cast<std::size_t>(c);
    }

    double& vehicle(VehicleChannel c) noexcept { return words[vehicleIndex(c)]; }
    double vehicle(VehicleChannel c) const noexcept { return words[vehicleIndex(c)]; }
    double& wheel(WheelChannel c, int w) noexcept { return words[wheelIndex(c, w)]; }
    double wheel(WheelChannel c, int w) const noexcept { return words[wheelIndex(c, w)]; }

    /// The value of a column (time, vehicle or wheel channel); 0 for a wheel outside [0, kMaxWheels).
    double value(const Column& column) const noexcept
    {
        switch (column.kind) {
        case Column::Kind::Time: return time();
        case Column::Kind::Vehicle: return vehicle(column.vehicle);
        case Column::Kind::Wheel:
            return column.wheel >= 0 && column.wheel < kMaxWheels ? wheel(column.wheelChannel, column.wheel) : 0.0;
        }
        return 0.0;
    }
};

static_assert(std::is_trivially_copyable_v<Frame>);
static_assert(sizeof(Frame) == Frame::kWordCount * sizeof(double), "no padding: the ring copies words");

}  // namespace jounce::telemetry
