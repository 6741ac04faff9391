#pragma once
// A tiny deterministic sampler for the randomised test cases: the same seed gives the same cases on
// every machine and library (std::uniform_real_distribution is not specified bit for bit).

#include <algorithm>
#include <cstdint>

namespace jounce::test {

struct Lcg {
    std::uint64_t s;
    /// Uniform in [0, 1).
    double next()
    {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        return double(s >> 11) * 0x1.0p-53;
    }
    double in(double lo, double hi) { return lo + (hi - lo) * next(); }
    /// Uniform in [0, n).
    int below(int n) { return std::min(n - 1, int(next() * n)); }
};

}  // namespace jounce::test
