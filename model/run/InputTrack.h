#pragma once
// The driver's input of every step of a run (keys, pad, a maneuver's commands, gear and autobox
// requests), kept as the steps at which it changed. A keyboard drive holds one input for hundreds
// of steps, so an hour of it takes kilobytes; a closed-loop maneuver (a path follower, a speed
// controller) changes it on every step, about 72 bytes a step (15 MB per hour at 60 Hz), which is
// why a recording counts it against its bound (RunLogger). Feeding at(0), at(1), ... back to a
// Simulation from the same start replays the run (docs/architecture.md "Runs and replay").

#include "run/ChunkedArray.h"
#include "scenario/ManualInput.h"

#include <cstdint>
#include <vector>

namespace jounce::sim {

/// Exact equality of every field, the one-shot requests included.
bool sameInput(const ManualInput& a, const ManualInput& b) noexcept;

class InputTrack {
public:
    struct Change {
        std::uint64_t step = 0;  ///< the first step taken with `input`
        ManualInput input;
    };

    /// Appends the input of the next step.
    void append(const ManualInput& input);
    /// The number of steps recorded.
    std::uint64_t steps() const noexcept { return steps_; }
    bool empty() const noexcept { return steps_ == 0; }
    /// The input of step `step` (< steps()).
    const ManualInput& at(std::uint64_t step) const;
    std::size_t changeCount() const noexcept { return changes_.size(); }
    const Change& change(std::size_t i) const { return changes_[i]; }
    std::size_t memoryBytes() const noexcept { return changes_.memoryBytes(); }
    /// Bytes the next append allocates at most (when its input is a change).
    std::size_t growthBytes() const noexcept { return changes_.growthBytes(); }

    /// A track from its changes, as a run file stores them: addChange() for each, then
    /// setSteps(). The caller has checked that the steps start at 0, increase strictly and are
    /// below `steps`.
    void addChange(const Change& change) { changes_.push_back(change); }
    void setSteps(std::uint64_t steps) noexcept { steps_ = steps; }

private:
    ChunkedArray<Change> changes_;
    std::uint64_t steps_ = 0;
};

}  // namespace jounce::sim
