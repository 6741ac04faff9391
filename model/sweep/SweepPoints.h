#pragma once
// The points of a sweep's design (docs/sweeps.md "Points"): every combination of the parameters'
// levels (a grid), or `samples` random or Latin-hypercube draws from a seeded generator of our own
// (SplitMix64), so the same file gives the same points with every compiler and standard library.

#include "sweep/Sweep.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace jounce::sweep {

/// More points than this is a mistake in the file (a grid of 10 parameters at 10 levels), not a sweep.
inline constexpr std::size_t kMaxPoints = 1'000'000;
/// Points times parameters: what the points of one sweep hold in memory (a few hundred MB at most).
inline constexpr std::size_t kMaxPointValues = 10'000'000;

/// SplitMix64 (Steele, Lea, Flood: "Fast splittable pseudorandom number generators", 2014).
class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next() noexcept;
    /// Uniform in [0, 1), 53 random bits.
    double uniform() noexcept;
    /// Uniform in [0, n) for n > 0.
    std::size_t below(std::size_t n) noexcept;

private:
    std::uint64_t state_;
};

/// The levels a grid gives the parameter: its list, or `steps` evenly spaced values from min to
/// max (both included; rounded on an integer leaf of value scale).
std::vector<Json> gridLevels(const Parameter& parameter);

/// How many points the sweep has: the product of the grid levels (kMaxPoints + 1 when larger), or
/// the samples.
std::size_t pointCount(const Sweep& sweep);

/// The points with ids [first, end) (end is capped at pointCount). A grid counts like nested loops
/// in file order, the last parameter fastest.
std::vector<Point> makePoints(const Sweep& sweep, std::size_t first, std::size_t end);
std::vector<Point> makePoints(const Sweep& sweep);

/// The value a draw `u` in [0, 1) gives a parameter: an entry of its list, or a value in its range.
Json drawValue(const Parameter& parameter, double u);

}  // namespace jounce::sweep
