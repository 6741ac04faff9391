// Simulation speed: microseconds per step and real-time factor for the reference car on the flat
// terrain, on the flat terrain under 60 polygon patches of 9 999 corners (the surface look-up's
// worst case) and on the proving ground (default 60 Hz step, vehicle-model.md's sub-step rule), and
// for 20 cars at once. A benchmark, not a timed test: it prints figures. `--short` runs briefly (CI).

#include "config/ReferenceCar.h"
#include "world/World.h"
#include "run/Simulation.h"
#include "world/TerrainGround.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainJson.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>

using namespace jounce;
using namespace jounce::sim;
using Clock = std::chrono::steady_clock;

namespace {

std::string source(const char* relative) { return (std::filesystem::path(JOUNCE_SOURCE_DIR) / relative).string(); }

std::shared_ptr<const Terrain> terrain(const char* file)
{
    TerrainDocument doc = loadTerrain(source(file));
    if (!doc.ok()) {
        std::fprintf(stderr, "cannot load %s\n", file);
        std::exit(1);
    }
    return std::make_shared<const Terrain>(std::move(doc.terrain));
}

/// `base` with 60 polygon patches of 9 999 corners over the first 400 m of the full-throttle run:
/// wavy gravel rings whose boxes overlap, so every wheel is inside dozens of boxes at every step.
std::shared_ptr<const Terrain> withManyPatches(const Terrain& base)
{
    auto t = std::make_shared<Terrain>(base);
    t->surfaceNames.push_back("gravel");
    for (int k = 0; k < 60; ++k) {
        SurfacePatch p;
        p.shape = SurfacePatch::Shape::Polygon;
        p.surface = static_cast<int>(t->surfaceNames.size()) - 1;
        const double cx = 5.0 * k, radius = 20.0 + 3.0 * (k % 10), phase = 0.1 * k;
        // The outer loop, then the inner one backwards: a ring 1.5 m wide by the even-odd rule.
        for (int loop = 0; loop < 2; ++loop) {
            const int n = loop == 0 ? 5000 : 4999;
            for (int i = 0; i < n; ++i) {
                const double a = 2.0 * kPi * (loop == 0 ? i : n - 1 - i) / n;
                const double r = radius * (1.0 + 0.05 * std::sin(7.0 * a + phase)) - 1.5 * loop;
                p.points.push_back({cx + r * std::cos(a), r * std::sin(a)});
            }
        }
        p.xMin = p.yMin = 1e9;
        p.xMax = p.yMax = -1e9;
        for (const auto& [x, y] : p.points) {
            p.xMin = std::min(p.xMin, x);
            p.xMax = std::max(p.xMax, x);
            p.yMin = std::min(p.yMin, y);
            p.yMax = std::max(p.yMax, y);
        }
        t->patches.push_back(std::move(p));
    }
    return t;
}

/// One car through the full-throttle maneuver, repeated until `simSeconds` are simulated.
void oneCar(const char* label, const std::shared_ptr<const Terrain>& t, const Maneuver& m, double simSeconds)
{
    auto config = std::make_shared<const VehicleConfig>(referenceCar());
    Simulation sim(makeGround(t), config, startPose(t.get()));
    double simulated = 0.0;
    std::uint64_t steps = 0;
    const auto start = Clock::now();
    while (simulated < simSeconds) {
        sim.startManeuver(m);
        while (sim.maneuverRunning()) {
            sim.step();
            ++steps;
            simulated += sim.timeStep();
        }
    }
    const double wall = std::chrono::duration<double>(Clock::now() - start).count();
    std::printf("%-34s %10.2f us/step %10.0f x real time  (%llu steps)\n", label, wall / double(steps) * 1e6,
                simulated / wall, static_cast<unsigned long long>(steps));
}

void manyCars(const char* label, const std::shared_ptr<const Terrain>& t, int cars, double simSeconds)
{
    auto config = std::make_shared<const VehicleConfig>(referenceCar());
    World world(makeGround(t));
    const SpawnPose start = startPose(t.get());
    for (int i = 0; i < cars; ++i)
        world.addVehicle(config, {start.x, start.y + 6.0 * (i - cars / 2), start.heading});
    std::vector<VehicleInputs> inputs(static_cast<std::size_t>(cars));
    for (VehicleInputs& in : inputs)
        in.accel = 1.0;
    const double dt = config->simulation.timeStep;
    const auto steps = static_cast<std::uint64_t>(simSeconds / dt);
    const auto begin = Clock::now();
    for (std::uint64_t s = 0; s < steps; ++s)
        world.step(dt, inputs);
    const double wall = std::chrono::duration<double>(Clock::now() - begin).count();
    std::printf("%-34s %10.2f us/step %10.0f x real time  (%d cars, %.2f us per car-step)\n", label,
                wall / double(steps) * 1e6, double(steps) * dt / wall, cars, wall / double(steps) / cars * 1e6);
}

}  // namespace

int main(int argc, char** argv)
{
    const bool brief = argc > 1 && std::strcmp(argv[1], "--short") == 0;
    const double seconds = brief ? 20.0 : 600.0;
    ManeuverDocument m = loadManeuver(source("presets/maneuvers/full-throttle.json"));
    if (!m.ok())
        return 1;
    auto flat = terrain("presets/terrains/flat.json");
    const auto loadStart = Clock::now();
    auto proving = terrain("presets/terrains/proving-ground.json");
    const double load = std::chrono::duration<double>(Clock::now() - loadStart).count();
    std::printf("Jounce simulation benchmark (%s): reference car, full-throttle.json, 60 Hz, spec sub-steps\n",
                brief ? "short" : "full");
    std::printf("proving ground loaded in %.3f s\n", load);
    oneCar("1 car, flat terrain", flat, m.maneuver, seconds);
    auto rings = withManyPatches(*flat);
    const auto indexStart = Clock::now();
    rings->surfaceAt(0.0, 0.0);  // the first look-up indexes the patches
    std::printf("surface index of 60 x 9999 corners built in %.3f s\n",
                std::chrono::duration<double>(Clock::now() - indexStart).count());
    oneCar("1 car, flat + 60 big polygons", rings, m.maneuver, seconds);
    oneCar("1 car, proving ground", proving, m.maneuver, seconds);
    manyCars("20 cars, proving ground", proving, 20, brief ? 5.0 : 60.0);
    return 0;
}
