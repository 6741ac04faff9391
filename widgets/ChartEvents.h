#pragma once
// Events worth a line on the charts' time axis, found in the telemetry: gear changes, a wheel
// leaving the ground, a suspension reaching its compression limit (the bump stop). Maneuver phase
// changes come from the simulation's status (SimulationRunner::Status::maneuverPhases). Plain C++.

#include "TelemetryHistory.h"

#include <string>
#include <vector>

namespace jounce::widgets {

enum class ChartEventKind { Edit, Gear, Phase, WheelLift, BumpStop };
inline constexpr int kChartEventKindCount = 5;

struct ChartEvent {
    double time = 0.0;
    ChartEventKind kind = ChartEventKind::Gear;
    std::string text;  ///< "2→3", "FL lifts", "RR bump stop", the phase's name
};

/// What the detector needs of the vehicle: per wheel, the compression at which the bump stop is hit.
struct ChartEventVehicle {
    std::vector<double> maxCompression;  ///< m, per wheel
};

/// Events in history frames [first, last), in time order, at most `limit` of them (the rest are
/// dropped: too many lines would hide the traces anyway). A gear change is a new gear engaging
/// (the neutral a shift passes through is not one); a bump-stop hit is a jounce within 1 mm of
/// maxCompression reached from below; a wheel lift is inAir going from 0 to 1.
std::vector<ChartEvent> findChartEvents(const TelemetryHistory& history, std::size_t first, std::size_t last,
                                        const ChartEventVehicle& vehicle, std::size_t limit = 200);

/// "Gear changes", "Wheel lift", ...
const char* chartEventKindName(ChartEventKind kind);

}  // namespace jounce::widgets
