// Static checks of the 4W differential (vehicle-model §1.12, §2.20): splits and biases out of range, uneven
// left/right splits, and 4WD types that drive one axle only.

#include "StaticCheckParts.h"

#include "json/NumberText.h"

#include <algorithm>

namespace jounce::doctor::checks {
namespace {

using json::text::num;
using json::text::pct;

/// §1.12: typical left/right splits (the registry's typical range); 5 % of the drive torque on one
/// axle is treated as none when advising a 2WD type.
constexpr double kSplitTypicalMin = 0.4;
constexpr double kSplitTypicalMax = 0.6;
constexpr double kAxleShareNegligible = 0.05;
/// §1.19: biases about 1.3 is the guide's value, used when a bias below 1 has to be repaired.
constexpr double kGuideBias = 1.3;

const char* typeName(DifferentialType t)
{
    switch (t) {
    case DifferentialType::LS_4WD: return "LS_4WD";
    case DifferentialType::LS_FRONTWD: return "LS_FRONTWD";
    case DifferentialType::LS_REARWD: return "LS_REARWD";
    case DifferentialType::OPEN_4WD: return "OPEN_4WD";
    case DifferentialType::OPEN_FRONTWD: return "OPEN_FRONTWD";
    case DifferentialType::OPEN_REARWD: return "OPEN_REARWD";
    }
    return "?";
}

bool isFourWheelDrive(DifferentialType t) { return t == DifferentialType::LS_4WD || t == DifferentialType::OPEN_4WD; }
bool drivesFront(DifferentialType t)
{
    return isFourWheelDrive(t) || t == DifferentialType::LS_FRONTWD || t == DifferentialType::OPEN_FRONTWD;
}
bool drivesRear(DifferentialType t)
{
    return isFourWheelDrive(t) || t == DifferentialType::LS_REARWD || t == DifferentialType::OPEN_REARWD;
}

}  // namespace

/// §1.12 setter column: which split or bias a differential type actually reads.
bool usesDifferentialParameter(DifferentialType t, const std::string& key)
{
    namespace diff = param::drive::differential;
    if (key == diff::frontRearSplit.key())
        return isFourWheelDrive(t);
    if (key == diff::frontLeftRightSplit.key())
        return drivesFront(t);
    if (key == diff::rearLeftRightSplit.key())
        return drivesRear(t);
    if (key == diff::centreBias.key())
        return t == DifferentialType::LS_4WD;
    if (key == diff::frontBias.key())
        return t == DifferentialType::LS_4WD || t == DifferentialType::LS_FRONTWD;
    if (key == diff::rearBias.key())
        return t == DifferentialType::LS_4WD || t == DifferentialType::LS_REARWD;
    return true;
}

void checkDifferential(const VehicleConfig& c, std::vector<Finding>& out)
{
    if (c.drive.type != DriveType::FourWheel)
        return;
    const Differential4WData& d = c.drive.differential4W;
    const std::string section = "§1.12 PxVehicleDifferential4WData, §2.20";
    const std::string type = typeName(d.type);
    namespace diff = param::drive::differential;
    const std::pair<param::Path, double> splits[3] = {{diff::frontRearSplit, d.frontRearSplit},
                                                      {diff::frontLeftRightSplit, d.frontLeftRightSplit},
                                                      {diff::rearLeftRightSplit, d.rearLeftRightSplit}};
    const std::pair<param::Path, double> biases[3] = {
        {diff::centreBias, d.centreBias}, {diff::frontBias, d.frontBias}, {diff::rearBias, d.rearBias}};

    // Out of range: validation rejects these for every type (the stricter union of PhysX's
    // checks); the doctor says whether the type reads the value and repairs it.
    for (auto [p, v] : splits)
        if (!(v >= 0 && v <= 1)) {
            const std::string path = p;
            const std::string key(p.key());
            const double fixed = std::clamp(v, 0.0, 1.0);
            out.push_back(finding("differential.range", Severity::Error, {path},
                           std::string(key) + " is " + num(v) + ": a split is a share of the torque, 0 to 1 (" + type +
                               (usesDifferentialParameter(d.type, key) ? " uses it)" : " ignores it, but PhysX rejects it)"),
                           section, Fix{"clamp it to " + num(fixed), {{path, fixed}}}));
        }
    for (auto [p, v] : biases)
        if (!(v >= 1)) {
            const std::string path = p;
            const std::string key(p.key());
            out.push_back(finding("differential.range", Severity::Error, {path},
                           std::string(key) + " is " + num(v) +
                               ": a bias is the largest allowed ratio of two wheel speeds, at least 1 (" + type +
                               (usesDifferentialParameter(d.type, key) ? " uses it)" : " ignores it, but PhysX rejects it)"),
                           section, Fix{"set it to the guide's " + num(kGuideBias), {{path, kGuideBias}}}));
        }

    // An uneven left/right split on a driven axle pushes the car sideways under power.
    for (const param::Path& p : {diff::frontLeftRightSplit, diff::rearLeftRightSplit}) {
        const std::string key(p.key());
        const double v = key[0] == 'f' ? d.frontLeftRightSplit : d.rearLeftRightSplit;
        if (!usesDifferentialParameter(d.type, key) || !(v >= 0 && v <= 1) || !outsideBand(v, kSplitTypicalMin, kSplitTypicalMax))
            continue;
        const std::string path = p;
        out.push_back(finding("differential.leftRightSplit", Severity::Warning, {path},
                       std::string(key) + " gives the left wheel " + pct(v) + " of the " + (key[0] == 'f' ? "front" : "rear") +
                           " axle's torque: under power the car pulls to the " + (v > 0.5 ? "right" : "left") +
                           " (yaw from the uneven drive forces)",
                       section, Fix{"split the axle's torque evenly", {{path, 0.5}}}));
    }

    // A 4WD type whose split sends (nearly) everything to one axle is a 2WD car in disguise: the
    // centre differential and its bias only cost, and the handbrake rule (§2.20) changes the drive.
    if (isFourWheelDrive(d.type) && d.frontRearSplit >= 0 && d.frontRearSplit <= 1 &&
        (d.frontRearSplit <= kAxleShareNegligible || d.frontRearSplit >= 1.0 - kAxleShareNegligible)) {
        const bool rear = d.frontRearSplit <= kAxleShareNegligible;
        const bool ls = d.type == DifferentialType::LS_4WD;
        const std::string target = ls ? (rear ? "LS_REARWD" : "LS_FRONTWD") : (rear ? "OPEN_REARWD" : "OPEN_FRONTWD");
        out.push_back(finding("differential.frontRearSplit", Severity::Advice, {param::drive::differential::frontRearSplit, param::drive::differential::type},
                       type + " sends " + pct(d.frontRearSplit) + " of the drive torque to the front axle: it is " +
                           (rear ? "rear" : "front") + "-wheel drive in all but name, and with the handbrake pulled " + type +
                           " drives the front wheels only (§2.20)",
                       section, Fix{"use the " + target + " type", {{param::drive::differential::type, target}}}));
    }
}

}  // namespace jounce::doctor::checks
