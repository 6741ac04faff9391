#pragma once
// What the figure procedures read of one step: the dozen channels of a telemetry frame they use,
// about 100 bytes instead of the frame's 2.5 kB, so that a recorder can keep a whole measured run
// (an hour at 60 Hz is 22 MB) and figures of a run are the same whether computed from its frames
// or from its samples.

#include "scenario/VehicleState.h"
#include "telemetry/Frame.h"

#include <limits>
#include <span>
#include <vector>

namespace jounce::sim {

class FigureSample {
public:
    FigureSample() = default;
    explicit FigureSample(const telemetry::Frame& f) noexcept;

    double time() const noexcept { return time_; }
    /// The frame's value of `c` for the channels the figures read; NaN for any other channel.
    double vehicle(telemetry::VehicleChannel c) const noexcept;
    /// The steer angle of wheel 0 or 1 (the front axle); NaN for any other channel or wheel.
    double wheel(telemetry::WheelChannel c, int wheel) const noexcept;
    /// The state the controllers and end conditions see (vehicleStateFromFrame of the frame).
    const VehicleState& state() const noexcept { return state_; }

private:
    static constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    double time_ = 0.0;
    VehicleState state_;
    double latAccel_ = kNaN;
    double roll_ = kNaN;
    double steer_ = kNaN;
    double frontSteerAngle_[2] = {kNaN, kNaN};
};

inline VehicleState vehicleStateFromFrame(const FigureSample& s) noexcept { return s.state(); }

/// One sample per frame.
std::vector<FigureSample> figureSamples(std::span<const telemetry::Frame> frames);

}  // namespace jounce::sim
