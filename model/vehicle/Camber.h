#pragma once
// Camber versus jounce (vehicle-model §2.11) and the compliance graphs of WheelCompliance (camber, toe and
// force application points against normalised jounce).

#include "config/VehicleConfig.h"

#include <span>

// Camber is inline: every touching wheel takes it in every sub-step, where the call cost as much
// as the arithmetic.

namespace jounce::sim {

/// PhysX caches 1/limit and uses 1 when the limit is 0 (§1.3).
inline double reciprocalOrOne(double limit) noexcept
{
    return limit != 0.0 ? 1.0 / limit : 1.0;
}

/// §2.11: γ = rest + x·atMaxCompression/maxCompression for x > 0, rest − x·atMaxDroop/maxDroop for
/// x ≤ 0 (a zero limit uses 1 as its reciprocal, as PhysX caches it). x = jounce, m.
inline double camberFromJounce(const SuspensionData& suspension, double jounce) noexcept
{
    if (jounce > 0.0)
        return suspension.camberAtRest +
               jounce * suspension.camberAtMaxCompression * reciprocalOrOne(suspension.maxCompression);
    return suspension.camberAtRest -
           jounce * suspension.camberAtMaxDroop * reciprocalOrOne(suspension.maxDroop);
}

/// Normalised jounce for the compliance graphs: (x + maxDroop)/(maxDroop + maxCompression),
/// 0 = full droop, 1 = full compression. A suspension without travel maps to 0.
double normalisedJounce(const SuspensionData& suspension, double jounce) noexcept;

/// Scalar compliance graph (0..3 points): linear between points, clamped outside; an empty graph
/// yields `staticValue`.
double complianceValue(std::span<const GraphPoint> graph, double staticValue,
                       double normalisedJounce) noexcept;

/// Point compliance graph (0..3 points), interpolated per component like complianceValue().
Vec3 compliancePoint(std::span<const CompliancePoint> graph, const Vec3& staticPoint,
                     double normalisedJounce) noexcept;

/// Wheel camber at jounce x: the compliance camber graph if present and non-empty, else §2.11.
inline double wheelCamber(const WheelConfig& wheel, double jounce) noexcept
{
    if (wheel.compliance && !wheel.compliance->wheelCamberAngle.empty())
        return complianceValue(wheel.compliance->wheelCamberAngle, 0.0,
                               normalisedJounce(wheel.suspension, jounce));
    return camberFromJounce(wheel.suspension, jounce);
}

/// Wheel toe at jounce x: the compliance toe graph if present and non-empty, else the static toe.
double wheelToe(const WheelConfig& wheel, double jounce) noexcept;

/// Suspension force application point (chassis frame) at jounce x, compliance graph or static value.
inline Vec3 wheelSuspForceAppPoint(const WheelConfig& wheel, double jounce) noexcept
{
    if (!wheel.compliance)
        return wheel.geometry.suspForceAppPointOffset;
    return compliancePoint(wheel.compliance->suspForceAppPoint, wheel.geometry.suspForceAppPointOffset,
                           normalisedJounce(wheel.suspension, jounce));
}

/// Tire force application point (chassis frame) at jounce x, compliance graph or static value.
inline Vec3 wheelTireForceAppPoint(const WheelConfig& wheel, double jounce) noexcept
{
    if (!wheel.compliance)
        return wheel.geometry.tireForceAppPointOffset;
    return compliancePoint(wheel.compliance->tireForceAppPoint, wheel.geometry.tireForceAppPointOffset,
                           normalisedJounce(wheel.suspension, jounce));
}

}  // namespace jounce::sim
