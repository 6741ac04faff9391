#include "json/ObjectReader.h"

#include <algorithm>
#include <cmath>

namespace jounce::json {

// ---- limits ----------------------------------------------------------------------------------------

bool NumberLimits::contains(double v) const
{
    if (minExclusive ? !(v > min) : !(v >= min))
        return false;
    return maxExclusive ? v < max : v <= max;
}

std::string NumberLimits::describe() const
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

std::string ItemCount::describe() const
{
    constexpr std::size_t unbounded = std::numeric_limits<std::size_t>::max();
    std::string range;
    if (min == max)
        range = std::to_string(min);
    else if (max == unbounded)
        range = "at least " + std::to_string(min);
    else if (min == 0)
        range = "at most " + std::to_string(max);
    else
        range = std::to_string(min) + " to " + std::to_string(max);
    return range + " " + noun;
}

// ---- single values ---------------------------------------------------------------------------------

std::optional<double> readNumber(const Json& v, const std::string& pointer, const NumberLimits& limits,
                                 Problems& problems)
{
    if (!v.is_number()) {
        problems.error(pointer, "expected a number, got " + describeJson(v));
        return std::nullopt;
    }
    const double x = v.get<double>();
    if (!std::isfinite(x)) {
        problems.error(pointer, "must be a finite number, got " + v.dump());
        return std::nullopt;
    }
    if (!limits.contains(x)) {
        problems.error(pointer, limits.describe() + ", got " + formatNumber(x));
        return std::nullopt;
    }
    return x;
}

std::optional<long long> readInteger(const Json& v, const std::string& pointer, long long min, long long max,
                                     Problems& problems)
{
    return readInteger(v, pointer, NumberLimits::closed(double(min), double(max)), problems);
}

std::optional<long long> readInteger(const Json& v, const std::string& pointer, const NumberLimits& limits,
                                     Problems& problems)
{
    if (!v.is_number()) {
        problems.error(pointer, "expected an integer, got " + describeJson(v));
        return std::nullopt;
    }
    const double x = v.get<double>();
    if (!std::isfinite(x) || std::floor(x) != x) {
        problems.error(pointer, "expected an integer, got " + v.dump());
        return std::nullopt;
    }
    if (!limits.contains(x)) {
        problems.error(pointer, limits.describe() + ", got " + formatNumber(x));
        return std::nullopt;
    }
    constexpr double exact = 9007199254740992.0;  // 2^53: integral doubles up to here are exact
    if (std::fabs(x) > exact) {
        problems.error(pointer, "expected an integer, got " + v.dump());
        return std::nullopt;
    }
    return static_cast<long long>(x);
}

std::optional<std::uint64_t> readUnsigned(const Json& v, const std::string& pointer, Problems& problems)
{
    if (v.is_number_unsigned())
        return v.get<std::uint64_t>();
    if (!v.is_number()) {
        problems.error(pointer, "expected an integer, got " + describeJson(v));
        return std::nullopt;
    }
    const double x = v.get<double>();
    constexpr double exact = 9007199254740992.0;  // 2^53: integral doubles up to here are exact
    if (!std::isfinite(x) || std::floor(x) != x || (v.is_number_float() && x > exact)) {
        problems.error(pointer, "expected an integer, got " + v.dump());
        return std::nullopt;
    }
    if (x < 0.0) {
        problems.error(pointer, NumberLimits::atLeast(0.0).describe() + ", got " + v.dump());
        return std::nullopt;
    }
    return v.is_number_integer() ? static_cast<std::uint64_t>(v.get<std::int64_t>()) : static_cast<std::uint64_t>(x);
}

std::optional<std::string> readText(const Json& v, const std::string& pointer, Problems& problems)
{
    if (!v.is_string()) {
        problems.error(pointer, "expected a string, got " + describeJson(v));
        return std::nullopt;
    }
    std::string text = v.get<std::string>();
    if (!isValidUtf8(text)) {  // only from an edit or the command line: files are checked when parsed
        problems.error(pointer, "is not valid UTF-8 text");
        return std::nullopt;
    }
    return text;
}

std::optional<bool> readBoolean(const Json& v, const std::string& pointer, Problems& problems)
{
    if (!v.is_boolean()) {
        problems.error(pointer, "expected true or false, got " + describeJson(v));
        return std::nullopt;
    }
    return v.get<bool>();
}

std::string expectedOneOf(std::span<const char* const> names, const Json& got)
{
    std::string s = "expected one of ";
    for (std::size_t i = 0; i < names.size(); ++i)
        s += (i ? ", " : "") + Json(names[i]).dump();
    return s + ", got " + describeJson(got);
}

std::optional<std::size_t> readEnumeration(const Json& v, const std::string& pointer,
                                           std::span<const char* const> names, Problems& problems)
{
    if (v.is_string())
        for (std::size_t i = 0; i < names.size(); ++i)
            if (v.get_ref<const std::string&>() == names[i])
                return i;
    problems.error(pointer, expectedOneOf(names, v));
    return std::nullopt;
}

bool checkList(const Json& v, const std::string& pointer, const ItemCount& count, Problems& problems)
{
    if (!v.is_array()) {
        problems.error(pointer, "expected a list, got " + describeJson(v));
        return false;
    }
    if (v.size() < count.min || v.size() > count.max) {
        problems.error(pointer, "must have " + count.describe() + ", got " + std::to_string(v.size()));
        return false;
    }
    return true;
}

std::optional<Pair> readPair(const Json& v, const std::string& pointer, const NumberLimits& limits,
                             Problems& problems)
{
    if (!v.is_array() || v.size() != 2) {
        problems.error(pointer, "expected an [x, y] pair, got " + describeJson(v));
        return std::nullopt;
    }
    const std::optional<double> x = readNumber(v[0], pointer + "/0", limits, problems);
    const std::optional<double> y = readNumber(v[1], pointer + "/1", limits, problems);
    if (!x || !y)
        return std::nullopt;
    return Pair{*x, *y};
}

std::optional<std::vector<Pair>> readPairs(const Json& v, const std::string& pointer, const ItemCount& count,
                                           const NumberLimits& limits, Problems& problems)
{
    if (!checkList(v, pointer, count, problems))
        return std::nullopt;
    std::vector<Pair> out;
    out.reserve(v.size());
    bool ok = true;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (const std::optional<Pair> p = readPair(v[i], pointer + "/" + std::to_string(i), limits, problems))
            out.push_back(*p);
        else
            ok = false;
    }
    if (!ok)
        return std::nullopt;
    return out;
}

