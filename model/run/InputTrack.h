#pragma once
// The driver's input of every step of a run (keys, pad, a maneuver's commands, gear and autobox
// requests), kept as the steps at which it changed: a keyboard drive holds one input for hundreds
// of steps, so an hour of it takes kilobytes. Feeding at(0), at(1), ... back to a Simulation from
// the same start replays the run (docs/architecture.md "Runs and replay").

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
    const std::vector<Change>& changes() const noexcept { return changes_; }
    std::size_t memoryBytes() const noexcept { return changes_.capacity() * sizeof(Change); }

    /// A track from its changes, as a run file stores them. The caller has checked that the steps
    /// start at 0, increase strictly and are below `steps`.
    static InputTrack fromChanges(std::vector<Change> changes, std::uint64_t steps);

private:
    std::vector<Change> changes_;
    std::uint64_t steps_ = 0;
};

}  // namespace jounce::sim
