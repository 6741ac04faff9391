// The refactoring guard: every preset vehicle drives every preset maneuver on every preset terrain,
// and a hash of every telemetry frame (all words, bit for bit) plus the phase each step was taken
// in is compared with tests/regression/telemetry-hashes.txt. A change that is meant to change the
// physics regenerates the file (`telemetry_hashes write FILE`) in its own commit, with its reason.
//
//   telemetry_hashes check PRESET   runs PRESET (a file name in presets/) against the file
//   telemetry_hashes write FILE     runs everything and writes FILE

#include "config/VehicleJson.h"
#include "run/Simulation.h"
#include "world/TerrainGround.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainJson.h"

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace jounce;

namespace {

const fs::path kPresets = fs::path(JOUNCE_SOURCE_DIR) / "presets";
const fs::path kHashFile = fs::path(JOUNCE_SOURCE_DIR) / "tests/regression/telemetry-hashes.txt";

/// FNV-1a, 64 bit: stable across runs and machines of one architecture, no dependency.
struct Fnv1a {
    std::uint64_t h = 14695981039346656037ull;
    void add(const void* data, std::size_t size)
    {
        const auto* p = static_cast<const unsigned char*>(data);
        for (std::size_t i = 0; i < size; ++i) {
            h ^= p[i];
            h *= 1099511628211ull;
        }
    }
};

std::vector<fs::path> jsonFiles(const fs::path& dir)
{
    std::vector<fs::path> out;
    for (const fs::directory_entry& e : fs::directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ".json")
            out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

/// "preset maneuver terrain" -> "steps hash".
std::string runKey(const fs::path& vehicle, const fs::path& maneuver, const fs::path& terrain)
{
    return vehicle.stem().string() + " " + maneuver.stem().string() + " " + terrain.stem().string();
}

std::string runHash(const fs::path& vehiclePath, const fs::path& maneuverPath, const fs::path& terrainPath)
{
    config::VehicleFile vehicle = config::loadVehicle(vehiclePath.string());
    sim::ManeuverDocument maneuver = sim::loadManeuver(maneuverPath.string());
    sim::TerrainDocument terrain = sim::loadTerrain(terrainPath.string());
    if (!vehicle.ok() || !maneuver.ok() || !terrain.ok())
        return "unreadable";
    auto config = std::make_shared<const VehicleConfig>(std::move(vehicle.config));
    auto ground = std::make_shared<const sim::Terrain>(std::move(terrain.terrain));
    sim::Simulation simulation(sim::makeGround(ground), config, sim::startPose(ground.get()));
    simulation.startManeuver(maneuver.maneuver);
    Fnv1a hash;
    std::uint64_t steps = 0;
    while (simulation.maneuverRunning()) {
        const bool ok = simulation.step();
        ++steps;
        const telemetry::Frame& f = simulation.frame();
        hash.add(f.words.data(), sizeof(double) * f.words.size());
        const int phase = simulation.lastStepPhase();
        hash.add(&phase, sizeof phase);
        hash.add(&ok, sizeof ok);
    }
    char text[64];
    std::snprintf(text, sizeof text, "%" PRIu64 " %016" PRIx64, steps, hash.h);
    return text;
}

std::map<std::string, std::string> readHashes()
{
    std::map<std::string, std::string> out;
    std::ifstream in(kHashFile);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        std::istringstream words(line);
        std::string v, m, t, steps, hash;
        if (words >> v >> m >> t >> steps >> hash)
            out[v + " " + m + " " + t] = steps + " " + hash;
    }
    return out;
}

int check(const std::string& preset)
{
    const std::map<std::string, std::string> expected = readHashes();
    const fs::path vehicle = kPresets / preset;
    int failed = 0, passed = 0;
    for (const fs::path& maneuver : jsonFiles(kPresets / "maneuvers"))
        for (const fs::path& terrain : jsonFiles(kPresets / "terrains")) {
            const std::string key = runKey(vehicle, maneuver, terrain);
            const std::string got = runHash(vehicle, maneuver, terrain);
            const auto it = expected.find(key);
            if (it == expected.end()) {
                std::printf("FAIL %s: no recorded hash (got %s)\n", key.c_str(), got.c_str());
                ++failed;
            } else if (it->second != got) {
                std::printf("FAIL %s: recorded %s, got %s\n", key.c_str(), it->second.c_str(), got.c_str());
                ++failed;
            } else {
                ++passed;
            }
        }
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}

int write(const std::string& file)
{
    std::ofstream out(file, std::ios::trunc);
    out << "# preset maneuver terrain steps fnv1a64 -- written by `telemetry_hashes write`; see telemetry_hashes.cpp\n";
    for (const fs::path& vehicle : jsonFiles(kPresets))
        for (const fs::path& maneuver : jsonFiles(kPresets / "maneuvers"))
            for (const fs::path& terrain : jsonFiles(kPresets / "terrains")) {
                const std::string line = runKey(vehicle, maneuver, terrain) + " " + runHash(vehicle, maneuver, terrain);
                out << line << "\n";
                std::cout << line << std::endl;
            }
    return out ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc == 3 && std::strcmp(argv[1], "check") == 0)
        return check(argv[2]);
    if (argc == 3 && std::strcmp(argv[1], "write") == 0)
        return write(argv[2]);
    std::cerr << "usage: telemetry_hashes check PRESET.json | write FILE\n";
    return 2;
}
