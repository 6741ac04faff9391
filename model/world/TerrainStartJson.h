#pragma once
// Reading a terrain file's start poses: "start" (where a run begins unless told otherwise) and the
// named "startPoints" a run can begin at instead, near a test section (conventions.md "Terrain
// files"). Part of parseTerrain (TerrainJson.h).

#include "json/ObjectReader.h"
#include "world/Terrain.h"

#include <optional>
#include <string_view>

namespace jounce::sim {

/// Reads "start" and "startPoints" of the terrain object into `terrain`, whose height field is
/// already read (`gridOk`: its extent is known, so positions can be checked against it).
void readStarts(json::ObjectReader& root, bool gridOk, Terrain& terrain);

/// A start written as coordinates, "X,Y" or "X,Y,HEADING" (m, m, rad; heading 0 when left out):
/// two or three finite numbers separated by commas, spaces around them allowed. nullopt for any
/// other text (a start point's name). Any magnitude: the caller checks the range. Locale-free, so
/// `jounce-cli run --start` and the terrain reader (which refuses start point names of this form,
/// since --start could never choose them) agree in every locale.
std::optional<TerrainStart> startCoordinates(std::string_view text);

}  // namespace jounce::sim
