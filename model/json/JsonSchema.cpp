#include "json/JsonSchema.h"

#include <cmath>
#include <vector>

namespace jounce::json::schema {
namespace {

Json properties(std::initializer_list<std::pair<const char*, Json>> members)
{
    Json props = Json::object();
    for (const auto& [key, value] : members)
        props[key] = value;
    return props;
}

}  // namespace

void putLimits(Json& s, const NumberLimits& limits)
{
    if (std::isfinite(limits.min))
        s[limits.minExclusive ? "exclusiveMinimum" : "minimum"] = limits.min;
    if (std::isfinite(limits.max))
        s[limits.maxExclusive ? "exclusiveMaximum" : "maximum"] = limits.max;
}

Json number(const NumberLimits& limits, std::string_view description, std::string_view unit,
            std::optional<double> fallback)
{
    Json s = {{"type", "number"}, {"description", description}};
    if (!unit.empty())
        s["x-unit"] = unit;
    putLimits(s, limits);
    if (fallback)
        s["default"] = *fallback;
    return s;
}

Json integer(long long min, long long max, std::string_view description, std::optional<long long> fallback)
{
    Json s = {{"type", "integer"}, {"description", description}, {"minimum", min}, {"maximum", max}};
    if (fallback)
        s["default"] = *fallback;
    return s;
}

Json unsignedInteger(std::string_view description)
{
    return {{"type", "integer"}, {"description", description}, {"minimum", 0}};
}

Json boolean(std::string_view description, std::optional<bool> fallback)
{
    Json s = {{"type", "boolean"}, {"description", description}};
    if (fallback)
        s["default"] = *fallback;
    return s;
}

Json text(std::string_view description)
{
    return {{"type", "string"}, {"description", description}};
}

Json enumeration(std::span<const char* const> names, std::string_view description, const char* fallback)
{
    Json values = Json::array();
    for (const char* n : names)
        values.push_back(n);
    Json s = {{"enum", values}, {"description", description}};
    if (fallback)
        s["default"] = fallback;
    return s;
}

Json tuple(Json items, std::string_view description, std::string_view unit)
{
    const std::size_t n = items.size();
    Json s = {{"type", "array"}, {"description", description}};
    if (!unit.empty())
        s["x-unit"] = unit;
    s["prefixItems"] = std::move(items);
    s["items"] = false;
    s["minItems"] = n;
    s["maxItems"] = n;
    return s;
}

Json pair(const NumberLimits& limits, std::string_view description, std::string_view unit)
{
    Json component = {{"type", "number"}};
    putLimits(component, limits);
    return tuple(Json::array({component, component}), description, unit);
}

Json list(Json items, const ItemCount& count, std::string_view description)
{
    Json s = {{"type", "array"}, {"description", description}, {"items", std::move(items)}};
    if (count.min > 0)
        s["minItems"] = count.min;
    if (count.max != ItemCount{}.max)
        s["maxItems"] = count.max;
    return s;
}

Json object(std::string_view description, std::initializer_list<std::pair<const char*, Json>> members,
            std::initializer_list<const char*> required)
{
    Json s = {{"type", "object"}, {"description", description}, {"properties", properties(members)}};
    if (required.size() > 0)
        s["required"] = Json(std::vector<std::string>(required.begin(), required.end()));
    return s;
}

Json variant(const char* key, const char* value, std::initializer_list<std::pair<const char*, Json>> members,
             std::initializer_list<const char*> required)
{
    Json then = {{"properties", properties(members)}};
    if (required.size() > 0)
        then["required"] = Json(std::vector<std::string>(required.begin(), required.end()));
    Json condition = {{"properties", Json{{key, Json{{"const", value}}}}}, {"required", Json::array({key})}};
    return {{"if", std::move(condition)}, {"then", std::move(then)}};
}

Json document(std::string_view title, const char* format, Json body)
{
    Json s = Json::object();
    s["$schema"] = kDialect;
    s["title"] = title;
    s["type"] = "object";
    s["description"] = body["description"];
    Json props = {{"format", {{"const", format}}}, {"schemaVersion", {{"type", "integer"}, {"minimum", 1}}}};
    for (auto it = body["properties"].begin(); it != body["properties"].end(); ++it)
        props[it.key()] = it.value();
    s["properties"] = props;
    Json required = Json::array({"format", "schemaVersion"});
    if (body.contains("required"))
        for (const Json& r : body["required"])
            required.push_back(r);
    s["required"] = required;
    if (body.contains("allOf"))
        s["allOf"] = body["allOf"];
    return s;
}

}  // namespace jounce::json::schema
