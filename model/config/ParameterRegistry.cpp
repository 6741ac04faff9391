#include "ParameterRegistry.h"

#include "VehicleParameters.h"
#include "io/JsonText.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace jounce::config {
namespace {

using io::describeJson;
using io::formatNumber;
using io::pointerToken;

const char* driveTypeName(DriveType t)
{
    switch (t) {
    case DriveType::FourWheel: return "4W";
    case DriveType::NWheel: return "NW";
    case DriveType::Tank: return "tank";
    case DriveType::None: return "none";
    }
    return "?";
}

std::string joinKey(const std::string& path, const std::string& key)
{
    return path.empty() ? key : path + "." + key;
}

bool subtreeHasRequiredLeaf(const Node& n)
{
    if (n.isLeaf())
        return n.info.required;
    if (n.kind == NodeKind::Array)
        return n.minItems > 0 && subtreeHasRequiredLeaf(*n.element);
    if (n.optional)
        return false;
    return std::any_of(n.children.begin(), n.children.end(),
                       [](const auto& c) { return c->driveTypes.empty() && subtreeHasRequiredLeaf(*c); });
}

/// The child value's address inside an object value, following an optional if present.
void* childValue(const Node& child, void* objectValue)
{
    return child.locate(objectValue);
}

/// One step of a parsed path: a key, an index, or `[*]`.
struct PathToken {
    enum class Kind { Key, Index, Star } kind = Kind::Key;
    std::string key;
    std::size_t index = 0;
};

bool parsePath(const std::string& text, std::vector<PathToken>& out)
{
    out.clear();
    if (!text.empty() && text[0] == '/') {
        std::size_t pos = 1;
        while (pos <= text.size()) {
            std::size_t next = text.find('/', pos);
            std::string raw = text.substr(pos, next == std::string::npos ? std::string::npos : next - pos);
            std::string tok;
            for (std::size_t i = 0; i < raw.size(); ++i) {
                if (raw[i] == '~' && i + 1 < raw.size()) {
                    tok += raw[i + 1] == '1' ? '/' : '~';
                    ++i;
                } else {
                    tok += raw[i];
                }
            }
            PathToken t;
            if (tok == "*") {
                t.kind = PathToken::Kind::Star;
            } else if (!tok.empty() && tok.size() < 10 && std::all_of(tok.begin(), tok.end(), ::isdigit)) {
                t.kind = PathToken::Kind::Index;
                t.index = std::stoul(tok);
                t.key = tok;
            } else {
                t.key = tok;
            }
            out.push_back(t);
            if (next == std::string::npos)
                break;
            pos = next + 1;
        }
        return !out.empty();
    }
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == '.') {
            if (i == 0 || i + 1 >= text.size())
                return false;
            ++i;
        } else if (text[i] == '[') {
            std::size_t close = text.find(']', i);
            if (close == std::string::npos)
                return false;
            std::string inner = text.substr(i + 1, close - i - 1);
            PathToken t;
            if (inner == "*") {
                t.kind = PathToken::Kind::Star;
            } else if (!inner.empty() && inner.size() < 10 && std::all_of(inner.begin(), inner.end(), ::isdigit)) {
                t.kind = PathToken::Kind::Index;
                t.index = std::stoul(inner);
                t.key = inner;
            } else {
                return false;
            }
            out.push_back(t);
            i = close + 1;
            continue;
        }
        std::size_t end = text.find_first_of(".[", i);
        if (end == i)
            return false;
        PathToken t;
        t.key = text.substr(i, end == std::string::npos ? std::string::npos : end - i);
        out.push_back(t);
        i = end == std::string::npos ? text.size() : end;
    }
    return !out.empty();
}

/// Children of an object node that a token names (a key, or a tuple index).
std::vector<const Node*> childrenNamed(const Node& object, const PathToken& t)
{
    std::vector<const Node*> out;
    for (const auto& c : object.children) {
        if (object.tuple ? (t.kind == PathToken::Kind::Index && c->indexInParent == static_cast<int>(t.index))
                         : (t.kind == PathToken::Kind::Key && c->key == t.key))
            out.push_back(c.get());
    }
    return out;
}

/// A leaf found in a vehicle by a path.
struct Target {
    const Node* node;
    void* address;
    std::string path;
};

