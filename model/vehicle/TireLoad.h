#pragma once
// Tire rest load, normalised load and the vehicle-wide tire load filter (vehicle-model §2.6).

#include "config/VehicleConfig.h"

namespace jounce::sim {

/// The load quantities handed to the tire model for one wheel (§2.6).
struct TireLoad {
    double restLoad = 0.0;                ///< L_rest = g·(m_s + m_w), N
    double normalisedLoad = 0.0;          ///< ℓ = F_raw / L_rest (unfiltered, < 1 at rest)
    double filteredNormalisedLoad = 0.0;  ///< ℓ_f = filter(ℓ)
    double filteredLoad = 0.0;            ///< F_z = ℓ_f · L_rest, N
};

/// §2.6: rest load includes the wheel mass, L_rest = g·(m_s + m_w).
double tireRestLoad(double sprungMass, double wheelMass, double gravity) noexcept;

/// §2.6: the two-point load filter, clamped to its end values outside [min, max].
double filterNormalisedLoad(const TireLoadFilterData& filter, double normalisedLoad) noexcept;

/// §2.6: the full chain from the raw tire load (suspension force F_n, may be negative) to F_z.
/// The wheel's L_rest: its PhysX tire's own rest load when set, else tireRestLoad of its masses.
double wheelRestLoad(const WheelConfig& wheel, double gravity) noexcept;

TireLoad computeTireLoad(const TireLoadFilterData& filter, double rawLoad, double restLoad) noexcept;

}  // namespace jounce::sim
