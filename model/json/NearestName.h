#pragma once
// The name a mistyped one is most likely a typo of, for "did you mean" advice: the command line's
// options and commands, the registry's parameter keys.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace jounce::json {

/// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
/// neighbours ("vehicel") each count one.
std::size_t editDistance(const std::string& a, const std::string& b);

/// The index of the name in `names` nearest to `typed`, if one is within a third of its length in
/// edits (at least one); the first of equally near ones.
std::optional<std::size_t> nearestName(const std::string& typed, const std::vector<std::string>& names);

}  // namespace jounce::json
