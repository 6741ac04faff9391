// Evaluating a maths channel (MathExpression::evaluate): each node of the tree becomes one value
// per frame, children first, so the work is the tree's size times the frames. The time functions
// work on the frames' own times: derivative by central differences (one-sided at the ends),
// integral by the trapezoid rule from the first frame, smooth as a first-order lag.

#include "analysis/MathExpression.h"
#include "analysis/MathNode.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace jounce::analysis {
namespace {

using Node = MathNode;
using Values = std::vector<double>;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

Values timesOf(const MathSamples& s)
{
    Values t(s.size);
    for (std::size_t i = 0; i < s.size; ++i)
        t[i] = s.time(i);
    return t;
}

Values derivative(const Values& x, const Values& t)
{
    const std::size_t n = x.size();
    Values out(n, kNaN);
    for (std::size_t i = 0; i < n && n > 1; ++i) {
        const std::size_t a = i == 0 ? 0 : i - 1, b = i + 1 == n ? i : i + 1;
        const double dt = t[b] - t[a];
        out[i] = dt > 0.0 ? (x[b] - x[a]) / dt : kNaN;
    }
    return out;
}

Values integral(const Values& x, const Values& t)
{
    Values out(x.size(), 0.0);
    for (std::size_t i = 1; i < x.size(); ++i)
        out[i] = out[i - 1] + 0.5 * (x[i] + x[i - 1]) * (t[i] - t[i - 1]);
    return out;
}

Values smooth(const Values& x, const Values& t, double tau)
{
    Values out(x.size(), kNaN);
    double y = kNaN;
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (!std::isfinite(y))
            y = x[i];  // starts (and restarts after a gap) at the value itself
        else if (std::isfinite(x[i]))
            y += (1.0 - std::exp(-std::max(0.0, t[i] - t[i - 1]) / tau)) * (x[i] - y);
        out[i] = y;
    }
    return out;
}

class Evaluator {
public:
    Evaluator(const MathSamples& s, int wheel) : samples_(s), wheel_(wheel) {}

    Values run(const Node& n)
    {
        switch (n.op) {
        case Node::Op::Number: return Values(samples_.size, n.value);
        case Node::Op::Time: return times();
        case Node::Op::Channel: return channel(n);
        case Node::Op::Conditional: return conditional(n);
        case Node::Op::Call: return call(n);
        case Node::Op::Negate: return map(n, [](double a) { return -a; });
        case Node::Op::Not: return map(n, [](double a) { return a == 0.0 ? 1.0 : 0.0; });
        case Node::Op::Power: {
            const double p = n.value;
            return map(n, [p](double a) { return std::pow(a, p); });
        }
        default: return binary(n);
        }
    }

private:
    const Values& times()
    {
        if (times_.size() != samples_.size)
            times_ = timesOf(samples_);
        return times_;
    }

    Values channel(const Node& n)
    {
        telemetry::Column c = n.column;
        if (n.anyWheel)
            c.wheel = wheel_;
        Values out(samples_.size);
        for (std::size_t i = 0; i < samples_.size; ++i)
            out[i] = samples_.value(i, c);
        return out;
    }

    template <typename F>
    Values map(const Node& n, F f)
    {
        Values a = run(*n.args.front());
        for (double& v : a)
            v = f(v);
        return a;
    }

    Values conditional(const Node& n)
    {
        const Values c = run(*n.args[0]);
        Values a = run(*n.args[1]);
        const Values b = run(*n.args[2]);
        for (std::size_t i = 0; i < a.size(); ++i)
            a[i] = std::isnan(c[i]) ? kNaN : c[i] != 0.0 ? a[i] : b[i];
        return a;
    }

    Values binary(const Node& n)
    {
        Values a = run(*n.args[0]);
        const Values b = run(*n.args[1]);
        for (std::size_t i = 0; i < a.size(); ++i)
            a[i] = apply(n.op, a[i], b[i]);
        return a;
    }

