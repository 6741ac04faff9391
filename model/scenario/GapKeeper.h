#pragma once
// Gap keeping to a kinematic lead vehicle, as OpenSCENARIO 1.x's LongitudinalDistanceAction
// defines it (distance XOR timeGap, freespace, continuous, DynamicConstraints maxAcceleration /
// maxDeceleration / maxSpeed).
//
// The lead moves along a line (the phase's path, or straight ahead of the follower) with the
// speed profile of its file: linear between points, held after the last, its position the exact
// integral of that profile. Distances are measured along the line: between the reference points
// (the follower's chassis origin, the lead's centre), or with freespace between the follower's
// front and the lead's rear (bounding boxes). The requested distance is `distance`, or
// timeGap x the follower's speed (OpenSCENARIO's time gap) plus the standstill gap (a Jounce
// extension, 0 unless the file sets it: the constant-time-gap spacing policy of ACC systems).
//
// Control law (an acceleration demand):
//   distance:  a = a_lead + kv (v_lead - v) + kd (d - d*)       (a critically damped spacing error)
//   time gap:  a = (v_lead - v + lambda (d - d*)) / timeGap      (the constant-time-gap law: with
//              d* = d0 + timeGap v the spacing error decays at rate lambda, and v follows v_lead
//              with time constant timeGap; at rest it closes to the standstill gap d0)
// clamped to [-maxDeceleration, maxAcceleration] and, at maxSpeed, to no more than holds it. For
// a kinematic follower either law keeps the spacing error at 0 whatever the lead does, so the
// error comes only from how well the pedals deliver the demand. They get demand + b, where b
// integrates the difference between the demand and the measured acceleration: it learns within a
// quarter of a second what the pedal map does not know (engine braking, which in PhysX's model is
// strong and changes with every gear), is held while the pedal is saturated, and restarts from 0
// at each gear change (the engine is out of the driveline meanwhile, and the new gear brakes
// differently). Below 2 m/s any deceleration uses the brake (the engine hardly brakes there);
// below 0.3 m/s the brake holds the vehicle until more than 0.3 m/s² is asked for.

#include "scenario/VehicleTraits.h"
#include "scenario/Geometry2D.h"
#include "scenario/Path.h"
#include "scenario/SpeedController.h"
#include "scenario/Maneuver.h"

#include <span>

namespace jounce::sim {

/// The lead's motion: arc length along its line and speed as functions of the phase's time.
class LeadMotion {
public:
    LeadMotion() = default;
    /// `startS`: the lead's reference point arc length when the phase begins.
    LeadMotion(std::span<const Vec2> speedProfile, double startS);

    double speed(double t) const noexcept;
    /// d speed / dt (the profile's slope; 0 outside it).
    double acceleration(double t) const noexcept;
    /// The arc length travelled from the start, integrated exactly.
    double position(double t) const noexcept;

private:
    std::vector<Vec2> profile_;  ///< (t, v), t increasing
    double startS_ = 0.0;
};

struct GapMeasurement {
    double distance = 0.0;   ///< m, as the action measures it (reference points or freespace)
    double requested = 0.0;  ///< m, distance, or standstillGap + timeGap x speed
    double error() const noexcept { return distance - requested; }
};

/// The gap between follower and lead at arc lengths followerS and leadS on the lead's line.
GapMeasurement measureGap(const GapSpec& spec, const VehicleTraits& follower, double followerS, double leadS,
                          double followerSpeed) noexcept;

/// True when a non-continuous action has reached its gap: within 1 % of it (at least 0.1 m).
bool gapReached(const GapMeasurement& gap) noexcept;

class GapKeeper {
public:
    static constexpr double kDistanceOmega = 0.8;  ///< rad/s, natural frequency of the spacing error (distance)
    static constexpr double kDistanceZeta = 1.0;   ///< damping ratio (distance)
    static constexpr double kTimeGapLambda = 0.6;  ///< 1/s, spacing error decay (time gap)
    static constexpr double kBiasGain = 4.0;       ///< 1/s, how fast the pedal bias learns
    static constexpr double kAccelFilter = 0.1;    ///< s, time constant of the measured acceleration
    static constexpr double kMaxSpeedGain = 1.0;   ///< 1/s, speed error to acceleration at maxSpeed
    static constexpr double kStartAccel = 0.3;     ///< m/s²: a standing follower starts for more than this
    static constexpr double kCreepSpeed = 2.0;     ///< m/s: below it any deceleration uses the brake

    /// Forgets the learned bias and the last speed.
    void reset(double followerSpeed) noexcept;

    /// The pedals for the next step.
    PedalCommand update(const GapSpec& spec, const VehicleTraits& follower, const GapMeasurement& gap,
                        double leadSpeed, double leadAccel, double followerSpeed, double dt,
                        bool shifting = false) noexcept;

    double demand() const noexcept { return demand_; }

private:
    double bias_ = 0.0;       ///< m/s²
    double measured_ = 0.0;   ///< m/s², filtered
    double lastSpeed_ = 0.0;
    bool braking_ = false;
    double demand_ = 0.0;
};

}  // namespace jounce::sim
