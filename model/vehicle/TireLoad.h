#pragma once
// Tire rest load, normalised load and the vehicle-wide tire load filter (vehicle-model §2.6).

#include "config/VehicleConfig.h"
#include "vehicle/Assert.h"

#include <variant>

// The load chain is inline: it runs for every touching wheel in every sub-step, where the calls
// cost as much as its few operations.

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
inline double filterNormalisedLoad(const TireLoadFilterData& filter, double normalisedLoad) noexcept
{
    if (normalisedLoad <= filter.minNormalisedLoad)
        return filter.minFilteredNormalisedLoad;
    if (normalisedLoad >= filter.maxNormalisedLoad)
        return filter.maxFilteredNormalisedLoad;
    const double slope = (filter.maxFilteredNormalisedLoad - filter.minFilteredNormalisedLoad) /
                         (filter.maxNormalisedLoad - filter.minNormalisedLoad);
    return filter.minFilteredNormalisedLoad + (normalisedLoad - filter.minNormalisedLoad) * slope;
}

/// The wheel's L_rest: its PhysX tire's own rest load when set, else tireRestLoad of its masses.
inline double wheelRestLoad(const WheelConfig& wheel, double gravity) noexcept
{
    if (const PhysxTireParams* physx = std::get_if<PhysxTireParams>(&wheel.tire.params); physx && physx->restLoad > 0.0)
        return physx->restLoad;
    return tireRestLoad(wheel.suspension.sprungMass, wheel.wheel.mass, gravity);
}

/// §2.6: the full chain from the raw tire load (suspension force F_n, may be negative) to F_z.
inline TireLoad computeTireLoad(const TireLoadFilterData& filter, double rawLoad, double restLoad) noexcept
{
    JOUNCE_ASSERT(restLoad > 0.0 && isFinite(restLoad));
    TireLoad load;
    load.restLoad = restLoad;
    load.normalisedLoad = restLoad > 0.0 ? rawLoad / restLoad : 0.0;
    load.filteredNormalisedLoad = filterNormalisedLoad(filter, load.normalisedLoad);
    load.filteredLoad = load.filteredNormalisedLoad * restLoad;
    return load;
}

}  // namespace jounce::sim
