#pragma once
// The control values a vehicle reads at the start of an update (vehicle-model §1.16, §1.17): already
// smoothed or raw, as the caller decides. Values outside their ranges are clamped by the vehicle.

#include "config/VehicleConfig.h"

#include <array>
#include <optional>

namespace jounce::sim {

struct VehicleInputs {
    // Drive4W / DriveNW (and accel for the tank).
    double accel = 0.0;      ///< [0, 1]
    double brake = 0.0;      ///< [0, 1]
    double handbrake = 0.0;  ///< [0, 1]
    double steer = 0.0;      ///< [-1, 1], positive turns left (ISO 8855)

    // DriveTank (vehicle-model §1.17): standard model thrusts in [0, 1], special in [-1, 1].
    double thrustLeft = 0.0;
    double thrustRight = 0.0;
    double brakeLeft = 0.0;
    double brakeRight = 0.0;

    // NoDrive (vehicle-model §1.17): per wheel, persistent while the caller keeps sending them.
    std::array<double, kMaxWheels> driveTorque{};  ///< N m, signed
    std::array<double, kMaxWheels> brakeTorque{};  ///< N m, >= 0
    std::array<double, kMaxWheels> steerAngle{};   ///< rad, used as is

    // Gearbox: level-triggered requests (a held button keeps requesting, vehicle-model §3), an optional
    // immediate gear (display numbering: -1 reverse, 0 neutral, 1.. forward) and the autobox switch.
    bool gearUp = false;
    bool gearDown = false;
    std::optional<int> forceGear;
    std::optional<bool> autoBox;
};

}  // namespace jounce::sim
