#pragma once
// The default tire force model of vehicle-model §2.10 behind a swappable "tire shader" function type
// (§2.10 last paragraph, §8.1): same inputs, same outputs, chosen per vehicle.

#include "config/VehicleConfig.h"

namespace jounce::sim {

/// Inputs of a tire model, exactly the list of §2.10.
struct TireInputs {
    double friction = 0.0;                ///< μ = surface/tire pair × friction-vs-slip graph (§2.9)
    double longSlip = 0.0;                ///< s_L (§2.8)
    double latSlip = 0.0;                 ///< s_T, rad (§2.8)
    double camber = 0.0;                  ///< γ, rad (§2.11)
    double wheelRadius = 0.0;             ///< r, m
    double restLoad = 0.0;                ///< L_rest, N (§2.6)
    double filteredNormalisedLoad = 0.0;  ///< ℓ_f (§2.6)
    double filteredLoad = 0.0;            ///< F_z, N (§2.6)
    double gravity = kGravity;            ///< g, m/s²
};

/// Outputs of a tire model (§2.10). Forces are along the steered tire directions e_L, e_T.
struct TireForces {
    double longForce = 0.0;       ///< F_L, N
    double latForce = 0.0;        ///< F_T, N
    double aligningMoment = 0.0;  ///< M_z, N m (telemetry only, never applied)
    double wheelTorque = 0.0;     ///< τ_tire = −F_L·r, N m, acts on the wheel spin
};

/// A tire model ("tire shader", §2.10): a plain function of the wheel's tire data and the inputs.
/// Must be pure and must not allocate; it is called for every touching wheel every sub-step.
using TireShader = TireForces (*)(const TireData& tire, const TireInputs& in);

/// Slips and camber below this magnitude are treated as 0 by the default model (§1.18, §2.10 step 1).
inline constexpr double kMinTireSlipOrCamber = 1e-5;

/// §2.10 step 2: f1(K) = min(1, K − K²/3 + K³/27); slope 1 at 0, reaches 1 at K = 3.
double tireSmoothing1(double k) noexcept;

/// §2.10 step 2: f2(K) = K − K² + K³/3 − K⁴/27 (not clamped; shapes the aligning moment).
double tireSmoothing2(double k) noexcept;

/// §2.10 step 3: C_T = L_rest · latStiffY · f1(3·ℓ_f / latStiffX), N/rad.
double lateralStiffness(const TireData& tire, double restLoad, double filteredNormalisedLoad) noexcept;

/// §2.10 steps 1-5: the PhysX default tire model.
TireForces defaultTireModel(const TireData& tire, const TireInputs& in);

}  // namespace jounce::sim
