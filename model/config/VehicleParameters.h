#pragma once
#include "ParameterRegistry.h"

#include <memory>

namespace jounce::config {

/// Builds the registry tree of the vehicle file format (VehicleParameters.cpp).
std::unique_ptr<Node> buildVehicleParameterTree();

}  // namespace jounce::config
