// Reading a maths channel (MathExpression::compile): a recursive-descent parser over the grammar
//   ternary := or ['?' ternary ':' ternary]      or := and {'||' and}      and := cmp {'&&' cmp}
//   cmp := add [('<'|'<='|'>'|'>='|'=='|'!=') add]  add := mul {('+'|'-') mul}
//   mul := unary {('*'|'/') unary}   unary := ('-'|'!') unary | power   power := primary ['^' unary]
//   primary := number ['[' unit ']'] | name '(' args ')' | name ['[' wheel ']'] | '(' ternary ')'
// checking units as it builds each node, so a compiled expression cannot fail on units later.

#include "analysis/MathExpression.h"
#include "analysis/MathNode.h"

#include "json/NearestName.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <numbers>
#include <stdexcept>

namespace jounce::analysis {
namespace {

using Node = MathNode;
using NodePtr = std::unique_ptr<MathNode>;

constexpr std::size_t kMaxText = 4096;
constexpr int kMaxDepth = 64;  ///< nesting: a hostile "((((..." must not exhaust the stack

struct Failure {
    std::size_t position;
    std::string reason;
};

struct FunctionInfo {
    std::string_view name;
    Node::Function function;
    std::size_t arity;
};

constexpr FunctionInfo kFunctions[] = {
    {"abs", Node::Function::Abs, 1},       {"sqrt", Node::Function::Sqrt, 1},
    {"sin", Node::Function::Sin, 1},       {"cos", Node::Function::Cos, 1},
    {"tan", Node::Function::Tan, 1},       {"atan", Node::Function::Atan, 1},
    {"atan2", Node::Function::Atan2, 2},   {"min", Node::Function::Min, 2},
    {"max", Node::Function::Max, 2},       {"derivative", Node::Function::Derivative, 1},
    {"integral", Node::Function::Integral, 1}, {"smooth", Node::Function::Smooth, 2},
};

NodePtr leaf(Node::Op op, Dimension d, double value = 0.0)
{
    auto n = std::make_unique<Node>();
    n->op = op;
    n->dimension = d;
    n->value = value;
    return n;
}

class Parser {
public:
    Parser(std::string_view text, const MathVehicle& vehicle) : text_(text), vehicle_(vehicle) {}

    NodePtr parse()
    {
        NodePtr root = ternary();
        skipSpace();
        if (pos_ < text_.size())
            fail(pos_, "unexpected '" + std::string(1, text_[pos_]) + "'");
        return root;
    }
    bool perWheel() const { return perWheel_; }

private:
    [[noreturn]] void fail(std::size_t at, std::string reason) const { throw Failure{at, std::move(reason)}; }

