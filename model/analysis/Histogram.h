#pragma once
// Histograms of a channel over a span of a run: the share of frames in each bin, and for damper
// velocity the share in the four bands a suspension tuner reads first (bump and rebound, each
// below and above the knee between low- and high-speed damping).

#include <cstddef>
#include <span>
#include <vector>

namespace jounce::analysis {

struct Histogram {
    double lo = 0.0;           ///< the first bin's lower edge
    double width = 1.0;        ///< every bin's width
    std::vector<double> share;  ///< per bin, the fraction of the finite values in it (they sum to 1)
    std::size_t values = 0;     ///< how many finite values were counted
};

/// `bins` bins of equal width from lo to hi (lo < hi, bins >= 1); values outside go to the first
/// or last bin, NaN and infinities are left out.
Histogram histogram(std::span<const double> values, double lo, double hi, int bins);

/// Damper velocity's bands, shares of the finite values: bump is compression (positive velocity).
struct DamperBands {
    double bumpLow = 0.0, bumpHigh = 0.0, reboundLow = 0.0, reboundHigh = 0.0;
};
/// `knee` (> 0): the speed, m/s, between low- and high-speed damping; a value at the knee is low.
DamperBands damperBands(std::span<const double> velocity, double knee);

}  // namespace jounce::analysis
