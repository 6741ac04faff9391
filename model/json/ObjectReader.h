#pragma once
// Checked reading of JSON objects, shared by the vehicle registry and the maneuver and terrain
// readers: typed getters by key that never throw and report every problem into Problems with its
// JSON pointer, in one wording:
//
//   /phases/0/inputs/accel: expected a number, got string "full"
//   /phases/0/inputs/accel: must be in [0, 1], got 1.5
//   /phases/0/until: missing (required): a phase needs an end condition (...)
//   /phases/0/colour: unknown key, ignored (it will not be saved)       (a warning)
//
// A getter returns nullopt both when the member is absent (an error only when it is required) and
// when it is wrong (always reported). Every key asked for counts as known; reportUnknown() then
// warns about the others.

#include "json/JsonText.h"
#include "json/Problem.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace jounce::json {

/// The interval a number must lie in; either end may be open or unbounded. Also the vehicle
/// registry's hard limits (config::Limits is this type).
struct NumberLimits {
    double min = -std::numeric_limits<double>::infinity();
    double max = std::numeric_limits<double>::infinity();
    bool minExclusive = false;
    bool maxExclusive = false;

    /// [lo, hi]
    static constexpr NumberLimits closed(double lo, double hi) { return {lo, hi, false, false}; }
    /// (lo, hi], e.g. above(0) for "> 0"
    static constexpr NumberLimits above(double lo, double hi = std::numeric_limits<double>::infinity())
    {
        return {lo, hi, true, false};
    }
    /// [lo, infinity)
    static constexpr NumberLimits atLeast(double lo) { return {lo, std::numeric_limits<double>::infinity(), false, false}; }

    bool contains(double v) const;
    /// "must be in [0, 1]", "must be > 0", "must be in (0, 100000]"; "" when unbounded.
    std::string describe() const;
};

/// How many elements a list may have, and what they are called in messages ("must have at most
/// 1000 phases, got 1001").
struct ItemCount {
    std::size_t min = 0;
    std::size_t max = std::numeric_limits<std::size_t>::max();
    const char* noun = "elements";

    /// "3 to 10000 corners", "at most 1000 phases", "at least 2 points", "2 elements".
    std::string describe() const;
};

/// Whether a member must be given; a required member's hint completes "missing (required): ...".
struct Presence {
    bool required = false;
    std::string_view hint;
};
inline constexpr Presence kOptional{};
constexpr Presence required(std::string_view hint = {}) { return {true, hint}; }

/// An [x, y] pair.
using Pair = std::array<double, 2>;

// ---- single values, for list elements; each reports its problem at `pointer` ----------------------

std::optional<double> readNumber(const Json& v, const std::string& pointer, const NumberLimits& limits,
                                 Problems& problems);
/// An integral number (1 and 1.0 alike, as vehicle files read integers) in [min, max].
std::optional<long long> readInteger(const Json& v, const std::string& pointer, long long min, long long max,
                                     Problems& problems);
/// An integral number within `limits`; beyond +-2^53 (where doubles skip integers) it is not one.
std::optional<long long> readInteger(const Json& v, const std::string& pointer, const NumberLimits& limits,
                                     Problems& problems);
/// An integer >= 0 of up to 64 bits (random seeds).
std::optional<std::uint64_t> readUnsigned(const Json& v, const std::string& pointer, Problems& problems);
std::optional<std::string> readText(const Json& v, const std::string& pointer, Problems& problems);
std::optional<bool> readBoolean(const Json& v, const std::string& pointer, Problems& problems);
/// The index in `names` of the string `v`.
std::optional<std::size_t> readEnumeration(const Json& v, const std::string& pointer,
                                           std::span<const char* const> names, Problems& problems);
/// [x, y], each within `limits` (located at pointer/0 and pointer/1).
std::optional<Pair> readPair(const Json& v, const std::string& pointer, const NumberLimits& limits,
                             Problems& problems);
/// A list of [x, y] pairs; nullopt when the list or any pair is wrong (every one reported).
std::optional<std::vector<Pair>> readPairs(const Json& v, const std::string& pointer, const ItemCount& count,
                                           const NumberLimits& limits, Problems& problems);
/// True when `v` is a list whose size is within `count`; otherwise reports why.
bool checkList(const Json& v, const std::string& pointer, const ItemCount& count, Problems& problems);

/// `expected one of "a", "b", got ...` for a value that is none of `names`.
std::string expectedOneOf(std::span<const char* const> names, const Json& got);

