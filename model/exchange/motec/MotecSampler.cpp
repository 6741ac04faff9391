#include "MotecSampler.h"

#include <algorithm>
#include <cmath>

namespace jounce::exchange {
namespace {

/// 10^d for the decimals a channel may have (a table: pow() would cost as much as the rest of a sample).
double pow10(int d) noexcept
{
    static constexpr double kPowers[] = {1e-9, 1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1e0, 1e1, 1e2,
                                         1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11, 1e12};
    return d >= -9 && d <= 12 ? kPowers[d + 9] : std::pow(10.0, d);
}

// A frame this close to a sample (a fraction of the sample period) is on it: a run's times are
// sums of its step and carry rounding.
constexpr double kOnGrid = 1e-4;

bool onGrid(const sim::TelemetryTrack& track, const SampleGrid& grid)
{
    const double tolerance = kOnGrid / grid.rate;
    const double first = std::round((track.time(0) - grid.origin) * grid.rate);
    for (std::size_t k = 0; k < track.size(); ++k)
        if (std::fabs(track.time(k) - grid.time(std::size_t(first) + k)) > tolerance)
            return false;
    return true;
}

}  // namespace

std::optional<SampleGrid> sampleGrid(const sim::TelemetryTrack& track, double timeStep, std::string& error)
{
    if (track.empty())
        return std::nullopt;
    if (!(timeStep >= 1.0 / 65535.0 && timeStep <= 60.0)) {
        error = "the run's time step " + std::to_string(timeStep) +
                " s gives no sample rate MoTeC files can hold (1 to 65535 Hz)";
        return std::nullopt;
    }
    const double perSecond = 1.0 / timeStep;
    const double whole = std::round(perSecond);
    SampleGrid grid;
    grid.rate = static_cast<int>(std::fabs(whole - perSecond) <= 1e-6 * perSecond ? whole : std::ceil(perSecond));
    grid.rate = std::clamp(grid.rate, 1, 65535);
    // Sample 0 is the run's start, one step before its first frame (the state after the first step).
    const double first = track.time(0);
    grid.origin = first - timeStep;
    if (grid.origin < 0.0 && first >= 0.0)
        grid.origin = 0.0;
    const double span = track.time(track.size() - 1) - grid.origin;
    grid.count = static_cast<std::size_t>(std::floor(span * grid.rate + kOnGrid)) + 1;
    grid.resampled = !onGrid(track, grid);
    return grid;
}

FramePosition TimeCursor::at(std::size_t j)
{
    const double t = grid_.time(j);
    const double tolerance = kOnGrid / grid_.rate;
    const std::size_t n = track_.size();
    while (frame_ + 1 < n && track_.time(frame_ + 1) <= t + tolerance)
        ++frame_;
    const double here = track_.time(frame_);
    if (t <= here + tolerance || frame_ + 1 >= n)
        return {frame_, 0.0};
    return {frame_, (t - here) / (track_.time(frame_ + 1) - here)};
}

std::size_t DistanceCursor::count() const
{
    if (track_.empty() || !(step_ > 0.0))
        return 0;
    const double total = track_.distance(track_.size() - 1);
    return static_cast<std::size_t>(std::floor(total / step_ + 1e-9)) + 1;
}

FramePosition DistanceCursor::at(std::size_t j)
{
    const double d = distance(j);
    const std::size_t n = track_.size();
    while (frame_ + 1 < n && track_.distance(frame_ + 1) <= d)
        ++frame_;
    const double here = track_.distance(frame_);
    if (d <= here || frame_ + 1 >= n)
        return {frame_, 0.0};
    return {frame_, (d - here) / (track_.distance(frame_ + 1) - here)};
}

double distanceStep(const sim::TelemetryTrack& track)
{
    if (track.size() < 2)
        return 0.0;
    const double mean = track.distance(track.size() - 1) / double(track.size() - 1);
    if (!(mean > 0.0) || !std::isfinite(mean))
        return 0.0;
    const double decade = std::pow(10.0, std::floor(std::log10(mean)));
    double best = decade;
    for (const double m : {1.0, 2.0, 5.0, 10.0})
        if (std::fabs(std::log(m * decade / mean)) < std::fabs(std::log(best / mean)))
            best = m * decade;
    return std::max(best, 1e-3);
}

bool hasDistance(const sim::TelemetryTrack& track)
{
    using telemetry::Column;
    using telemetry::VehicleChannel;
    return track.storedIndex(Column::of(VehicleChannel::PosX)) >= 0 ||
           track.storedIndex(Column::of(VehicleChannel::PosY)) >= 0;
}

double sampleValue(const sim::TelemetryTrack& track, const MotecChannel& channel, FramePosition at)
{
    const auto value = [&](std::size_t i) {
        return channel.source == MotecSource::Distance ? track.distance(i) : track.value(i, channel.column);
    };
    const double here = value(at.index);
    if (at.weight == 0.0 || channel.held)
        return here;
    return here + at.weight * (value(at.index + 1) - here);
}

void fitDecimals(const sim::TelemetryTrack& track, std::vector<MotecChannel>& channels)
{
    std::vector<double> largest(channels.size(), 0.0);
    for (std::size_t i = 0; i < track.size(); ++i)
        for (std::size_t c = 0; c < channels.size(); ++c) {
            const double v = std::fabs(sampleValue(track, channels[c], {i, 0.0}) * channels[c].factor);
            if (std::isfinite(v))
                largest[c] = std::max(largest[c], v);
        }
    for (std::size_t c = 0; c < channels.size(); ++c)
        while (channels[c].decimals > -9 && largest[c] * pow10(channels[c].decimals) > kMaxStored)
            --channels[c].decimals;
}

std::int32_t quantise(double si, const MotecChannel& channel) noexcept
{
    const double v = si * channel.factor * pow10(channel.decimals);
    if (std::isnan(v))
        return 0;
    return static_cast<std::int32_t>(std::clamp(std::round(v), -kMaxStored, kMaxStored));
}

double unquantise(std::int32_t stored, const MotecChannel& channel) noexcept
{
    return double(stored) * pow10(-channel.decimals);
}

}  // namespace jounce::exchange
