// The JSON Schema (draft 2020-12) of terrain files, made from the names and limits parseTerrain()
// checks (TerrainJson.h), so the two cannot drift apart on a limit or a name.

#include "world/TerrainJson.h"

#include "world/TerrainFeatures.h"
#include "json/JsonSchema.h"
#include "json/TextLimits.h"

namespace jounce::sim {
namespace {

using json::Json;
using json::NumberLimits;
using namespace json::schema;
using namespace terrain_limits;

Json point(std::string_view description)
{
    return pair(kCoordinate, description, "m");
}

/// A string no longer than `maxBytes` (json/TextLimits.h; a schema counts characters, never more).
Json boundedText(std::string_view description, std::size_t maxBytes)
{
    Json t = text(description);
    t["maxLength"] = maxBytes;
    return t;
}

Json extentSchema()
{
    return object("The grid's extent in the world frame; each size a whole number of spacings, at least one.",
                  {{"xMin", number(kCoordinate, "West edge.", "m")},
                   {"xMax", number(kCoordinate, "East edge (> xMin).", "m")},
                   {"yMin", number(kCoordinate, "South edge.", "m")},
                   {"yMax", number(kCoordinate, "North edge (> yMin).", "m")}},
                  {"xMin", "xMax", "yMin", "yMax"});
}

Json baseSchema()
{
    Json s = object("The height grid before features: flat, given in the file, or a PGM height map.",
                    {{"type", enumeration(kTerrainBaseTypes, "Where the heights come from.")}}, {"type"});
    const Json row = list(number(kHeight, "A height.", "m"), {}, "One row along x, from xMin to xMax.");
    s["allOf"] = Json::array(
        {variant("type", "flat", {{"height", number(kHeight, "The height everywhere.", "m", 0.0)}}),
         variant("type", "grid", {{"heights", list(row, {}, "Rows of heights, the first at y = yMin.")}}, {"heights"}),
         variant("type", "pgm",
                 {{"file", text("A binary PGM (P5) image, relative to the terrain file; its top row is y = yMax.")},
                  {"heightScale", number(kHeightScale, "Metres per sample value.", "m")},
                  {"heightOffset", number(kHeight, "Height of sample 0.", "m", 0.0)}},
                 {"file", "heightScale"})});
    return s;
}

Json featureSchema()
{
    Json s = object("A change added to the heights, in file order.",
                    {{"type", enumeration(kTerrainFeatureTypes, "The kind of feature; it decides the other keys.")},
                     {"heading", number(kHeading, "Direction its length runs along.", "rad", 0.0)},
                     {"length", number(kLength, "Size along its heading.", "m")},
                     {"width", number(kLength, "Size across its heading.", "m")}},
                    {"type", "length", "width"});
    const Json at = point("Centre [x, y].");
    const Json from = point("Centre of the leading edge [x, y].");
    const Json across = enumeration(kTerrainAcrossNames, "Profile across the width.", "flat");
    const Json down = number(kOptionalLength, "Length back down (default: its length).", "m");
    s["allOf"] = Json::array(
        {variant("type", "bump",
                 {{"at", at}, {"height", number(kBumpHeight, "Height.", "m")}, {"across", across}},
                 {"at", "height"}),
         variant("type", "pothole",
                 {{"at", at}, {"depth", number(kBumpHeight, "Depth.", "m")}, {"across", across}},
                 {"at", "depth"}),
         variant("type", "ramp",
                 {{"from", from},
                  {"rise", number(kRise, "Height gained (not 0).", "m")},
                  {"plateau", number(kOptionalLength, "Level length at the top.", "m", 0.0)},
                  {"down", down}},
                 {"from", "rise"}),
         variant("type", "slope",
                 {{"from", from},
                  {"grade", number(kGrade, "Grade in % (not 0).", "%")},
                  {"runOut", number(kOptionalLength, "Level length at the top.", "m", 20.0)},
                  {"down", down}},
                 {"from", "grade"}),
         variant("type", "washboard",
                 {{"from", from},
                  {"amplitude", number(kBumpHeight, "Corrugation amplitude.", "m")},
                  {"wavelength", number(kLength, "Corrugation wavelength (at least two spacings).", "m")}},
                 {"from", "amplitude", "wavelength"}),
         variant("type", "rough",
                 {{"from", from},
                  {"class", enumeration(kRoughClassNames, "ISO 8608 road class.")},
                  {"seed", unsignedInteger("Fixes the random road.")},
                  {"blend", number(NumberLimits::atLeast(0.0), "Fade at its edges (at most half its size).", "m", 2.0)},
                  {"minFrequency", number(kMinFrequency, "Lowest spatial frequency.", "1/m", kRoughDefaultMinFrequency)},
                  {"maxFrequency", number(NumberLimits::atLeast(kMinFrequency.min),
                                          "Highest spatial frequency (default min(2.83, 1 / (2 spacing))).", "1/m")}},
                 {"from", "class", "seed"})});
    return s;
}

Json patchSchema()
{
    Json s = object("A surface painted over the ones before it.",
                    {{"surface", text("The surface type's name (\"tarmac\", \"ice\", ...).")},
                     {"shape", enumeration(kPatchShapeNames, "The patch's shape; it decides the other keys.")}},
                    {"surface", "shape"});
    s["properties"]["surface"]["minLength"] = 1;
    s["properties"]["surface"]["maxLength"] = kMaxNameLength;
    s["allOf"] = Json::array(
        {variant("shape", "rectangle",
                 {{"xMin", number(kCoordinate, "West edge.", "m")},
                  {"xMax", number(kCoordinate, "East edge.", "m")},
                  {"yMin", number(kCoordinate, "South edge.", "m")},
                  {"yMax", number(kCoordinate, "North edge.", "m")}},
                 {"xMin", "xMax", "yMin", "yMax"}),
         variant("shape", "circle",
                 {{"centre", point("Centre [x, y].")},
                  {"radius", number(kRadius, "Outer radius.", "m")},
                  {"innerRadius", number(kInnerRadius, "Inner radius: a ring (< radius).", "m", 0.0)}},
                 {"centre", "radius"}),
         variant("shape", "polygon",
                 {{"points", list(point("A corner [x, y]."), {3, kMaxPolygonPoints}, "Corners (even-odd rule).")}},
                 {"points"})});
    return s;
}

Json surfacesSchema()
{
    Json base = text("The surface everywhere no patch covers.");
    base["default"] = "tarmac";
    return object("Surface types over the ground.",
                  {{"base", base}, {"patches", list(patchSchema(), {0, kMaxPatches}, "Patches in painting order.")}});
}

}  // namespace

json::Json terrainSchema()
{
    Json body = object(
        "A terrain for the Jounce tuning workbench: a height grid, features added to it, surface patches and a "
        "start pose (SI units, z up).",
        {{"name", boundedText("The terrain's name.", json::kMaxNameBytes)},
         {"description", boundedText("What the terrain holds and where.", json::kMaxDescriptionBytes)},
         {"extent", extentSchema()},
         {"spacing", number(kSpacing, "Grid step.", "m")},
         {"base", baseSchema()},
         {"features", list(featureSchema(), {0, kMaxFeatures}, "Features, applied in file order.")},
         {"surfaces", surfacesSchema()},
         {"start",
          object("The start pose (default: the centre, heading +x).",
                 {{"position", point("Start position [x, y] (on the grid).")},
                  {"heading", number(kHeading, "Start heading.", "rad", 0.0)}},
                 {"position"})},
         {"startPoints",
          list(object("A named start pose near a test section; a run can begin there instead of at the start.",
                      {{"name", boundedText("Unique name of the start point, e.g. \"bumps\".", kMaxNameLength)},
                       {"position", point("Position [x, y] (on the grid).")},
                       {"heading", number(kHeading, "Heading.", "rad", 0.0)}},
                      {"name", "position"}),
               {0, kMaxStartPoints}, "Named start points.")}},
        {"extent", "spacing", "base"});
    return document("Jounce terrain", kTerrainFormat, std::move(body));
}

}  // namespace jounce::sim
