#pragma once
// Engine drive torque and damping (vehicle-model §2.18).

#include "config/VehicleConfig.h"

namespace jounce::sim {

/// §2.18: torque curve multiplier at ω_e/ω_max (clamped piecewise-linear lookup).
double engineTorqueCurve(const EngineData& engine, double engineOmega) noexcept;

/// §2.18: T_e = accel' · T_peak · curve(ω_e/ω_max), with ω_e at the start of the sub-step.
double engineDriveTorque(const EngineData& engine, double accel, double engineOmega) noexcept;

/// §2.18: d_e = d_0 + (dampFullThrottle − d_0)·accel', d_0 = zero-throttle rate with the clutch
/// engaged (in gear) or disengaged (current gear is neutral).
double engineDampingRate(const EngineData& engine, double accel, bool inNeutral) noexcept;

}  // namespace jounce::sim
