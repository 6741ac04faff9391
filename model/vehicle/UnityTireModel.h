#pragma once
// Unity's WheelCollider tire model as a tire shader (TireModel.h): two WheelFrictionCurves, one for
// the rolling direction against PhysX's longitudinal slip, one sideways against the lateral slip
// angle (vehicle-model §2.8), each value a multiple of the tire load (docs/unity.md "Friction
// curves", "Combined slip").

#include "vehicle/TireModel.h"

namespace jounce::sim {

/// The curves a tire uses: its own, or Unity 5's defaults when the file gives none.
UnityTireData unityCurves(const TireData& tire) noexcept;

/// The curve at |slip|, before stiffness: (0, 0) to the extremum along y_e·(2t − t²) (slope 2·y_e/x_e
/// at 0, zero at the extremum), a smoothstep with zero end slopes to the asymptote, flat beyond.
/// A curve whose asymptote slip is not beyond its extremum slip is flat at the asymptote value
/// past the extremum (a mistake the doctor reports).
double frictionCurveValue(const WheelFrictionCurve& curve, double slip) noexcept;

/// The largest value of the curve, before stiffness: max(extremumValue, asymptoteValue).
double frictionCurvePeak(const WheelFrictionCurve& curve) noexcept;

/// The Unity tire shader. `in.friction` is the surface/tire pair alone (TireFriction.h): the
/// friction-vs-slip graph does not apply. Camber and the aligning moment are not modelled.
TireForces unityTireModel(const TireData& tire, const TireInputs& in);

}  // namespace jounce::sim
