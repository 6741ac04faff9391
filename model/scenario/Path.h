#pragma once
// Paths on the ground plan for the path follower, the lateral-offset end condition and the figures:
// a polyline with arc lengths, and the generated paths of a maneuver file (straight, circle,
// ISO 3888-1 double lane change, slalom) with their cones.

#include "scenario/VehicleTraits.h"
#include "scenario/Geometry2D.h"
#include "scenario/Maneuver.h"

#include <cstddef>
#include <vector>

namespace jounce::sim {

class Path {
public:
    Path() = default;
    /// Consecutive duplicate points are dropped. A closed path joins the last point to the first.
    Path(std::vector<Vec2> points, bool closed);

    bool empty() const noexcept { return pts_.size() < 2; }
    bool closed() const noexcept { return closed_; }
    /// Total arc length (a closed path includes the closing segment).
    double length() const noexcept { return s_.empty() ? 0.0 : s_.back(); }
    const std::vector<Vec2>& points() const noexcept { return pts_; }
    std::size_t segmentCount() const noexcept { return s_.empty() ? 0 : s_.size() - 1; }

    /// The point at arc length s: a closed path wraps s around; an open path continues straight
    /// beyond both ends along its first and last segments.
    Vec2 pointAt(double s) const noexcept;
    /// The unit tangent at arc length s (direction of travel).
    Vec2 tangentAt(double s) const noexcept;

    struct Projection {
        std::size_t segment = 0;
        double s = 0.0;       ///< arc length of the nearest point (open paths: may be < 0 or > length)
        double offset = 0.0;  ///< signed distance, positive to the left of the direction of travel
    };
    /// The nearest point over the whole path.
    Projection project(Vec2 p) const noexcept;
    /// The nearest point among the segments from `hint - back` to `hint + ahead` (wrapping on a
    /// closed path): follows progress along a path that passes near itself.
    Projection project(Vec2 p, std::size_t hint, std::size_t back, std::size_t ahead) const noexcept;

private:
    /// Consecutive segments inside a circle: a lower bound of the distance to any of them, so that a
    /// projection skips what cannot hold the nearest point. Blocks of kBlockSegments segments, and
    /// large blocks of kBlocksPerLarge blocks, so a projection tests few of either on a long path.
    struct Block {
        Vec2 centre;
        double radius = 0.0;
        /// Whether a point within `bound` of p can lie in the block (squared distances, no square
        /// root, with a margin well above rounding).
        bool within(Vec2 p, double bound) const noexcept;
    };
    static constexpr std::size_t kBlockSegments = 16;
    static constexpr std::size_t kBlocksPerLarge = 16;

    Projection projectSegment(Vec2 p, std::size_t i) const noexcept;
    std::size_t segmentAt(double s) const noexcept;
    std::vector<Block> buildBlocks(std::size_t segments) const;
    /// Whether segment i can hold a point within `bound` of p (as Block::within).
    bool segmentWithin(Vec2 p, std::size_t i, double bound) const noexcept;
    /// The nearest of every segment, tested one by one.
    Projection scanAll(Vec2 p) const noexcept;
    /// Segments [from, to) into the running nearest `best` at nearness `bestDist`.
    void nearestOfSegments(Vec2 p, std::size_t from, std::size_t to, double bound, Projection& best,
                           double& bestDist) const noexcept;
    /// The nearest of segments first, first + 1, ..., first + count - 1 (indices wrap on a closed
    /// path, fall outside an open one and are then skipped), the first one on a tie, exactly as a
    /// scan of all of them; `bound` is a distance some segment of the range is known to be within.
    Projection nearestInRange(Vec2 p, long long first, std::size_t count, double bound) const noexcept;

    std::vector<Vec2> pts_;  ///< closed: the first point is repeated at the end
    std::vector<double> s_;  ///< arc length at each point
    std::vector<Block> blocks_;
    std::vector<Block> largeBlocks_;
    bool closed_ = false;
};

/// Cones of a generated track on the ground plan (their base circles, world coordinates).
struct Cone {
    Vec2 position;
    double radius = 0.15;  ///< m, base radius; the track limits touch the base circles
};

struct PathGeometry {
    Path path;                ///< world coordinates
    std::vector<Cone> cones;  ///< world coordinates; empty for paths without cones
};

/// Base radius of the cones of generated tracks (a 300 mm base).
inline constexpr double kConeRadius = 0.15;
/// Generated paths are sampled every this many metres.
inline constexpr double kPathStep = 0.5;

/// The path of a maneuver phase in world coordinates: `spec` placed in `frame` (the maneuver's
/// start pose, the pose when the phase began, or the identity for world paths). Lane change and
/// slalom tracks are sized for spec.vehicleWidth or else the vehicle's width. Never empty.
///  - straight: from 20 m behind the origin to `length` ahead;
///  - circle: radius R through the origin, tangent to x, centre at (0, +R) to the left or (0, -R);
///  - doubleLaneChange (ISO 3888-1): gates of 15 m (width 1.1 b + 0.25), 25 m (1.2 b + 0.25) and
///    15 m (1.3 b + 0.25) starting at `entry`, `entry` + 45 and `entry` + 95; the second gate's near
///    boundary is 3.5 m beyond the first gate's near boundary on the `direction` side, the third
///    gate is aligned with the first on the other side; the path runs through the gate centres
///    with cosine transitions over the 30 m and 25 m between them; cones at the start, middle and
///    end of each gate on both boundaries;
///  - slalom: `cones` cones on the x axis from `entry`, `spacing` apart; the path passes the first
///    on the `direction` side at `amplitude` and alternates (a cosine of period 2 x spacing), with
///    half-cosine entry and exit over one spacing;
///  - polyline: the points as given.
PathGeometry buildPath(const PathSpec& spec, const VehicleTraits& vehicle, const PlanarPose& frame);

/// The lane-change / slalom track width the path was sized for (m).
double trackVehicleWidth(const PathSpec& spec, const VehicleTraits& vehicle) noexcept;

}  // namespace jounce::sim
