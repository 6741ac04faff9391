#pragma once
// A maths channel: an expression over telemetry channels with units checked when it is read, and
// evaluated over a whole recording (a run's track, the GUI's history) as one value per frame.
//
//   jounce[FL] - jounce[FR]               channels by identifier, wheel channels with a wheel label
//   derivative(jounce[*])                 [*]: one channel per wheel (perWheel())
//   smooth(latAccel, 0.3) / 1[g]          a number may carry a unit: 1[g], 100[km/h], 2[deg]
//   forwardSpeed > 10[km/h] ? steer : 0   comparisons, && || !, the conditional (or if(c, a, b))
//
// Functions: abs sqrt sin cos tan atan atan2 min max derivative integral smooth if. Units follow
// the operations (MathUnit.h); a sum, comparison or branch of unlike units is refused, as is any
// error, with the position in the text and the reason. Values are SI; the unit of the result is
// unit(). Work is linear in the text and in the frames; the text is at most 4096 characters.

#include "analysis/MathUnit.h"
#include "telemetry/Channels.h"

#include <cstddef>
#include <functional>
#include <limits>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace jounce::analysis {

/// Frames to evaluate over: their times (s, not decreasing) and each column's SI value.
struct MathSamples {
    std::size_t size = 0;
    std::function<double(std::size_t)> time;
    std::function<double(std::size_t, const telemetry::Column&)> value;
};

struct MathError {
    std::size_t position = 0;  ///< 0-based character offset of the offending text
    std::string reason;
    /// "at 12: unknown channel 'jounse' (did you mean 'jounce'?)", position counted from 1.
    std::string text() const;
};

struct MathNode;

/// What an expression may name of the vehicle: its wheels and, as the constant `wheelbase` (m),
/// the distance between its front and rear axles (NaN: unknown, and `wheelbase` is refused).
struct MathVehicle {
    int wheelCount = 4;
    double wheelbase = std::numeric_limits<double>::quiet_NaN();
};

class MathExpression {
public:
    /// Reads `text` for `vehicle` (a wheel it lacks is an error).
    static std::variant<MathExpression, MathError> compile(std::string_view text, const MathVehicle& vehicle);

    const Dimension& dimension() const;
    std::string unit() const { return unitText(dimension()); }
    /// Whether the expression names wheels as [*]: it then gives one channel per wheel.
    bool perWheel() const { return perWheel_; }
    const std::string& text() const { return text_; }

    /// The columns the expression reads ([*] as every one of `wheelCount` wheels), each once:
    /// what a recording must hold to evaluate it.
    std::vector<telemetry::Column> columns(int wheelCount) const;
    /// One value per sample; [*] stands for `wheel` (ignored unless perWheel()). NaN where a
    /// value is undefined (a division by zero, a derivative over no time).
    std::vector<double> evaluate(const MathSamples& samples, int wheel = 0) const;

private:
    std::shared_ptr<const MathNode> root_;
    std::string text_;
    bool perWheel_ = false;
};

/// A named maths channel, as shipped or saved by a user.
struct MathChannelDefinition {
    std::string name;        ///< "damperVelocity"
    std::string expression;  ///< "derivative(jounce[*])"
    std::string description;
};

/// The shipped set: damper velocity, friction utilisation, lateral load transfer per axle,
/// understeer angle, ... each compiles for a four-wheeled car with a known wheelbase.
const std::vector<MathChannelDefinition>& shippedMathChannels();

}  // namespace jounce::analysis
