// The base vehicle, maneuver and terrain of a sweep file: a preset name, a file relative to the
// sweep file, or the object itself (as chunk files have them). A referenced file is read by its own
// reader; its problems are reported at the reference ("/vehicle: car.json: /chassis/mass: ...").

#include "sweep/SweepJson.h"

#include "config/VehicleJson.h"
#include "json/ObjectReader.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainJson.h"

#include <filesystem>

namespace jounce::sweep::detail {
namespace {

namespace fs = std::filesystem;
using json::ObjectReader;

/// A resolved reference: the file to read, or an error to report.
struct Reference {
    std::string file;
    std::string error;
};

/// "NAME" (no '/', no ".json") is a preset in presetsDir/folder; anything else a file path,
/// relative to the sweep file's folder.
Reference resolve(const std::string& ref, const SweepContext& context, const char* folder, const char* what)
{
    const bool isFile = ref.find('/') != std::string::npos || ref.ends_with(".json");
    if (isFile) {
        fs::path p(ref);
        if (p.is_relative() && !context.baseDir.empty())
            p = fs::path(context.baseDir) / p;
        return {p.lexically_normal().string(), {}};
    }
    if (context.presetsDir.empty())
        return {{}, "no presets folder is known, so the preset name \"" + ref + "\" means nothing; write a file path"};
    const fs::path p = fs::path(context.presetsDir) / folder / (ref + ".json");
    std::error_code ec;
    if (!fs::is_regular_file(p, ec))
        return {{}, std::string("no ") + what + " preset named \"" + ref + "\" (" + (fs::path(context.presetsDir) / folder).lexically_normal().string() +
                        "); a file path needs a '/' or \".json\""};
    return {p.lexically_normal().string(), {}};
}

/// The referenced document's problems at `at`: an inline object's at `at` + its pointer, a file's
/// at `at` with "FILE: /pointer: message".
void nest(Problems& out, const std::string& at, const std::string& file, const Problems& inner)
{
    for (const Problem& p : inner.items) {
        if (file.empty())
            out.items.push_back({p.severity, at + p.pointer, p.message});
        else
            out.items.push_back({p.severity, at, file + ": " + p.toString()});
    }
}

/// The member `key`: a string reference resolved to a file, or an object. Null when absent or wrong.
const Json* source(ObjectReader& root, const char* key, const SweepContext& context, const char* folder,
                   const char* what, bool required, std::string& file)
{
    const Json* j = root.find(key, required ? json::required(std::string("a preset name, a file or the ") + what + " itself")
                                            : json::kOptional);
    if (!j)
        return nullptr;
    if (j->is_string()) {
        const Reference r = resolve(j->get<std::string>(), context, folder, what);
        if (!r.error.empty()) {
            root.problems().error(root.at(key), r.error);
            return nullptr;
        }
        file = r.file;
        return j;
    }
    if (!j->is_object()) {
        root.problems().error(root.at(key), std::string("expected a preset name, a file or a ") + what +
                                                " object, got " + json::describeJson(*j));
        return nullptr;
    }
    return j;
}

void readVehicle(ObjectReader& root, const SweepContext& context, Sweep& sweep)
{
    std::string file;
    const Json* j = source(root, "vehicle", context, "", "vehicle", true, file);
    if (!j)
        return;
    config::VehicleFile doc = file.empty() ? config::parseVehicle(j->dump()) : config::loadVehicle(file);
    nest(root.problems(), root.at("vehicle"), file, doc.problems);
    if (doc.ok())
        sweep.vehicle = std::make_shared<const VehicleConfig>(std::move(doc.config));
}

void readManeuver(ObjectReader& root, const SweepContext& context, Sweep& sweep)
{
    std::string file;
    const Json* j = source(root, "maneuver", context, "maneuvers", "maneuver", true, file);
    if (!j)
        return;
    sim::ManeuverDocument doc = file.empty() ? sim::parseManeuver(j->dump()) : sim::loadManeuver(file);
    nest(root.problems(), root.at("maneuver"), file, doc.problems);
    if (doc.ok())
        sweep.maneuver = std::move(doc.maneuver);
}

/// A PGM base's file as an absolute path, so the terrain reads the same from anywhere.
void absolutePgm(Json& terrain, const std::string& dir)
{
    if (!terrain.is_object() || !terrain.contains("base") || !terrain["base"].is_object())
        return;
    Json& base = terrain["base"];
    if (base.value("type", "") == "pgm" && base.contains("file") && base["file"].is_string()) {
        const fs::path p(base["file"].get<std::string>());
        if (p.is_relative())
            base["file"] = fs::absolute(fs::path(dir.empty() ? "." : dir) / p).lexically_normal().string();
    }
}

void readTerrain(ObjectReader& root, const SweepContext& context, Sweep& sweep)
{
    std::string file;
    const Json* j = source(root, "terrain", context, "terrains", "terrain", false, file);
    if (!j)
        return;
    std::string text = j->is_object() ? j->dump() : std::string();
    if (!file.empty()) {
        if (const std::string err = json::readTextFile(file, sim::kMaxTerrainFileBytes, text); !err.empty()) {
            root.problems().error(root.at("terrain"), file + ": " + err);
            return;
        }
    }
    const std::string dir = file.empty() ? context.baseDir : fs::path(file).parent_path().string();
    sim::TerrainDocument doc = sim::parseTerrain(text, dir);
    nest(root.problems(), root.at("terrain"), file, doc.problems);
    if (!doc.ok())
        return;
    Problems ignored;  // the terrain reader reported everything already
    sweep.terrainJson = file.empty() ? *j : json::parseJson(text, ignored, json::JsonLimits{sim::kMaxTerrainFileBytes, 64, 2'000'000})
                                                .value_or(Json());
    absolutePgm(sweep.terrainJson, dir);
    sweep.terrain = std::make_shared<const sim::Terrain>(std::move(doc.terrain));
}

}  // namespace

void readSources(ObjectReader& root, const SweepContext& context, Sweep& sweep)
{
    readVehicle(root, context, sweep);
    readManeuver(root, context, sweep);
    readTerrain(root, context, sweep);
}

}  // namespace jounce::sweep::detail
