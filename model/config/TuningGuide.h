#pragma once
// The tuning guide's helper formulas (vehicle-model §1.1, §1.2, §1.3, §5) as plain functions, shared by the
// editor's derived values, the doctor and the presets' tests.

#include "VehicleConfig.h"

#include <string>
#include <vector>

namespace jounce::guide {

struct SprungMasses {
    std::vector<double> masses;  ///< one per wheel, same order as the positions
    std::string error;           ///< why they could not be computed; empty on success
    bool ok() const { return error.empty(); }
};

/// Spec §5 (PxVehicleComputeSprungMasses) with gravity along z: the masses each wheel carries so
/// that they sum to `totalMass` and their horizontal centre is the centre of mass. n = 1: all of it;
/// n = 2: lever rule along the line joining the wheels; n = 3: the exact 3x3 solve; n >= 4: the
/// distribution closest to uniform. Positions and centre of mass in the same frame.
SprungMasses computeSprungMasses(const std::vector<Vec3>& wheelCentres, const Vec3& centreOfMass, double totalMass);

/// Sprung masses of a vehicle from its chassis mass, centre of mass and wheel centres.
SprungMasses computeSprungMasses(const VehicleConfig& vehicle);

/// Spec §1.3 setMassAndPreserveNaturalFrequency: the spring rate scales with the mass so that
/// sqrt(k / m) is unchanged; the damper rate is not changed.
void setSprungMassPreservingNaturalFrequency(SuspensionData& suspension, double newSprungMass);

/// Spec §1.1: principal moments of inertia of a solid box of the given mass and dimensions
/// (length x, width y, height z): (I_xx, I_yy, I_zz) = ((W²+H²), (L²+H²), (L²+W²)) · M / 12.
Vec3 boxMomentOfInertia(double mass, const Vec3& dimensions);

/// Spec §1.2: spin inertia of a solid cylinder, m r² / 2 (the guide's starting point).
double wheelMomentOfInertia(double mass, double radius);

/// Spec §1.3: natural frequency sqrt(k / m_s) in rad/s.
double naturalFrequency(double springStrength, double sprungMass);
/// The same in Hz: sqrt(k / m_s) / 2π.
double naturalFrequencyHz(double springStrength, double sprungMass);

/// Spec §1.3: damping ratio c / (2 sqrt(k m_s)).
double dampingRatio(double springDamperRate, double springStrength, double sprungMass);

/// Spec §1.3: simulation updates per spring period, sqrt(m_s / k) / dt (the guide wants > 5).
double alpha(double springStrength, double sprungMass, double timeStep);

/// Spec §1.3: k · maxDroop − m_s · g, in N. Zero for a theoretically correct spring (no force at
/// full droop); negative when the spring still pushes at full droop.
double springDroopForce(const SuspensionData& suspension, double gravity = kGravity);

/// True when |k · maxDroop − m_s · g| is within `relativeTolerance` of m_s · g.
bool isTheoreticallyCorrectSpring(const SuspensionData& suspension, double relativeTolerance = 0.01,
                                  double gravity = kGravity);

/// Spec §2.5: jounce at rest when the strut carries `strutForce`: (F − m_s g) / k.
double staticJounce(const SuspensionData& suspension, double strutForce, double gravity = kGravity);

/// Spec §2.6: tire rest load g · (m_s + m_w), in N.
double tireRestLoad(double sprungMass, double wheelMass, double gravity = kGravity);

}  // namespace jounce::guide
