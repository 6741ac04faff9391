#include "CurveDefinitions.h"

#include "config/ParameterPaths.h"
#include "vehicle/Engine.h"
#include "vehicle/InputSmoothing.h"
#include "vehicle/TireLoad.h"
#include "vehicle/tire/Tire.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace jounce::widgets {
namespace {

namespace param = config::param;
using config::GraphInfo;
using config::Json;
using config::Node;
using telemetry::VehicleChannel;
using telemetry::WheelChannel;
using Operating = std::function<std::optional<std::pair<double, double>>(const telemetry::Frame&)>;

/// The order of the editor's list: kTireCurves stands for the tire model's curves, in the model's
/// order; curves not named here follow in registry order.
const char* const kTireCurves = "(tire)";
const char* const kDisplayOrder[] = {"torqueCurve", kTireCurves,    "camber",       "wheelToeAngle", "wheelCamberAngle",
                                     "loadFilter",  "steerVsSpeed", "gearRatios",   "autoBox"};

// ---- curves generated from the registry's graphs ---------------------------------------------

/// What the model adds to a graph's curve: whether the vehicle uses it (beyond having it) and its
/// live operating point. Graphs without an entry are drawn without one.
struct GraphBehaviour {
    std::string pattern;  ///< the graph's registry path pattern
    std::function<bool(const VehicleConfig&)> used;
    std::function<Operating(const VehicleConfig&, int wheel)> operating;
};

/// A compliance graph's operating point: normalised jounce against the steer or camber angle.
Operating complianceOperating(const VehicleConfig& c, int wheel, WheelChannel angle)
{
    const SuspensionData& s = c.wheels[std::size_t(wheel)].suspension;
    const double droop = s.maxDroop, travel = s.maxDroop + s.maxCompression;
    return [wheel, droop, travel, angle](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
        const double jounce = f.wheel(WheelChannel::Jounce, wheel);
        return std::pair{travel > 0 ? (jounce + droop) / travel : 0.0, f.wheel(angle, wheel)};
    };
}

const std::vector<GraphBehaviour>& graphBehaviours()
{
    static const std::vector<GraphBehaviour> behaviours{
        {param::drive::engine::torqueCurve.str(), {},
         [](const VehicleConfig& c, int) -> Operating {
             const EngineData e = c.drive.engine;
             return [e](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
                 const double omega = f.vehicle(VehicleChannel::EngineOmega);
                 return std::pair{omega / e.maxOmega, sim::engineTorqueCurve(e, omega)};
             };
         }},
        {param::wheels::compliance::wheelToeAngle.str(), {},
         [](const VehicleConfig& c, int wheel) { return complianceOperating(c, wheel, WheelChannel::SteerAngle); }},
        {param::wheels::compliance::wheelCamberAngle.str(), {},
         [](const VehicleConfig& c, int wheel) { return complianceOperating(c, wheel, WheelChannel::Camber); }},
        // The steer limit table is read by the 4W and NW drives only.
        {param::controls::steerVsForwardSpeedTable.str(),
         [](const VehicleConfig& c) { return c.drive.type == DriveType::FourWheel || c.drive.type == DriveType::NWheel; },
         [](const VehicleConfig& c, int) -> Operating {
             const std::vector<GraphPoint> table = c.controls.steerVsForwardSpeedTable;
             return [table](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
                 const double v = std::fabs(f.vehicle(VehicleChannel::ForwardSpeed));
                 return std::pair{v, sim::steerLimit(table, v, false)};
             };
         }},
    };
    return behaviours;
}

/// An axis label from the graph's axis name and the display unit of its leaf's unit;
/// dimensionless values without a unit.
std::string axisLabel(const std::string& axis, const Conversion& shown)
{
    return shown.titled(QString::fromStdString(axis)).toStdString();
}

/// The curve of one registry graph in this vehicle (wheel `wheel` for per-wheel graphs), or
/// nullopt when the vehicle lacks the graph or does not use it.
std::optional<CurveDef> graphCurve(const Node& graph, const VehicleConfig& c, int wheel, const Json& written,
                                   const UnitChoices& units)
{
    const GraphInfo& info = *graph.graph;
    const std::string pattern = graph.pathPattern();
    const bool perWheel = param::wheels::list.contains(pattern);
    if (perWheel && (wheel < 0 || wheel >= static_cast<int>(c.wheels.size())))
        return std::nullopt;
    const std::string path = perWheel ? param::ElementPath{pattern}(std::size_t(wheel)) : pattern;
    const Json::json_pointer pointer(config::ParameterRegistry::pathToPointer(path));
    if (path.find('[') != std::string::npos && !perWheel)
        return std::nullopt;  // a graph in some other list: no editor for it yet
    if (param::wheels::tire::object.contains(pattern))
        return std::nullopt;  // the tire model draws its own (tireCurve)
    if (!written.contains(pointer))
        return std::nullopt;  // an absent optional part, or a part of another drive type
    const Json& points = written.at(pointer);
    if (points.empty() && graph.minItems == 0)
        return std::nullopt;
    const GraphBehaviour* behaviour = nullptr;
    for (const GraphBehaviour& b : graphBehaviours())
        if (b.pattern == pattern)
            behaviour = &b;
    if (behaviour && behaviour->used && !behaviour->used(c))
        return std::nullopt;

    const Node& x = *graph.element->children.at(0);
    const Node& y = *graph.element->children.at(1);
    CurveDef d;
    d.id = info.id;
    d.title = info.title;
    d.perWheel = perWheel;
    const Conversion xShown = units.conversion(x.info.unit);
    const Conversion yShown = units.conversion(y.info.unit);
    d.xLabel = axisLabel(info.xAxis, xShown);
    d.yLabel = axisLabel(info.yAxis, yShown);
    d.xScale = xShown.factor;
    d.yScale = yShown.factor;
    CurveSeries s{graph.key, {}};
    const param::Path base{path};
    for (std::size_t i = 0; i < points.size(); ++i)
        s.points.push_back({points[i].at(0).get<double>(), points[i].at(1).get<double>(),
                            info.fixedFirstX && i == 0 ? std::string() : base(i, 0), base(i, 1)});
    d.series.push_back(std::move(s));
    if (behaviour && behaviour->operating)
        d.operating = behaviour->operating(c, wheel);
    return d;
}

// ---- curves of scalar parameters (no graph in the registry) -----------------------------------

/// A curve of the wheel's tire model (vehicle/tire/Tire.h), its axes in the display units.
CurveDef tireCurve(sim::TireCurve&& t, const UnitChoices& units)
{
    CurveDef d;
    d.id = std::move(t.id);
    d.title = std::move(t.title);
    d.perWheel = true;
    const Conversion x = units.conversion(t.x.unit);
    const Conversion y = units.conversion(t.y.unit);
    d.xLabel = axisLabel(t.x.name, x);
    d.yLabel = axisLabel(t.y.name, y);
    d.xScale = x.factor;
    d.yScale = y.factor;
    CurveSeries s{std::move(t.handlesName), {}};
    for (sim::TireCurveHandle& h : t.handles)
        s.points.push_back({h.x, h.y, std::move(h.xPath), std::move(h.yPath)});
    d.series.push_back(std::move(s));
    for (sim::TireCurveLine& l : t.lines)
        if (l.points != t.line)
            d.family.push_back({std::move(l.name), std::move(l.points)});
    d.line = std::move(t.line);
    d.operating = std::move(t.operating);
    return d;
}

/// §2.11: camber at full droop, at rest and at full compression.
CurveDef camberCurve(const WheelConfig& wc, int wheel, const UnitChoices& units)
{
    namespace susp = param::wheels::suspension;
    CurveDef d;
    d.id = "camber";
    d.title = "Camber vs jounce";
    d.perWheel = true;
    const Conversion jounce = units.conversion("m");
    const Conversion camber = units.conversion("rad");
    d.xLabel = axisLabel("jounce", jounce);
    d.yLabel = axisLabel("camber", camber);
    d.xScale = jounce.factor;
    d.yScale = camber.factor;
    const SuspensionData& s = wc.suspension;
    const std::size_t w = std::size_t(wheel);
    d.series.push_back({"camberAt*",
                        {{-s.maxDroop, s.camberAtRest + s.camberAtMaxDroop, "", susp::camberAtMaxDroop(w)},
                         {0.0, s.camberAtRest, "", susp::camberAtRest(w)},
                         {s.maxCompression, s.camberAtRest + s.camberAtMaxCompression, "", susp::camberAtMaxCompression(w)}}});
    d.operating = [wheel](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
        return std::pair{f.wheel(WheelChannel::Jounce, wheel), f.wheel(WheelChannel::Camber, wheel)};
    };
    return d;
}

CurveDef loadFilterCurve(const VehicleConfig& c, int wheel)
{
    namespace tlf = param::tireLoadFilter;
    CurveDef d;
    d.id = "loadFilter";
    d.title = "Tire load filter";
    d.xLabel = "normalised tire load";
    d.yLabel = "filtered normalised load";
    const TireLoadFilterData& f = c.tireLoadFilter;
    d.series.push_back({"filter points",
                        {{f.minNormalisedLoad, f.minFilteredNormalisedLoad, tlf::minNormalisedLoad, tlf::minFilteredNormalisedLoad},
                         {f.maxNormalisedLoad, f.maxFilteredNormalisedLoad, tlf::maxNormalisedLoad, tlf::maxFilteredNormalisedLoad}}});
    // The wheel's point: the raw load over the rest load in, the filtered normalised load out
    // (the two channels the model publishes, vehicle-model §2.6).
    const std::size_t w = std::min(std::size_t(std::max(wheel, 0)), c.wheels.empty() ? 0 : c.wheels.size() - 1);
    const double rest = c.wheels.empty() ? 0.0
                                         : sim::wheelRestLoad(c.wheels[w], kGravity);
    d.operating = [rest, wheel](const telemetry::Frame& fr) -> std::optional<std::pair<double, double>> {
        if (!(rest > 0.0) || fr.wheel(WheelChannel::InAir, wheel) > 0.5)
            return std::nullopt;
        return std::pair{fr.wheel(WheelChannel::RawTireLoad, wheel) / rest, fr.wheel(WheelChannel::NormTireLoad, wheel)};
    };
    return d;
}

/// Points of a per-gear list from gear `first` on, at x = gear number (-1 reverse, 1.. forward).
CurveSeries gearSeries(const param::Path& list, const std::vector<double>& values, std::size_t first)
{
    CurveSeries s{std::string(list.key()), {}};
    for (std::size_t g = first; g < values.size(); ++g)
        if (g != std::size_t(kNeutralGearIndex))
            s.points.push_back({double(int(g) - kNeutralGearIndex), values[g], "", list(g)});
    return s;
}

CurveDef gearRatioCurve(const VehicleConfig& c)
{
    CurveDef gears;
    gears.id = "gearRatios";
    gears.title = "Gear ratios";
    gears.stepwise = true;
    gears.xLabel = "gear (-1 reverse, 1.. forward)";
    gears.yLabel = "ratio";
    gears.series.push_back(gearSeries(param::drive::gears::ratios, c.drive.gears.ratios, 0));
    // The operating point is the engaged gear at its ratio (total ratio / final ratio).
    const double finalRatio = c.drive.gears.finalRatio;
    gears.operating = [finalRatio](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
        const double gear = f.vehicle(VehicleChannel::Gear);
        if (gear == 0.0 || finalRatio == 0.0)
            return std::nullopt;
        return std::pair{gear, f.vehicle(VehicleChannel::GearRatio) / finalRatio};
    };
    return gears;
}

CurveDef autoBoxCurve(const VehicleConfig& c)
{
    CurveDef box;
    box.id = "autoBox";
    box.title = "Autobox up/down ratios";
    box.stepwise = true;
    box.xLabel = "gear (1.. forward)";
    box.yLabel = "engine speed / maxOmega";
    box.series = {gearSeries(param::drive::autoBox::upRatios, c.drive.autoBox.upRatios, std::size_t(kFirstGearIndex)),
                  gearSeries(param::drive::autoBox::downRatios, c.drive.autoBox.downRatios, std::size_t(kFirstGearIndex))};
    const double maxOmega = c.drive.engine.maxOmega;
    box.operating = [maxOmega](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
        return std::pair{f.vehicle(VehicleChannel::Gear), f.vehicle(VehicleChannel::EngineOmega) / maxOmega};
    };
    return box;
}

std::size_t displayRank(const CurveDef& curve, const std::vector<std::string>& tireCurves)
{
    const bool tire = std::find(tireCurves.begin(), tireCurves.end(), curve.id) != tireCurves.end();
    const std::string key = tire ? std::string(kTireCurves) : curve.id;
    const auto* it = std::find(std::begin(kDisplayOrder), std::end(kDisplayOrder), key);
    return std::size_t(it - std::begin(kDisplayOrder));
}

}  // namespace

