// Jounce vehicle -> PhysX 5 snippet JSON. Layout and keys: docs/physx5-usd.md "PhysX 5 snippet
// files"; the value conversions are Physx5Mapping's.
#include "exchange/physx5/Physx5Json.h"

#include "exchange/ExchangeText.h"
#include "exchange/physx5/Physx5Mapping.h"
#include "json/TextFile.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace jounce::exchange {
namespace {

using json::Json;

Json vec(const Vec3& v) { return Json::array({v.x, v.y, v.z}); }

Json pairs(const std::vector<GraphPoint>& graph)
{
    Json out = Json::array();
    for (const GraphPoint& p : graph)
        out.push_back(Json::array({p.x, p.y}));
    return out;
}

Json numbers(const std::vector<double>& values)
{
    Json out = Json::array();
    for (double v : values)
        out.push_back(v);
    return out;
}

Json response(const p5::Response& r)
{
    Json out = Json::object();
    out["MaxResponse"] = r.maxResponse;
    out["WheelResponseMultipliers"] = numbers(r.multipliers);
    return out;
}

Json pose(const Vec3& position)
{
    Json out = Json::object();
    out["Pos"] = vec(position);
    out["Quat"] = Json::array({0.0, 0.0, 0.0, 1.0});
    return out;
}

/// Wheels in a row with the same longitudinal position (within 1 mm) share an axle.
Json axles(const VehicleConfig& v)
{
    Json out = Json::array();
    Json ids = Json::array();
    for (std::size_t i = 0; i < v.wheels.size(); ++i) {
        if (i > 0 && std::abs(v.wheels[i].geometry.wheelCentreOffset.x - v.wheels[i - 1].geometry.wheelCentreOffset.x) > 1e-3) {
            out.push_back(Json::object({{"WheelIds", ids}}));
            ids = Json::array();
        }
        ids.push_back(static_cast<int>(i));
    }
    if (!ids.empty())
        out.push_back(Json::object({{"WheelIds", ids}}));
    return out;
}

/// PhysX 5 corrects one axle; NVIDIA's reader requires the block, so a vehicle without Ackermann
/// steering gets strength 0 and its own front axle's geometry.
Json ackermann(const VehicleConfig& v)
{
    const bool fourWheel = v.drive.type == DriveType::FourWheel;
    double wheelBase = 1.0, trackWidth = 1.0;
    if (v.wheels.size() >= 2) {
        double minX = v.wheels[0].geometry.wheelCentreOffset.x, maxX = minX;
        for (const WheelConfig& w : v.wheels) {
            minX = std::min(minX, w.geometry.wheelCentreOffset.x);
            maxX = std::max(maxX, w.geometry.wheelCentreOffset.x);
        }
        wheelBase = maxX - minX > 0.0 ? maxX - minX : 1.0;
        const double track = std::abs(v.wheels[0].geometry.wheelCentreOffset.y - v.wheels[1].geometry.wheelCentreOffset.y);
        trackWidth = track > 0.0 ? track : 1.0;
    }
    Json out = Json::object();
    // wheelIds[0] is the wheel on the negative lateral side: Jounce's right wheel 1.
    out["WheelIds"] = v.wheels.size() >= 2 ? Json::array({1, 0}) : Json::array({0, 0});
    out["WheelBase"] = fourWheel ? v.drive.ackermann.axleSeparation : wheelBase;
    out["TrackWidth"] = fourWheel ? v.drive.ackermann.frontWidth : trackWidth;
    out["Strength"] = fourWheel ? v.drive.ackermann.accuracy : 0.0;
    return out;
}

Json rigidBody(const VehicleConfig& v, const AxisFrame& f)
{
    Json out = Json::object();
    out["Mass"] = v.chassis.mass;
    out["MOI"] = vec(f.momentsFromIso(v.chassis.moi));
    return out;
}

/// The per-wheel arrays of Base.json, positions relative to the centre of mass.
void wheelArrays(const VehicleConfig& v, const AxisFrame& f, Json& b)
{
    const Vec3 cm = v.chassis.cmOffset;
    const auto fromCm = [&](const Vec3& p) { return vec(f.fromIso({p.x - cm.x, p.y - cm.y, p.z - cm.z})); };
    const auto offsets = [&](const std::vector<CompliancePoint>& graph) {
        Json out = Json::array();
        for (const CompliancePoint& p : graph) {
            const Vec3 q = f.fromIso(p.point);
            out.push_back(Json::array({p.jounce, q.x, q.y, q.z}));
        }
        return out;
    };
    Json susp = Json::array(), comp = Json::array(), force = Json::array(), legacy = Json::array(),
         tires = Json::array(), wheels = Json::array();
    for (std::size_t i = 0; i < v.wheels.size(); ++i) {
        const p5::Wheel p = p5::exportWheel(v, i);
        const int id = static_cast<int>(i);
        susp.push_back(Json::object({{"WheelId", id}, {"SuspensionAttachment", pose(Vec3{})}}));
        susp.back()["SuspensionAttachment"]["Pos"] = fromCm(p.attachment);
        susp.back()["SuspensionTravelDir"] = vec(f.fromIso(p.travelDir));
        susp.back()["SuspensionTravelDist"] = p.travelDist;
        susp.back()["WheelAttachment"] = pose(Vec3{});
        comp.push_back(Json::object({{"WheelId", id}, {"WheelToeAngle", pairs(p.toe)},
                                     {"WheelCamberAngle", pairs(p.camber)},
                                     {"SuspForceAppPoint", offsets(p.suspForcePoint)},
                                     {"TireForceAppPoint", offsets(p.tireForcePoint)}}));
        force.push_back(Json::object({{"WheelId", id}, {"Damping", p.damping}, {"Stiffness", p.stiffness},
                                      {"SprungMass", p.sprungMass}}));
        legacy.push_back(Json::object({{"WheelId", id}, {"Damping", p.damping}, {"Stiffness", p.stiffness},
                                       {"RestDistance", *p.restDistance}, {"SprungMass", p.sprungMass}}));
        tires.push_back(Json::object({{"WheelId", id}, {"LongitudinalStiffness", p.longStiff},
                                      {"LateralStiffnessX", p.latStiffX}, {"LateralStiffnessY", p.latStiffY},
                                      {"CamberStiffness", p.camberStiff}, {"RestLoad", p.restLoad},
                                      {"FrictionVsSlip", pairs({p.frictionVsSlip.begin(), p.frictionVsSlip.end()})},
                                      {"TireLoadFilter", pairs({p.loadFilter.begin(), p.loadFilter.end()})}}));
        wheels.push_back(Json::object({{"WheelId", id}, {"HalfWidth", p.halfWidth}, {"Radius", p.radius},
                                       {"Mass", p.mass}, {"MOI", p.moi}, {"DampingRate", p.dampingRate}}));
    }
    b["SuspensionParams"] = susp;
    b["SuspensionStateCalculationParams"] = Json::object(
        {{"JounceCalculationType", 0}, {"LimitSuspensionExpansionVelocity", v.simulation.limitSuspensionExpansionVelocity}});
    b["SuspensionComplianceParams"] = comp;
    b["SuspensionForceParams"] = force;
    b["SuspensionForceLegacyParams"] = legacy;
    b["TireForceParams"] = tires;
    b["WheelParams"] = wheels;
}

Json baseJson(const VehicleConfig& v, const AxisFrame& f)
{
    Json b = Json::object();
    b["AxleDescription"] = axles(v);
    b["Frame"] = Json::object({{"LngAxis", static_cast<int>(f.lng)}, {"LatAxis", static_cast<int>(f.lat)},
                               {"VrtAxis", static_cast<int>(f.vrt)}});
    b["Scale"] = Json::object({{"Scale", 1.0}});
    b["RigidBodyParams"] = rigidBody(v, f);
    b["BrakeCommandResponseParams"] = response(p5::brakeResponse(v));
    b["HandbrakeCommandResponseParams"] = response(p5::handbrakeResponse(v));
    b["SteerCommandResponseParams"] = response(p5::steerResponse(v));
    b["AckermannParams"] = ackermann(v);
    wheelArrays(v, f, b);
    return b;
}

Json differentialJson(const p5::Split& s)
{
    return Json::object({{"TorqueRatios", numbers(s.torqueRatios)}, {"AveWheelSpeedRatios", numbers(s.aveWheelSpeedRatios)}});
}

Json engineDriveJson(const VehicleConfig& v, ConversionReport& report)
{
    const DriveConfig& d = v.drive;
    Json out = Json::object();
    out["AutoboxParams"] = Json::object({{"UpRatios", numbers(d.autoBox.upRatios)},
                                         {"DownRatios", numbers(d.autoBox.downRatios)}, {"Latency", d.autoBox.latency}});
    out["ClutchCommandResponseParams"] = Json::object({{"MaxResponse", d.clutch.strength}});
    out["EngineParams"] = Json::object(
        {{"TorqueCurve", pairs(d.engine.torqueCurve)}, {"MOI", d.engine.moi}, {"PeakTorque", d.engine.peakTorque},
         {"IdleOmega", 0.0}, {"MaxOmega", d.engine.maxOmega}, {"DampingRateFullThrottle", d.engine.dampingRateFullThrottle},
         {"DampingRateZeroThrottleClutchEngaged", d.engine.dampingRateZeroThrottleClutchEngaged},
         {"DampingRateZeroThrottleClutchDisengaged", d.engine.dampingRateZeroThrottleClutchDisengaged}});
    out["GearboxParams"] = Json::object({{"NeutralGear", p5::kNeutralGear}, {"Ratios", numbers(d.gears.ratios)},
                                         {"FinalRatio", d.gears.finalRatio}, {"SwitchTime", d.gears.switchTime}});
    const p5::Split split = p5::driveSplit(v);
    out["MultiWheelDifferentialParams"] = differentialJson(split);
    Json four = differentialJson(split);
    const int last = static_cast<int>(v.wheels.size()) - 1;
    four["FrontWheelIds"] = Json::array({0, std::min(1, last)});
    four["RearWheelIds"] = Json::array({std::min(2, last), std::min(3, last)});
    const p5::FourWheelBiases b = p5::fourWheelBiases(v, report);
    const std::initializer_list<std::pair<const char*, double>> lsd{
        {"CenterBias", b.centerBias}, {"CenterTarget", b.centerTarget}, {"FrontBias", b.frontBias},
        {"FrontTarget", b.frontTarget}, {"RearBias", b.rearBias}, {"RearTarget", b.rearTarget}, {"Rate", b.rate}};
    for (const auto& [key, value] : lsd)
        four[key] = value;
    out["FourWheelDifferentialParams"] = four;
    // Every vehicle's tracks are its two sides (Jounce's even and odd wheels), so a tank application
    // can use any export; only a tank's own split is the vehicle's drive.
    Json tank = differentialJson(split);
    tank["TankTracks"] = Json::array();
    if (v.wheels.size() >= 2)
        for (std::size_t side = 0; side < 2; ++side) {
            Json track = Json::array();
            for (std::size_t i = side; i < v.wheels.size(); i += 2)
                track.push_back(static_cast<int>(i));
            tank["TankTracks"].push_back(track);
        }
    out["TankDifferentialParams"] = tank;
    out["ClutchParams"] = Json::object(
        {{"AccuracyMode", d.clutch.accuracyMode == ClutchAccuracyMode::Estimate ? 0 : 1},
         {"EstimateIterations", d.clutch.estimateIterations}});
    const char* which = d.type == DriveType::FourWheel ? "FourWheelDifferentialParams (import with --differential four-wheel)"
                        : d.type == DriveType::Tank    ? "TankDifferentialParams (import with --differential tank)"
                                                       : "MultiWheelDifferentialParams (import with --differential multi-wheel)";
    report.approximated("drive.differential",
                        std::string("NVIDIA's reader requires all three differentials; each carries the vehicle's static "
                                    "torque split, and the vehicle's own drive is ") + which);
    return out;
}

Json directDriveJson(const VehicleConfig& v, ConversionReport& report)
{
    std::vector<double> torque;
    for (const WheelConfig& w : v.wheels)
        torque.push_back(p5::directDriveTorque(w.wheel));
    report.approximated("drive.type",
                        "no drive: Jounce takes each wheel's torque from the driver; the throttle response written is "
                        "Jounce's keyboard mapping, maxBrakeTorque / 4 per wheel at full throttle");
    return Json::object({{"ThrottleCommandResponseParams", response(p5::responseFor(torque))}});
}

void noteDropped(const VehicleConfig& v, ConversionReport& report)
{
    report.dropped("chassis.dimensions, chassis.cmOffset",
                   "the files hold no collision shape: positions are written relative to the centre of mass, and the "
                   "box and where the centre of mass sits in it are the application's");
    report.dropped("chassis.linearDamping, chassis.angularDamping", "rigid-actor settings of the application");
    if (!v.antiRollBars.empty())
        report.dropped("antiRollBars", "the snippet files have no anti-roll bars");
    noteLoadTransferringBars(v, report, NoteKind::Dropped, "not written, as the files have no bars at all");
    report.dropped("surfaces, wheels[*].tire.type", "the friction table belongs to the application's road queries");
    report.dropped("controls", "key and pad smoothing and the steer-vs-speed table are driver-input helpers, not vehicle parameters");
    report.dropped("simulation.timeStep, simulation.*SubStepCount, simulation.thresholdLongitudinalSpeed, "
                   "simulation.minLongSlipDenominator",
                   "the application sets the time step, the sub-steps and the slip denominators");
    if (v.simulation.disableSuspensionForceProjection)
        report.dropped("simulation.disableSuspensionForceProjection", "PhysX 5 always projects the spring force onto the contact normal");
    if (v.drive.type == DriveType::FourWheel)
        report.dropped("drive.ackermann.rearWidth", "PhysX 5 corrects one axle; Jounce uses the rear width only when the rear wheels steer");
    report.dropped("name, description", "the files have no names");
    report.approximated("wheels[*].suspension",
                        "SuspensionForceLegacyParams (RestDistance = maxCompression) reproduce Jounce's preloaded spring "
                        "exactly; SuspensionForceParams hold the same spring for PhysX 5's own suspension model");
}

}  // namespace

