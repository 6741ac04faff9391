#pragma once
// The registry's internals shared by its source files (internal to model/config): how a node is
// described in messages (ParameterRegistry.cpp) and how paths are parsed and resolved against the
// tree (RegistryPaths.cpp). The JSON reading and writing (RegistryJson.cpp) and the schema
// (RegistrySchema.cpp) are walks over the tree that use both.

#include "ParameterRegistry.h"

#include <string>
#include <vector>

namespace jounce::config::detail {

// ---- node descriptions (ParameterRegistry.cpp) -------------------------------------------------

/// "4W", "NW", "tank", "none": the drive type as the file writes it.
const char* driveTypeName(DriveType t);
/// Whether a file must give some value below `n` (a required leaf not under an optional part).
bool subtreeHasRequiredLeaf(const Node& n);
/// What a leaf accepts, for messages: "a number", "one of \"4W\", \"NW\"", "a list of 3 numbers".
std::string typeExpectation(const Node& n);
/// Checks a JSON value against a leaf's type and, with `withLimits`, its hard limits (through the
/// checks of json/ObjectReader, so vehicles say what maneuvers and terrains say), its plausible range
/// (a separate message, with "did you mean" advice for a likely unit slip) and a text's length;
/// reports the problems at `pointer`. True when acceptable.
bool checkLeaf(const Node& leaf, const Json& value, const std::string& pointer, bool withLimits, Problems& problems);
/// How many elements an array node may have, for messages ("must have 1 to 20 elements, got 29").
json::ItemCount itemCount(const Node& array);

// ---- paths (RegistryPaths.cpp) -----------------------------------------------------------------

/// "path.key", or "key" at the root.
std::string joinKey(const std::string& path, const std::string& key);

/// One step of a parsed path: a key, an index, or `[*]`.
struct PathToken {
    enum class Kind { Key, Index, Star } kind = Kind::Key;
    std::string key;
    std::size_t index = 0;
};

/// Splits a path (`wheels[2].tire.type`, with `[*]`) or a JSON pointer (`/wheels/2/tire/type`)
/// into tokens; false when it is not well formed.
bool parsePath(const std::string& text, std::vector<PathToken>& out);

/// Children of an object node that a token names (a key, or a tuple index).
std::vector<const Node*> childrenNamed(const Node& object, const PathToken& t);

/// A leaf found in a vehicle by a path.
struct Target {
    const Node* node;
    void* address;
    std::string path;
};

/// Resolves tokens[k..] below `node` whose value is at `address`. `create` adds default elements and
/// optional objects as needed (used only on scratch copies for defaults). Returns an error message.
std::string resolve(const Node& node, void* address, const std::vector<PathToken>& tokens, std::size_t k,
                    const VehicleConfig* config, bool create, const std::string& path, std::vector<Target>& out);

/// Appends the leaves below `node` to `out`: with a vehicle (`config`, `address` its value) those
/// present in it with concrete indices, without one every leaf the format knows, with `[*]`.
void collectLeaves(const Node& node, void* address, const VehicleConfig* config, const std::string& path,
                   const std::string& pointer, std::vector<LeafRef>& out);

}  // namespace jounce::config::detail
