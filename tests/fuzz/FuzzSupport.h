#pragma once
// Shared by the fuzz targets (tests/fuzz/fuzz_*.cpp): the libFuzzer entry point, an invariant check
// that stops the run with a message, and the inputs the replay makes by code because they are too
// large for the seed corpus.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace jounce::fuzz {

/// The fuzzer's bytes as the text a reader gets from a file.
inline std::string_view asText(const std::uint8_t* data, std::size_t size)
{
    return {reinterpret_cast<const char*>(data), size};
}

/// A broken invariant is a finding like a crash: abort, so that libFuzzer saves the input and the
/// replay test fails.
[[noreturn]] inline void invariantFailed(const char* what, const char* file, int line, const std::string& detail)
{
    std::fprintf(stderr, "%s:%d: invariant failed: %s\n%s\n", file, line, what, detail.c_str());
    std::abort();
}

/// An input the replay driver runs after the corpus: a name for messages and its bytes.
struct GeneratedInput {
    std::string name;
    std::string bytes;
};

/// Defined by each target (an empty list when all its cases fit in the corpus).
std::vector<GeneratedInput> generatedInputs();

}  // namespace jounce::fuzz

#define FUZZ_CHECK(cond, detail)                                                                  \
    do {                                                                                          \
        if (!(cond))                                                                              \
            ::jounce::fuzz::invariantFailed(#cond, __FILE__, __LINE__, (detail));                  \
    } while (false)
