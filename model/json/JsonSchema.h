#pragma once
// Building blocks of JSON Schemas (draft 2020-12) generated from code, in the style of the vehicle
// schema (config::ParameterRegistry::schema()): "description", "x-unit", limits as
// minimum/exclusiveMinimum/maximum/exclusiveMaximum, "default". The maneuver and terrain schemas
// are made of them, from the same limits and names their readers check.

#include "json/JsonText.h"
#include "json/ObjectReader.h"

#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace jounce::json::schema {

inline constexpr const char* kDialect = "https://json-schema.org/draft/2020-12/schema";

/// Adds `limits` to the schema `s` of a number: minimum/exclusiveMinimum, maximum/exclusiveMaximum.
void putLimits(Json& s, const NumberLimits& limits);

/// {"type": "number", limits, "description", "x-unit" (when not empty), "default" (when given)}
Json number(const NumberLimits& limits, std::string_view description, std::string_view unit = {},
            std::optional<double> fallback = std::nullopt);
Json integer(long long min, long long max, std::string_view description, std::optional<long long> fallback = std::nullopt);
/// An integer >= 0 (up to 64 bits).
Json unsignedInteger(std::string_view description);
Json boolean(std::string_view description, std::optional<bool> fallback = std::nullopt);
Json text(std::string_view description);
/// {"enum": names, ...}
Json enumeration(std::span<const char* const> names, std::string_view description, const char* fallback = nullptr);
/// A fixed-length list, one schema per position: {"type": "array", "description", "x-unit" (when
/// not empty), "prefixItems": items, "items": false, "minItems" = "maxItems" = the count}.
Json tuple(Json items, std::string_view description, std::string_view unit = {});
/// [x, y]: two numbers within `limits`.
Json pair(const NumberLimits& limits, std::string_view description, std::string_view unit = {});
Json list(Json items, const ItemCount& count, std::string_view description);

/// {"type": "object", "description", "properties", "required" (when any)}.
Json object(std::string_view description, std::initializer_list<std::pair<const char*, Json>> properties,
            std::initializer_list<const char*> required = {});

/// One variant of an object told apart by the string member `key`: {"if": {key: const value},
/// "then": {"properties": ..., "required": ...}} for an "allOf" list.
Json variant(const char* key, const char* value, std::initializer_list<std::pair<const char*, Json>> properties,
             std::initializer_list<const char*> required = {});

/// A whole file: "$schema", "title", the object `body` with "format" (const `format`) and
/// "schemaVersion" first among its properties and required.
Json document(std::string_view title, const char* format, Json body);

}  // namespace jounce::json::schema
