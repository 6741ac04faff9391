#pragma once
// PhysX's default tire model (vehicle-model §2.9, §2.10): friction from the surface pair times the
// friction-vs-slip graph, forces from the combined-slip smoothing of the lateral, longitudinal and
// camber stiffnesses, and its two curves (friction vs slip, lateral stiffness vs load).

#include "vehicle/tire/TireModel.h"

#include <span>

namespace jounce::sim {

/// Slips and camber below this magnitude are treated as 0 by the model (§1.18, §2.10 step 1).
inline constexpr double kMinTireSlipOrCamber = 1e-5;

/// §2.10 step 2: f1(K) = min(1, K − K²/3 + K³/27); slope 1 at 0, reaches 1 at K = 3.
double tireSmoothing1(double k) noexcept;

/// §2.10 step 2: f2(K) = K − K² + K³/3 − K⁴/27 (not clamped; shapes the aligning moment).
double tireSmoothing2(double k) noexcept;

/// §2.10 step 3: C_T = L_rest · latStiffY · f1(3·ℓ_f / latStiffX), N/rad.
double lateralStiffness(const PhysxTireParams& tire, double restLoad, double filteredNormalisedLoad) noexcept;

/// §2.9: the friction multiplier of the 3-point graph at a = |s_L|. For a valid graph (x0 = 0,
/// increasing x) vehicle-model.md's three-branch formula equals the clamped linear lookup used here.
/// An empty graph is neutral (multiplier 1).
double frictionVsSlip(std::span<const GraphPoint> graph, double longSlip) noexcept;

/// The model: every function the tire seam (Tire.h) dispatches to.
struct PhysxTire {
    /// At rest the generation's sticky-tire rows hold it (§2.12).
    static constexpr bool kHandlesStandstill = false;
    /// Its camber term takes the generation's camber measure (TireInputs::camber), not the lean.
    static constexpr bool kTakesInclination = false;
    /// §2.9: μ = graph(|s_L|) · μ_pair.
    static double friction(const PhysxTireParams& tire, double pairFriction, double longSlip) noexcept;
    /// §2.10 steps 1-5; the model responds at once, so `state` and `dt` are not used.
    static TireForces forces(const PhysxTireParams& tire, const TireInputs& in, TireState& state, double dt) noexcept;
    /// Friction vs longitudinal slip (the graph's points) and lateral stiffness vs load (its knee).
    static std::vector<TireCurve> curves(const PhysxTireParams& tire, std::size_t wheel);
    /// The friction circle: the model scales the combined force onto μ·F_z in every direction.
    static std::vector<EnvelopePoint> frictionEnvelope(const PhysxTireParams& tire);
    /// The graph's relations are validation errors (config/TireParameters.cpp); nothing else to check.
    static std::vector<TireCheck> checks(const PhysxTireParams&, std::size_t) { return {}; }
    static std::vector<TireCheckInfo> checkCatalogue() { return {}; }
};

}  // namespace jounce::sim
