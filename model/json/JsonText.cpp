#include "JsonText.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <map>
#include <vector>

namespace jounce::json {
namespace {

/// SAX handler that builds the document while tracking where it is, so every error has a pointer.
class TrackingSax final : public nlohmann::json_sax<Json> {
public:
    TrackingSax(Problems& problems, const JsonLimits& limits) : problems_(problems), limits_(limits) {}

    Json takeRoot() { return std::move(root_); }

    bool null() override { return place(Json(nullptr)); }
    bool boolean(bool v) override { return place(Json(v)); }
    bool number_integer(number_integer_t v) override { return place(Json(v)); }
    bool number_unsigned(number_unsigned_t v) override { return place(Json(v)); }
    bool number_float(number_float_t v, const string_t&) override { return place(Json(v)); }
    bool string(string_t& v) override { return place(Json(std::move(v))); }
    bool binary(binary_t&) override { return place(Json(nullptr)); }

    bool start_object(std::size_t) override { return open(Json::object()); }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(Json::array()); }
    bool end_array() override { return close(); }

    bool key(string_t& k) override
    {
        Level& top = stack_.back();
        top.key = k;
        const std::size_t next = top.container->size();
        const auto [at, added] = top.keys.emplace(k, next);
        top.slot = at->second;
        if (!added && ++top.duplicates <= kMaxDuplicateErrors)
            problems_.error(pointer(), "duplicate key " + Json(k).dump() + " (a key may appear once per object)");
        return true;
    }

    bool parse_error(std::size_t, const std::string& lastToken, const nlohmann::detail::exception& ex) override
    {
        std::string what = ex.what();
        if (auto pos = what.find("] "); pos != std::string::npos)
            what = what.substr(pos + 2);
        std::string hint;
        // The lexer stops at the first letter of NaN / Infinity, so look at the last character read.
        if (!lastToken.empty() && std::string_view("NnIi").find(lastToken.back()) != std::string_view::npos)
            hint = " (NaN and Infinity are not JSON numbers: write a finite number)";
        problems_.error(pointer(), "invalid JSON: " + what + hint);
        return false;
    }

private:
    /// Duplicate-key errors per object; the rest are counted in one more error at the object.
    static constexpr std::size_t kMaxDuplicateErrors = 20;

    struct Level {
        Json* container;
        std::string key;                            ///< of an object: the member being read
        std::map<std::string, std::size_t> keys;    ///< of an object: each key's place in it
        std::size_t slot = 0;                       ///< the place of `key` (the end for a new key)
        std::size_t duplicates = 0;
    };

    /// The pointer of the value being read, or with `levels` < the stack size, of the container
    /// that many levels down (levels - 1 is the object or array being read).
    std::string pointer(std::size_t levels = std::numeric_limits<std::size_t>::max()) const
    {
        std::string p;
        for (std::size_t i = 0; i < stack_.size() && i < levels; ++i) {
            const Level& l = stack_[i];
            if (l.container->is_object()) {
                if (l.key.empty() && l.keys.empty())
                    break;
                p += "/";
                for (char c : l.key) {
                    if (c == '~')
                        p += "~0";
                    else if (c == '/')
                        p += "~1";
                    else
                        p += c;
                }
            } else {
                // Below the top the current element is already inserted; at the top it is the next one.
                const std::size_t n = l.container->size();
                p += '/';
                p += std::to_string(i + 1 < stack_.size() ? n - 1 : n);
            }
        }
        return p;
    }

    bool count()
    {
        if (++values_ > limits_.maxValues) {
            problems_.error(pointer(), "the file holds more than " + std::to_string(limits_.maxValues) +
                                           " values; the files Jounce reads hold a few thousand at most");
            return false;
        }
        return true;
    }

    Json* insert(Json&& v)
    {
        if (stack_.empty()) {
            root_ = std::move(v);
            return &root_;
        }
        Json& c = *stack_.back().container;
        if (c.is_array()) {
            c.push_back(std::move(v));
            return &c.back();
        }
        // The ordered object is a vector searched linearly, so c[key] would make reading n keys
        // cost n^2: the level's map says where the key is. A new key is appended without a search;
        // a duplicate (an error already reported) replaces the earlier value in its place, so the
        // last value is kept where the key first appeared, as c[key] = v did.
        Level& top = stack_.back();
        auto& members = static_cast<Json::object_t::Container&>(c.get_ref<Json::object_t&>());
        if (top.slot < members.size()) {
            members[top.slot].second = std::move(v);
            return &members[top.slot].second;
        }
        members.emplace_back(top.key, std::move(v));
        return &members.back().second;
    }

    bool place(Json&& v)
    {
        if (!count())
            return false;
        insert(std::move(v));
        return true;
    }

    bool open(Json&& container)
    {
        if (!count())
            return false;
        if (stack_.size() >= limits_.maxDepth) {
            problems_.error(pointer(), "nested deeper than " + std::to_string(limits_.maxDepth) + " levels");
            return false;
        }
        Json* c = insert(std::move(container));
        stack_.push_back({c, {}, {}, 0, 0});
        return true;
    }

