#pragma once
// Update stages U3 - U7 (vehicle-model §2.0): autobox and gearbox once per update with the full dt
// (§2.16, §2.17), then the clutch, the gear ratio, the intention to accelerate and the
// differential's weights that couple the engine to the wheels for this update (§2.19 - §2.22).

#include "vehicle/ModelGeneration.h"
#include "vehicle/VehicleInputs.h"
#include "vehicle/VehicleUpdate.h"

#include <optional>

namespace jounce::sim {

/// U3, U4: applies a forced gear and the gear buttons, runs the autobox (when on) and the gearbox.
/// Writes the throttle after the autobox's cut to `commands.accel` (the tank ignores the cut; a
/// vehicle without an engine has no throttle). Under a generation whose gearbox advances per
/// sub-step (PhysX 5) only the gear command is answered here: advanceGearboxPhysx5 does the rest.
void updateGears(const VehicleConfig& config, const ModelGeneration& generation, const VehicleInputs& inputs,
                 double dt, UpdateCommands& commands, DriveState& drive) noexcept;

/// U5 - U7: clutch strength and total ratio (0 in neutral), the intention to accelerate, the
/// averaging weights α, gearing signs and the tank's shares; which wheels receive drive torque.
DriveCoupling coupleDrive(const VehicleConfig& config, const ModelGeneration& generation, const VehicleInputs& inputs,
                          const UpdateCommands& commands, const GearboxState& gearbox) noexcept;

/// The clutch strength, total ratio and neutral flag of `coupling` for the gearbox's current gear
/// (the rest -- intent, weights, which wheels are driven -- stays as the update decided it).
void engageGear(const VehicleConfig& config, const GearboxState& gearbox, DriveCoupling& coupling) noexcept;

/// A generation whose gearbox advances per sub-step (PhysX 5): advances it by `h` and returns
/// the coupling with the gear it has now (a change that completes couples the engine from this
/// sub-step on). Other generations, the tank and a car without engine: `coupling` unchanged.
/// Returns `coupling` itself unless a gear engaged; then `changed`, made from it with the new gear
/// (copying the coupling every sub-step cost more than the rest of this stage).
const DriveCoupling& advanceGearboxInSubStep(const VehicleConfig& config, const ModelGeneration& generation, double h,
                                             GearboxState& gearbox, const DriveCoupling& coupling,
                                             std::optional<DriveCoupling>& changed) noexcept;

}  // namespace jounce::sim
