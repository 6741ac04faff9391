#pragma once
// Writes USD's text format (.usda): prims with their applied API schemas and metadata, typed
// attributes and relationships, four-space indentation as USD writes it. Values are given as text
// made by the formatting helpers, so each attribute says its USD type once, where it is written.

#include "config/VehicleConfig.h"

#include <string>
#include <string_view>
#include <vector>

namespace jounce::exchange::usda {

class Writer {
public:
    /// "#usda 1.0" and the layer metadata lines ("upAxis = \"Z\"").
    explicit Writer(const std::vector<std::string>& layerMetadata);

    /// `def TYPE "NAME" (metadata) {`; apiSchemas become `prepend apiSchemas = [...]`.
    void beginPrim(std::string_view type, std::string_view name, const std::vector<std::string>& apiSchemas = {},
                   const std::vector<std::string>& metadata = {});
    void endPrim();
    /// `[uniform ]TYPE NAME = VALUE`.
    void attribute(std::string_view type, std::string_view name, std::string_view value, bool uniform = false);
    /// `rel NAME = <target>` or `= [<a>, <b>]`.
    void relationship(std::string_view name, const std::vector<std::string>& targets);
    /// A raw line at the current indentation (comments, dictionary entries).
    void line(std::string_view text);

    const std::string& text() const { return out_; }

private:
    void indent();
    std::string out_;
    int depth_ = 0;
};

// ---- value text ------------------------------------------------------------------------------------

/// The shortest text that reads back to the same double ("0.1", "1", "-4").
std::string number(double v);
std::string integer(long long v);
std::string boolean(bool v);
/// A quoted string with \ and " escaped (tokens are written the same way).
std::string quote(std::string_view s);
/// A triple-quoted string for long text (doc).
std::string tripleQuote(std::string_view s);
std::string tuple(const std::vector<double>& values);
std::string vec3(const Vec3& v);
/// [1, 2, 3]
std::string array(const std::vector<double>& values);
std::string intArray(const std::vector<int>& values);
/// [(x, y), ...]
std::string pairArray(const std::vector<GraphPoint>& graph);
/// [(jounce, x, y, z), ...]
std::string float4Array(const std::vector<CompliancePoint>& graph);
/// ["a", "b"]
std::string tokenArray(const std::vector<std::string>& values);

/// A valid prim name made of `name`: letters, digits and _, not starting with a digit.
std::string primName(std::string_view name);

}  // namespace jounce::exchange::usda
