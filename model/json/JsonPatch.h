#pragma once
// RFC 6902 JSON Patch operations applied to a document in place, one at a time, within bounds: the
// document never holds more values or nests deeper than a file may, and the operations never do
// more than a fixed amount of work in total. nlohmann's patch() copies the whole document for each
// patch and has neither bound, so a patch of many operations took time in operations x document
// size; here an operation costs what it touches (the members it searches, the elements it shifts,
// the values it copies or counts), and that cost is counted against the work bound.

#include "json/JsonText.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace jounce::json {

using json::Json;

/// The bounds of JsonPatcher: those of any file Jounce reads, and the work its operations may do.
struct PatchLimits {
    std::size_t maxValues = JsonLimits{}.maxValues;
    std::size_t maxDepth = JsonLimits{}.maxDepth;
    /// Members searched, elements shifted, values copied, counted or compared, over all
    /// operations: a vehicle diff needs a few thousand; hostile patches (copying and removing a
    /// large list again and again, inserting at the front of a long list) stop at this, in about
    /// a second.
    std::size_t maxWork = 20 * JsonLimits{}.maxValues;
};

/// Applies RFC 6902 operations (add, remove, replace, move, copy, test) to `document` in place.
/// The value count and depth are kept up to date per operation from what it inserts and removes
/// (the inserted value's values and nesting plus the depth of where it goes), so the whole
/// document is walked once, at the start. Equality ("test") is nlohmann's: numbers by value,
/// object members in order.
class JsonPatcher {
public:
    /// `what` names the document in messages ("the patch grows the vehicle beyond ... values").
    JsonPatcher(Json& document, std::string what, PatchLimits limits = {});

    /// Applies one operation; "" when it applied, otherwise why not:
    ///   cannot apply "remove" at "/wheels/9": /wheels has 4 elements, no index 9
    ///   the patch grows the vehicle beyond 500000 values
    /// After a failure the document may be partly changed (a "move" may have removed its value):
    /// callers discard it.
    std::string apply(const Json& operation);

    std::size_t values() const { return values_; }
    std::size_t work() const { return work_; }

private:
    using Tokens = std::vector<std::string>;
    /// Where a value is or goes: the root (no parent), a member of an object or an element of an
    /// array. For an object `index` is the member's place (its size for a new key); for an array
    /// the element's index (its size for "-").
    struct Target {
        Json* parent = nullptr;
        std::string key;
        std::size_t index = 0;
        bool exists = true;
    };
    struct Size {
        std::size_t values = 0;
        bool tooDeep = false;
    };

    std::string applyChecked(const std::string& op, const Json& operation);
    std::string add(const Tokens& path, const Json& value);
    std::string remove(const Tokens& path);
    std::string replace(const Tokens& path, const Json& value);
    std::string move(const Tokens& from, const Tokens& path);
    std::string copy(const Tokens& from, const Tokens& path);
    std::string test(const Tokens& path, const Json& value);

    /// The value `tokens` names (the first `count` of them), or nullptr and why in `error`.
    Json* locate(const Tokens& tokens, std::size_t count, std::string& error);
    /// The member or element of `v` that tokens[i] names, or nullptr and why in `error`.
    Json* child(Json& v, const Tokens& tokens, std::size_t i, std::string& error);
    /// Where `tokens` points: an existing value, or with `forAdd` also a new member, a new element
    /// at an index up to the size, or "-". false and why in `error` otherwise.
    bool target(const Tokens& tokens, bool forAdd, Target& t, std::string& error);
    Json& valueAt(const Target& t);
    /// The values an add or copy to `t` replaces (0 for a new member or element).
    std::size_t replaced(const Target& t);
    /// Checks that putting a value of `size` at depth `depth` in place of `removed` values keeps
    /// the bounds, and counts it; "" when it does.
    std::string admit(const Size& size, std::size_t depth, std::size_t removed);
    /// `v`'s values (up to `maxValues`, then it stops) and whether it nests more than `maxHeight`
    /// levels (it never recurses deeper than that); the values it visits count as work.
    Size measure(const Json& v, std::size_t maxHeight, std::size_t maxValues);
    /// measure() for a value going to depth `depth` in place of `removed` values: nesting up to the
    /// depth bound, values up to the room left (just past it the count stops).
    Size measureInsert(const Json& v, std::size_t depth, std::size_t removed);
    /// How many levels a value at depth `depth` may nest.
    std::size_t heightRoom(std::size_t depth) const;
    void measureInto(const Json& v, std::size_t maxHeight, std::size_t maxValues, Size& size);
    void put(const Target& t, Json&& value);
    void erase(const Target& t);
    std::string describe(const Tokens& tokens, std::size_t count) const;

    Json* document_;
    std::string what_;
    PatchLimits limits_;
    std::size_t values_ = 0;
    std::size_t work_ = 0;
};

/// Splits an RFC 6901 JSON pointer into its unescaped tokens; false and why in `error` when it is
/// not one.
bool pointerTokens(std::string_view pointer, std::vector<std::string>& tokens, std::string& error);

}  // namespace jounce::json
