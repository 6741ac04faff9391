// Simulation speed: microseconds per step and real-time factor for the reference car on the flat
// terrain, on the flat terrain under 60 polygon patches of 9 999 corners (the surface look-up's
// worst case) and on the proving ground (default 60 Hz step, vehicle-model.md's sub-step rule), for
// 20 cars at once, and for the peer: Bullet's own btRaycastVehicle built from the same car
// (RaycastVehiclePeer.h) driving the same throttle on the same ground shapes. Jounce's cost is
// printed as a ratio to the peer's like for like (the vehicle alone in a World, fed the throttle the
// maneuver gave, as the peer is) and as a user runs it (Simulation: maneuver player, bad-state
// checks; with and without reading the telemetry frame every step). A benchmark, not a timed test:
// it prints figures.
//
//   bench_simulation [--short] [--repeat N] [--only CASE]
//
// Every case runs N times (interleaved, so a busy moment of a shared machine spreads over all of
// them); the table gives the median and the range of the thread's CPU time per step, the ratios
// both the medians' and the fastest runs' (other work only slows a run down). `--short`
// runs briefly once (CI); `--only` runs one case (for a profiler).

#include "RaycastVehiclePeer.h"

#include "config/ReferenceCar.h"
#include "run/Simulation.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainGround.h"
#include "world/TerrainJson.h"
#include "world/World.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <map>
#include <string_view>
#include <span>
#include <string>
#include <vector>

using namespace jounce;
using namespace jounce::sim;
using Clock = std::chrono::steady_clock;

