#include "vehicle/tire/Tire.h"

#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"
#include "vehicle/Assert.h"
#include "vehicle/tire/MagicFormulaTire.h"
#include "vehicle/tire/PhysxTire.h"
#include "vehicle/tire/UnityTire.h"

#include <cstdlib>
#include <variant>

namespace jounce::sim {
namespace {

/// The one dispatch over the closed set of tire models: `f(Model{}, params)` for the model the
/// tire's parameters belong to. A new model is one case here.
template <class F>
decltype(auto) withModel(const TireData& tire, F&& f)
{
    switch (tire.model()) {
    case TireModelKind::PhysX: return f(PhysxTire{}, *std::get_if<PhysxTireParams>(&tire.params));
    case TireModelKind::Unity: return f(UnityTire{}, *std::get_if<UnityTireParams>(&tire.params));
    case TireModelKind::MagicFormula: return f(MagicFormulaTire{}, *std::get_if<MagicFormulaTireParams>(&tire.params));
    }
    std::abort();  // a TireModelKind outside the enumeration: the variant cannot hold one
}

/// A tire of each model, with that model's defaults, in model order.
std::vector<TireData> oneTireOfEachModel()
{
    std::vector<TireData> out;
    const config::Node& selector = *config::ParameterRegistry::instance().findLeaf(config::param::wheels::tire::model.str());
    for (const char* name : kTireModelNames) {
        TireData t;
        selector.set(selector.locate(&t), config::Json(name));
        out.push_back(std::move(t));
    }
    return out;
}

}  // namespace

double tireFriction(const TireData& tire, double pairFriction, double longSlip) noexcept
{
    return withModel(tire, [&](auto model, const auto& params) { return model.friction(params, pairFriction, longSlip); });
}

TireForces tireForces(const TireData& tire, const TireInputs& in, TireState& state, double dt) noexcept
{
    JOUNCE_ASSERT(dt > 0.0 && isFinite(dt) && in.wheelRadius > 0.0 && in.restLoad > 0.0);
    return withModel(tire, [&](auto model, const auto& params) { return model.forces(params, in, state, dt); });
}

bool tireHandlesStandstill(const TireData& tire) noexcept
{
    return withModel(tire, [](auto model, const auto&) { return decltype(model)::kHandlesStandstill; });
}

bool tireTakesInclination(const TireData& tire) noexcept
{
    return withModel(tire, [](auto model, const auto&) { return decltype(model)::kTakesInclination; });
}

std::vector<TireCurve> tireCurves(const TireData& tire, std::size_t wheel)
{
    return withModel(tire, [&](auto model, const auto& params) { return model.curves(params, wheel); });
}

std::vector<EnvelopePoint> tireFrictionEnvelope(const TireData& tire)
{
    return withModel(tire, [&](auto model, const auto& params) { return model.frictionEnvelope(params); });
}

std::vector<TireCheck> tireChecks(const TireData& tire, std::size_t wheel)
{
    return withModel(tire, [&](auto model, const auto& params) { return model.checks(params, wheel); });
}

std::vector<TireCheckInfo> tireCheckCatalogue()
{
    std::vector<TireCheckInfo> out;
    for (const TireData& tire : oneTireOfEachModel())
        for (TireCheckInfo& info : withModel(tire, [](auto model, const auto&) { return model.checkCatalogue(); }))
            out.push_back(std::move(info));
    return out;
}

}  // namespace jounce::sim
