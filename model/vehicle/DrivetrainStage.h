#pragma once
// Update stages U10a and U10c - U10g (vehicle-model §2.15, §2.18 - §2.24) for one sub-step: brake torques
// from the current wheel speeds, the engine torque and the implicit engine/wheel solve through
// clutch, gears and differential (or free wheels without an engine), and the wheels' rotation
// angles.

#include "vehicle/Brakes.h"
#include "vehicle/VehicleInputs.h"
#include "vehicle/VehicleUpdate.h"

#include <span>

namespace jounce::sim {

using WheelBrakes = std::array<WheelBrake, kMaxWheels>;

/// §2.15: every wheel's brake torque from its speed at the start of the sub-step: per side for the
/// tank, per wheel for NoDrive, pedal and handbrake otherwise.
WheelBrakes wheelBrakes(const VehicleConfig& config, const VehicleInputs& inputs, const UpdateCommands& commands,
                        std::span<const WheelState> wheels) noexcept;

/// §2.18 - §2.23: the new wheel speeds (written to `omegaOut`) and engine speed (in `drive`)
/// after sub-step `h`, from the tire torques of this sub-step. Returns the engine's drive torque.
double solveDrivetrain(const VehicleConfig& config, const ModelGeneration& generation, const VehicleInputs& inputs,
                       const UpdateCommands& commands,
                       const DriveCoupling& coupling, double h, std::span<const WheelState> wheels,
                       std::span<const double> tireTorque, const WheelBrakes& brakes, DriveState& drive,
                       std::span<double> omegaOut) noexcept;

/// §2.24: takes the new speeds into the wheel states and advances the rotation angles, blending
/// toward rolling speed at low speed for free-rolling wheels on the ground.
void rotateWheels(const VehicleConfig& config, const ModelGeneration& generation, const VehicleInputs& inputs, const DriveCoupling& coupling,
                  const WheelBrakes& brakes, std::span<const bool> touching, std::span<const double> longSpeed,
                  std::span<const double> omegaNew, double h, std::span<WheelState> wheels) noexcept;

}  // namespace jounce::sim
