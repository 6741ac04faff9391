#include "world/TerrainFeatures.h"

#include "config/Units.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {
namespace {

/// splitmix64: a tiny PRNG whose output is fixed by its definition, unlike std:: distributions,
/// so a rough road is the same for a seed on every standard library.
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
    std::uint64_t next()
    {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, 1) with 53 random bits.
    double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

private:
    std::uint64_t state_;
};

/// Grid node index range [i0, i1] x [j0, j1] covering a feature's bounding box; empty if i0 > i1.
struct NodeRange {
    int i0, i1, j0, j1;
    bool empty() const { return i0 > i1 || j0 > j1; }
    std::size_t count() const { return empty() ? 0 : std::size_t(i1 - i0 + 1) * std::size_t(j1 - j0 + 1); }
};

NodeRange nodeRange(const HeightField& f, const TerrainFeature& ft)
{
    const double c = std::cos(ft.heading), s = std::sin(ft.heading);
    const double us[2] = {ft.uMin(), ft.uMax()};
    const double vs[2] = {-0.5 * ft.width, 0.5 * ft.width};
    double xMin = HUGE_VAL, xMax = -HUGE_VAL, yMin = HUGE_VAL, yMax = -HUGE_VAL;
    for (double u : us)
        for (double v : vs) {
            const double x = ft.x + u * c - v * s, y = ft.y + u * s + v * c;
            xMin = std::min(xMin, x);
            xMax = std::max(xMax, x);
            yMin = std::min(yMin, y);
            yMax = std::max(yMax, y);
        }
    // One node of slack either way so rounding never drops an edge node.
    const auto lo = [&](double w, double origin, int n) {
        return static_cast<int>(std::clamp(std::floor((w - origin) / f.spacing) - 1.0, 0.0, double(n)));
    };
    const auto hi = [&](double w, double origin, int n) {
        return static_cast<int>(std::clamp(std::ceil((w - origin) / f.spacing) + 1.0, -1.0, double(n - 1)));
    };
    return {lo(xMin, f.originX, f.nx), hi(xMax, f.originX, f.nx), lo(yMin, f.originY, f.ny), hi(yMax, f.originY, f.ny)};
}

/// Calls fn(index, u, v) for every node of the range, with (u, v) in the feature's frame.
template <typename Fn>
void forEachNode(const HeightField& f, const TerrainFeature& ft, const NodeRange& r, Fn&& fn)
{
    const double c = std::cos(ft.heading), s = std::sin(ft.heading);
    for (int j = r.j0; j <= r.j1; ++j) {
        const double dy = f.originY + j * f.spacing - ft.y;
        for (int i = r.i0; i <= r.i1; ++i) {
            const double dx = f.originX + i * f.spacing - ft.x;
            fn(std::size_t(j) * std::size_t(f.nx) + std::size_t(i), dx * c + dy * s, -dx * s + dy * c);
        }
    }
}

double cosineBell(double t)  // t in [-0.5, 0.5] -> 0..1..0
{
    return std::abs(t) <= 0.5 ? 0.5 * (1.0 + std::cos(2.0 * kPi * t)) : 0.0;
}

double rampProfile(const TerrainFeature& ft, double u)
{
    const double up = ft.length, top = up + ft.plateau, end = top + ft.down;
    if (u < 0.0 || u > end)
        return 0.0;
    if (u < up)
        return ft.height * u / up;
    if (u <= top || ft.down <= 0.0)
        return ft.height;
    return ft.height * (end - u) / ft.down;
}

/// 0 outside [0, extent], rising as a half cosine over `blend` from each end, 1 in between.
double taper(double d, double extent, double blend)
{
    const double e = std::min(d, extent - d);
    if (e < 0.0)
        return 0.0;
    if (blend <= 0.0 || e >= blend)
        return 1.0;
    return 0.5 * (1.0 - std::cos(kPi * e / blend));
}

struct Wave {
    double kx, ky;  ///< rad/m
    double phase;   ///< rad
    double amplitude;
};

/// Spectral synthesis: log-spaced frequency bins, each carrying exactly its share of the variance
/// (integral of E over the bin), split over a few waves with stratified random directions, a
/// log-uniform random frequency inside the bin and a random phase.
constexpr int kWavesPerBin = 4;

/// 48 bins per octave of the band: fine enough that the bins' random frequencies fill the spectrum.
int roughBins(const TerrainFeature& ft)
{
    return std::clamp(static_cast<int>(std::ceil(48.0 * std::log2(ft.maxFrequency / ft.minFrequency))), 8, 480);
}

