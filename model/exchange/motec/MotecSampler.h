#pragma once
// A recorded run's frames at the fixed rate MoTeC's files take (docs/motec.md "Sample rate and
// time"): whole samples per second, sample j at origin + j / rate. A run at an integer rate (60 Hz
// at Jounce's default step) is written frame for frame; any other step is resampled, linearly
// between frames (held channels: the earlier frame's value). Cursors walk the frames forward, so
// a channel of any length is read in constant memory.

#include "MotecChannels.h"
#include "run/TelemetryTrack.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace jounce::exchange {

/// The fixed-rate grid a run is written on.
struct SampleGrid {
    int rate = 0;            ///< samples per second, 1 to 65535
    double origin = 0.0;     ///< the Jounce time of sample 0, s
    std::size_t count = 0;   ///< samples
    bool resampled = false;  ///< the frames are not on the grid: values are interpolated
    double time(std::size_t j) const noexcept { return origin + double(j) / double(rate); }
};

/// The grid of `track` recorded with `timeStep` (s): the rate is 1 / timeStep when that is whole
/// (within 1e-6), else the next whole rate above it; sample 0 lies one step before the first frame,
/// at the run's start (Jounce time 0 for a recorded run), but not before 0. nullopt for an empty
/// track, or with `error` set for a step outside (1/65535 s, 60 s].
std::optional<SampleGrid> sampleGrid(const sim::TelemetryTrack& track, double timeStep, std::string& error);

/// Where a sample falls among the frames: frame `index`, `weight` of the way to the next one.
struct FramePosition {
    std::size_t index = 0;
    double weight = 0.0;  ///< 0 on a frame, before the first frame and after the last
};

/// The frame positions of a time grid, one sample after another.
class TimeCursor {
public:
    TimeCursor(const sim::TelemetryTrack& track, const SampleGrid& grid) : track_(track), grid_(grid) {}
    /// The position of sample j; j must not decrease from one call to the next.
    FramePosition at(std::size_t j);

private:
    const sim::TelemetryTrack& track_;
    SampleGrid grid_;
    std::size_t frame_ = 0;
};

/// The frame positions of a distance grid: row j at distance j x step from the first frame.
class DistanceCursor {
public:
    DistanceCursor(const sim::TelemetryTrack& track, double step) : track_(track), step_(step) {}
    /// Rows: every step up to the distance of the last frame.
    std::size_t count() const;
    FramePosition at(std::size_t j);
    double distance(std::size_t j) const { return double(j) * step_; }

private:
    const sim::TelemetryTrack& track_;
    double step_;
    std::size_t frame_ = 0;
};

/// The distance step of a distance-axis CSV: the 1-2-5 value (0.01 m, 0.02 m, 0.05 m, 0.1 m, ...)
/// nearest the mean distance per frame, so the file has about as many rows as the run has frames.
/// 0 when the run did not move.
double distanceStep(const sim::TelemetryTrack& track);

/// Whether the track holds positions, so that it has distances.
bool hasDistance(const sim::TelemetryTrack& track);

/// A channel's SI value at a position (linear between frames, or the earlier frame's when held).
double sampleValue(const sim::TelemetryTrack& track, const MotecChannel& channel, FramePosition at);

/// The largest magnitude a stored integer takes (a 32-bit channel's range).
inline constexpr double kMaxStored = 2147483647.0;

/// Lowers each channel's decimals until its largest finite value in `track`, in its unit, fits a
/// 32-bit integer at that many decimals (never below -9): the table's decimals hold any value a
/// vehicle reaches, this only keeps a diverged run's file readable.
void fitDecimals(const sim::TelemetryTrack& track, std::vector<MotecChannel>& channels);

/// The stored integer of an SI value: value x factor x 10^decimals rounded half away from zero,
/// clamped to the 32-bit range; NaN stores 0.
std::int32_t quantise(double si, const MotecChannel& channel) noexcept;

/// The value a stored integer stands for, in the channel's unit (stored x 10^-decimals).
double unquantise(std::int32_t stored, const MotecChannel& channel) noexcept;

}  // namespace jounce::exchange
