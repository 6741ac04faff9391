// The drive of a USD vehicle: PhysxVehicleDriveStandardAPI's engine, gears, autobox and clutch,
// the multi-wheel or tank differential, the brakes and the steering (docs/physx5-usd.md "Reading
// USD layers").
#include "exchange/usd/UsdRead.h"

#include "exchange/ExchangeText.h"
#include "exchange/physx5/Physx5Mapping.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace jounce::exchange::usdread {

using usda::lineLocation;
using usda::Prim;

namespace {

const char* const kDifferentialTypes[] = {"LS_4WD", "LS_FRONTWD", "LS_REARWD", "OPEN_4WD", "OPEN_FRONTWD", "OPEN_REARWD"};

/// Per Jounce wheel: `values` given for the attachment indices `wheels` (all wheels when empty).
std::vector<double> perWheel(const Context& c, const std::vector<double>& wheels, const std::vector<double>& values,
                             double fallback, int line)
{
    std::vector<double> out(c.wheels.size(), 0.0);
    const std::size_t count = wheels.empty() ? c.wheels.size() : wheels.size();
    if (!values.empty() && values.size() != count)
        c.problems.error(lineLocation(line), "the per-wheel values must be as many as the wheels they name");
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t k = wheels.empty() ? i : c.wheelAt(std::llround(wheels[i]));
        if (k >= out.size()) {
            c.problems.error(lineLocation(line), "wheel index " + num(wheels[i]) + " names no wheel attachment");
            continue;
        }
        out[k] = i < values.size() ? values[i] : fallback;
    }
    return out;
}

void readEngine(Context& c, const Prim& drive, DriveConfig& d)
{
    const double T = c.units.torque();
    if (const Prim* e = c.component(drive, "PhysxVehicleEngineAPI", "physxVehicleDriveStandard:engine")) {
        const Attributes a(*e, c.problems);
        const auto orDefault = [&](const char* name, double fallback) {
            const double x = a.number(name).value_or(-1.0);
            return x < 0.0 ? fallback : x * T;
        };
        d.engine.moi = a.number("physxVehicleEngine:moi").value_or(1.0 / T) * T;
        d.engine.peakTorque = orDefault("physxVehicleEngine:peakTorque", 500.0);
        d.engine.maxOmega = a.number("physxVehicleEngine:maxRotationSpeed").value_or(600.0);
        if (a.number("physxVehicleEngine:idleRotationSpeed").value_or(0.0) != 0.0)
            c.report.dropped("physxVehicleEngine:idleRotationSpeed", "Jounce's engine has no idle speed");
        if (const auto curve = a.tuples("physxVehicleEngine:torqueCurve", 2)) {
            d.engine.torqueCurve.clear();
            for (const std::vector<double>& p : *curve)
                d.engine.torqueCurve.push_back({p[0], p[1]});
        }
        d.engine.dampingRateFullThrottle = orDefault("physxVehicleEngine:dampingRateFullThrottle", 0.15);
        d.engine.dampingRateZeroThrottleClutchEngaged = orDefault("physxVehicleEngine:dampingRateZeroThrottleClutchEngaged", 2.0);
        d.engine.dampingRateZeroThrottleClutchDisengaged =
            orDefault("physxVehicleEngine:dampingRateZeroThrottleClutchDisengaged", 0.35);
    }
    if (const Prim* cl = c.component(drive, "PhysxVehicleClutchAPI", "physxVehicleDriveStandard:clutch"))
        d.clutch.strength = Attributes(*cl, c.problems).number("physxVehicleClutch:strength").value_or(10.0 / T) * T;
}

