#pragma once
// Reading a terrain file's start poses: "start" (where a run begins unless told otherwise) and the
// named "startPoints" a run can begin at instead, near a test section (conventions.md "Terrain
// files"). Part of parseTerrain (TerrainJson.h).

#include "json/ObjectReader.h"
#include "world/Terrain.h"

namespace jounce::sim {

/// Reads "start" and "startPoints" of the terrain object into `terrain`, whose height field is
/// already read (`gridOk`: its extent is known, so positions can be checked against it).
void readStarts(json::ObjectReader& root, bool gridOk, Terrain& terrain);

}  // namespace jounce::sim
