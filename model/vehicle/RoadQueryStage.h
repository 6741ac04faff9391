#pragma once
// Update stage U1/U2 (vehicle-model §2.1, §2.2): one ray per wheel against the ground only, cast along the
// suspension from the chassis pose at the start of the update; the hit becomes the contact plane
// the sub-steps use, with the surface type and the surface/tire friction.

#include "vehicle/Ground.h"
#include "vehicle/SuspensionStage.h"
#include "vehicle/VehicleUpdate.h"

#include <span>

namespace jounce::sim {

/// The contact plane under `wheel` whose strut is `strut` (strutFrame() with the chassis at the
/// start of the update, which the first sub-step uses too): the ray runs from its rayStart along
/// its direction. `surfaceMap` maps ground surface indices to the vehicle's surface types. A hit
/// whose normal does not face the strut counts as no hit.
RoadContact queryRoad(const Ground& ground, std::span<const int> surfaceMap, const VehicleConfig& config,
                      const WheelConfig& wheel, const StrutFrame& strut);

}  // namespace jounce::sim
