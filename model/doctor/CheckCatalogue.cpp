// The catalogue of every check the doctor knows, static and live, in the order their findings are
// produced; the README, `jounce-cli doctor --list` and the GUI read it from here.

#include "StaticChecks.h"

#include "vehicle/tire/Tire.h"

namespace jounce::doctor {
namespace {

/// The static checks whose findings come before the tires'.
std::vector<CheckInfo> checksBeforeTires()
{
    return {

        {"suspension.alpha", "warning, error", "§1.3, §1.7",
         "a spring period sqrt(m_s/k) spans fewer than 5 suspension updates (error below 1); fix: more sub-steps"},
        {"suspension.dampingRatio", "advice, warning", "§1.3, §1.19",
         "damping ratio outside the PhysX guide's 0.8-1.2 (road cars' ride practice 0.25-0.4 named as such; warning below 0.2 "
         "or above 2.4); fix: damper rate for the nearest band edge"},
        {"suspension.theoreticalSpring", "advice", "§1.3",
         "k x maxDroop differs from m_s x g by more than half the sprung weight; fix: maxDroop = m_s g / k"},
        {"suspension.travel", "error", "§1.3", "maxCompression + maxDroop = 0; fix: the model's default travel"},
        {"chassis.sprungMasses", "warning", "§5, §2.5",
         "sprung masses miss the chassis mass or centre of mass by more than 1 %; fix: recompute (§5) keeping natural "
         "frequency and damping ratio"},
        {"wheel.dampingRate", "warning, error", "§1.2",
         "wheel damping so small (or 0) that a free wheel needs over a minute to slow down; fix: a guide value"},
        {"wheel.frontHandbrake", "advice", "§1.2, §1.19", "4W car with a handbrake on a front wheel; fix: 0"},
        {"wheel.rearSteer", "advice", "§1.2, §2.14", "4W car whose rear wheels steer; fix: 0"},
        {"antiRollBar.axle", "warning", "§1.4", "a bar joins wheels of different axles or one side; fix: the axle partner"},
        {"antiRollBar.balance", "advice", "§1.4, §2.13",
         "rollTorque bars (PhysX's) that move an axle's share of the roll stiffness by over 2 points, as if to tune "
         "balance, which a roll torque cannot; fix: mode wheelForces (not exportable to PhysX)"},
        {"chassis.moi", "advice, warning", "§1.1",
         "moment of inertia off the box estimate by more than 2x (warning 5x); fix: set from the box"},
        {"autobox.latency", "warning, error", "§1.9, §2.16-2.17",
         "autobox latency below twice the gear switch time (error: not above it, the gearbox cycles); fix: 4x the switch time"},
        {"engine.dampingRate", "warning, error", "§1.8",
         "engine damping so small (or 0) that the free engine needs over a minute to slow down; fix: the model's default"},
        {"gears.neutral", "error", "§1.9", "neutral ratio not 0; fix: 0"},
        {"gears.reverse", "error", "§1.9", "reverse ratio not negative; fix: negate"},
        {"gears.forwardOrder", "error", "§1.9", "forward ratios not decreasing; fix: sort them"},
        {"engine.torqueCurve", "advice", "§1.8, §2.18",
         "torque curve not covering normalised speed 0..1 or above 1; fix: move end points, normalise into peakTorque"},
        {"differential.range", "error", "§1.12", "a split outside 0..1 or a bias below 1; fix: clamp"},
        {"differential.leftRightSplit", "warning", "§1.12, §2.20",
         "a driven axle's left/right split outside 0.4-0.6; fix: 0.5"},
        {"differential.frontRearSplit", "advice", "§1.12, §2.20",
         "a 4WD type sending 95 % or more to one axle; fix: the matching 2WD type"},
        {"surfaces.friction", "warning", "§1.15", "a friction table value above 2"},
    };
}

/// Validity, typical ranges and the live checks, after the tires'.
std::vector<CheckInfo> checksAfterTires()
{
    return {
        {"value.invalid", "error", "validation",
         "a value validation rejects (as `jounce-cli validate` and the Problems panel); no other check reasons from "
         "it; a fix only where another check's fix makes it valid"},
        {"parameter.typicalRange", "advice", "registry",
         "a value outside the registry's typical range for a car (grouped per parameter)"},
        {"live.longSlipOscillation", "warning", "§2.8, §2.26",
         "longitudinal slip flips sign 6 times within 1 s near standstill with no pedal pressed; fix: "
         "minLongSlipDenominator or sub-steps"},
        {"live.restOscillation", "warning", "§2.26, vehicle-model-physx5.md P9",
         "the same while the car stands: its wheels spin back and forth at rest (real PhysX 5 does this with few "
         "sub-steps); fix: the low-speed sub-step count measured to make this car stand still"},
        {"live.gearCycling", "warning, error", "§1.9, §2.16-2.17",
         "the gearbox shifts back to a gear it just left, twice within 10 s (error when the latency is not above the "
         "switch time); fix: autobox latency or the next gear's down ratio"},
        {"live.wheelSpin", "warning", "§2.8", "driven wheels spin for a second while the vehicle does not move"},
        {"live.lockedWheel", "advice", "§2.15", "a wheel locked under the brake pedal for 0.2 s while the car moves faster than 3 m/s"},
        {"live.driveSlip", "advice", "§2.8, §2.10", "a wheel slips more than 20 % under power for 0.5 s while the car moves"},
        {"live.bumpStop", "warning", "§2.3.3, §2.4.5",
         "a suspension hits its compression limit repeatedly or rests on it; fix: more compression travel"},
        {"live.wheelLift", "warning", "§1.3, §1.4",
         "a wheel leaves the ground in a steady turn; fix: the theoretically correct droop when it ran out of travel"},
    };
}

}  // namespace

const std::vector<CheckInfo>& checkCatalogue()
{
    static const std::vector<CheckInfo> catalogue = [] {
        std::vector<CheckInfo> checks = checksBeforeTires();
        for (sim::TireCheckInfo& t : sim::tireCheckCatalogue())  // each tire model's own (vehicle/tire/)
            checks.push_back({std::move(t.id), std::move(t.severities), std::move(t.section), std::move(t.summary)});
        checks.push_back({"tire.mixedModels", "advice", "§1.5", "the wheels use different tire models"});
        for (CheckInfo& c : checksAfterTires())
            checks.push_back(std::move(c));
        return checks;
    }();
    return catalogue;
}

}  // namespace jounce::doctor
