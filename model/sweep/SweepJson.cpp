#include "sweep/SweepJson.h"

#include "sweep/SweepEdits.h"
#include "sweep/SweepPoints.h"

#include "config/ParameterRegistry.h"
#include "json/ObjectReader.h"
#include "json/TextLimits.h"
#include "scenario/ManeuverJson.h"

#include <algorithm>
#include <filesystem>

namespace jounce::sweep {
namespace {

using config::NodeKind;
using config::ParameterRegistry;
using json::NumberLimits;
using json::ObjectReader;
using json::required;

constexpr NumberLimits kFactor = NumberLimits::closed(-1000.0, 1000.0);
constexpr NumberLimits kDuration = NumberLimits::above(0.0, 86400.0);

std::optional<std::string> boundedText(ObjectReader& r, std::string_view key, std::size_t maxBytes)
{
    std::optional<std::string> t = r.text(key);
    if (t && !json::checkTextLength(*t, r.at(key), maxBytes, r.problems()))
        return std::nullopt;
    return t;
}

/// A value (list entry, min or max) for a leaf: what the registry accepts there, or a factor.
void checkValue(const config::Node& leaf, const Parameter& p, const Json& v, const std::string& at, Problems& problems)
{
    if (p.scale == Scale::Factor) {
        if (!v.is_number())
            problems.error(at, "a factor is a number, got " + json::describeJson(v));
        else if (!kFactor.contains(v.get<double>()))
            problems.error(at, "a factor " + kFactor.describe() + ", got " + json::formatNumber(v.get<double>()));
        return;
    }
    if (const std::string err = ParameterRegistry::checkLeafValue(leaf, v); !err.empty())
        problems.error(at, err);
}

/// "values", or "min" and "max" (and "steps"), with each value checked against the leaf.
void readLevels(ObjectReader& r, const config::Node* leaf, Parameter& p)
{
    Problems& problems = r.problems();
    const Json* values = r.list("values", json::ItemCount{1, kMaxListValues, "values"});
    const std::optional<double> min = r.number("min", {});
    const std::optional<double> max = r.number("max", {});
    if (const auto steps = r.integer("steps", 2, kMaxSteps))
        p.steps = *steps;
    const bool range = r.has("min") || r.has("max");
    if (r.has("values") && range) {
        problems.error(r.pointer(), "a parameter has either \"values\" or \"min\" and \"max\", not both");
        return;
    }
    if (!r.has("values") && !(r.has("min") && r.has("max"))) {
        problems.error(r.pointer(), "give the parameter's \"values\": [...], or \"min\" and \"max\"");
        return;
    }
    const bool numeric = leaf && (leaf->kind == NodeKind::Number || leaf->kind == NodeKind::Integer);
    if (leaf && !numeric && (range || p.scale == Scale::Factor)) {
        problems.error(r.pointer(), std::string("a ") + leaf->typeName() + " parameter takes a list of \"values\" of value scale");
        return;
    }
    if (values) {
        for (std::size_t i = 0; i < values->size(); ++i)
            if (leaf)
                checkValue(*leaf, p, (*values)[i], r.at("values") + "/" + std::to_string(i), problems);
        p.values.assign(values->begin(), values->end());
        if (r.has("steps"))
            problems.warning(r.at("steps"), "steps count the levels of a range; a list has its own, ignored");
        return;
    }
    if (!min || !max)
        return;
    p.min = *min;
    p.max = *max;
    if (!(p.min < p.max))
        problems.error(r.at("max"), "must be greater than min (" + json::formatNumber(p.min) + "), got " + json::formatNumber(p.max));
    if (leaf) {
        checkValue(*leaf, p, Json(p.min), r.at("min"), problems);
        checkValue(*leaf, p, Json(p.max), r.at("max"), problems);
    }
}

void readParameter(ObjectReader r, Parameter& p)
{
    const config::Node* leaf = nullptr;
    if (auto path = r.text("path", required("a parameter path such as \"wheels[*].suspension.springStrength\""))) {
        p.path = *path;
        leaf = ParameterRegistry::instance().findLeaf(p.path);
        if (!leaf)
            r.problems().error(r.at("path"), "names no parameter (`jounce-cli params --all` lists them, [*] for every element)");
    }
    if (auto name = boundedText(r, "name", json::kMaxNameBytes))
        p.name = *name;
    if (auto link = r.enumeration<Link>("link", kLinkNames))
        p.link = *link;
    if (auto scale = r.enumeration<Scale>("scale", kScaleNames))
        p.scale = *scale;
    readLevels(r, leaf, p);
    if (leaf) {
        p.integer = leaf->kind == NodeKind::Integer;
        p.unit = p.scale == Scale::Factor ? "1" : leaf->info.unit;
    }
    if (p.name.empty())
        p.name = p.path;
    r.reportUnknown();
}

void readParameters(ObjectReader& root, Sweep& sweep)
{
    const Json* list = root.list("parameters", json::ItemCount{1, kMaxParameters, "parameters"},
                                 required("a list of the parameters to vary"));
    if (!list)
        return;
    for (std::size_t i = 0; i < list->size(); ++i) {
        Parameter p;
        if (auto r = root.element(*list, "parameters", i))
            readParameter(std::move(*r), p);
        for (std::size_t k = 0; k < sweep.parameters.size(); ++k)
            if (!p.name.empty() && sweep.parameters[k].name == p.name)
                root.problems().error(root.at("parameters") + "/" + std::to_string(i) + "/name",
                                      "\"" + p.name + "\" names /parameters/" + std::to_string(k) + " too; give each its own \"name\"");
        sweep.parameters.push_back(std::move(p));
    }
}

void readDesign(ObjectReader& root, Sweep& sweep)
{
    auto r = root.object("design");
    if (!r)
        return;
    Design& d = sweep.design;
    if (auto type = r->enumeration<DesignType>("type", kDesignNames, required("\"grid\", \"random\" or \"latinHypercube\"")))
        d.type = *type;
    const bool sampled = d.type != DesignType::Grid;
    if (auto n = r->integer("samples", 1, int(kMaxPoints), sampled ? required("how many points to draw") : json::kOptional))
        d.samples = std::size_t(*n);
    if (auto seed = r->unsignedInteger("seed"))
        d.seed = *seed;
    if (!sampled && (r->has("samples") || r->has("seed")))
        root.problems().warning(r->pointer(), "a grid has no samples or seed; ignored");
    r->reportUnknown();
}

/// The figure ids: as listed, or every figure the maneuver measures.
void readFigures(ObjectReader& root, Sweep& sweep)
{
    Problems& problems = root.problems();
    auto measured = [&](const FigureInfo& f) {
        return std::any_of(sweep.maneuver.phases.begin(), sweep.maneuver.phases.end(),
                           [&](const sim::ManeuverPhase& p) { return p.measure == f.measure; });
    };
    const Json* list = root.list("figures", json::ItemCount{1, kMaxFigures, "figures"});
    if (!list) {
        for (const FigureInfo& f : figureCatalogue())
            if (measured(f))
                sweep.figures.push_back(f.id);
        if (sweep.figures.empty() && !sweep.maneuver.phases.empty() && !root.has("figures"))
            problems.error(root.at("maneuver"), "the maneuver measures no figure: give a phase a \"measure\" (docs/conventions.md)");
        return;
    }
    std::string known;
    for (const FigureInfo& f : figureCatalogue())
        known += (known.empty() ? "" : ", ") + f.id;
    for (std::size_t i = 0; i < list->size(); ++i) {
        const std::string at = root.at("figures") + "/" + std::to_string(i);
        const std::optional<std::string> id = json::readText((*list)[i], at, problems);
        if (!id)
            continue;
        const FigureInfo* f = findFigure(*id);
        if (!f)
            problems.error(at, "no figure \"" + *id + "\"; the figures are " + known);
        else if (std::find(sweep.figures.begin(), sweep.figures.end(), *id) != sweep.figures.end())
            problems.error(at, "\"" + *id + "\" is listed twice");
        else if (!sweep.maneuver.phases.empty() && !measured(*f))
            problems.error(at, "the maneuver \"" + sweep.maneuver.name + "\" has no \"" + sim::measureName(f->measure) +
                                   "\" phase, so it never gives " + *id);
        else
            sweep.figures.push_back(*id);
    }
}

void readTune(ObjectReader& root, Sweep& sweep)
{
    auto r = root.object("tune");
    if (!r)
        return;
    TuneSettings tune;
    const Json* targets = r->list("targets", json::ItemCount{1, kMaxFigures, "targets"}, required("the figures to reach"));
    for (std::size_t i = 0; targets && i < targets->size(); ++i) {
        auto t = r->element(*targets, "targets", i);
        if (!t)
            continue;
        Target target;
        if (auto f = t->text("figure", required("a figure id")); f) {
            target.figure = *f;
            if (std::find(sweep.figures.begin(), sweep.figures.end(), *f) == sweep.figures.end())
                root.problems().error(t->at("figure"), "\"" + *f + "\" is not among the sweep's figures");
        }
        target.value = t->number("value", {}, required("the figure's target value")).value_or(0.0);
        target.weight = t->numberOr("weight", NumberLimits::above(0.0, 1e12), 1.0).value_or(1.0);
        t->reportUnknown();
        tune.targets.push_back(target);
    }
    if (auto n = r->integer("maxEvaluations", 1, kMaxEvaluations))
        tune.maxEvaluations = *n;
    tune.stopAt = r->numberOr("stopAt", NumberLimits::atLeast(0.0), tune.stopAt).value_or(tune.stopAt);
    for (std::size_t i = 0; i < sweep.parameters.size(); ++i)
        if (sweep.parameters[i].isList())
            root.problems().error(root.at("parameters") + "/" + std::to_string(i),
                                  "the optimiser moves a parameter within a range: give \"min\" and \"max\", not values");
    r->reportUnknown();
    sweep.tune = std::move(tune);
}

void readChunk(ObjectReader& root, Sweep& sweep)
{
    auto r = root.object("chunk");
    if (!r)
        return;
    ChunkRange c;
    const int maxPoints = int(kMaxPoints);
    c.index = std::size_t(r->integer("index", 0, int(kMaxChunks) - 1, required()).value_or(0));
    c.count = std::size_t(r->integer("count", 1, int(kMaxChunks), required()).value_or(1));
    c.first = std::size_t(r->integer("first", 0, maxPoints, required()).value_or(0));
    c.end = std::size_t(r->integer("end", 0, maxPoints, required()).value_or(0));
    c.points = std::size_t(r->integer("points", 1, maxPoints, required()).value_or(0));
    c.fingerprint = r->text("fingerprint", required()).value_or("");
    if (c.index >= c.count)
        root.problems().error(r->at("index"), "must be below count (" + std::to_string(c.count) + ")");
    if (!(c.first < c.end && c.end <= c.points))
        root.problems().error(r->pointer(), "the points [first, end) must lie within the sweep's points");
    r->reportUnknown();
    sweep.chunk = c;
}

/// What needs the base vehicle: each path names leaves there, no leaf is set by two parameters,
/// a grid range has steps, the number of points.
void crossCheck(ObjectReader& root, Sweep& sweep)
{
    Problems& problems = root.problems();
    std::vector<std::pair<std::string, std::size_t>> setBy;  // leaf, parameter
    for (std::size_t i = 0; i < sweep.parameters.size(); ++i) {
        const Parameter& p = sweep.parameters[i];
        const std::string at = root.at("parameters") + "/" + std::to_string(i);
        // A tune file moves its ranges itself; it makes grid points only when it gives steps.
        if (sweep.design.type == DesignType::Grid && !sweep.tune && !p.isList() && p.steps == 0 && p.min < p.max)
            problems.error(at, "a grid needs \"steps\" for a range (or a \"design\" of type random or latinHypercube)");
        if (!sweep.vehicle || p.path.empty() || !ParameterRegistry::instance().findLeaf(p.path))
            continue;
        const std::vector<LeafTarget> leaves = parameterLeaves(*sweep.vehicle, p);
        if (p.link != Link::None && !p.path.starts_with("wheels["))
            problems.warning(at + "/link", "a link joins wheels; " + p.path + " is no wheel's parameter, ignored");
        if (leaves.empty())
            problems.error(at + "/path", "matches nothing in the base vehicle \"" + sweep.vehicle->name + "\"");
        for (const LeafTarget& leaf : leaves) {
            const auto it = std::find_if(setBy.begin(), setBy.end(), [&](const auto& s) { return s.first == leaf.path; });
            if (it != setBy.end()) {
                problems.error(at + "/path", "sets " + leaf.path + ", which /parameters/" + std::to_string(it->second) + " sets too");
                break;
            }
            setBy.emplace_back(leaf.path, i);
        }
    }
    if (!problems.hasErrors() && pointCount(sweep) > kMaxPoints)
        problems.error(root.at("parameters"), "the grid has more than " + std::to_string(kMaxPoints) +
                                                  " points; use fewer levels or a random design");
    else if (!problems.hasErrors() && pointCount(sweep) * sweep.parameters.size() > kMaxPointValues)
        problems.error(root.at("parameters"), std::to_string(pointCount(sweep)) + " points of " + std::to_string(sweep.parameters.size()) +
                                                  " parameters are more than " + std::to_string(kMaxPointValues) +
                                                  " values; cut the sweep into several");
    if (sweep.chunk && !problems.hasErrors() && sweep.chunk->points != pointCount(sweep))
        problems.error(root.at("chunk") + "/points", "the sweep has " + std::to_string(pointCount(sweep)) + " points, the chunk says " +
                                                         std::to_string(sweep.chunk->points));
}

}  // namespace

SweepDocument parseSweep(std::string_view text, const SweepContext& context)
{
    SweepDocument doc;
    Problems& problems = doc.problems;
    json::JsonLimits limits;
    limits.maxBytes = kMaxSweepFileBytes;
    limits.maxValues = 2'500'000;  // an inlined terrain grid
    std::optional<Json> json = json::parseJson(text, problems, limits);
    if (!json)
        return doc;
    if (!json->is_object()) {
        problems.error("", "a sweep file is a JSON object, got " + json::describeJson(*json));
        return doc;
    }
    doc.parsed = true;
    ObjectReader r(*json, "", problems, false);  // Jounce writes sweep files only as chunks
    if (!json::readFormatHeader(r, kSweepFormat, kSweepSchemaVersion, "a sweep file"))
        return doc;
    Sweep& s = doc.sweep;
    if (auto name = boundedText(r, "name", json::kMaxNameBytes))
        s.name = *name;
    if (auto description = boundedText(r, "description", json::kMaxDescriptionBytes))
        s.description = *description;
    detail::readSources(r, context, s);
    readParameters(r, s);
    readDesign(r, s);
    readFigures(r, s);
    if (auto d = r.number("maxDuration", kDuration))
        s.maxDuration = *d;
    readTune(r, s);
    readChunk(r, s);
    crossCheck(r, s);
    r.reportUnknown();
    return doc;
}

SweepDocument loadSweep(const std::string& path, const std::string& presetsDir)
{
    std::string text;
    if (std::string err = json::readTextFile(path, kMaxSweepFileBytes, text); !err.empty()) {
        SweepDocument doc;
        doc.problems.error("", err);
        return doc;
    }
    return parseSweep(text, {std::filesystem::path(path).parent_path().string(), presetsDir});
}

}  // namespace jounce::sweep