    void skipSpace()
    {
        while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])))
            ++pos_;
    }
    bool accept(std::string_view token)
    {
        skipSpace();
        if (text_.substr(pos_, token.size()) != token)
            return false;
        pos_ += token.size();
        return true;
    }
    void expect(std::string_view token)
    {
        if (!accept(token))
            fail(pos_, "expected '" + std::string(token) + "'");
    }

    /// Two operands of one dimension (a sum, a comparison, a branch, min and max).
    void sameUnits(const Node& a, const Node& b, std::size_t at, std::string_view what) const
    {
        if (!(a.dimension == b.dimension))
            fail(at, std::string(what) + " of unlike units: " + unitText(a.dimension) + " and " + unitText(b.dimension));
    }

    NodePtr binary(Node::Op op, NodePtr a, NodePtr b, Dimension d)
    {
        auto n = leaf(op, d);
        n->args.push_back(std::move(a));
        n->args.push_back(std::move(b));
        return n;
    }

    struct Depth {
        explicit Depth(Parser& p) : parser(p)
        {
            if (++parser.depth_ > kMaxDepth)
                parser.fail(parser.pos_, "nested more than " + std::to_string(kMaxDepth) + " deep");
        }
        ~Depth() { --parser.depth_; }
        Parser& parser;
    };

    NodePtr ternary()
    {
        const Depth depth(*this);
        NodePtr condition = logicalOr();
        const std::size_t at = pos_;
        if (!accept("?"))
            return condition;
        NodePtr then = ternary();
        expect(":");
        NodePtr otherwise = ternary();
        sameUnits(*then, *otherwise, at, "branches");
        auto n = leaf(Node::Op::Conditional, then->dimension);
        n->args.push_back(std::move(condition));
        n->args.push_back(std::move(then));
        n->args.push_back(std::move(otherwise));
        return n;
    }

    NodePtr logicalOr()
    {
        NodePtr a = logicalAnd();
        while (accept("||"))
            a = binary(Node::Op::Or, std::move(a), logicalAnd(), Dimension{});
        return a;
    }

    NodePtr logicalAnd()
    {
        NodePtr a = comparison();
        while (accept("&&"))
            a = binary(Node::Op::And, std::move(a), comparison(), Dimension{});
        return a;
    }

    NodePtr comparison()
    {
        NodePtr a = additive();
        static constexpr std::pair<std::string_view, Node::Op> kOps[] = {
            {"<=", Node::Op::LessEqual}, {">=", Node::Op::GreaterEqual}, {"==", Node::Op::Equal},
            {"!=", Node::Op::NotEqual},  {"<", Node::Op::Less},          {">", Node::Op::Greater}};
        for (const auto& [token, op] : kOps) {
            const std::size_t at = (skipSpace(), pos_);
            if (accept(token)) {
                NodePtr b = additive();
                sameUnits(*a, *b, at, "a comparison");
                return binary(op, std::move(a), std::move(b), Dimension{});
            }
        }
        return a;
    }

    NodePtr additive()
    {
        NodePtr a = multiplicative();
        for (;;) {
            const std::size_t at = (skipSpace(), pos_);
            const bool plus = accept("+");
            if (!plus && !accept("-"))
                return a;
            NodePtr b = multiplicative();
            sameUnits(*a, *b, at, plus ? "a sum" : "a difference");
            const Dimension d = a->dimension;
            a = binary(plus ? Node::Op::Add : Node::Op::Subtract, std::move(a), std::move(b), d);
        }
    }

    NodePtr multiplicative()
    {
        NodePtr a = unary();
        for (;;) {
            const bool times = accept("*");
            if (!times && !accept("/"))
                return a;
            NodePtr b = unary();
            const Dimension d = times ? a->dimension * b->dimension : a->dimension / b->dimension;
            a = binary(times ? Node::Op::Multiply : Node::Op::Divide, std::move(a), std::move(b), d);
        }
    }

    NodePtr unary()
    {
        const Depth depth(*this);
        const bool negate = accept("-");
        if (!negate && !(text_.substr((skipSpace(), pos_), 2) != "!=" && accept("!")))
            return power();
        NodePtr operand = unary();
        auto n = leaf(negate ? Node::Op::Negate : Node::Op::Not, negate ? operand->dimension : Dimension{});
        n->args.push_back(std::move(operand));
        return n;
    }

    NodePtr power();
    NodePtr primary();
    NodePtr number();
    NodePtr call(std::string_view name, std::size_t at);
    NodePtr channel(std::string_view name, std::size_t at);
    NodePtr checkedCall(const FunctionInfo& f, std::vector<NodePtr> args, std::size_t at);
    std::string_view identifier();

    std::string_view text_;
    MathVehicle vehicle_;
    std::size_t pos_ = 0;
    int depth_ = 0;
    bool perWheel_ = false;
};

/// A constant written as a number, perhaps negated: what an exponent or a time constant must be.
std::optional<double> constantOf(const Node& n)
{
    if (n.op == Node::Op::Number)
        return n.value;
    if (n.op == Node::Op::Negate && n.args.front()->op == Node::Op::Number)
        return -n.args.front()->value;
    return std::nullopt;
}

NodePtr Parser::power()
{
    NodePtr base = primary();
    const std::size_t at = (skipSpace(), pos_);
    if (!accept("^"))
        return base;
    NodePtr exponent = unary();
    const std::optional<double> p = constantOf(*exponent);
    if (!p || !exponent->dimension.dimensionless())
        fail(at, "an exponent must be a plain number");
    Dimension d;
    if (!base->dimension.dimensionless()) {
        if (*p != std::round(*p) || std::fabs(*p) > 12)
            fail(at, "a quantity in " + unitText(base->dimension) + " can only be raised to a whole power");
        d = base->dimension.pow(static_cast<int>(*p));
    }
    auto n = leaf(Node::Op::Power, d, *p);
    n->args.push_back(std::move(base));
    return n;
}