/// Resolves tokens[k..] below `node` whose value is at `address`. `create` adds default elements and
/// optional objects as needed (used only on scratch copies for defaults). Returns an error message.
std::string resolve(const Node& node, void* address, const std::vector<PathToken>& tokens, std::size_t k,
                    const VehicleConfig* config, bool create, const std::string& path, std::vector<Target>& out)
{
    if (k == tokens.size()) {
        if (!node.isLeaf())
            return "'" + path + "' is not a single parameter";
        out.push_back({&node, address, path});
        return {};
    }
    const PathToken& t = tokens[k];
    if (node.kind == NodeKind::Object) {
        void* value = address;
        if (node.optional) {
            if (!node.hasValue(address)) {
                if (!create)
                    return "'" + path + "' is not present in this vehicle";
                value = node.emplaceValue(address);
            } else {
                value = node.derefValue(address);
            }
        }
        std::vector<const Node*> candidates = childrenNamed(node, t);
        if (candidates.empty())
            return "no parameter '" + (node.tuple ? path + "[" + t.key + "]" : joinKey(path, t.key)) + "'";
        std::string firstError;
        for (const Node* c : candidates) {
            if (config && !c->isPresent(*config)) {
                if (firstError.empty())
                    firstError = "'" + joinKey(path, c->key) + "' is only used when " + c->presenceText();
                continue;
            }
            const std::string childPath = node.tuple ? path + "[" + t.key + "]" : joinKey(path, c->key);
            std::vector<Target> found;
            std::string err = resolve(*c, childValue(*c, value), tokens, k + 1, config, create, childPath, found);
            if (err.empty()) {
                out.insert(out.end(), found.begin(), found.end());
                return {};
            }
            if (firstError.empty())
                firstError = err;
        }
        return firstError;
    }
    if (node.kind == NodeKind::Array) {
        std::size_t n = node.size(address);
        if (t.kind == PathToken::Kind::Star) {
            if (n == 0 && create) {
                node.resize(address, 1);
                n = 1;
            }
            for (std::size_t i = 0; i < n; ++i) {
                std::string err = resolve(*node.element, node.at(address, i), tokens, k + 1, config, create,
                                          path + "[" + std::to_string(i) + "]", out);
                if (!err.empty())
                    return err;
            }
            return {};
        }
        if (t.kind != PathToken::Kind::Index)
            return "'" + path + "' is a list: index it with [n] or [*]";
        if (t.index >= n) {
            if (!create || t.index >= node.maxItems)
                return "'" + path + "[" + t.key + "]' is out of range: '" + path + "' has " + std::to_string(n) +
                       " element" + (n == 1 ? "" : "s");
            node.resize(address, t.index + 1);
        }
        return resolve(*node.element, node.at(address, t.index), tokens, k + 1, config, create,
                       path + "[" + t.key + "]", out);
    }
    return "'" + path + "' has no part '" + t.key + "'";
}

void collectLeaves(const Node& node, void* address, const VehicleConfig* config, const std::string& path,
                   const std::string& pointer, std::vector<LeafRef>& out)
{
    if (node.isLeaf()) {
        out.push_back({&node, path, pointer});
        return;
    }
    if (node.kind == NodeKind::Array) {
        if (!config) {
            collectLeaves(*node.element, nullptr, nullptr, path + "[*]", {}, out);
            return;
        }
        const std::size_t n = node.size(address);
        for (std::size_t i = 0; i < n; ++i)
            collectLeaves(*node.element, node.at(address, i), config, path + "[" + std::to_string(i) + "]",
                          pointer + "/" + std::to_string(i), out);
        return;
    }
    void* value = address;
    if (config && node.optional) {
        if (!node.hasValue(address))
            return;
        value = node.derefValue(address);
    }
    for (const auto& c : node.children) {
        if (config && !c->isPresent(*config))
            continue;
        const std::string childPath = node.tuple ? path + "[" + std::to_string(c->indexInParent) + "]" : joinKey(path, c->key);
        const std::string childPointer =
            pointer + "/" + (node.tuple ? std::to_string(c->indexInParent) : pointerToken(c->key));
        collectLeaves(*c, config ? childValue(*c, value) : nullptr, config, childPath, childPointer, out);
    }
}