void readGears(Context& c, const Prim& drive, DriveConfig& d)
{
    std::vector<double> ratios{-4.0, 4.0, 2.0, 1.5, 1.1, 1.0};
    if (const Prim* g = c.component(drive, "PhysxVehicleGearsAPI", "physxVehicleDriveStandard:gears")) {
        const Attributes a(*g, c.problems);
        ratios = a.numbers("physxVehicleGears:ratios").value_or(ratios);
        d.gears.finalRatio = a.number("physxVehicleGears:ratioScale").value_or(4.0);
        d.gears.switchTime = a.number("physxVehicleGears:switchTime").value_or(0.5);
    }
    if (ratios.size() < 2 || ratios.size() > 31 || ratios[0] >= 0.0) {
        c.problems.error(lineLocation(drive.line), "physxVehicleGears:ratios: a reverse gear (negative) and 1 to 30 "
                                                   "forward gears");
        return;
    }
    ratios.insert(ratios.begin() + 1, 0.0);  // Jounce lists neutral
    d.gears.ratios = ratios;
    const std::size_t n = ratios.size(), top = n - 1;
    std::vector<double> up(n, 0.65), down(n, 0.5);
    up[kNeutralGearIndex] = 0.15;
    for (auto [key, list] : {std::pair{"autoBoxUpRatios", &up}, std::pair{"autoBoxDownRatios", &down}})
        if (const usda::Value* x = c.extra(key))
            if (const auto v = numbersOf(*x); v && v->size() == n)
                *list = *v;
    if (const Prim* box = c.component(drive, "PhysxVehicleAutoGearBoxAPI", "physxVehicleDriveStandard:autoGearBox")) {
        const Attributes a(*box, c.problems);
        const std::vector<double> u = a.numbers("physxVehicleAutoGearBox:upRatios").value_or(std::vector<double>{});
        const std::vector<double> w = a.numbers("physxVehicleAutoGearBox:downRatios").value_or(std::vector<double>{});
        for (std::size_t i = 0; i < u.size() && kFirstGearIndex + i < top; ++i)
            up[kFirstGearIndex + i] = u[i];
        for (std::size_t i = 0; i < w.size() && kFirstGearIndex + 1 + i <= top; ++i)
            down[kFirstGearIndex + 1 + i] = w[i];
        d.autoBox.latency = a.number("physxVehicleAutoGearBox:latency").value_or(2.0);
    } else {
        c.report.defaulted("drive.autoBox", "no PhysxVehicleAutoGearBoxAPI: Jounce's autobox tables (it is switched "
                                            "on and off while driving)");
    }
    d.autoBox.upRatios = up;
    d.autoBox.downRatios = down;
}

/// 4W (Jounce's customData says so, or Ackermann steering over the first two axles), else NW.
void readMultiWheel(Context& c, const Prim& drive, VehicleConfig& v)
{
    const Attributes a(drive, c.problems);
    const std::vector<double> wheels = a.numbers("physxVehicleMultiWheelDifferential:wheels").value_or(std::vector<double>{});
    const int line = drive.line;
    const std::size_t count = wheels.empty() ? c.wheels.size() : wheels.size();
    const std::vector<double> t = perWheel(c, wheels, a.numbers("physxVehicleMultiWheelDifferential:torqueRatios")
                                               .value_or(std::vector<double>(count, 1.0 / static_cast<double>(count))), 0.0, line);
    const std::vector<double> s = perWheel(c, wheels, a.numbers("physxVehicleMultiWheelDifferential:averageWheelSpeedRatios")
                                               .value_or(std::vector<double>(count, 1.0 / static_cast<double>(count))), 0.0, line);
    const usda::Value* type = c.extra("differentialType");
    const bool firstAxles = c.wheels.size() >= 4 && std::all_of(t.begin() + 4, t.end(), [](double x) { return x == 0.0; });
    if (firstAxles && (type || c.vehicle->applies("PhysxVehicleAckermannSteeringAPI"))) {
        v.drive.type = DriveType::FourWheel;
        Differential4WData& d = v.drive.differential4W;
        if (const std::string err = p5::importFourWheel({t[0], t[1], t[2], t[3]}, {s[0], s[1], s[2], s[3]}, {}, d, c.report);
            !err.empty())
            c.problems.error(lineLocation(line), err);
        if (type)
            for (std::size_t i = 0; i < 6; ++i)
                if (type->text == kDifferentialTypes[i])
                    d.type = static_cast<DifferentialType>(i);
        const auto three = [&](const char* key) {
            const usda::Value* x = c.extra(key);
            const auto n = x ? numbersOf(*x) : std::nullopt;
            return n && n->size() == 3 ? n : std::nullopt;
        };
        if (const auto sp = three("differentialSplits")) {
            d.frontRearSplit = (*sp)[0];
            d.frontLeftRightSplit = (*sp)[1];
            d.rearLeftRightSplit = (*sp)[2];
        }
        if (const auto b = three("differentialBiases")) {
            d.centreBias = (*b)[0];
            d.frontBias = (*b)[1];
            d.rearBias = (*b)[2];
        }
        if (!type)
            c.report.defaulted("drive.type", "4W: an Ackermann-steered vehicle driving the first two axles");
        return;
    }
    v.drive.type = DriveType::NWheel;
    v.drive.differentialNW.drivenWheels.clear();
    for (std::size_t k = 0; k < t.size(); ++k)
        if (t[k] != 0.0)
            v.drive.differentialNW.drivenWheels.push_back(static_cast<int>(k));
    const double share = 1.0 / static_cast<double>(std::max<std::size_t>(1, v.drive.differentialNW.drivenWheels.size()));
    if (std::any_of(t.begin(), t.end(), [&](double x) { return x != 0.0 && !closeTo(x, share); }))
        c.report.approximated("drive.differential.drivenWheels", "Jounce shares the torque equally among the driven wheels");
}

