#pragma once
// Typed builders for the registry tree: they turn member pointers into the type-erased accessors
// of ParameterRegistry's Node, so the vehicle's parameter list (VehicleParameters.cpp) reads as a
// plain declaration and stays type-checked.

#include "ParameterRegistry.h"

#include <cmath>
#include <optional>
#include <type_traits>
#include <utility>
#include <variant>

namespace jounce::config::build {

inline Node& addChild(Node& parent, std::unique_ptr<Node> child)
{
    child->parent = &parent;
    parent.children.push_back(std::move(child));
    return *parent.children.back();
}

/// Marks a wheel leaf whose value changes sign between left and right wheels (camber, toe).
inline Node& mirrorsLeftRight(Node& leaf)
{
    leaf.mirrorsLeftRight = true;
    return leaf;
}

/// Marks the lateral (y) component of a wheel's vec3 offset as mirrored between left and right.
inline Node& mirrorsLateral(Node& vec3)
{
    vec3.children.at(1)->mirrorsLeftRight = true;
    return vec3;
}

/// Accessors of a scalar leaf stored as `T` at the node's address.
template <class T>
void bindScalar(Node& n)
{
    if constexpr (std::is_same_v<T, double>) {
        n.kind = NodeKind::Number;
        n.get = [](const void* p) { return Json(*static_cast<const double*>(p)); };
        n.set = [](void* p, const Json& v) { *static_cast<double*>(p) = v.get<double>(); };
    } else if constexpr (std::is_same_v<T, int>) {
        n.kind = NodeKind::Integer;
        n.get = [](const void* p) { return Json(*static_cast<const int*>(p)); };
        n.set = [](void* p, const Json& v) { *static_cast<int*>(p) = static_cast<int>(v.get<double>()); };
    } else if constexpr (std::is_same_v<T, bool>) {
        n.kind = NodeKind::Boolean;
        n.get = [](const void* p) { return Json(*static_cast<const bool*>(p)); };
        n.set = [](void* p, const Json& v) { *static_cast<bool*>(p) = v.get<bool>(); };
    } else if constexpr (std::is_same_v<T, std::string>) {
        n.kind = NodeKind::Text;
        n.get = [](const void* p) { return Json(*static_cast<const std::string*>(p)); };
        n.set = [](void* p, const Json& v) { *static_cast<std::string*>(p) = v.get<std::string>(); };
    } else if constexpr (std::is_enum_v<T>) {
        // Enumerations are stored by name; the enum's underlying value indexes enumValues.
        n.kind = NodeKind::Enumeration;
        const Node* self = &n;
        n.get = [self](const void* p) {
            return Json(self->enumValues.at(static_cast<std::size_t>(*static_cast<const T*>(p))));
        };
        n.set = [self](void* p, const Json& v) {
            const std::string s = v.get<std::string>();
            for (std::size_t i = 0; i < self->enumValues.size(); ++i)
                if (self->enumValues[i] == s)
                    *static_cast<T*>(p) = static_cast<T>(i);
        };
    } else {
        static_assert(sizeof(T) == 0, "unsupported scalar type");
    }
}

/// Accessors of an array stored as std::vector<E> at the node's address.
template <class E>
void bindVector(Node& n, std::size_t minItems, std::size_t maxItems)
{
    n.kind = NodeKind::Array;
    n.minItems = minItems;
    n.maxItems = maxItems;
    n.size = [](const void* p) { return static_cast<const std::vector<E>*>(p)->size(); };
    n.resize = [](void* p, std::size_t s) { static_cast<std::vector<E>*>(p)->resize(s); };
    n.at = [](void* p, std::size_t i) -> void* { return &static_cast<std::vector<E>*>(p)->at(i); };
    n.makeElement = [] { return std::shared_ptr<void>(std::make_shared<E>()); };
}

template <class T>
class ObjectBuilder {
public:
    explicit ObjectBuilder(Node& node) : node_(node) {}
    Node& node() { return node_; }

