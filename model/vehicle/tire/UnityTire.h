#pragma once
// Unity's WheelCollider tire model (docs/unity.md "Friction curves", "Combined slip"): two
// WheelFrictionCurves, one for the rolling direction against PhysX's longitudinal slip, one
// sideways against the lateral slip angle (vehicle-model §2.8), each value a multiple of the tire
// load; the curves replace PhysX's friction-vs-slip graph. With its editor curves, its friction
// envelope and the mistakes people make with these curves (docs/unity.md "Doctor checks").

#include "vehicle/tire/TireModel.h"

namespace jounce::sim {

/// The curve at |slip|, before stiffness: (0, 0) to the extremum along y_e·(2t − t²) (slope 2·y_e/x_e
/// at 0, zero at the extremum), a smoothstep with zero end slopes to the asymptote, flat beyond.
/// A curve whose asymptote slip is not beyond its extremum slip is flat at the asymptote value
/// past the extremum (a mistake the checks report).
double frictionCurveValue(const WheelFrictionCurve& curve, double slip) noexcept;

/// The largest value of the curve, before stiffness: max(extremumValue, asymptoteValue).
double frictionCurvePeak(const WheelFrictionCurve& curve) noexcept;

/// The model: every function the tire seam (Tire.h) dispatches to.
struct UnityTire {
    /// At rest the generation's sticky-tire rows hold it (§2.12).
    static constexpr bool kHandlesStandstill = false;
    /// Unity's curves have no camber.
    static constexpr bool kTakesInclination = false;
    /// The surface/tire pair alone: the curves take the place of the friction-vs-slip graph.
    static double friction(const UnityTireParams& tire, double pairFriction, double longSlip) noexcept;
    /// Camber and the aligning moment are not modelled; the model responds at once.
    static TireForces forces(const UnityTireParams& tire, const TireInputs& in, TireState& state, double dt) noexcept;
    /// The forward and sideways curves ("unityForward", "unitySideways"): the extremum and
    /// asymptote draggable, the origin fixed, the spline drawn through them, and |slip| against
    /// |force| / (load × μ × stiffness) as the wheel's point.
    static std::vector<TireCurve> curves(const UnityTireParams& tire, std::size_t wheel);
    /// The outer envelope of the combined-slip forces, scaled by each curve's stiffness.
    static std::vector<EnvelopePoint> frictionEnvelope(const UnityTireParams& tire);
    /// Slip order, a rising curve, no friction, a curve too steep for a slow tire.
    static std::vector<TireCheck> checks(const UnityTireParams& tire, std::size_t wheel);
    static std::vector<TireCheckInfo> checkCatalogue();
};

}  // namespace jounce::sim
