#pragma once
// A tolerant reader of USD's text format (.usda), enough for vehicle layers: layer and prim
// metadata, nested prims, attributes with their types and default values, relationships, and the
// value syntax (numbers, strings, tokens, paths, assets, tuples, arrays, dictionaries). What it
// reads but does not interpret (time samples, connections, variant sets, composition arcs) is
// kept marked so the importer can name it. Hostile text gives an error at its line, never a crash:
// size, nesting, value and prim counts are bounded.

#include "json/Problem.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jounce::exchange::usda {

struct Entry;

struct Value {
    enum class Kind { Number, String, Word, Path, Asset, Tuple, List, Dictionary };
    Kind kind = Kind::Word;
    double number = 0.0;
    std::string text;          ///< string, word (true, None, ...), path or asset
    std::vector<Value> items;  ///< tuple or list elements
    std::vector<Entry> entries;  ///< dictionary (each value's typeName set)
    std::string typeName;      ///< a dictionary entry's declared type
    int line = 0;

    /// The dictionary entry `key`, or nullptr.
    const Value* entry(std::string_view key) const;
};

/// A dictionary entry. A struct declared ahead rather than std::pair<std::string, Value>: clang
/// with libstdc++ refuses a pair of a type still being defined (its completeness checks), which
/// kept the fuzzing build from compiling this file.
struct Entry {
    std::string key;
    Value value;
};

struct Property {
    std::string name;      ///< "physxVehicleWheel:radius"
    std::string typeName;  ///< "float", "float2[]", "rel"
    bool uniform = false;
    std::optional<Value> value;  ///< the default value, or the relationship's targets
    bool timeSamples = false;    ///< has time samples (not read)
    bool connection = false;     ///< has a connection (not read)
    int line = 0;
};

/// A prim keeps its own name and a pointer to its parent, not its path: a path repeats every
/// ancestor's name, so storing one per prim would cost name length x prim count (a 1 MiB name over
/// 1,500 children took 1.5 GB). path() builds it when a message needs one.
struct Prim {
    std::string specifier;  ///< def, over or class
    std::string typeName;   ///< "Xform", or "" for a typeless prim
    std::string name;
    const Prim* parent = nullptr;  ///< set by parse() once the tree is complete; nullptr at the root
    std::vector<std::string> apiSchemas;  ///< applied API schemas, list edits resolved as USD does (one layer)
    std::vector<std::pair<std::string, Value>> metadata;  ///< customData, references, ...
    std::vector<Property> properties;
    std::vector<Prim> children;
    bool variants = false;  ///< has variant sets (not read)
    int line = 0;

    Prim() = default;
    // Move-only: a copy's children would point at the original's prims as their parent.
    Prim(const Prim&) = delete;
    Prim& operator=(const Prim&) = delete;
    Prim(Prim&&) = default;
    Prim& operator=(Prim&&) = default;

    /// "/World/Vehicle", built from the names up the parents.
    std::string path() const;
    const Property* property(std::string_view name) const;
    const Value* meta(std::string_view key) const;
    bool applies(std::string_view apiSchema) const;
};

/// A parsed layer. Memory is linear in the text: every name, string and number is held once, in a
/// record of fixed size per prim, property and value (sizeof(Prim), sizeof(Property),
/// sizeof(Value)), and each of those takes at least a few bytes of text; the limits cap the counts.
/// Move-only, so that the parents its prims point at stay where they are (moving the vectors keeps
/// their elements in place).
struct Layer {
    std::vector<std::pair<std::string, Value>> metadata;
    std::vector<Prim> prims;

    Layer() = default;
    Layer(const Layer&) = delete;
    Layer& operator=(const Layer&) = delete;
    Layer(Layer&&) = default;
    Layer& operator=(Layer&&) = default;

    const Value* meta(std::string_view key) const;
    /// The prim at `path` ("/World/Vehicle"), or nullptr.
    const Prim* find(std::string_view path) const;
};

struct Limits {
    std::size_t maxBytes = 16u << 20;
    std::size_t maxDepth = 64;          ///< prims and values nested
    std::size_t maxValues = 2'000'000;  ///< numbers, strings, ... in all
    std::size_t maxPrims = 100'000;
};

/// Parses a layer. On a syntax error returns nullopt with one error "line N: ..." (pointer "line N");
/// two prims at one path are such an error too, as in USD (which one the layer means is unknown),
/// and so is a name listed twice in one apiSchemas list edit. Time and memory are linear in the text.
std::optional<Layer> parse(std::string_view text, Problems& problems, const Limits& limits = {});

/// "line 12", the location of a problem in a text layer.
std::string lineLocation(int line);

}  // namespace jounce::exchange::usda
