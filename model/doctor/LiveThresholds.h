#pragma once
// The live checks' thresholds (internal to model/doctor): LiveDoctor.cpp detects the symptoms with
// them and LiveFindings.cpp quotes them in the findings' reasons.

namespace jounce::doctor::live {

/// A gap longer than this between frames means frames were dropped: the windows restart.
constexpr double kMaxFrameGap = 0.5;

// live.longSlipOscillation (vehicle-model §2.8: raising minLongSlipDenominator or the low-speed sub-step
// count suppresses slip-sign oscillation when coasting to rest).
constexpr double kStandstillSpeed = 2.0;   ///< m/s: "near standstill"
/// Any throttle or brake at all gives a wheel drive or brake torque (§2.8 "accelApplied").
constexpr double kPedalOff = 0.0;
constexpr double kSlipDeadband = 0.02;     ///< smaller slips have no sign worth counting
constexpr double kSlipWindow = 1.0;        ///< s
constexpr int kSlipFlips = 6;              ///< three full oscillations per second
constexpr double kGuideMinLongSlipDenominator = 4.0;  ///< vehicle-model.md's default (§1.7)
/// m/s: below it the oscillation is the car's wheels spinning back and forth while it stands
/// (live.restOscillation), not a car jittering to rest.
constexpr double kRestSpeed = 0.05;

// live.gearCycling (§2.16-2.17): hunting = engaging again the gear just left.
constexpr double kHuntWindow = 10.0;
constexpr int kHunts = 2;

// live.wheelSpin
constexpr double kSpinSlip = 0.5;
constexpr double kSpinRimSpeed = 2.0;      ///< m/s
constexpr double kNoMotionSpeed = 0.5;     ///< m/s
constexpr double kSpinTime = 1.0;          ///< s

// live.lockedWheel: a wheel stopped under the brake pedal while the car still moves (no ABS).
constexpr double kLockBrake = 0.5;        ///< brake pedal at least
constexpr double kLockSpeed = 3.0;        ///< m/s, the car faster than this
constexpr double kLockRimShare = 0.1;     ///< rim speed below this share of the car's
constexpr double kLockTime = 0.2;         ///< s

// live.driveSlip: a driven wheel slipping more than 20 % under power while the car moves (real
// tires peak at 10-15 % slip; beyond, the wheel spins away grip).
constexpr double kDriveSlip = 0.2;
constexpr double kDriveAccel = 0.5;       ///< throttle at least
constexpr double kDriveSlipTime = 0.5;    ///< s

// live.bumpStop (§2.3.3: the reported jounce is clamped to maxCompression at the limit).
constexpr double kLimitTolerance = 1e-4;   ///< m
constexpr double kBumpWindow = 5.0;
constexpr int kBumpHits = 3;
constexpr double kRestingOnLimit = 1.0;    ///< s

// live.wheelLift
constexpr double kTurnLatAccel = 2.0;      ///< m/s²
constexpr double kTurnMinSteer = 0.02;
constexpr double kTurnSteerHold = 0.05;
constexpr double kLatFilterTime = 0.5;     ///< s
constexpr double kTurnMaxSideSlip = 0.2;   ///< lateral / forward speed: about 11 deg of body slip
constexpr double kSteadyAfter = 1.0;       ///< s of a held turn before it counts as steady
constexpr double kLiftTime = 0.3;          ///< s in the air during the steady turn

}  // namespace jounce::doctor::live
