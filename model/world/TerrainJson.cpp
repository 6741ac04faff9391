#include "world/TerrainJson.h"

#include "world/Pgm.h"
#include "world/TerrainStartJson.h"
#include "world/TerrainFeatures.h"
#include "json/JsonText.h"
#include "json/TextLimits.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <limits>
#include <optional>
#include <tuple>

namespace jounce::sim {
namespace {

using json::Json;
using json::NumberLimits;
using json::ObjectReader;
using json::required;
using namespace terrain_limits;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr std::size_t kMaxFeatureCost = std::size_t(1) << 27;  ///< featureCost units: about 2 s of work
constexpr std::size_t kMaxValueErrors = 10;                       ///< per height grid, then a summary

std::string num(double v)
{
    return json::formatNumber(v);
}

struct Grid {
    bool ok = false;
    double xMin = 0.0, yMin = 0.0, spacing = 0.0;
    int nx = 0, ny = 0;
};

/// Node count along one axis for (max - min) / spacing, which must be a whole number.
std::optional<double> nodeCount(Problems& problems, double span, double spacing, const char* axis)
{
    const double cells = span / spacing;
    const double whole = std::round(cells);
    if (whole < 1.0) {
        // Bullet's height field (and every lookup) needs a cell: at least 2 x 2 nodes.
        problems.error(std::string("/extent/") + axis + "Max",
                       std::string("the extent's ") + axis + " size " + num(span) + " m is less than one spacing (" +
                           num(spacing) + " m): a terrain needs at least 2 x 2 grid nodes");
        return std::nullopt;
    }
    if (std::abs(cells - whole) > 1e-6 * std::max(1.0, whole)) {
        problems.error("/spacing", std::string("the extent's ") + axis + " size " + num(span) +
                                       " m is not a whole number of spacings (" + num(cells) + ")");
        return std::nullopt;
    }
    return whole + 1.0;
}

/// The extent's bounds, or nullopt when any is missing or wrong (all reported).
std::optional<std::array<double, 4>> readExtent(ObjectReader& root)
{
    auto ext = root.object("extent", required("{ \"xMin\", \"xMax\", \"yMin\", \"yMax\" } in metres"));
    if (!ext)
        return std::nullopt;
    const auto x0 = ext->number("xMin", kCoordinate, required());
    const auto x1 = ext->number("xMax", kCoordinate, required());
    const auto y0 = ext->number("yMin", kCoordinate, required());
    const auto y1 = ext->number("yMax", kCoordinate, required());
    ext->reportUnknown();
    bool ok = x0 && x1 && y0 && y1;
    if (x0 && x1 && *x1 <= *x0) {
        root.problems().error("/extent/xMax", "must be > xMin (" + num(*x0) + "), got " + num(*x1));
        ok = false;
    }
    if (y0 && y1 && *y1 <= *y0) {
        root.problems().error("/extent/yMax", "must be > yMin (" + num(*y0) + "), got " + num(*y1));
        ok = false;
    }
    if (!ok)
        return std::nullopt;
    return std::array<double, 4>{*x0, *x1, *y0, *y1};
}

Grid readGrid(ObjectReader& root)
{
    Grid g;
    const auto extent = readExtent(root);
    const auto spacing = root.number("spacing", kSpacing, required());
    if (!extent || !spacing)
        return g;
    const auto [xMin, xMax, yMin, yMax] = *extent;
    Problems& problems = root.problems();
    const auto nx = nodeCount(problems, xMax - xMin, *spacing, "x");
    const auto ny = nodeCount(problems, yMax - yMin, *spacing, "y");
    if (!nx || !ny)
        return g;
    // Checked in double before anything is allocated: a hostile extent cannot overflow or exhaust memory.
    const double total = *nx * *ny;
    if (total > double(kMaxTerrainHeights)) {
        problems.error("/spacing", "the grid would hold " + num(*nx) + " x " + num(*ny) + " = " + num(total) +
                                       " heights, more than the " + std::to_string(kMaxTerrainHeights) +
                                       " allowed: use a larger spacing or a smaller extent");
        return g;
    }
    g = {true, xMin, yMin, *spacing, static_cast<int>(*nx), static_cast<int>(*ny)};
    return g;
}

void readGridBase(ObjectReader& base, const Grid& g, HeightField& f)
{
    const Json* rows = base.list("heights", {0, std::numeric_limits<std::size_t>::max(), "rows"},
                                 required("rows of heights, the first at y = yMin"));
    if (!rows)
        return;
    Problems& problems = base.problems();
    const std::string at = base.at("heights");
    if (g.ok && rows->size() != std::size_t(g.ny)) {
        problems.error(at, "has " + std::to_string(rows->size()) + " rows; the extent and spacing need " +
                               std::to_string(g.ny));
        return;
    }
    std::size_t bad = 0;
    for (std::size_t j = 0; j < rows->size(); ++j) {
        const Json& row = (*rows)[j];
        const std::string rowAt = at + "/" + std::to_string(j);
        if (!row.is_array() || (g.ok && row.size() != std::size_t(g.nx))) {
            problems.error(rowAt, "must be a row of " + (g.ok ? std::to_string(g.nx) + " " : std::string()) +
                                      "heights, got " +
                                      (row.is_array() ? std::to_string(row.size()) + " values" : json::describeJson(row)));
            return;
        }
        for (std::size_t i = 0; i < row.size(); ++i) {
            const Json& v = row[i];
            const double d = v.is_number() ? v.get<double>() : std::nan("");
            if (std::isfinite(d) && kHeight.contains(d)) {
                if (g.ok)
                    f.heights[j * std::size_t(g.nx) + i] = d;
                continue;
            }
            // A grid may hold millions of values: report the first few, then count the rest.
            if (++bad <= kMaxValueErrors)
                json::readNumber(v, rowAt + "/" + std::to_string(i), kHeight, problems);
        }
    }
    if (bad > kMaxValueErrors)
        problems.error(at, "and " + std::to_string(bad - kMaxValueErrors) + " more invalid heights");
}

void readPgmBase(ObjectReader& base, const Grid& g, const std::string& baseDir, HeightField& f)
{
    const auto file = base.text("file", required());
    const auto scale = base.number("heightScale", kHeightScale, required());
    const auto offset = base.numberOr("heightOffset", kHeight, 0.0);
    if (!file)
        return;
    Problems& problems = base.problems();
    if (file->empty()) {
        problems.error("/base/file", "must name a .pgm file");
        return;
    }
    std::filesystem::path path(*file);
    if (path.is_relative())
        path = std::filesystem::path(baseDir.empty() ? "." : baseDir) / path;
    std::string bytes;
    const std::size_t maxBytes = 2 * kMaxTerrainHeights + 4096;
    if (std::string err = json::readTextFile(path.string(), maxBytes, bytes); !err.empty()) {
        problems.error("/base/file", "cannot read " + Json(path.string()).dump(-1, ' ', false, Json::error_handler_t::replace) +
                                         ": " + err);
        return;
    }
    PgmImage image;
    if (std::string err = parsePgm(bytes, image, kMaxTerrainHeights); !err.empty()) {
        problems.error("/base/file", err);
        return;
    }
    if (!g.ok)
        return;
    if (image.width != g.nx || image.height != g.ny) {
        problems.error("/base/file", "the image is " + std::to_string(image.width) + " x " +
                                         std::to_string(image.height) + " pixels; the extent and spacing need " +
                                         std::to_string(g.nx) + " x " + std::to_string(g.ny));
        return;
    }
    if (!scale || !offset)
        return;
    for (int row = 0; row < image.height; ++row) {
        const int j = g.ny - 1 - row;  // the image's top row is the north edge, y = yMax
        for (int i = 0; i < image.width; ++i)
            f.heights[std::size_t(j) * std::size_t(g.nx) + std::size_t(i)] =
                *offset + *scale * image.samples[std::size_t(row) * std::size_t(image.width) + std::size_t(i)];
    }
}

void readBase(ObjectReader& root, const Grid& g, const std::string& baseDir, HeightField& f)
{
    auto base = root.object("base", required("{ \"type\": \"flat\" }, \"grid\" or \"pgm\""));
    if (!base)
        return;
    const auto type = base->enumeration("type", kTerrainBaseTypes, required());
    if (!type)
        return;
    if (*type == 0) {  // flat
        const auto h = base->numberOr("height", kHeight, 0.0);
        if (h && g.ok)
            std::fill(f.heights.begin(), f.heights.end(), *h);
    } else if (*type == 1) {
        readGridBase(*base, g, f);
    } else {
        readPgmBase(*base, g, baseDir, f);
    }
    base->reportUnknown();
}

/// `lengthOk`: the feature's length was valid (ft.length is it).
void readBump(ObjectReader& r, bool pothole, const Grid& g, bool lengthOk, TerrainFeature& ft)
{
    ft.type = FeatureType::Bump;
    const auto h = r.number(pothole ? "depth" : "height", kBumpHeight, required());
    ft.height = pothole ? -h.value_or(0.0) : h.value_or(0.0);
    ft.cosineAcross = r.enumeration("across", kTerrainAcrossNames).value_or(0) == 1;
    if (g.ok && lengthOk && ft.length < 2.0 * g.spacing)
        r.problems().warning(r.at("length"), "a " + num(ft.length) + " m " + (pothole ? "pothole" : "bump") +
                                                 " is shorter than two grid spacings (" + num(2.0 * g.spacing) +
                                                 " m): the grid cannot resolve its shape");
}

void readRampOrSlope(ObjectReader& r, bool slope, TerrainFeature& ft)
{
    ft.type = FeatureType::Ramp;
    if (!slope) {
        const auto rise = r.number("rise", kRise, required());
        if (rise && *rise == 0.0)
            r.problems().error(r.at("rise"), "must not be 0");
        ft.height = rise.value_or(0.0);
        ft.plateau = r.numberOr("plateau", kOptionalLength, 0.0).value_or(0.0);
    } else {
        const auto grade = r.number("grade", kGrade, required());
        if (grade && *grade == 0.0)
            r.problems().error(r.at("grade"), "must not be 0 (a grade in %, e.g. 10, 20, 30)");
        ft.height = grade.value_or(0.0) / 100.0 * ft.length;
        ft.plateau = r.numberOr("runOut", kOptionalLength, 20.0).value_or(0.0);
    }
    // By default it comes down as it went up, so a vehicle can drive over it.
    ft.down = r.numberOr("down", kOptionalLength, ft.length).value_or(0.0);
}

void readWashboard(ObjectReader& r, const Grid& g, TerrainFeature& ft)
{
    ft.type = FeatureType::Washboard;
    ft.amplitude = r.number("amplitude", kBumpHeight, required()).value_or(0.0);
    const auto wl = r.number("wavelength", kLength, required());
    ft.wavelength = wl.value_or(1.0);
    if (g.ok && wl && *wl < 2.0 * g.spacing)
        r.problems().error(r.at("wavelength"), "must be at least two grid spacings (" + num(2.0 * g.spacing) +
                                                   " m) for the grid to carry it, got " + num(*wl));
    else if (g.ok && wl && *wl < 4.0 * g.spacing)
        r.problems().warning(r.at("wavelength"), "fewer than four grid nodes per wavelength: the corrugation "
                                                 "is drawn as a coarse zigzag");
}

/// `sized`: the origin, length, width and heading were all valid, so the patch's cost is known.
void readRough(ObjectReader& r, const Grid& g, bool sized, TerrainFeature& ft)
{
    ft.type = FeatureType::Rough;
    if (const auto cls = r.enumeration("class", kRoughClassNames, required()))
        ft.roughClass = static_cast<int>(*cls);
    if (const auto seed = r.unsignedInteger("seed", required("an integer >= 0 that fixes the random road")))
        ft.seed = *seed;
    const double limit = std::min(ft.length, ft.width) / 2.0;
    ft.blend = r.numberOr("blend", NumberLimits::closed(0.0, limit), std::min(2.0, limit)).value_or(0.0);
    const double nyquist = g.ok ? 0.5 / g.spacing : kInf;
    const auto nMin = r.numberOr("minFrequency", kMinFrequency, kRoughDefaultMinFrequency);
    const auto nMax = r.numberOr("maxFrequency", NumberLimits::closed(kMinFrequency.min, nyquist),
                                 roughDefaultMaxFrequency(g.ok ? g.spacing : 0.25));
    if (nMin && nMax && *nMax <= *nMin)
        r.problems().error(r.at("maxFrequency"), "must be > minFrequency (" + num(*nMin) + "), got " + num(*nMax));
    ft.minFrequency = nMin.value_or(kRoughDefaultMinFrequency);
    ft.maxFrequency = nMax.value_or(1.0);
    if (g.ok && sized && nMin && nMax && *nMax > *nMin) {
        const HeightField extent{g.xMin, g.yMin, g.spacing, g.nx, g.ny, {}};
        if (featureCost(extent, ft) > kMaxFeatureCost)
            r.problems().error(r.pointer(), "the rough patch covers " + std::to_string(featureNodeCount(extent, ft)) +
                                                " grid nodes, too many to synthesise in reasonable time: make it "
                                                "smaller, use a larger spacing or a narrower frequency band");
    }
}

/// Reads one feature; nullopt if anything in it is wrong (all its problems are reported).
std::optional<TerrainFeature> readFeature(ObjectReader r, const Grid& g)
{
    const auto type = r.enumeration("type", kTerrainFeatureTypes, required());
    if (!type)
        return std::nullopt;
    const std::string_view name = kTerrainFeatureTypes[*type];
    TerrainFeature ft;
    const std::size_t problemsBefore = r.problems().items.size();
    const auto heading = r.numberOr("heading", kHeading, 0.0);
    const auto width = r.number("width", kLength, required());
    const auto length = r.number("length", kLength, required());
    ft.heading = heading.value_or(0.0);
    ft.width = width.value_or(1.0);
    ft.length = length.value_or(1.0);
    const bool isBump = name == "bump" || name == "pothole";
    const auto origin = r.pair(isBump ? "at" : "from", kCoordinate, required("an [x, y] point in metres"));
    if (origin) {
        ft.x = (*origin)[0];
        ft.y = (*origin)[1];
    }
    if (isBump)
        readBump(r, name == "pothole", g, length.has_value(), ft);
    else if (name == "ramp" || name == "slope")
        readRampOrSlope(r, name == "slope", ft);
    else if (name == "washboard")
        readWashboard(r, g, ft);
    else
        readRough(r, g, origin && length && width && heading, ft);
    r.reportUnknown();
    if (json::hasErrorsSince(r.problems(), problemsBefore))
        return std::nullopt;
    return ft;
}

void readFeatures(ObjectReader& root, const Grid& g, HeightField& f)
{
    const Json* list = root.list("features", {0, kMaxFeatures, "features"});
    if (!list)
        return;
    std::size_t work = 0;
    bool budgetLeft = true;
    for (std::size_t k = 0; k < list->size(); ++k) {
        auto element = root.element(*list, "features", k);
        if (!element)
            continue;
        const std::string at = element->pointer();
        const auto ft = readFeature(std::move(*element), g);
        if (!ft || !g.ok || !budgetLeft)
            continue;
        if (featureNodeCount(f, *ft) == 0) {
            root.problems().warning(at, "lies outside the terrain's extent (it changes nothing)");
            continue;
        }
        work += featureCost(f, *ft);
        if (work > kMaxFeatureCost) {
            // Keep validating the rest, but stop building: the file asks for minutes of work.
            root.problems().error(at, "the features up to here cover too many grid nodes in total to build in "
                                      "reasonable time: make them smaller or use a larger spacing");
            budgetLeft = false;
            continue;
        }
        applyFeature(f, *ft);
    }
}

int surfaceIndex(Terrain& t, const std::string& name)
{
    const auto pos = std::find(t.surfaceNames.begin(), t.surfaceNames.end(), name);
    if (pos != t.surfaceNames.end())
        return static_cast<int>(pos - t.surfaceNames.begin());
    t.surfaceNames.push_back(name);
    return static_cast<int>(t.surfaceNames.size() - 1);
}

std::optional<std::string> surfaceName(ObjectReader& r, const char* key, json::Presence presence)
{
    auto name = r.text(key, presence);
    if (!name)
        return std::nullopt;
    if (name->size() > kMaxNameLength) {
        r.problems().error(r.at(key), "must be at most " + std::to_string(kMaxNameLength) + " characters, got " +
                                          std::to_string(name->size()));
        return std::nullopt;
    }
    if (name->empty()) {
        r.problems().error(r.at(key), "must name a surface type (e.g. \"tarmac\", \"ice\")");
        return std::nullopt;
    }
    return name;
}

void readRectangle(ObjectReader& r, SurfacePatch& patch)
{
    patch.shape = SurfacePatch::Shape::Rectangle;
    const auto xMin = r.number("xMin", kCoordinate, required()), xMax = r.number("xMax", kCoordinate, required());
    const auto yMin = r.number("yMin", kCoordinate, required()), yMax = r.number("yMax", kCoordinate, required());
    if (xMin && xMax && *xMax <= *xMin)
        r.problems().error(r.at("xMax"), "must be > xMin (" + num(*xMin) + "), got " + num(*xMax));
    if (yMin && yMax && *yMax <= *yMin)
        r.problems().error(r.at("yMax"), "must be > yMin (" + num(*yMin) + "), got " + num(*yMax));
    patch.xMin = xMin.value_or(0.0);
    patch.xMax = xMax.value_or(0.0);
    patch.yMin = yMin.value_or(0.0);
    patch.yMax = yMax.value_or(0.0);
}

void readCircle(ObjectReader& r, SurfacePatch& patch)
{
    patch.shape = SurfacePatch::Shape::Circle;
    const auto centre = r.pair("centre", kCoordinate, required("an [x, y] point in metres"));
    const auto radius = r.number("radius", kRadius, required());
    const auto inner = r.numberOr("innerRadius", kInnerRadius, 0.0);
    if (radius && inner && *inner >= *radius)
        r.problems().error(r.at("innerRadius"), "must be < radius (" + num(*radius) + "), got " + num(*inner));
    if (centre && radius) {
        patch.centreX = (*centre)[0];
        patch.centreY = (*centre)[1];
        patch.radius = *radius;
        patch.innerRadius = inner.value_or(0.0);
        patch.xMin = patch.centreX - patch.radius;
        patch.xMax = patch.centreX + patch.radius;
        patch.yMin = patch.centreY - patch.radius;
        patch.yMax = patch.centreY + patch.radius;
    }
}

void readPolygon(ObjectReader& r, SurfacePatch& patch)
{
    patch.shape = SurfacePatch::Shape::Polygon;
    const auto points = r.pairs("points", {3, kMaxPolygonPoints, "corners"}, kCoordinate,
                                required("[[x, y], ...] with at least 3 corners"));
    if (!points)
        return;
    patch.xMin = patch.yMin = kInf;
    patch.xMax = patch.yMax = -kInf;
    for (const json::Pair& p : *points) {
        patch.points.push_back(p);
        patch.xMin = std::min(patch.xMin, p[0]);
        patch.xMax = std::max(patch.xMax, p[0]);
        patch.yMin = std::min(patch.yMin, p[1]);
        patch.yMax = std::max(patch.yMax, p[1]);
    }
}

std::optional<SurfacePatch> readPatch(ObjectReader r, Terrain& t)
{
    const std::size_t problemsBefore = r.problems().items.size();
    SurfacePatch patch;
    const auto name = surfaceName(r, "surface", required());
    const auto shape = r.enumeration("shape", kPatchShapeNames, required());
    if (!shape)
        return std::nullopt;
    if (*shape == 0)
        readRectangle(r, patch);
    else if (*shape == 1)
        readCircle(r, patch);
    else
        readPolygon(r, patch);
    r.reportUnknown();
    if (!name || json::hasErrorsSince(r.problems(), problemsBefore))
        return std::nullopt;
    patch.surface = surfaceIndex(t, *name);
    return patch;
}

void readSurfaces(ObjectReader& root, const Grid& g, Terrain& t)
{
    if (!root.has("surfaces"))
        t.surfaceNames = {"tarmac"};  // a terrain without surfaces is tarmac everywhere
    auto surfaces = root.object("surfaces");
    if (!surfaces)
        return;
    t.surfaceNames = {surfaceName(*surfaces, "base", json::kOptional).value_or("tarmac")};
    const Json* patches = surfaces->list("patches", {0, kMaxPatches, "patches"});
    surfaces->reportUnknown();
    if (!patches)
        return;
    for (std::size_t k = 0; k < patches->size(); ++k) {
        auto element = surfaces->element(*patches, "patches", k);
        if (!element)
            continue;
        const std::string at = element->pointer();
        auto patch = readPatch(std::move(*element), t);
        if (!patch)
            continue;
        if (g.ok && (patch->xMax < g.xMin || patch->yMax < g.yMin || patch->xMin > t.field.xMax() ||
                     patch->yMin > t.field.yMax()))
            root.problems().warning(at, "lies outside the terrain's extent (it changes nothing)");
        t.patches.push_back(std::move(*patch));
    }
}

}  // namespace

TerrainDocument parseTerrain(std::string_view text, const std::string& baseDir)
{
    TerrainDocument doc;
    Problems& problems = doc.problems;
    if (text.size() > kMaxTerrainFileBytes) {
        problems.error("", "the file is " + std::to_string(text.size()) + " bytes, more than the " +
                               std::to_string(kMaxTerrainFileBytes) + " a terrain file may have (use a PGM height map)");
        return doc;
    }
    json::JsonLimits limits;
    limits.maxBytes = kMaxTerrainFileBytes;
    limits.maxValues = 2'000'000;  // room for a ~1400 x 1400 height grid written in the file
    std::optional<Json> json = json::parseJson(text, problems, limits);
    if (!json)
        return doc;
    if (!json->is_object()) {
        problems.error("", "a terrain file is a JSON object, got " + json::describeJson(*json));
        return doc;
    }
    doc.parsed = true;
    ObjectReader r(*json, "", problems, false);  // Jounce does not write terrain files
    if (!json::readFormatHeader(r, kTerrainFormat, kTerrainSchemaVersion, "a terrain file"))
        return doc;  // from a newer Jounce: reading on would mislead

    Terrain& t = doc.terrain;
    for (auto [key, field, maxBytes] : {std::tuple{"name", &t.name, json::kMaxNameBytes},
                                       std::tuple{"description", &t.description, json::kMaxDescriptionBytes}})
        if (auto value = r.text(key); value && json::checkTextLength(*value, r.at(key), maxBytes, problems))
            *field = std::move(*value);

    const Grid g = readGrid(r);
    if (g.ok) {
        t.field.originX = g.xMin;
        t.field.originY = g.yMin;
        t.field.spacing = g.spacing;
        t.field.nx = g.nx;
        t.field.ny = g.ny;
        t.field.heights.assign(std::size_t(g.nx) * std::size_t(g.ny), 0.0);
    }
    readBase(r, g, baseDir, t.field);
    readFeatures(r, g, t.field);
    readSurfaces(r, g, t);
    readStarts(r, g.ok, t);
    r.reportUnknown();
    return doc;
}

TerrainDocument loadTerrain(const std::string& path)
{
    std::string text;
    if (std::string err = json::readTextFile(path, kMaxTerrainFileBytes, text); !err.empty()) {
        TerrainDocument doc;
        doc.problems.error("", err);
        return doc;
    }
    return parseTerrain(text, std::filesystem::path(path).parent_path().string());
}

}  // namespace jounce::sim
