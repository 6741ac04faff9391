#pragma once
// How long the free texts of Jounce files may be, the same for vehicle, maneuver and terrain files: a
// name is a label for lists, titles and CSV columns, a description a few paragraphs. The bounds keep
// a hostile file from pushing megabytes through every window title and report.

#include "json/Problem.h"

#include <cstddef>
#include <string>

namespace jounce::json {

inline constexpr std::size_t kMaxNameBytes = 200;
inline constexpr std::size_t kMaxDescriptionBytes = 8192;

/// "must be at most 200 bytes long, got 3670016 bytes".
inline std::string textLengthMessage(std::size_t bytes, std::size_t maxBytes)
{
    return "must be at most " + std::to_string(maxBytes) + " bytes long, got " + std::to_string(bytes) + " bytes";
}

/// Reports `text` at `pointer` when it is longer than `maxBytes`; true when it fits.
inline bool checkTextLength(const std::string& text, const std::string& pointer, std::size_t maxBytes,
                            Problems& problems)
{
    if (text.size() <= maxBytes)
        return true;
    problems.error(pointer, textLengthMessage(text.size(), maxBytes));
    return false;
}

}  // namespace jounce::json