std::string typeExpectation(const Node& n)
{
    switch (n.kind) {
    case NodeKind::Number: return "a number";
    case NodeKind::Integer: return "an integer";
    case NodeKind::Boolean: return "true or false";
    case NodeKind::Text: return "a string";
    case NodeKind::Enumeration: {
        std::string s = "one of ";
        for (std::size_t i = 0; i < n.enumValues.size(); ++i)
            s += (i ? ", " : "") + Json(n.enumValues[i]).dump();
        return s;
    }
    case NodeKind::Array: return "a list";
    case NodeKind::Object: return n.tuple ? "a list of " + std::to_string(n.children.size()) + " numbers" : "an object";
    }
    return "?";
}

}  // namespace

// ---- Limits ----

bool Limits::contains(double v) const
{
    if (minExclusive ? !(v > min) : !(v >= min))
        return false;
    if (maxExclusive ? !(v < max) : !(v <= max))
        return false;
    return true;
}

std::string Limits::describe() const
{
    const bool hasMin = std::isfinite(min);
    const bool hasMax = std::isfinite(max);
    if (hasMin && hasMax)
        return std::string("must be in ") + (minExclusive ? "(" : "[") + formatNumber(min) + ", " + formatNumber(max) +
               (maxExclusive ? ")" : "]");
    if (hasMin)
        return std::string("must be ") + (minExclusive ? "> " : ">= ") + formatNumber(min);
    if (hasMax)
        return std::string("must be ") + (maxExclusive ? "< " : "<= ") + formatNumber(max);
    return {};
}

// ---- Node ----

bool Node::isPresent(const VehicleConfig& config) const
{
    return driveTypes.empty() || std::find(driveTypes.begin(), driveTypes.end(), config.drive.type) != driveTypes.end();
}

std::string Node::presenceText() const
{
    if (driveTypes.empty())
        return {};
    std::string s = "drive.type is ";
    for (std::size_t i = 0; i < driveTypes.size(); ++i) {
        if (i > 0)
            s += i + 1 == driveTypes.size() ? " or " : ", ";
        s += driveTypeName(driveTypes[i]);
    }
    return s;
}

std::string Node::pathPattern() const
{
    if (!parent)
        return {};
    const std::string up = parent->pathPattern();
    if (parent->kind == NodeKind::Array)
        return up + "[*]";
    if (parent->tuple)
        return up + "[" + std::to_string(indexInParent) + "]";
    return joinKey(up, key);
}

std::string Node::typeName() const
{
    switch (kind) {
    case NodeKind::Number: return "number";
    case NodeKind::Integer: return "integer";
    case NodeKind::Boolean: return "boolean";
    case NodeKind::Text:
    case NodeKind::Enumeration: return "string";
    case NodeKind::Array: return "array";
    case NodeKind::Object: return tuple ? "array" : "object";
    }
    return "?";
}

// ---- ParameterRegistry ----

ParameterRegistry::ParameterRegistry() : root_(buildVehicleParameterTree()) {}

const ParameterRegistry& ParameterRegistry::instance()
{
    static const ParameterRegistry registry;
    return registry;
}

std::vector<LeafRef> ParameterRegistry::allLeaves() const
{
    std::vector<LeafRef> out;
    collectLeaves(*root_, nullptr, nullptr, {}, {}, out);
    return out;
}

std::vector<LeafRef> ParameterRegistry::leaves(const VehicleConfig& config) const
{
    std::vector<LeafRef> out;
    collectLeaves(*root_, const_cast<VehicleConfig*>(&config), &config, {}, {}, out);
    return out;
}

const Node* ParameterRegistry::findLeaf(const std::string& path) const
{
    std::vector<PathToken> tokens;
    if (!parsePath(path, tokens))
        return nullptr;
    // Walk the tree without a vehicle: every index or star steps into an array element.
    std::vector<const Node*> frontier{root_.get()};
    for (const PathToken& t : tokens) {
        std::vector<const Node*> next;
        for (const Node* n : frontier) {
            if (n->kind == NodeKind::Array) {
                if (t.kind != PathToken::Kind::Key)
                    next.push_back(n->element.get());
            } else if (n->kind == NodeKind::Object) {
                for (const Node* c : childrenNamed(*n, t))
                    next.push_back(c);
            }
        }
        frontier = std::move(next);
    }
    for (const Node* n : frontier)
        if (n->isLeaf())
            return n;
    return nullptr;
}

