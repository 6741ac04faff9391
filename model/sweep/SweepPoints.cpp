#include "sweep/SweepPoints.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace jounce::sweep {

std::uint64_t Random::next() noexcept
{
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

double Random::uniform() noexcept
{
    return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

std::size_t Random::below(std::size_t n) noexcept
{
    // 53 random bits scaled: for the n of a sweep (at most kMaxPoints) the bias is below 1e-10.
    return std::min(n - 1, static_cast<std::size_t>(uniform() * static_cast<double>(n)));
}

namespace {

Json rangeValue(const Parameter& p, double x)
{
    if (p.integer && p.scale == Scale::Value)
        return static_cast<long long>(std::llround(x));
    return x;
}

/// Per parameter, the draws of every point: Latin hypercube strata or plain uniform numbers.
std::vector<std::vector<double>> draws(const Sweep& sweep, std::size_t n)
{
    Random random(sweep.design.seed);
    std::vector<std::vector<double>> u(sweep.parameters.size(), std::vector<double>(n));
    if (sweep.design.type == DesignType::Random) {
        for (std::size_t i = 0; i < n; ++i)  // point by point, parameters in file order
            for (auto& column : u)
                column[i] = random.uniform();
        return u;
    }
    // Latin hypercube: each parameter's range in n equal strata, every stratum used once, the
    // strata shuffled independently per parameter (Fisher-Yates), a uniform draw inside each.
    std::vector<std::size_t> stratum(n);
    for (auto& column : u) {
        std::iota(stratum.begin(), stratum.end(), std::size_t{0});
        for (std::size_t i = n; i > 1; --i)
            std::swap(stratum[i - 1], stratum[random.below(i)]);
        for (std::size_t i = 0; i < n; ++i)
            column[i] = (static_cast<double>(stratum[i]) + random.uniform()) / static_cast<double>(n);
    }
    return u;
}

}  // namespace

std::vector<Json> gridLevels(const Parameter& p)
{
    if (p.isList())
        return p.values;
    std::vector<Json> out;
    for (int i = 0; i < p.steps; ++i) {
        const double x = i + 1 == p.steps ? p.max : p.min + (p.max - p.min) * i / (p.steps - 1);
        out.push_back(rangeValue(p, x));
    }
    return out;
}

Json drawValue(const Parameter& p, double u)
{
    if (p.isList()) {
        const std::size_t k = p.values.size();
        return p.values[std::min(k - 1, static_cast<std::size_t>(u * static_cast<double>(k)))];
    }
    return rangeValue(p, p.min + u * (p.max - p.min));
}

std::size_t pointCount(const Sweep& sweep)
{
    if (sweep.design.type != DesignType::Grid)
        return sweep.design.samples;
    if (sweep.parameters.empty())
        return 0;
    std::size_t n = 1;
    for (const Parameter& p : sweep.parameters) {
        const std::size_t levels = p.isList() ? p.values.size() : static_cast<std::size_t>(std::max(p.steps, 0));
        if (levels == 0)
            return 0;
        if (n > (kMaxPoints + 1) / levels)
            return kMaxPoints + 1;
        n *= levels;
    }
    return std::min(n, kMaxPoints + 1);
}

std::vector<Point> makePoints(const Sweep& sweep, std::size_t first, std::size_t end)
{
    const std::size_t n = pointCount(sweep);
    end = std::min(end, std::min(n, kMaxPoints));
    std::vector<Point> points;
    if (first >= end)
        return points;
    points.reserve(end - first);
    if (sweep.design.type == DesignType::Grid) {
        std::vector<std::vector<Json>> levels;
        for (const Parameter& p : sweep.parameters)
            levels.push_back(gridLevels(p));
        for (std::size_t id = first; id < end; ++id) {
            Point point{id, std::vector<Json>(levels.size())};
            std::size_t rest = id;
            for (std::size_t j = levels.size(); j-- > 0;) {  // the last parameter counts fastest
                point.values[j] = levels[j][rest % levels[j].size()];
                rest /= levels[j].size();
            }
            points.push_back(std::move(point));
        }
        return points;
    }
    // Random designs draw every point (the draws of point k depend on those before it), then keep the range.
    const std::vector<std::vector<double>> u = draws(sweep, n);
    for (std::size_t id = first; id < end; ++id) {
        Point point{id, {}};
        for (std::size_t j = 0; j < sweep.parameters.size(); ++j)
            point.values.push_back(drawValue(sweep.parameters[j], u[j][id]));
        points.push_back(std::move(point));
    }
    return points;
}

std::vector<Point> makePoints(const Sweep& sweep)
{
    return makePoints(sweep, 0, pointCount(sweep));
}

}  // namespace jounce::sweep
