#pragma once
// Update stages U10b, suspension part (vehicle-model §2.3 - §2.5): the jounce from the contact plane and
// its limits, the jounce speed and the expansion-velocity limit, the spring and damper force
// projected on the contact normal, and the suspension-limit constraint row.

#include "vehicle/ModelGeneration.h"
#include "vehicle/Rotate.h"
#include "vehicle/VehicleConstraint.h"
#include "vehicle/VehicleUpdate.h"

#include <algorithm>

namespace jounce::sim {

/// The strut of one wheel in the world for one sub-step.
struct StrutFrame {
    btVector3 direction;     ///< w: unit travel direction (down the strut), world
    btVector3 centreOffset;  ///< wheel centre minus CoM at zero jounce, world
    btVector3 rayStart;      ///< p0: the top of the wheel at full compression, world
};

/// The suspension of one wheel after one sub-step's jounce evaluation.
struct SuspensionState {
    double jounce = 0.0;           ///< m, the jounce used (-maxDroop without contact)
    double geometricJounce = 0.0;  ///< m, before the compression limit (for the limit constraint)
    double jounceSpeed = 0.0;      ///< m/s, from the previous sub-step (§2.4.1)
    bool contact = false;          ///< the wheel touches and pushes on the ground
    btVector3 contactPoint{0, 0, 0};  ///< world
};

/// The suspension force of one wheel for one sub-step.
struct SuspensionForce {
    double normalForce = 0.0;  ///< F_n, N, along the contact normal (may be negative: it pulls)
    btVector3 force{0, 0, 0};  ///< world
    btVector3 arm{0, 0, 0};    ///< application point minus CoM, world
};

/// The wheel's suspension travel direction made unit length (chassis frame).
inline btVector3 unitTravelDirection(const WheelConfig& wheel)
{
    return toBt(wheel.geometry.suspTravelDirection).normalized();
}

/// The strut in the world whose unit travel direction in the world, `direction`, is known: wheels
/// with the same travel direction share one rotation.
inline StrutFrame strutFrameAlong(const WheelConfig& wheel, const btVector3& direction, const ChassisState& chassis,
                                  const btVector3& cm)
{
    StrutFrame out;
    out.direction = direction;
    out.centreOffset = rotate(chassis.q, toBt(wheel.geometry.wheelCentreOffset) - cm);
    out.rayStart = chassis.x + out.centreOffset - out.direction * (wheel.wheel.radius + wheel.suspension.maxCompression);
    return out;
}

/// The strut in the world; `unitTravel` is unitTravelDirection(wheel), which a vehicle keeps.
/// Inline: returned through memory, its vectors stalled the loads that read them back.
inline StrutFrame strutFrame(const WheelConfig& wheel, const btVector3& unitTravel, const ChassisState& chassis,
                             const btVector3& cm)
{
    return strutFrameAlong(wheel, rotate(chassis.q, unitTravel), chassis, cm);
}
inline StrutFrame strutFrame(const WheelConfig& wheel, const ChassisState& chassis, const btVector3& cm)
{
    return strutFrame(wheel, unitTravelDirection(wheel), chassis, cm);
}

/// How one sub-step finds the jounce: the generation's query and, for a cylinder sweep, the wheel's
/// steered axle direction in the world (the normal of the wheel's plane).
struct JounceProbe {
    JounceQuery query = JounceQuery::Ray;
    btVector3 wheelAxis{0, 1, 0};
};

/// §2.3.1 ray/plane jounce (or vehicle-model-physx5.md P2, the cylinder on the hit plane), §2.3.3
/// limits, §2.4.1 jounce speed, §2.4.4 expansion-velocity limit. Remembers the geometric jounce in
/// `state` for the next sub-step.
SuspensionState evaluateJounce(const SimulationConfig& flags, const WheelConfig& wheel, const RoadContact& road,
                               const StrutFrame& strut, const btVector3& gravity, double h, WheelState& state,
                               const JounceProbe& probe = {}) noexcept;

/// §2.4.5: a one-sided row pushing the wheel centre back when the geometric jounce exceeds
/// maxCompression, removing the fraction `erp` of the excess per step (the generation's
/// suspensionLimitErp). False when within the limit.
bool suspensionLimitRow(const WheelConfig& wheel, const RoadContact& road, const StrutFrame& strut,
                        const SuspensionState& suspension, const ChassisState& chassis, double dt, double erp,
                        VehicleConstraint::Row& row) noexcept;

/// §2.4.2: the spring and damper force along the strut under the generation's spring law, N;
/// `gravityAlongStrut` is max(0, g·w), m/s².
double springForce(SpringLaw law, const SuspensionData& suspension, double jounce, double jounceSpeed,
                   double gravityAlongStrut) noexcept;

/// §2.13.1: the strut force `springDamper` (spring and damper, N) with the wheelForces bars' force
/// `bar` added. A bar pushes without limit, but it pulls away at most the strut's own push, never
/// below zero: it cannot hold a wheel onto the ground. A strut that already pulls (rebound damping,
/// §2.4.2) keeps its own pull and takes none of the bar's.
inline double withAntiRollBarForce(double springDamper, double bar) noexcept
{
    if (bar == 0.0)
        return springDamper;  // untouched, bit for bit (a -0 stays -0)
    return bar > 0.0 ? springDamper + bar : std::max(springDamper + bar, std::min(springDamper, 0.0));
}

/// §2.4.2 - §2.4.3: spring (with the sprung mass's share of gravity) and damper along the strut,
/// with the strut's share of the wheelForces anti-roll bars (`barForce`, antiRollBarForces,
/// §2.13.1), projected on the contact normal (or not, when the flag disables the projection).
SuspensionForce suspensionForce(const SimulationConfig& flags, SpringLaw law, const WheelConfig& wheel,
                                const RoadContact& road, const StrutFrame& strut, const SuspensionState& suspension,
                                const btVector3& gravity, const ChassisState& chassis, const btVector3& cm,
                                double barForce = 0.0) noexcept;

}  // namespace jounce::sim
