#include "vehicle/TireLoad.h"

#include "config/TuningGuide.h"

namespace jounce::sim {

double tireRestLoad(double sprungMass, double wheelMass, double gravity) noexcept
{
    return guide::tireRestLoad(sprungMass, wheelMass, gravity);  // one formula, shared with the guide helpers
}

}  // namespace jounce::sim
