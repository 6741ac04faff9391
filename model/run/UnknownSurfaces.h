#pragma once
// A vehicle drives a ground surface its friction table does not name as surface type 0 (vehicle-model
// §1.15, as PhysX does): ice read as tarmac. Runs that touched one say so instead of ranking it.

#include "config/VehicleConfig.h"

#include <string>
#include <vector>

namespace jounce::sim {

/// "ice, snow: not in the vehicle's friction table, driven as tarmac (its surface type 0)"; empty
/// when `touched` is.
std::string unknownSurfacesNote(const std::vector<std::string>& touched, const VehicleConfig& vehicle);

class Simulation;
/// The note of the surfaces the simulation's vehicle has touched (Vehicle::unknownSurfacesTouched).
std::string unknownSurfacesNote(const Simulation& simulation);

}  // namespace jounce::sim
