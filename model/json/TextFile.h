#pragma once
// Reading and writing the user's files: bounded reads, atomic writes.

#include <cstddef>
#include <string>
#include <string_view>

namespace jounce::io {

/// Reads a whole file, refusing files larger than maxBytes. Returns an error message or "".
std::string readTextFile(const std::string& path, std::size_t maxBytes, std::string& out);

/// Writes a file atomically: a temporary file in the same folder, flushed, then renamed over the
/// target, so a crash never leaves a half-written file. Returns an error message or "".
std::string writeFileAtomic(const std::string& path, std::string_view contents);

}  // namespace jounce::io
