#include "vehicle/TireLoad.h"

#include "config/TuningGuide.h"
#include "vehicle/Assert.h"

namespace jounce::sim {

double tireRestLoad(double sprungMass, double wheelMass, double gravity) noexcept
{
    return guide::tireRestLoad(sprungMass, wheelMass, gravity);  // one formula, shared with the guide helpers
}

double wheelRestLoad(const WheelConfig& wheel, double gravity) noexcept
{
    if (const PhysxTireParams* physx = std::get_if<PhysxTireParams>(&wheel.tire.params); physx && physx->restLoad > 0.0)
        return physx->restLoad;
    return tireRestLoad(wheel.suspension.sprungMass, wheel.wheel.mass, gravity);
}

double filterNormalisedLoad(const TireLoadFilterData& filter, double normalisedLoad) noexcept
{
    if (normalisedLoad <= filter.minNormalisedLoad)
        return filter.minFilteredNormalisedLoad;
    if (normalisedLoad >= filter.maxNormalisedLoad)
        return filter.maxFilteredNormalisedLoad;
    const double slope = (filter.maxFilteredNormalisedLoad - filter.minFilteredNormalisedLoad) /
                         (filter.maxNormalisedLoad - filter.minNormalisedLoad);
    return filter.minFilteredNormalisedLoad + (normalisedLoad - filter.minNormalisedLoad) * slope;
}

TireLoad computeTireLoad(const TireLoadFilterData& filter, double rawLoad, double restLoad) noexcept
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
