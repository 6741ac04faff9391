#pragma once
// Wheel steer angles (vehicle-model §2.14).
//
// Frame mapping (§0.2, §6.14): PhysX's +R axis is ISO +y, i.e. the vehicle's LEFT. A positive
// Jounce steer input (left turn) equals a positive PhysX steer s = steerRight − steerLeft, and a
// positive angle turns the wheel heading from x toward +y (ISO yaw). PhysX's "+R side" wheel is
// therefore Jounce's left wheel (index 0 front, 2 rear): for s > 0 the LEFT wheel is the inner
// wheel and gets the larger angle.

#include "config/VehicleConfig.h"

#include <array>

namespace jounce::sim {

/// The two Ackermann angles of one axle, named by ISO side (left = +y = PhysX +R).
struct AxleSteer {
    double left = 0.0;
    double right = 0.0;
};

/// §2.14: Ackermann angles of one axle for a steer angle δ = s·gain (rad, positive = left turn).
/// The inner wheel (left for δ > 0, right for δ < 0) gets |δ|; the outer one
/// δ_in + accuracy·(atan(L/(W + L/tan δ_in)) − δ_in), both with the sign of δ.
AxleSteer ackermannAxle(double steerAngle, double accuracy, double axleTrack,
                        double axleSeparation) noexcept;

/// §2.14 Drive4W wheels 0-3 in Jounce order (FL, FR, RL, RR): per axle the gain is the larger
/// maxSteer of its two wheels; fronts get toe + angle, the rear axle steers opposite (toe − angle).
/// `steer` is the applied steer command in [−1, 1], positive = left.
std::array<double, 4> ackermannSteer4W(const AckermannData& ackermann, double steer,
                                       const std::array<double, 4>& maxSteer,
                                       const std::array<double, 4>& toe) noexcept;

/// §2.14 DriveNW (and Drive4W extra wheels with maxSteer 0): δ = maxSteer·s + toe, no Ackermann.
double steerAngleNW(double steer, double maxSteer, double toe) noexcept;

}  // namespace jounce::sim
