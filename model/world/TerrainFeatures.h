#pragma once
// Shapes added to a terrain's base heights: bumps and potholes, ramps and slopes, washboard, and
// ISO 8608 rough road. Every feature adds its profile to the heights (applied in file order), so
// features compose: a bump on a slope sits on the slope.
//
// Each feature has a local frame: u along `heading` from (x, y), v to its left. A bump is centred
// on (x, y) (u in [-length/2, length/2]); every other feature starts at (x, y), the centre of its
// leading edge (u in [0, total length]). All span v in [-width/2, width/2].

#include "world/Terrain.h"

#include <cstddef>
#include <cstdint>

namespace jounce::sim {

enum class FeatureType { Bump, Ramp, Washboard, Rough };

struct TerrainFeature {
    FeatureType type = FeatureType::Bump;
    double x = 0.0, y = 0.0, heading = 0.0;
    double length = 0.0;  ///< bump: full length of the cosine; ramp: up part; washboard/rough: region
    double width = 0.0;

    // Bump (height > 0) or pothole (height < 0): h * (1 + cos(2 pi u / length)) / 2 along u; across
    // v either the full height over the width (a speed bump) or the same cosine (a round bump).
    double height = 0.0;  ///< also the ramp's rise (may be negative: a dip)
    bool cosineAcross = false;

    // Ramp (and slope, a ramp given by its grade): rises linearly over `length`, stays up for
    // `plateau`, then comes down linearly over `down` (0 = a step down).
    double plateau = 0.0;
    double down = 0.0;

    // Washboard: amplitude * sin(2 pi u / wavelength) over the region.
    double amplitude = 0.0;
    double wavelength = 0.0;

    // Rough road, ISO 8608.
    int roughClass = 0;        ///< 0 = A ... 7 = H
    std::uint64_t seed = 0;
    double blend = 2.0;        ///< cosine fade to the surroundings at the edges (m)
    double minFrequency = 0.0; ///< spatial frequency band (cycles/m) of the synthesis
    double maxFrequency = 0.0;

    /// Length along u from the reference point to the far end (bumps: half-length to either side).
    double uMin() const;
    double uMax() const;
};

/// Adds the feature's profile to the heights of the nodes it covers.
void applyFeature(HeightField& field, const TerrainFeature& feature);

/// Number of grid nodes in the feature's bounding box, clipped to the grid.
std::size_t featureNodeCount(const HeightField& field, const TerrainFeature& feature);

/// Work to apply the feature, in node updates of a bump (about 15 ns each): its node count, times
/// waves / 6 for a rough patch, whose every node sums its ~1000-2000 waves. Lets the loader bound
/// load time whatever a file asks for.
std::size_t featureCost(const HeightField& field, const TerrainFeature& feature);

// --- ISO 8608 road roughness -------------------------------------------------------------------
// Displacement PSD Gd(n) = Gd(n0) (n / n0)^-w, n0 = 0.1 cycles/m, w = 2.

inline constexpr double kIsoN0 = 0.1;
inline constexpr double kIsoMinFrequency = 0.011;  ///< ISO 8608's lowest spatial frequency
inline constexpr double kIsoMaxFrequency = 2.83;   ///< and its highest
inline constexpr double kRoughDefaultMinFrequency = 0.02;

/// Gd(n0) in m^3 of class 0 = A (16e-6) ... 7 = H (262144e-6): each class is 4x the previous one.
double iso8608Gd0(int roughClass);

/// The default upper band edge: ISO's 2.83 cycles/m or the grid's Nyquist frequency 1 / (2 spacing).
double roughDefaultMaxFrequency(double spacing);

/// Point RMS height (m) of the rough surface synthesised in the band [nMin, nMax]. The surface is
/// isotropic (left and right wheel tracks differ as on a real road) with radial spectral density
/// E(k) = (pi / 2) Gd(n0) n0^2 / k^2: by the Abel relation between an isotropic surface and its
/// profiles, a profile along any line then has PSD Gd(n) sqrt(1 - (n / nMax)^2) for n in the band,
/// i.e. the ISO class below the cut-off. The point variance is the integral of E over the band:
/// sigma^2 = (pi / 2) Gd(n0) n0^2 (1 / nMin - 1 / nMax).
double roughRms(int roughClass, double nMin, double nMax);

}  // namespace jounce::sim
