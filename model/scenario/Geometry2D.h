#pragma once
// Plane geometry on the ground plan (world x, y; z up), shared by maneuver files, the closed-loop
// controllers and the handling figures. Headings are radians about world z, from +x toward +y (ISO 8855:
// positive turns left).

#include <cmath>

namespace jounce::sim {

struct Vec2 {
    double x = 0.0;
    double y = 0.0;
    friend bool operator==(const Vec2&, const Vec2&) = default;
};

inline Vec2 operator+(Vec2 a, Vec2 b) noexcept { return {a.x + b.x, a.y + b.y}; }
inline Vec2 operator-(Vec2 a, Vec2 b) noexcept { return {a.x - b.x, a.y - b.y}; }
inline Vec2 operator*(double k, Vec2 a) noexcept { return {k * a.x, k * a.y}; }
inline double dot(Vec2 a, Vec2 b) noexcept { return a.x * b.x + a.y * b.y; }
/// z of the 3D cross product: > 0 when b lies to the left of a.
inline double cross(Vec2 a, Vec2 b) noexcept { return a.x * b.y - a.y * b.x; }
inline double norm(Vec2 a) noexcept { return std::hypot(a.x, a.y); }

/// A pose on the ground plan: a point and a heading.
struct PlanarPose {
    double x = 0.0;
    double y = 0.0;
    double heading = 0.0;  ///< rad, positive from +x toward +y
    friend bool operator==(const PlanarPose&, const PlanarPose&) = default;

    /// A point given in this pose's frame (x forward, y left) in the frame the pose is given in.
    Vec2 toWorld(Vec2 local) const noexcept
    {
        const double c = std::cos(heading), s = std::sin(heading);
        return {x + c * local.x - s * local.y, y + s * local.x + c * local.y};
    }
    /// The inverse of toWorld.
    Vec2 toLocal(Vec2 world) const noexcept
    {
        const double c = std::cos(heading), s = std::sin(heading);
        const double dx = world.x - x, dy = world.y - y;
        return {c * dx + s * dy, -s * dx + c * dy};
    }
};

/// An angle wrapped into (-pi, pi].
inline double wrapAngle(double a) noexcept
{
    constexpr double twoPi = 6.283185307179586476925;
    a = std::remainder(a, twoPi);
    return a <= -0.5 * twoPi ? a + twoPi : a;
}

}  // namespace jounce::sim
