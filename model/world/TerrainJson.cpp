#include "world/TerrainJson.h"

#include "world/Pgm.h"
#include "world/TerrainFeatures.h"
#include "config/Units.h"
#include "json/JsonText.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <initializer_list>
#include <limits>
#include <optional>

namespace jounce::sim {
namespace {

using io::Json;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kMaxCoordinate = 1e6;   ///< m; keeps every product of coordinates finite
constexpr double kMaxHeight = 1e4;       ///< m, for base heights
constexpr double kMaxLength = 1e5;       ///< m, for feature sizes
constexpr std::size_t kMaxFeatures = 10000;
constexpr std::size_t kMaxPatches = 10000;
constexpr std::size_t kMaxPolygonPoints = 10000;
constexpr std::size_t kMaxFeatureCost = std::size_t(1) << 27;  ///< featureCost units: about 2 s of work
constexpr std::size_t kMaxValueErrors = 10;                       ///< per height grid, then a summary
constexpr std::size_t kMaxNameLength = 64;

/// A number as the user would write it: 7 rather than 7.0, otherwise the shortest exact text.
std::string num(double v)
{
    if (v == std::floor(v) && std::abs(v) < 1e15)
        return std::to_string(static_cast<long long>(v));
    return Json(v).dump();
}

std::string escapeKey(const std::string& key)
{
    std::string out;
    for (char c : key)
        out += c == '~' ? std::string("~0") : c == '/' ? std::string("~1") : std::string(1, c);
    return out;
}

/// Accepted interval of a number: lo/hi with open or closed ends.
struct Range {
    double lo = -kInf, hi = kInf;
    bool loOpen = false, hiOpen = false;

    static Range positive(double hi) { return {0.0, hi, true, false}; }
    static Range closed(double lo, double hi) { return {lo, hi, false, false}; }
};

const Range kCoordinate = Range::closed(-kMaxCoordinate, kMaxCoordinate);
const Range kHeading = Range::closed(-2.0 * kPi, 2.0 * kPi);
const Range kLength = Range::positive(kMaxLength);

class Reader {
public:
    explicit Reader(Problems& problems) : p_(problems) {}

    Problems& problems() { return p_; }

    bool object(const Json& v, const std::string& ptr, const char* what)
    {
        if (v.is_object())
            return true;
        p_.error(ptr, std::string(what) + " must be an object, got " + typeName(v));
        return false;
    }

    void unknownKeys(const Json& obj, const std::string& ptr, std::initializer_list<std::string_view> known)
    {
        for (auto it = obj.begin(); it != obj.end(); ++it)
            if (std::find(known.begin(), known.end(), it.key()) == known.end())
                p_.warning(ptr + "/" + escapeKey(it.key()), "unknown key (ignored)");
    }

    /// A number member. Missing: `fallback` if given, else an error. Never returns NaN or Inf.
    std::optional<double> number(const Json& obj, const std::string& ptr, const char* key, const Range& r,
                                 std::optional<double> fallback = std::nullopt)
    {
        const std::string at = ptr + "/" + key;
        const auto it = obj.find(key);
        if (it == obj.end()) {
            if (!fallback)
                p_.error(at, "missing (required)");
            return fallback;
        }
        return value(*it, at, r);
    }

    std::optional<double> value(const Json& v, const std::string& at, const Range& r)
    {
        if (!v.is_number()) {
            p_.error(at, "must be a number, got " + typeName(v));
            return std::nullopt;
        }
        const double d = v.get<double>();
        if (!std::isfinite(d)) {
            p_.error(at, "must be a finite number, got " + v.dump());
            return std::nullopt;
        }
        if (d < r.lo || (r.loOpen && d == r.lo)) {
            p_.error(at, std::string("must be ") + (r.loOpen ? "> " : ">= ") + num(r.lo) + ", got " + num(d));
            return std::nullopt;
        }
        if (d > r.hi || (r.hiOpen && d == r.hi)) {
            p_.error(at, std::string("must be ") + (r.hiOpen ? "< " : "<= ") + num(r.hi) + ", got " + num(d));
            return std::nullopt;
        }
        return d;
    }

