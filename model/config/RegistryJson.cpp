// Reading a vehicle object into a VehicleConfig, writing it back, and checking every present value
// against its hard limits: recursive walks over the registry tree with the JSON pointer of each
// value, so every problem names where in the file it is.

#include "ParameterRegistry.h"

#include "RegistryDetail.h"
#include "json/JsonText.h"

#include <algorithm>
#include <cmath>

namespace jounce::config {
namespace {

using detail::subtreeHasRequiredLeaf;
using detail::typeExpectation;
using io::describeJson;
using io::pointerToken;

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

}  // namespace jounce::config
