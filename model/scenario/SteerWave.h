#pragma once
// Open-loop steer waveforms of a maneuver phase, as functions of the time since the phase began.

#include "config/Units.h"
#include "scenario/Maneuver.h"

#include <cmath>

namespace jounce::sim {

/// Duration of a waveform (s); +infinity for the continuous sine.
inline double steerWaveLength(const SteerWave& w) noexcept
{
    if (w.shape == SteerWaveShape::SineWithDwell)
        return 1.0 / w.frequency + w.dwell;
    return HUGE_VAL;
}

/// The waveform's value in [-1, 1] at time t since the phase began (multiplied by the phase's
/// steer amplitude). Sine with dwell (FMVSS 126 S7.9, UN R140): sin(2 pi f t) up to the second
/// peak at t = 3/(4f), held at -1 for the dwell, then the last quarter period back to 0, then 0.
inline double steerWaveValue(const SteerWave& w, double t) noexcept
{
    if (t < 0.0)
        return 0.0;
    const double f = w.frequency;
    if (w.shape == SteerWaveShape::Sine)
        return std::sin(2.0 * kPi * f * t);
    const double peak2 = 0.75 / f;
    if (t <= peak2)
        return std::sin(2.0 * kPi * f * t);
    if (t <= peak2 + w.dwell)
        return -1.0;
    const double tAfter = t - w.dwell;
    if (tAfter <= 1.0 / f)
        return std::sin(2.0 * kPi * f * tAfter);
    return 0.0;
}

}  // namespace jounce::sim
