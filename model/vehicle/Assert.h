#pragma once
// JOUNCE_ASSERT: a precondition of a stage or component, checked in Debug builds and in the
// sanitizer and fuzzing builds (JOUNCE_ASSERTS, set by the top-level CMakeLists.txt), free in the
// others. It states what the caller guarantees -- values of a validated configuration, an index below
// the wheel count, a positive step -- never what a simulation may produce on its own: a state gone
// NaN is Simulation's to reset (run/Simulation.h), not an assertion.

#include <btBulletDynamicsCommon.h>

#include <cmath>

namespace jounce::sim {

/// Prints the failed condition with its place to stderr and aborts.
[[noreturn]] void assertionFailed(const char* condition, const char* file, int line) noexcept;

inline bool isFinite(double v) noexcept { return std::isfinite(v); }
inline bool isFinite(const btVector3& v) noexcept
{
    return std::isfinite(v.x()) && std::isfinite(v.y()) && std::isfinite(v.z());
}

}  // namespace jounce::sim

#if defined(JOUNCE_ASSERTS)
#define JOUNCE_ASSERT(condition) \
    ((condition) ? static_cast<void>(0) : ::jounce::sim::assertionFailed(#condition, __FILE__, __LINE__))
#else
// Not evaluated, but compiled: a condition that no longer compiles breaks every build, not only Debug.
#define JOUNCE_ASSERT(condition) static_cast<void>(sizeof(static_cast<bool>(condition)))
#endif
