#include "analysis/MathUnit.h"

#include <cmath>
#include <cstdlib>
#include <numbers>
#include <utility>

namespace jounce::analysis {
namespace {

using B = Dimension::Base;

Dimension dim(int m, int kg, int s, int rad)
{
    Dimension d;
    d.power = {m, kg, s, rad};
    return d;
}

struct Symbol {
    std::string_view name;
    Unit unit;
};

/// Every symbol a unit string may hold; prefixed forms are listed, not derived, so "mN" or "ks"
/// are refused rather than read in a way nobody meant.
const Symbol kSymbols[] = {
    {"1", {dim(0, 0, 0, 0), 1.0}},
    {"m", {dim(1, 0, 0, 0), 1.0}},
    {"mm", {dim(1, 0, 0, 0), 1e-3}},
    {"cm", {dim(1, 0, 0, 0), 1e-2}},
    {"km", {dim(1, 0, 0, 0), 1e3}},
    {"kg", {dim(0, 1, 0, 0), 1.0}},
    {"t", {dim(0, 1, 0, 0), 1e3}},
    {"s", {dim(0, 0, 1, 0), 1.0}},
    {"ms", {dim(0, 0, 1, 0), 1e-3}},
    {"min", {dim(0, 0, 1, 0), 60.0}},
    {"h", {dim(0, 0, 1, 0), 3600.0}},
    {"Hz", {dim(0, 0, -1, 0), 1.0}},
    {"rad", {dim(0, 0, 0, 1), 1.0}},
    {"deg", {dim(0, 0, 0, 1), std::numbers::pi / 180.0}},
    {"°", {dim(0, 0, 0, 1), std::numbers::pi / 180.0}},
    {"rpm", {dim(0, 0, -1, 1), 2.0 * std::numbers::pi / 60.0}},
    {"N", {dim(1, 1, -2, 0), 1.0}},
    {"kN", {dim(1, 1, -2, 0), 1e3}},
    {"W", {dim(2, 1, -3, 0), 1.0}},
    {"kW", {dim(2, 1, -3, 0), 1e3}},
    {"g", {dim(1, 0, -2, 0), 9.80665}},  // standard gravity: telemetry has no masses in grams
    {"%", {dim(0, 0, 0, 0), 0.01}},
};

/// "m²" -> ("m", 2), "s^-1" -> ("s", -1), "kg" -> ("kg", 1).
std::optional<std::pair<std::string_view, int>> splitPower(std::string_view factor)
{
    for (const auto& [suffix, power] : {std::pair{std::string_view("²"), 2}, std::pair{std::string_view("³"), 3}})
        if (factor.size() > suffix.size() && factor.ends_with(suffix))
            return std::pair{factor.substr(0, factor.size() - suffix.size()), power};
    const std::size_t caret = factor.find('^');
    if (caret == std::string_view::npos)
        return std::pair{factor, 1};
    const std::string_view digits = factor.substr(caret + 1);
    if (digits.empty() || digits.size() > 3)
        return std::nullopt;
    const bool negative = digits.front() == '-';
    int power = 0;
    for (char c : digits.substr(negative ? 1 : 0)) {
        if (c < '0' || c > '9')
            return std::nullopt;
        power = power * 10 + (c - '0');
    }
    if (power == 0 || (negative && digits.size() == 1))
        return std::nullopt;
    return std::pair{factor.substr(0, caret), negative ? -power : power};
}

/// A product of factors separated by spaces ("N m", "kg m^2").
std::optional<Unit> parseProduct(std::string_view text)
{
    Unit out;
    bool any = false;
    while (!text.empty()) {
        const std::size_t space = text.find(' ');
        const std::string_view factor = text.substr(0, space);
        text = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
        if (factor.empty())
            continue;
        const auto split = splitPower(factor);
        if (!split)
            return std::nullopt;
        const Symbol* symbol = nullptr;
        for (const Symbol& s : kSymbols)
            if (s.name == split->first)
                symbol = &s;
        if (!symbol)
            return std::nullopt;
        out.dimension = out.dimension * symbol->unit.dimension.pow(split->second);
        out.toSI *= std::pow(symbol->unit.toSI, split->second);
        any = true;
    }
    return any ? std::optional<Unit>(out) : std::nullopt;
}

}  // namespace

Dimension Dimension::operator*(const Dimension& o) const
{
    Dimension d;
    for (int i = 0; i < Count; ++i)
        d.power[std::size_t(i)] = power[std::size_t(i)] + o.power[std::size_t(i)];
    return d;
}

Dimension Dimension::operator/(const Dimension& o) const { return *this * o.pow(-1); }

Dimension Dimension::pow(int n) const
{
    Dimension d;
    for (int i = 0; i < Count; ++i)
        d.power[std::size_t(i)] = power[std::size_t(i)] * n;
    return d;
}

std::optional<Dimension> Dimension::sqrt() const
{
    Dimension d;
    for (int i = 0; i < Count; ++i) {
        if (power[std::size_t(i)] % 2 != 0)
            return std::nullopt;
        d.power[std::size_t(i)] = power[std::size_t(i)] / 2;
    }
    return d;
}

Dimension Dimension::of(Base base, int p)
{
    Dimension d;
    d.power[std::size_t(base)] = p;
    return d;
}

std::optional<Unit> parseUnit(std::string_view text)
{
    if (text.size() > 64)
        return std::nullopt;
    const std::size_t slash = text.find('/');
    if (slash == std::string_view::npos)
        return parseProduct(text);
    if (text.find('/', slash + 1) != std::string_view::npos)
        return std::nullopt;  // "m/s/s" is ambiguous to a reader: write "m/s²"
    const std::optional<Unit> top = parseProduct(text.substr(0, slash));
    const std::optional<Unit> bottom = parseProduct(text.substr(slash + 1));
    if (!top || !bottom)
        return std::nullopt;
    return Unit{top->dimension / bottom->dimension, top->toSI / bottom->toSI};
}

std::string unitText(const Dimension& d)
{
    // The units the telemetry and the editor write, first.
    static const std::pair<Dimension, std::string_view> kNamed[] = {
        {dim(0, 0, 0, 0), "1"},     {dim(1, 0, 0, 0), "m"},        {dim(0, 0, 1, 0), "s"},
        {dim(0, 1, 0, 0), "kg"},    {dim(0, 0, 0, 1), "rad"},      {dim(1, 0, -1, 0), "m/s"},
        {dim(1, 0, -2, 0), "m/s²"}, {dim(1, 0, -3, 0), "m/s³"},    {dim(0, 0, -1, 1), "rad/s"},
        {dim(0, 0, -2, 1), "rad/s²"}, {dim(1, 1, -2, 0), "N"},     {dim(2, 1, -2, 0), "N m"},
        {dim(0, 1, -2, 0), "N/m"},  {dim(0, 1, -1, 0), "N s/m"},   {dim(2, 1, -3, 0), "W"},
        {dim(0, 0, -1, 0), "1/s"},  {dim(2, 0, 0, 0), "m²"},       {dim(1, 1, -1, 0), "N s"},
    };
    for (const auto& [dimension, name] : kNamed)
        if (dimension == d)
            return std::string(name);
    static constexpr std::string_view kBase[] = {"m", "kg", "s", "rad"};
    std::string top, bottom;
    for (int i = 0; i < Dimension::Count; ++i) {
        const int p = d.power[std::size_t(i)];
        if (p == 0)
            continue;
        std::string& side = p > 0 ? top : bottom;
        side += (side.empty() ? "" : " ") + std::string(kBase[i]);
        if (std::abs(p) != 1)
            side += "^" + std::to_string(std::abs(p));
    }
    return (top.empty() ? std::string("1") : top) + (bottom.empty() ? "" : "/" + bottom);
}

}  // namespace jounce::analysis
