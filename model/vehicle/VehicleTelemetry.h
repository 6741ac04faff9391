#pragma once
// Fills a telemetry frame (conventions.md "Telemetry channels") from a vehicle after a step.

#include "vehicle/Vehicle.h"
#include "telemetry/Frame.h"

namespace jounce::sim {

/// Every channel of `vehicle` at simulated time `time` into `frame`. Forces, loads, slips and
/// friction are the averages over the step's sub-steps; states are the end-of-step values.
void fillTelemetryFrame(const Vehicle& vehicle, double time, telemetry::Frame& frame);

}  // namespace jounce::sim
