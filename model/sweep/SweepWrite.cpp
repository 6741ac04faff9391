// Sweeps written self-contained (the chunk files of a plan) and their fingerprint.

#include "sweep/SweepJson.h"

#include "config/VehicleJson.h"
#include "scenario/ManeuverJson.h"

#include <cstdint>
#include <cstdio>

namespace jounce::sweep {
namespace {

Json parameterToJson(const Parameter& p)
{
    Json out = Json::object();
    out["path"] = p.path;
    if (p.name != p.path)
        out["name"] = p.name;
    if (p.link != Link::None)
        out["link"] = linkName(p.link);
    if (p.scale != Scale::Value)
        out["scale"] = kScaleNames[static_cast<std::size_t>(p.scale)];
    if (p.isList()) {
        out["values"] = p.values;
    } else {
        out["min"] = p.min;
        out["max"] = p.max;
        if (p.steps > 0)
            out["steps"] = p.steps;
    }
    return out;
}

Json tuneToJson(const TuneSettings& tune)
{
    Json targets = Json::array();
    for (const Target& t : tune.targets)
        targets.push_back(Json{{"figure", t.figure}, {"value", t.value}, {"weight", t.weight}});
    return Json{{"targets", targets}, {"maxEvaluations", tune.maxEvaluations}, {"stopAt", tune.stopAt}};
}

}  // namespace

Json sweepToJson(const Sweep& sweep)
{
    Json out = Json::object();
    out["format"] = kSweepFormat;
    out["schemaVersion"] = kSweepSchemaVersion;
    out["name"] = sweep.name;
    out["description"] = sweep.description;
    out["vehicle"] = sweep.vehicle ? config::vehicleToJson(*sweep.vehicle) : Json();
    out["maneuver"] = sim::maneuverToJson(sweep.maneuver);
    if (!sweep.terrainJson.is_null())
        out["terrain"] = sweep.terrainJson;
    Json parameters = Json::array();
    for (const Parameter& p : sweep.parameters)
        parameters.push_back(parameterToJson(p));
    out["parameters"] = std::move(parameters);
    Json design = Json::object();
    design["type"] = kDesignNames[static_cast<std::size_t>(sweep.design.type)];
    if (sweep.design.type != DesignType::Grid) {
        design["samples"] = sweep.design.samples;
        design["seed"] = sweep.design.seed;
    }
    out["design"] = std::move(design);
    out["figures"] = sweep.figures;
    out["maxDuration"] = sweep.maxDuration;
    if (sweep.tune)
        out["tune"] = tuneToJson(*sweep.tune);
    if (sweep.chunk) {
        const ChunkRange& c = *sweep.chunk;
        out["chunk"] = Json{{"index", c.index}, {"count", c.count}, {"first", c.first},
                            {"end", c.end},     {"points", c.points}, {"fingerprint", c.fingerprint}};
    }
    return out;
}

std::string sweepFingerprint(const Sweep& sweep)
{
    Sweep whole = sweep;
    whole.chunk.reset();
    std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a 64
    for (const unsigned char c : json::formatJson(sweepToJson(whole))) {
        h ^= c;
        h *= 0x100000001b3ull;
    }
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(h));
    return text;
}

}  // namespace jounce::sweep
