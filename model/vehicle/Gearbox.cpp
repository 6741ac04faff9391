#include "vehicle/Gearbox.h"

namespace jounce::sim {

void forceGearChange(GearboxState& state, int gear) noexcept
{
    state.currentGear = gear;
    state.targetGear = gear;
    state.switchTimer = 0.0f;
    state.switchInitiated = false;
    state.autoBoxShifting = false;
}

void startGearChange(GearboxState& state, int gear) noexcept
{
    state.targetGear = gear;
}

void setGearRequests(GearboxState& state, bool gearUp, bool gearDown) noexcept
{
    state.gearUpPressed = gearUp;
    state.gearDownPressed = gearDown;
}

void updateGearbox(GearboxState& state, const GearsData& gears, double dt) noexcept
{
    const int topGear = static_cast<int>(gears.ratios.size()) - 1;
    int& cur = state.currentGear;
    int& tgt = state.targetGear;

    if (state.gearUpPressed && cur != topGear && cur == tgt) {
        tgt = (cur == kReverseGearIndex || cur == kNeutralGearIndex) ? kFirstGearIndex : cur + 1;
        cur = kNeutralGearIndex;
        state.switchTimer = 0.0f;
    }
    if (state.gearDownPressed && cur != kReverseGearIndex && cur == tgt) {
        tgt = (cur == kFirstGearIndex || cur == kNeutralGearIndex) ? kReverseGearIndex : cur - 1;
        cur = kNeutralGearIndex;
        state.switchTimer = 0.0f;
    }
    if (cur != tgt) {
        if (state.switchTimer > static_cast<PhysxTimer>(gears.switchTime)) {
            cur = tgt;
            state.switchTimer = 0.0f;
            state.gearUpPressed = false;
            state.gearDownPressed = false;
        } else {
            state.switchTimer += physxTimeStep(dt);
        }
    }
}

double updateAutoBox(GearboxState& state, const AutoBoxData& autoBox, double maxEngineOmega,
                     double engineOmega, double accel, double dt) noexcept
{
    const int cur = state.currentGear;
    const int tgt = state.targetGear;
    double accelOut = accel;
    if (tgt != cur && cur == kNeutralGearIndex)
        accelOut = 0.0;

    if (tgt == cur && state.autoBoxTimer > static_cast<PhysxTimer>(autoBox.latency)) {
        const double ratio = engineOmega / maxEngineOmega;
        const auto index = static_cast<std::size_t>(cur);
        const bool hasUp = index < autoBox.upRatios.size();
        const bool hasDown = index < autoBox.downRatios.size();
        const bool up = hasUp && ratio > autoBox.upRatios[index] && cur != kReverseGearIndex;
        const bool down = hasDown && ratio < autoBox.downRatios[index] && cur > kFirstGearIndex;
        if (up || down) {
            state.gearUpPressed = up;
            state.gearDownPressed = down;
            state.autoBoxTimer = 0.0f;
        }
    } else {
        state.autoBoxTimer += physxTimeStep(dt);
    }
    return accelOut;
}

namespace {

/// The gear a PhysX 5 autobox asks for, or -1 for none; `cut` when it cuts the throttle.
int physx5AutoBoxTarget(GearboxState& state, const GearsData& gears, const AutoBoxData& autoBox,
                        double ratio, double dt, bool& cut) noexcept
{
    const int cur = state.currentGear;
    const int top = static_cast<int>(gears.ratios.size()) - 1;
    if (state.autoBoxShifting && cur == state.targetGear)
        state.autoBoxShifting = false;
    cut = state.autoBoxShifting;
    if (cur != state.targetGear) {
        state.autoBoxTimer += physxTimeStep(dt);
        return -1;
    }
    int target = -1;
    const auto index = static_cast<std::size_t>(cur);
    if (cur <= kNeutralGearIndex && kFirstGearIndex <= top) {
        target = kFirstGearIndex;
    } else if (state.autoBoxTimer > static_cast<PhysxTimer>(autoBox.latency)) {
        if (index < autoBox.upRatios.size() && ratio > autoBox.upRatios[index] && cur < top)
            target = cur + 1;
        if (index < autoBox.downRatios.size() && ratio < autoBox.downRatios[index] && cur > kFirstGearIndex)
            target = cur - 1;
    } else {
        state.autoBoxTimer += physxTimeStep(dt);
    }
    if (target >= 0) {
        cut = true;
        state.autoBoxTimer = 0.0f;
        state.autoBoxShifting = true;
    }
    return target;
}

}  // namespace

double updateGearCommandPhysx5(GearboxState& state, const GearsData& gears, const AutoBoxData& autoBox,
                               double maxEngineOmega, double engineOmega, bool autoBoxOn, double accel,
                               double dt) noexcept
{
    const int top = static_cast<int>(gears.ratios.size()) - 1;
    const int cur = state.currentGear;
    int target = -1;
    bool cut = false;
    if (autoBoxOn) {
        target = physx5AutoBoxTarget(state, gears, autoBox, engineOmega / maxEngineOmega, dt, cut);
    } else {
        state.autoBoxShifting = false;
        if (state.gearUpPressed && cur < top)
            target = cur == kReverseGearIndex ? kFirstGearIndex : cur + 1;
        else if (state.gearDownPressed && cur > kReverseGearIndex)
            target = cur == kFirstGearIndex ? kReverseGearIndex : cur - 1;
    }
    if (target >= 0 && target <= top && cur == state.targetGear && target != cur) {
        state.currentGear = kNeutralGearIndex;
        state.targetGear = target;
        state.switchInitiated = true;
        state.switchTimer = 0.0f;
    }
    return cut ? 0.0 : accel;
}

void advanceGearboxPhysx5(GearboxState& state, const GearsData& gears, double h) noexcept
{
    if (state.currentGear == state.targetGear)
        return;
    if (state.switchInitiated)
        state.switchInitiated = false;
    else
        state.switchTimer += physxTimeStep(h);
    if (state.switchTimer > static_cast<PhysxTimer>(gears.switchTime)) {
        state.currentGear = state.targetGear;
        state.switchTimer = 0.0f;
    }
}

double totalGearRatio(const GearsData& gears, int gearIndex) noexcept
{
    if (gearIndex < 0 || gearIndex >= static_cast<int>(gears.ratios.size()))
        return 0.0;
    return gears.ratios[static_cast<std::size_t>(gearIndex)] * gears.finalRatio;
}

}  // namespace jounce::sim
