// Reading a vehicle object into a VehicleConfig, writing it back, and checking every present value
// against its hard limits, plausible range and text length: recursive walks over the registry tree
// with the JSON pointer of each value, so every problem names where in the file it is. Types, unknown
// keys and list sizes are checked by json/ObjectReader, as in maneuver and terrain files.

#include "ParameterRegistry.h"

#include "RegistryDetail.h"
#include "json/JsonText.h"
#include "json/ObjectReader.h"

#include <algorithm>

namespace jounce::config {
namespace {

using detail::checkLeaf;
using detail::itemCount;
using detail::subtreeHasRequiredLeaf;
using detail::typeExpectation;
using json::describeJson;
using json::pointerToken;

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
    std::optional<json::ObjectReader> reader = json::ObjectReader::open(json, pointer, problems);
    if (!reader)
        return;
    // Children in registry order, so drive.type is known before the parts that depend on it.
    for (const auto& c : node.children) {
        if (!c->isPresent(config, value)) {
            reader->ignore(c->key, "ignored: only used when " + c->presenceText());
            continue;
        }
        void* childAddress = c->locate(value);
        const json::Presence presence{!c->optional && subtreeHasRequiredLeaf(*c), {}};
        if (const Json* child = reader->find(c->key, presence))
            readNode(*c, *child, childAddress, reader->at(c->key), config, problems);
        else if (c->optional)
            c->resetValue(childAddress);
    }
    reader->reportUnknown();
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
        if (!json::checkList(json, pointer, itemCount(node), problems) && !json.is_array())
            return;
        const std::size_t n = std::min(json.size(), node.maxItems);  // bounded memory whatever the file holds
        node.resize(address, n);
        for (std::size_t i = 0; i < n; ++i)
            readNode(*node.element, json[i], node.at(address, i), pointer + "/" + std::to_string(i), config, problems);
        return;
    }
    // Leaf: store any value of the right type; limits are validateValues()'s job.
    if (checkLeaf(node, json, pointer, false, problems))
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
        if (!c->isPresent(config, value))
            continue;
        void* childAddress = c->locate(value);
        if (c->optional && !c->hasValue(childAddress))
            continue;
        Json child = writeNode(*c, childAddress, config);
        if (c->omittedValue && child == *c->omittedValue)
            continue;
        out[c->key] = std::move(child);
    }
    return out;
}

void validateNode(const Node& node, void* address, const std::string& pointer, const VehicleConfig& config,
                  Problems& problems)
{
    if (node.isLeaf()) {
        // Enumerations and flags were checked as they were read; a stored value is one of them.
        if (node.kind == NodeKind::Number || node.kind == NodeKind::Integer || node.kind == NodeKind::Text)
            checkLeaf(node, node.get(address), pointer, true, problems);
        return;
    }
    if (node.kind == NodeKind::Array) {
        const std::size_t n = node.size(address);
        if (n < node.minItems || n > node.maxItems)
            problems.error(pointer, "must have " + itemCount(node).describe() + ", got " + std::to_string(n));
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
        if (!c->isPresent(config, value))
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