/// Reads the members of one JSON object by key.
class ObjectReader {
public:
    /// Reads `object`, found at `pointer` ("" for the document). If it is not an object every read
    /// finds nothing (open() reports that). `writtenBack`: the format is saved by Jounce, so an
    /// unknown key "will not be saved" (said in its warning).
    ObjectReader(const Json& object, std::string pointer, Problems& problems, bool writtenBack = true);

    /// A reader for `value` at `pointer`, or nullopt and "expected an object, got ..." when it is not one.
    static std::optional<ObjectReader> open(const Json& value, std::string pointer, Problems& problems,
                                            bool writtenBack = true);

    const std::string& pointer() const { return pointer_; }
    /// The pointer of a member: pointer + "/" + the escaped key.
    std::string at(std::string_view key) const;
    Problems& problems() const { return *problems_; }
    const Json& json() const { return *object_; }
    /// Whether the member is present (it does not count as read).
    bool has(std::string_view key) const;

    /// The member, or nullptr when it is absent (reported when required). Marks the key known.
    const Json* find(std::string_view key, Presence presence = kOptional);

    std::optional<std::string> text(std::string_view key, Presence presence = kOptional);
    std::optional<bool> boolean(std::string_view key, Presence presence = kOptional);
    std::optional<double> number(std::string_view key, const NumberLimits& limits, Presence presence = kOptional);
    /// `fallback` when absent, the value when valid, nullopt when wrong.
    std::optional<double> numberOr(std::string_view key, const NumberLimits& limits, double fallback);
    std::optional<int> integer(std::string_view key, int min, int max, Presence presence = kOptional);
    std::optional<std::uint64_t> unsignedInteger(std::string_view key, Presence presence = kOptional);
    std::optional<std::size_t> enumeration(std::string_view key, std::span<const char* const> names,
                                           Presence presence = kOptional);
    /// An enumeration spelled as one of `names`, indexed like the enum.
    template <typename E, std::size_t N>
    std::optional<E> enumeration(std::string_view key, const std::array<const char*, N>& names,
                                 Presence presence = kOptional)
    {
        const std::optional<std::size_t> i = enumeration(key, std::span<const char* const>(names), presence);
        return i ? std::optional<E>(static_cast<E>(*i)) : std::nullopt;
    }
    std::optional<Pair> pair(std::string_view key, const NumberLimits& limits, Presence presence = kOptional);
    std::optional<std::vector<Pair>> pairs(std::string_view key, const ItemCount& count, const NumberLimits& limits,
                                           Presence presence = kOptional);
    /// The member if it is a list within `count`; nullptr when absent or wrong.
    const Json* list(std::string_view key, const ItemCount& count = {}, Presence presence = kOptional);
    /// A reader for a nested object member; nullopt when absent or not an object.
    std::optional<ObjectReader> object(std::string_view key, Presence presence = kOptional);
    /// A reader for element `index` of `list` (the member `key`, from list()); nullopt and an error
    /// when it is not an object.
    std::optional<ObjectReader> element(const Json& list, std::string_view key, std::size_t index) const;

    /// Marks `key` as known but not used here: reportUnknown() warns `reason` about it ("ignored:
    /// only used when ...") instead of calling it unknown. A key also read counts as used.
    void ignore(std::string_view key, std::string reason);

    /// Unknown-key warnings per object; the rest are counted in one warning at the object.
    static constexpr std::size_t kMaxUnknownKeyWarnings = 20;

    /// Warns about every member no read asked for, in file order: the first kMaxUnknownKeyWarnings
    /// unknown keys each at its pointer, then "and N more unknown keys" at the object (a hostile
    /// file of 300 k keys makes 21 lines, not 300 k). Ignored keys always get their reason. Call
    /// once, after the reads.
    void reportUnknown();

private:
    const Json* object_;
    std::string pointer_;
    Problems* problems_;
    bool writtenBack_;
    std::vector<std::string> known_;
    std::vector<std::pair<std::string, std::string>> ignored_;  ///< key, reason
};

/// Whether a problem from index `first` on is an error: "did reading this part find an error", in
/// time proportional to what the part added (Problems::errorCount() walks every problem, which
/// made reading 10000 parts with warnings quadratic).
bool hasErrorsSince(const Problems& problems, std::size_t first);

/// The header of a Jounce file: "format" must be `format`, "schemaVersion" an integer from 1 to
/// `version`. Returns false when the file is from a newer Jounce (reading on would mislead); other
/// problems are reported and reading goes on. `what` names the file kind ("a maneuver file").
bool readFormatHeader(ObjectReader& root, const char* format, int version, const char* what);

}  // namespace jounce::json
