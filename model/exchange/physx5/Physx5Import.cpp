// PhysX 5 snippet JSON -> Jounce vehicle: the files are read into PhysX 5 terms (Physx5Read),
// the wheels put in Jounce's order, converted (Physx5Mapping) and the drive chosen
// (docs/physx5-usd.md "Importing PhysX 5 files").
#include "exchange/physx5/Physx5Json.h"

#include "config/VehicleValidation.h"
#include "exchange/ExchangeText.h"
#include "exchange/physx5/Physx5Read.h"
#include "json/TextFile.h"

#include <algorithm>
#include <cmath>

namespace jounce::exchange {
namespace {

using p5::BaseData;
using p5::DriveData;

struct Assembly {
    const BaseData& base;
    const DriveData& drive;
    const Physx5ImportOptions& options;
    std::vector<std::size_t> order;  ///< Jounce wheel k is the file's WheelId order[k]
    VehicleConfig& v;
    Problems& driveProblems;
    ConversionReport& report;

    /// The Jounce index of a file WheelId.
    std::size_t jounceIndex(int fileId) const
    {
        return static_cast<std::size_t>(std::find(order.begin(), order.end(), static_cast<std::size_t>(fileId)) -
                                        order.begin());
    }
};

std::vector<std::size_t> wheelOrder(const BaseData& base)
{
    std::vector<Vec3> positions;
    for (const p5::Wheel& w : base.wheels)
        positions.push_back(w.attachment);
    return p5::jounceWheelOrder(positions);
}

void assembleWheels(Assembly& a)
{
    const std::size_t n = a.base.wheelCount;
    const bool sameCount = a.options.base && a.options.base->wheels.size() == n;
    std::vector<WheelConfig> wheels(n);
    std::vector<std::array<GraphPoint, 2>> filters(n);
    const Vec3 cm = a.v.chassis.cmOffset;
    for (std::size_t k = 0; k < n; ++k) {
        wheels[k] = sameCount ? a.options.base->wheels[k] : WheelConfig{};
        p5::Wheel p = a.base.wheels[a.order[k]];
        if (a.options.model == ModelGenerationKind::Physx5) {
            p.restDistance.reset();  // the rest pose of the spring vehicle2 runs, not the legacy one
            p.ownRestLoad = true;
        }
        p.attachment = {p.attachment.x + cm.x, p.attachment.y + cm.y, p.attachment.z + cm.z};
        filters[k] = p5::importWheel(p, wheels[k], "wheels[" + std::to_string(k) + "]", a.report);
    }
    a.v.wheels = std::move(wheels);
    if (n > 0) {
        TireLoadFilterData& f = a.v.tireLoadFilter;
        f = {filters[0][0].x, filters[0][0].y, filters[0][1].x, filters[0][1].y};
        for (std::size_t k = 1; k < n; ++k)
            if (!closeTo(filters[k][0].x, f.minNormalisedLoad) || !closeTo(filters[k][0].y, f.minFilteredNormalisedLoad) ||
                !closeTo(filters[k][1].x, f.maxNormalisedLoad) || !closeTo(filters[k][1].y, f.maxFilteredNormalisedLoad)) {
                a.report.approximated("tireLoadFilter", "the tires have different load filters; Jounce has one per "
                                                        "vehicle: wheel 0's (the front-left)");
                break;
            }
    }
    bool order = true;
    for (std::size_t k = 0; k < n; ++k)
        order = order && a.order[k] == k;
    if (!order) {
        std::string map;
        for (std::size_t k = 0; k < n; ++k)
            map += (k ? ", " : "") + std::to_string(k) + " = WheelId " + std::to_string(a.order[k]);
        a.report.approximated("wheels", "put in Jounce's order, front to back and left before right: " + map);
    }
}

void assembleCommands(Assembly& a)
{
    const std::vector<double> brake = p5::perWheel(a.base.brake), hand = p5::perWheel(a.base.handbrake),
                              steer = p5::perWheel(a.base.steer);
    const DriveType type = a.v.drive.type;
    bool droppedSteer = false;
    for (std::size_t k = 0; k < a.v.wheels.size(); ++k) {
        const std::size_t id = a.order[k];
        WheelData& w = a.v.wheels[k].wheel;
        if (type == DriveType::Tank) {
            // A tank uses neither handbrake torques nor steer angles: the base's (or defaults) stay.
            w.maxBrakeTorque = k % 2 == 0 ? brake[id] : hand[id];
            droppedSteer = droppedSteer || steer[id] != 0.0;
        } else {
            w.maxBrakeTorque = brake[id];
            w.maxHandBrakeTorque = hand[id];
            w.maxSteer = type == DriveType::FourWheel && k >= 2 && k < 4 ? 0.0 - steer[id] : steer[id];
            if (type == DriveType::FourWheel && k >= 4) {
                droppedSteer = droppedSteer || steer[id] != 0.0;
                w.maxSteer = 0.0;
            }
        }
    }
    if (type == DriveType::Tank)
        a.report.approximated("wheels[*].wheel.maxBrakeTorque",
                              "tank: brake command 0 (BrakeCommandResponseParams) brakes the left track, command 1 "
                              "(HandbrakeCommandResponseParams) the right one, as Jounce's left and right brakes");
    if (droppedSteer)
        a.report.dropped("SteerCommandResponseParams", type == DriveType::Tank
                                                           ? "a tank steers with its tracks, not its wheels"
                                                           : "Jounce's 4W drive steers only its first two axles");
}

void assembleAckermann(Assembly& a)
{
    const p5::Ackermann& k = a.base.ackermann;
    if (a.v.drive.type != DriveType::FourWheel) {
        if (k.strength > 0.0)
            a.report.dropped("AckermannParams", "Jounce corrects the steering of 4W vehicles only");
        return;
    }
    AckermannData& d = a.v.drive.ackermann;
    d.accuracy = k.strength;
    d.frontWidth = k.trackWidth;
    d.axleSeparation = k.wheelBase;
    if (a.options.base)
        a.report.defaulted("drive.ackermann.rearWidth", "from the base vehicle: PhysX 5 corrects one axle");
    else {
        d.rearWidth = k.trackWidth;
        a.report.defaulted("drive.ackermann.rearWidth", "the front track width: PhysX 5 corrects one axle");
    }
    const std::size_t neg = a.jounceIndex(k.wheelIds[0]), pos = a.jounceIndex(k.wheelIds[1]);
    if (neg == 0 && pos == 1)
        a.report.approximated("AckermannParams.WheelIds", "list the left wheel first where PhysX 5 expects the right "
                                                          "one (negative lateral side): Jounce corrects them as a pair");
    else if (!(neg == 1 && pos == 0))
        a.report.approximated("AckermannParams.WheelIds", "are not the front axle's wheels: Jounce corrects the front axle");
}

void assembleGears(Assembly& a)
{
    DriveConfig& d = a.v.drive;
    const DriveData& f = a.drive;
    d.engine = f.engineData;
    if (f.idleOmega != 0.0)
        a.report.dropped("EngineParams.IdleOmega", "Jounce's engine has no idle speed: it spins down toward 0 off throttle");
    std::vector<double> ratios = f.ratios, up = f.autoBox.upRatios, down = f.autoBox.downRatios;
    up.resize(ratios.size(), 0.65);
    down.resize(ratios.size(), 0.5);
    if (f.autoBox.upRatios.size() < ratios.size() || f.autoBox.downRatios.size() < ratios.size())
        a.report.defaulted("AutoboxParams", "fewer ratios than gears: the missing ones are 0.65 (up) and 0.5 (down)");
    const auto neutral = static_cast<std::ptrdiff_t>(f.neutralGear);
    if (f.neutralGear == 0 && ratios.size() >= 2) {
        ratios.insert(ratios.begin(), -ratios[1]);
        up.insert(up.begin(), 0.65);
        down.insert(down.begin(), 0.5);
        a.report.approximated("GearboxParams.Ratios", "no reverse gear: Jounce needs one, added as minus first gear's ratio");
    } else if (f.neutralGear > 1) {
        for (auto* list : {&ratios, &up, &down})
            list->erase(list->begin(), list->begin() + neutral - 1);
        a.report.dropped("GearboxParams.Ratios", "Jounce has one reverse gear: the one next to neutral is kept");
    }
    d.gears.ratios = ratios;
    d.gears.finalRatio = f.finalRatio;
    d.gears.switchTime = f.switchTime;
    d.autoBox.upRatios = up;
    d.autoBox.downRatios = down;
    d.autoBox.latency = f.autoBox.latency;
    d.clutch = f.clutch;
    d.clutch.strength = f.clutchStrength;
    if (d.clutch.estimateIterations < 1) {
        d.clutch.estimateIterations = 1;
        a.report.approximated("ClutchParams.EstimateIterations", "0 (only allowed with the best-possible mode): 1");
    }
    if (a.options.model == ModelGenerationKind::Physx41)
        a.report.approximated("AutoboxParams.UpRatios[1]", "PhysX 5 leaves neutral for first gear at once in automatic "
                                                           "mode; PhysX 4.1 waits until the engine speed over MaxOmega "
                                                           "exceeds it");
}

}  // namespace

namespace {

/// Where the legacy spring's rest pose (Jounce's) and PhysX 5's own spring's differ.
void noteRestPoses(const BaseData& base, ModelGenerationKind model, ConversionReport& report)
{
    if (!base.legacySprings || model == ModelGenerationKind::Physx5) {
        report.approximated("wheels[*].suspension", "rest pose where PhysX 5's spring carries the sprung mass: "
                                                    "maxDroop = SprungMass x g / Stiffness (at most the travel)");
        return;
    }
    std::vector<std::string> reasons;
    for (const p5::Wheel& w : base.wheels) {
        const double legacy = w.travelDist - *w.restDistance;
        const double own = std::min(w.sprungMass * kGravity / w.stiffness, w.travelDist);
        reasons.push_back(std::abs(legacy - own) <= 1e-4 ? std::string()
                          : "rest pose from SuspensionForceLegacyParams (PhysX 4's preloaded spring, which Jounce "
                            "implements): " + num(legacy) + " m above full droop; PhysX 5's own spring "
                            "(SuspensionForceParams) rests " + num(own) + " m above it");
    }
    notePerWheel(report, NoteKind::Approximated, "suspension", reasons);
}

void assemble(Assembly& a)
{
    VehicleConfig& v = a.v;
    v.chassis.mass = a.base.mass;
    v.chassis.moi = a.base.moi;
    if (!a.options.base) {
        v.name = "PhysX 5 vehicle";
        v.description = "Imported from PhysX 5 snippet files (Base.json and its drive file).";
        v.chassis.cmOffset = Vec3{};
    }
    v.simulation.limitSuspensionExpansionVelocity = a.base.limitExpansion;
    assembleWheels(a);
    if (!a.options.base) {
        v.chassis.dimensions = p5::estimatedChassisBox(v);
        a.report.defaulted("chassis.dimensions", "a box around the wheels, " + num(v.chassis.dimensions.x) + " x " +
                                                     num(v.chassis.dimensions.y) + " x " + num(v.chassis.dimensions.z) +
                                                     " m, centred on the centre of mass (cmOffset 0)");
        a.report.defaulted("antiRollBars, surfaces, controls, simulation, chassis damping",
                           "Jounce's defaults (give --base VEHICLE.json to take them from a vehicle)");
    } else {
        a.report.defaulted("chassis.dimensions, chassis.cmOffset, antiRollBars, surfaces, controls, simulation",
                           "from the base vehicle; the file's positions are taken relative to its centre of mass");
        if (a.options.base->wheels.size() != v.wheels.size()) {
            v.antiRollBars.clear();
            a.report.dropped("antiRollBars", "the base vehicle has a different number of wheels");
        }
    }
    v.simulation.model = a.options.model;
    const bool physx5 = a.options.model == ModelGenerationKind::Physx5;
    if (a.base.sweepJounce != physx5)
        a.report.approximated("SuspensionStateCalculationParams.JounceCalculationType",
                              physx5 ? "raycasts (0): the physx5 model places the wheel's cylinder on the road plane "
                                       "(the same on flat ground with upright wheels)"
                                     : "sweeps (1) find the ground with the wheel's cylinder; the physx41 model casts rays");
    noteRestPoses(a.base, a.options.model, a.report);
    if (a.options.model == ModelGenerationKind::Physx41)
        a.report.approximated("simulation.model", "physx41 as asked: the car drives as PhysX 4.1 would drive it, not as "
                                                  "vehicle2 does (docs/vehicle-model-physx5.md lists what changes: the "
                                                  "spring's preload, sticky tires, slips, gearbox timing, gravity, the "
                                                  "differential and the handbrake)");
    if (a.drive.engine) {
        assembleGears(a);
        p5::assembleDifferential(a.base, a.drive, a.options, a.order, v, a.driveProblems, a.report);
    } else {
        v.drive.type = DriveType::None;
        a.report.dropped("ThrottleCommandResponseParams", "Jounce's no-drive vehicle takes wheel torques from the "
                                                          "driver (its keyboard gives maxBrakeTorque / 4 at full throttle)");
    }
    assembleCommands(a);
    assembleAckermann(a);
}

}  // namespace

ImportResult importPhysx5(std::string_view baseText, std::string_view driveText, const Physx5ImportOptions& options)
{
    ImportResult result;
    result.report.title = "PhysX 5 import";
    FileProblems baseFile{kPhysx5BaseFile, {}}, driveFile{"drive file", {}};
    const std::optional<json::Json> baseDoc = json::parseJson(baseText, baseFile.problems);
    const std::optional<json::Json> driveDoc = json::parseJson(driveText, driveFile.problems);
    BaseData base;
    DriveData drive;
    const bool baseOk = baseDoc && p5::readBase(*baseDoc, baseFile.problems, result.report, base);
    const bool driveOk = driveDoc && base.wheelCount > 0 &&
                         p5::readDrive(*driveDoc, base.wheelCount, base.scale, driveFile.problems, result.report, drive);
    if (baseOk && driveOk) {
        result.vehicle = options.base ? *options.base : VehicleConfig{};
        Assembly a{base, drive, options, wheelOrder(base), result.vehicle, driveFile.problems, result.report};
        assemble(a);
    }
    const bool built = baseOk && driveOk && !driveFile.problems.hasErrors();
    result.problems.push_back(std::move(baseFile));
    result.problems.push_back(std::move(driveFile));
    if (built)
        result.problems.push_back({"imported vehicle", validateVehicle(result.vehicle)});
    return result;
}

ImportResult importPhysx5Files(const std::string& basePath, const std::string& drivePath,
                               const Physx5ImportOptions& options)
{
    if (!options.control.enter(ImportStage::Reading))
        return cancelledImport("PhysX 5 import", basePath);
    const json::JsonLimits limits;
    std::string baseText, driveText;
    const std::string baseErr = json::readTextFile(basePath, limits.maxBytes, baseText);
    const std::string driveErr = json::readTextFile(drivePath, limits.maxBytes, driveText);
    if (!baseErr.empty() || !driveErr.empty()) {
        ImportResult result;
        result.report.title = "PhysX 5 import";
        for (const auto& [path, err] : {std::pair{basePath, baseErr}, std::pair{drivePath, driveErr}})
            if (!err.empty()) {
                result.problems.push_back({path, {}});
                result.problems.back().problems.error("", err);
            }
        return result;
    }
    if (!options.control.enter(ImportStage::Converting))
        return cancelledImport("PhysX 5 import", basePath);
    ImportResult result = importPhysx5(baseText, driveText, options);
    result.problems[0].file = basePath;
    result.problems[1].file = drivePath;
    return result;
}

}  // namespace jounce::exchange
