#pragma once
// jounce-cli run --channel NAME=EXPR: maths channels (analysis/MathExpression.h) read before the
// run, so a bad expression stops it with the position and reason; the run records only the
// columns they read, and the summary prints each channel's minimum, maximum, mean and RMS over the
// run (per wheel for [*]).

#include "analysis/MathExpression.h"
#include "config/VehicleConfig.h"
#include "run/TelemetryTrack.h"
#include "scenario/RunObserver.h"

#include <optional>
#include <string>
#include <vector>

namespace jounce::cli {

class MathChannels {
public:
    /// Reads every NAME=EXPR for `vehicle`; an error message (with the expression's position) or "".
    std::string read(const std::vector<std::string>& specs, const VehicleConfig& vehicle);
    bool empty() const { return channels_.empty(); }
    /// Records the columns the channels read, frame by frame.
    sim::RunObserver& observer() { return *observer_; }
    /// "maths channels:" and one line per channel (and wheel).
    void print() const;

private:
    struct Channel {
        std::string name;
        analysis::MathExpression expression;
    };
    std::vector<Channel> channels_;
    int wheelCount_ = 0;
    std::optional<sim::TelemetryTrack> track_;
    std::optional<sim::StepCallback> observer_;
};

}  // namespace jounce::cli
