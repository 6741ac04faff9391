#include "run/TelemetryTrack.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

using telemetry::Column;
using telemetry::Frame;

TelemetryTrack::TelemetryTrack(int wheelCount)
    : wheelCount_(std::clamp(wheelCount, 0, kMaxWheels)),
      perFrame_(std::size_t(telemetry::kVehicleChannelCount) +
                std::size_t(wheelCount_) * std::size_t(telemetry::kWheelChannelCount))
{
}

float* TelemetryTrack::slot(std::size_t i)
{
    return chunks_[i / kChunkFrames].data() + (i % kChunkFrames) * perFrame_;
}

const float* TelemetryTrack::slot(std::size_t i) const
{
    return chunks_[i / kChunkFrames].data() + (i % kChunkFrames) * perFrame_;
}

const float* TelemetryTrack::values(std::size_t i) const { return slot(i); }

void TelemetryTrack::appendValues(double time, const float* values)
{
    const std::size_t i = times_.size();
    if (i % kChunkFrames == 0)
        chunks_.emplace_back(kChunkFrames * perFrame_);
    std::copy(values, values + perFrame_, slot(i));
    // Distance from the stored (float) positions, so a track read back from a file has exactly
    // the distances it had when it was recorded.
    double travelled = 0.0;
    if (i > 0) {
        const std::size_t x = std::size_t(telemetry::VehicleChannel::PosX);
        const std::size_t y = std::size_t(telemetry::VehicleChannel::PosY);
        const float* before = slot(i - 1);
        travelled = std::hypot(double(values[x]) - double(before[x]), double(values[y]) - double(before[y]));
        if (!std::isfinite(travelled))
            travelled = 0.0;
    }
    distances_.push_back(i > 0 ? distances_.back() + travelled : 0.0);
    times_.push_back(time);
}

void TelemetryTrack::append(const Frame& frame)
{
    float buffer[Frame::kWordCount];
    std::size_t k = 0;
    for (int c = 0; c < telemetry::kVehicleChannelCount; ++c)
        buffer[k++] = static_cast<float>(frame.vehicle(static_cast<telemetry::VehicleChannel>(c)));
    for (int w = 0; w < wheelCount_; ++w)
        for (int c = 0; c < telemetry::kWheelChannelCount; ++c)
            buffer[k++] = static_cast<float>(frame.wheel(static_cast<telemetry::WheelChannel>(c), w));
    appendValues(frame.time(), buffer);
}

std::size_t TelemetryTrack::indexOf(const Column& column) const
{
    if (column.kind == Column::Kind::Vehicle)
        return std::size_t(column.vehicle);
    return std::size_t(telemetry::kVehicleChannelCount) +
           std::size_t(column.wheel) * std::size_t(telemetry::kWheelChannelCount) + std::size_t(column.wheelChannel);
}

double TelemetryTrack::value(std::size_t i, const Column& column) const
{
    switch (column.kind) {
    case Column::Kind::Time: return times_[i];
    case Column::Kind::Vehicle: return slot(i)[indexOf(column)];
    case Column::Kind::Wheel:
        return column.wheel >= 0 && column.wheel < wheelCount_ ? double(slot(i)[indexOf(column)]) : 0.0;
    }
    return 0.0;
}

Frame TelemetryTrack::frame(std::size_t i) const
{
    Frame f;
    f.time() = times_[i];
    f.setWheelCount(wheelCount_);
    const float* v = slot(i);
    std::size_t k = 0;
    for (int c = 0; c < telemetry::kVehicleChannelCount; ++c)
        f.vehicle(static_cast<telemetry::VehicleChannel>(c)) = v[k++];
    for (int w = 0; w < wheelCount_; ++w)
        for (int c = 0; c < telemetry::kWheelChannelCount; ++c)
            f.wheel(static_cast<telemetry::WheelChannel>(c), w) = v[k++];
    return f;
}

std::size_t TelemetryTrack::lowerBound(double t) const
{
    return std::size_t(std::lower_bound(times_.begin(), times_.end(), t) - times_.begin());
}

std::size_t TelemetryTrack::lowerBoundDistance(double d) const
{
    return std::size_t(std::lower_bound(distances_.begin(), distances_.end(), d) - distances_.begin());
}

std::size_t TelemetryTrack::nearest(double t) const
{
    const std::size_t i = lowerBound(t);
    if (i == 0)
        return 0;
    if (i >= size())
        return size() - 1;
    return (t - times_[i - 1] <= times_[i] - t) ? i - 1 : i;
}

std::size_t TelemetryTrack::memoryBytes() const noexcept
{
    return chunks_.size() * kChunkFrames * perFrame_ * sizeof(float) +
           (times_.capacity() + distances_.capacity()) * sizeof(double);
}

}  // namespace jounce::sim
