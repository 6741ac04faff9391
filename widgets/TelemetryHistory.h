#pragma once
// The telemetry the GUI keeps: the most recent frames (a bounded window of simulated time), in
// order, for the charts, the hover read-out and CSV export. Plain C++; filled from the
// simulation's ring on the GUI thread.

#include "telemetry/Frame.h"

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

namespace jounce::widgets {

class TelemetryHistory {
public:
    /// Keeps at most `capacity` frames (5 min at 60 Hz by default); older ones are forgotten.
    explicit TelemetryHistory(std::size_t capacity = 60 * 60 * 5);

    /// Appends frames in time order. A frame not later than the last one (the simulation was reset)
    /// starts a new history.
    void append(std::span<const telemetry::Frame> frames);
    void clear();

    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    /// The i-th frame, oldest first.
    const telemetry::Frame& at(std::size_t i) const { return frames_[(start_ + i) % frames_.size()]; }
    const telemetry::Frame& latest() const { return at(count_ - 1); }
    double startTime() const { return empty() ? 0.0 : at(0).time(); }
    double endTime() const { return empty() ? 0.0 : latest().time(); }
    /// Index of the first frame with time >= t (size() if none).
    std::size_t lowerBound(double t) const;
    /// The frame closest in time to t; the history must not be empty.
    const telemetry::Frame& nearest(double t) const;
    /// Distance travelled on the ground plan from the first frame since the history (re)started to
    /// the i-th frame, m (from posX/posY): what "aligned by distance" aligns reference runs by.
    double distance(std::size_t i) const { return distances_[(start_ + i) % distances_.size()]; }
    /// Distance at time t, interpolated between frames (0 when empty).
    double distanceAt(double t) const;
    /// The time at which the distance first reached d, interpolated; nullopt when it has not yet.
    std::optional<double> timeAtDistance(double d) const;
    /// Frames between t0 and t1 inclusive, oldest first.
    std::vector<telemetry::Frame> range(double t0, double t1) const;
    /// Increases whenever frames are appended or the history is cleared.
    std::uint64_t revision() const { return revision_; }

private:
    std::vector<telemetry::Frame> frames_;
    std::vector<double> distances_;
    double travelled_ = 0.0;  ///< the distance of the newest frame
    std::size_t start_ = 0;
    std::size_t count_ = 0;
    std::uint64_t revision_ = 0;
};

}  // namespace jounce::widgets
