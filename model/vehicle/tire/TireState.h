#pragma once
// What a tire keeps from one sub-step to the next (a part of the wheel's state, VehicleUpdate.h).

namespace jounce::sim {

/// The slips a tire has reached, for models whose response is not instantaneous: a relaxation length
/// lags the slips by the distance rolled, which needs this state and the sub-step's length (both
/// reach the model through tireForces(), tire/Tire.h). The Magic Formula tire keeps its transient
/// slips here (its carcass deflections over the relaxation lengths). PhysX's and Unity's tires
/// respond at once and leave it untouched. Reset with the wheel.
struct TireState {
    double longSlip = 0.0;  ///< the longitudinal slip the tire has reached, 1
    double latSlip = 0.0;   ///< the lateral slip the tire has reached, rad
};

}  // namespace jounce::sim
