#pragma once
// Clamped piecewise-linear lookup shared by every graph of the model: engine torque curve (§2.18),
// steer-versus-forward-speed table (§3.1), tire friction-vs-slip graph (§2.9) and the compliance
// graphs (WheelCompliance).

#include "config/VehicleConfig.h"

#include <span>

namespace jounce::sim {

/// §2.18 curve lookup: a single point gives its y; x below the first point gives the first y;
/// inside a segment the value is linear; at or beyond the last x the last y. Points must have
/// strictly increasing x. An empty graph returns `emptyValue`.
double lookupClamped(std::span<const GraphPoint> graph, double x, double emptyValue = 0.0) noexcept;

}  // namespace jounce::sim
