#include "TelemetryHistory.h"

#include <algorithm>
#include <cmath>

namespace jounce::widgets {

TelemetryHistory::TelemetryHistory(std::size_t capacity) : frames_(std::max<std::size_t>(capacity, 2)) {}

void TelemetryHistory::append(std::span<const telemetry::Frame> frames)
{
    for (const telemetry::Frame& f : frames) {
        if (count_ > 0 && f.time() < latest().time())
            clear();
        if (count_ < frames_.size()) {
            frames_[(start_ + count_) % frames_.size()] = f;
            ++count_;
        } else {
            frames_[start_] = f;
            start_ = (start_ + 1) % frames_.size();
        }
    }
    if (!frames.empty())
        ++revision_;
}

void TelemetryHistory::clear()
{
    start_ = 0;
    count_ = 0;
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

std::vector<telemetry::Frame> TelemetryHistory::range(double t0, double t1) const
{
    std::vector<telemetry::Frame> out;
    for (std::size_t i = lowerBound(t0); i < count_ && at(i).time() <= t1; ++i)
        out.push_back(at(i));
    return out;
}

}  // namespace jounce::widgets
