#pragma once
// The value types vehicle parameters are made of: a vector in the chassis frame, a point of a
// piecewise-linear graph and a point-valued compliance sample.

namespace jounce {

/// A vector in the chassis frame (x forward, y left, z up); its unit is the field's.
struct Vec3 {
    double x = 0.0;
    double y = 0.0;
    double z = 0.0;
    friend bool operator==(const Vec3&, const Vec3&) = default;
};

/// One point of a piecewise-linear graph (torque curve, friction vs slip, steer vs speed, ...); the
/// units of x and y are the graph's.
struct GraphPoint {
    double x = 0.0;
    double y = 0.0;
    friend bool operator==(const GraphPoint&, const GraphPoint&) = default;
};

/// A point-valued compliance sample: normalised jounce -> position in the chassis frame.
struct CompliancePoint {
    double jounce = 0.0;  ///< normalised jounce, 0 = full droop, 1 = full compression (1)
    Vec3 point;           ///< position in the chassis frame (m)
    friend bool operator==(const CompliancePoint&, const CompliancePoint&) = default;
};

}  // namespace jounce
