#pragma once
// Reading run files written by earlier Jounce versions (docs/run-files.md, "Versions").

#include "config/VehicleConfig.h"

#include <array>
#include <string>
#include <vector>

namespace jounce::sim::runfile {

/// The wheel channel ids a file of this schema version lists (today's, less those added later).
std::vector<std::string> wheelChannelIdsOfVersion(int version);

/// Floats per frame in a file of this schema version with `wheels` wheels.
std::size_t valuesPerFrameOfVersion(int version, int wheels);

/// An older file's frames into today's layout, frame by frame in order (wheelAngle is rebuilt
/// from the previous frame). Version 1's tireLoad and normTireLoad were the raw load and its
/// normalised value; they become rawTireLoad, and tireLoad / normTireLoad are recomputed through the
/// vehicle's tire load filter (vehicle-model §2.6) from the step's average raw load. A wheel in the
/// air (raw load 0 with inAir 1) keeps a zero load, as the model gives it. Versions 1 and 2 had no
/// lowSpeedBlend (0 for a tire without a low-speed regime, unknown -- NaN -- for a Magic Formula
/// tire) and no wheelAngle (integrated from wheelOmega, starting at 0).
class FrameUpgrade {
public:
    FrameUpgrade(int version, int wheels, const VehicleConfig* vehicle);
    /// `file` holds valuesPerFrameOfVersion(version, wheels) floats; `out` today's frame.
    void apply(double time, const float* file, float* out);

private:
    void rebuildLoads(int wheel, float* to) const;
    int version_;
    int wheels_;
    const VehicleConfig* vehicle_;
    std::vector<int> fileIndex_;  ///< today's wheel channel -> the file's, −1 when it has none
    std::array<double, kMaxWheels> angle_{};
    double previousTime_ = 0.0;
    bool first_ = true;
};

}  // namespace jounce::sim::runfile
