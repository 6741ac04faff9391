// Typed reads of a parsed USD prim's attributes, reporting a wrong value at its line.
#include "exchange/usd/UsdRead.h"

#include <cmath>

namespace jounce::exchange::usdread {

using usda::lineLocation;
using usda::Value;

namespace {

std::optional<double> numberOf(const Value& v)
{
    if (v.kind == Value::Kind::Number && std::isfinite(v.number))
        return v.number;
    return std::nullopt;
}

}  // namespace

std::optional<std::vector<double>> numbersOf(const Value& v)
{
    if (const std::optional<double> x = numberOf(v))
        return std::vector<double>{*x};
    if (v.kind != Value::Kind::Tuple && v.kind != Value::Kind::List)
        return std::nullopt;
    std::vector<double> out;
    for (const Value& item : v.items) {
        const std::optional<double> x = numberOf(item);
        if (!x)
            return std::nullopt;
        out.push_back(*x);
    }
    return out;
}

const Value* Attributes::value(std::string_view name) const
{
    const usda::Property* p = prim_->property(name);
    if (!p)
        return nullptr;
    if (!p->value) {
        if (p->timeSamples || p->connection)
            problems_->warning(lineLocation(p->line), std::string(name) + (p->timeSamples ? " has only time samples"
                                                                                          : " is a connection") +
                                                          ", which are not read: its default is used");
        return nullptr;
    }
    if (p->value->kind == Value::Kind::Word && p->value->text == "None")
        return nullptr;
    return &*p->value;
}

void Attributes::wrong(const Value& v, std::string_view name, const std::string& expected) const
{
    problems_->error(lineLocation(v.line), std::string(name) + ": expected " + expected);
}

bool Attributes::has(std::string_view name) const { return value(name) != nullptr; }

std::optional<double> Attributes::number(std::string_view name) const
{
    const Value* v = value(name);
    if (!v)
        return std::nullopt;
    if (const std::optional<double> x = numberOf(*v))
        return x;
    wrong(*v, name, "a finite number");
    return std::nullopt;
}

std::optional<bool> Attributes::boolean(std::string_view name) const
{
    const Value* v = value(name);
    if (!v)
        return std::nullopt;
    if (v->kind == Value::Kind::Number && (v->number == 0.0 || v->number == 1.0))
        return v->number == 1.0;
    if (v->kind == Value::Kind::Word && (v->text == "true" || v->text == "false"))
        return v->text == "true";
    wrong(*v, name, "a boolean (0, 1, true or false)");
    return std::nullopt;
}

std::optional<std::string> Attributes::token(std::string_view name) const
{
    const Value* v = value(name);
    if (!v)
        return std::nullopt;
    if (v->kind == Value::Kind::String)
        return v->text;
    wrong(*v, name, "a token in quotes");
    return std::nullopt;
}

std::optional<std::vector<double>> Attributes::tuple(std::string_view name, std::size_t size) const
{
    const Value* v = value(name);
    if (!v)
        return std::nullopt;
    const std::optional<std::vector<double>> n = v->kind == Value::Kind::Tuple ? numbersOf(*v) : std::nullopt;
    if (n && n->size() == size)
        return n;
    wrong(*v, name, "a tuple of " + std::to_string(size) + " finite numbers");
    return std::nullopt;
}

std::optional<Vec3> Attributes::vec3(std::string_view name) const
{
    const std::optional<std::vector<double>> t = tuple(name, 3);
    if (!t)
        return std::nullopt;
    return Vec3{(*t)[0], (*t)[1], (*t)[2]};
}

std::optional<std::vector<double>> Attributes::numbers(std::string_view name) const
{
    const Value* v = value(name);
    if (!v)
        return std::nullopt;
    const std::optional<std::vector<double>> n = v->kind == Value::Kind::List ? numbersOf(*v) : std::nullopt;
    if (n)
        return n;
    wrong(*v, name, "a list of finite numbers [a, b, ...]");
    return std::nullopt;
}

std::optional<std::vector<std::vector<double>>> Attributes::tuples(std::string_view name, std::size_t size) const
{
    const Value* v = value(name);
    if (!v)
        return std::nullopt;
    std::vector<std::vector<double>> out;
    bool ok = v->kind == Value::Kind::List;
    for (std::size_t i = 0; ok && i < v->items.size(); ++i) {
        const Value& item = v->items[i];
        std::optional<std::vector<double>> n = item.kind == Value::Kind::Tuple ? numbersOf(item) : std::nullopt;
        ok = n && n->size() == size;
        if (ok)
            out.push_back(std::move(*n));
    }
    if (ok)
        return out;
    wrong(*v, name, "a list of tuples of " + std::to_string(size) + " finite numbers [(...), ...]");
    return std::nullopt;
}

std::vector<std::string> Attributes::targets(std::string_view name) const
{
    std::vector<std::string> out;
    const Value* v = value(name);
    if (!v)
        return out;
    if (v->kind == Value::Kind::Path)
        out.push_back(v->text);
    else if (v->kind == Value::Kind::List)
        for (const Value& item : v->items)
            if (item.kind == Value::Kind::Path)
                out.push_back(item.text);
    if (out.empty())
        wrong(*v, name, "a relationship target <path> or a list of them");
    return out;
}

Vec3 Context::point(const Vec3& p) const
{
    const Vec3 q = vector(p, units.length);
    return {q.x - origin.x, q.y - origin.y, q.z - origin.z};
}

Vec3 Context::vector(const Vec3& v, double factor) const
{
    const Vec3 r = frame.toIso(v);
    return {r.x * factor, r.y * factor, r.z * factor};
}

std::size_t Context::wheelAt(long long index) const
{
    for (std::size_t k = 0; k < indices.size(); ++k)
        if (indices[k] == index)
            return k;
    return wheels.size();
}

const usda::Prim* Context::component(const usda::Prim& prim, const char* api, const char* rel) const
{
    if (prim.applies(api))
        return &prim;
    const std::vector<std::string> t = Attributes(prim, problems).targets(rel);
    if (t.empty())
        return nullptr;
    const usda::Prim* target = layer.find(t[0]);
    if (!target) {
        problems.error(lineLocation(prim.line), std::string(rel) + " targets " + t[0] + ", which is not in this layer");
    } else if (!target->applies(api)) {
        // A component read from a prim of another kind would silently take every default.
        problems.error(lineLocation(prim.line), std::string(rel) + " targets " + t[0] + ", which does not apply " + api);
        return nullptr;
    }
    return target;
}

const Value* Context::extra(std::string_view key) const { return jounce ? jounce->entry(key) : nullptr; }

}  // namespace jounce::exchange::usdread