std::vector<CurveDef> curveDefinitions(const VehicleConfig& c, int wheel)
{
    return curveDefinitions(c, wheel, DisplayUnits::current());
}

std::vector<CurveDef> curveDefinitions(const VehicleConfig& c, int wheel, const UnitChoices& units)
{
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    std::vector<CurveDef> out;
    const bool hasWheel = wheel >= 0 && wheel < static_cast<int>(c.wheels.size());
    const Json written = registry.write(c);
    for (const Node* graph : registry.graphs())
        if (std::optional<CurveDef> d = graphCurve(*graph, c, wheel, written, units))
            out.push_back(std::move(*d));
    std::vector<std::string> tireIds;
    if (hasWheel) {
        for (sim::TireCurve& t : sim::tireCurves(c.wheels[std::size_t(wheel)].tire, std::size_t(wheel))) {
            tireIds.push_back(t.id);
            out.push_back(tireCurve(std::move(t), units));
        }
        out.push_back(camberCurve(c.wheels[std::size_t(wheel)], wheel, units));
    }
    out.push_back(loadFilterCurve(c, hasWheel ? wheel : 0));
    // The gear lists are lists of scalars indexed by gear, not graphs: drawn as steps.
    if (c.drive.type != DriveType::None) {
        out.push_back(gearRatioCurve(c));
        out.push_back(autoBoxCurve(c));
    }
    std::stable_sort(out.begin(), out.end(), [&tireIds](const CurveDef& a, const CurveDef& b) {
        return displayRank(a, tireIds) < displayRank(b, tireIds);
    });
    return out;
}