    /// A std::variant member whose alternative is chosen by name: an enumeration leaf `key` with one
    /// name per alternative, in the variant's order. Choosing another name replaces the value with
    /// that alternative's defaults; choosing the same keeps it.
    template <class... A>
    Node& variantSelector(const char* key, std::variant<A...> T::*member, ParamInfo info, std::vector<std::string> names)
    {
        using V = std::variant<A...>;
        Node& n = member_(key, member);
        n.info = std::move(info);
        n.enumValues = std::move(names);
        n.kind = NodeKind::Enumeration;
        const Node* self = &n;
        n.get = [self](const void* p) { return Json(self->enumValues.at(static_cast<const V*>(p)->index())); };
        n.set = [self](void* p, const Json& v) {
            static constexpr void (*kEmplace[])(V&) = {[](V& x) { x.template emplace<A>(); }...};
            V& value = *static_cast<V*>(p);
            const std::string name = v.get<std::string>();
            for (std::size_t i = 0; i < self->enumValues.size(); ++i)
                if (self->enumValues[i] == name && value.index() != i)
                    kEmplace[i](value);
        };
        return n;
    }

    /// The parameters of one alternative `A` of a variant member, written flat into this object:
    /// they exist while the selector (variantSelector) names `choice`.
    template <class A, class... All>
    ObjectBuilder<A> alternative(std::variant<All...> T::*member, const Node& selector, const char* choice)
    {
        ObjectBuilder<A> b(node_);
        b.to_ = [member](void* parent) -> void* { return std::get_if<A>(&(static_cast<T*>(parent)->*member)); };
        b.only_ = Node::SiblingChoice{selector.key, {choice}};
        return b;
    }

    /// The parameters of one alternative `A` of a variant member, written as the object `key`: it
    /// exists while the selector names `choice`.
    template <class A, class... All>
    ObjectBuilder<A> alternativeObject(const char* key, std::variant<All...> T::*member, const Node& selector,
                                       const char* choice, std::string section, std::string description)
    {
        auto n = std::make_unique<Node>();
        n->key = key;
        n->kind = NodeKind::Object;
        n->info.section = std::move(section);
        n->info.description = std::move(description);
        n->onlyWhen = Node::SiblingChoice{selector.key, {choice}};
        auto to = to_;
        n->locate = [member, to](void* parent) -> void* {
            T* value = static_cast<T*>(to(parent));
            return value ? std::get_if<A>(&(value->*member)) : nullptr;
        };
        return ObjectBuilder<A>(addChild(node_, std::move(n)));
    }

    /// Scalar member (double, int, bool, std::string or an enum).
    template <class M>
    Node& scalar(const char* key, M T::*member, ParamInfo info, std::vector<std::string> enumValues = {})
    {
        Node& n = member_(key, member);
        n.info = std::move(info);
        n.enumValues = std::move(enumValues);
        bindScalar<M>(n);
        return n;
    }

    /// Nested struct member.
    template <class C>
    ObjectBuilder<C> object(const char* key, C T::*member, std::string section, std::string description)
    {
        Node& n = member_(key, member);
        n.kind = NodeKind::Object;
        n.info.section = std::move(section);
        n.info.description = std::move(description);
        return ObjectBuilder<C>(n);
    }

    /// std::optional<C> member: may be absent from a file.
    template <class C>
    ObjectBuilder<C> optionalObject(const char* key, std::optional<C> T::*member, std::string section,
                                    std::string description)
    {
        Node& n = member_(key, member);
        n.kind = NodeKind::Object;
        n.optional = true;
        n.info.section = std::move(section);
        n.info.description = std::move(description);
        using O = std::optional<C>;
        n.hasValue = [](const void* p) { return static_cast<const O*>(p)->has_value(); };
        n.emplaceValue = [](void* p) -> void* { return &static_cast<O*>(p)->emplace(); };
        n.resetValue = [](void* p) { static_cast<O*>(p)->reset(); };
        n.derefValue = [](void* p) -> void* { return &**static_cast<O*>(p); };
        return ObjectBuilder<C>(n);
    }

    /// Vec3 member written as [x, y, z].
    Node& vec3(const char* key, Vec3 T::*member, const ParamInfo& info, const char* names = "xyz")
    {
        Node& n = member_(key, member);
        n.kind = NodeKind::Object;
        n.tuple = true;
        n.info.section = info.section;
        n.info.specRef = info.specRef;
        n.info.description = info.description;
        ObjectBuilder<Vec3> b(n);
        double Vec3::*members[3] = {&Vec3::x, &Vec3::y, &Vec3::z};
        for (int i = 0; i < 3; ++i) {
            ParamInfo c = info;
            c.description = info.description + " (" + names[i] + ")";
            b.scalar(std::string(1, names[i]).c_str(), members[i], c).indexInParent = i;
        }
        return n;
    }

