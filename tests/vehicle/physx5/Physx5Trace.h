#pragma once
// Real PhysX 5.6.1 vehicle2 runs of NVIDIA's snippet car (tests/vehicle/physx5/data/README.md) and
// the same drive in Jounce: the car imported from NVIDIA's own Base.json and EngineDrive.json as a
// user would, spawned where the snippet spawns it, fed each trace's recorded inputs row by row.
// Both sides come out in the trace's terms (snippet axes and NVIDIA's wheel ids), so a test compares
// like with like.

#include "config/VehicleConfig.h"

#include <array>
#include <string>
#include <vector>

namespace jounce::test {

/// One 1/60 s row: the state after the step, the inputs applied during it.
struct TraceRow {
    double time = 0.0;
    double posX = 0.0;          ///< actor origin, snippet +x (vehicle left), m
    double posZ = 0.0;          ///< actor origin, snippet +z (forward at spawn), m
    double heading = 0.0;       ///< yaw about snippet +y from +z toward +x, rad
    double forwardSpeed = 0.0;  ///< CoM velocity along the body's forward axis, m/s
    double yawRate = 0.0;       ///< rad/s, positive turning left
    int gear = 0;               ///< PhysX index: 1 neutral, 2 first, ...
    double accel = 0.0, brake = 0.0, handbrake = 0.0, steer = 0.0;
    std::array<double, 4> jounce{};      ///< from full droop, m, by NVIDIA wheel id
    std::array<double, 4> wheelOmega{};  ///< rad/s, by NVIDIA wheel id
};

using Trace = std::vector<TraceRow>;

/// The trace `name` (settle, accel, brake, steer, handbrake) of the test data.
Trace readTrace(const std::string& name);

/// NVIDIA's snippet car imported with the default options (the PhysX 5 model).
VehicleConfig snippetCar();

/// Drives `car` on flat ground from the snippet's spawn pose through the inputs of `reference`
/// (rows 1..n) and returns the rows Jounce produces (row 0 the spawn, as in the trace).
/// `spawnRaise` lifts the spawn by that many metres: a perturbation far below any physical meaning,
/// to show how a figure depends on rounding.
Trace driveLikeTrace(const VehicleConfig& car, const Trace& reference, double spawnRaise = 0.0);

/// Writes `trace` as CSV (the data files' columns) for a look at a failing figure.
void writeTrace(const Trace& trace, const std::string& path);

}  // namespace jounce::test
