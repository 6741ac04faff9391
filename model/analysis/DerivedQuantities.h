#pragma once
// Quantities a tuner reads off a vehicle without running it, for the compare table: weight
// distribution, ride frequency and damping per axle, roll stiffness split, power to weight, and the
// overall ratio and rev-limited top speed of every gear.

#include "config/VehicleConfig.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace jounce::sim {

struct DerivedRow {
    std::string id;       ///< "frontWeight", "naturalFrequencyFront", "topSpeedGear3", ...
    std::string label;    ///< "front weight share"
    std::string unit;     ///< "%", "Hz", "1", "kW", "W/kg", "km/h"
    std::string meaning;  ///< how it is computed, for tooltips
    std::vector<std::optional<double>> values;  ///< one per vehicle; nullopt: not defined for it
    bool differs = false;
};

/// The wheels on the front axle group: config::frontWheels (config/WheelLink.h), wheel centres
/// ahead of the centre of mass (x > cmOffset.x). The rest are the rear group.
std::vector<bool> frontWheels(const VehicleConfig& vehicle);

/// Roll stiffness of a group of wheels in N m/rad (vehicle-model §2.13, §1.4): springs Σ k_i·y_i·l_i plus
/// anti-roll bars joining two wheels of the group, K·(y_a − y_b)·(l_a − l_b), with y the wheel
/// centre's lateral offset (jounce per radian of roll) and l the suspension force application
/// point's (the lever of the strut force and of the bar torque).
double rollStiffness(const VehicleConfig& vehicle, const std::vector<bool>& inGroup);

/// Peak engine power at full throttle, W: max over ω of (T_peak·curve(ω/ω_max) − d_full·ω)·ω, the
/// drive torque net of the engine's own full-throttle damping (vehicle-model §2.18), which is what
/// reaches the clutch. `gross` leaves the damping out: the torque curve alone.
double peakPower(const EngineData& engine, bool gross = false);

/// Mean radius of the wheels the drive train turns (4W: wheels 0-3, NW: the driven list, tank: all).
std::optional<double> drivenWheelRadius(const VehicleConfig& vehicle);

/// Every derived row, in a fixed order, values compared to 1e-9 relative.
std::vector<DerivedRow> deriveQuantities(std::span<const VehicleConfig* const> vehicles);

}  // namespace jounce::sim
