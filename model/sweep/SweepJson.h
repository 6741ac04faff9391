#pragma once
// Sweep files ("format": "jounce.sweep", docs/sweeps.md): read with every problem located by its
// JSON pointer, like vehicle, maneuver and terrain files, and written self-contained for chunk files.
//
// {
//   "format": "jounce.sweep", "schemaVersion": 1, "name": "...", "description": "...",
//   "vehicle": "physx-snippet-4w",          // a preset name, a file (relative to this file) or an object
//   "maneuver": "skidpad",                  // the same: presets/maneuvers/NAME.json, a file or an object
//   "terrain": "proving-ground",            // optional (the flat plane): presets/terrains/NAME.json, ...
//   "parameters": [
//     { "path": "wheels[*].suspension.springStrength", "min": 20000, "max": 60000, "steps": 5 },
//     { "path": "wheels[0].suspension.camberAtRest", "link": "leftRight", "values": [-0.03, 0.0] },
//     { "path": "chassis.mass", "scale": "factor", "min": 0.9, "max": 1.1, "steps": 3, "name": "mass x" } ],
//   "design": { "type": "grid" },           // or "random" / "latinHypercube" with "samples", "seed"
//   "figures": ["maxSteadyLatAccel", "understeerGradient"],   // optional: all the maneuver measures
//   "maxDuration": 600,                     // optional, s of simulated time per point
//   "tune": { "targets": [{ "figure": "understeerGradient", "value": 1.5, "weight": 1 }],
//             "maxEvaluations": 60, "stopAt": 1e-6 },       // optional, for jounce-cli tune
//   "chunk": { ... }                        // written by --plan: which points this file runs
// }

#include "sweep/Sweep.h"

#include "json/ObjectReader.h"

#include <array>
#include <string>
#include <string_view>

namespace jounce::sweep {

inline constexpr const char* kSweepFormat = "jounce.sweep";
inline constexpr int kSweepSchemaVersion = 1;
inline constexpr std::size_t kMaxParameters = 64;
inline constexpr std::size_t kMaxListValues = 10000;
inline constexpr int kMaxSteps = 10000;
inline constexpr std::size_t kMaxFigures = 64;
inline constexpr int kMaxEvaluations = 10000;
inline constexpr std::size_t kMaxChunks = 100000;
/// A chunk file inlines its terrain, so a sweep file may be as large as a terrain file and more.
inline constexpr std::size_t kMaxSweepFileBytes = std::size_t(40) << 20;

inline constexpr std::array<const char*, 4> kLinkNames{"none", "leftRight", "axle", "allWheels"};
inline constexpr std::array<const char*, 2> kScaleNames{"value", "factor"};
inline constexpr std::array<const char*, 3> kDesignNames{"grid", "random", "latinHypercube"};

/// Where the references of a sweep file are looked up.
struct SweepContext {
    std::string baseDir;     ///< the sweep file's folder: file references are relative to it
    std::string presetsDir;  ///< the presets folder: "NAME" means NAME.json, maneuvers/, terrains/
};

struct SweepDocument {
    Sweep sweep;          ///< everything that could be read
    Problems problems;    ///< in file order, the referenced files' problems at the reference
    bool parsed = false;  ///< the text was a JSON object

    bool ok() const { return parsed && !problems.hasErrors(); }
};

/// Reads sweep JSON text. Never throws. Errors besides types and ranges: a parameter path that names
/// no leaf of the base vehicle, a value its leaf refuses, both or neither of "values" and a range,
/// min >= max, a grid range without steps, two parameters setting one leaf, a figure the maneuver
/// does not measure, more than kMaxPoints points, a referenced file with errors (at "/vehicle",
/// "/maneuver", "/terrain": "FILE: /pointer: message"), a tune target that is not a collected figure
/// or a tuned parameter that is a list.
SweepDocument parseSweep(std::string_view text, const SweepContext& context);
/// parseSweep on a file's contents, references relative to its folder.
SweepDocument loadSweep(const std::string& path, const std::string& presetsDir);

/// The sweep as one self-contained JSON value: vehicle, maneuver and terrain inlined (a PGM height
/// map by its absolute path), every parameter as read; the chunk when it has one.
Json sweepToJson(const Sweep& sweep);
/// 16 hex digits (FNV-1a 64) of the self-contained sweep without its chunk: equal for every chunk
/// of one plan, different for another sweep.
std::string sweepFingerprint(const Sweep& sweep);

namespace detail {
/// The base vehicle, maneuver and terrain of a sweep file (SweepSources.cpp).
void readSources(json::ObjectReader& root, const SweepContext& context, Sweep& sweep);
}  // namespace detail

}  // namespace jounce::sweep
