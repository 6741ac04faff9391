#include "ReferenceRuns.h"

namespace jounce::widgets {

std::optional<std::size_t> referenceFrameAt(const TelemetryHistory& live, const sim::TelemetryTrack& ref, double t,
                                            Alignment alignment)
{
    if (ref.empty())
        return std::nullopt;
    if (alignment == Alignment::Time) {
        const double slack = ref.size() > 1 ? ref.time(1) - ref.time(0) : 0.0;
        if (t < ref.time(0) - slack || t > ref.time(ref.size() - 1) + slack)
            return std::nullopt;
        return ref.nearest(t);
    }
    if (live.empty())
        return std::nullopt;
    const std::size_t j = ref.lowerBoundDistance(live.distanceAt(t));
    return j < ref.size() ? std::optional<std::size_t>(j) : std::nullopt;
}

std::optional<double> referenceTime(const TelemetryHistory& live, const sim::TelemetryTrack& ref, std::size_t j,
                                    Alignment alignment)
{
    if (alignment == Alignment::Time)
        return ref.time(j);
    return live.timeAtDistance(ref.distance(j));
}

std::pair<std::size_t, std::size_t> referenceRange(const TelemetryHistory& live, const sim::TelemetryTrack& ref,
                                                   double t0, double t1, Alignment alignment)
{
    if (alignment == Alignment::Time)
        return {ref.lowerBound(t0), ref.lowerBound(t1 + 1e-9)};
    if (live.empty())
        return {0, 0};
    const std::size_t first = ref.lowerBoundDistance(live.distanceAt(t0));
    // Up to the live run's distance at t1: farther the live run has not been yet.
    std::size_t last = ref.lowerBoundDistance(live.distanceAt(t1));
    last = std::min(ref.size(), last + 1);
    return {std::min(first, last), last};
}

}  // namespace jounce::widgets
