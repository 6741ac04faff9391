#include "RestOscillation.h"

#include "run/Simulation.h"
#include "world/TerrainGround.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace jounce::doctor {

double restWheelSpin(const VehicleConfig& config, int lowSubSteps)
{
    auto car = std::make_shared<VehicleConfig>(config);
    car->simulation.lowForwardSpeedSubStepCount = lowSubSteps;
    sim::Simulation simulation(sim::makeGround(nullptr), car, sim::startPose(nullptr));
    sim::ManualInput input;  // no pedal, no steer: as the settle maneuver
    input.forceGear = 0;
    input.autoBox = false;
    simulation.setManualInput(input);
    const int steps = static_cast<int>(std::lround(4.0 / car->simulation.timeStep));
    const int measured = static_cast<int>(std::lround(1.0 / car->simulation.timeStep));
    const int wheels = static_cast<int>(car->wheels.size());
    double sum = 0.0;
    for (int s = 0; s < steps; ++s) {
        simulation.step();  // the neutral and autobox requests apply on the first step only
        if (s < steps - measured)
            continue;
        const telemetry::Frame& f = simulation.frame();
        for (int w = 0; w < wheels; ++w)
            sum += std::fabs(f.wheel(telemetry::WheelChannel::WheelOmega, w));
    }
    return wheels > 0 ? sum / (static_cast<double>(measured) * wheels) : 0.0;
}

RestCure restCure(const VehicleConfig& config)
{
    RestCure out;
    const int own = std::max(1, config.simulation.lowForwardSpeedSubStepCount);
    out.spinBefore = restWheelSpin(config, own);
    for (int n = own + 1; n <= kMaxTriedSubSteps; ++n) {
        const double spin = restWheelSpin(config, n);
        if (spin < kStillWheelSpin) {
            out.subSteps = n;
            out.spinAfter = spin;
            break;
        }
    }
    return out;
}

}  // namespace jounce::doctor
