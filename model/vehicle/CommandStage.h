#pragma once
// Update stages U0 and U8 (vehicle-model §2.0): the control values clamped to their ranges, and the wheel
// steer angles (Ackermann, toe from the last jounce).

#include "vehicle/VehicleInputs.h"
#include "vehicle/VehicleUpdate.h"

#include <span>

namespace jounce::sim {

/// U0: inputs within their ranges (§1.16, §1.17); the tank has no brake or handbrake pedal, and
/// its thrusts reach below 0 only in the special drive model. `accel` starts equal to `accelIn`.
UpdateCommands readCommands(const VehicleConfig& config, const VehicleInputs& inputs) noexcept;

/// U8: steer angles (§2.14) with the toe compliance at `lastJounce` (one per wheel, the jounce the
/// last update published). NoDrive wheels take the caller's angles as they are; the tank does not steer.
std::array<double, kMaxWheels> steerAngles(const VehicleConfig& config, const VehicleInputs& inputs, double steer,
                                           std::span<const double> lastJounce) noexcept;

}  // namespace jounce::sim
