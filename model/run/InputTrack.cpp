#include "run/InputTrack.h"

#include <cassert>

namespace jounce::sim {

bool sameInput(const ManualInput& a, const ManualInput& b) noexcept
{
    const DriveKeys& ka = a.keys;
    const DriveKeys& kb = b.keys;
    return a.mode == b.mode && ka.accel == kb.accel && ka.brake == kb.brake && ka.handbrake == kb.handbrake &&
           ka.steerLeft == kb.steerLeft && ka.steerRight == kb.steerRight && a.pad.accel == b.pad.accel &&
           a.pad.brake == b.pad.brake && a.pad.handbrake == b.pad.handbrake && a.pad.steer == b.pad.steer &&
           a.gearUp == b.gearUp && a.gearDown == b.gearDown && a.forceGear == b.forceGear && a.autoBox == b.autoBox;
}

void InputTrack::append(const ManualInput& input)
{
    if (changes_.empty() || !sameInput(changes_.back().input, input))
        changes_.push_back(Change{steps_, input});
    ++steps_;
}

const ManualInput& InputTrack::at(std::uint64_t step) const
{
    assert(step < steps_ && !changes_.empty());
    // The last change at or before `step`.
    const std::size_t after = changes_.partitionPoint([step](const Change& c) { return c.step <= step; });
    return changes_[after - 1].input;
}

}  // namespace jounce::sim