std::optional<Json> ParameterRegistry::get(const VehicleConfig& config, const std::string& path) const
{
    std::vector<PathToken> tokens;
    if (!parsePath(path, tokens))
        return std::nullopt;
    std::vector<Target> targets;
    auto* mutableConfig = const_cast<VehicleConfig*>(&config);
    if (!resolve(*root_, mutableConfig, tokens, 0, &config, false, {}, targets).empty() || targets.size() != 1)
        return std::nullopt;
    return targets.front().node->get(targets.front().address);
}

std::string ParameterRegistry::set(VehicleConfig& config, const std::string& path, const Json& value) const
{
    std::vector<PathToken> tokens;
    if (!parsePath(path, tokens))
        return "'" + path + "' is not a parameter path (write it like wheels[2].suspension.springStrength)";
    std::vector<Target> targets;
    if (std::string err = resolve(*root_, &config, tokens, 0, &config, false, {}, targets); !err.empty())
        return err;
    if (targets.empty())
        return "'" + path + "' matches no parameter in this vehicle";
    for (const Target& t : targets)
        if (std::string err = checkLeafValue(*t.node, value); !err.empty())
            return t.path + ": " + err;
    for (const Target& t : targets)
        t.node->set(t.address, value);
    return {};
}

std::string ParameterRegistry::checkLeafValue(const Node& leaf, const Json& value)
{
    switch (leaf.kind) {
    case NodeKind::Number:
    case NodeKind::Integer: {
        if (!value.is_number())
            return "expected " + typeExpectation(leaf) + ", got " + describeJson(value);
        const double v = value.get<double>();
        if (!std::isfinite(v))
            return "must be a finite number, got " + value.dump();
        if (leaf.kind == NodeKind::Integer && (std::floor(v) != v || std::fabs(v) > 1e9))
            return "expected an integer, got " + value.dump();
        if (!leaf.info.hard.contains(v))
            return leaf.info.hard.describe() + ", got " + formatNumber(v);
        return {};
    }
    case NodeKind::Boolean:
        return value.is_boolean() ? std::string() : "expected true or false, got " + describeJson(value);
    case NodeKind::Text:
        return value.is_string() ? std::string() : "expected a string, got " + describeJson(value);
    case NodeKind::Enumeration:
        if (value.is_string() &&
            std::find(leaf.enumValues.begin(), leaf.enumValues.end(), value.get<std::string>()) != leaf.enumValues.end())
            return {};
        return "expected " + typeExpectation(leaf) + ", got " + describeJson(value);
    case NodeKind::Object:
    case NodeKind::Array: return "not a single parameter";
    }
    return "?";
}

Json ParameterRegistry::defaultValue(const Node& leaf) const
{
    if (leaf.info.required)
        return nullptr;
    std::vector<PathToken> tokens;
    parsePath(leaf.pathPattern(), tokens);
    VehicleConfig scratch;
    std::vector<Target> targets;
    resolve(*root_, &scratch, tokens, 0, nullptr, true, {}, targets);
    Json values = Json::array();
    for (const Target& t : targets)
        if (t.node == &leaf)
            values.push_back(leaf.get(t.address));
    if (values.empty())
        return nullptr;
    for (const Json& v : values)
        if (v != values.front())
            return values;
    return values.front();
}

Json ParameterRegistry::defaultValueAt(const VehicleConfig& config, const std::string& path) const
{
    std::vector<PathToken> tokens;
    if (!parsePath(path, tokens))
        return nullptr;
    VehicleConfig scratch;
    scratch.drive.type = config.drive.type;
    std::vector<Target> targets;
    if (!resolve(*root_, &scratch, tokens, 0, nullptr, true, {}, targets).empty() || targets.size() != 1 ||
        targets.front().node->info.required)
        return nullptr;
    return targets.front().node->get(targets.front().address);
}

// ---- reading ----

