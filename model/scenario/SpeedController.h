#pragma once
// Longitudinal driver: accel and brake pedals that make the forward speed follow a set-point.
//
// A PI controller on the speed error gives an acceleration demand (m/s²):
//     a = a_ff + kp (v_ref - v) + I,   I' = ki (v_ref - v)
// with conditional integration as anti-windup (I stops growing while the pedal it drives is
// saturated in the direction of the error) and I bounded by the vehicle's capability. The demand
// becomes a pedal through the vehicle's estimated full-throttle and full-brake accelerations
// (VehicleTraits), so the gains mean the same on a 1.2 t car and a 41 t tank; the integrator
// absorbs what those estimates miss (engine braking, gear, grade).
//
// No chatter between the pedals: a hysteresis band separates them. In drive mode the throttle is
// a/aDrive(v) and a demand between 0 and -kBrakeOn coasts; only a demand below -kBrakeOn switches
// to the brake, and braking continues until the demand rises above +kBrakeOff. A set-point of 0
// at walking pace holds the vehicle with full brake.

#include "scenario/VehicleTraits.h"

namespace jounce::sim {

struct PedalCommand {
    double accel = 0.0;  ///< [0, 1]
    double brake = 0.0;  ///< [0, 1]
};

/// The pedal an acceleration demand (m/s²) uses, with the hysteresis described above: true for
/// the brake. `braking` is the pedal used so far.
bool brakeSelected(double demand, bool braking) noexcept;
/// The demand as the selected pedal's travel (the other pedal stays at 0; a demand of the wrong
/// sign for the selected pedal coasts).
PedalCommand pedalAmounts(const VehicleTraits& vehicle, double demand, double speed, bool braking) noexcept;

class SpeedController {
public:
    static constexpr double kKp = 2.0;         ///< 1/s: 1 m/s of error asks for 2 m/s²
    static constexpr double kKi = 1.0;         ///< 1/s²
    static constexpr double kBrakeOn = 0.5;    ///< m/s² of deceleration demand before the brake is used
    static constexpr double kBrakeOff = 0.05;  ///< m/s² of acceleration demand before the brake is released
    static constexpr double kHoldSpeed = 0.3;  ///< m/s: below this a set-point of 0 holds the brake

    void reset() noexcept { integrator_ = 0.0; braking_ = false; }

    /// One step: the pedals for the next `dt` seconds. `feedforward` is the set-point's own
    /// acceleration (m/s², e.g. a ramp's rate or a lead vehicle's acceleration). While `shifting`
    /// the integrator holds still: the gearbox, not the pedal, is why the speed sags.
    PedalCommand update(const VehicleTraits& vehicle, double setPoint, double feedforward, double speed, double dt,
                        bool shifting = false) noexcept;

    double integrator() const noexcept { return integrator_; }
    bool braking() const noexcept { return braking_; }
    /// The acceleration demand of the last update, m/s².
    double demand() const noexcept { return demand_; }

private:
    double integrator_ = 0.0;
    bool braking_ = false;
    double demand_ = 0.0;
};

}  // namespace jounce::sim