    bool close()
    {
        if (const std::size_t more = stack_.back().duplicates; more > kMaxDuplicateErrors)
            problems_.error(pointer(stack_.size() - 1),
                            "and " + std::to_string(more - kMaxDuplicateErrors) + " more duplicate keys");
        stack_.pop_back();
        return true;
    }

    Problems& problems_;
    const JsonLimits& limits_;
    Json root_;
    std::vector<Level> stack_;
    std::size_t values_ = 0;
};

bool isScalar(const Json& v) { return !v.is_array() && !v.is_object(); }

void emit(const Json& v, std::size_t indent, std::string& out)
{
    const std::string pad(indent + 2, ' ');
    if (v.is_object()) {
        if (v.empty()) {
            out += "{}";
            return;
        }
        out += "{\n";
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            out += first ? "" : ",\n";
            first = false;
            out += pad + Json(it.key()).dump(-1, ' ', false, Json::error_handler_t::replace) + ": ";
            emit(it.value(), indent + 2, out);
        }
        out += "\n" + std::string(indent, ' ') + "}";
        return;
    }
    if (v.is_array()) {
        if (v.empty()) {
            out += "[]";
            return;
        }
        const bool flat = std::all_of(v.begin(), v.end(), isScalar);
        out += flat ? "[" : "[\n";
        bool first = true;
        for (const Json& e : v) {
            if (flat) {
                out += first ? "" : ", ";
            } else {
                out += first ? pad : ",\n" + pad;
            }
            first = false;
            emit(e, indent + 2, out);
        }
        out += flat ? "]" : "\n" + std::string(indent, ' ') + "]";
        return;
    }
    out += v.dump(-1, ' ', false, Json::error_handler_t::replace);
}

}  // namespace

std::string pointerToken(const std::string& key)
{
    std::string out;
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string formatNumber(double v)
{
    if (std::isfinite(v) && std::floor(v) == v && std::fabs(v) < 1e15)
        return std::to_string(static_cast<long long>(v));
    return Json(v).dump();
}

bool isValidUtf8(std::string_view text)
{
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const auto* end = p + text.size();
    while (p < end) {
        const unsigned char c = *p;
        int extra = 0;
        std::uint32_t min = 0, cp = 0;
        if (c < 0x80) {
            ++p;
            continue;
        } else if ((c & 0xE0) == 0xC0) {
            extra = 1, min = 0x80, cp = c & 0x1Fu;
        } else if ((c & 0xF0) == 0xE0) {
            extra = 2, min = 0x800, cp = c & 0x0Fu;
        } else if ((c & 0xF8) == 0xF0) {
            extra = 3, min = 0x10000, cp = c & 0x07u;
        } else {
            return false;  // a continuation byte without a lead, or 0xF8..0xFF
        }
        if (end - p <= extra)
            return false;
        for (int k = 1; k <= extra; ++k) {
            if ((p[k] & 0xC0) != 0x80)
                return false;
            cp = (cp << 6) | (p[k] & 0x3Fu);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
            return false;
        p += extra + 1;
    }
    return true;
}

std::string describeJson(const Json& v)
{
    switch (v.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return v.get<bool>() ? "true" : "false";
    case Json::value_t::string: {
        std::string s = v.get<std::string>();
        if (s.size() > 40) {
            // Cut on a character boundary: a UTF-8 continuation byte (10xxxxxx) never starts one.
            std::size_t cut = 40;
            while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0) == 0x80)
                --cut;
            s = s.substr(0, cut) + "...";
        }
        return "string " + Json(s).dump(-1, ' ', false, Json::error_handler_t::replace);
    }
    case Json::value_t::array: return "an array of " + std::to_string(v.size());
    case Json::value_t::object: return "an object";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned:
    case Json::value_t::number_float: return "number " + v.dump();
    default: return "an unsupported value";
    }
}

std::optional<Json> parseJson(std::string_view text, Problems& problems, const JsonLimits& limits)
{
    if (text.size() > limits.maxBytes) {
        problems.error("", "the file is " + std::to_string(text.size()) + " bytes, more than the " +
                               std::to_string(limits.maxBytes) + " a vehicle file may have");
        return std::nullopt;
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        problems.error("", "the file is empty");
        return std::nullopt;
    }
    TrackingSax sax(problems, limits);
    const std::size_t before = problems.items.size();
    const bool ok = Json::sax_parse(text.begin(), text.end(), &sax, nlohmann::detail::input_format_t::json, true, false);
    if (!ok) {
        if (problems.items.size() == before)
            problems.error("", "invalid JSON");
        return std::nullopt;
    }
    return sax.takeRoot();
}

std::string formatJson(const Json& value)
{
    std::string out;
    emit(value, 0, out);
    out += "\n";
    return out;
}

}  // namespace jounce::json