    /// An [x, y] member within the coordinate limits.
    std::optional<std::array<double, 2>> point(const Json& obj, const std::string& ptr, const char* key)
    {
        const std::string at = ptr + "/" + key;
        const auto it = obj.find(key);
        if (it == obj.end()) {
            p_.error(at, "missing (required): an [x, y] point in metres");
            return std::nullopt;
        }
        return pointValue(*it, at);
    }

    std::optional<std::array<double, 2>> pointValue(const Json& v, const std::string& at)
    {
        if (!v.is_array() || v.size() != 2) {
            p_.error(at, "must be an [x, y] point, got " + typeName(v));
            return std::nullopt;
        }
        const auto x = value(v[0], at + "/0", kCoordinate);
        const auto y = value(v[1], at + "/1", kCoordinate);
        if (!x || !y)
            return std::nullopt;
        return std::array<double, 2>{*x, *y};
    }

    std::optional<std::string> string(const Json& obj, const std::string& ptr, const char* key, bool required,
                                      std::size_t maxLength = std::string::npos)
    {
        const std::string at = ptr + "/" + key;
        const auto it = obj.find(key);
        if (it == obj.end()) {
            if (required)
                p_.error(at, "missing (required)");
            return std::nullopt;
        }
        if (!it->is_string()) {
            p_.error(at, "must be a string, got " + typeName(*it));
            return std::nullopt;
        }
        std::string s = it->get<std::string>();
        if (s.size() > maxLength) {
            p_.error(at, "must be at most " + std::to_string(maxLength) + " characters, got " + std::to_string(s.size()));
            return std::nullopt;
        }
        return s;
    }

