#include "CurveDefinitions.h"

#include "config/Units.h"
#include "vehicle/Engine.h"
#include "vehicle/InputSmoothing.h"
#include "vehicle/TireFriction.h"
#include "vehicle/TireLoad.h"
#include "vehicle/TireModel.h"

#include <cmath>

namespace jounce::widgets {
namespace {

using telemetry::VehicleChannel;
using telemetry::WheelChannel;

std::string idx(std::size_t i) { return "[" + std::to_string(i) + "]"; }

/// A graph of GraphPoints at `base` (e.g. "drive.engine.torqueCurve").
CurveSeries graphSeries(const std::string& name, const std::string& base, const std::vector<GraphPoint>& g,
                        bool xFirstFixed = false)
{
    CurveSeries s{name, {}};
    for (std::size_t i = 0; i < g.size(); ++i)
        s.points.push_back({g[i].x, g[i].y, xFirstFixed && i == 0 ? std::string() : base + idx(i) + "[0]", base + idx(i) + "[1]"});
    return s;
}

std::string wheelBase(int wheel) { return "wheels[" + std::to_string(wheel) + "]"; }

}  // namespace

std::vector<CurveDef> curveDefinitions(const VehicleConfig& c, int wheel)
{
    std::vector<CurveDef> out;
    const bool hasWheel = wheel >= 0 && wheel < static_cast<int>(c.wheels.size());
    const std::size_t w = hasWheel ? std::size_t(wheel) : 0;
    const bool engine = c.drive.type != DriveType::None;

    if (engine) {
        CurveDef d;
        d.id = "torqueCurve";
        d.title = "Engine torque curve";
        d.xLabel = "engine speed / maxOmega";
        d.yLabel = "fraction of peakTorque";
        d.series.push_back(graphSeries("torqueCurve", "drive.engine.torqueCurve", c.drive.engine.torqueCurve));
        const EngineData e = c.drive.engine;
        d.operating = [e](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
            const double omega = f.vehicle(VehicleChannel::EngineOmega);
            return std::pair{omega / e.maxOmega, sim::engineTorqueCurve(e, omega)};
        };
        out.push_back(d);
    }
    if (hasWheel) {
        const WheelConfig& wc = c.wheels[w];
        const std::string base = wheelBase(wheel);
        {
            CurveDef d;
            d.id = "frictionVsSlip";
            d.title = "Friction vs longitudinal slip";
            d.perWheel = true;
            d.xLabel = "|longitudinal slip|";
            d.yLabel = "friction multiplier";
            d.series.push_back(graphSeries("frictionVsSlipGraph", base + ".tire.frictionVsSlipGraph", wc.tire.frictionVsSlipGraph, true));
            const TireData tire = wc.tire;
            d.operating = [tire, wheel](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
                if (f.wheel(WheelChannel::InAir, wheel) > 0.5)
                    return std::nullopt;
                const double s = std::fabs(f.wheel(WheelChannel::LongSlip, wheel));
                return std::pair{s, sim::frictionVsSlip(tire.frictionVsSlipGraph, s)};
            };
            out.push_back(d);
        }
        {
            // C_T / L_rest = latStiffY · f1(3 ℓ / latStiffX) (§2.10); the knee (latStiffX, latStiffY)
            // is the one point: drag it to set both.
            CurveDef d;
            d.id = "lateralStiffness";
            d.title = "Lateral stiffness vs normalised load";
            d.perWheel = true;
            d.xLabel = "normalised tire load";
            d.yLabel = "lateral stiffness / rest load (1/rad)";
            d.series.push_back({"saturation knee",
                                {{wc.tire.latStiffX, wc.tire.latStiffY, base + ".tire.latStiffX", base + ".tire.latStiffY"}}});
            for (int i = 0; i <= 60; ++i) {
                const double l = 4.0 * i / 60.0;
                d.line.push_back({l, wc.tire.latStiffY * sim::tireSmoothing1(3.0 * l / wc.tire.latStiffX)});
            }
            const TireData tire = wc.tire;
            d.operating = [tire, wheel](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
                const double l = f.wheel(WheelChannel::NormTireLoad, wheel);
                return std::pair{l, tire.latStiffY * sim::tireSmoothing1(3.0 * std::max(0.0, l) / tire.latStiffX)};
            };
            out.push_back(d);
        }
        {
            // §2.11: camber at full droop, at rest and at full compression.
            CurveDef d;
            d.id = "camber";
            d.title = "Camber vs jounce";
            d.perWheel = true;
            d.xLabel = "jounce (m)";
            d.yLabel = "camber (deg)";
            d.yScale = radiansToDegrees(1.0);
            const SuspensionData& s = wc.suspension;
            d.series.push_back({"camberAt*",
                                {{-s.maxDroop, s.camberAtRest + s.camberAtMaxDroop, "", base + ".suspension.camberAtMaxDroop"},
                                 {0.0, s.camberAtRest, "", base + ".suspension.camberAtRest"},
                                 {s.maxCompression, s.camberAtRest + s.camberAtMaxCompression, "", base + ".suspension.camberAtMaxCompression"}}});
            d.operating = [wheel](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
                return std::pair{f.wheel(WheelChannel::Jounce, wheel), f.wheel(WheelChannel::Camber, wheel)};
            };
            out.push_back(d);
        }
        if (wc.compliance) {
            const double droop = wc.suspension.maxDroop, travel = wc.suspension.maxDroop + wc.suspension.maxCompression;
            auto normalised = [droop, travel](double x) { return travel > 0 ? (x + droop) / travel : 0.0; };
            for (auto [key, graph, label] : {std::tuple{"wheelToeAngle", &wc.compliance->wheelToeAngle, "toe (deg)"},
                                             std::tuple{"wheelCamberAngle", &wc.compliance->wheelCamberAngle, "camber (deg)"}}) {
                if (graph->empty())
                    continue;
                CurveDef d;
                d.id = key;
                d.title = std::string("Compliance: ") + key;
                d.perWheel = true;
                d.xLabel = "normalised jounce (0 droop, 1 compression)";
                d.yLabel = label;
                d.yScale = radiansToDegrees(1.0);
                d.series.push_back(graphSeries(key, base + ".compliance." + key, *graph));
                const bool toe = std::string(key) == "wheelToeAngle";
                d.operating = [wheel, normalised, toe](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
                    return std::pair{normalised(f.wheel(WheelChannel::Jounce, wheel)),
                                     f.wheel(toe ? WheelChannel::SteerAngle : WheelChannel::Camber, wheel)};
                };
                out.push_back(d);
            }
        }
    }
    {
        CurveDef d;
        d.id = "loadFilter";
        d.title = "Tire load filter";
        d.xLabel = "normalised tire load";
        d.yLabel = "filtered normalised load";
        const TireLoadFilterData& f = c.tireLoadFilter;
        d.series.push_back({"filter points",
                            {{f.minNormalisedLoad, f.minFilteredNormalisedLoad, "tireLoadFilter.minNormalisedLoad",
                              "tireLoadFilter.minFilteredNormalisedLoad"},
                             {f.maxNormalisedLoad, f.maxFilteredNormalisedLoad, "tireLoadFilter.maxNormalisedLoad",
                              "tireLoadFilter.maxFilteredNormalisedLoad"}}});
        const TireLoadFilterData filter = f;
        const int w0 = hasWheel ? wheel : 0;
        d.operating = [filter, w0](const telemetry::Frame& fr) -> std::optional<std::pair<double, double>> {
            const double l = fr.wheel(WheelChannel::NormTireLoad, w0);
            return std::pair{l, sim::filterNormalisedLoad(filter, l)};
        };
        out.push_back(d);
    }
    if (c.drive.type == DriveType::FourWheel || c.drive.type == DriveType::NWheel) {
        CurveDef d;
        d.id = "steerVsSpeed";
        d.title = "Steer limit vs forward speed";
        d.xLabel = "forward speed (m/s)";
        d.yLabel = "largest steer fraction";
        d.series.push_back(graphSeries("steerVsForwardSpeedTable", "controls.steerVsForwardSpeedTable",
                                       c.controls.steerVsForwardSpeedTable));
        const std::vector<GraphPoint> table = c.controls.steerVsForwardSpeedTable;
        d.operating = [table](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
            const double v = std::fabs(f.vehicle(VehicleChannel::ForwardSpeed));
            return std::pair{v, sim::steerLimit(table, v, false)};
        };
        out.push_back(d);
    }
    if (engine) {
        CurveDef gears;
        gears.id = "gearRatios";
        gears.title = "Gear ratios";
        gears.stepwise = true;
        gears.xLabel = "gear (-1 reverse, 1.. forward)";
        gears.yLabel = "ratio";
        CurveSeries ratios{"ratios", {}};
        for (std::size_t g = 0; g < c.drive.gears.ratios.size(); ++g)
            if (g != std::size_t(kNeutralGearIndex))
                ratios.points.push_back({double(int(g) - kNeutralGearIndex), c.drive.gears.ratios[g], "", "drive.gears.ratios" + idx(g)});
        gears.series.push_back(ratios);
        // The operating point is the engaged gear at its ratio (total ratio / final ratio).
        const double finalRatio = c.drive.gears.finalRatio;
        gears.operating = [finalRatio](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
            const double gear = f.vehicle(VehicleChannel::Gear);
            if (gear == 0.0 || finalRatio == 0.0)
                return std::nullopt;
            return std::pair{gear, f.vehicle(VehicleChannel::GearRatio) / finalRatio};
        };
        out.push_back(gears);

        CurveDef box;
        box.id = "autoBox";
        box.title = "Autobox up/down ratios";
        box.stepwise = true;
        box.xLabel = "gear (1.. forward)";
        box.yLabel = "engine speed / maxOmega";
        CurveSeries up{"upRatios", {}}, down{"downRatios", {}};
        for (std::size_t g = std::size_t(kFirstGearIndex); g < c.drive.autoBox.upRatios.size(); ++g)
            up.points.push_back({double(int(g) - kNeutralGearIndex), c.drive.autoBox.upRatios[g], "", "drive.autoBox.upRatios" + idx(g)});
        for (std::size_t g = std::size_t(kFirstGearIndex); g < c.drive.autoBox.downRatios.size(); ++g)
            down.points.push_back({double(int(g) - kNeutralGearIndex), c.drive.autoBox.downRatios[g], "", "drive.autoBox.downRatios" + idx(g)});
        box.series = {up, down};
        const double maxOmega = c.drive.engine.maxOmega;
        box.operating = [maxOmega](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
            return std::pair{f.vehicle(VehicleChannel::Gear), f.vehicle(VehicleChannel::EngineOmega) / maxOmega};
        };
        out.push_back(box);
    }
    return out;
}

std::vector<std::pair<std::string, config::Json>> movePoint(const CurveDef& curve, int series, int index, double x, double y)
{
    std::vector<std::pair<std::string, config::Json>> edits;
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