// ---- objects ---------------------------------------------------------------------------------------

ObjectReader::ObjectReader(const Json& object, std::string pointer, Problems& problems, bool writtenBack)
    : object_(&object), pointer_(std::move(pointer)), problems_(&problems), writtenBack_(writtenBack)
{
}

std::optional<ObjectReader> ObjectReader::open(const Json& value, std::string pointer, Problems& problems,
                                               bool writtenBack)
{
    if (!value.is_object()) {
        problems.error(pointer, "expected an object, got " + describeJson(value));
        return std::nullopt;
    }
    return ObjectReader(value, std::move(pointer), problems, writtenBack);
}

std::string ObjectReader::at(std::string_view key) const
{
    return pointer_ + "/" + pointerToken(std::string(key));
}

bool ObjectReader::has(std::string_view key) const
{
    return object_->is_object() && object_->contains(std::string(key));
}

const Json* ObjectReader::find(std::string_view key, Presence presence)
{
    // Both searches are linear, but a reader asks only for the keys its code names, so reading an
    // object costs its size times a few dozen, however many keys a hostile file puts in it.
    if (std::find(known_.begin(), known_.end(), key) == known_.end())
        known_.emplace_back(key);
    if (object_->is_object())
        if (const auto it = object_->find(std::string(key)); it != object_->end())
            return &*it;
    if (presence.required)
        problems_->error(at(key), presence.hint.empty() ? std::string("missing (required)")
                                                        : "missing (required): " + std::string(presence.hint));
    return nullptr;
}

std::optional<std::string> ObjectReader::text(std::string_view key, Presence presence)
{
    const Json* v = find(key, presence);
    return v ? readText(*v, at(key), *problems_) : std::nullopt;
}

std::optional<bool> ObjectReader::boolean(std::string_view key, Presence presence)
{
    const Json* v = find(key, presence);
    return v ? readBoolean(*v, at(key), *problems_) : std::nullopt;
}

std::optional<double> ObjectReader::number(std::string_view key, const NumberLimits& limits, Presence presence)
{
    const Json* v = find(key, presence);
    return v ? readNumber(*v, at(key), limits, *problems_) : std::nullopt;
}

std::optional<double> ObjectReader::numberOr(std::string_view key, const NumberLimits& limits, double fallback)
{
    const Json* v = find(key);
    return v ? readNumber(*v, at(key), limits, *problems_) : std::optional<double>(fallback);
}

std::optional<int> ObjectReader::integer(std::string_view key, int min, int max, Presence presence)
{
    const Json* v = find(key, presence);
    if (!v)
        return std::nullopt;
    const std::optional<long long> i = readInteger(*v, at(key), min, max, *problems_);
    return i ? std::optional<int>(static_cast<int>(*i)) : std::nullopt;
}

