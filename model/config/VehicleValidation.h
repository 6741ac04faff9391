#pragma once
#include "json/Problem.h"
#include "VehicleConfig.h"

namespace jounce {

/// Every problem of a vehicle: values outside their hard limits and list sizes (from the parameter
/// registry), then the relations between parameters that vehicle-model.md's isValid/setter checks demand
/// (graph ordering, gear ratios, wheel indices, table shapes). Errors make a vehicle unusable for
/// simulation; warnings do not.
Problems validateVehicle(const VehicleConfig& config);

}  // namespace jounce