    /// std::vector<GraphPoint> member written as [[x, y], ...], edited as a curve (`curve`).
    Node& graph(const char* key, std::vector<GraphPoint> T::*member, std::size_t minPoints,
                std::size_t maxPoints, const std::string& description, const ParamInfo& x, const ParamInfo& y,
                GraphInfo curve)
    {
        Node& n = member_(key, member);
        n.graph = std::move(curve);
        bindVector<GraphPoint>(n, minPoints, maxPoints);
        n.info.section = x.section;
        n.info.specRef = x.specRef;
        n.info.description = description;
        auto element = std::make_unique<Node>();
        element->parent = &n;
        element->kind = NodeKind::Object;
        element->tuple = true;
        element->info = n.info;
        ObjectBuilder<GraphPoint> b(*element);
        b.scalar("x", &GraphPoint::x, x).indexInParent = 0;
        b.scalar("y", &GraphPoint::y, y).indexInParent = 1;
        n.element = std::move(element);
        return n;
    }

    /// std::vector<E> of scalars.
    template <class E>
    Node& list(const char* key, std::vector<E> T::*member, std::size_t minItems, std::size_t maxItems,
               const ParamInfo& elementInfo, std::vector<std::string> enumValues = {})
    {
        Node& n = member_(key, member);
        bindVector<E>(n, minItems, maxItems);
        n.info.section = elementInfo.section;
        n.info.specRef = elementInfo.specRef;
        n.info.description = elementInfo.description;
        auto element = std::make_unique<Node>();
        element->parent = &n;
        element->info = elementInfo;
        element->enumValues = std::move(enumValues);
        bindScalar<E>(*element);
        n.element = std::move(element);
        return n;
    }

    /// std::vector<std::vector<double>> (a table of rows).
    Node& matrix(const char* key, std::vector<std::vector<double>> T::*member, std::size_t maxRows,
                 std::size_t maxColumns, const std::string& description, const ParamInfo& cellInfo)
    {
        Node& n = member_(key, member);
        bindVector<std::vector<double>>(n, 1, maxRows);
        n.info.section = cellInfo.section;
        n.info.specRef = cellInfo.specRef;
        n.info.description = description;
        auto row = std::make_unique<Node>();
        row->parent = &n;
        bindVector<double>(*row, 1, maxColumns);
        row->info = n.info;
        auto cell = std::make_unique<Node>();
        cell->parent = row.get();
        cell->info = cellInfo;
        bindScalar<double>(*cell);
        row->element = std::move(cell);
        n.element = std::move(row);
        return n;
    }

    /// std::vector<E> of structs; returns the builder of the element.
    template <class E>
    ObjectBuilder<E> objectArray(const char* key, std::vector<E> T::*member, std::size_t minItems,
                                 std::size_t maxItems, std::string section, std::string description)
    {
        Node& n = member_(key, member);
        bindVector<E>(n, minItems, maxItems);
        n.info.section = section;
        n.info.description = description;
        auto element = std::make_unique<Node>();
        element->parent = &n;
        element->kind = NodeKind::Object;
        element->info = n.info;
        n.element = std::move(element);
        return ObjectBuilder<E>(*n.element);
    }

private:
    template <class>
    friend class ObjectBuilder;

    template <class M>
    Node& member_(const char* key, M T::*member)
    {
        auto n = std::make_unique<Node>();
        n->key = key;
        n->onlyWhen = only_;
        auto to = to_;
        n->locate = [member, to](void* parent) -> void* {
            T* value = static_cast<T*>(to(parent));
            return value ? &(value->*member) : nullptr;  // null: an alternative not chosen
        };
        return addChild(node_, std::move(n));
    }

    Node& node_;
    /// From the address of the node's value to the T the members are in (a variant's alternative).
    std::function<void*(void*)> to_ = [](void* p) { return p; };
    /// The sibling choice the members are part of (alternative()).
    std::optional<Node::SiblingChoice> only_;
};

}  // namespace jounce::config::build