namespace {

void readNode(const Node& node, const Json& json, void* address, const std::string& pointer,
              const VehicleConfig& config, Problems& problems);

void readObject(const Node& node, const Json& json, void* value, const std::string& pointer,
                const VehicleConfig& config, Problems& problems)
{
    if (node.tuple) {
        const std::size_t n = node.children.size();
        if (!json.is_array()) {
            problems.error(pointer, "expected " + typeExpectation(node) + ", got " + describeJson(json));
            return;
        }
        if (json.size() != n)
            problems.error(pointer, "expected " + std::to_string(n) + " values, got " + std::to_string(json.size()));
        for (const auto& c : node.children) {
            const auto i = static_cast<std::size_t>(c->indexInParent);
            if (i < json.size())
                readNode(*c, json[i], c->locate(value), pointer + "/" + std::to_string(i), config, problems);
        }
        return;
    }
    if (!json.is_object()) {
        problems.error(pointer, "expected an object, got " + describeJson(json));
        return;
    }
    // Children in registry order, so drive.type is known before the parts that depend on it.
    for (const auto& c : node.children) {
        if (!c->isPresent(config))
            continue;
        const std::string childPointer = pointer + "/" + pointerToken(c->key);
        void* childAddress = c->locate(value);
        const auto it = json.find(c->key);
        if (it != json.end())
            readNode(*c, *it, childAddress, childPointer, config, problems);
        else if (c->optional)
            c->resetValue(childAddress);
        else if (subtreeHasRequiredLeaf(*c))
            problems.error(childPointer, "missing (required)");
    }
    for (auto it = json.begin(); it != json.end(); ++it) {
        const Node* unused = nullptr;
        bool used = false;
        for (const auto& c : node.children) {
            if (c->key != it.key())
                continue;
            if (c->isPresent(config))
                used = true;
            else if (!unused)
                unused = c.get();
        }
        if (used)
            continue;
        const std::string p = pointer + "/" + pointerToken(it.key());
        if (unused)
            problems.warning(p, "ignored: only used when " + unused->presenceText());
        else
            problems.warning(p, "unknown key, ignored (it will not be saved)");
    }
}

void readNode(const Node& node, const Json& json, void* address, const std::string& pointer,
              const VehicleConfig& config, Problems& problems)
{
    if (node.kind == NodeKind::Object) {
        void* value = node.optional ? node.emplaceValue(address) : address;
        readObject(node, json, value, pointer, config, problems);
        return;
    }
    if (node.kind == NodeKind::Array) {
        if (!json.is_array()) {
            problems.error(pointer, "expected a list, got " + describeJson(json));
            return;
        }
        std::size_t n = json.size();
        if (n < node.minItems || n > node.maxItems) {
            problems.error(pointer, "must have " +
                                        (node.minItems == node.maxItems
                                             ? std::to_string(node.minItems)
                                             : std::to_string(node.minItems) + " to " + std::to_string(node.maxItems)) +
                                        " elements, got " + std::to_string(n));
            n = std::min(n, node.maxItems);  // bounded memory whatever the file holds
        }
        node.resize(address, n);
        for (std::size_t i = 0; i < n; ++i)
            readNode(*node.element, json[i], node.at(address, i), pointer + "/" + std::to_string(i), config, problems);
        return;
    }
    // Leaf: store any value of the right type; limits are validateValues()'s job.
    const bool typeOk = [&] {
        switch (node.kind) {
        case NodeKind::Number: return json.is_number();
        case NodeKind::Integer: return json.is_number();
        case NodeKind::Boolean: return json.is_boolean();
        case NodeKind::Text: return json.is_string();
        case NodeKind::Enumeration: return json.is_string();
        default: return false;
        }
    }();
    if (!typeOk) {
        problems.error(pointer, "expected " + typeExpectation(node) + ", got " + describeJson(json));
        return;
    }
    if (node.kind == NodeKind::Number || node.kind == NodeKind::Integer) {
        const double v = json.get<double>();
        if (!std::isfinite(v)) {
            problems.error(pointer, "must be a finite number, got " + json.dump());
            return;
        }
        if (node.kind == NodeKind::Integer && (std::floor(v) != v || std::fabs(v) > 1e9)) {
            problems.error(pointer, "expected an integer, got " + json.dump());
            return;
        }
    }
    if (node.kind == NodeKind::Enumeration) {
        if (std::string err = ParameterRegistry::checkLeafValue(node, json); !err.empty()) {
            problems.error(pointer, err);
            return;
        }
    }
    node.set(address, json);
}

Json writeNode(const Node& node, void* address, const VehicleConfig& config)
{
    if (node.isLeaf())
        return node.get(address);
    if (node.kind == NodeKind::Array) {
        Json out = Json::array();
        const std::size_t n = node.size(address);
        for (std::size_t i = 0; i < n; ++i)
            out.push_back(writeNode(*node.element, node.at(address, i), config));
        return out;
    }
    void* value = node.optional ? node.derefValue(address) : address;
    if (node.tuple) {
        Json out = Json::array();
        for (const auto& c : node.children)
            out.push_back(writeNode(*c, c->locate(value), config));
        return out;
    }
    Json out = Json::object();
    for (const auto& c : node.children) {
        if (!c->isPresent(config))
            continue;
        void* childAddress = c->locate(value);
        if (c->optional && !c->hasValue(childAddress))
            continue;
        out[c->key] = writeNode(*c, childAddress, config);
    }
    return out;
}

void validateNode(const Node& node, void* address, const std::string& pointer, const VehicleConfig& config,
                  Problems& problems)
{
    if (node.isLeaf()) {
        if (node.kind == NodeKind::Number || node.kind == NodeKind::Integer)
            if (std::string err = ParameterRegistry::checkLeafValue(node, node.get(address)); !err.empty())
                problems.error(pointer, err);
        return;
    }
    if (node.kind == NodeKind::Array) {
        const std::size_t n = node.size(address);
        if (n < node.minItems || n > node.maxItems)
            problems.error(pointer, "must have " + std::to_string(node.minItems) + " to " +
                                        std::to_string(node.maxItems) + " elements, got " + std::to_string(n));
        for (std::size_t i = 0; i < n; ++i)
            validateNode(*node.element, node.at(address, i), pointer + "/" + std::to_string(i), config, problems);
        return;
    }
    void* value = address;
    if (node.optional) {
        if (!node.hasValue(address))
            return;
        value = node.derefValue(address);
    }
    for (const auto& c : node.children) {
        if (!c->isPresent(config))
            continue;
        validateNode(*c, c->locate(value), pointer + "/" + (node.tuple ? std::to_string(c->indexInParent) : pointerToken(c->key)),
                     config, problems);
    }
}

}  // namespace

