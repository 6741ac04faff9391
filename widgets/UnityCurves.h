#pragma once
// The curve editors of a Unity tire's two WheelFrictionCurves (docs/unity.md "Friction curves"):
// the extremum and asymptote points draggable (the origin fixed), the spline the model evaluates
// drawn through them, and the wheel's live operating point. Plain C++, as CurveDefinitions.

#include "CurveDefinitions.h"

#include <vector>

namespace jounce::widgets {

/// The forward and sideways curves of `wheel` when its tire uses the Unity model (ids
/// "unityForward", "unitySideways"); none otherwise. Points are the stored values (before
/// stiffness); the operating point is |slip| against |force| / (load × μ × stiffness). The slip
/// angle axis is in `units` (the application's display units without them).
std::vector<CurveDef> unityCurveDefinitions(const VehicleConfig& config, int wheel, const UnitChoices& units);
std::vector<CurveDef> unityCurveDefinitions(const VehicleConfig& config, int wheel);

}  // namespace jounce::widgets
