#include "MathChannels.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <variant>

namespace jounce::cli {
namespace {

/// Front axle to rear axle: the largest wheel x minus the smallest (NaN with one axle).
double wheelbaseOf(const VehicleConfig& v)
{
    if (v.wheels.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const auto [front, rear] = std::minmax_element(v.wheels.begin(), v.wheels.end(), [](const auto& a, const auto& b) {
        return a.geometry.wheelCentreOffset.x < b.geometry.wheelCentreOffset.x;
    });
    const double base = rear->geometry.wheelCentreOffset.x - front->geometry.wheelCentreOffset.x;
    return base > 0.0 ? base : std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

std::string MathChannels::read(const std::vector<std::string>& specs, const VehicleConfig& vehicle)
{
    wheelCount_ = static_cast<int>(vehicle.wheels.size());
    const analysis::MathVehicle context{wheelCount_, wheelbaseOf(vehicle)};
    std::vector<telemetry::Column> columns;
    for (const std::string& spec : specs) {
        const std::size_t eq = spec.find('=');
        const std::string name = spec.substr(0, eq);
        if (eq == std::string::npos || name.empty() || name.find_first_of(" []") != std::string::npos)
            return "--channel " + spec + ": write NAME=EXPRESSION (a name without spaces or brackets)";
        auto compiled = analysis::MathExpression::compile(std::string_view(spec).substr(eq + 1), context);
        if (const auto* error = std::get_if<analysis::MathError>(&compiled))
            return "--channel " + name + ": " + spec.substr(eq + 1) + ": " + error->text();
        auto& expression = std::get<analysis::MathExpression>(compiled);
        for (const telemetry::Column& c : expression.columns(wheelCount_))
            if (std::find(columns.begin(), columns.end(), c) == columns.end())
                columns.push_back(c);
        channels_.push_back({name, std::move(expression)});
    }
    track_ = sim::TelemetryTrack::ofColumns(columns);
    observer_.emplace([this](const sim::StepRecord& step) { track_->append(step.frame); });
    return {};
}

void MathChannels::print() const
{
    if (channels_.empty())
        return;
    const sim::TelemetryTrack& track = *track_;
    const analysis::MathSamples samples{track.size(), [&track](std::size_t i) { return track.time(i); },
                                        [&track](std::size_t i, const telemetry::Column& c) { return track.value(i, c); }};
    std::printf("maths channels:           min / max / mean / RMS over %zu frames\n", track.size());
    for (const Channel& c : channels_)
        for (int w = 0; w < (c.expression.perWheel() ? wheelCount_ : 1); ++w) {
            double lo = std::numeric_limits<double>::infinity(), hi = -lo, sum = 0.0, squares = 0.0;
            std::size_t n = 0;
            for (double v : c.expression.evaluate(samples, w))
                if (std::isfinite(v)) {
                    lo = std::min(lo, v);
                    hi = std::max(hi, v);
                    sum += v;
                    squares += v * v;
                    ++n;
                }
            const std::string name = c.name + (c.expression.perWheel() ? "[" + telemetry::wheelLabel(w) + "]" : "");
            if (n == 0)
                std::printf("  %-24s no value (%s)\n", name.c_str(), c.expression.unit().c_str());
            else
                std::printf("  %-24s %.6g / %.6g / %.6g / %.6g %s\n", name.c_str(), lo, hi, sum / double(n),
                            std::sqrt(squares / double(n)), c.expression.unit().c_str());
        }
}

}  // namespace jounce::cli
