#pragma once
// Differentials: averaging weights α (how the clutch sees the wheel speeds) and torque ratios γ
// (how the clutch torque is shared) for Drive4W (vehicle-model §2.20), DriveNW (§2.21) and DriveTank (§2.22).
//
// Jounce order and naming (§6.14): wheels FL, FR, RL, RR with left = ISO +y; frontLeftRightSplit and
// rearLeftRightSplit are the shares of the ISO-left wheel of each axle, and split() is applied with
// the left wheel first. (PhysX gives the split to its "−R" wheel, ISO right; with the reference
// car's 0.5 both readings are the same car.)

#include "vehicle/ModelGeneration.h"
#include "config/VehicleConfig.h"

#include <array>
#include <span>

namespace jounce::sim {

using WheelShares4 = std::array<double, 4>;
using WheelSharesN = std::array<double, kMaxWheels>;

/// Result of the limited-slip bias split (§2.20): shares of the first and second wheel, sum 1.
struct BiasSplit {
    double first = 0.0;
    double second = 0.0;
};

/// §2.20 split(w1, w2, bias, s): below the bias ratio the static split (s, 1 − s); above it the
/// faster side loses (and the slower gains) the excess fraction D = (hi − bias·lo)/hi.
BiasSplit biasSplit(double w1, double w2, double bias, double split) noexcept;

/// The type the differential acts as under `handbrake`: PhysX 4.1's rule (§2.20) turns LS_4WD into
/// LS_FRONTWD and OPEN_4WD into OPEN_FRONTWD while handbrake > 0; with `Unchanged` the type stays.
DifferentialType effectiveDifferentialType(DifferentialType type, double handbrake,
                                           HandbrakeDifferentialRule rule) noexcept;

/// §2.20 averaging weights α (once per update; never bias-adjusted), Jounce wheel order.
WheelShares4 differentialAveragingWeights4W(const Differential4WData& diff, double handbrake,
                                            HandbrakeDifferentialRule rule) noexcept;

/// §2.20 torque ratios γ (every sub-step) from the wheel speeds at the start of the sub-step.
WheelShares4 differentialTorqueRatios4W(const Differential4WData& diff, double handbrake,
                                        const WheelShares4& wheelOmega, HandbrakeDifferentialRule rule) noexcept;

/// §2.21: α_i = γ_i = 1/n_d for driven wheels (< wheelCount, duplicates counted once), else 0.
WheelSharesN differentialShareNW(const DifferentialNWData& diff, int wheelCount) noexcept;

/// §2.22 DriveTank per-wheel coupling, sides named by ISO side: left = even Jounce indices
/// (ISO +y), right = odd indices. γ and α are per wheel of that side; gearing is the sign g_i.
struct TankDifferential {
    double gammaLeft = 0.0;
    double gammaRight = 0.0;
    double alphaLeft = 0.0;
    double alphaRight = 0.0;
    double gearingLeft = 1.0;
    double gearingRight = 1.0;
};

/// §2.22: shares from the thrust inputs; `enabledLeft/Right` = enabled wheels on each side.
TankDifferential tankDifferential(double thrustLeft, double thrustRight, int enabledLeft,
                                  int enabledRight) noexcept;

}  // namespace jounce::sim
