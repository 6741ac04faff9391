#pragma once
// A sweep (docs/sweeps.md): one base vehicle, maneuver and terrain, parameters to vary and the
// handling figures to collect from every point. A point is one set of parameter values; it is run
// on its own vehicle and Simulation, so points are independent and their figures depend on nothing
// but the sweep and the point (not the machine, the thread count or the chunking).

#include "config/VehicleConfig.h"
#include "config/WheelLink.h"
#include "json/JsonText.h"
#include "json/Problem.h"
#include "scenario/Maneuver.h"
#include "world/Terrain.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace jounce::sweep {

using json::Json;

/// Which wheels an edit of one wheel's parameter also sets: the workbench's link box.
using Link = config::WheelLink;
/// How a parameter's values act: as the leaf's value, or as a factor on each leaf's base value.
enum class Scale { Value, Factor };
/// How the points are made: every combination of the parameters' levels, or `samples` draws.
enum class DesignType { Grid, Random, LatinHypercube };

/// One varied parameter.
struct Parameter {
    std::string path;  ///< registry path, `[n]` or `[*]` indices: "wheels[*].suspension.springStrength"
    std::string name;  ///< its column in the results ("" in a file: the path)
    Link link = Link::None;
    Scale scale = Scale::Value;
    std::vector<Json> values;    ///< a list of values (numbers, booleans or names); else a range:
    double min = 0.0, max = 0.0; ///< the range (min < max), in the leaf's unit or as factors
    int steps = 0;               ///< grid levels over the range (0: not a grid parameter)
    bool integer = false;        ///< the leaf holds an integer: drawn values are rounded
    std::string unit;            ///< the leaf's unit ("1" for factors)

    bool isList() const { return !values.empty(); }
    /// The lowest and highest value this parameter takes (a list: its first and last entries).
    Json low() const;
    Json high() const;
};

struct Design {
    DesignType type = DesignType::Grid;
    std::size_t samples = 0;  ///< random and Latin hypercube: how many points
    std::uint64_t seed = 0;   ///< random and Latin hypercube: the same seed gives the same points
};

/// A figure the optimiser steers toward.
struct Target {
    std::string figure;  ///< figure id
    double value = 0.0;
    double weight = 1.0;  ///< in the weighted squared error sum(weight * (figure - value)^2)
};

struct TuneSettings {
    std::vector<Target> targets;
    int maxEvaluations = 60;
    double stopAt = 1e-6;  ///< stop once the weighted squared error is at or below this
};

/// The points a chunk file runs: ids [first, end) of a sweep of `points`.
struct ChunkRange {
    std::size_t index = 0, count = 1;
    std::size_t first = 0, end = 0;
    std::size_t points = 0;
    std::string fingerprint;  ///< of the whole sweep, the same in every chunk of one plan
};

struct Sweep {
    std::string name;
    std::string description;
    std::shared_ptr<const VehicleConfig> vehicle;  ///< the base vehicle, valid
    sim::Maneuver maneuver;
    std::shared_ptr<const sim::Terrain> terrain;   ///< null: the endless flat plane
    Json terrainJson;  ///< the terrain as read (null for the plane), for self-contained chunk files
    std::vector<Parameter> parameters;
    Design design;
    std::vector<std::string> figures;  ///< figure ids, in column order
    double maxDuration = 600.0;        ///< s of simulated time per point
    std::optional<TuneSettings> tune;
    std::optional<ChunkRange> chunk;   ///< a chunk file of a plan
};

/// One point: its id (0-based, in the sweep's order) and one value per parameter.
struct Point {
    std::size_t id = 0;
    std::vector<Json> values;
};

struct FigureInfo {
    std::string id, label, unit;
    sim::Measure measure = sim::Measure::Acceleration;
};

/// Every figure Jounce computes, in the catalogue's order.
const std::vector<FigureInfo>& figureCatalogue();
/// A figure of the catalogue by id, or null.
const FigureInfo* findFigure(const std::string& id);

/// "none", "leftRight", "axle", "allWheels".
const char* linkName(Link link) noexcept;

}  // namespace jounce::sweep
