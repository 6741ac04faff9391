#pragma once
// Shared by the exchange suites (tests/exchange/physx5, usd) and test_cli_exchange: loading presets,
// comparing two vehicles leaf by leaf, driving one.

#include "exchange/ImportResult.h"
#include "config/VehicleJson.h"
#include "run/Simulation.h"
#include "world/TerrainGround.h"

#include <QString>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace exchange_test {

inline const std::string kPresets = JOUNCE_SOURCE_DIR "/presets/";
inline const std::string kData = JOUNCE_SOURCE_DIR "/tests/exchange/data/";

inline jounce::VehicleConfig preset(const std::string& name)
{
    const jounce::config::VehicleFile f = jounce::config::loadVehicle(kPresets + name + ".json");
    Q_ASSERT(f.ok());
    return f.config;
}

/// Walks two vehicles' JSON: every leaf must be there in both, numbers equal to `tolerance`
/// relative to their size (1 for tiny values). `differences` names the leaves that differ;
/// returns the largest relative difference of the numbers.
inline double compareJson(const jounce::json::Json& a, const jounce::json::Json& b, const std::string& path,
                          double tolerance, std::vector<std::string>& differences)
{
    if (a.is_number() && b.is_number()) {
        const double x = a.get<double>(), y = b.get<double>();
        const double rel = std::abs(x - y) / std::max(1.0, std::max(std::abs(x), std::abs(y)));
        if (rel > tolerance)
            differences.push_back(path + ": " + a.dump() + " vs " + b.dump());
        return rel;
    }
    if (a.type() != b.type() || a.size() != b.size()) {
        differences.push_back(path + ": " + a.dump().substr(0, 80) + " vs " + b.dump().substr(0, 80));
        return 0.0;
    }
    double worst = 0.0;
    if (a.is_object()) {
        for (auto it = a.begin(); it != a.end(); ++it) {
            if (!b.contains(it.key())) {
                differences.push_back(path + "/" + it.key() + ": missing");
                continue;
            }
            worst = std::max(worst, compareJson(it.value(), b.at(it.key()), path + "/" + it.key(), tolerance, differences));
        }
    } else if (a.is_array()) {
        for (std::size_t i = 0; i < a.size(); ++i)
            worst = std::max(worst, compareJson(a[i], b[i], path + "/" + std::to_string(i), tolerance, differences));
    } else if (a != b) {
        differences.push_back(path + ": " + a.dump() + " vs " + b.dump());
    }
    return worst;
}

inline double compareVehicles(const jounce::VehicleConfig& a, const jounce::VehicleConfig& b, double tolerance,
                              std::vector<std::string>& differences)
{
    return compareJson(jounce::config::vehicleToJson(a), jounce::config::vehicleToJson(b), "", tolerance, differences);
}

inline QString joined(const std::vector<std::string>& lines)
{
    std::string s;
    for (const std::string& l : lines)
        s += l + "\n";
    return QString::fromStdString(s);
}

inline std::string problemsText(const jounce::exchange::ImportResult& r) { return r.problemsText(); }

inline bool hasProblem(const jounce::exchange::ImportResult& r, const std::string& file, const std::string& pointer,
                const std::string& fragment)
{
    for (const jounce::exchange::FileProblems& f : r.problems)
        if (f.file == file)
            for (const jounce::Problem& p : f.problems.items)
                if (p.severity == jounce::Severity::Error && p.pointer == pointer && p.message.find(fragment) != std::string::npos)
                    return true;
    return false;
}

/// Drives `v` at full throttle from rest on a flat plane for `seconds`; returns the forward speed
/// and, in `resets`, how often the vehicle had to be reset (an imported vehicle must drive).
inline double fullThrottleSpeed(const jounce::VehicleConfig& v, double seconds, int& resets)
{
    using namespace jounce;
    sim::Simulation s(sim::makeGround(nullptr), std::make_shared<const VehicleConfig>(v), sim::startPose(nullptr));
    sim::ManualInput in;
    in.mode = sim::InputMode::Raw;
    in.pad.accel = 1.0;
    in.forceGear = 1;
    in.autoBox = true;
    s.setManualInput(in);
    for (int i = 0; i < static_cast<int>(seconds / v.simulation.timeStep); ++i)
        s.step();
    resets = s.resetCount();
    return s.frame().vehicle(telemetry::VehicleChannel::ForwardSpeed);
}

}  // namespace exchange_test