namespace {

std::string source(const char* relative) { return (std::filesystem::path(JOUNCE_SOURCE_DIR) / relative).string(); }

/// Seconds of CPU time this thread has used: a shared machine's other work does not count.
double threadSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

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

/// One timed run of a case.
struct Sample {
    double usPerStep = 0.0;  ///< thread CPU time
    double realTime = 0.0;   ///< simulated over wall-clock seconds
    std::uint64_t steps = 0;
    std::string note;        ///< what the run did, to check that the cars drove alike
};

/// The throttle of every step of one full-throttle maneuver, as Jounce's player gave it.
std::vector<double> recordThrottle(const Maneuver& m, const std::shared_ptr<const Terrain>& t)
{
    Simulation sim(makeGround(t), std::make_shared<const VehicleConfig>(referenceCar()), startPose(t.get()));
    std::vector<double> out;
    sim.startManeuver(m);
    while (sim.maneuverRunning()) {
        sim.step();
        out.push_back(sim.lastInput().pad.accel);
    }
    return out;
}

/// The reference car simulated with `model`'s vehicle model.
std::shared_ptr<const VehicleConfig> carUnder(ModelGenerationKind model)
{
    VehicleConfig car = referenceCar();
    car.simulation.model = model;
    return std::make_shared<const VehicleConfig>(std::move(car));
}

/// One car through the full-throttle maneuver, repeated until `simSeconds` are simulated. With
/// `readFrame` the telemetry frame is read after every step, as the workbench and the CLI's
/// recorder do (Simulation fills it only when asked for).
Sample oneCar(const std::shared_ptr<const Terrain>& t, const Maneuver& m, double simSeconds, bool readFrame = false,
              ModelGenerationKind model = ModelGenerationKind::Physx41)
{
    Simulation sim(makeGround(t), carUnder(model), startPose(t.get()));
    Sample s;
    double simulated = 0.0, distance = 0.0, speed = 0.0, frameSum = 0.0;
    const double cpu = threadSeconds();
    const auto wall = Clock::now();
    while (simulated < simSeconds) {
        sim.startManeuver(m);
        while (sim.maneuverRunning()) {
            sim.step();
            if (readFrame)
                frameSum += sim.frame().vehicle(telemetry::VehicleChannel::ForwardSpeed);
            ++s.steps;
            simulated += sim.timeStep();
        }
        distance = sim.distance();
        speed = sim.vehicle().localVelocity().x();
    }
    s.usPerStep = (threadSeconds() - cpu) / double(s.steps) * 1e6;
    s.realTime = simulated / std::chrono::duration<double>(Clock::now() - wall).count();
    char note[96];
    std::snprintf(note, sizeof note, "%.0f m, %.1f m/s at the end%s", distance, speed,
                  readFrame && frameSum > 0.0 ? ", frames read" : "");
    s.note = note;
    return s;
}

/// Jounce's vehicle alone in a World, driven by `throttle` as the peer is: what oneCar measures
/// without the Simulation around it (maneuver player, telemetry frame, bad-state checks).
Sample worldCar(const std::shared_ptr<const Terrain>& t, const std::vector<double>& throttle, double simSeconds,
                ModelGenerationKind model = ModelGenerationKind::Physx41)
{
    auto config = carUnder(model);
    World world(makeGround(t));
    const SpawnPose start = startPose(t.get());
    Vehicle& car = world.addVehicle(config, start);
    const double dt = config->simulation.timeStep;
    Sample s;
    double simulated = 0.0, distance = 0.0, speed = 0.0;
    const double cpu = threadSeconds();
    const auto wall = Clock::now();
    while (simulated < simSeconds) {
        car.reset(start);
        for (double a : throttle) {
            VehicleInputs in;
            in.accel = a;
            world.step(dt, std::span(&in, 1));
            ++s.steps;
            simulated += dt;
        }
        const btVector3 p = car.chassisTransform().getOrigin();
        distance = std::hypot(p.x() - start.x, p.y() - start.y);
        speed = car.localVelocity().x();
    }
    s.usPerStep = (threadSeconds() - cpu) / double(s.steps) * 1e6;
    s.realTime = simulated / std::chrono::duration<double>(Clock::now() - wall).count();
    char note[96];
    std::snprintf(note, sizeof note, "%.0f m, %.1f m/s at the end", distance, speed);
    s.note = note;
    return s;
}

/// The peer driving `throttle` step by step from the start, as often as oneCar runs the maneuver.
Sample peerCar(const std::shared_ptr<const Terrain>& t, const std::vector<double>& throttle, double simSeconds)
{
    bench::RaycastVehiclePeer peer(makeGround(t), referenceCar(), startPose(t.get()));
    const SpawnPose start = startPose(t.get());
    Sample s;
    double simulated = 0.0, distance = 0.0, speed = 0.0;
    int contact = 0;
    const double cpu = threadSeconds();
    const auto wall = Clock::now();
    while (simulated < simSeconds) {
        peer.reset();
        for (double a : throttle) {
            peer.step(a);
            ++s.steps;
            simulated += peer.timeStep();
        }
        distance = std::hypot(peer.position().x() - start.x, peer.position().y() - start.y);
        speed = peer.forwardSpeed();
        contact = peer.wheelsInContact();
    }
    s.usPerStep = (threadSeconds() - cpu) / double(s.steps) * 1e6;
    s.realTime = simulated / std::chrono::duration<double>(Clock::now() - wall).count();
    char note[96];
    std::snprintf(note, sizeof note, "%.0f m, %.1f m/s at the end, %d wheels down", distance, speed, contact);
    s.note = note;
    return s;
}

Sample manyCars(const std::shared_ptr<const Terrain>& t, int cars, double simSeconds)
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
    Sample s;
    s.steps = static_cast<std::uint64_t>(simSeconds / dt);
    const double cpu = threadSeconds();
    const auto wall = Clock::now();
    for (std::uint64_t k = 0; k < s.steps; ++k)
        world.step(dt, inputs);
    s.usPerStep = (threadSeconds() - cpu) / double(s.steps) * 1e6;
    s.realTime = double(s.steps) * dt / std::chrono::duration<double>(Clock::now() - wall).count();
    char note[96];
    std::snprintf(note, sizeof note, "%d cars, %.2f us per car-step", cars, s.usPerStep / cars);
    s.note = note;
    return s;
}

struct Case {
    const char* name;
    const char* label;
    std::function<Sample()> run;
    std::vector<Sample> samples{};

    double fastest() const
    {
        double m = 0.0;
        for (const Sample& s : samples)
            m = m == 0.0 ? s.usPerStep : std::min(m, s.usPerStep);
        return m;
    }

    double median() const
    {
        std::vector<double> v;
        for (const Sample& s : samples)
            v.push_back(s.usPerStep);
        std::sort(v.begin(), v.end());
        const std::size_t n = v.size();
        return n == 0 ? 0.0 : n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
    }
};

struct Options {
    bool brief = false;
    int repeat = 5;
    std::string only;
};