AxisRange niceAxisRange(double lo, double hi, int intervals)
{
    if (!(lo <= hi) || !std::isfinite(lo) || !std::isfinite(hi))
        return {};
    const double magnitude = std::max(std::fabs(lo), std::fabs(hi));
    const double minSpan = magnitude > 0.0 ? 0.5 * magnitude : 1.0;
    if (hi - lo < minSpan) {
        const double centre = 0.5 * (lo + hi);
        lo = centre - 0.5 * minSpan;
        hi = centre + 0.5 * minSpan;
    }
    if (lo > 0.0 && lo <= 2.0 * (hi - lo))
        lo = 0.0;
    else if (hi < 0.0 && -hi <= 2.0 * (hi - lo))
        hi = 0.0;
    // The smallest round step that gives at most `intervals` intervals.
    const double raw = (hi - lo) / std::max(1, intervals);
    const double decade = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10.0 * decade;
    for (const double m : {1.0, 2.0, 2.5, 5.0})
        if (m * decade >= raw * (1.0 - 1e-12)) {
            step = m * decade;
            break;
        }
    lo = std::floor(lo / step + 1e-9) * step;
    hi = std::ceil(hi / step - 1e-9) * step;
    const double margin = 0.04 * (hi - lo);
    return {lo - margin, hi + margin, step};
}

