#pragma once
// Terrain files ("format": "jounce.terrain"): a height grid over an extent, features added to it in
// file order, surface patches and a start pose. Reading reports every problem with its JSON pointer,
// keeps going, never crashes and bounds memory and work whatever the file says.
//
// {
//   "format": "jounce.terrain", "schemaVersion": 1, "name": "demo", "description": "...",
//   "extent": { "xMin": -50, "xMax": 450, "yMin": -20, "yMax": 20 },   // m, world frame
//   "spacing": 0.25,                                                  // grid step (m)
//   "base": { "type": "flat", "height": 0 },
//        // or { "type": "grid", "heights": [[row y = yMin: x = xMin .. xMax], [next row], ...] }
//        // or { "type": "pgm", "file": "hills.pgm", "heightScale": 0.001, "heightOffset": -5 }
//        //    (height = heightOffset + heightScale * sample; the image's top row is y = yMax)
//   "features": [
//     { "type": "bump",    "at": [100, 0], "length": 1.0, "width": 4, "height": 0.05, "across": "flat" },
//     { "type": "pothole", "at": [120, -0.8], "length": 0.8, "width": 0.8, "depth": 0.06, "across": "cosine" },
//     { "type": "ramp",    "from": [150, 0], "width": 4, "rise": 0.3, "length": 3, "plateau": 2, "down": 3 },
//     { "type": "slope",   "from": [200, 0], "width": 4, "grade": 10, "length": 30, "runOut": 20 },
//     { "type": "washboard", "from": [300, 0], "width": 4, "length": 50, "amplitude": 0.015, "wavelength": 1 },
//     { "type": "rough",   "from": [360, 0], "width": 8, "length": 80, "class": "C", "seed": 7 } ],
//   "surfaces": { "base": "grass", "patches": [
//     { "surface": "tarmac", "shape": "rectangle", "xMin": 0, "xMax": 450, "yMin": -5, "yMax": 5 },
//     { "surface": "ice", "shape": "circle", "centre": [20, 10], "radius": 8, "innerRadius": 4 },
//     { "surface": "gravel", "shape": "polygon", "points": [[0, 6], [10, 6], [5, 12]] } ] },
//   "start": { "position": [10, 0], "heading": 0 }
// }
//
// Every feature takes an optional "heading" (rad, default 0): its length runs along that direction
// from "at" (bump/pothole centre) or "from" (centre of the leading edge). Features add to the
// heights in file order (TerrainFeatures.h). Optional keys: bump/pothole "across" ("flat" |
// "cosine", default flat); ramp "plateau" (0), "down" (= length); slope "runOut" (20 m), "down"
// (= length: back down at the same grade); rough "blend" (2 m fade at its edges), "minFrequency"
// (0.02) and "maxFrequency" (min(2.83, 1 / (2 spacing))) in cycles/m. A later surface patch paints
// over earlier ones; surfaceNames is the base name, then the patches' names in order of appearance.
// (xMax - xMin) and (yMax - yMin) must be whole multiples of the spacing; the grid holds at most
// kMaxTerrainHeights. Unknown keys, and features or patches off the grid, are warnings.

#include "world/Terrain.h"
#include "config/Units.h"
#include "json/ObjectReader.h"
#include "json/Problem.h"

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace jounce::sim {

inline constexpr const char* kTerrainFormat = "jounce.terrain";
inline constexpr int kTerrainSchemaVersion = 1;
inline constexpr std::size_t kMaxTerrainHeights = std::size_t(1) << 24;  ///< 16.8 M nodes, 134 MB
inline constexpr std::size_t kMaxTerrainFileBytes = std::size_t(32) << 20;

/// The names files use.
inline constexpr std::array<const char*, 3> kTerrainBaseTypes{"flat", "grid", "pgm"};
inline constexpr std::array<const char*, 6> kTerrainFeatureTypes{"bump",  "pothole",   "ramp",
                                                                 "slope", "washboard", "rough"};
inline constexpr std::array<const char*, 2> kTerrainAcrossNames{"flat", "cosine"};
inline constexpr std::array<const char*, 8> kRoughClassNames{"A", "B", "C", "D", "E", "F", "G", "H"};  ///< ISO 8608
inline constexpr std::array<const char*, 3> kPatchShapeNames{"rectangle", "circle", "polygon"};

/// The limits parseTerrain() checks and terrainSchema() states (m unless said otherwise).
namespace terrain_limits {
using json::NumberLimits;
inline constexpr double kMaxCoordinate = 1e6;  ///< keeps every product of coordinates finite
inline constexpr double kMaxHeight = 1e4;      ///< base heights
inline constexpr double kMaxLength = 1e5;      ///< feature sizes
inline constexpr NumberLimits kCoordinate = NumberLimits::closed(-kMaxCoordinate, kMaxCoordinate);
inline constexpr NumberLimits kHeading = NumberLimits::closed(-2.0 * kPi, 2.0 * kPi);
inline constexpr NumberLimits kLength = NumberLimits::above(0.0, kMaxLength);
inline constexpr NumberLimits kOptionalLength = NumberLimits::closed(0.0, kMaxLength);  ///< plateau, runOut, down
inline constexpr NumberLimits kHeight = NumberLimits::closed(-kMaxHeight, kMaxHeight);
inline constexpr NumberLimits kSpacing = NumberLimits::closed(0.01, 1000.0);
inline constexpr NumberLimits kHeightScale = NumberLimits::closed(-kMaxHeight / 65535.0, kMaxHeight / 65535.0);
inline constexpr NumberLimits kBumpHeight = NumberLimits::above(0.0, 100.0);  ///< bump height, pothole depth, amplitude
inline constexpr NumberLimits kRise = NumberLimits::closed(-1000.0, 1000.0);   ///< not 0
inline constexpr NumberLimits kGrade = NumberLimits::closed(-100.0, 100.0);    ///< %, not 0
inline constexpr NumberLimits kMinFrequency = NumberLimits::closed(0.001, 100.0);  ///< cycles/m
inline constexpr NumberLimits kRadius = NumberLimits::above(0.0, kMaxCoordinate);
inline constexpr NumberLimits kInnerRadius = NumberLimits::closed(0.0, kMaxCoordinate);
inline constexpr std::size_t kMaxFeatures = 10000;
inline constexpr std::size_t kMaxPatches = 10000;
inline constexpr std::size_t kMaxPolygonPoints = 10000;
inline constexpr std::size_t kMaxNameLength = 64;  ///< surface and start point names
inline constexpr std::size_t kMaxStartPoints = 100;
}  // namespace terrain_limits

struct TerrainDocument {
    Terrain terrain;    ///< everything that could be read
    Problems problems;  ///< in file order
    bool parsed = false;

    bool ok() const { return parsed && !problems.hasErrors(); }
};

/// Reads terrain JSON text; a PGM base's "file" is resolved against baseDir. Never throws.
TerrainDocument parseTerrain(std::string_view text, const std::string& baseDir);
/// parseTerrain on a file's contents, with baseDir its folder; an unreadable file is a problem at "/".
TerrainDocument loadTerrain(const std::string& path);

/// The JSON Schema (draft 2020-12) of terrain files (`jounce-cli schema terrain`), made from the
/// limits and names above.
json::Json terrainSchema();

}  // namespace jounce::sim