std::vector<Wave> roughWaves(const TerrainFeature& ft)
{
    const double nMin = ft.minFrequency, nMax = ft.maxFrequency;
    const double ratio = nMax / nMin;
    const int bins = roughBins(ft);
    const double b = 0.5 * kPi * iso8608Gd0(ft.roughClass) * kIsoN0 * kIsoN0;
    SplitMix64 rng(ft.seed);
    std::vector<Wave> waves;
    waves.reserve(std::size_t(bins) * kWavesPerBin);
    for (int k = 0; k < bins; ++k) {
        const double ka = nMin * std::pow(ratio, double(k) / bins);
        const double kb = nMin * std::pow(ratio, double(k + 1) / bins);
        const double amplitude = std::sqrt(2.0 * b * (1.0 / ka - 1.0 / kb) / kWavesPerBin);
        for (int w = 0; w < kWavesPerBin; ++w) {
            const double n = ka * std::pow(kb / ka, rng.uniform());
            const double theta = 2.0 * kPi * (w + rng.uniform()) / kWavesPerBin;
            const double phase = 2.0 * kPi * rng.uniform();
            waves.push_back({2.0 * kPi * n * std::cos(theta), 2.0 * kPi * n * std::sin(theta), phase, amplitude});
        }
    }
    return waves;
}

void applyRough(HeightField& f, const TerrainFeature& ft, const NodeRange& r)
{
    const std::size_t w = std::size_t(r.i1 - r.i0 + 1);
    std::vector<double> sum(r.count(), 0.0);
    const double x0 = f.originX + r.i0 * f.spacing - ft.x;
    for (const Wave& wave : roughWaves(ft)) {
        // Along a row the phase grows by kx * spacing per node: rotate (cos, sin) by that step
        // instead of calling cos per node; each row restarts from an exact cos/sin.
        const double cStep = std::cos(wave.kx * f.spacing), sStep = std::sin(wave.kx * f.spacing);
        for (int j = r.j0; j <= r.j1; ++j) {
            const double y = f.originY + j * f.spacing - ft.y;
            const double phase0 = wave.kx * x0 + wave.ky * y + wave.phase;
            double c = std::cos(phase0), s = std::sin(phase0);
            double* row = sum.data() + std::size_t(j - r.j0) * w;
            for (std::size_t i = 0; i < w; ++i) {
                row[i] += wave.amplitude * c;
                const double cNext = c * cStep - s * sStep;
                s = s * cStep + c * sStep;
                c = cNext;
            }
        }
    }
    forEachNode(f, ft, r, [&](std::size_t index, double u, double v) {
        const double weight = taper(u, ft.length, ft.blend) * taper(v + 0.5 * ft.width, ft.width, ft.blend);
        if (weight > 0.0) {
            const std::size_t i = index % std::size_t(f.nx) - std::size_t(r.i0);
            const std::size_t j = index / std::size_t(f.nx) - std::size_t(r.j0);
            f.heights[index] += weight * sum[j * w + i];
        }
    });
}

}  // namespace

double TerrainFeature::uMin() const { return type == FeatureType::Bump ? -0.5 * length : 0.0; }

double TerrainFeature::uMax() const
{
    switch (type) {
    case FeatureType::Bump:
        return 0.5 * length;
    case FeatureType::Ramp:
        return length + plateau + down;
    case FeatureType::Washboard:
    case FeatureType::Rough:
        return length;
    }
    return length;
}

std::size_t featureNodeCount(const HeightField& field, const TerrainFeature& feature)
{
    return nodeRange(field, feature).count();
}

std::size_t featureCost(const HeightField& field, const TerrainFeature& feature)
{
    const std::size_t nodes = featureNodeCount(field, feature);
    if (feature.type != FeatureType::Rough)
        return nodes;
    return nodes * std::size_t(roughBins(feature) * kWavesPerBin) / 6;
}

void applyFeature(HeightField& f, const TerrainFeature& ft)
{
    const NodeRange r = nodeRange(f, ft);
    if (r.empty())
        return;
    const double halfWidth = 0.5 * ft.width;
    switch (ft.type) {
    case FeatureType::Bump:
        forEachNode(f, ft, r, [&](std::size_t index, double u, double v) {
            if (std::abs(v) > halfWidth)
                return;
            const double across = ft.cosineAcross ? cosineBell(v / ft.width) : 1.0;
            f.heights[index] += ft.height * cosineBell(u / ft.length) * across;
        });
        break;
    case FeatureType::Ramp:
        forEachNode(f, ft, r, [&](std::size_t index, double u, double v) {
            if (std::abs(v) <= halfWidth)
                f.heights[index] += rampProfile(ft, u);
        });
        break;
    case FeatureType::Washboard:
        forEachNode(f, ft, r, [&](std::size_t index, double u, double v) {
            if (std::abs(v) <= halfWidth && u >= 0.0 && u <= ft.length)
                f.heights[index] += ft.amplitude * std::sin(2.0 * kPi * u / ft.wavelength);
        });
        break;
    case FeatureType::Rough:
        applyRough(f, ft, r);
        break;
    }
}

double iso8608Gd0(int roughClass)
{
    return 16e-6 * std::pow(4.0, std::clamp(roughClass, 0, 7));
}

double roughDefaultMaxFrequency(double spacing)
{
    return std::min(kIsoMaxFrequency, 0.5 / spacing);
}

double roughRms(int roughClass, double nMin, double nMax)
{
    return std::sqrt(0.5 * kPi * iso8608Gd0(roughClass) * kIsoN0 * kIsoN0 * (1.0 / nMin - 1.0 / nMax));
}

}  // namespace jounce::sim