std::string_view Parser::identifier()
{
    skipSpace();
    const std::size_t start = pos_;
    while (pos_ < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_'))
        ++pos_;
    return text_.substr(start, pos_ - start);
}

NodePtr Parser::primary()
{
    skipSpace();
    const std::size_t at = pos_;
    if (pos_ >= text_.size())
        fail(pos_, "the expression ends where a value was expected");
    const char c = text_[pos_];
    if (std::isdigit(static_cast<unsigned char>(c)) || c == '.')
        return number();
    if (accept("(")) {
        NodePtr inner = ternary();
        expect(")");
        return inner;
    }
    const std::string_view name = identifier();
    if (name.empty())
        fail(at, "unexpected '" + std::string(1, c) + "'");
    if (accept("("))
        return call(name, at);
    return channel(name, at);
}

NodePtr Parser::number()
{
    const std::size_t at = pos_;
    double value = 0.0;
    const auto [end, ec] = std::from_chars(text_.data() + pos_, text_.data() + text_.size(), value);
    if (ec != std::errc() || !std::isfinite(value))
        fail(at, "not a number");
    pos_ = std::size_t(end - text_.data());
    Unit unit;
    if (pos_ < text_.size() && text_[pos_] == '[') {
        const std::size_t close = text_.find(']', pos_);
        if (close == std::string_view::npos)
            fail(pos_, "a unit in [ ] is not closed");
        const std::string_view written = text_.substr(pos_ + 1, close - pos_ - 1);
        const std::optional<Unit> parsed = parseUnit(written);
        if (!parsed)
            fail(pos_ + 1, "unknown unit '" + std::string(written) + "'");
        unit = *parsed;
        pos_ = close + 1;
    }
    return leaf(Node::Op::Number, unit.dimension, value * unit.toSI);
}

NodePtr Parser::call(std::string_view name, std::size_t at)
{
    std::vector<NodePtr> args;
    if (!accept(")")) {
        do
            args.push_back(ternary());
        while (accept(","));
        expect(")");
    }
    if (name == "if") {
        if (args.size() != 3)
            fail(at, "if takes 3 arguments: if(condition, then, else)");
        sameUnits(*args[1], *args[2], at, "branches");
        auto n = leaf(Node::Op::Conditional, args[1]->dimension);
        n->args = std::move(args);
        return n;
    }
    for (const FunctionInfo& f : kFunctions)
        if (f.name == name) {
            if (args.size() != f.arity)
                fail(at, std::string(name) + " takes " + std::to_string(f.arity) + " argument(s)");
            return checkedCall(f, std::move(args), at);
        }
    std::vector<std::string> names{"if"};
    for (const FunctionInfo& f : kFunctions)
        names.emplace_back(f.name);
    const std::optional<std::size_t> near = json::nearestName(std::string(name), names);
    fail(at, "unknown function '" + std::string(name) + "'" +
                 (near ? " (did you mean '" + names[*near] + "'?)" : std::string()));
}

NodePtr Parser::checkedCall(const FunctionInfo& f, std::vector<NodePtr> args, std::size_t at)
{
    using F = Node::Function;
    const Dimension& a = args.front()->dimension;
    const Dimension angle = Dimension::of(Dimension::Radian);
    Dimension d = a;
    const auto need = [&](bool ok, std::string_view what) {
        if (!ok)
            fail(at, std::string(f.name) + " needs " + std::string(what) + ", not " + unitText(a));
    };
    switch (f.function) {
    case F::Abs: break;
    case F::Sqrt: need(a.sqrt().has_value(), "a unit with even powers"); d = a.sqrt().value_or(Dimension{}); break;
    case F::Sin: case F::Cos: case F::Tan: need(a == angle || a.dimensionless(), "an angle"); d = {}; break;
    case F::Atan: need(a.dimensionless(), "a plain number"); d = angle; break;
    case F::Atan2: sameUnits(*args[0], *args[1], at, "atan2"); d = angle; break;
    case F::Min: case F::Max: sameUnits(*args[0], *args[1], at, f.name); break;
    case F::Derivative: d = a / Dimension::of(Dimension::Second); break;
    case F::Integral: d = a * Dimension::of(Dimension::Second); break;
    case F::Smooth: {
        const std::optional<double> tau = constantOf(*args[1]);
        const Dimension& td = args[1]->dimension;
        if (!tau || !(*tau > 0.0) || !(td.dimensionless() || td == Dimension::of(Dimension::Second)))
            fail(at, "smooth(x, seconds): the time constant must be a positive number of seconds");
        auto n = leaf(Node::Op::Call, d, *tau);
        n->function = f.function;
        n->args.push_back(std::move(args.front()));
        return n;
    }
    }
    auto n = leaf(Node::Op::Call, d);
    n->function = f.function;
    n->args = std::move(args);
    return n;
}

NodePtr Parser::channel(std::string_view name, std::size_t at)
{
    if (name == "time")
        return leaf(Node::Op::Time, Dimension::of(Dimension::Second));
    if (name == "pi")
        return leaf(Node::Op::Number, Dimension{}, std::numbers::pi);
    if (name == "wheelbase") {
        if (!std::isfinite(vehicle_.wheelbase))
            fail(at, "'wheelbase' needs a vehicle with a front and a rear axle");
        return leaf(Node::Op::Number, Dimension::of(Dimension::Metre), vehicle_.wheelbase);
    }
    if (const auto v = telemetry::vehicleChannelFromId(name)) {
        if (accept("["))
            fail(pos_ - 1, "'" + std::string(name) + "' is a vehicle channel: no wheel");
        auto n = leaf(Node::Op::Channel, parseUnit(telemetry::info(*v).unit)->dimension);
        n->column = telemetry::Column::of(*v);
        return n;
    }
    if (const auto w = telemetry::wheelChannelFromId(name)) {
        if (!accept("["))
            fail(pos_, "'" + std::string(name) + "' is a wheel channel: write " + std::string(name) + "[FL] or [*]");
        const std::size_t labelAt = (skipSpace(), pos_);
        const std::size_t close = text_.find(']', pos_);
        if (close == std::string_view::npos)
            fail(labelAt, "a wheel in [ ] is not closed");
        const std::string_view label = text_.substr(pos_, close - pos_);
        pos_ = close + 1;
        auto n = leaf(Node::Op::Channel, parseUnit(telemetry::info(*w).unit)->dimension);
        n->anyWheel = label == "*";
        perWheel_ = perWheel_ || n->anyWheel;
        const std::optional<int> wheel = n->anyWheel ? 0 : telemetry::wheelFromLabel(label);
        if (!wheel || *wheel >= vehicle_.wheelCount)
            fail(labelAt, "no wheel '" + std::string(label) + "' on this " + std::to_string(vehicle_.wheelCount) +
                              "-wheeled vehicle");
        n->column = telemetry::Column::of(*w, *wheel);
        return n;
    }
    std::vector<std::string> names{"time", "pi", "wheelbase"};
    for (const telemetry::ChannelInfo& c : telemetry::vehicleChannels())
        names.emplace_back(c.id);
    for (const telemetry::ChannelInfo& c : telemetry::wheelChannels())
        names.emplace_back(c.id);
    const std::optional<std::size_t> near = json::nearestName(std::string(name), names);
    fail(at, "unknown channel '" + std::string(name) + "'" + (near ? " (did you mean '" + names[*near] + "'?)" : std::string()));
}

}  // namespace

std::string MathError::text() const { return "at " + std::to_string(position + 1) + ": " + reason; }

std::variant<MathExpression, MathError> MathExpression::compile(std::string_view text, const MathVehicle& vehicle)
{
    if (text.size() > kMaxText)
        return MathError{kMaxText, "longer than " + std::to_string(kMaxText) + " characters"};
    Parser parser(text, vehicle);
    try {
        MathExpression e;
        e.root_ = parser.parse();
        e.text_ = std::string(text);
        e.perWheel_ = parser.perWheel();
        return e;
    } catch (const Failure& f) {
        return MathError{f.position, f.reason};
    }
}

const Dimension& MathExpression::dimension() const { return root_->dimension; }

}  // namespace jounce::analysis
