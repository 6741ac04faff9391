#include "tirefit/VehicleTireFit.h"

#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"
#include "config/WheelLink.h"
#include "json/NumberText.h"
#include "vehicle/TireLoad.h"

#include <cmath>
#include <iterator>

namespace jounce::tirefit {
namespace {

namespace param = config::param;
using json::text::num;

std::string wheelList(const std::vector<std::size_t>& wheels)
{
    std::string s;
    for (const std::size_t w : wheels)
        s += (s.empty() ? "" : ", ") + std::to_string(w);
    return s;
}

/// The chosen wheels split by axle group, then by tire (wheels with equal tires fit together).
std::vector<GroupFit> groupWheels(const VehicleConfig& vehicle, WheelChoice choice)
{
    const std::vector<bool> front = config::frontWheels(vehicle);
    std::vector<GroupFit> groups;
    for (const bool axle : {true, false}) {
        if (choice != WheelChoice::All && axle != (choice == WheelChoice::Front))
            continue;
        const std::size_t first = groups.size();
        for (std::size_t w = 0; w < vehicle.wheels.size(); ++w) {
            if (front[w] != axle)
                continue;
            GroupFit* group = nullptr;
            for (std::size_t g = first; g < groups.size() && !group; ++g)
                if (vehicle.wheels[groups[g].wheels.front()].tire.params == vehicle.wheels[w].tire.params)
                    group = &groups[g];
            if (!group) {
                groups.push_back({axle ? "front" : "rear", {}, vehicle.wheels[w].tire.model(), 0.0, {}});
                group = &groups.back();
            }
            group->wheels.push_back(w);
        }
    }
    return groups;
}

/// tire.model, then every other leaf of the tire on wheel `w` of `candidate` (which has the fitted
/// one): the model's parameters, and the tire type as it was.
void appendTireEdits(const VehicleConfig& candidate, std::size_t w, config::EditList& edits)
{
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    const std::string model = param::wheels::tire::model(w);
    const std::string prefix = param::wheels::tire::object(w) + ".";
    edits.push_back({model, config::Json(tireModelName(candidate.wheels[w].tire.model()))});
    for (const config::LeafRef& leaf : registry.leaves(candidate))
        if (leaf.path.rfind(prefix, 0) == 0 && leaf.path != model)
            edits.push_back({leaf.path, *registry.get(candidate, leaf.path)});
}

void checkRange(const SlipRange& r, double limit, const std::string& what, const std::string& unit, Problems& problems)
{
    if (!(std::isfinite(r.min) && std::isfinite(r.max) && r.min < r.max))
        problems.error("", what + " range " + num(r.min) + " to " + num(r.max) + unit + ": the first must be below the second");
    else if (std::abs(r.min) > limit || std::abs(r.max) > limit)
        problems.error("", what + " range " + num(r.min) + " to " + num(r.max) + unit + ": must lie within ±" + num(limit) + unit);
}

}  // namespace

const char* wheelChoiceName(WheelChoice wheels)
{
    switch (wheels) {
    case WheelChoice::Front:
        return "front";
    case WheelChoice::Rear:
        return "rear";
    case WheelChoice::All:
        return "all";
    }
    return "all";
}

std::optional<WheelChoice> wheelChoiceFromName(std::string_view name)
{
    for (const WheelChoice w : {WheelChoice::Front, WheelChoice::Rear, WheelChoice::All})
        if (name == wheelChoiceName(w))
            return w;
    return std::nullopt;
}

std::optional<TireModelKind> tireModelFromName(std::string_view name)
{
    for (std::size_t i = 0; i < std::size(kTireModelNames); ++i)
        if (name == kTireModelNames[i])
            return static_cast<TireModelKind>(i);
    return std::nullopt;
}

std::string VehicleTireFit::summary() const
{
    std::string s;
    for (const GroupFit& g : groups)
        s += (s.empty() ? "" : "; ") + std::string(tireModelName(g.sourceModel)) + " to " + tireModelName(target) +
             " on the " + g.name + " wheels (" + wheelList(g.wheels) + ")";
    return s;
}

Problems checkSettings(const FitSettings& settings)
{
    Problems problems;
    // A slip ratio of ±5 is wheelspin at six times the road speed; a slip angle's tangent (the
    // PhysX tire's lateral slip, vehicle-model §2.10) runs away near ±π/2.
    checkRange(settings.slipRatio, 5.0, "slip ratio", "", problems);
    checkRange(settings.slipAngle, 1.4, "slip angle", " rad", problems);
    if (settings.samples < 11 || settings.samples > 10001)
        problems.error("", "samples " + std::to_string(settings.samples) + ": must be 11 to 10001");
    if (settings.maxEvaluations < 10 || settings.maxEvaluations > 1000000)
        problems.error("", "evaluations " + std::to_string(settings.maxEvaluations) + ": must be 10 to 1000000");
    return problems;
}

VehicleTireFit fitVehicleTires(const VehicleConfig& vehicle, WheelChoice wheels, TireModelKind target,
                               const FitSettings& settings)
{
    VehicleTireFit out;
    out.target = target;
    out.problems = checkSettings(settings);
    out.groups = groupWheels(vehicle, wheels);
    if (out.groups.empty())
        out.problems.error("", std::string("the vehicle has no ") + wheelChoiceName(wheels) +
                                   " wheels (front: ahead of the centre of mass, x > " + num(vehicle.chassis.cmOffset.x) + " m)");
    for (const GroupFit& g : out.groups)
        if (g.sourceModel == target)
            out.problems.error(config::ParameterRegistry::pathToPointer(param::wheels::tire::model(g.wheels.front())),
                               "the " + g.name + " wheels (" + wheelList(g.wheels) + ") already have a " +
                                   tireModelName(target) + " tire: choose another model to fit to");
    if (!out.ok())
        return out;
    VehicleConfig candidate = vehicle;
    for (GroupFit& g : out.groups) {
        double sum = 0.0;
        for (const std::size_t w : g.wheels)
            sum += sim::wheelRestLoad(vehicle.wheels[w], kGravity);
        g.restLoad = sum / static_cast<double>(g.wheels.size());
        const WheelConfig& first = vehicle.wheels[g.wheels.front()];
        g.fit = fitTire(first.tire.params, g.restLoad, defaultBase(target, g.restLoad, first.wheel.radius), settings);
        for (const std::size_t w : g.wheels)
            candidate.wheels[w].tire.params = g.fit.fitted;
    }
    for (const GroupFit& g : out.groups)
        for (const std::size_t w : g.wheels)
            appendTireEdits(candidate, w, out.edits);
    return out;
}

config::EditResult applyTireFit(const VehicleConfig& vehicle, const VehicleTireFit& fit)
{
    return config::applyEdits(vehicle, fit.edits);
}

}  // namespace jounce::tirefit
