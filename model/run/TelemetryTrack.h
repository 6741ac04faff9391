#pragma once
// The whole telemetry of a recorded run, compact: each frame's time as a double and its channels
// (the vehicle's, then each wheel's) as floats, only for the wheels the vehicle has, in chunks so
// that a growing hour-long run never copies itself. Floats keep 7 significant digits, which is
// what a reference trace, a read-out or a difference chart needs; the live history and CSV export
// keep doubles (docs/architecture.md "Runs and replay").

#include "telemetry/Frame.h"

#include <cstddef>
#include <vector>

namespace jounce::sim {

class TelemetryTrack {
public:
    /// Frames of a vehicle with `wheelCount` wheels (clamped to [0, kMaxWheels]).
    explicit TelemetryTrack(int wheelCount = 4);

    void append(const telemetry::Frame& frame);
    std::size_t size() const noexcept { return times_.size(); }
    bool empty() const noexcept { return times_.empty(); }
    int wheelCount() const noexcept { return wheelCount_; }
    /// Floats per frame: the vehicle channels, then kWheelChannelCount per wheel.
    std::size_t valuesPerFrame() const noexcept { return perFrame_; }

    double time(std::size_t i) const { return times_[i]; }
    /// The value of a column in frame i (0 for a wheel the vehicle does not have).
    double value(std::size_t i, const telemetry::Column& column) const;
    /// Frame i widened back to a telemetry frame.
    telemetry::Frame frame(std::size_t i) const;
    /// Distance travelled on the ground plan from the first frame to frame i, m (from posX/posY).
    double distance(std::size_t i) const { return distances_[i]; }
    /// The first frame with time >= t (size() if none); times never decrease.
    std::size_t lowerBound(double t) const;
    /// The first frame with distance >= d (size() if none).
    std::size_t lowerBoundDistance(double d) const;
    /// The frame nearest in time to t; the track must not be empty.
    std::size_t nearest(double t) const;

    /// Frame i's floats, valuesPerFrame() of them (for run files).
    const float* values(std::size_t i) const;
    /// Appends a frame from its time and floats (as a run file stores them).
    void appendValues(double time, const float* values);

    std::size_t memoryBytes() const noexcept;

private:
    static constexpr std::size_t kChunkFrames = 4096;
    float* slot(std::size_t i);
    const float* slot(std::size_t i) const;
    std::size_t indexOf(const telemetry::Column& column) const;

    int wheelCount_;
    std::size_t perFrame_;
    std::vector<double> times_;
    std::vector<double> distances_;
    std::vector<std::vector<float>> chunks_;  ///< kChunkFrames frames each, allocated whole
};

}  // namespace jounce::sim
