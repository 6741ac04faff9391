#pragma once
// The Magic Formula tire in the tire seam (docs/vehicle-model.md "Magic Formula tire"): the
// steady-state formula (MagicFormula.h) driven by transient slips -- the carcass deflections over
// the relaxation lengths, kept per wheel in TireState -- with a damper on the contact patch's
// sliding speed blended in at low speed, and the mirror image for a tire mounted on the other side
// than it was measured on. With its editor curves, friction envelope and checks.

#include "vehicle/tire/MagicFormula.h"
#include "vehicle/tire/TireModel.h"

namespace jounce::sim {

/// The transient slips after one sub-step of length `dt`: σ dκ'/dt + |v_x| κ' = −(v_x − ω r) and
/// σ_α d(tan α')/dt + |v_x| tan α' = v_y, integrated exactly for inputs constant over the sub-step.
/// At speed they lag the steady slips by the relaxation length; at rest they are the carcass's
/// deflections over σ, springs that hold the car. Bounded, so a wheel spinning at rest cannot wind
/// them up without limit.
TireState mfTransientSlips(const TireState& state, double longSpeed, double latSpeed, double rimSpeed,
                           const MfRelaxation& sigma, double dt) noexcept;

/// The weight of the low-speed damper: 1 at rest, 0 at and above `blendSpeed`, a smoothstep between
/// over the fastest of the contact patch's speed and the rim speed.
double mfLowSpeedShare(const MfLowSpeed& low, double longSpeed, double latSpeed, double rimSpeed) noexcept;

/// The steady-state formula for a tire mounted on the vehicle's left (`leftSide`) or right: a tire
/// mounted on the other side than it was measured on (TYRESIDE) sees α and γ reflected and gives Fy
/// and Mz reflected (its ply steer and conicity change sides with it).
MfResult mfMountedFormula(const MagicFormulaTireParams& p, MfSlip s, bool leftSide) noexcept;

/// The model: every function the tire seam (Tire.h) dispatches to.
struct MagicFormulaTire {
    /// Its transient slips hold it at rest: the sticky-tire rows stay off.
    static constexpr bool kHandlesStandstill = true;
    /// It takes camber as a tire does, its lean from the ground (TireInputs::inclination).
    static constexpr bool kTakesInclination = true;
    /// The surface/tire pair alone: it scales the formula's friction (LMUX, LMUY) as a road other
    /// than the measurement's.
    static double friction(const MagicFormulaTireParams& tire, double pairFriction, double longSlip) noexcept;
    /// Advances the transient slips and returns the formula's forces at them plus the low-speed damper.
    static TireForces forces(const MagicFormulaTireParams& tire, const TireInputs& in, TireState& state, double dt) noexcept;
    /// Fx and Fy against slip at several loads, the peak forces against load, the combined-slip ellipse.
    static std::vector<TireCurve> curves(const MagicFormulaTireParams& tire, std::size_t wheel);
    /// The combined-slip forces' outline at the nominal load.
    static std::vector<EnvelopePoint> frictionEnvelope(const MagicFormulaTireParams& tire);
    /// A cornering stiffness of the wrong sign, a mirrored coefficient set, no friction.
    static std::vector<TireCheck> checks(const MagicFormulaTireParams& tire, std::size_t wheel);
    static std::vector<TireCheckInfo> checkCatalogue();
};

}  // namespace jounce::sim
