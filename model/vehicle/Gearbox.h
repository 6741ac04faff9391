#pragma once
// Gearbox state machine (vehicle-model §2.16) and autobox (§2.17). Both run once per update with the full
// dt, the autobox first. Gear indices are PhysX's (0 = reverse, 1 = neutral, 2 = first, ...,
// kReverseGearIndex etc. in VehicleConfig.h); displayGear() converts to the telemetry numbering.

#include "config/VehicleConfig.h"
#include "vehicle/PhysxTimer.h"

namespace jounce::sim {

/// The drive state the gearbox and autobox keep between updates (§1.16).
struct GearboxState {
    int currentGear = kNeutralGearIndex;
    int targetGear = kNeutralGearIndex;
    PhysxTimer switchTimer = 0.0f;   ///< t_sw: time spent in neutral during the change in progress (§2.31)
    PhysxTimer autoBoxTimer = 0.0f;  ///< t_auto: time since the last autobox decision (§2.31)
    bool gearUpPressed = false;    ///< request flags; cleared only when a change completes
    bool gearDownPressed = false;
    bool switchInitiated = false;  ///< PhysX 5: a change began this update; its timer starts at the next sub-step
    bool autoBoxShifting = false;  ///< PhysX 5: the change in progress is the autobox's (it cuts the throttle)
};

/// §2.16 forceGearChange(g): current = target = g at once (any change in progress is dropped).
void forceGearChange(GearboxState& state, int gear) noexcept;

/// §1.16 startGearChange(g): sets the target only. As in PhysX the current gear stays engaged (no
/// neutral) until the switch timer completes the change.
void startGearChange(GearboxState& state, int gear) noexcept;

/// §3: the input helpers copy the raw gear buttons into the request flags every frame (level, not
/// edge: a held button keeps requesting).
void setGearRequests(GearboxState& state, bool gearUp, bool gearDown) noexcept;

/// §2.16: act on the request flags, then advance a change in progress (completes on the first
/// update whose accumulated switch time strictly exceeds switchTime, both in single precision as in
/// PhysX, §2.31). Top gear = ratios.size() − 1.
void updateGearbox(GearboxState& state, const GearsData& gears, double dt) noexcept;

/// §2.17: returns accel' (0 while current = neutral ≠ target: throttle cut during any change);
/// when no change is in progress and t_auto > latency, raises the up/down request from
/// ω_e/ω_max against the current gear's thresholds and restarts t_auto; otherwise t_auto += dt.
double updateAutoBox(GearboxState& state, const AutoBoxData& autoBox, double maxEngineOmega,
                     double engineOmega, double accel, double dt) noexcept;

/// vehicle-model-physx5.md P6 (PxVehicleAutoBoxUpdate, then PxVehicleGearCommandResponseUpdate): once
/// per update. Without the autobox a held gear button asks for the next gear. A change starts at
/// once in neutral; the autobox leaves neutral (or reverse) for first without waiting and cuts the
/// throttle on the update it decides and for its whole change. Returns the throttle after the cut.
double updateGearCommandPhysx5(GearboxState& state, const GearsData& gears, const AutoBoxData& autoBox,
                               double maxEngineOmega, double engineOmega, bool autoBoxOn, double accel,
                               double dt) noexcept;
/// vehicle-model-physx5.md P6 (PxVehicleGearboxUpdate): once per sub-step of length h. The timer of a
/// change starts at 0 in the first sub-step after it began and completes the change once it
/// strictly exceeds switchTime.
void advanceGearboxPhysx5(GearboxState& state, const GearsData& gears, double h) noexcept;
/// §2.0 U5: G = ratio[current] × final (0 in neutral). An index outside the table gives 0.
double totalGearRatio(const GearsData& gears, int gearIndex) noexcept;

/// Telemetry numbering of conventions.md: −1 reverse, 0 neutral, 1.. forward.
constexpr int displayGear(int gearIndex) noexcept
{
    return gearIndex - kNeutralGearIndex;
}

/// Inverse of displayGear().
constexpr int gearIndexFromDisplay(int displayGearNumber) noexcept
{
    return displayGearNumber + kNeutralGearIndex;
}

}  // namespace jounce::sim
