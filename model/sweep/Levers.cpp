#include "sweep/Levers.h"

#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"
#include "config/VehicleJson.h"

#include <algorithm>
#include <cmath>

namespace jounce::sweep {
namespace {

namespace param = config::param;

struct Candidate {
    std::string name;
    std::string path;
};

/// The tire's stiffness and grip levers, by model: what sets the axle's cornering and traction.
void tireCandidates(const TireData& tire, std::size_t w, const std::string& axle, std::vector<Candidate>& out)
{
    namespace t = param::wheels::tire;
    switch (tire.model()) {
    case TireModelKind::PhysX:
        out.push_back({axle + " tire lateral stiffness", t::latStiffY(w)});
        out.push_back({axle + " tire longitudinal stiffness", t::longitudinalStiffnessPerUnitGravity(w)});
        break;
    case TireModelKind::Unity:
        out.push_back({axle + " tire sideways grip", t::sidewaysFriction::stiffness(w)});
        out.push_back({axle + " tire forward grip", t::forwardFriction::stiffness(w)});
        break;
    case TireModelKind::MagicFormula:
        out.push_back({axle + " tire cornering stiffness", t::magicFormula::lateral::PKY1(w)});
        out.push_back({axle + " tire lateral grip", t::magicFormula::lateral::PDY1(w)});
        out.push_back({axle + " tire longitudinal grip", t::magicFormula::longitudinal::PDX1(w)});
        break;
    }
}

/// The levers of one axle, named by `axle`, through its wheel `w` (the axle link sets its partner).
void axleCandidates(const VehicleConfig& v, std::size_t w, const std::string& axle, std::vector<Candidate>& out)
{
    namespace s = param::wheels::suspension;
    out.push_back({axle + " springs", s::springStrength(w)});
    out.push_back({axle + " dampers", s::springDamperRate(w)});
    out.push_back({axle + " brakes", param::wheels::wheel::maxBrakeTorque(w)});
    tireCandidates(v.wheels[w].tire, w, axle, out);
    for (std::size_t b = 0; b < v.antiRollBars.size(); ++b)
        if (std::size_t(v.antiRollBars[b].wheel0) == w || std::size_t(v.antiRollBars[b].wheel1) == w)
            out.push_back({axle + " anti-roll bar", param::antiRollBars::stiffness(b)});
}

std::vector<Candidate> candidates(const VehicleConfig& v)
{
    std::vector<Candidate> out;
    if (v.wheels.empty())
        return out;
    axleCandidates(v, 0, "front", out);
    if (v.wheels.size() > 2)
        axleCandidates(v, v.wheels.size() - 1, "rear", out);
    out.push_back({"mass", param::chassis::mass.str()});
    if (v.drive.type != DriveType::None) {
        out.push_back({"engine peak torque", param::drive::engine::peakTorque.str()});
        out.push_back({"final drive ratio", param::drive::gears::finalRatio.str()});
    }
    return out;
}

}  // namespace

std::string leverManeuver(const std::string& figure)
{
    const FigureInfo* f = findFigure(figure);
    if (!f)
        return {};
    switch (f->measure) {
    case sim::Measure::Acceleration: return "acceleration-0-100";
    case sim::Measure::Braking: return "braking-100-0";
    case sim::Measure::Skidpad: return "skidpad";
    case sim::Measure::StepSteer: return "step-steer";
    case sim::Measure::PathTracking: return "double-lane-change";
    case sim::Measure::GapKeeping: return "follow-stop-and-go";
    case sim::Measure::SplitBraking: return "split-friction-braking";
    case sim::Measure::SineWithDwell: return "sine-with-dwell";
    }
    return {};
}

Json leversSweepJson(const VehicleConfig& vehicle, const std::string& figure)
{
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    Json parameters = Json::array();
    for (const Candidate& c : candidates(vehicle)) {
        const std::optional<Json> value = registry.get(vehicle, c.path);
        if (!value || !value->is_number() || value->get<double>() == 0.0)
            continue;  // a factor cannot move a 0 (a bar of 0 N/m, a model's unused term)
        parameters.push_back({{"path", c.path}, {"name", c.name}, {"link", param::wheels::wheelIndex(c.path) ? "axle" : "none"},
                              {"scale", "factor"}, {"min", 1.0 - kLeverSpread}, {"max", 1.0 + kLeverSpread}, {"steps", 2}});
    }
    return Json{{"format", "jounce.sweep"},
                {"schemaVersion", 1},
                {"name", "levers of " + figure},
                {"description", "each lever at -20 % and +20 % of the vehicle's value, one at a time (jounce-cli levers)"},
                {"vehicle", config::vehicleToJson(vehicle)},
                {"maneuver", leverManeuver(figure)},
                {"terrain", "proving-ground"},
                {"parameters", parameters},
                {"design", {{"type", "grid"}}},
                {"figures", {figure}}};
}

std::optional<double> Lever::effect() const
{
    if (!atLow || !atHigh)
        return std::nullopt;
    return *atHigh - *atLow;
}

std::vector<Lever> rankLevers(const Sweep& sweep, std::span<const PointResult> results)
{
    std::vector<Lever> out;
    const std::vector<Tornado> all = tornadoes(sweep, results);
    if (all.empty())
        return out;
    for (const TornadoBar& bar : all.front().bars) {
        const Parameter& p = sweep.parameters[bar.parameter];
        out.push_back({p.name.empty() ? p.path : p.name, p.path, bar.atLow, bar.atHigh});
    }
    // Largest change first; a lever without a measure (a failed point) last, in file order.
    std::stable_sort(out.begin(), out.end(), [](const Lever& a, const Lever& b) {
        const std::optional<double> ea = a.effect(), eb = b.effect();
        if (ea.has_value() != eb.has_value())
            return ea.has_value();
        return ea && std::fabs(*ea) > std::fabs(*eb);
    });
    return out;
}

}  // namespace jounce::sweep
