#include "vehicle/Engine.h"

#include "vehicle/Assert.h"
#include "vehicle/LinearGraph.h"

namespace jounce::sim {

double engineTorqueCurve(const EngineData& engine, double engineOmega) noexcept
{
    JOUNCE_ASSERT(engine.maxOmega > 0.0 && isFinite(engine.maxOmega));
    return lookupClamped(engine.torqueCurve, engineOmega / engine.maxOmega, 0.0);
}

double engineDriveTorque(const EngineData& engine, double accel, double engineOmega) noexcept
{
    return accel * engine.peakTorque * engineTorqueCurve(engine, engineOmega);
}

double engineDampingRate(const EngineData& engine, double accel, bool inNeutral) noexcept
{
    const double zeroThrottle = inNeutral ? engine.dampingRateZeroThrottleClutchDisengaged
                                          : engine.dampingRateZeroThrottleClutchEngaged;
    return zeroThrottle + (engine.dampingRateFullThrottle - zeroThrottle) * accel;
}

}  // namespace jounce::sim
