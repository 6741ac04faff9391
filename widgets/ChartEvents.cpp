#include "ChartEvents.h"

#include "telemetry/Channels.h"

namespace jounce::widgets {

namespace {
constexpr double kBumpStopTolerance = 1e-3;  // m: the model clamps jounce at maxCompression exactly
constexpr std::size_t kGearLookBack = 600;   // frames: a shift's neutral lasts well under 10 s
}

std::vector<ChartEvent> findChartEvents(const TelemetryHistory& history, std::size_t first, std::size_t last,
                                        const ChartEventVehicle& vehicle, std::size_t limit)
{
    using telemetry::VehicleChannel;
    using telemetry::WheelChannel;
    std::vector<ChartEvent> events;
    last = std::min(last, history.size());
    // A shift passes through neutral (vehicle-model, gears): one event when the new gear engages,
    // "2→3", not two. The gear engaged before the range is looked up a few seconds back.
    int engaged = 0;
    for (std::size_t back = 0; back < kGearLookBack && back < first && engaged == 0; ++back)
        engaged = static_cast<int>(history.at(first - 1 - back).vehicle(VehicleChannel::Gear));
    // Each frame is compared with the one before it, so the first frame of the range has no event.
    for (std::size_t i = std::max<std::size_t>(first, 1); i < last && events.size() < limit; ++i) {
        const telemetry::Frame& before = history.at(i - 1);
        const telemetry::Frame& now = history.at(i);
        const int gear = static_cast<int>(now.vehicle(VehicleChannel::Gear));
        if (gear != 0 && gear != engaged) {
            if (engaged != 0 || static_cast<int>(before.vehicle(VehicleChannel::Gear)) == 0)
                events.push_back({now.time(), ChartEventKind::Gear,
                                  (engaged == 0 ? std::string("N") : std::to_string(engaged)) + "\u2192" + std::to_string(gear)});
            engaged = gear;
        }
        const int wheels = std::min(now.wheelCount(), static_cast<int>(vehicle.maxCompression.size()));
        for (int w = 0; w < wheels; ++w) {
            const std::string label = telemetry::wheelLabel(w);
            if (before.wheel(WheelChannel::InAir, w) < 0.5 && now.wheel(WheelChannel::InAir, w) > 0.5)
                events.push_back({now.time(), ChartEventKind::WheelLift, label + " lifts"});
            const double limitJounce = vehicle.maxCompression[std::size_t(w)] - kBumpStopTolerance;
            if (before.wheel(WheelChannel::Jounce, w) < limitJounce && now.wheel(WheelChannel::Jounce, w) >= limitJounce)
                events.push_back({now.time(), ChartEventKind::BumpStop, label + " bump stop"});
        }
    }
    if (events.size() > limit)
        events.resize(limit);
    return events;
}

const char* chartEventKindName(ChartEventKind kind)
{
    switch (kind) {
    case ChartEventKind::Edit: return "Edits";
    case ChartEventKind::Gear: return "Gear changes";
    case ChartEventKind::Phase: return "Maneuver phases";
    case ChartEventKind::WheelLift: return "Wheel lift";
    case ChartEventKind::BumpStop: return "Bump-stop hits";
    }
    return "";
}

}  // namespace jounce::widgets