bool parse(int argc, char** argv, Options& o)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--short") == 0) {
            o.brief = true;
            o.repeat = 1;
        } else if (std::strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) {
            o.repeat = std::atoi(argv[++i]);
        } else if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc) {
            o.only = argv[++i];
        } else {
            return false;
        }
    }
    return o.repeat >= 1;
}

void printTable(const std::vector<Case>& cases)
{
    std::printf("\n%-38s %10s %18s %12s  %s\n", "case", "us/step", "fastest .. slowest", "x real time", "last run");
    for (const Case& c : cases) {
        if (c.samples.empty())
            continue;
        double lo = 1e300, hi = 0.0;
        for (const Sample& s : c.samples) {
            lo = std::min(lo, s.usPerStep);
            hi = std::max(hi, s.usPerStep);
        }
        std::printf("%-38s %10.2f %8.2f .. %6.2f %12.0f  %s (%llu steps)\n", c.label, c.median(), lo, hi,
                    c.samples.back().realTime, c.samples.back().note.c_str(),
                    static_cast<unsigned long long>(c.samples.back().steps));
    }
}

/// Ratios of the medians and of the fastest runs. Other work on a shared machine only ever slows
/// a run down, so the fastest of N is the steadier estimate of what a step costs.
void printRatios(const std::vector<Case>& cases)
{
    const auto find = [&](const char* name) -> const Case* {
        for (const Case& c : cases)
            if (c.name == std::string_view(name) && !c.samples.empty())
                return &c;
        return nullptr;
    };
    const auto ratio = [&](const char* what, const char* a, const char* b) {
        const Case* x = find(a);
        const Case* y = find(b);
        if (x && y && y->median() > 0.0)
            std::printf("%-58s %8.2f %8.2f\n", what, x->median() / y->median(), x->fastest() / y->fastest());
    };
    std::printf("\n%-58s %8s %8s\n", "ratios", "medians", "fastest");
    ratio("Jounce vehicle in a World / btRaycastVehicle, flat", "world-flat", "peer-flat");
    ratio("Jounce vehicle in a World / btRaycastVehicle, proving", "world-proving", "peer-proving");
    ratio("Jounce Simulation / btRaycastVehicle, flat", "flat", "peer-flat");
    ratio("Jounce Simulation / btRaycastVehicle, proving", "proving", "peer-proving");
    ratio("Jounce Simulation reading every frame / btRaycastVehicle, flat", "flat-frames", "peer-flat");
    ratio("Jounce Simulation reading every frame / btRaycastVehicle, proving", "proving-frames", "peer-proving");
    ratio("physx5 model / physx41 model, Simulation, flat", "flat-physx5", "flat");
    ratio("physx5 model / physx41 model, Simulation, proving", "proving-physx5", "proving");
    ratio("physx5 model / physx41 model, in a World, flat", "world-flat-physx5", "world-flat");
    ratio("physx5 model / physx41 model, in a World, proving", "world-proving-physx5", "world-proving");
    ratio("physx5 model in a World / btRaycastVehicle, flat", "world-flat-physx5", "peer-flat");
    ratio("physx5 model in a World / btRaycastVehicle, proving", "world-proving-physx5", "peer-proving");
    ratio("skidpad (closed loop) / full throttle, proving", "proving-skidpad", "proving");
    ratio("double lane change / full throttle, proving", "proving-lane-change", "proving");
    ratio("follow stop and go / full throttle, proving", "proving-stop-and-go", "proving");
    ratio("Jounce proving ground / flat", "proving", "flat");
    ratio("btRaycastVehicle proving ground / flat", "peer-proving", "peer-flat");
}

}  // namespace

