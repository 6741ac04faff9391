#include "vehicle/Gearbox.h"

namespace jounce::sim {

void forceGearChange(GearboxState& state, int gear) noexcept
{
    state.currentGear = gear;
    state.targetGear = gear;
    state.switchTimer = 0.0f;
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

double totalGearRatio(const GearsData& gears, int gearIndex) noexcept
{
    if (gearIndex < 0 || gearIndex >= static_cast<int>(gears.ratios.size()))
        return 0.0;
    return gears.ratios[static_cast<std::size_t>(gearIndex)] * gears.finalRatio;
}

}  // namespace jounce::sim