void readTank(Context& c, const Prim& drive, VehicleConfig& v)
{
    const Attributes a(drive, c.problems);
    const auto counts = a.numbers("physxVehicleTankDifferential:numberOfWheelsPerTrack").value_or(std::vector<double>{});
    const auto starts = a.numbers("physxVehicleTankDifferential:trackToWheelIndices").value_or(std::vector<double>{});
    const auto wheels = a.numbers("physxVehicleTankDifferential:wheelIndicesInTrackOrder").value_or(std::vector<double>{});
    const std::size_t n = c.wheels.size();
    std::vector<int> side(n, -1);
    bool ok = counts.size() == 2 && starts.size() == 2 && n % 2 == 0;
    for (std::size_t t = 0; ok && t < 2; ++t)
        // Clamped before the conversions (1e30 has no size_t): past n wheels the track is refused anyway.
        for (std::size_t j = 0; ok && j < static_cast<std::size_t>(std::clamp(counts[t], 0.0, double(n) + 1.0)); ++j) {
            const std::size_t at = static_cast<std::size_t>(std::clamp(starts[t], 0.0, double(wheels.size()))) + j;
            const std::size_t k = at < wheels.size() ? c.wheelAt(std::llround(wheels[at])) : n;
            ok = k < n && side[k] == -1;
            if (ok)
                side[k] = static_cast<int>(t);
        }
    for (std::size_t k = 0; ok && k < n; ++k)
        ok = side[k] != -1 && side[k] == side[k % 2] && side[0] != side[1];
    if (!ok) {
        c.problems.error(lineLocation(drive.line), "Jounce's tank has two tracks: the left wheels (even) and the right "
                                                   "wheels (odd), each wheel in one track");
        return;
    }
    v.drive.type = DriveType::Tank;
    if (const usda::Value* m = c.extra("tankDriveModel"))
        v.drive.tankDriveModel = m->text == "special" ? TankDriveModel::Special : TankDriveModel::Standard;
    else
        c.report.defaulted("drive.driveModel", "USD's tank thrusts range over [-1, 1]; the vehicle keeps its model");
}

}  // namespace

void readDrive(Context& c, VehicleConfig& v)
{
    const Prim& veh = *c.vehicle;
    const Prim* drive = &veh;
    if (!veh.applies("PhysxVehicleDriveStandardAPI") && !veh.applies("PhysxVehicleDriveBasicAPI")) {
        const std::vector<std::string> t = Attributes(veh, c.problems).targets("physxVehicle:drive");
        drive = t.empty() ? nullptr : c.layer.find(t[0]);
    }
    if (!drive || !drive->applies("PhysxVehicleDriveStandardAPI")) {
        v.drive.type = DriveType::None;
        if (drive)
            c.report.approximated("PhysxVehicleDriveBasicAPI", "Jounce's no-drive vehicle takes wheel torques from "
                                                               "the driver (its keyboard gives maxBrakeTorque / 4)");
        readCommands(c, v);
        return;
    }
    readEngine(c, *drive, v.drive);
    readGears(c, *drive, v.drive);
    if (veh.applies("PhysxVehicleTankDifferentialAPI"))
        readTank(c, veh, v);
    else
        readMultiWheel(c, veh, v);
    readCommands(c, v);
}

}  // namespace jounce::exchange::usdread
