#pragma once
// The tire of a wheel: its type (a column of the surface friction table, vehicle-model §1.15) and the
// parameters of exactly one tire model. The models form a closed set: TireParams is a variant whose
// alternatives are each model's own parameters, so a tire cannot carry the parameters of a model it
// does not use. What a model does with them -- its force law, friction, curves and checks -- is in
// model/vehicle/tire/; its registry block is in TireParameters.cpp (docs/architecture.md "Where to
// add ... A tire model").

#include "ConfigValues.h"
#include "MagicFormulaParams.h"
#include "Units.h"

#include <iterator>
#include <variant>
#include <vector>

namespace jounce {

/// PhysX's default tire model (vehicle-model §1.5, §2.9, §2.10).
struct PhysxTireParams {
    double latStiffX = 2.0;                     ///< normalised load at which lateral stiffness saturates (1)
    double latStiffY = 0.3125 * 180.0 / kPi;    ///< saturated lateral stiffness per unit rest load (1/rad)
    double longitudinalStiffnessPerUnitGravity = 1000.0;       ///< longitudinal stiffness per unit slip over g (kg)
    double camberStiffnessPerUnitGravity = 0.1 * 180.0 / kPi;  ///< camber stiffness over g (kg/rad)
    /// Friction multiplier against |longitudinal slip|, exactly 3 points (x: 1, y: 1).
    std::vector<GraphPoint> frictionVsSlipGraph{{0.0, 1.0}, {0.1, 1.0}, {1.0, 1.0}};
    /// The load that normalises the tire's load (its stiffness, the load filter); 0: g·(sprung mass +
    /// wheel mass) as PhysX 4.1 derives it. PhysX 5 gives every tire its own (N).
    double restLoad = 0.0;
    friend bool operator==(const PhysxTireParams&, const PhysxTireParams&) = default;
};

/// Unity's WheelFrictionCurve (docs/unity.md "Friction curves"): force / tire load against slip, a
/// two-piece spline through (0, 0), (extremumSlip, extremumValue) and (asymptoteSlip,
/// asymptoteValue), constant beyond, scaled by stiffness. Defaults: Unity 5's forward curve. The slip
/// is dimensionless forward and an angle in rad sideways.
struct WheelFrictionCurve {
    double extremumSlip = 0.4;    ///< slip of the curve's peak (1 forward, rad sideways)
    double extremumValue = 1.0;   ///< force / tire load at the extremum, before stiffness (1)
    double asymptoteSlip = 0.8;   ///< slip beyond which the curve is flat (1 forward, rad sideways)
    double asymptoteValue = 0.5;  ///< force / tire load at and beyond the asymptote, before stiffness (1)
    double stiffness = 1.0;       ///< multiplier of both values (1)
    friend bool operator==(const WheelFrictionCurve&, const WheelFrictionCurve&) = default;
};

/// Unity's WheelCollider tire: its two curves, with Unity 5's defaults (docs/unity.md).
struct UnityTireParams {
    WheelFrictionCurve forwardFriction;                             ///< against longitudinal slip
    WheelFrictionCurve sidewaysFriction{0.2, 1.0, 0.5, 0.75, 1.0};  ///< against the slip angle
    friend bool operator==(const UnityTireParams&, const UnityTireParams&) = default;
};

/// The parameters of one tire model; the index of the alternative is its TireModelKind.
using TireParams = std::variant<PhysxTireParams, UnityTireParams, MagicFormulaTireParams>;

/// The tire models, in TireParams order.
enum class TireModelKind { PhysX, Unity, MagicFormula };

/// The models' names as tire.model writes them, in TireParams order.
inline constexpr const char* kTireModelNames[] = {"physx", "unity", "magicFormula"};
static_assert(std::size(kTireModelNames) == std::variant_size_v<TireParams>, "a name for every tire model");

inline const char* tireModelName(TireModelKind kind) noexcept
{
    return kTireModelNames[static_cast<std::size_t>(kind)];
}

// §1.5 PxVehicleTireData, with the force model as a choice.
struct TireData {
    int type = 0;       ///< tire type: the column of the surface friction table (1)
    TireParams params;  ///< the model and its parameters (PhysX's default model unless chosen)

    TireModelKind model() const noexcept { return static_cast<TireModelKind>(params.index()); }
    /// The model's parameters, or null when the tire uses another model.
    const PhysxTireParams* physx() const noexcept { return std::get_if<PhysxTireParams>(&params); }
    PhysxTireParams* physx() noexcept { return std::get_if<PhysxTireParams>(&params); }
    const UnityTireParams* unity() const noexcept { return std::get_if<UnityTireParams>(&params); }
    UnityTireParams* unity() noexcept { return std::get_if<UnityTireParams>(&params); }
    const MagicFormulaTireParams* magicFormula() const noexcept { return std::get_if<MagicFormulaTireParams>(&params); }
    MagicFormulaTireParams* magicFormula() noexcept { return std::get_if<MagicFormulaTireParams>(&params); }
    friend bool operator==(const TireData&, const TireData&) = default;
};

}  // namespace jounce
