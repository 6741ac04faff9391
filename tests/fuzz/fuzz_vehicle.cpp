// Fuzz target: vehicle files, the way jounce-cli reads them. Every parsed file goes through what
// `validate`, `doctor` and `params --vehicle` do with it; a file read without errors also through
// `format` (its canonical text must read back without errors and write the same bytes), the
// compare view's derived quantities and a few steps of `run` on the flat plane.

#include "FuzzSupport.h"

#include "analysis/DerivedQuantities.h"
#include "config/ParameterRegistry.h"
#include "config/ReferenceCar.h"
#include "doctor/StaticChecks.h"
#include "config/VehicleJson.h"
#include "run/Simulation.h"
#include "world/TerrainGround.h"

#include <memory>

namespace {

using namespace jounce;

/// Enough to reach the tire, suspension and drivetrain solves with the file's values; more steps
/// only slow the fuzzer down.
constexpr int kSimulationSteps = 3;

std::string problemText(const Problems& problems)
{
    std::string s;
    for (const Problem& p : problems.items)
        s += p.toString() + "\n";
    return s;
}

void listParameters(const VehicleConfig& config)
{
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    for (const config::LeafRef& leaf : registry.leaves(config)) {
        const std::optional<config::Json> value = registry.get(config, leaf.path);
        FUZZ_CHECK(value.has_value(), "the registry lists " + leaf.path + " but cannot read it");
        (void)registry.defaultValueAt(config, leaf.path);
    }
}

void checkCanonicalRoundTrip(const VehicleConfig& config)
{
    const std::string canonical = config::vehicleToText(config);
    const config::VehicleFile again = config::parseVehicle(canonical);
    FUZZ_CHECK(again.ok(), "the canonical text of a valid vehicle does not read back:\n" + problemText(again.problems));
    FUZZ_CHECK(config::vehicleToText(again.config) == canonical, "the canonical text changes when read and written again");
}

void drive(const VehicleConfig& config)
{
    sim::Simulation simulation(sim::makeGround(nullptr), std::make_shared<const VehicleConfig>(config),
                               sim::startPose(nullptr));
    sim::ManualInput input;
    input.mode = sim::InputMode::Raw;  // full throttle and half steer from the first step
    input.pad.accel = 1.0;
    input.pad.steer = 0.5;
    simulation.setManualInput(input);
    for (int i = 0; i < kSimulationSteps; ++i)
        simulation.step();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const config::VehicleFile doc = config::parseVehicle(fuzz::asText(data, size));
    if (!doc.parsed) {
        FUZZ_CHECK(doc.problems.hasErrors(), "a file that did not parse must say why");
        return 0;
    }
    (void)doctor::diagnoseWithProblems(doc.config, doc.problems);
    listParameters(doc.config);
    if (!doc.ok())
        return 0;
    checkCanonicalRoundTrip(doc.config);
    const VehicleConfig* one[] = {&doc.config};
    (void)sim::deriveQuantities(one);
    drive(doc.config);
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    // A 3.5 MB name: under the 4 MiB file limit, far over what the corpus should hold.
    VehicleConfig car = referenceCar();
    car.name.assign(3'500'000, 'n');
    return {{"reference car with a 3.5 MB name", config::vehicleToText(car)}};
}
