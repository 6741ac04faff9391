#include "run/TelemetryTrack.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

using telemetry::Column;
using telemetry::Frame;
using telemetry::VehicleChannel;

namespace {

std::size_t wholeIndex(const Column& column)
{
    if (column.kind == Column::Kind::Vehicle)
        return std::size_t(column.vehicle);
    return std::size_t(telemetry::kVehicleChannelCount) +
           std::size_t(column.wheel) * std::size_t(telemetry::kWheelChannelCount) + std::size_t(column.wheelChannel);
}

std::size_t wholeFloats(int wheels)
{
    return std::size_t(telemetry::kVehicleChannelCount) + std::size_t(wheels) * std::size_t(telemetry::kWheelChannelCount);
}

}  // namespace

TelemetryTrack::TelemetryTrack(int wheelCount)
    : wheelCount_(std::clamp(wheelCount, 0, kMaxWheels)), perFrame_(wholeFloats(wheelCount_)), stored_(perFrame_),
      posX_(int(VehicleChannel::PosX)), posY_(int(VehicleChannel::PosY))
{
}

TelemetryTrack TelemetryTrack::ofColumns(std::span<const Column> columns)
{
    int wheels = 0;
    for (const Column& c : columns)
        if (c.kind == Column::Kind::Wheel && c.wheel < kMaxWheels)
            wheels = std::max(wheels, c.wheel + 1);
    TelemetryTrack track(wheels);
    track.slotOf_.assign(track.perFrame_, -1);
    track.stored_ = 0;
    for (const Column& c : columns) {
        const bool channel =
            (c.kind == Column::Kind::Vehicle && c.vehicle < VehicleChannel::Count) ||
            (c.kind == Column::Kind::Wheel && c.wheel >= 0 && c.wheel < kMaxWheels &&
             c.wheelChannel < telemetry::WheelChannel::Count);
        if (channel && track.slotOf_[wholeIndex(c)] < 0)
            track.slotOf_[wholeIndex(c)] = static_cast<std::int16_t>(track.stored_++);
    }
    track.posX_ = track.slotOf_[std::size_t(VehicleChannel::PosX)];
    track.posY_ = track.slotOf_[std::size_t(VehicleChannel::PosY)];
    return track;
}

int TelemetryTrack::storedIndex(const Column& column) const
{
    switch (column.kind) {
    case Column::Kind::Time: return -1;
    case Column::Kind::Vehicle:
        if (column.vehicle >= VehicleChannel::Count)
            return -1;
        break;
    case Column::Kind::Wheel:
        if (column.wheel < 0 || column.wheel >= wheelCount_ || column.wheelChannel >= telemetry::WheelChannel::Count)
            return -1;
        break;
    }
    const std::size_t k = wholeIndex(column);
    return whole() ? int(k) : slotOf_[k];
}

const float* TelemetryTrack::slot(std::size_t i) const
{
    return chunks_[i / kChunkFrames].data() + (i % kChunkFrames) * stored_;
}

void TelemetryTrack::appendValues(double time, const float* values)
{
    const std::size_t i = times_.size();
    if (i % kChunkFrames == 0)
        chunks_.emplace_back(kChunkFrames * stored_);
    std::copy(values, values + stored_, chunks_.back().data() + (i % kChunkFrames) * stored_);
    // Distance from the stored (float) positions, so a track read back from a file has exactly
    // the distances it had when it was recorded.
    if (posX_ >= 0 || posY_ >= 0) {
        double travelled = 0.0;
        if (i > 0) {
            const float* before = slot(i - 1);
            const auto at = [](const float* v, int k) { return k >= 0 ? double(v[k]) : 0.0; };
            travelled = std::hypot(at(values, posX_) - at(before, posX_), at(values, posY_) - at(before, posY_));
            if (!std::isfinite(travelled))
                travelled = 0.0;
        }
        distances_.push_back(i > 0 ? distances_.back() + travelled : 0.0);
    }
    times_.push_back(time);
}

void TelemetryTrack::append(const Frame& frame)
{
    float buffer[Frame::kWordCount];
    std::size_t k = 0;
    for (int c = 0; c < telemetry::kVehicleChannelCount; ++c)
        buffer[k++] = static_cast<float>(frame.vehicle(static_cast<VehicleChannel>(c)));
    for (int w = 0; w < wheelCount_; ++w)
        for (int c = 0; c < telemetry::kWheelChannelCount; ++c)
            buffer[k++] = static_cast<float>(frame.wheel(static_cast<telemetry::WheelChannel>(c), w));
    if (whole()) {
        appendValues(frame.time(), buffer);
        return;
    }
    float stored[Frame::kWordCount];
    for (std::size_t j = 0; j < perFrame_; ++j)
        if (slotOf_[j] >= 0)
            stored[slotOf_[j]] = buffer[j];
    appendValues(frame.time(), stored);
}

double TelemetryTrack::value(std::size_t i, const Column& column) const
{
    if (column.kind == Column::Kind::Time)
        return times_[i];
    const int k = storedIndex(column);
    return k >= 0 ? double(slot(i)[k]) : 0.0;
}

void TelemetryTrack::wholeValues(std::size_t i, float* out) const
{
    const float* v = slot(i);
    if (whole()) {
        std::copy(v, v + perFrame_, out);
        return;
    }
    for (std::size_t j = 0; j < perFrame_; ++j)
        out[j] = slotOf_[j] >= 0 ? v[slotOf_[j]] : 0.0f;
}

Frame TelemetryTrack::frame(std::size_t i) const
{
    Frame f;
    f.time() = times_[i];
    f.setWheelCount(wheelCount_);
    float v[Frame::kWordCount];
    wholeValues(i, v);
    std::size_t k = 0;
    for (int c = 0; c < telemetry::kVehicleChannelCount; ++c)
        f.vehicle(static_cast<VehicleChannel>(c)) = v[k++];
    for (int w = 0; w < wheelCount_; ++w)
        for (int c = 0; c < telemetry::kWheelChannelCount; ++c)
            f.wheel(static_cast<telemetry::WheelChannel>(c), w) = v[k++];
    return f;
}

std::size_t TelemetryTrack::lowerBound(double t) const
{
    return times_.partitionPoint([t](double x) { return x < t; });
}

std::size_t TelemetryTrack::lowerBoundDistance(double d) const
{
    if (distances_.empty())
        return d <= 0.0 ? 0 : size();
    return distances_.partitionPoint([d](double x) { return x < d; });
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
    return chunks_.size() * kChunkFrames * stored_ * sizeof(float) + chunks_.capacity() * sizeof(std::vector<float>) +
           times_.memoryBytes() + distances_.memoryBytes() + slotOf_.capacity() * sizeof(std::int16_t);
}

std::size_t TelemetryTrack::growthBytes() const noexcept
{
    std::size_t bytes = times_.growthBytes() + (posX_ >= 0 || posY_ >= 0 ? distances_.growthBytes() : 0);
    if (size() % kChunkFrames == 0) {
        const bool table = chunks_.size() == chunks_.capacity();
        bytes += kChunkFrames * stored_ * sizeof(float) +
                 (table ? std::max<std::size_t>(2 * chunks_.capacity(), 1) * sizeof(std::vector<float>) : 0);
    }
    return bytes;
}

}  // namespace jounce::sim
