// The wheel-attachment prims of an exported USD layer, the Jounce customData of its vehicle prim
// and the export's notes (docs/physx5-usd.md "Omniverse USD layers").
#include "exchange/usd/UsdSchema.h"

#include "exchange/ExchangeText.h"
#include "exchange/physx5/Physx5Mapping.h"

#include <algorithm>
#include <cmath>

namespace jounce::exchange {

using namespace usda;

namespace {

std::vector<double> rates(const SmoothingRates& r) { return {r.accel, r.brake, r.handbrake, r.steerLeft, r.steerRight}; }

const char* const kDifferentialTypes[] = {"LS_4WD", "LS_FRONTWD", "LS_REARWD", "OPEN_4WD", "OPEN_FRONTWD", "OPEN_REARWD"};

/// Whether USD's steering APIs reproduce every wheel's maxSteer (else customData keeps them).
bool steeringFits(const VehicleConfig& v)
{
    const std::vector<WheelConfig>& w = v.wheels;
    switch (v.drive.type) {
    case DriveType::FourWheel:
        for (std::size_t i = 2; i < w.size(); ++i)
            if (w[i].wheel.maxSteer != 0.0)
                return false;
        return w.size() >= 2 && w[0].wheel.maxSteer == w[1].wheel.maxSteer;
    case DriveType::Tank:
        return std::all_of(w.begin(), w.end(), [](const WheelConfig& c) { return c.wheel.maxSteer == 0.0; });
    case DriveType::NWheel:
    case DriveType::None:
        return true;
    }
    return true;
}

void writeWheelAttributes(Writer& w, const VehicleConfig& v, std::size_t i, const std::vector<std::string>& tables)
{
    const WheelConfig& wc = v.wheels[i];
    const p5::Wheel p = p5::exportWheel(v, i);
    w.attribute("float3", "xformOp:translate", vec3(wc.geometry.wheelCentreOffset));
    w.attribute("token[]", "xformOpOrder", tokenArray({"xformOp:translate"}), true);
    w.attribute("int", "physxVehicleWheelAttachment:index", integer(static_cast<long long>(i)));
    w.attribute("vector3f", "physxVehicleWheelAttachment:suspensionTravelDirection", vec3(p.travelDir));
    w.attribute("point3f", "physxVehicleWheelAttachment:suspensionFramePosition", vec3(p.attachment));
    w.attribute("quatf", "physxVehicleWheelAttachment:suspensionFrameOrientation", "(1, 0, 0, 0)");
    w.attribute("float", "physxVehicleWheel:radius", number(wc.wheel.radius));
    w.attribute("float", "physxVehicleWheel:width", number(wc.wheel.width));
    w.attribute("float", "physxVehicleWheel:mass", number(p.mass));
    w.attribute("float", "physxVehicleWheel:moi", number(p.moi));
    w.attribute("float", "physxVehicleWheel:dampingRate", number(p.dampingRate));
    if (v.drive.type == DriveType::None) {
        // No drive, so no brakes or steering API: the deprecated wheel attributes keep the limits.
        w.attribute("float", "physxVehicleWheel:maxBrakeTorque", number(wc.wheel.maxBrakeTorque));
        w.attribute("float", "physxVehicleWheel:maxHandBrakeTorque", number(wc.wheel.maxHandBrakeTorque));
        w.attribute("float", "physxVehicleWheel:maxSteerAngle", number(wc.wheel.maxSteer));
        for (const char* name : {"driveTorque", "brakeTorque", "steerAngle"})
            w.attribute("float", std::string("physxVehicleWheelController:") + name, "0");
    }
    w.attribute("float2", "physxVehicleTire:lateralStiffnessGraph", tuple({p.latStiffX, p.latStiffY}));
    w.attribute("float", "physxVehicleTire:longitudinalStiffness", number(p.longStiff));
    w.attribute("float", "physxVehicleTire:camberStiffness", number(p.camberStiff));
    w.attribute("float2[]", "physxVehicleTire:frictionVsSlipGraph",
                pairArray({p.frictionVsSlip.begin(), p.frictionVsSlip.end()}));
    const std::size_t type = static_cast<std::size_t>(std::max(0, wc.tire.type));
    if (type < tables.size())
        w.relationship("physxVehicleTire:frictionTable", {tables[type]});
    w.attribute("float", "physxVehicleTire:restLoad", number(p.restLoad));
    w.attribute("float", "physxVehicleSuspension:springStrength", number(p.stiffness));
    w.attribute("float", "physxVehicleSuspension:springDamperRate", number(p.damping));
    w.attribute("float", "physxVehicleSuspension:travelDistance", number(p.travelDist));
    // Deprecated and ignored by Omniverse once travelDistance is authored; Jounce's rest pose.
    w.attribute("float", "physxVehicleSuspension:maxCompression", number(wc.suspension.maxCompression));
    w.attribute("float", "physxVehicleSuspension:maxDroop", number(wc.suspension.maxDroop));
    w.attribute("float", "physxVehicleSuspension:sprungMass", number(p.sprungMass));
    w.attribute("float2[]", "physxVehicleSuspensionCompliance:wheelToeAngle", pairArray(p.toe));
    w.attribute("float2[]", "physxVehicleSuspensionCompliance:wheelCamberAngle", pairArray(p.camber));
    w.attribute("float4[]", "physxVehicleSuspensionCompliance:suspensionForceAppPoint", float4Array(p.suspForcePoint));
    w.attribute("float4[]", "physxVehicleSuspensionCompliance:tireForceAppPoint", float4Array(p.tireForcePoint));
}

}  // namespace

std::string wheelLabel(std::size_t i)
{
    static const char* const front[] = {"FL", "FR", "RL", "RR"};
    return i < 4 ? front[i] : "W" + std::to_string(i);
}

UsdGears usdGears(const DriveConfig& d)
{
    UsdGears g;
    const std::vector<double>& r = d.gears.ratios;
    for (std::size_t i = 0; i < r.size(); ++i)
        if (i != static_cast<std::size_t>(kNeutralGearIndex))
            g.ratios.push_back(r[i]);
    const std::size_t top = r.size() - 1;
    for (std::size_t i = kFirstGearIndex; i < top && i < d.autoBox.upRatios.size(); ++i)
        g.upRatios.push_back(d.autoBox.upRatios[i]);
    for (std::size_t i = kFirstGearIndex + 1; i <= top && i < d.autoBox.downRatios.size(); ++i)
        g.downRatios.push_back(d.autoBox.downRatios[i]);
    return g;
}

void writeUsdWheels(Writer& w, const VehicleConfig& v, const std::vector<std::string>& tables)
{
    std::vector<std::string> api{"PhysxVehicleWheelAttachmentAPI", "PhysxVehicleWheelAPI", "PhysxVehicleTireAPI",
                                 "PhysxVehicleSuspensionAPI", "PhysxVehicleSuspensionComplianceAPI"};
    if (v.drive.type == DriveType::None)
        api.push_back("PhysxVehicleWheelControllerAPI");
    for (std::size_t i = 0; i < v.wheels.size(); ++i) {
        w.beginPrim("Xform", wheelLabel(i), api);
        writeWheelAttributes(w, v, i, tables);
        w.endPrim();
    }
}

std::string jounceCustomData(const VehicleConfig& v, ConversionReport&)
{
    const std::string in(16, ' ');
    std::string s = std::string(12, ' ') + "dictionary jounce = {\n";
    const auto entry = [&](const std::string& type, const std::string& key, const std::string& value) {
        s += in + type + " " + key + " = " + value + "\n";
    };
    entry("string", "name", quote(v.name));
    entry("string", "description", quote(v.description));
    entry("string", "model", quote(v.simulation.model == ModelGenerationKind::Physx5 ? "physx5" : "physx41"));
    entry("double", "timeStep", number(v.simulation.timeStep));
    entry("bool", "disableSuspensionForceProjection", boolean(v.simulation.disableSuspensionForceProjection));
    const TireLoadFilterData& f = v.tireLoadFilter;
    entry("double4", "tireLoadFilter", tuple({f.minNormalisedLoad, f.minFilteredNormalisedLoad, f.maxNormalisedLoad,
                                             f.maxFilteredNormalisedLoad}));
    std::string bars = "[";
    for (std::size_t i = 0; i < v.antiRollBars.size(); ++i) {
        const AntiRollBarConfig& b = v.antiRollBars[i];
        bars += (i ? ", " : "") + tuple({double(b.wheel0), double(b.wheel1), b.stiffness});
    }
    entry("double3[]", "antiRollBars", bars + "]");
    // Only when a bar needs it: layers of PhysX's bars stay as they were written before the mode.
    const auto wheelForces = [](const AntiRollBarConfig& b) { return b.mode == AntiRollBarMode::WheelForces; };
    if (std::any_of(v.antiRollBars.begin(), v.antiRollBars.end(), wheelForces)) {
        std::vector<std::string> modes;
        for (const AntiRollBarConfig& b : v.antiRollBars)
            modes.push_back(wheelForces(b) ? "wheelForces" : "rollTorque");
        entry("token[]", "antiRollBarModes", tokenArray(modes));
    }
    const DriveConfig& d = v.drive;
    if (d.type != DriveType::None) {
        entry("double[]", "autoBoxUpRatios", array(d.autoBox.upRatios));
        entry("double[]", "autoBoxDownRatios", array(d.autoBox.downRatios));
        entry("token", "clutchAccuracyMode", quote(d.clutch.accuracyMode == ClutchAccuracyMode::Estimate ? "estimate" : "bestPossible"));
        entry("int", "clutchEstimateIterations", integer(d.clutch.estimateIterations));
    }
    if (d.type == DriveType::FourWheel) {
        const Differential4WData& x = d.differential4W;
        entry("token", "differentialType", quote(kDifferentialTypes[static_cast<int>(x.type)]));
        entry("double3", "differentialSplits", tuple({x.frontRearSplit, x.frontLeftRightSplit, x.rearLeftRightSplit}));
        entry("double3", "differentialBiases", tuple({x.centreBias, x.frontBias, x.rearBias}));
        entry("double", "rearAckermannWidth", number(d.ackermann.rearWidth));
    }
    if (d.type == DriveType::Tank)
        entry("token", "tankDriveModel", quote(d.tankDriveModel == TankDriveModel::Special ? "special" : "standard"));
    std::vector<double> steer, hand;
    for (const WheelConfig& wc : v.wheels) {
        steer.push_back(wc.wheel.maxSteer);
        hand.push_back(wc.wheel.maxHandBrakeTorque);
    }
    if (!steeringFits(v))
        entry("double[]", "wheelMaxSteer", array(steer));
    if (d.type == DriveType::Tank && std::any_of(hand.begin(), hand.end(), [](double h) { return h != 0.0; }))
        entry("double[]", "wheelMaxHandBrakeTorque", array(hand));
    const ControlsConfig& c = v.controls;
    entry("double[]", "keySmoothingRiseRates", array(rates(c.keySmoothing.riseRates)));
    entry("double[]", "keySmoothingFallRates", array(rates(c.keySmoothing.fallRates)));
    entry("double[]", "padSmoothingRiseRates", array(rates(c.padSmoothing.riseRates)));
    entry("double[]", "padSmoothingFallRates", array(rates(c.padSmoothing.fallRates)));
    entry("double2[]", "steerVsForwardSpeedTable", pairArray(c.steerVsForwardSpeedTable));
    return s + std::string(12, ' ') + "}\n";
}

void noteUsdExport(const VehicleConfig& v, ConversionReport& report)
{
    const std::string kept = "; kept for Jounce in the vehicle prim's customData (jounce dictionary)";
    if (!v.antiRollBars.empty())
        report.dropped("antiRollBars", "the PhysxSchema has no anti-roll bars" + kept);
    noteLoadTransferringBars(v, report, NoteKind::Dropped, "Omniverse gets no bar" + kept);
    const TireLoadFilterData& f = v.tireLoadFilter;
    if (f != TireLoadFilterData{})
        report.dropped("tireLoadFilter", "Omniverse uses PhysX's default filter (0, 0.2308) to (3, 3)" + kept);
    report.dropped("controls", "key and pad smoothing and the steer-vs-speed table are driver-input helpers" + kept);
    const double rate = 1.0 / v.simulation.timeStep;
    if (std::abs(rate - std::round(rate)) > 1e-9)
        report.approximated("simulation.timeStep", "physxScene:timeStepsPerSecond is a whole number: " +
                                                       num(std::round(rate)) + " for " + num(rate) + kept);
    if (v.simulation.disableSuspensionForceProjection)
        report.dropped("simulation.disableSuspensionForceProjection", "Omniverse always projects the spring force" + kept);
    const DriveConfig& d = v.drive;
    if (d.type != DriveType::None && d.clutch.accuracyMode == ClutchAccuracyMode::Estimate)
        report.dropped("drive.clutch.accuracyMode", "Omniverse always solves the clutch exactly" + kept);
    if (d.type == DriveType::FourWheel) {
        const DifferentialType t = d.differential4W.type;
        if (t == DifferentialType::LS_4WD || t == DifferentialType::LS_FRONTWD || t == DifferentialType::LS_REARWD)
            report.dropped("drive.differential", "Omniverse's multi-wheel differential has no limited slip: it gets "
                                                 "the static torque split" + kept);
        report.dropped("drive.ackermann.rearWidth", "one Ackermann axle in USD" + kept);
    }
    if (!steeringFits(v))
        report.dropped("wheels[*].wheel.maxSteer", "USD's Ackermann steering has one angle for the front pair and no "
                                                   "other steered wheels" + kept);
    if (d.type == DriveType::Tank)
        report.dropped("drive.driveModel", "USD has no tank drive models" + kept);
    report.approximated("wheels[*].suspension", "travelDistance = maxCompression + maxDroop; maxCompression and maxDroop "
                                                "are written too (Omniverse ignores them once travelDistance is set) so "
                                                "Jounce reads its rest pose back");
    report.approximated("(all values)", "USD's vehicle attributes are 32-bit floats: USD tools read about 7 significant "
                                        "digits of what Jounce writes (Jounce reads every digit back)");
    report.dropped("name", "the vehicle prim is \"Vehicle\" (Jounce keeps the name in customData)");
}

}  // namespace jounce::exchange
