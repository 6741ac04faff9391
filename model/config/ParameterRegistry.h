#pragma once
// The parameter registry: the single description of every parameter of a vehicle file (conventions.md).
//
// It is a tree that mirrors the JSON shape of a vehicle: objects, arrays and scalar leaves. Every
// leaf carries its unit, hard limits, typical range, guide section and meaning, and knows how to read
// and write its field of a VehicleConfig. JSON reading and writing, value validation, the JSON
// Schema, `jounce-cli params`, `--set PATH=VALUE` and the editor are all walks over this tree, so no
// parameter is listed twice by hand.
//
// Paths are written `wheels[2].suspension.springStrength`; `[*]` stands for every element. Fixed
// tuples (vectors, graph points) are JSON arrays, so their components are indexed too:
// `wheels[0].geometry.wheelCentreOffset[2]` is the z of the front-left wheel centre.

#include "VehicleConfig.h"
#include "json/ObjectReader.h"
#include "json/Problem.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace jounce::config {

using Json = nlohmann::ordered_json;

enum class NodeKind { Object, Array, Number, Integer, Boolean, Enumeration, Text };

/// Hard limits of a numeric leaf: a value outside is invalid. The same interval the maneuver and
/// terrain readers check against, so every file reports "must be > 0, got -5" alike.
using Limits = json::NumberLimits;

/// A unit a value is easily typed in by mistake: millimetres for metres is {"millimetres", 0.001}.
/// An implausible value that becomes a typical one in the leaf's unit gets "did you mean" advice.
struct UnitSlip {
    std::string unit;     ///< "millimetres"
    double factor = 1.0;  ///< the value in the leaf's unit is the typed value times this
};

/// What a person needs to know about one leaf.
struct ParamInfo {
    std::string unit;  ///< SI unit, "1" for dimensionless, "" for names and flags
    Limits hard;
    /// Values a vehicle from a 1:10 RC car to a mining haul truck can have (conventions.md "Plausible
    /// ranges"): outside it a value is an error too, with its own message. Unbounded where the hard
    /// limits already say everything.
    Limits plausible;
    double typicalMin = std::numeric_limits<double>::quiet_NaN();  ///< advisory
    double typicalMax = std::numeric_limits<double>::quiet_NaN();
    std::string section;      ///< tuning-guide section, e.g. "PxVehicleSuspensionData"
    std::string specRef;      ///< spec section, e.g. "§1.3"
    std::string description;  ///< one line
    bool required = false;    ///< no usable default: a file must give it
    std::vector<UnitSlip> unitSlips;  ///< numbers: the likely wrong units, tried on an implausible value
    std::size_t maxBytes = 0;         ///< text: the longest value accepted (0: json::kMaxNameBytes)
    /// 0 is a documented "not given" value (something else stands in), never judged as outside
    /// the typical range.
    bool zeroMeansUnset = false;

    bool hasTypicalRange() const { return typicalMin == typicalMin && typicalMax == typicalMax; }
    /// The values accepted: inside the hard limits and the plausible range.
    Limits accepted() const;
};

/// What the curve editor needs to know of a graph (a list of [x, y] points, like the torque curve):
/// the units, limits and meanings of x and y are those of the point's two leaves.
struct GraphInfo {
    std::string id;     ///< stable key of its curve, e.g. "torqueCurve"
    std::string title;  ///< "Engine torque curve"
    std::string xAxis;  ///< axis names without the unit, e.g. "engine speed / maxOmega"
    std::string yAxis;
    bool fixedFirstX = false;  ///< the first point's x is fixed (friction vs slip starts at slip 0)
    bool increasingX = true;   ///< x strictly increases from point to point (VehicleValidation checks it)
};

/// One node of the registry tree. Accessors work on the address of the node's own value (a struct,
/// a std::vector or a scalar) so the tree can be walked over any VehicleConfig.
class Node {
public:
    NodeKind kind = NodeKind::Object;
    std::string key;         ///< JSON key in the parent object; for tuple components, the component name
    const Node* parent = nullptr;
    int indexInParent = -1;  ///< tuple component index, -1 otherwise
    ParamInfo info;          ///< leaves; for objects and arrays only section/description are used

    // Object
    bool tuple = false;     ///< written as a fixed-length JSON array of its scalar children
    bool optional = false;  ///< a std::optional<T> member: may be absent from the file
    std::vector<std::unique_ptr<Node>> children;

    // Array
    std::unique_ptr<Node> element;
    std::size_t minItems = 0;
    std::size_t maxItems = 0;

    // Enumeration
    std::vector<std::string> enumValues;

    /// Leaves of a wheel: the value changes sign between a left and a right wheel (lateral offsets,
    /// camber, toe), so an edit linked across sides is mirrored. PhysX itself does not mirror.
    bool mirrorsLeftRight = false;
    /// Leaves added to the format later: a value equal to this one is left out of written files,
    /// so files written before the leaf existed stay canonical (tire.model "physx").
    std::optional<Json> omittedValue;
    /// Set on graphs (arrays of [x, y] points): the node is drawn and edited as a curve.
    std::optional<GraphInfo> graph;

    /// When not empty, the node exists only for these drive types (e.g. the Ackermann geometry only
    /// for 4W).
    std::vector<DriveType> driveTypes;
    /// A choice among variants made by a sibling enumeration: the node exists only while the sibling
    /// `selector` (e.g. a tire's "model") has one of `values` (the Unity curves only for "unity").
    struct SiblingChoice {
        std::string selector;
        std::vector<std::string> values;
    };
    std::optional<SiblingChoice> onlyWhen;

