#pragma once
// Tire friction: the 3-point friction-vs-slip multiplier times the surface/tire pair value (§2.9).

#include "config/VehicleConfig.h"

#include <span>

namespace jounce::sim {

/// §2.9: friction multiplier from the tire's 3-point graph at a = |s_L|. For a valid graph
/// (x0 = 0, increasing x) vehicle-model.md's three-branch formula equals the clamped linear lookup used here.
/// An empty graph is neutral (multiplier 1).
double frictionVsSlip(std::span<const GraphPoint> graph, double longSlip) noexcept;

/// §2.9: μ = graph(|s_L|) · μ_pair; μ_pair alone for the Unity tire model (its curves replace the graph).
double tireFriction(const TireData& tire, double surfaceTireFriction, double longSlip) noexcept;

}  // namespace jounce::sim
