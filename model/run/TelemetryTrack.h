#pragma once
// The whole telemetry of a recorded run, compact: each frame's time as a double and its channels
// as floats, in chunks of 4096 frames, so that a growing hour-long run never copies itself and
// takes no more than one chunk it does not use. Floats keep 7 significant digits, which is what a
// reference trace, a read-out or a difference chart needs; the live history and CSV export keep
// doubles (docs/architecture.md "Runs and replay").
//
// A track holds either every channel of the wheels its vehicle has (a recorded run, a run file), or
// only the columns it was given (a telemetry CSV: a file with one wheel channel must not cost the
// memory of every channel of 20 wheels); a column it does not hold reads as 0.

#include "run/ChunkedArray.h"
#include "telemetry/Frame.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace jounce::sim {

class TelemetryTrack {
public:
    /// Frames of a vehicle with `wheelCount` wheels (clamped to [0, kMaxWheels]), every channel.
    explicit TelemetryTrack(int wheelCount = 4);
    /// Frames holding only `columns`, stored in that order (the time column and wheels at or beyond
    /// kMaxWheels are not channels; the caller leaves them out, and each column appears once). Its
    /// wheelCount() is its highest wheel + 1.
    static TelemetryTrack ofColumns(std::span<const telemetry::Column> columns);

    void append(const telemetry::Frame& frame);
    std::size_t size() const noexcept { return times_.size(); }
    bool empty() const noexcept { return times_.empty(); }
    int wheelCount() const noexcept { return wheelCount_; }
    /// Floats of a whole frame: the vehicle channels, then kWheelChannelCount per wheel.
    std::size_t valuesPerFrame() const noexcept { return perFrame_; }
    /// Floats each frame stores: valuesPerFrame() when the track holds every channel, else its columns.
    std::size_t storedPerFrame() const noexcept { return stored_; }
    /// Whether the track holds every channel of its wheels.
    bool whole() const noexcept { return slotOf_.empty(); }
    /// Where `column` is among a frame's stored floats, or -1 when the track does not hold it.
    int storedIndex(const telemetry::Column& column) const;

    double time(std::size_t i) const { return times_[i]; }
    /// The value of a column in frame i (0 for a column the track does not hold).
    double value(std::size_t i, const telemetry::Column& column) const;
    /// Frame i widened back to a telemetry frame.
    telemetry::Frame frame(std::size_t i) const;
    /// Distance travelled on the ground plan from the first frame to frame i, m (from posX/posY; 0
    /// when the track holds neither).
    double distance(std::size_t i) const { return distances_.empty() ? 0.0 : distances_[i]; }
    /// The first frame with time >= t (size() if none); times never decrease.
    std::size_t lowerBound(double t) const;
    /// The first frame with distance >= d (size() if none).
    std::size_t lowerBoundDistance(double d) const;
    /// The frame nearest in time to t; the track must not be empty.
    std::size_t nearest(double t) const;

    /// Frame i's whole floats, valuesPerFrame() of them, into `out` (for run files).
    void wholeValues(std::size_t i, float* out) const;
    /// Appends a frame from its time and stored floats, storedPerFrame() of them (as a run file or a
    /// CSV holds them).
    void appendValues(double time, const float* values);

    /// Bytes allocated: whole chunks of frames, times and distances.
    std::size_t memoryBytes() const noexcept;
    /// Bytes the next append allocates (a new chunk at every 4096th frame, else 0).
    std::size_t growthBytes() const noexcept;

private:
    static constexpr std::size_t kChunkFrames = ChunkedArray<double>::kChunk;
    const float* slot(std::size_t i) const;

    int wheelCount_;
    std::size_t perFrame_;
    std::size_t stored_;
    /// For a track of some columns only: the stored index of each whole-frame float, or -1.
    std::vector<std::int16_t> slotOf_;
    int posX_ = -1, posY_ = -1;  ///< stored indices of posX and posY (-1: not held)
    ChunkedArray<double> times_;
    ChunkedArray<double> distances_;  ///< empty when the track holds neither posX nor posY
    std::vector<std::vector<float>> chunks_;  ///< kChunkFrames frames each, allocated whole
};

}  // namespace jounce::sim
