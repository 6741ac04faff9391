#pragma once
// Reading run files written by earlier Jounce versions (docs/run-files.md, "Versions").

#include "config/VehicleConfig.h"

#include <string>
#include <vector>

namespace jounce::sim::runfile {

/// The wheel channel ids a version-1 file lists: today's without rawTireLoad.
std::vector<std::string> version1WheelChannelIds();

/// Floats per frame in a version-1 file with `wheels` wheels.
std::size_t version1ValuesPerFrame(int wheels);

/// One version-1 frame's floats into today's layout. Version 1's tireLoad and normTireLoad were the
/// raw load and its normalised value; they become rawTireLoad, and tireLoad / normTireLoad are
/// recomputed through the vehicle's tire load filter (vehicle-model §2.6) from the step's average
/// raw load. A wheel in the air (raw load 0 with inAir 1) keeps a zero load, as the model gives it.
void upgradeVersion1Frame(const float* file, int wheels, const VehicleConfig* vehicle, float* out);

}  // namespace jounce::sim::runfile
