#pragma once
// The static checks' shared pieces, internal to model/doctor: the thresholds more than one theme
// uses, the helpers the checks write their findings with, and the checks themselves by theme.
// diagnose() (StaticChecks.cpp) runs them in the order their findings are listed.

#include "Finding.h"
#include "config/ParameterPaths.h"

#include <optional>
#include <string>
#include <vector>

namespace jounce::doctor::checks {

/// Parameters are named through the typed paths of config/ParameterPaths.h, never spelt by hand.
namespace param = config::param;

// ---- thresholds shared by several themes, each with the guide's reason -------------------------

/// Band edges are compared with this relative slack: files hold rates rounded to a few digits
/// (a damper computed for ratio 0.8 and rounded to 1 N s/m reads 0.79998).
inline constexpr double kBandSlack = 0.005;
/// §1.2 / §1.8: damping rates 0.25-2 (wheels) and 0.25-3 (engine), never 0. A rate is "tiny" when
/// a free-spinning wheel or engine would need more than a minute to lose two thirds of its speed
/// (time constant I / c); the fix aims at 30 s at most, and never below the guide's values.
inline constexpr double kTinyDampingTimeConstant = 60.0;
inline constexpr double kFixDampingTimeConstant = 30.0;
/// §2.13.1: rollTorque bars that move an axle's share of the vehicle's roll stiffness by more than
/// this (2 percentage points) look tuned for balance, which their roll torque cannot give.
inline constexpr double kBarShareShift = 0.02;

// ---- helpers -----------------------------------------------------------------------------------

/// The wheel's telemetry label ("FL", "RR", ...).
std::string label(std::size_t i);
/// Whether `v` lies outside [lo, hi] by more than the slack kBandSlack.
bool outsideBand(double v, double lo, double hi);

/// Per-wheel results with the same severity and words are reported once for all those wheels
/// ("FL, FR: ..."), so a symmetric car gets one finding per axle instead of one per wheel.
struct WheelResult {
    std::size_t wheel = 0;
    Severity severity = Severity::Advice;
    std::string text;                 ///< the reason without the wheel names
    std::vector<std::string> parameters;
    std::string fixSummary;           ///< empty: no fix
    std::vector<Assignment> edits;
};

/// Appends one finding per group of results with the same severity, text and fix summary.
void mergeWheelResults(const std::string& id, const std::string& section, std::vector<WheelResult> results,
                       std::vector<Finding>& out);

bool hasEngine(const VehicleConfig& c);

Finding finding(std::string id, Severity severity, std::vector<std::string> parameters, std::string reason,
                std::string section, std::optional<Fix> fix = std::nullopt);

/// §1.12 setter column: which split or bias a differential type actually reads.
bool usesDifferentialParameter(DifferentialType t, const std::string& key);

// ---- the checks by theme; each appends its findings to `out` -----------------------------------

// SuspensionChecks.cpp
void checkTravel(const VehicleConfig& c, std::vector<Finding>& out);
void checkAlpha(const VehicleConfig& c, std::vector<Finding>& out);
void checkDampingRatio(const VehicleConfig& c, std::vector<Finding>& out);
void checkSpringDroop(const VehicleConfig& c, std::vector<Finding>& out);
void checkSprungMasses(const VehicleConfig& c, std::vector<Finding>& out);

// WheelChecks.cpp
void checkWheelDamping(const VehicleConfig& c, std::vector<Finding>& out);
void checkHandbrakeAndSteer(const VehicleConfig& c, std::vector<Finding>& out);
void checkAntiRollBars(const VehicleConfig& c, std::vector<Finding>& out);
void checkAntiRollBarBalance(const VehicleConfig& c, std::vector<Finding>& out);

// ChassisChecks.cpp
void checkMomentOfInertia(const VehicleConfig& c, std::vector<Finding>& out);

// DrivetrainChecks.cpp
void checkLatency(const VehicleConfig& c, std::vector<Finding>& out);
void checkEngineDamping(const VehicleConfig& c, std::vector<Finding>& out);
void checkGearRatios(const VehicleConfig& c, std::vector<Finding>& out);
void checkTorqueCurve(const VehicleConfig& c, std::vector<Finding>& out);

// DifferentialChecks.cpp
void checkDifferential(const VehicleConfig& c, std::vector<Finding>& out);

// SurfaceChecks.cpp
void checkFriction(const VehicleConfig& c, std::vector<Finding>& out);

// TireChecks.cpp: each tire model's own checks (vehicle/tire/Tire.h), and mixed models
void checkTireParameters(const VehicleConfig& c, std::vector<Finding>& out);
void checkTireModels(const VehicleConfig& c, std::vector<Finding>& out);

// ValidityCheck.cpp; diagnose() runs it after the checks above: every value validation rejects is an
// error finding (value.invalid) unless a check's error with a fix already names it, and the other
// findings that name such a value are left out.
void checkValidity(const VehicleConfig& c, std::vector<Finding>& out);

// TypicalRangeCheck.cpp; diagnose() runs it last, as it skips parameters the others already named
// (invalid values included).
void checkTypicalRanges(const VehicleConfig& c, std::vector<Finding>& out);

}  // namespace jounce::doctor::checks