void ParameterRegistry::read(const Json& object, VehicleConfig& config, Problems& problems) const
{
    readNode(*root_, object, &config, {}, config, problems);
}

Json ParameterRegistry::write(const VehicleConfig& config) const
{
    return writeNode(*root_, const_cast<VehicleConfig*>(&config), config);
}

void ParameterRegistry::validateValues(const VehicleConfig& config, Problems& problems) const
{
    validateNode(*root_, const_cast<VehicleConfig*>(&config), {}, config, problems);
}

// ---- schema ----

namespace {

Json schemaOf(const Node& node, const ParameterRegistry& registry, DriveType* onlyFor);

Json leafSchema(const Node& n, const ParameterRegistry& registry)
{
    Json s = Json::object();
    switch (n.kind) {
    case NodeKind::Number: s["type"] = "number"; break;
    case NodeKind::Integer: s["type"] = "integer"; break;
    case NodeKind::Boolean: s["type"] = "boolean"; break;
    case NodeKind::Text: s["type"] = "string"; break;
    case NodeKind::Enumeration: s["enum"] = n.enumValues; break;
    default: break;
    }
    s["description"] = n.info.description;
    if (!n.info.unit.empty())
        s["x-unit"] = n.info.unit;
    s["x-section"] = n.info.section;
    if (n.kind == NodeKind::Number || n.kind == NodeKind::Integer) {
        const Limits& l = n.info.hard;
        if (std::isfinite(l.min))
            s[l.minExclusive ? "exclusiveMinimum" : "minimum"] = l.min;
        if (std::isfinite(l.max))
            s[l.maxExclusive ? "exclusiveMaximum" : "maximum"] = l.max;
        if (n.info.hasTypicalRange())
            s["x-typical"] = Json::array({n.info.typicalMin, n.info.typicalMax});
    }
    if (!n.info.required) {
        Json d = registry.defaultValue(n);
        if (!d.is_null() && !d.is_array())
            s["default"] = d;
    }
    return s;
}

Json schemaOf(const Node& node, const ParameterRegistry& registry, DriveType* onlyFor)
{
    if (node.isLeaf())
        return leafSchema(node, registry);
    if (node.kind == NodeKind::Array) {
        Json s = {{"type", "array"}, {"description", node.info.description}};
        s["items"] = schemaOf(*node.element, registry, nullptr);
        s["minItems"] = node.minItems;
        s["maxItems"] = node.maxItems;
        return s;
    }
    if (node.tuple) {
        Json s = {{"type", "array"}, {"description", node.info.description}};
        Json items = Json::array();
        for (const auto& c : node.children)
            items.push_back(schemaOf(*c, registry, nullptr));
        s["prefixItems"] = items;
        s["items"] = false;
        s["minItems"] = node.children.size();
        s["maxItems"] = node.children.size();
        return s;
    }
    Json s = {{"type", "object"}, {"description", node.info.description}};
    Json props = Json::object();
    Json required = Json::array();
    bool conditional = false;
    for (const auto& c : node.children) {
        if (!c->driveTypes.empty()) {
            conditional = true;
            if (!onlyFor || std::find(c->driveTypes.begin(), c->driveTypes.end(), *onlyFor) == c->driveTypes.end())
                continue;
        }
        props[c->key] = schemaOf(*c, registry, nullptr);
        if (!c->optional && subtreeHasRequiredLeaf(*c))
            required.push_back(c->key);
    }
    s["properties"] = props;
    if (!required.empty())
        s["required"] = required;
    if (conditional && !onlyFor) {
        // Parts that depend on the drive type: one if/then per type.
        Json allOf = Json::array();
        for (DriveType t : {DriveType::FourWheel, DriveType::NWheel, DriveType::Tank, DriveType::None}) {
            Json then = schemaOf(node, registry, &t);
            then.erase("description");
            then.erase("type");
            allOf.push_back({{"if", {{"properties", {{"type", {{"const", driveTypeName(t)}}}}}}}, {"then", then}});
        }
        s["allOf"] = allOf;
        // Keep only the unconditional properties at this level.
        Json base = Json::object();
        for (const auto& c : node.children)
            if (c->driveTypes.empty())
                base[c->key] = props[c->key];
        s["properties"] = base;
    }
    return s;
}

}  // namespace