AxisRange settleAxisRange(const AxisRange& current, double lo, double hi, int intervals)
{
    const AxisRange fresh = niceAxisRange(lo, hi, intervals);
    const bool fits = current.min <= lo && hi <= current.max;
    return fits && fresh.max - fresh.min >= 0.5 * (current.max - current.min) ? current : fresh;
}

int tickIntervals(const AxisRange& range)
{
    if (!(range.tickInterval > 0.0))
        return 0;
    return static_cast<int>(std::floor(range.max / range.tickInterval + 1e-9) - std::ceil(range.min / range.tickInterval - 1e-9));
}

config::EditList movePoint(const CurveDef& curve, int series, int index, double x, double y)
{
    config::EditList edits;
    if (series < 0 || series >= static_cast<int>(curve.series.size()))
        return edits;
    const auto& pts = curve.series[std::size_t(series)].points;
    if (index < 0 || index >= static_cast<int>(pts.size()))
        return edits;
    const CurvePoint& p = pts[std::size_t(index)];
    if (!p.xPath.empty() && x != p.x)
        edits.push_back({p.xPath, x});
    if (!p.yPath.empty() && y != p.y) {
        // Camber points at droop/compression store the offset from the rest camber (§2.11).
        double stored = y;
        if (curve.id == "camber" && index != 1)
            stored = y - pts[1].y;
        edits.push_back({p.yPath, stored});
    }
    return edits;
}

}  // namespace jounce::widgets
