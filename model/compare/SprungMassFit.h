#pragma once
// A copy that brings another vehicle's sprung masses (its suspension section, a wheel's value)
// brings masses set for that vehicle's chassis: on the edited vehicle they may no longer add up to
// its mass, and its body then rests low or high on every spring (vehicle-model §2.5). The compare
// view says so before copying and offers to fit them to the edited vehicle's mass.

#include "VehiclePatch.h"
#include "config/VehicleConfig.h"

#include <optional>

namespace jounce::compare {

/// Sprung masses a copy leaves off the chassis mass.
struct SprungMassMismatch {
    double sum = 0.0;          ///< the sprung masses after the copy, kg
    double chassisMass = 0.0;  ///< the chassis mass after the copy, kg
};

/// The mismatch a copy into `target` leaves: nullopt unless the copy changes a sprung mass and the
/// sprung masses then miss the chassis mass by more than 1 % (the threshold of PhysX's warning).
std::optional<SprungMassMismatch> sprungMassMismatch(const VehicleConfig& target, const CopyResult& copy);

/// Scales the copy's sprung masses so that they add up to its chassis mass, each wheel's spring
/// and damper rates with its mass: the natural frequencies and damping ratios stay as copied
/// (vehicle-model §1.3). Both the copy's configuration and its edits are changed.
void fitSprungMasses(CopyResult& copy);

}  // namespace jounce::compare
