#pragma once
// Reading JSON text that may be hostile, and writing JSON in Jounce's canonical layout.

#include "json/Problem.h"
#include "json/TextFile.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace jounce::json {

using Json = nlohmann::ordered_json;

struct JsonLimits {
    std::size_t maxBytes = 4u << 20;     ///< a vehicle file is tens of kilobytes
    std::size_t maxDepth = 64;           ///< the deepest vehicle path is 6 levels
    std::size_t maxValues = 500'000;     ///< bounds memory whatever the file holds
};

/// Parses JSON text without ever crashing or growing without bound: empty and truncated text,
/// non-UTF-8 bytes, NaN/Infinity literals, duplicate keys, excessive nesting and too many values are
/// reported as problems located by the JSON pointer where they occur. Returns the document, or
/// nullopt if it could not be parsed (duplicate keys are errors but the document is still returned:
/// a duplicate keeps the last value, in the place where the key first appeared; past 20 in one
/// object the rest are counted in one error at the object). Linear in the text, whatever the number
/// of keys per object.
std::optional<Json> parseJson(std::string_view text, Problems& problems, const JsonLimits& limits = {});

/// Jounce's canonical layout: two-space indent, keys in insertion order, lists of plain values on
/// one line ([1.5, 1.05, -1.5]), a final newline. Numbers use the shortest text that reads back to
/// the same double, so writing what was read gives the same bytes.
std::string formatJson(const Json& value);

/// Escapes an object key for a JSON pointer (RFC 6901): "~" -> "~0", "/" -> "~1".
std::string pointerToken(const std::string& key);

/// A number for messages: integral values without ".0" ("must be in [0, 1]"), others in their
/// shortest round-trip form.
std::string formatNumber(double v);

/// Whether `text` is well-formed UTF-8 (no stray continuation bytes, overlong forms, surrogates or
/// code points above U+10FFFF). Text read from a file always is (the parser refuses anything
/// else); text from a command line or an edit may not be.
bool isValidUtf8(std::string_view text);

/// A short description of a JSON value for messages: `string "abc"`, `number 3`, `an object`.
/// Strings over 40 bytes are cut (on a UTF-8 character boundary) and end in "...".
std::string describeJson(const Json& v);

}  // namespace jounce::json
