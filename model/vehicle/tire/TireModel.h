#pragma once
// What every tire model of the closed set (config/TireModels.h) takes and gives: the inputs of its
// force law and the forces, the state it may keep per wheel, and -- as plain data, no Qt -- the
// curves it draws in the editor, the friction envelope the X-Y plots outline and the checks the
// doctor reports. The tire stage (TireStage.h) does everything around the model: load, frame,
// slips, sticky rows. Tire.h dispatches to the model a tire uses.

#include "config/EditSession.h"
#include "config/VehicleConfig.h"
#include "telemetry/Frame.h"
#include "vehicle/tire/TireState.h"

#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace jounce::sim {

/// Inputs of a tire model for one touching wheel and one sub-step (vehicle-model §2.10).
struct TireInputs {
    double friction = 0.0;                ///< μ from tireFriction() (§2.9), 1
    double longSlip = 0.0;                ///< s_L (§2.8), 1
    double latSlip = 0.0;                 ///< s_T (§2.8), rad
    double camber = 0.0;                  ///< γ (§2.11), rad
    double wheelRadius = 0.0;             ///< r, m
    double restLoad = 0.0;                ///< L_rest (§2.6), N
    double filteredNormalisedLoad = 0.0;  ///< ℓ_f (§2.6), 1
    double filteredLoad = 0.0;            ///< F_z (§2.6), N
    double gravity = kGravity;            ///< |g|, m/s²
    double pneumaticTrail = 0.0;          ///< the aligning moment's lever (the model generation's), m
    // For models that keep their own slips (relaxation lengths, the Magic Formula's low-speed regime):
    double longSpeed = 0.0;               ///< v_L, the contact patch's speed along e_L (§2.7), m/s
    double latSpeed = 0.0;                ///< v_T, along e_T, m/s
    double rimSpeed = 0.0;                ///< ω·r at the start of the sub-step, m/s
    double inclination = 0.0;             ///< the wheel's lean from the ground normal, top toward −y positive (ISO-W γ), rad
    bool leftSide = true;                 ///< the wheel is on the vehicle's left (y ≥ 0)
};

/// Outputs of a tire model (§2.10). Forces are along the steered tire directions e_L, e_T.
struct TireForces {
    double longForce = 0.0;       ///< F_L, N
    double latForce = 0.0;        ///< F_T, N
    double aligningMoment = 0.0;  ///< M_z, N m (telemetry only, never applied)
    double wheelTorque = 0.0;     ///< τ_tire = −F_L·r, N m, acts on the wheel spin
    double lowSpeedShare = 0.0;   ///< weight of a model's low-speed regime in the forces, 1 (0: none)
    /// The slips the forces belong to, for a model that keeps its own (transient slips): they
    /// replace the stage's in telemetry. Unset (false) for models that use the stage's slips.
    bool ownSlips = false;
    double longSlip = 0.0;        ///< 1
    double latSlip = 0.0;         ///< rad
};

/// Severities of a tire check, as the doctor's (doctor/Finding.h), most severe first.
enum class TireCheckSeverity { Error, Warning, Advice };

/// One thing a tire model finds wrong with its own parameters on one wheel.
struct TireCheck {
    std::string id;        ///< stable, "unity.slipOrder"
    TireCheckSeverity severity = TireCheckSeverity::Advice;
    std::string text;      ///< the reason with the numbers, without the wheel's name
    std::vector<std::string> parameters;  ///< registry paths, most relevant first
    std::string fixSummary;               ///< empty: no fix
    config::EditList edits;               ///< the fix
    std::string section;                  ///< where the advice comes from, as the finding cites it
};

/// A check of the catalogue (`jounce-cli doctor --list`).
struct TireCheckInfo {
    std::string id;
    std::string severities;  ///< "warning, error"
    std::string section;     ///< where the advice comes from
    std::string summary;     ///< one line: when it fires
};

/// A point of a tire curve the editor lets the user drag: its coordinates and the registry paths
/// they are stored at (empty: that coordinate is fixed).
struct TireCurveHandle {
    double x = 0.0;
    double y = 0.0;
    std::string xPath;
    std::string yPath;
};

/// An axis of a tire curve: its name and the SI unit of its values ("1" dimensionless).
struct TireCurveAxis {
    std::string name;
    std::string unit;
};

/// A named line of a tire curve drawn beside the main one ("4000 N"), in stored units.
struct TireCurveLine {
    std::string name;
    std::vector<std::pair<double, double>> points;
};

/// A curve of a tire model as the editor draws it, in stored (SI) units.
struct TireCurve {
    std::string id;     ///< stable key, "frictionVsSlip"
    std::string title;
    TireCurveAxis x;
    TireCurveAxis y;
    std::string handlesName;              ///< what the draggable points are, "saturation knee"
    std::vector<TireCurveHandle> handles;
    /// The curve as the model evaluates it; empty: the handles joined, flat beyond the ends.
    std::vector<std::pair<double, double>> line;
    /// A family of lines instead of `line` (the force at several loads), each with a legend name.
    std::vector<TireCurveLine> lines;
    /// Where the wheel is on the curve in a telemetry frame; nullopt when it is not on it (in the air).
    std::function<std::optional<std::pair<double, double>>(const telemetry::Frame&)> operating;
};

/// A point of a friction envelope: (lateral, longitudinal) force over load × μ.
using EnvelopePoint = std::pair<double, double>;

}  // namespace jounce::sim
