// Fuzz target: terrain files, read and then built as `jounce-cli run --terrain` builds them: the
// Bullet height field of the ground, the start pose, height and ray queries at the start and the
// corners, and a few steps of the reference car on it. A PGM base names a file relative to
// tests/fuzz/data (small.pgm is there).

#include "FuzzSupport.h"

#include "config/ReferenceCar.h"
#include "run/Simulation.h"
#include "world/TerrainGround.h"
#include "world/TerrainJson.h"

#include <cmath>
#include <memory>

namespace {

using namespace jounce;

constexpr int kSimulationSteps = 2;

void queryAt(const sim::Ground& ground, const sim::Terrain& terrain, double x, double y)
{
    const double h = ground.heightAt(x, y);
    FUZZ_CHECK(std::isfinite(h), "heightAt(" + std::to_string(x) + ", " + std::to_string(y) + ") is not finite");
    (void)terrain.field.normalAt(x, y);
    const int surface = terrain.surfaceAt(x, y);
    FUZZ_CHECK(surface >= 0 && std::size_t(surface) < terrain.surfaceNames.size(), "surfaceAt names no surface");
    sim::GroundHit hit;
    (void)ground.raycast(btVector3(x, y, h + 2.0), btVector3(x, y, h - 2.0), hit);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    sim::TerrainDocument doc = sim::parseTerrain(fuzz::asText(data, size), JOUNCE_FUZZ_DATA_DIR);
    if (!doc.parsed) {
        FUZZ_CHECK(doc.problems.hasErrors(), "a file that did not parse must say why");
        return 0;
    }
    if (!doc.ok())
        return 0;

    const auto terrain = std::make_shared<const sim::Terrain>(std::move(doc.terrain));
    const std::shared_ptr<sim::Ground> ground = sim::makeGround(terrain);
    const sim::SpawnPose start = sim::startPose(terrain.get());
    const sim::HeightField& f = terrain->field;
    (void)f.heightRange();
    queryAt(*ground, *terrain, start.x, start.y);
    queryAt(*ground, *terrain, f.originX, f.originY);
    queryAt(*ground, *terrain, f.xMax(), f.yMax());

    static const auto car = std::make_shared<const VehicleConfig>(referenceCar());
    sim::Simulation simulation(ground, car, start);
    for (int i = 0; i < kSimulationSteps; ++i)
        simulation.step();
    return 0;
}

std::vector<jounce::fuzz::GeneratedInput> jounce::fuzz::generatedInputs()
{
    return {};
}
