#pragma once
// A batch run under the live doctor: the vehicle drives a maneuver on a terrain (as `jounce-cli
// run` does) and every step's telemetry frame goes to a LiveDoctor. Used by `jounce-cli doctor
// --maneuver` and the tests; the GUI feeds its own LiveDoctor from the running simulation instead.

#include "Finding.h"
#include "scenario/Maneuver.h"
#include "scenario/ManeuverPlayer.h"
#include "world/Terrain.h"

#include <memory>
#include <string>
#include <vector>

namespace jounce::doctor {

struct RunDiagnosis {
    std::vector<Finding> findings;  ///< the live findings at the end of the run, errors first
    double simulatedTime = 0.0;     ///< s
    double distance = 0.0;          ///< m travelled on the ground plan
    double finalSpeed = 0.0;        ///< forward speed at the end, m/s
    int finalGear = 0;              ///< -1 reverse, 0 neutral, 1.. forward
    bool completed = false;         ///< the maneuver ended by its own conditions (not the time limit)
    int resets = 0;                 ///< the simulation had to reset the vehicle (NaN, flung, fell off)
    std::string lastResetReason;    ///< or why the run failed (Simulation::failure())
};

/// Runs `maneuver` for `config` on `terrain` (null: the endless flat plane) and returns what the
/// live checks saw. The config must be valid (validateVehicle without errors). Deterministic.
RunDiagnosis diagnoseRun(std::shared_ptr<const VehicleConfig> config, std::shared_ptr<const sim::Terrain> terrain,
                         const sim::Maneuver& maneuver, double maxDuration = sim::ManeuverPlayer::kDefaultMaxDuration);

}  // namespace jounce::doctor