int main(int argc, char** argv)
{
    Options o;
    if (!parse(argc, argv, o)) {
        std::fprintf(stderr, "usage: bench_simulation [--short] [--repeat N] [--only CASE]\n");
        return 2;
    }
    const double seconds = o.brief ? 20.0 : 600.0;
    ManeuverDocument m = loadManeuver(source("presets/maneuvers/full-throttle.json"));
    if (!m.ok())
        return 1;
    auto flat = terrain("presets/terrains/flat.json");
    const auto loadStart = Clock::now();
    auto proving = terrain("presets/terrains/proving-ground.json");
    const double load = std::chrono::duration<double>(Clock::now() - loadStart).count();
    std::printf("Jounce simulation benchmark (%s, %d run%s per case): reference car, full-throttle.json, 60 Hz, "
                "spec sub-steps; CPU time of the benchmark's thread\n",
                o.brief ? "short" : "full", o.repeat, o.repeat == 1 ? "" : "s");
    std::printf("proving ground loaded in %.3f s\n", load);
    auto rings = withManyPatches(*flat);
    const auto indexStart = Clock::now();
    rings->surfaceAt(0.0, 0.0);  // the first look-up indexes the patches
    std::printf("surface index of 60 x 9999 corners built in %.3f s\n",
                std::chrono::duration<double>(Clock::now() - indexStart).count());
    // The maneuver's throttle on each terrain, recorded when a case first needs it (so that
    // `--only` runs nothing else).
    std::map<const Terrain*, std::vector<double>> throttles;
    const auto throttle = [&](const std::shared_ptr<const Terrain>& t) -> const std::vector<double>& {
        auto it = throttles.find(t.get());
        if (it == throttles.end())
            it = throttles.emplace(t.get(), recordThrottle(m.maneuver, t)).first;
        return it->second;
    };

    const Maneuver& mv = m.maneuver;
    // Closed loop: the same car and ground under the speed, path and gap controllers.
    const auto closedLoop = [](const char* name) {
        ManeuverDocument d = loadManeuver(source((std::string("presets/maneuvers/") + name + ".json").c_str()));
        if (!d.ok())
            std::exit(1);
        return d.maneuver;
    };
    const Maneuver skidpad = closedLoop("skidpad"), laneChange = closedLoop("double-lane-change"),
                   stopAndGo = closedLoop("follow-stop-and-go");
    constexpr ModelGenerationKind kPhysx5 = ModelGenerationKind::Physx5;
    std::vector<Case> cases = {
        {"flat", "1 car, flat terrain", [&] { return oneCar(flat, mv, seconds); }},
        {"polygons", "1 car, flat + 60 big polygons", [&] { return oneCar(rings, mv, seconds); }},
        {"proving", "1 car, proving ground", [&] { return oneCar(proving, mv, seconds); }},
        {"proving-skidpad", "1 car, proving, skidpad (closed loop)", [&] { return oneCar(proving, skidpad, seconds); }},
        {"proving-lane-change", "1 car, proving, double lane change", [&] { return oneCar(proving, laneChange, seconds); }},
        {"proving-stop-and-go", "1 car, proving, follow stop and go", [&] { return oneCar(proving, stopAndGo, seconds); }},
        {"flat-frames", "1 car, flat, frame read every step", [&] { return oneCar(flat, mv, seconds, true); }},
        {"proving-frames", "1 car, proving, frame read every step", [&] { return oneCar(proving, mv, seconds, true); }},
        {"world-flat", "1 car in a bare World, flat", [&] { return worldCar(flat, throttle(flat), seconds); }},
        {"world-proving", "1 car in a bare World, proving ground", [&] { return worldCar(proving, throttle(proving), seconds); }},
        {"flat-physx5", "1 car, flat terrain, physx5 model", [&] { return oneCar(flat, mv, seconds, false, kPhysx5); }},
        {"proving-physx5", "1 car, proving ground, physx5 model", [&] { return oneCar(proving, mv, seconds, false, kPhysx5); }},
        {"world-flat-physx5", "1 car in a bare World, flat, physx5",
         [&] { return worldCar(flat, throttle(flat), seconds, kPhysx5); }},
        {"world-proving-physx5", "1 car in a bare World, proving, physx5",
         [&] { return worldCar(proving, throttle(proving), seconds, kPhysx5); }},
        {"peer-flat", "btRaycastVehicle, flat terrain", [&] { return peerCar(flat, throttle(flat), seconds); }},
        {"peer-proving", "btRaycastVehicle, proving ground", [&] { return peerCar(proving, throttle(proving), seconds); }},
        {"cars20", "20 cars, proving ground", [&] { return manyCars(proving, 20, o.brief ? 5.0 : 60.0); }},
    };
    if (!o.only.empty() && std::none_of(cases.begin(), cases.end(), [&](const Case& c) { return o.only == c.name; })) {
        std::fprintf(stderr, "no case %s\n", o.only.c_str());
        return 2;
    }
    for (int r = 0; r < o.repeat; ++r)
        for (Case& c : cases)
            if (o.only.empty() || o.only == c.name)
                c.samples.push_back(c.run());
    printTable(cases);
    printRatios(cases);
    return 0;
}
