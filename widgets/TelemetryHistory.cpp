#include "TelemetryHistory.h"

#include <algorithm>
#include <cmath>

namespace jounce::widgets {

TelemetryHistory::TelemetryHistory(std::size_t capacity)
    : frames_(std::max<std::size_t>(capacity, 2)), distances_(frames_.size())
{
}

void TelemetryHistory::append(std::span<const telemetry::Frame> frames)
{
    for (const telemetry::Frame& f : frames) {
        if (count_ > 0 && f.time() <= latest().time())  // times increase within a run: a new run began
            clear();
        if (count_ > 0) {
            const telemetry::Frame& last = latest();
            const double d = std::hypot(f.vehicle(telemetry::VehicleChannel::PosX) - last.vehicle(telemetry::VehicleChannel::PosX),
                                        f.vehicle(telemetry::VehicleChannel::PosY) - last.vehicle(telemetry::VehicleChannel::PosY));
            travelled_ += std::isfinite(d) ? d : 0.0;
        }
        std::size_t slot = (start_ + count_) % frames_.size();
        if (count_ < frames_.size()) {
            ++count_;
        } else {
            slot = start_;
            start_ = (start_ + 1) % frames_.size();
        }
        frames_[slot] = f;
        distances_[slot] = travelled_;
    }
    if (!frames.empty())
        ++revision_;
}

void TelemetryHistory::clear()
{
    start_ = 0;
    count_ = 0;
    travelled_ = 0.0;
    ++revision_;
}

std::size_t TelemetryHistory::lowerBound(double t) const
{
    std::size_t lo = 0, hi = count_;
    while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        if (at(mid).time() < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

const telemetry::Frame& TelemetryHistory::nearest(double t) const
{
    const std::size_t i = lowerBound(t);
    if (i == 0)
        return at(0);
    if (i >= count_)
        return latest();
    return std::fabs(at(i).time() - t) < std::fabs(at(i - 1).time() - t) ? at(i) : at(i - 1);
}

double TelemetryHistory::distanceAt(double t) const
{
    if (count_ == 0)
        return 0.0;
    const std::size_t i = lowerBound(t);
    if (i == 0)
        return distance(0);
    if (i >= count_)
        return distance(count_ - 1);
    const double t0 = at(i - 1).time(), t1 = at(i).time();
    const double u = t1 > t0 ? (t - t0) / (t1 - t0) : 1.0;
    return distance(i - 1) + u * (distance(i) - distance(i - 1));
}

std::optional<double> TelemetryHistory::timeAtDistance(double d) const
{
    std::size_t lo = 0, hi = count_;
    while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        if (distance(mid) < d)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo >= count_)
        return std::nullopt;
    if (lo == 0)
        return at(0).time();
    const double d0 = distance(lo - 1), d1 = distance(lo);
    const double u = d1 > d0 ? (d - d0) / (d1 - d0) : 1.0;
    return at(lo - 1).time() + u * (at(lo).time() - at(lo - 1).time());
}

std::vector<telemetry::Frame> TelemetryHistory::range(double t0, double t1) const
{
    std::vector<telemetry::Frame> out;
    for (std::size_t i = lowerBound(t0); i < count_ && at(i).time() <= t1; ++i)
        out.push_back(at(i));
    return out;
}

}  // namespace jounce::widgets
