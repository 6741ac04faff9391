#pragma once
// The tire seam: everything anyone asks of a tire -- its friction and forces in the tire stage, its
// curves in the editor, its friction envelope in the X-Y plots, its checks in the doctor -- goes
// through these functions, which dispatch to the model the tire uses (TireData::params) in one
// switch (Tire.cpp). A tire model is one file pair in this folder (PhysxTire, UnityTire) offering the
// same static functions; docs/architecture.md "Where to add ... A tire model" walks through adding one.

#include "vehicle/tire/TireModel.h"

#include <string>
#include <vector>

namespace jounce::sim {

/// §2.9: the friction μ the model works with at longitudinal slip `longSlip`, from the surface/tire
/// pair's value.
double tireFriction(const TireData& tire, double pairFriction, double longSlip) noexcept;

/// §2.10: the model's forces for one touching wheel and one sub-step of length `dt` (s), advancing
/// the wheel's tire state.
TireForces tireForces(const TireData& tire, const TireInputs& in, TireState& state, double dt) noexcept;

/// Whether the model holds a tire at rest itself (its own low-speed regime), so the generation's
/// sticky-tire rows (§2.12), PhysX's remedy for slip-based forces at rest, can stay off for it
/// (the tire stage decides: only where the sub-steps integrate gravity).
bool tireHandlesStandstill(const TireData& tire) noexcept;

/// Whether the model reads TireInputs::inclination (the wheel's lean from the ground), which the
/// tire stage then computes.
bool tireTakesInclination(const TireData& tire) noexcept;

/// The curves of the tire of wheel `wheel`, in stored units, with registry paths for their handles.
std::vector<TireCurve> tireCurves(const TireData& tire, std::size_t wheel);

/// The outline of the largest combined force over load × μ, (lateral, longitudinal), closed.
std::vector<EnvelopePoint> tireFrictionEnvelope(const TireData& tire);

/// What the model finds wrong with the tire's parameters on wheel `wheel`.
std::vector<TireCheck> tireChecks(const TireData& tire, std::size_t wheel);

/// Every tire check of every model, in model order (`jounce-cli doctor --list`).
std::vector<TireCheckInfo> tireCheckCatalogue();

}  // namespace jounce::sim