Physx5Files exportPhysx5(const VehicleConfig& vehicle, const Physx5ExportOptions& options)
{
    Physx5Files files;
    const bool direct = vehicle.drive.type == DriveType::None;
    files.driveFileName = direct ? kPhysx5DirectDriveFile : kPhysx5EngineDriveFile;
    files.report.title = std::string("PhysX 5 export: ") + kPhysx5BaseFile + " + " + files.driveFileName;
    files.base = baseJson(vehicle, options.frame);
    files.drive = direct ? directDriveJson(vehicle, files.report) : engineDriveJson(vehicle, files.report);
    p5::noteExportDifferences(vehicle, files.report);
    noteDropped(vehicle, files.report);
    return files;
}

std::string physx5Text(const Json& document) { return document.dump(4) + "\n"; }

std::string writePhysx5(const Physx5Files& files, const std::string& directory)
{
    std::error_code ec;
    std::filesystem::create_directories(directory, ec);
    if (ec)
        return "cannot create " + directory + ": " + ec.message();
    const std::filesystem::path dir(directory);
    if (std::string err = json::writeFileAtomic((dir / kPhysx5BaseFile).string(), physx5Text(files.base)); !err.empty())
        return err;
    return json::writeFileAtomic((dir / files.driveFileName).string(), physx5Text(files.drive));
}

}  // namespace jounce::exchange
