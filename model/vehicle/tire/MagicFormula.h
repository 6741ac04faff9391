#pragma once
// The Magic Formula's steady-state equations (Pacejka, "Tire and Vehicle Dynamics"; MF 5.2 as the
// PAC2002 property files use it, MF 6.1 as the third edition gives it): pure and combined slip
// longitudinal and lateral forces and the aligning moment, in ISO-W (docs/vehicle-model.md "Magic
// Formula tire"). Where public implementations disagree, the choice made here is documented there
// and pinned by tests/vehicle/tire/test_magic_formula.cpp. No state: MagicFormulaTire.h adds the
// transient slips, the low-speed regime and the mirror image of a tire on the other side.

#include "config/MagicFormulaParams.h"

namespace jounce::sim {

/// One operating point, ISO-W, for a tire measured on the side it is mounted on.
struct MfSlip {
    double kappa = 0.0;  ///< longitudinal slip ratio κ = (ω·r − v_x) / |v_x|, 1
    double alpha = 0.0;  ///< slip angle, tan α = v_y / |v_x| (a left-sliding patch is positive), rad
    double gamma = 0.0;  ///< inclination (camber), top toward −y positive, rad
    double load = 0.0;   ///< vertical load Fz, N (> 0)
    double mu = 1.0;     ///< the road's friction relative to the measurement's (multiplies LMUX, LMUY), 1
    bool reversing = false;  ///< v_x < 0: the trail and residual moment change sign
};

/// The forces and what the transient model and the curves need of the fit at that point.
struct MfResult {
    double fx = 0.0;        ///< combined longitudinal force, N
    double fy = 0.0;        ///< combined lateral force, N
    double mz = 0.0;        ///< combined aligning moment, N m
    double fx0 = 0.0;       ///< pure-slip longitudinal force, N
    double fy0 = 0.0;       ///< pure-slip lateral force, N
    double kxk = 0.0;       ///< longitudinal slip stiffness ∂Fx0/∂κ at κ = −SHx, N
    double kya = 0.0;       ///< cornering stiffness ∂Fy0/∂α at α = −SHy, N/rad (negative: ISO-W)
    double muX = 0.0;       ///< peak longitudinal friction Dx/Fz, 1
    double muY = 0.0;       ///< peak lateral friction Dy/Fz, 1
};

/// The Magic Formula at one operating point (pure slip, then combined slip, then Mz).
MfResult magicFormula(const MagicFormulaTireParams& p, const MfSlip& s) noexcept;

/// The slip stiffnesses alone (MfResult's kxk, kya, the same numbers): they depend on the load,
/// camber and pressure, not on the slips, so the transient model needs no whole evaluation.
struct MfStiffness {
    double kxk = 0.0;  ///< N
    double kya = 0.0;  ///< N/rad
};
MfStiffness mfSlipStiffnesses(const MagicFormulaTireParams& p, const MfSlip& s) noexcept;

/// Relaxation lengths at load `load` and inclination `gamma` (m), from the carcass stiffnesses
/// (MF 6.1's [STRUCTURAL]) where given, else PTX1-3 and PTY1-2 (MF 5.2); never below
/// lowSpeed.minRelaxationLength. `kxk`, `kya` are magicFormula()'s stiffnesses at that load.
struct MfRelaxation {
    double longitudinal = 0.0;
    double lateral = 0.0;
};
MfRelaxation mfRelaxationLengths(const MagicFormulaTireParams& p, double load, double gamma, double kxk, double kya) noexcept;

}  // namespace jounce::sim