    // ---- accessors (set up by the registry's builders) ----
    std::function<void*(void* parentValue)> locate;  ///< member of the parent object
    std::function<bool(const void*)> hasValue;        ///< optional objects
    std::function<void*(void*)> emplaceValue;         ///< optional objects: create, return the value
    std::function<void(void*)> resetValue;            ///< optional objects
    std::function<void*(void*)> derefValue;           ///< optional objects: address of the value
    std::function<std::size_t(const void*)> size;     ///< arrays
    std::function<void(void*, std::size_t)> resize;   ///< arrays
    std::function<void*(void*, std::size_t)> at;      ///< arrays
    std::function<std::shared_ptr<void>()> makeElement;  ///< arrays: a default-constructed element
    std::function<Json(const void*)> get;             ///< leaves
    std::function<void(void*, const Json&)> set;      ///< leaves; the Json has the leaf's type

    bool isLeaf() const { return kind != NodeKind::Object && kind != NodeKind::Array; }
    /// Whether the node exists in `config`, where `parentValue` is the address of its parent's value
    /// (needed by `onlyWhen`; null: only the drive type is asked).
    bool isPresent(const VehicleConfig& config, const void* parentValue) const;
    /// Whether the sibling choice of `onlyWhen` holds in the parent value at `parentValue` (true
    /// without one).
    bool chosenIn(const void* parentValue) const;
    /// Makes `onlyWhen` hold in the parent value at `parentValue`: sets the selector to the first of
    /// its values (the parts of the chosen variant get their defaults).
    void choose(void* parentValue) const;
    /// "drive.type is 4W" / "drive.type is 4W, NW or tank" / "tire.model is unity"; empty when
    /// always present.
    std::string presenceText() const;
    /// Path with `[*]` for array elements, e.g. "wheels[*].tire.frictionVsSlipGraph[*][1]".
    std::string pathPattern() const;
    /// "number", "integer", "boolean", "string", "object", "array"
    std::string typeName() const;
};

/// A leaf as found in a particular vehicle (or, with `[*]`, in the format).
struct LeafRef {
    const Node* node = nullptr;
    std::string path;      ///< "wheels[2].suspension.springStrength" or with [*]
    std::string pointer;   ///< "/wheels/2/suspension/springStrength" (empty for [*] patterns)
};

class ParameterRegistry {
public:
    /// The registry of the current vehicle format (built once, immutable, thread-safe to read).
    static const ParameterRegistry& instance();

    const Node& root() const { return *root_; }

    /// Every leaf the format knows, optional parts included, with `[*]` for array elements.
    std::vector<LeafRef> allLeaves() const;
    /// Every leaf present in this vehicle, with concrete indices.
    std::vector<LeafRef> leaves(const VehicleConfig& config) const;

    /// The leaf node a path names (indices or `[*]`; a JSON pointer is accepted too), or null.
    const Node* findLeaf(const std::string& path) const;

    /// Any node a path names (a leaf, an object, a list, a graph; indices or `[*]`), or null. Where
    /// two nodes share a key (drive.differential: 4W and NW), the first.
    const Node* findNode(const std::string& path) const;
    /// Every graph node of the format (those with `graph` set), in registry order.
    std::vector<const Node*> graphs() const;

    /// The value at a concrete path, or nullopt when the path names nothing in this vehicle.
    std::optional<Json> get(const VehicleConfig& config, const std::string& path) const;
    /// Sets a leaf (or, with `[*]`, every matching leaf) after checking the JSON type and the hard
    /// limits. Returns an error message, or an empty string on success; on error nothing changes.
    std::string set(VehicleConfig& config, const std::string& path, const Json& value) const;

    /// The default value of a leaf (null for required leaves); for `[*]` patterns under an array whose
    /// default elements differ (gear ratios), the array of their values.
    Json defaultValue(const Node& leaf) const;
    /// The default for a concrete leaf of a vehicle (the default element at that index).
    Json defaultValueAt(const VehicleConfig& config, const std::string& path) const;

    /// Reads a vehicle object (everything but `format` and `schemaVersion`) into `config`, reporting
    /// wrong types, missing required values, unknown keys and bad array sizes with their pointers.
    /// Values of the right type are stored even when out of limits (validate() reports those), so a
    /// broken file opens with everything that could be read.
    void read(const Json& object, VehicleConfig& config, Problems& problems) const;
    /// Writes the vehicle as a JSON object, keys in registry order.
    Json write(const VehicleConfig& config) const;
    /// Checks every present leaf against its hard limits, plausible range and text length, and every
    /// array against its size limits.
    void validateValues(const VehicleConfig& config, Problems& problems) const;

    /// Checks one JSON value against a leaf's type, hard limits, plausible range and text length;
    /// empty string when acceptable, else the messages joined by "; ".
    static std::string checkLeafValue(const Node& leaf, const Json& value);

    /// JSON Schema (draft 2020-12) of the vehicle file format.
    Json schema() const;

    /// "wheels[2].tire.type" -> "/wheels/2/tire/type" and back.
    static std::string pathToPointer(const std::string& path);
    static std::string pointerToPath(const std::string& pointer);

private:
    ParameterRegistry();
    std::unique_ptr<Node> root_;
};

}  // namespace jounce::config
