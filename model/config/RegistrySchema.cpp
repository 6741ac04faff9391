// The JSON Schema (draft 2020-12) of the vehicle file format, generated from the registry tree:
// types, limits (narrowed by the plausible ranges), units, plausible and typical ranges, text
// lengths, defaults, and one if/then per drive type, or per value of a selector such as a tire's
// model, for the parts that depend on it. The pieces it shares with the maneuver and terrain schemas
// (limits, tuples, the file header) come from json/JsonSchema.

#include "ParameterRegistry.h"

#include "RegistryDetail.h"
#include "json/JsonSchema.h"
#include "json/TextLimits.h"

#include <algorithm>
#include <cmath>

namespace jounce::config {
namespace {

using detail::driveTypeName;
using detail::subtreeHasRequiredLeaf;

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
        // minimum/maximum are the values Jounce accepts: the hard limits narrowed by the plausible
        // range, which is also given alone (conventions.md "Plausible ranges").
        json::schema::putLimits(s, n.info.accepted());
        const Limits& p = n.info.plausible;
        if (std::isfinite(p.min) || std::isfinite(p.max))
            s["x-plausible"] = Json::array({std::isfinite(p.min) ? Json(p.min) : Json(nullptr),
                                            std::isfinite(p.max) ? Json(p.max) : Json(nullptr)});
        if (n.info.hasTypicalRange())
            s["x-typical"] = Json::array({n.info.typicalMin, n.info.typicalMax});
    }
    if (n.kind == NodeKind::Text) {
        // Jounce counts bytes; a schema counts characters, which are never more.
        const std::size_t maxBytes = n.info.maxBytes ? n.info.maxBytes : json::kMaxNameBytes;
        s["maxLength"] = maxBytes;
        s["x-maxBytes"] = maxBytes;
    }
    if (!n.info.required) {
        Json d = registry.defaultValue(n);
        if (!d.is_null() && !d.is_array())
            s["default"] = d;
    }
    return s;
}

/// The parts of an object that exist for some values of a sibling selector (a tire's model): one
/// if/then per value. A value the file may leave out (the selector's omitted value) applies when
/// the selector is absent too.
void addSiblingChoices(const Node& node, const ParameterRegistry& registry, Json& s)
{
    for (const auto& selector : node.children) {
        if (selector->kind != NodeKind::Enumeration)
            continue;
        for (const std::string& value : selector->enumValues) {
            Json props = Json::object();
            for (const auto& c : node.children)
                if (c->onlyWhen && c->onlyWhen->selector == selector->key &&
                    std::find(c->onlyWhen->values.begin(), c->onlyWhen->values.end(), value) != c->onlyWhen->values.end())
                    props[c->key] = schemaOf(*c, registry, nullptr);
            if (props.empty())
                continue;
            Json condition = {{"properties", {{selector->key, {{"const", value}}}}}};
            if (!selector->omittedValue || *selector->omittedValue != Json(value))
                condition["required"] = Json::array({selector->key});
            if (!s.contains("allOf"))
                s["allOf"] = Json::array();
            s["allOf"].push_back({{"if", condition}, {"then", {{"properties", props}}}});
        }
    }
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
        Json items = Json::array();
        for (const auto& c : node.children)
            items.push_back(schemaOf(*c, registry, nullptr));
        return json::schema::tuple(std::move(items), node.info.description);
    }
    Json s = {{"type", "object"}, {"description", node.info.description}};
    Json props = Json::object();
    Json required = Json::array();
    bool conditional = false;
    for (const auto& c : node.children) {
        if (c->onlyWhen)
            continue;  // addSiblingChoices()
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
    if (!onlyFor)
        addSiblingChoices(node, registry, s);
    return s;
}

}  // namespace

Json ParameterRegistry::schema() const
{
    Json body = schemaOf(*root_, *this, nullptr);
    body["description"] = "A vehicle for the Jounce tuning workbench (PhysX vehicle model, SI units, ISO 8855 frame).";
    return json::schema::document("Jounce vehicle", "jounce.vehicle", std::move(body));
}

}  // namespace jounce::config