Json ParameterRegistry::schema() const
{
    Json s = Json::object();
    s["$schema"] = "https://json-schema.org/draft/2020-12/schema";
    s["title"] = "Jounce vehicle";
    Json body = schemaOf(*root_, *this, nullptr);
    s["type"] = "object";
    s["description"] = "A vehicle for the Jounce tuning workbench (PhysX vehicle model, SI units, ISO 8855 frame).";
    Json props = Json::object();
    props["format"] = {{"const", "jounce.vehicle"}};
    props["schemaVersion"] = {{"type", "integer"}, {"minimum", 1}};
    for (auto it = body["properties"].begin(); it != body["properties"].end(); ++it)
        props[it.key()] = it.value();
    s["properties"] = props;
    Json required = Json::array({"format", "schemaVersion"});
    if (body.contains("required"))
        for (const Json& r : body["required"])
            required.push_back(r);
    s["required"] = required;
    return s;
}

std::string ParameterRegistry::pathToPointer(const std::string& path)
{
    std::vector<PathToken> tokens;
    if (!parsePath(path, tokens))
        return {};
    std::string out;
    for (const PathToken& t : tokens)
        out += "/" + (t.kind == PathToken::Kind::Star ? std::string("*") : pointerToken(t.key));
    return out;
}

std::string ParameterRegistry::pointerToPath(const std::string& pointer)
{
    std::vector<PathToken> tokens;
    if (!parsePath(pointer.empty() ? "/" : pointer, tokens))
        return {};
    std::string out;
    for (const PathToken& t : tokens) {
        if (t.kind == PathToken::Kind::Star)
            out += "[*]";
        else if (t.kind == PathToken::Kind::Index)
            out += "[" + t.key + "]";
        else
            out = joinKey(out, t.key);
    }
    return out;
}

}  // namespace jounce::config
