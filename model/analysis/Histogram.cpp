#include "analysis/Histogram.h"

#include <algorithm>
#include <cmath>

namespace jounce::analysis {

Histogram histogram(std::span<const double> values, double lo, double hi, int bins)
{
    Histogram h;
    bins = std::max(1, bins);
    h.lo = lo;
    h.width = hi > lo ? (hi - lo) / bins : 1.0;
    h.share.assign(std::size_t(bins), 0.0);
    for (double v : values) {
        if (!std::isfinite(v))
            continue;
        const double at = std::floor((v - h.lo) / h.width);
        h.share[std::size_t(std::clamp(at, 0.0, double(bins - 1)))] += 1.0;
        ++h.values;
    }
    if (h.values > 0)
        for (double& s : h.share)
            s /= double(h.values);
    return h;
}

DamperBands damperBands(std::span<const double> velocity, double knee)
{
    DamperBands b;
    std::size_t n = 0;
    for (double v : velocity) {
        if (!std::isfinite(v))
            continue;
        ++n;
        const bool fast = std::fabs(v) > knee;
        if (v >= 0.0)
            (fast ? b.bumpHigh : b.bumpLow) += 1.0;
        else
            (fast ? b.reboundHigh : b.reboundLow) += 1.0;
    }
    if (n > 0)
        for (double* s : {&b.bumpLow, &b.bumpHigh, &b.reboundLow, &b.reboundHigh})
            *s /= double(n);
    return b;
}

}  // namespace jounce::analysis
