#pragma once
// The tree a maths channel's text is read into (MathExpression.h): what MathParser builds, with
// every node's dimension already checked, and what MathEvaluation walks.

#include "analysis/MathUnit.h"
#include "telemetry/Channels.h"

#include <memory>
#include <vector>

namespace jounce::analysis {

struct MathNode {
    enum class Op {
        Number, Time, Channel,
        Negate, Not,
        Add, Subtract, Multiply, Divide, Power,
        Less, LessEqual, Greater, GreaterEqual, Equal, NotEqual, And, Or,
        Conditional,  ///< args: condition, then, else
        Call,
    };
    enum class Function { Abs, Sqrt, Sin, Cos, Tan, Atan, Atan2, Min, Max, Derivative, Integral, Smooth };

    Op op = Op::Number;
    Function function = Function::Abs;
    double value = 0.0;              ///< Number (SI), Power's exponent, Smooth's time constant (s)
    telemetry::Column column;        ///< Channel
    bool anyWheel = false;           ///< Channel written [*]: its wheel is the evaluation's
    Dimension dimension;
    std::vector<std::unique_ptr<MathNode>> args;
};

}  // namespace jounce::analysis
