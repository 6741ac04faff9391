// Fuzz target: maneuver files, the way jounce-cli reads them. A file read without errors must give
// canonical text that reads back without errors and writes the same bytes, and is then played for a
// few steps with the reference car on the flat plane, as `jounce-cli run --maneuver` starts it.

#include "FuzzSupport.h"

#include "config/ReferenceCar.h"
#include "run/Simulation.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainGround.h"

#include <memory>

namespace {

using namespace jounce;

constexpr int kSimulationSteps = 3;

std::string problemText(const Problems& problems)
{
    std::string s;
    for (const Problem& p : problems.items)
        s += p.toString() + "\n";
    return s;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    const sim::ManeuverDocument doc = sim::parseManeuver(fuzz::asText(data, size));
    if (!doc.parsed) {
        FUZZ_CHECK(doc.problems.hasErrors(), "a file that did not parse must say why");
        return 0;
    }
    if (!doc.ok())
        return 0;

    const std::string canonical = sim::maneuverToText(doc.maneuver);
    const sim::ManeuverDocument again = sim::parseManeuver(canonical);
    FUZZ_CHECK(again.ok(), "the canonical text of a valid maneuver does not read back:\n" + problemText(again.problems));
    FUZZ_CHECK(sim::maneuverToText(again.maneuver) == canonical, "the canonical text changes when read and written again");

    static const auto car = std::make_shared<const VehicleConfig>(referenceCar());
    sim::Simulation simulation(sim::makeGround(nullptr), car, sim::startPose(nullptr));
    simulation.startManeuver(doc.maneuver);
    for (int i = 0; i < kSimulationSteps; ++i)
        simulation.step();
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    return {};
}