    static std::string typeName(const Json& v)
    {
        if (v.is_string() || v.is_number() || v.is_boolean() || v.is_null()) {
            std::string text = v.dump(-1, ' ', false, Json::error_handler_t::replace);
            if (text.size() > 40)
                text = text.substr(0, 37) + "...";
            return v.is_string() ? "the string " + text : text;
        }
        return std::string("an ") + (v.is_array() ? "array" : "object");
    }

private:
    Problems& p_;
};

struct Grid {
    bool ok = false;
    double xMin = 0.0, yMin = 0.0, spacing = 0.0;
    int nx = 0, ny = 0;
};

/// Node count along one axis for (max - min) / spacing, which must be a whole number.
std::optional<double> nodeCount(Reader& r, double span, double spacing, const char* axis)
{
    const double cells = span / spacing;
    const double whole = std::round(cells);
    if (std::abs(cells - whole) > 1e-6 * std::max(1.0, whole)) {
        r.problems().error("/spacing", std::string("the extent's ") + axis + " size " + num(span) +
                                           " m is not a whole number of spacings (" + num(cells) + ")");
        return std::nullopt;
    }
    return whole + 1.0;
}

Grid readGrid(Reader& r, const Json& root)
{
    Grid g;
    bool extentOk = false;
    double xMin = 0.0, xMax = 0.0, yMin = 0.0, yMax = 0.0;
    const auto ext = root.find("extent");
    if (ext == root.end()) {
        r.problems().error("/extent", "missing (required): { \"xMin\", \"xMax\", \"yMin\", \"yMax\" } in metres");
    } else if (r.object(*ext, "/extent", "the extent")) {
        const auto x0 = r.number(*ext, "/extent", "xMin", kCoordinate);
        const auto x1 = r.number(*ext, "/extent", "xMax", kCoordinate);
        const auto y0 = r.number(*ext, "/extent", "yMin", kCoordinate);
        const auto y1 = r.number(*ext, "/extent", "yMax", kCoordinate);
        r.unknownKeys(*ext, "/extent", {"xMin", "xMax", "yMin", "yMax"});
        extentOk = x0 && x1 && y0 && y1;
        xMin = x0.value_or(0.0);
        xMax = x1.value_or(0.0);
        yMin = y0.value_or(0.0);
        yMax = y1.value_or(0.0);
        if (x0 && x1 && xMax <= xMin) {
            r.problems().error("/extent/xMax", "must be > xMin (" + num(xMin) + "), got " + num(xMax));
            extentOk = false;
        }
        if (y0 && y1 && yMax <= yMin) {
            r.problems().error("/extent/yMax", "must be > yMin (" + num(yMin) + "), got " + num(yMax));
            extentOk = false;
        }
    }
    const auto spacing = r.number(root, "", "spacing", Range::closed(0.01, 1000.0));
    if (!extentOk || !spacing)
        return g;
    const auto nx = nodeCount(r, xMax - xMin, *spacing, "x");
    const auto ny = nodeCount(r, yMax - yMin, *spacing, "y");
    if (!nx || !ny)
        return g;
    // Checked in double before anything is allocated: a hostile extent cannot overflow or exhaust memory.
    const double total = *nx * *ny;
    if (total > double(kMaxTerrainHeights)) {
        r.problems().error("/spacing", "the grid would hold " + num(*nx) + " x " + num(*ny) + " = " + num(total) +
                                           " heights, more than the " + std::to_string(kMaxTerrainHeights) +
                                           " allowed: use a larger spacing or a smaller extent");
        return g;
    }
    g = {true, xMin, yMin, *spacing, static_cast<int>(*nx), static_cast<int>(*ny)};
    return g;
}

void readGridBase(Reader& r, const Json& base, const Grid& g, HeightField& f)
{
    const std::string at = "/base/heights";
    const auto it = base.find("heights");
    if (it == base.end()) {
        r.problems().error(at, "missing (required): rows of heights, the first at y = yMin");
        return;
    }
    if (!it->is_array()) {
        r.problems().error(at, "must be an array of rows, got " + Reader::typeName(*it));
        return;
    }
    if (g.ok && it->size() != std::size_t(g.ny)) {
        r.problems().error(at, "has " + std::to_string(it->size()) + " rows; the extent and spacing need " +
                                   std::to_string(g.ny));
        return;
    }
    std::size_t bad = 0;
    for (std::size_t j = 0; j < it->size(); ++j) {
        const Json& row = (*it)[j];
        const std::string rowAt = at + "/" + std::to_string(j);
        if (!row.is_array() || (g.ok && row.size() != std::size_t(g.nx))) {
            r.problems().error(rowAt, "must be a row of " + (g.ok ? std::to_string(g.nx) + " " : std::string()) +
                                          "heights, got " +
                                          (row.is_array() ? std::to_string(row.size()) + " values" : Reader::typeName(row)));
            return;
        }
        for (std::size_t i = 0; i < row.size(); ++i) {
            const Json& v = row[i];
            const double d = v.is_number() ? v.get<double>() : std::nan("");
            if (std::isfinite(d) && std::abs(d) <= kMaxHeight) {
                if (g.ok)
                    f.heights[j * std::size_t(g.nx) + i] = d;
                continue;
            }
            // A grid may hold millions of values: report the first few, then count the rest.
            if (++bad <= kMaxValueErrors)
                r.value(v, rowAt + "/" + std::to_string(i), Range::closed(-kMaxHeight, kMaxHeight));
        }
    }
    if (bad > kMaxValueErrors)
        r.problems().error(at, "and " + std::to_string(bad - kMaxValueErrors) + " more invalid heights");
}

void readPgmBase(Reader& r, const Json& base, const Grid& g, const std::string& baseDir, HeightField& f)
{
    const auto file = r.string(base, "/base", "file", true);
    const auto scale = r.number(base, "/base", "heightScale", Range::closed(-kMaxHeight / 65535.0, kMaxHeight / 65535.0));
    const auto offset = r.number(base, "/base", "heightOffset", Range::closed(-kMaxHeight, kMaxHeight), 0.0);
    if (!file)
        return;
    if (file->empty()) {
        r.problems().error("/base/file", "must name a .pgm file");
        return;
    }
    std::filesystem::path path(*file);
    if (path.is_relative())
        path = std::filesystem::path(baseDir.empty() ? "." : baseDir) / path;
    std::string bytes;
    const std::size_t maxBytes = 2 * kMaxTerrainHeights + 4096;
    if (std::string err = io::readTextFile(path.string(), maxBytes, bytes); !err.empty()) {
        r.problems().error("/base/file", "cannot read " + Json(path.string()).dump(-1, ' ', false, Json::error_handler_t::replace) +
                                             ": " + err);
        return;
    }
    PgmImage image;
    if (std::string err = parsePgm(bytes, image, kMaxTerrainHeights); !err.empty()) {
        r.problems().error("/base/file", err);
        return;
    }
    if (!g.ok)
        return;
    if (image.width != g.nx || image.height != g.ny) {
        r.problems().error("/base/file", "the image is " + std::to_string(image.width) + " x " +
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

void readBase(Reader& r, const Json& root, const Grid& g, const std::string& baseDir, HeightField& f)
{
    const auto it = root.find("base");
    if (it == root.end()) {
        r.problems().error("/base", "missing (required): { \"type\": \"flat\" }, \"grid\" or \"pgm\"");
        return;
    }
    if (!r.object(*it, "/base", "the base"))
        return;
    const Json& base = *it;
    const auto type = r.string(base, "/base", "type", true);
    if (!type)
        return;
    if (*type == "flat") {
        r.unknownKeys(base, "/base", {"type", "height"});
        const auto h = r.number(base, "/base", "height", Range::closed(-kMaxHeight, kMaxHeight), 0.0);
        if (h && g.ok)
            std::fill(f.heights.begin(), f.heights.end(), *h);
    } else if (*type == "grid") {
        r.unknownKeys(base, "/base", {"type", "heights"});
        readGridBase(r, base, g, f);
    } else if (*type == "pgm") {
        r.unknownKeys(base, "/base", {"type", "file", "heightScale", "heightOffset"});
        readPgmBase(r, base, g, baseDir, f);
    } else {
        r.problems().error("/base/type", "must be \"flat\", \"grid\" or \"pgm\", got " + Json(*type).dump());
    }
}

/// Reads one feature; nullopt if anything in it is wrong (all its problems are reported).
std::optional<TerrainFeature> readFeature(Reader& r, const Json& v, const std::string& at, const Grid& g)
{
    if (!r.object(v, at, "a feature"))
        return std::nullopt;
    const auto type = r.string(v, at, "type", true);
    if (!type)
        return std::nullopt;
    if (*type != "bump" && *type != "pothole" && *type != "ramp" && *type != "slope" && *type != "washboard" &&
        *type != "rough") {
        r.problems().error(at + "/type", "must be \"bump\", \"pothole\", \"ramp\", \"slope\", \"washboard\" or "
                                         "\"rough\", got " + Json(*type).dump());
        return std::nullopt;
    }
    TerrainFeature ft;
    const std::size_t errorsBefore = r.problems().errorCount();
    const auto heading = r.number(v, at, "heading", kHeading, 0.0);
    const auto width = r.number(v, at, "width", kLength);
    const auto length = r.number(v, at, "length", kLength);
    ft.heading = heading.value_or(0.0);
    ft.width = width.value_or(1.0);
    ft.length = length.value_or(1.0);
    const bool isBump = *type == "bump" || *type == "pothole";
    const auto origin = r.point(v, at, isBump ? "at" : "from");
    if (origin) {
        ft.x = (*origin)[0];
        ft.y = (*origin)[1];
    }
    if (isBump) {
        const bool pothole = *type == "pothole";
        r.unknownKeys(v, at, {"type", "at", "heading", "length", "width", pothole ? "depth" : "height", "across"});
        ft.type = FeatureType::Bump;
        const auto h = r.number(v, at, pothole ? "depth" : "height", Range::positive(100.0));
        ft.height = pothole ? -h.value_or(0.0) : h.value_or(0.0);
        if (const auto across = r.string(v, at, "across", false)) {
            if (*across == "cosine")
                ft.cosineAcross = true;
            else if (*across != "flat")
                r.problems().error(at + "/across", "must be \"flat\" or \"cosine\", got " + Json(*across).dump());
        }
        if (g.ok && length && *length < 2.0 * g.spacing)
            r.problems().warning(at + "/length", "a " + num(*length) + " m " + *type + " is shorter than two grid spacings (" +
                                                     num(2.0 * g.spacing) + " m): the grid cannot resolve its shape");
    } else if (*type == "ramp" || *type == "slope") {
        ft.type = FeatureType::Ramp;
        if (*type == "ramp") {
            r.unknownKeys(v, at, {"type", "from", "heading", "length", "width", "rise", "plateau", "down"});
            const auto rise = r.number(v, at, "rise", Range::closed(-1000.0, 1000.0));
            if (rise && *rise == 0.0)
                r.problems().error(at + "/rise", "must not be 0");
            ft.height = rise.value_or(0.0);
            ft.plateau = r.number(v, at, "plateau", Range::closed(0.0, kMaxLength), 0.0).value_or(0.0);
        } else {
            r.unknownKeys(v, at, {"type", "from", "heading", "length", "width", "grade", "runOut", "down"});
            const auto grade = r.number(v, at, "grade", Range::closed(-100.0, 100.0));
            if (grade && *grade == 0.0)
                r.problems().error(at + "/grade", "must not be 0 (a grade in %, e.g. 10, 20, 30)");
            ft.height = grade.value_or(0.0) / 100.0 * ft.length;
            ft.plateau = r.number(v, at, "runOut", Range::closed(0.0, kMaxLength), 20.0).value_or(0.0);
        }
        // By default it comes down as it went up, so a vehicle can drive over it.
        ft.down = r.number(v, at, "down", Range::closed(0.0, kMaxLength), ft.length).value_or(0.0);
    } else if (*type == "washboard") {
        r.unknownKeys(v, at, {"type", "from", "heading", "length", "width", "amplitude", "wavelength"});
        ft.type = FeatureType::Washboard;
        ft.amplitude = r.number(v, at, "amplitude", Range::positive(100.0)).value_or(0.0);
        const auto wl = r.number(v, at, "wavelength", kLength);
        ft.wavelength = wl.value_or(1.0);
        if (g.ok && wl && *wl < 2.0 * g.spacing)
            r.problems().error(at + "/wavelength", "must be at least two grid spacings (" + num(2.0 * g.spacing) +
                                                       " m) for the grid to carry it, got " + num(*wl));
        else if (g.ok && wl && *wl < 4.0 * g.spacing)
            r.problems().warning(at + "/wavelength", "fewer than four grid nodes per wavelength: the corrugation "
                                                     "is drawn as a coarse zigzag");
    } else {  // rough
        r.unknownKeys(v, at, {"type", "from", "heading", "length", "width", "class", "seed", "blend", "minFrequency",
                              "maxFrequency"});
        ft.type = FeatureType::Rough;
        if (const auto cls = r.string(v, at, "class", true)) {
            if (cls->size() == 1 && (*cls)[0] >= 'A' && (*cls)[0] <= 'H')
                ft.roughClass = (*cls)[0] - 'A';
            else
                r.problems().error(at + "/class", "must be an ISO 8608 road class \"A\" .. \"H\", got " + Json(*cls).dump());
        }
        if (const auto seed = v.find("seed"); seed == v.end())
            r.problems().error(at + "/seed", "missing (required): an integer >= 0 that fixes the random road");
        else if (seed->is_number_unsigned())
            ft.seed = seed->get<std::uint64_t>();
        else if (seed->is_number_integer() && seed->get<std::int64_t>() >= 0)
            ft.seed = static_cast<std::uint64_t>(seed->get<std::int64_t>());
        else
            r.problems().error(at + "/seed", "must be an integer >= 0, got " + Reader::typeName(*seed));
        const double limit = std::min(ft.length, ft.width) / 2.0;
        ft.blend = r.number(v, at, "blend", Range::closed(0.0, limit), std::min(2.0, limit)).value_or(0.0);
        const double nyquist = g.ok ? 0.5 / g.spacing : kInf;
        const auto nMin = r.number(v, at, "minFrequency", Range::closed(0.001, 100.0), kRoughDefaultMinFrequency);
        const auto nMax = r.number(v, at, "maxFrequency", Range::closed(0.001, nyquist),
                                   roughDefaultMaxFrequency(g.ok ? g.spacing : 0.25));
        if (nMin && nMax && *nMax <= *nMin)
            r.problems().error(at + "/maxFrequency", "must be > minFrequency (" + num(*nMin) + "), got " + num(*nMax));
        ft.minFrequency = nMin.value_or(kRoughDefaultMinFrequency);
        ft.maxFrequency = nMax.value_or(1.0);
        if (g.ok && origin && length && width && heading && nMin && nMax && *nMax > *nMin) {
            const HeightField extent{g.xMin, g.yMin, g.spacing, g.nx, g.ny, {}};
            if (featureCost(extent, ft) > kMaxFeatureCost)
                r.problems().error(at, "the rough patch covers " + std::to_string(featureNodeCount(extent, ft)) +
                                           " grid nodes, too many to synthesise in reasonable time: make it smaller, "
                                           "use a larger spacing or a narrower frequency band");
        }
    }
    if (r.problems().errorCount() != errorsBefore)
        return std::nullopt;
    return ft;
}

void readFeatures(Reader& r, const Json& root, const Grid& g, HeightField& f)
{
    const auto it = root.find("features");
    if (it == root.end())
        return;
    if (!it->is_array()) {
        r.problems().error("/features", "must be an array, got " + Reader::typeName(*it));
        return;
    }
    if (it->size() > kMaxFeatures) {
        r.problems().error("/features", "has " + std::to_string(it->size()) + " features, more than the " +
                                            std::to_string(kMaxFeatures) + " allowed");
        return;
    }
    std::size_t work = 0;
    bool budgetLeft = true;
    for (std::size_t k = 0; k < it->size(); ++k) {
        const std::string at = "/features/" + std::to_string(k);
        const auto ft = readFeature(r, (*it)[k], at, g);
        if (!ft || !g.ok || !budgetLeft)
            continue;
        if (featureNodeCount(f, *ft) == 0) {
            r.problems().warning(at, "lies outside the terrain's extent (it changes nothing)");
            continue;
        }
        work += featureCost(f, *ft);
        if (work > kMaxFeatureCost) {
            // Keep validating the rest, but stop building: the file asks for minutes of work.
            r.problems().error(at, "the features up to here cover too many grid nodes in total to build in "
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

std::optional<std::string> surfaceName(Reader& r, const Json& obj, const std::string& ptr, const char* key, bool required)
{
    auto name = r.string(obj, ptr, key, required, kMaxNameLength);
    if (name && name->empty()) {
        r.problems().error(ptr + "/" + key, "must name a surface type (e.g. \"tarmac\", \"ice\")");
        return std::nullopt;
    }
    return name;
}

std::optional<SurfacePatch> readPatch(Reader& r, const Json& v, const std::string& at, Terrain& t)
{
    if (!r.object(v, at, "a surface patch"))
        return std::nullopt;
    const std::size_t errorsBefore = r.problems().errorCount();
    SurfacePatch patch;
    const auto name = surfaceName(r, v, at, "surface", true);
    const auto shape = r.string(v, at, "shape", true);
    if (!shape)
        return std::nullopt;
    if (*shape == "rectangle") {
        r.unknownKeys(v, at, {"surface", "shape", "xMin", "xMax", "yMin", "yMax"});
        patch.shape = SurfacePatch::Shape::Rectangle;
        const auto xMin = r.number(v, at, "xMin", kCoordinate), xMax = r.number(v, at, "xMax", kCoordinate);
        const auto yMin = r.number(v, at, "yMin", kCoordinate), yMax = r.number(v, at, "yMax", kCoordinate);
        if (xMin && xMax && *xMax <= *xMin)
            r.problems().error(at + "/xMax", "must be > xMin (" + num(*xMin) + "), got " + num(*xMax));
        if (yMin && yMax && *yMax <= *yMin)
            r.problems().error(at + "/yMax", "must be > yMin (" + num(*yMin) + "), got " + num(*yMax));
        patch.xMin = xMin.value_or(0.0);
        patch.xMax = xMax.value_or(0.0);
        patch.yMin = yMin.value_or(0.0);
        patch.yMax = yMax.value_or(0.0);
    } else if (*shape == "circle") {
        r.unknownKeys(v, at, {"surface", "shape", "centre", "radius", "innerRadius"});
        patch.shape = SurfacePatch::Shape::Circle;
        const auto centre = r.point(v, at, "centre");
        const auto radius = r.number(v, at, "radius", Range::positive(kMaxCoordinate));
        const auto inner = r.number(v, at, "innerRadius", Range::closed(0.0, kMaxCoordinate), 0.0);
        if (radius && inner && *inner >= *radius)
            r.problems().error(at + "/innerRadius", "must be < radius (" + num(*radius) + "), got " + num(*inner));
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
    } else if (*shape == "polygon") {
        r.unknownKeys(v, at, {"surface", "shape", "points"});
        patch.shape = SurfacePatch::Shape::Polygon;
        const auto pts = v.find("points");
        if (pts == v.end()) {
            r.problems().error(at + "/points", "missing (required): [[x, y], ...] with at least 3 corners");
        } else if (!pts->is_array() || pts->size() < 3 || pts->size() > kMaxPolygonPoints) {
            r.problems().error(at + "/points", "must be an array of 3 to " + std::to_string(kMaxPolygonPoints) +
                                                   " [x, y] corners, got " +
                                                   (pts->is_array() ? std::to_string(pts->size()) + " corners"
                                                                    : Reader::typeName(*pts)));
        } else {
            patch.xMin = patch.yMin = kInf;
            patch.xMax = patch.yMax = -kInf;
            for (std::size_t k = 0; k < pts->size(); ++k) {
                const auto p = r.pointValue((*pts)[k], at + "/points/" + std::to_string(k));
                if (!p)
                    continue;
                patch.points.push_back(*p);
                patch.xMin = std::min(patch.xMin, (*p)[0]);
                patch.xMax = std::max(patch.xMax, (*p)[0]);
                patch.yMin = std::min(patch.yMin, (*p)[1]);
                patch.yMax = std::max(patch.yMax, (*p)[1]);
            }
        }
    } else {
        r.problems().error(at + "/shape", "must be \"rectangle\", \"circle\" or \"polygon\", got " + Json(*shape).dump());
        return std::nullopt;
    }
    if (!name || r.problems().errorCount() != errorsBefore)
        return std::nullopt;
    patch.surface = surfaceIndex(t, *name);
    return patch;
}

void readSurfaces(Reader& r, const Json& root, const Grid& g, Terrain& t)
{
    const auto it = root.find("surfaces");
    if (it == root.end()) {
        t.surfaceNames = {"tarmac"};  // a terrain without surfaces is tarmac everywhere
        return;
    }
    if (!r.object(*it, "/surfaces", "surfaces"))
        return;
    r.unknownKeys(*it, "/surfaces", {"base", "patches"});
    t.surfaceNames = {surfaceName(r, *it, "/surfaces", "base", false).value_or("tarmac")};
    const auto patches = it->find("patches");
    if (patches == it->end())
        return;
    if (!patches->is_array() || patches->size() > kMaxPatches) {
        r.problems().error("/surfaces/patches", "must be an array of at most " + std::to_string(kMaxPatches) +
                                                    " patches, got " +
                                                    (patches->is_array() ? std::to_string(patches->size()) + " patches"
                                                                         : Reader::typeName(*patches)));
        return;
    }
    for (std::size_t k = 0; k < patches->size(); ++k) {
        const std::string at = "/surfaces/patches/" + std::to_string(k);
        auto patch = readPatch(r, (*patches)[k], at, t);
        if (!patch)
            continue;
        if (g.ok && (patch->xMax < g.xMin || patch->yMax < g.yMin || patch->xMin > t.field.xMax() ||
                     patch->yMin > t.field.yMax()))
            r.problems().warning(at, "lies outside the terrain's extent (it changes nothing)");
        t.patches.push_back(std::move(*patch));
    }
}

void readStart(Reader& r, const Json& root, const Grid& g, Terrain& t)
{
    const auto it = root.find("start");
    if (g.ok) {
        t.start.x = 0.5 * (t.field.originX + t.field.xMax());
        t.start.y = 0.5 * (t.field.originY + t.field.yMax());
    }
    if (it == root.end())
        return;  // the centre of the terrain, heading +x
    if (!r.object(*it, "/start", "the start pose"))
        return;
    r.unknownKeys(*it, "/start", {"position", "heading"});
    const auto pos = r.point(*it, "/start", "position");
    const auto heading = r.number(*it, "/start", "heading", kHeading, 0.0);
    if (pos && g.ok && !t.field.contains((*pos)[0], (*pos)[1]))
        r.problems().error("/start/position", "(" + num((*pos)[0]) + ", " + num((*pos)[1]) +
                                                  ") lies outside the terrain's extent");
    if (pos) {
        t.start.x = (*pos)[0];
        t.start.y = (*pos)[1];
    }
    t.start.heading = heading.value_or(0.0);
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
    io::JsonLimits limits;
    limits.maxBytes = kMaxTerrainFileBytes;
    limits.maxValues = 2'000'000;  // room for a ~1400 x 1400 height grid written in the file
    std::optional<Json> json = io::parseJson(text, problems, limits);
    if (!json)
        return doc;
    if (!json->is_object()) {
        problems.error("", "a terrain file is a JSON object, got " + std::string(json->type_name()));
        return doc;
    }
    doc.parsed = true;
    const Json& root = *json;
    Reader r(problems);
    r.unknownKeys(root, "", {"format", "schemaVersion", "name", "description", "extent", "spacing", "base", "features",
                             "surfaces", "start"});

    const auto format = root.find("format");
    if (format == root.end())
        problems.error("/format", "missing: a terrain file starts with \"format\": \"jounce.terrain\"");
    else if (!format->is_string() || format->get<std::string>() != kTerrainFormat)
        problems.error("/format", "must be \"jounce.terrain\", got " + Reader::typeName(*format));
    const auto sv = root.find("schemaVersion");
    if (sv == root.end()) {
        problems.error("/schemaVersion", "missing (required); this Jounce writes version " +
                                             std::to_string(kTerrainSchemaVersion));
    } else if (!sv->is_number_integer() && !sv->is_number_unsigned()) {
        problems.error("/schemaVersion", "must be an integer, got " + Reader::typeName(*sv));
    } else if (sv->is_number_unsigned() ? sv->get<std::uint64_t>() > std::uint64_t(kTerrainSchemaVersion)
                                        : sv->get<std::int64_t>() > kTerrainSchemaVersion) {
        problems.error("/schemaVersion", "the file was written by a newer Jounce (schema version " + sv->dump() +
                                             "); this one reads up to version " + std::to_string(kTerrainSchemaVersion));
        return doc;
    } else if (sv->get<std::int64_t>() < 1) {
        problems.error("/schemaVersion", "must be >= 1, got " + sv->dump());
    }

    Terrain& t = doc.terrain;
    t.name = r.string(root, "", "name", false).value_or("");
    t.description = r.string(root, "", "description", false).value_or("");

    const Grid g = readGrid(r, root);
    if (g.ok) {
        t.field.originX = g.xMin;
        t.field.originY = g.yMin;
        t.field.spacing = g.spacing;
        t.field.nx = g.nx;
        t.field.ny = g.ny;
        t.field.heights.assign(std::size_t(g.nx) * std::size_t(g.ny), 0.0);
    }
    readBase(r, root, g, baseDir, t.field);
    readFeatures(r, root, g, t.field);
    readSurfaces(r, root, g, t);
    readStart(r, root, g, t);
    return doc;
}

TerrainDocument loadTerrain(const std::string& path)
{
    std::string text;
    if (std::string err = io::readTextFile(path, kMaxTerrainFileBytes, text); !err.empty()) {
        TerrainDocument doc;
        doc.problems.error("", err);
        return doc;
    }
    return parseTerrain(text, std::filesystem::path(path).parent_path().string());
}

}  // namespace jounce::sim
