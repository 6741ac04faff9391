// The vehicle file format, parameter by parameter: names, units, limits, plausible and typical ranges,
// guide sections and meanings. Limits are the stricter union of vehicle-model.md's isValid and setter
// checks (vehicle-model §1, "a UI should enforce the stricter union"); plausible ranges bound what any
// vehicle from a 1:10 RC car to a mining haul truck can have, so a unit slip or a typo is an error
// before it reaches the simulation (conventions.md "Plausible ranges"); typical ranges are the
// doctor's advice for a car. Relations between parameters (ordering of graph points, gear ratios,
// indices into other arrays, the suspension's stability at the time step) are checked in
// VehicleValidation.cpp.

#include "ParameterDeclarations.h"
#include "VehicleParameters.h"
#include "json/TextLimits.h"


namespace jounce::config {
namespace {

using build::ObjectBuilder;
using namespace declare;

const Section kVehicle{"Vehicle", "conventions.md \"Vehicle JSON\""};
const Section kChassis{"PxVehicleChassisData", "§1.1"};
const Section kWheel{"PxVehicleWheelData", "§1.2"};
const Section kSuspension{"PxVehicleSuspensionData", "§1.3"};
const Section kAntiRoll{"PxVehicleAntiRollBarData", "§1.4"};
const Section kLoadFilter{"PxVehicleTireLoadFilterData", "§1.6"};
const Section kWheelsSim{"PxVehicleWheelsSimData", "§1.7"};
const Section kCompliance{"Suspension compliance", "PhysX 5 PxVehicleSuspensionComplianceParams"};
const Section kEngine{"PxVehicleEngineData", "§1.8"};
const Section kGears{"PxVehicleGearsData", "§1.9"};
const Section kAutoBox{"PxVehicleAutoBoxData", "§1.10"};
const Section kClutch{"PxVehicleClutchData", "§1.11"};
const Section kDiff4W{"PxVehicleDifferential4WData", "§1.12"};
const Section kDiffNW{"PxVehicleDifferentialNWData", "§1.13"};
const Section kAckermann{"PxVehicleAckermannGeometryData", "§1.14"};
const Section kTank{"PxVehicleDriveTank", "§1.17"};
const Section kSurfaces{"PxVehicleDrivableSurfaceToTireFrictionPairs", "§1.15"};
const Section kKeySmoothing{"PxVehicleKeySmoothingData", "§3.2"};
const Section kPadSmoothing{"PxVehiclePadSmoothingData", "§3.3"};
const Section kSteerTable{"PxVehicleSteerVsForwardSpeedTable", "§3.1"};
const Section kSimulation{"PxVehicleWheelsSimData", "§1.7, §2.26"};

/// The x axis of the compliance graphs, as the curve editor labels it.
const char* const kJounceAxis = "normalised jounce (0 droop, 1 compression)";

const std::vector<DriveType> kEngineDrives{DriveType::FourWheel, DriveType::NWheel, DriveType::Tank};

/// The optional compliance graphs (PhysX 5 PxVehicleSuspensionComplianceParams): toe, camber and
/// the two force points against normalised jounce.
void complianceParameters(ObjectBuilder<WheelConfig> w)
{
    auto comp = w.optionalObject("compliance", &WheelConfig::compliance, kCompliance.guide,
                                 "camber, toe and force points against normalised jounce; each graph overrides the static value");
    const ParamInfo jounceAxis = kCompliance("1", closed(0, 1), same(), 0, 1, "normalised jounce: 0 full droop, 1 full compression");
    comp.graph("wheelToeAngle", &WheelCompliance::wheelToeAngle, 0, 3, "toe angle against normalised jounce",
               jounceAxis, kCompliance("rad", open(-kHalfPi, kHalfPi), plaus(-0.35, 0.35), -0.05, 0.05, "toe angle"),
               {"wheelToeAngle", "Compliance: wheelToeAngle", kJounceAxis, "toe"});
    comp.graph("wheelCamberAngle", &WheelCompliance::wheelCamberAngle, 0, 3, "camber angle against normalised jounce",
               jounceAxis, kCompliance("rad", closed(-kHalfPi, kHalfPi), plaus(-0.5, 0.5), -0.1, 0.1, "camber angle"),
               {"wheelCamberAngle", "Compliance: wheelCamberAngle", kJounceAxis, "camber"});
    for (auto [key, member, what] :
         {std::tuple{"suspForceAppPoint", &WheelCompliance::suspForceAppPoint, "suspension force point"},
          std::tuple{"tireForceAppPoint", &WheelCompliance::tireForceAppPoint, "tire force point"}}) {
        Node& n = comp.node();
        auto arr = std::make_unique<Node>();
        arr->key = key;
        auto mem = member;
        arr->locate = [mem](void* parent) -> void* { return &(static_cast<WheelCompliance*>(parent)->*mem); };
        build::bindVector<CompliancePoint>(*arr, 0, 3);
        arr->info.section = kCompliance.guide;
        arr->info.specRef = kCompliance.spec;
        arr->info.description = std::string(what) + " against normalised jounce: [jounce, x, y, z] rows";
        auto row = std::make_unique<Node>();
        row->parent = arr.get();
        row->kind = NodeKind::Object;
        row->tuple = true;
        row->info = arr->info;
        ObjectBuilder<CompliancePoint> rb(*row);
        rb.scalar("jounce", &CompliancePoint::jounce, jounceAxis).indexInParent = 0;
        const char* axes[3] = {"x", "y", "z"};
        double Vec3::*members[3] = {&Vec3::x, &Vec3::y, &Vec3::z};
        for (int i = 0; i < 3; ++i) {
            auto c = std::make_unique<Node>();
            c->key = axes[i];
            c->indexInParent = i + 1;
            c->info = kCompliance("m", any(), plaus(-kMaxOffset, kMaxOffset), kNaN, kNaN, (std::string(what) + " in the chassis frame (" + axes[i] + ")").c_str());
            auto vm = members[i];
            c->locate = [vm](void* parent) -> void* { return &(static_cast<CompliancePoint*>(parent)->point.*vm); };
            build::bindScalar<double>(*c);
            build::addChild(*row, std::move(c));
        }
        arr->element = std::move(row);
        build::addChild(n, std::move(arr));
    }
}

void wheelParameters(ObjectBuilder<WheelConfig> w)
{
    auto wheel = w.object("wheel", &WheelConfig::wheel, kWheel.guide, "wheel and tire body");
    wheel.scalar("radius", &WheelData::radius,
                 kWheel("m", gt(0), plaus(0.02, 2.5), 0.2, 0.6, "distance from the wheel centre to the tread", true));
    wheel.scalar("width", &WheelData::width,
                 kWheel("m", gt(0), plaus(0.01, 2.5), 0.1, 0.6, "full width of wheel and tire (drawing only)", true));
    wheel.scalar("mass", &WheelData::mass,
                 kWheel("kg", gt(0), plaus(0.01, 1e4), 20, 80, "mass of wheel and tire; part of the tire rest load"));
    wheel.scalar("moi", &WheelData::moi,
                 kWheel("kg m^2", gt(0), plaus(1e-6, 5e4), 0.5, 20, "spin moment of inertia about the axle (guide: m r^2 / 2)", true));
    wheel.scalar("dampingRate", &WheelData::dampingRate,
                 kWheel("N m s/rad", gt(0), plaus(1e-7, 1000), 0.25, 2, "bearing damping: torque = -dampingRate x wheel speed"));
    wheel.scalar("maxBrakeTorque", &WheelData::maxBrakeTorque,
                 kWheel("N m", ge(0), plaus(0, 1e6), 500, 5000, "brake torque at full brake input"));
    wheel.scalar("maxHandBrakeTorque", &WheelData::maxHandBrakeTorque,
                 kWheel("N m", ge(0), plaus(0, 1e6), 0, 5000, "handbrake torque at full handbrake input (guide: 4000 rear, 0 front)"));
    wheel.scalar("maxSteer", &WheelData::maxSteer,
                 kWheel("rad", open(-kHalfPi, kHalfPi), same(), 0, kHalfPi, "steer angle at full lock (guide: 30-90 deg on steered wheels)"));
    build::mirrorsLeftRight(wheel.scalar("toeAngle", &WheelData::toeAngle,
                 kWheel("rad", open(-kHalfPi, kHalfPi), plaus(-0.35, 0.35), -0.05, 0.05, "static steer offset, positive turns the wheel left")));

    auto susp = w.object("suspension", &WheelConfig::suspension, kSuspension.guide, "spring and damper");
    susp.scalar("sprungMass", &SuspensionData::sprungMass,
                kSuspension("kg", gt(0), plaus(0.1, 3e5), 100, 1000, "chassis mass carried by this spring at rest", true));
    susp.scalar("springStrength", &SuspensionData::springStrength,
                kSuspension("N/m", gt(0), plaus(10, 1e8), 5000, 100000, "spring rate", true));
    susp.scalar("springDamperRate", &SuspensionData::springDamperRate,
                kSuspension("N s/m", ge(0), plaus(0, 1e7), 500, 10000, "damper rate (guide: damping ratio 0.8-1.2)"));
    susp.scalar("maxCompression", &SuspensionData::maxCompression,
                kSuspension("m", ge(0), plaus(0, 2), 0.05, 0.4, "travel above the rest pose"));
    susp.scalar("maxDroop", &SuspensionData::maxDroop,
                kSuspension("m", ge(0), plaus(0, 2), 0.05, 0.3, "travel below the rest pose"));
    build::mirrorsLeftRight(susp.scalar("camberAtRest", &SuspensionData::camberAtRest,
                kSuspension("rad", closed(-kHalfPi, kHalfPi), plaus(-0.5, 0.5), -0.1, 0.1, "camber at zero jounce")));
    build::mirrorsLeftRight(susp.scalar("camberAtMaxCompression", &SuspensionData::camberAtMaxCompression,
                kSuspension("rad", closed(-kHalfPi, kHalfPi), plaus(-0.5, 0.5), -0.1, 0.1, "camber added at full compression")));
    build::mirrorsLeftRight(susp.scalar("camberAtMaxDroop", &SuspensionData::camberAtMaxDroop,
                kSuspension("rad", closed(-kHalfPi, kHalfPi), plaus(-0.5, 0.5), -0.1, 0.1, "camber added at full droop")));

    tireParameters(w.object("tire", &WheelConfig::tire, "PxVehicleTireData", "tire force model"));

    const ParamInfo offset = kWheelsSim("m", any(), plaus(-kMaxOffset, kMaxOffset), kNaN, kNaN, "", true);
    auto geo = w.object("geometry", &WheelConfig::geometry, kWheelsSim.guide, "positions in the chassis frame");
    ParamInfo centre = offset;
    centre.description = "wheel centre at zero jounce, chassis frame";
    build::mirrorsLateral(geo.vec3("wheelCentreOffset", &WheelGeometry::wheelCentreOffset, centre));
    geo.vec3("suspTravelDirection", &WheelGeometry::suspTravelDirection,
             kWheelsSim("1", closed(-1.001, 1.001), same(), kNaN, kNaN, "unit direction the wheel moves as the spring extends"));
    ParamInfo susPoint = offset;
    susPoint.description = "where the suspension force acts, chassis frame (guide: above the wheel centre, below the CoM)";
    build::mirrorsLateral(geo.vec3("suspForceAppPointOffset", &WheelGeometry::suspForceAppPointOffset, susPoint));
    ParamInfo tirePoint = offset;
    tirePoint.description = "where the tire forces act, chassis frame (guide: same as the suspension force point)";
    build::mirrorsLateral(geo.vec3("tireForceAppPointOffset", &WheelGeometry::tireForceAppPointOffset, tirePoint));

    complianceParameters(w);
}

void driveParameters(ObjectBuilder<DriveConfig> d)
{
    d.scalar("type", &DriveConfig::type,
             kVehicle("", any(), same(), kNaN, kNaN, "drivetrain: 4W (engine to wheels 0-3), NW (engine to chosen wheels), tank, none"),
             {"4W", "NW", "tank", "none"});

    auto engine = d.object("engine", &DriveConfig::engine, kEngine.guide, "engine");
    engine.node().driveTypes = kEngineDrives;
    engine.graph("torqueCurve", &EngineData::torqueCurve, 1, 8,
                 "torque multiplier against normalised engine speed (engine speed / maxOmega)",
                 kEngine("1", ge(0), plaus(0, 10), 0, 1, "normalised engine speed of the point"),
                 kEngine("1", ge(0), plaus(0, 5), 0, 1, "fraction of peakTorque at the point"),
                 {"torqueCurve", "Engine torque curve", "engine speed / maxOmega", "fraction of peakTorque"});
    engine.scalar("moi", &EngineData::moi, kEngine("kg m^2", gt(0), plaus(1e-7, 200), 0.2, 2, "engine moment of inertia"));
    engine.scalar("peakTorque", &EngineData::peakTorque,
                  kEngine("N m", gt(0), plaus(0.01, 1e5), 100, 1500, "torque at full throttle where the curve is 1 (guide: about 600)"));
    engine.scalar("maxOmega", &EngineData::maxOmega,
                  kEngine("rad/s", gt(0), plaus(10, 6000), 400, 1200, "maximum engine speed (600 rad/s = 5730 rpm)"));
    engine.scalar("dampingRateFullThrottle", &EngineData::dampingRateFullThrottle,
                  kEngine("N m s/rad", gt(0), plaus(1e-7, 1000), 0.1, 3, "engine damping at full throttle"));
    engine.scalar("dampingRateZeroThrottleClutchEngaged", &EngineData::dampingRateZeroThrottleClutchEngaged,
                  kEngine("N m s/rad", gt(0), plaus(1e-7, 1000), 0.1, 3, "engine damping at zero throttle in gear"));
    engine.scalar("dampingRateZeroThrottleClutchDisengaged", &EngineData::dampingRateZeroThrottleClutchDisengaged,
                  kEngine("N m s/rad", gt(0), plaus(1e-7, 1000), 0.1, 3, "engine damping at zero throttle in neutral"));

    auto gears = d.object("gears", &DriveConfig::gears, kGears.guide, "gearbox");
    gears.node().driveTypes = kEngineDrives;
    gears.list("ratios", &GearsData::ratios, 3, 32,
               kGears("1", any(), plaus(-100, 100), -5, 5, "gear ratios: [reverse (< 0), neutral (0), first, second, ...] with forward gears decreasing"));
    gears.scalar("finalRatio", &GearsData::finalRatio, kGears("1", gt(0), plaus(0.1, 100), 2, 6, "final drive ratio, multiplies every gear"));
    gears.scalar("switchTime", &GearsData::switchTime,
                 kGears("s", ge(0), plaus(0, 10), 0, 0.5, "time spent in neutral during a gear change (keep below the autobox latency)"));

    auto autoBox = d.object("autoBox", &DriveConfig::autoBox, kAutoBox.guide, "automatic gearbox");
    autoBox.node().driveTypes = kEngineDrives;
    autoBox.list("upRatios", &AutoBoxData::upRatios, 3, 32,
                 kAutoBox("1", ge(0), plaus(0, 2), 0.1, 0.95, "per gear: shift up above this engine speed / maxOmega"));
    autoBox.list("downRatios", &AutoBoxData::downRatios, 3, 32,
                 kAutoBox("1", ge(0), plaus(0, 2), 0.1, 0.8, "per gear: shift down below this engine speed / maxOmega (reverse unused)"));
    autoBox.scalar("latency", &AutoBoxData::latency,
                   kAutoBox("s", ge(0), plaus(0, 60), 0.5, 3, "minimum time between autobox decisions"));

    auto clutch = d.object("clutch", &DriveConfig::clutch, kClutch.guide, "clutch");
    clutch.node().driveTypes = kEngineDrives;
    clutch.scalar("strength", &ClutchData::strength,
                  kClutch("N m s/rad", gt(0), plaus(1e-5, 1e5), 5, 20, "coupling torque per rad/s of clutch slip (guide: 10)"));
    clutch.scalar("accuracyMode", &ClutchData::accuracyMode,
                  kClutch("", any(), same(), kNaN, kNaN, "engine/wheel solve: exact (bestPossible) or iterative (estimate)"),
                  {"bestPossible", "estimate"});
    clutch.scalar("estimateIterations", &ClutchData::estimateIterations,
                  kClutch("1", closed(1, 1000), same(), 3, 10, "Gauss-Seidel sweeps in estimate mode"));

    auto diff4 = d.object("differential", &DriveConfig::differential4W, kDiff4W.guide, "4W differential");
    diff4.node().driveTypes = {DriveType::FourWheel};
    diff4.scalar("type", &Differential4WData::type,
                 kDiff4W("", any(), same(), kNaN, kNaN, "limited-slip (LS) or open, to all, front or rear wheels"),
                 {"LS_4WD", "LS_FRONTWD", "LS_REARWD", "OPEN_4WD", "OPEN_FRONTWD", "OPEN_REARWD"});
    diff4.scalar("frontRearSplit", &Differential4WData::frontRearSplit,
                 kDiff4W("1", closed(0, 1), same(), 0.3, 0.7, "share of drive torque to the front axle (4WD types)"));
    diff4.scalar("frontLeftRightSplit", &Differential4WData::frontLeftRightSplit,
                 kDiff4W("1", closed(0, 1), same(), 0.4, 0.6, "share of front torque to the front-left wheel"));
    diff4.scalar("rearLeftRightSplit", &Differential4WData::rearLeftRightSplit,
                 kDiff4W("1", closed(0, 1), same(), 0.4, 0.6, "share of rear torque to the rear-left wheel"));
    diff4.scalar("centreBias", &Differential4WData::centreBias,
                 kDiff4W("1", ge(1), plaus(1, 100), 1, 2, "LS_4WD: largest front/rear axle speed ratio before torque is diverted"));
    diff4.scalar("frontBias", &Differential4WData::frontBias,
                 kDiff4W("1", ge(1), plaus(1, 100), 1, 2, "limited slip: largest front left/right wheel speed ratio"));
    diff4.scalar("rearBias", &Differential4WData::rearBias,
                 kDiff4W("1", ge(1), plaus(1, 100), 1, 2, "limited slip: largest rear left/right wheel speed ratio"));

    auto diffN = d.object("differential", &DriveConfig::differentialNW, kDiffNW.guide, "NW differential");
    diffN.node().driveTypes = {DriveType::NWheel};
    diffN.list("drivenWheels", &DifferentialNWData::drivenWheels, 0, kMaxWheels,
               kDiffNW("1", closed(0, kMaxWheels - 1), same(), kNaN, kNaN, "indices of the driven wheels; they share the torque equally"));

    auto ack = d.object("ackermann", &DriveConfig::ackermann, kAckermann.guide, "Ackermann steering geometry");
    ack.node().driveTypes = {DriveType::FourWheel};
    ack.scalar("accuracy", &AckermannData::accuracy,
               kAckermann("1", closed(0, 1), same(), 0, 1, "0 = both wheels steer alike, 1 = perfect Ackermann"));
    ack.scalar("frontWidth", &AckermannData::frontWidth,
               kAckermann("m", gt(0), plaus(0.05, 20), 1, 2.5, "distance between the front wheel centres", true));
    ack.scalar("rearWidth", &AckermannData::rearWidth,
               kAckermann("m", gt(0), plaus(0.05, 20), 1, 2.5, "distance between the rear wheel centres", true));
    ack.scalar("axleSeparation", &AckermannData::axleSeparation,
               kAckermann("m", gt(0), plaus(0.05, 30), 2, 5, "distance between the front and rear axles", true));

    Node& tank = d.scalar("driveModel", &DriveConfig::tankDriveModel,
                          kTank("", any(), same(), kNaN, kNaN, "standard: tracks driven in the gear's direction; special: a track may turn backwards"),
                          {"standard", "special"});
    tank.driveTypes = {DriveType::Tank};
}

void smoothingParameters(ObjectBuilder<InputSmoothing> s, const Section& section)
{
    for (auto [key, member, what] : {std::tuple{"riseRates", &InputSmoothing::riseRates, "rise"},
                                     std::tuple{"fallRates", &InputSmoothing::fallRates, "fall"}}) {
        auto r = s.object(key, member, section.guide, std::string(what) + " rates per control");
        const std::string w = what;
        for (auto [name, m] : {std::pair{"accel", &SmoothingRates::accel}, std::pair{"brake", &SmoothingRates::brake},
                               std::pair{"handbrake", &SmoothingRates::handbrake},
                               std::pair{"steerLeft", &SmoothingRates::steerLeft},
                               std::pair{"steerRight", &SmoothingRates::steerRight}}) {
            const std::string d = w + " rate of the " + name + " control (tanks: accel, brake-left, brake-right, thrust-left, thrust-right)";
            r.scalar(name, m, section("1/s", ge(0), plaus(0, 1e4), 1, 20, d.c_str()));
        }
    }
}

std::unique_ptr<Node> buildVehicleTree()
{
    auto root = std::make_unique<Node>();
    root->kind = NodeKind::Object;
    ObjectBuilder<VehicleConfig> v(*root);

    v.scalar("name", &VehicleConfig::name, kVehicle("", any(), same(), kNaN, kNaN, "short name of the vehicle"));
    ParamInfo description = kVehicle("", any(), same(), kNaN, kNaN, "what the vehicle models");
    description.maxBytes = json::kMaxDescriptionBytes;
    v.scalar("description", &VehicleConfig::description, description);

    auto chassis = v.object("chassis", &VehicleConfig::chassis, kChassis.guide, "rigid body of the vehicle");
    chassis.scalar("mass", &ChassisConfig::mass, kChassis("kg", gt(0), plaus(0.5, 1e6), 800, 3000, "chassis rigid-body mass (guide: about 1500)"));
    ParamInfo moi = kChassis("kg m^2", gt(0), plaus(1e-4, 1e8), kNaN, kNaN, "principal moments of inertia about the CoM: roll, pitch, yaw", true);
    chassis.vec3("moi", &ChassisConfig::moi, moi);
    chassis.vec3("cmOffset", &ChassisConfig::cmOffset,
                 kChassis("m", any(), plaus(-kMaxOffset, kMaxOffset), kNaN, kNaN, "centre of mass in the chassis frame"));
    chassis.vec3("dimensions", &ChassisConfig::dimensions,
                 kChassis("m", gt(0), plaus(0.02, 30), kNaN, kNaN, "collision box length (x), width (y), height (z)", true));
    chassis.scalar("linearDamping", &ChassisConfig::linearDamping,
                   kChassis("1/s", ge(0), plaus(0, 1), 0, 0.1, "rigid-body linear velocity damping"));
    chassis.scalar("angularDamping", &ChassisConfig::angularDamping,
                   kChassis("1/s", ge(0), plaus(0, 1), 0, 0.5, "rigid-body angular velocity damping (PhysX actor default 0.05)"));

    wheelParameters(v.objectArray("wheels", &VehicleConfig::wheels, 1, kMaxWheels, kWheelsSim.guide,
                                  "wheels front to back, left before right: FL, FR, RL, RR, ..."));

    auto arb = v.objectArray("antiRollBars", &VehicleConfig::antiRollBars, 0, kMaxWheels, kAntiRoll.guide,
                             "anti-roll bars, each joining two wheels of one axle");
    arb.scalar("wheel0", &AntiRollBarConfig::wheel0, kAntiRoll("1", closed(0, kMaxWheels - 1), same(), kNaN, kNaN, "first wheel of the bar", true));
    arb.scalar("wheel1", &AntiRollBarConfig::wheel1, kAntiRoll("1", closed(0, kMaxWheels - 1), same(), kNaN, kNaN, "second wheel of the bar", true));
    arb.scalar("stiffness", &AntiRollBarConfig::stiffness,
               kAntiRoll("N/m", ge(0), plaus(0, 1e8), 0, 50000,
                         "bar force per metre of jounce difference; shifts load across the axle only in mode wheelForces"));
    // Not PhysX's: PhysX's bar is the roll torque alone, which cannot move load between the axles.
    Node& mode = arb.scalar("mode", &AntiRollBarConfig::mode,
                            kAntiRoll("", any(), same(), kNaN, kNaN,
                                      "rollTorque: a roll torque on the chassis only, as PhysX 4.1 and 5 (the tire loads never "
                                      "see the bar); wheelForces: equal and opposite forces at the two wheels that load the more "
                                      "compressed tire and unload the other, so the bars shift balance between the axles "
                                      "(not exportable to PhysX; docs/vehicle-model.md §2.13.1)"),
                            {"rollTorque", "wheelForces"});
    mode.omittedValue = Json("rollTorque");  // files written before the choice existed stay canonical

    auto tlf = v.object("tireLoadFilter", &VehicleConfig::tireLoadFilter, kLoadFilter.guide, "tire load filter");
    tlf.scalar("minNormalisedLoad", &TireLoadFilterData::minNormalisedLoad,
               kLoadFilter("1", any(), plaus(0, 20), 0, 0.5, "normalised load of the lower filter point"));
    tlf.scalar("minFilteredNormalisedLoad", &TireLoadFilterData::minFilteredNormalisedLoad,
               kLoadFilter("1", any(), plaus(0, 20), 0, 0.5, "filtered normalised load at and below the lower point"));
    tlf.scalar("maxNormalisedLoad", &TireLoadFilterData::maxNormalisedLoad,
               kLoadFilter("1", any(), plaus(0, 20), 2, 4, "normalised load of the upper filter point"));
    tlf.scalar("maxFilteredNormalisedLoad", &TireLoadFilterData::maxFilteredNormalisedLoad,
               kLoadFilter("1", gt(0), plaus(0, 20), 2, 4, "filtered normalised load at and above the upper point (cap)"));

    driveParameters(v.object("drive", &VehicleConfig::drive, "Drive", "drivetrain"));

    auto surfaces = v.object("surfaces", &VehicleConfig::surfaces, kSurfaces.guide, "tire types, surface types and their friction");
    surfaces.list("tireTypes", &SurfacesConfig::tireTypes, 1, 256,
                  kSurfaces("", any(), same(), kNaN, kNaN, "tire type names; a tire's type indexes this list"));
    surfaces.list("surfaceTypes", &SurfacesConfig::surfaceTypes, 1, 256,
                  kSurfaces("", any(), same(), kNaN, kNaN, "surface type names; terrain surfaces are matched by name, unknown ones use the first"));
    surfaces.matrix("friction", &SurfacesConfig::friction, 256, 256,
                    "friction[surface type][tire type]",
                    kSurfaces("1", ge(0), plaus(0, 5), 0, 2, "friction of a tire type on a surface type"));

    auto controls = v.object("controls", &VehicleConfig::controls, "Controls", "input smoothing and steering limit");
    smoothingParameters(controls.object("keySmoothing", &ControlsConfig::keySmoothing, kKeySmoothing.guide,
                                        "keyboard (digital) input smoothing"), kKeySmoothing);
    smoothingParameters(controls.object("padSmoothing", &ControlsConfig::padSmoothing, kPadSmoothing.guide,
                                        "gamepad (analog) input smoothing"), kPadSmoothing);
    controls.graph("steerVsForwardSpeedTable", &ControlsConfig::steerVsForwardSpeedTable, 1, 8,
                   "largest steer input fraction against forward speed",
                   kSteerTable("m/s", ge(0), plaus(0, 500), 0, 120, "forward speed of the point"),
                   kSteerTable("1", closed(0, 1), same(), 0.05, 1, "largest steer fraction at that speed"),
                   {"steerVsSpeed", "Steer limit vs forward speed", "forward speed", "largest steer fraction"});

    auto sim = v.object("simulation", &VehicleConfig::simulation, kSimulation.guide, "time step and sub-steps");
    Node& generation = sim.scalar("model", &SimulationConfig::model,
                                  kSimulation("", any(), same(), kNaN, kNaN, "vehicle model generation: physx41 (the PhysX 4.1 vehicle model, docs/vehicle-model.md) "
                                             "or physx5 (PhysX 5's vehicle2, docs/vehicle-model-physx5.md)"),
                                  {"physx41", "physx5"});
    generation.omittedValue = Json("physx41");  // files written before the choice existed stay canonical
    // 1e-4 s (10 kHz) at least: a 600 s run is then 6 million steps; finer steps make runs take hours.
    sim.scalar("timeStep", &SimulationConfig::timeStep,
               kSimulation("s", closed(1e-4, 0.1), same(), 1.0 / 240.0, 1.0 / 30.0, "fixed simulation step"));
    sim.scalar("thresholdLongitudinalSpeed", &SimulationConfig::thresholdLongitudinalSpeed,
               kSimulation("m/s", ge(0), plaus(0, 100), 1, 10, "forward speed below which the low-speed sub-step count applies"));
    sim.scalar("lowForwardSpeedSubStepCount", &SimulationConfig::lowForwardSpeedSubStepCount,
               kSimulation("1", closed(1, 100), same(), 1, 10, "sub-steps per step below the threshold speed"));
    sim.scalar("highForwardSpeedSubStepCount", &SimulationConfig::highForwardSpeedSubStepCount,
               kSimulation("1", closed(1, 100), same(), 1, 10, "sub-steps per step at and above the threshold speed"));
    sim.scalar("minLongSlipDenominator", &SimulationConfig::minLongSlipDenominator,
               kSimulation("m/s", gt(0), plaus(0.01, 100), 1, 10, "floor of the longitudinal slip denominator of free-rolling wheels"));
    sim.scalar("limitSuspensionExpansionVelocity", &SimulationConfig::limitSuspensionExpansionVelocity,
               kSimulation("", any(), same(), kNaN, kNaN, "treat a wheel as airborne when the spring cannot extend as fast as the ground falls away"));
    sim.scalar("disableSuspensionForceProjection", &SimulationConfig::disableSuspensionForceProjection,
               kSimulation("", any(), same(), kNaN, kNaN, "do not scale the spring force by the contact normal / strut angle"));
    return root;
}

}  // namespace

std::unique_ptr<Node> buildVehicleParameterTree()
{
    return buildVehicleTree();
}

}  // namespace jounce::config