std::optional<std::uint64_t> ObjectReader::unsignedInteger(std::string_view key, Presence presence)
{
    const Json* v = find(key, presence);
    return v ? readUnsigned(*v, at(key), *problems_) : std::nullopt;
}

std::optional<std::size_t> ObjectReader::enumeration(std::string_view key, std::span<const char* const> names,
                                                     Presence presence)
{
    const Json* v = find(key, presence);
    return v ? readEnumeration(*v, at(key), names, *problems_) : std::nullopt;
}

std::optional<Pair> ObjectReader::pair(std::string_view key, const NumberLimits& limits, Presence presence)
{
    const Json* v = find(key, presence);
    return v ? readPair(*v, at(key), limits, *problems_) : std::nullopt;
}

std::optional<std::vector<Pair>> ObjectReader::pairs(std::string_view key, const ItemCount& count,
                                                     const NumberLimits& limits, Presence presence)
{
    const Json* v = find(key, presence);
    return v ? readPairs(*v, at(key), count, limits, *problems_) : std::nullopt;
}

const Json* ObjectReader::list(std::string_view key, const ItemCount& count, Presence presence)
{
    const Json* v = find(key, presence);
    return v && checkList(*v, at(key), count, *problems_) ? v : nullptr;
}

std::optional<ObjectReader> ObjectReader::object(std::string_view key, Presence presence)
{
    const Json* v = find(key, presence);
    return v ? open(*v, at(key), *problems_, writtenBack_) : std::nullopt;
}

std::optional<ObjectReader> ObjectReader::element(const Json& list, std::string_view key, std::size_t index) const
{
    return open(list[index], at(key) + "/" + std::to_string(index), *problems_, writtenBack_);
}

void ObjectReader::ignore(std::string_view key, std::string reason)
{
    const auto same = [&](const auto& i) { return i.first == key; };
    if (std::none_of(ignored_.begin(), ignored_.end(), same))
        ignored_.emplace_back(key, std::move(reason));
}

void ObjectReader::reportUnknown()
{
    if (!object_->is_object())
        return;
    // known_ and ignored_ hold the keys the reader's code names (a few dozen), so this is linear in
    // the object's size.
    std::size_t unknown = 0;
    for (auto it = object_->begin(); it != object_->end(); ++it) {
        if (std::find(known_.begin(), known_.end(), it.key()) != known_.end())
            continue;
        const auto ignored = std::find_if(ignored_.begin(), ignored_.end(),
                                          [&](const auto& i) { return i.first == it.key(); });
        if (ignored != ignored_.end())
            problems_->warning(at(it.key()), ignored->second);
        else if (++unknown <= kMaxUnknownKeyWarnings)
            problems_->warning(at(it.key()), writtenBack_ ? "unknown key, ignored (it will not be saved)"
                                                          : "unknown key, ignored");
    }
    if (unknown > kMaxUnknownKeyWarnings)
        problems_->warning(pointer_, "and " + std::to_string(unknown - kMaxUnknownKeyWarnings) +
                                         (writtenBack_ ? " more unknown keys, ignored (they will not be saved)"
                                                       : " more unknown keys, ignored"));
}

bool hasErrorsSince(const Problems& problems, std::size_t first)
{
    for (std::size_t i = first; i < problems.items.size(); ++i)
        if (problems.items[i].severity == Severity::Error)
            return true;
    return false;
}

// ---- the file header -------------------------------------------------------------------------------

bool readFormatHeader(ObjectReader& root, const char* format, int version, const char* what)
{
    Problems& problems = root.problems();
    const std::string want = Json(format).dump();
    if (const Json* f = root.find("format"); !f)
        problems.error("/format", std::string("missing: ") + what + " starts with \"format\": " + want);
    else if (!f->is_string() || f->get_ref<const std::string&>() != format)
        problems.error("/format", "must be " + want + ", got " + describeJson(*f));

    const Json* sv = root.find("schemaVersion");
    if (!sv) {
        problems.error("/schemaVersion", "missing (required); this Jounce writes version " + std::to_string(version));
    } else if (!sv->is_number_integer() && !sv->is_number_unsigned()) {
        problems.error("/schemaVersion", "must be an integer, got " + describeJson(*sv));
    } else if (sv->is_number_unsigned() ? sv->get<std::uint64_t>() > std::uint64_t(version)
                                        : sv->get<std::int64_t>() > version) {
        problems.error("/schemaVersion", "the file was written by a newer Jounce (schema version " + sv->dump() +
                                             "); this one reads up to version " + std::to_string(version));
        return false;
    } else if (sv->get<std::int64_t>() < 1) {
        problems.error("/schemaVersion", "must be >= 1, got " + sv->dump());
    }
    return true;
}

}  // namespace jounce::json
