#pragma once
// Drives for the X–Y plots, shared by their suite (tests/widgets/test_xy_plots.cpp), their
// benchmark and the screenshot writer (tests/bench): the reference car's preset on flat ground under
// a scripted pad input, one telemetry frame per step.

#include "config/VehicleJson.h"
#include "run/Simulation.h"
#include "world/TerrainGround.h"

#include <QtGlobal>

#include <cmath>
#include <memory>
#include <vector>

namespace jounce::testing {

/// The reference car as the preset file has it (presets/physx-snippet-4w.json).
inline VehicleConfig referencePreset()
{
    config::VehicleFile v = config::loadVehicle(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json");
    Q_ASSERT(v.ok());
    return v.config;
}

/// A vehicle on flat ground driven by `driver(t, input)` (raw pad input), a frame per step.
template <typename Driver>
std::vector<telemetry::Frame> drive(const VehicleConfig& config, double seconds, Driver driver)
{
    sim::Simulation s(sim::makeGround(nullptr), std::make_shared<const VehicleConfig>(config), sim::startPose(nullptr));
    std::vector<telemetry::Frame> frames;
    sim::ManualInput in;
    in.mode = sim::InputMode::Raw;
    while (s.time() < seconds) {
        driver(s.time(), in);
        s.setManualInput(in);
        s.step();
        frames.push_back(s.frame());
    }
    return frames;
}

/// Throttle, a weave, then braking in a turn.
inline std::vector<telemetry::Frame> drive(const VehicleConfig& config, double seconds)
{
    return drive(config, seconds, [](double t, sim::ManualInput& in) {
        in.pad.accel = t < 6.0 ? 1.0 : t < 9.0 ? 0.4 : 0.0;
        in.pad.brake = t >= 9.0 ? 0.7 : 0.0;
        in.pad.steer = t >= 4.0 ? 0.6 * std::sin(1.6 * (t - 4.0)) : 0.0;
    });
}

}  // namespace jounce::testing
