#include "world/TerrainStartJson.h"

#include "json/JsonText.h"
#include "json/TextLimits.h"
#include "world/TerrainJson.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <optional>
#include <vector>

namespace jounce::sim {
namespace {

using json::ObjectReader;
using namespace terrain_limits;

/// What an object with "position" and "heading" holds: the heading (0 if absent or bad) and the
/// position, nullopt when missing, bad or off the grid (with an error at its pointer).
struct ReadPose {
    std::optional<json::Pair> position;
    double heading = 0.0;
};

ReadPose readPose(ObjectReader& pose, ObjectReader& root, bool gridOk, const Terrain& t)
{
    ReadPose out;
    out.position = pose.pair("position", kCoordinate, json::required("an [x, y] point in metres"));
    out.heading = pose.numberOr("heading", kHeading, 0.0).value_or(0.0);
    if (out.position && gridOk && !t.field.contains((*out.position)[0], (*out.position)[1])) {
        root.problems().error(pose.at("position"), "(" + json::formatNumber((*out.position)[0]) + ", " +
                                                       json::formatNumber((*out.position)[1]) +
                                                       ") lies outside the terrain's extent");
        out.position.reset();
    }
    return out;
}

void readStart(ObjectReader& root, bool gridOk, Terrain& t)
{
    if (gridOk) {  // the centre of the terrain, heading +x, unless the file says otherwise
        t.start.x = 0.5 * (t.field.originX + t.field.xMax());
        t.start.y = 0.5 * (t.field.originY + t.field.yMax());
    }
    auto start = root.object("start");
    if (!start)
        return;
    const ReadPose pose = readPose(*start, root, gridOk, t);
    start->reportUnknown();
    if (pose.position) {
        t.start.x = (*pose.position)[0];
        t.start.y = (*pose.position)[1];
    }
    t.start.heading = pose.heading;
}

void readStartPoints(ObjectReader& root, bool gridOk, Terrain& t)
{
    const json::Json* list = root.list("startPoints", {0, kMaxStartPoints, "start points"});
    if (!list)
        return;
    for (std::size_t k = 0; k < list->size(); ++k) {
        auto point = root.element(*list, "startPoints", k);
        if (!point)
            continue;
        const auto name = point->text("name", json::required("a name such as \"bumps\""));
        const ReadPose pose = readPose(*point, root, gridOk, t);
        point->reportUnknown();
        if (!name)
            continue;
        if (name->empty() || name->size() > kMaxNameLength) {
            root.problems().error(point->at("name"), "a start point's name has 1 to " +
                                                         std::to_string(kMaxNameLength) + " bytes");
            continue;
        }
        if (startCoordinates(*name)) {
            root.problems().error(point->at("name"), "\"" + *name + "\" reads as coordinates X,Y[,HEADING], so `--start " +
                                                         *name + "` could never choose it: name it in words");
            continue;
        }
        if (t.findStart(*name)) {
            root.problems().error(point->at("name"), "\"" + *name + "\" names an earlier start point too");
            continue;
        }
        if (pose.position)
            t.startPoints.push_back({*name, {(*pose.position)[0], (*pose.position)[1], pose.heading}});
    }
}

/// `text` without the spaces around it.
std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    while (!text.empty() && text.back() == ' ')
        text.remove_suffix(1);
    return text;
}

/// A whole finite number ("+" allowed, as people write it), or nullopt.
std::optional<double> wholeNumber(std::string_view text)
{
    text = trimmed(text);
    if (text.size() > 1 && text.front() == '+' && text[1] != '-')
        text.remove_prefix(1);
    double v = 0.0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v))
        return std::nullopt;
    return v;
}

}  // namespace

std::optional<TerrainStart> startCoordinates(std::string_view text)
{
    std::vector<double> numbers;
    while (numbers.size() < 4) {
        const std::size_t comma = text.find(',');
        const std::optional<double> v = wholeNumber(text.substr(0, comma));
        if (!v)
            return std::nullopt;
        numbers.push_back(*v);
        if (comma == std::string_view::npos)
            break;
        text.remove_prefix(comma + 1);
    }
    if (numbers.size() != 2 && numbers.size() != 3)
        return std::nullopt;
    return TerrainStart{numbers[0], numbers[1], numbers.size() == 3 ? numbers[2] : 0.0};
}

void readStarts(ObjectReader& root, bool gridOk, Terrain& terrain)
{
    readStart(root, gridOk, terrain);
    readStartPoints(root, gridOk, terrain);
}

}  // namespace jounce::sim
