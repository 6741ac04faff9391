#include "vehicle/TireFriction.h"

#include "vehicle/LinearGraph.h"

#include <cmath>

namespace jounce::sim {

double frictionVsSlip(std::span<const GraphPoint> graph, double longSlip) noexcept
{
    return lookupClamped(graph, std::abs(longSlip), 1.0);
}

double tireFriction(const TireData& tire, double surfaceTireFriction, double longSlip) noexcept
{
    // Unity's curves take the place of the graph (docs/unity.md "Friction curves").
    if (tire.model == TireModelKind::Unity)
        return surfaceTireFriction;
    return frictionVsSlip(tire.frictionVsSlipGraph, longSlip) * surfaceTireFriction;
}

}  // namespace jounce::sim
