#pragma once
// What changes when a vehicle moves from one model generation to the other (simulation.model):
// the behaviours in which PhysX 5's vehicle2 and PhysX 4.1 differ for this vehicle, each with the
// figure it moves where one can be computed without simulating. One list serves the workbench's
// "Convert to PhysX 5 behaviour" report and the PhysX 5 export of a PhysX 4.1 car, so the two never
// tell a user different things. docs/vehicle-model-physx5.md has the model behind each line.

#include "config/VehicleConfig.h"

#include <string>
#include <string_view>
#include <vector>

namespace jounce {

/// "physx41" or "physx5": the value of simulation.model in a vehicle file.
std::string_view modelGenerationName(ModelGenerationKind kind) noexcept;
/// "PhysX 4.1" or "PhysX 5": the generation as the user reads it.
std::string_view modelGenerationTitle(ModelGenerationKind kind) noexcept;

struct GenerationDifference {
    std::string subject;  ///< the parameter path the behaviour hangs on, "wheels[2].suspension"
    std::string text;     ///< what differs, one sentence or two, with the figure where known
};

/// The behaviours `vehicle` shows differently under `to` than under its own generation, most
/// visible first; empty when `to` is its own.
std::vector<GenerationDifference> generationDifferences(const VehicleConfig& vehicle, ModelGenerationKind to);

/// Where wheel `i` rests under `kind` when its spring alone carries its sprung mass on level
/// ground: the jounce from the rest pose, m (0 under PhysX 4.1, whose spring is preloaded there;
/// m_s·g/k − maxDroop under PhysX 5, within the travel).
double restJounce(const WheelConfig& wheel, ModelGenerationKind kind) noexcept;

}  // namespace jounce
