#include "json/JsonPatch.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>

namespace jounce::json {
namespace {

using Members = Json::object_t;

/// The ordered object's vector: ordered_map's own operator[] takes a key and hides the vector's.
Members::Container& membersOf(Json& object)
{
    return static_cast<Members::Container&>(object.get_ref<Members&>());
}

/// "abc" -> "\"abc\"", for messages; never throws on bytes that are not UTF-8.
std::string inQuotes(const std::string& s)
{
    return Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
}

/// An array index token: "0" or digits without a leading zero (RFC 6901). `index` is SIZE_MAX
/// when the digits are too many for a number, which no array reaches.
bool arrayIndex(const std::string& token, std::size_t& index)
{
    if (token.empty() || (token.size() > 1 && token[0] == '0') ||
        !std::all_of(token.begin(), token.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return false;
    index = std::size_t(-1);
    std::from_chars(token.data(), token.data() + token.size(), index);  // too large: stays SIZE_MAX
    return true;
}

/// The member of `object` named `key`: its place, or the size when there is none. `work` counts
/// the members compared (the ordered object is a vector searched in order).
std::size_t findMember(Json& object, const std::string& key, std::size_t& work)
{
    const Members::Container& members = membersOf(object);
    for (std::size_t i = 0; i < members.size(); ++i)
        if (members[i].first == key) {
            work += i + 1;
            return i;
        }
    work += members.size();
    return members.size();
}

bool isPrefix(const std::vector<std::string>& prefix, const std::vector<std::string>& tokens)
{
    return prefix.size() <= tokens.size() && std::equal(prefix.begin(), prefix.end(), tokens.begin());
}

}  // namespace

bool pointerTokens(std::string_view pointer, std::vector<std::string>& tokens, std::string& error)
{
    tokens.clear();
    if (pointer.empty())
        return true;
    if (pointer[0] != '/') {
        error = "a JSON pointer is empty or starts with \"/\"";
        return false;
    }
    std::string token;
    for (std::size_t i = 1; i <= pointer.size(); ++i) {
        if (i == pointer.size() || pointer[i] == '/') {
            tokens.push_back(std::move(token));
            token.clear();
        } else if (pointer[i] != '~') {
            token += pointer[i];
        } else if (i + 1 < pointer.size() && (pointer[i + 1] == '0' || pointer[i + 1] == '1')) {
            token += pointer[++i] == '0' ? '~' : '/';
        } else {
            error = "\"~\" in a JSON pointer is followed by 0 or 1 (\"~0\" is \"~\", \"~1\" is \"/\")";
            return false;
        }
    }
    return true;
}

JsonPatcher::JsonPatcher(Json& document, std::string what, PatchLimits limits)
    : document_(&document), what_(std::move(what)), limits_(limits)
{
    values_ = measure(document, limits_.maxDepth, limits_.maxValues).values;
}

std::string JsonPatcher::apply(const Json& operation)
{
    if (!operation.is_object())
        return "cannot apply: an operation is an object, got " + describeJson(operation);
    const auto op = operation.find("op");
    const auto path = operation.find("path");
    std::string what = "cannot apply";
    if (op != operation.end() && path != operation.end())
        what += " " + op->dump(-1, ' ', false, Json::error_handler_t::replace) + " at " +
                path->dump(-1, ' ', false, Json::error_handler_t::replace);
    static const std::array<std::string, 6> kOps{"add", "remove", "replace", "move", "copy", "test"};
    if (op == operation.end() || !op->is_string() ||
        std::find(kOps.begin(), kOps.end(), op->get_ref<const std::string&>()) == kOps.end())
        return what + ": \"op\" must be one of add, remove, replace, move, copy, test";
    if (path == operation.end() || !path->is_string())
        return what + ": every operation has a string \"path\" (a JSON pointer)";
    std::string error = applyChecked(op->get_ref<const std::string&>(), operation);
    if (error.empty() && work_ > limits_.maxWork)
        error = "the patch takes too much work: its operations search, shift, copy or compare more than " +
                std::to_string(limits_.maxWork) + " values (a diff between vehicles needs a few thousand)";
    if (error.empty() || error.rfind("the patch ", 0) == 0)
        return error;
    return what + ": " + error;
}

std::string JsonPatcher::applyChecked(const std::string& op, const Json& operation)
{
    std::string error;
    Tokens path;
    if (!pointerTokens(operation.at("path").get_ref<const std::string&>(), path, error))
        return "\"path\": " + error;
    if (op == "remove")
        return remove(path);
    if (op == "move" || op == "copy") {
        const auto from = operation.find("from");
        if (from == operation.end() || !from->is_string())
            return "\"" + op + "\" needs a string \"from\"";
        Tokens source;
        if (!pointerTokens(from->get_ref<const std::string&>(), source, error))
            return "\"from\": " + error;
        return op == "move" ? move(source, path) : copy(source, path);
    }
    const auto value = operation.find("value");
    if (value == operation.end())
        return "\"" + op + "\" needs a value";
    if (op == "add")
        return add(path, *value);
    if (op == "replace")
        return replace(path, *value);
    return test(path, *value);
}

std::string JsonPatcher::add(const Tokens& path, const Json& value)
{
    Target t;
    std::string error;
    if (!target(path, true, t, error))
        return error;
    const std::size_t removed = replaced(t);
    if (std::string bound = admit(measureInsert(value, path.size(), removed), path.size(), removed); !bound.empty())
        return bound;
    put(t, Json(value));
    return {};
}

std::string JsonPatcher::remove(const Tokens& path)
{
    Target t;
    std::string error;
    if (!target(path, false, t, error))
        return error;
    if (!t.parent)
        return "the whole " + what_ + " cannot be removed";
    values_ -= replaced(t);
    erase(t);
    return {};
}

std::string JsonPatcher::replace(const Tokens& path, const Json& value)
{
    Target t;
    std::string error;
    if (!target(path, false, t, error))
        return error;
    const std::size_t removed = replaced(t);
    if (std::string bound = admit(measureInsert(value, path.size(), removed), path.size(), removed); !bound.empty())
        return bound;
    valueAt(t) = value;
    return {};
}

std::string JsonPatcher::move(const Tokens& from, const Tokens& path)
{
    Target source;
    std::string error;
    if (!target(from, false, source, error))
        return "\"from\": " + error;
    if (from == path)
        return {};
    if (isPrefix(from, path))
        return "\"from\" " + describe(from, from.size()) + " contains \"path\": a value cannot move into itself";
    // Remove, then add where "path" points in the document without it (RFC 6902 section 4.4).
    Json value = std::move(valueAt(source));
    erase(source);
    Target t;
    if (!target(path, true, t, error))
        return error;
    // Its values are already counted; only a deeper place can break the depth bound.
    Size size{0, false};
    if (path.size() > from.size())
        size = measure(value, heightRoom(path.size()), limits_.maxValues);
    if (size.tooDeep || path.size() > limits_.maxDepth)
        return "the patch nests the " + what_ + " deeper than " + std::to_string(limits_.maxDepth) + " levels";
    values_ -= replaced(t);
    put(t, std::move(value));
    return {};
}

std::string JsonPatcher::copy(const Tokens& from, const Tokens& path)
{
    std::string error;
    const Json* source = locate(from, from.size(), error);
    if (!source)
        return "\"from\": " + error;
    Target t;
    if (!target(path, true, t, error))
        return error;
    // Counting stops past the room left, so a copy that doubles the document is refused before
    // anything is copied, in time proportional to the limit.
    const std::size_t removed = replaced(t);
    const Size size = measureInsert(*source, path.size(), removed);
    if (std::string bound = admit(size, path.size(), removed); !bound.empty())
        return bound;
    Json value = *source;
    work_ += size.values;
    put(t, std::move(value));
    return {};
}

std::string JsonPatcher::test(const Tokens& path, const Json& value)
{
    std::string error;
    const Json* current = locate(path, path.size(), error);
    if (!current)
        return error;
    measure(value, limits_.maxDepth, limits_.maxValues);  // bounds the comparison's work
    if (*current == value)
        return {};
    return "the test failed: " + describe(path, path.size()) + " is " + describeJson(*current) + ", not " +
           describeJson(value);
}

Json* JsonPatcher::locate(const Tokens& tokens, std::size_t count, std::string& error)
{
    Json* v = document_;
    for (std::size_t i = 0; i < count && v; ++i)
        v = child(*v, tokens, i, error);
    return v;
}

Json* JsonPatcher::child(Json& v, const Tokens& tokens, std::size_t i, std::string& error)
{
    const std::string& token = tokens[i];
    if (v.is_object()) {
        const std::size_t at = findMember(v, token, work_);
        if (at < v.size())
            return &membersOf(v)[at].second;
        error = describe(tokens, i) + " has no member " + inQuotes(token);
        return nullptr;
    }
    if (!v.is_array()) {
        error = describe(tokens, i) + " is " + describeJson(v) + ", which has no " + inQuotes(token);
        return nullptr;
    }
    std::size_t index = 0;
    if (token == "-")
        error = "\"-\" names no element of " + describe(tokens, i) + " (only an add appends there)";
    else if (!arrayIndex(token, index))
        error = inQuotes(token) + " is not an index into the list " + describe(tokens, i);
    else if (index >= v.size())
        error = describe(tokens, i) + " has " + std::to_string(v.size()) + " elements, no index " + token;
    else
        return &v.get_ref<Json::array_t&>()[index];
    return nullptr;
}

bool JsonPatcher::target(const Tokens& tokens, bool forAdd, Target& t, std::string& error)
{
    t = Target{};
    if (tokens.empty())
        return true;  // the root, which always exists
    Json* parent = locate(tokens, tokens.size() - 1, error);
    if (!parent)
        return false;
    t.parent = parent;
    t.key = tokens.back();
    if (parent->is_object()) {
        t.index = findMember(*parent, t.key, work_);
        t.exists = t.index < parent->size();
        if (!t.exists && !forAdd) {
            error = describe(tokens, tokens.size() - 1) + " has no member " + inQuotes(t.key);
            return false;
        }
        return true;
    }
    if (!parent->is_array() || !forAdd) {
        const Json* element = child(*parent, tokens, tokens.size() - 1, error);  // or why there is none
        if (element)
            t.index = static_cast<std::size_t>(element - parent->get_ref<Json::array_t&>().data());
        return element != nullptr;
    }
    t.exists = false;
    if (t.key == "-") {
        t.index = parent->size();
        return true;
    }
    if (!arrayIndex(t.key, t.index)) {
        error = inQuotes(t.key) + " is not an index into the list " + describe(tokens, tokens.size() - 1);
        return false;
    }
    if (t.index > parent->size()) {
        error = describe(tokens, tokens.size() - 1) + " has " + std::to_string(parent->size()) +
                " elements: an add inserts at 0 to " + std::to_string(parent->size()) + " or \"-\", not " + t.key;
        return false;
    }
    return true;
}

Json& JsonPatcher::valueAt(const Target& t)
{
    if (!t.parent)
        return *document_;
    if (t.parent->is_object())
        return membersOf(*t.parent)[t.index].second;
    return t.parent->get_ref<Json::array_t&>()[t.index];
}

std::size_t JsonPatcher::replaced(const Target& t)
{
    return t.exists ? measure(valueAt(t), limits_.maxDepth, limits_.maxValues).values : 0;
}

std::string JsonPatcher::admit(const Size& size, std::size_t depth, std::size_t removed)
{
    if (size.tooDeep || depth > limits_.maxDepth)
        return "the patch nests the " + what_ + " deeper than " + std::to_string(limits_.maxDepth) + " levels";
    const std::size_t after = values_ - std::min(values_, removed) + size.values;
    if (after > limits_.maxValues)
        return "the patch grows the " + what_ + " beyond " + std::to_string(limits_.maxValues) + " values";
    values_ = after;
    return {};
}

std::size_t JsonPatcher::heightRoom(std::size_t depth) const
{
    return limits_.maxDepth - std::min(limits_.maxDepth, depth);
}

JsonPatcher::Size JsonPatcher::measureInsert(const Json& v, std::size_t depth, std::size_t removed)
{
    return measure(v, heightRoom(depth), limits_.maxValues - std::min(limits_.maxValues, values_) + removed);
}

JsonPatcher::Size JsonPatcher::measure(const Json& v, std::size_t maxHeight, std::size_t maxValues)
{
    Size size;
    measureInto(v, maxHeight, maxValues, size);
    work_ += size.values;
    return size;
}

void JsonPatcher::measureInto(const Json& v, std::size_t maxHeight, std::size_t maxValues, Size& size)
{
    ++size.values;
    if (!v.is_structured())
        return;
    if (maxHeight == 0) {
        size.tooDeep = true;
        return;
    }
    for (const Json& child : v) {
        if (size.tooDeep || size.values > maxValues)
            return;
        measureInto(child, maxHeight - 1, maxValues, size);
    }
}

void JsonPatcher::put(const Target& t, Json&& value)
{
    if (t.exists) {
        valueAt(t) = std::move(value);
        return;
    }
    if (t.parent->is_object()) {
        // A new key (findMember found none), so no search: append to the ordered object's vector.
        membersOf(*t.parent).emplace_back(t.key, std::move(value));
        ++work_;
        return;
    }
    auto& elements = t.parent->get_ref<Json::array_t&>();
    work_ += elements.size() - t.index + 1;  // the elements after it shift
    elements.insert(elements.begin() + static_cast<std::ptrdiff_t>(t.index), std::move(value));
}

void JsonPatcher::erase(const Target& t)
{
    if (t.parent->is_object()) {
        Members& members = t.parent->get_ref<Members&>();
        work_ += members.size() - t.index;  // the members after it shift
        members.erase(members.begin() + static_cast<std::ptrdiff_t>(t.index));
        return;
    }
    auto& elements = t.parent->get_ref<Json::array_t&>();
    work_ += elements.size() - t.index;
    elements.erase(elements.begin() + static_cast<std::ptrdiff_t>(t.index));
}

std::string JsonPatcher::describe(const Tokens& tokens, std::size_t count) const
{
    if (count == 0)
        return "the " + what_;
    std::string pointer;
    for (std::size_t i = 0; i < count; ++i)
        pointer += "/" + json::pointerToken(tokens[i]);
    return pointer;
}

}  // namespace jounce::json
