#pragma once
// Small numeric helpers shared by the model components.

namespace jounce::sim {

/// Three-valued sign of vehicle-model §0.3: +1 for a > 0, −1 for a < 0 and 0 for a = 0.
constexpr double signum(double a) noexcept
{
    return a > 0.0 ? 1.0 : (a < 0.0 ? -1.0 : 0.0);
}

}  // namespace jounce::sim
