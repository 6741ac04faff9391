// Registry paths: parsing `wheels[2].suspension.springStrength` (or a JSON pointer) into tokens,
// resolving the tokens against the tree and a vehicle, listing the leaves, and converting between
// paths and pointers.

#include "RegistryDetail.h"

#include "json/JsonText.h"
#include "json/NearestName.h"

#include <algorithm>

namespace jounce::config {

using json::pointerToken;

namespace detail {
namespace {

/// The child value's address inside an object value, following an optional if present.
void* childValue(const Node& child, void* objectValue)
{
    return child.locate(objectValue);
}

}  // namespace

std::string joinKey(const std::string& path, const std::string& key)
{
    return path.empty() ? key : path + "." + key;
}

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

/// "; did you mean 'wheels[0].suspension.springStrength'?" for a key a child's key is a likely typo
/// of; "" when none is near.
std::string didYouMean(const Node& object, const PathToken& t, const std::string& path)
{
    if (object.tuple || t.kind != PathToken::Kind::Key)
        return {};
    std::vector<std::string> keys;
    for (const auto& c : object.children)
        keys.push_back(c->key);
    const std::optional<std::size_t> i = json::nearestName(t.key, keys);
    return i ? "; did you mean '" + joinKey(path, keys[*i]) + "'?" : std::string();
}

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
            return "no parameter '" + (node.tuple ? path + "[" + t.key + "]" : joinKey(path, t.key)) + "'" +
                   didYouMean(node, t, path);
        std::string firstError;
        for (const Node* c : candidates) {
            if (config ? !c->isPresent(*config, value) : !create && !c->chosenIn(value)) {
                if (firstError.empty())
                    firstError = "'" + joinKey(path, c->key) + "' is only used when " + c->presenceText();
                continue;
            }
            if (create)
                c->choose(value);  // a scratch copy for defaults: the variant the part belongs to
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
        if (config && !c->isPresent(*config, value))
            continue;
        const std::string childPath = node.tuple ? path + "[" + std::to_string(c->indexInParent) + "]" : joinKey(path, c->key);
        const std::string childPointer =
            pointer + "/" + (node.tuple ? std::to_string(c->indexInParent) : pointerToken(c->key));
        collectLeaves(*c, config ? childValue(*c, value) : nullptr, config, childPath, childPointer, out);
    }
}

}  // namespace detail

using detail::joinKey;
using detail::parsePath;
using detail::PathToken;

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