    static double apply(Node::Op op, double a, double b)
    {
        switch (op) {
        case Node::Op::Add: return a + b;
        case Node::Op::Subtract: return a - b;
        case Node::Op::Multiply: return a * b;
        case Node::Op::Divide: return b != 0.0 ? a / b : kNaN;
        case Node::Op::Less: return a < b;
        case Node::Op::LessEqual: return a <= b;
        case Node::Op::Greater: return a > b;
        case Node::Op::GreaterEqual: return a >= b;
        case Node::Op::Equal: return a == b;
        case Node::Op::NotEqual: return a != b;
        case Node::Op::And: return a != 0.0 && b != 0.0;
        case Node::Op::Or: return a != 0.0 || b != 0.0;
        default: return kNaN;
        }
    }

    Values call(const Node& n)
    {
        using F = Node::Function;
        switch (n.function) {
        case F::Abs: return map(n, [](double a) { return std::fabs(a); });
        case F::Sqrt: return map(n, [](double a) { return a >= 0.0 ? std::sqrt(a) : kNaN; });
        case F::Sin: return map(n, [](double a) { return std::sin(a); });
        case F::Cos: return map(n, [](double a) { return std::cos(a); });
        case F::Tan: return map(n, [](double a) { return std::tan(a); });
        case F::Atan: return map(n, [](double a) { return std::atan(a); });
        case F::Derivative: return derivative(run(*n.args.front()), times());
        case F::Integral: return integral(run(*n.args.front()), times());
        case F::Smooth: return smooth(run(*n.args.front()), times(), n.value);
        case F::Atan2: case F::Min: case F::Max: break;
        }
        Values a = run(*n.args[0]);
        const Values b = run(*n.args[1]);
        for (std::size_t i = 0; i < a.size(); ++i)
            a[i] = n.function == F::Atan2 ? std::atan2(a[i], b[i])
                   : n.function == F::Min ? std::min(a[i], b[i])
                                           : std::max(a[i], b[i]);
        return a;
    }

    const MathSamples& samples_;
    int wheel_;
    Values times_;
};

void collectColumns(const Node& n, int wheelCount, std::vector<telemetry::Column>& out)
{
    const auto add = [&out](const telemetry::Column& c) {
        if (std::find(out.begin(), out.end(), c) == out.end())
            out.push_back(c);
    };
    if (n.op == Node::Op::Channel) {
        if (!n.anyWheel)
            add(n.column);
        for (int w = 0; n.anyWheel && w < wheelCount; ++w)
            add(telemetry::Column::of(n.column.wheelChannel, w));
    }
    for (const auto& a : n.args)
        collectColumns(*a, wheelCount, out);
}

}  // namespace

std::vector<telemetry::Column> MathExpression::columns(int wheelCount) const
{
    std::vector<telemetry::Column> out;
    collectColumns(*root_, wheelCount, out);
    return out;
}

std::vector<double> MathExpression::evaluate(const MathSamples& samples, int wheel) const
{
    return Evaluator(samples, wheel).run(*root_);
}

const std::vector<MathChannelDefinition>& shippedMathChannels()
{
    static const std::vector<MathChannelDefinition> kShipped = {
        {"damperVelocity", "derivative(jounce[*])", "suspension compression speed, positive in bump"},
        {"slipAngle", "latSlip[*]", "the tire's lateral slip angle"},
        {"slipRatio", "longSlip[*]", "the tire's longitudinal slip ratio"},
        {"frictionUse", "sqrt(normLongForce[*]^2 + normLatForce[*]^2)",
         "how much of the tire's friction the combined force uses (1: at the limit)"},
        {"loadTransferFront", "(tireLoad[FR] - tireLoad[FL]) / 2",
         "lateral load transfer across the front axle, positive towards the right wheel"},
        {"loadTransferRear", "(tireLoad[RR] - tireLoad[RL]) / 2",
         "lateral load transfer across the rear axle, positive towards the right wheel"},
        {"understeerAngle", "(steerAngle[FL] + steerAngle[FR]) / 2 - yawRate * wheelbase / max(abs(forwardSpeed), 1[m/s])",
         "front steer beyond the kinematic steer (wheelbase x yaw rate / speed): positive understeers"},
        {"lateralG", "latAccel / 1[g]", "lateral acceleration in g"},
    };
    return kShipped;
}

}  // namespace jounce::analysis
