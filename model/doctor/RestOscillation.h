#pragma once
// A car left standing whose wheels spin back and forth: with few low-speed sub-steps the tire force
// of a nearly stopped wheel overshoots within a sub-step, and PhysX 5's sticky tires, which hold a
// wheel only while a brake is applied, do not stop it. Real PhysX 5.6.1 does this with NVIDIA's
// snippet car at its 3 sub-steps (vehicle-model-physx5.md P9). How many sub-steps cure it depends
// on the car, so the doctor measures it by letting the car stand with more and more.

#include "config/VehicleConfig.h"

namespace jounce::doctor {

/// The car on the flat plane in neutral with no input for 4 s, `lowSubSteps` sub-steps below the
/// threshold speed: the mean |ω| of its wheels over the last second, rad/s.
double restWheelSpin(const VehicleConfig& config, int lowSubSteps);

/// Below this mean |ω| a standing car's wheels count as still, rad/s (a rim speed of millimetres
/// per second on a car wheel).
inline constexpr double kStillWheelSpin = 0.05;

struct RestCure {
    int subSteps = 0;         ///< the fewest low-speed sub-steps with which the car stands still; 0: none up to kMaxTried
    double spinBefore = 0.0;  ///< restWheelSpin with the car's own count, rad/s
    double spinAfter = 0.0;   ///< and with subSteps, rad/s
};

/// Tries the car's own low-speed sub-step count and then one more at a time, up to kMaxTried.
inline constexpr int kMaxTriedSubSteps = 24;
RestCure restCure(const VehicleConfig& config);

}  // namespace jounce::doctor
