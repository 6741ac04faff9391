#pragma once
#include "VehicleConfig.h"

namespace jounce {

/// The 4-wheel reference car of vehicle-model §6.14 (PhysX SnippetVehicle4W with four wheels, §6.10), built
/// in code so tools and tests have it without a file. presets/physx-snippet-4w.json is this car
/// written out; a test keeps the two identical.
VehicleConfig referenceCar();

}  // namespace jounce
