// The rest of a USD vehicle: brakes and steering, ground materials and tire friction tables, the
// PhysxVehicleAPI settings and Jounce's customData (docs/physx5-usd.md "Reading USD layers").
#include "exchange/usd/UsdRead.h"

#include "exchange/ExchangeText.h"

#include <algorithm>
#include <cmath>
#include <functional>

namespace jounce::exchange::usdread {

using usda::lineLocation;
using usda::Prim;
using usda::Value;

namespace {

/// A Jounce vehicle holds at most this many tire types and surface types (the vehicle file's limit,
/// config/VehicleParameters.cpp): more tables or ground materials are refused before the friction
/// matrix, tables x materials, is made.
constexpr std::size_t kMaxTypes = 256;

/// A multiple-apply brakes instance: torque per Jounce wheel (0 when the instance is not applied).
std::vector<double> brakes(const Context& c, const char* instance)
{
    const std::size_t n = c.wheels.size();
    std::vector<double> out(n, 0.0);
    if (!c.vehicle->applies(std::string("PhysxVehicleBrakesAPI:") + instance))
        return out;
    const Attributes a(*c.vehicle, c.problems);
    const std::string p = std::string("physxVehicleBrakes:") + instance + ":";
    const double max = a.number(p + "maxBrakeTorque").value_or(0.0) * c.units.torque();
    const std::vector<double> wheels = a.numbers(p + "wheels").value_or(std::vector<double>{});
    const std::vector<double> mult = a.numbers(p + "torqueMultipliers").value_or(std::vector<double>{});
    const std::size_t count = wheels.empty() ? n : wheels.size();
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t k = wheels.empty() ? i : c.wheelAt(std::llround(wheels[i]));
        if (k < n)
            out[k] = max * (i < mult.size() ? mult[i] : 1.0);
        else
            c.problems.error(lineLocation(c.vehicle->line), p + "wheels names a wheel that does not exist");
    }
    return out;
}

std::vector<double> steering(Context& c, VehicleConfig& v)
{
    const std::size_t n = c.wheels.size();
    std::vector<double> out(n, 0.0);
    const Attributes a(*c.vehicle, c.problems);
    if (c.vehicle->applies("PhysxVehicleAckermannSteeringAPI")) {
        const std::size_t right = c.wheelAt(std::llround(a.number("physxVehicleAckermannSteering:wheel0").value_or(-1)));
        const std::size_t left = c.wheelAt(std::llround(a.number("physxVehicleAckermannSteering:wheel1").value_or(-1)));
        const double angle = a.number("physxVehicleAckermannSteering:maxSteerAngle").value_or(0.0);
        if (right >= n || left >= n) {
            c.problems.error(lineLocation(c.vehicle->line), "the Ackermann steering's wheel0 and wheel1 must name wheels");
            return out;
        }
        out[left] = out[right] = angle;
        if (!(right == 1 && left == 0))
            c.report.approximated("physxVehicleAckermannSteering", "wheel0 and wheel1 are not the front right and "
                                                                   "front left wheels: Jounce corrects the front axle");
        AckermannData& k = v.drive.ackermann;
        k.accuracy = a.number("physxVehicleAckermannSteering:strength").value_or(1.0);
        k.frontWidth = a.number("physxVehicleAckermannSteering:trackWidth").value_or(0.0) * c.units.length;
        k.axleSeparation = a.number("physxVehicleAckermannSteering:wheelBase").value_or(0.0) * c.units.length;
        const Value* rear = c.extra("rearAckermannWidth");
        k.rearWidth = rear && rear->kind == Value::Kind::Number ? rear->number : k.frontWidth;
        if (!rear && v.drive.type == DriveType::FourWheel)
            c.report.defaulted("drive.ackermann.rearWidth", "the front track width: USD corrects one axle");
        if (v.drive.type != DriveType::FourWheel)
            c.report.approximated("physxVehicleAckermannSteering", "Jounce corrects only 4W vehicles' steering: the "
                                                                   "two wheels steer by maxSteerAngle");
    } else if (c.vehicle->applies("PhysxVehicleSteeringAPI")) {
        const std::vector<double> wheels = a.numbers("physxVehicleSteering:wheels").value_or(std::vector<double>{});
        const std::vector<double> mult = a.numbers("physxVehicleSteering:angleMultipliers").value_or(std::vector<double>{});
        const double angle = a.number("physxVehicleSteering:maxSteerAngle").value_or(0.0);
        const std::size_t count = wheels.empty() ? n : wheels.size();
        for (std::size_t i = 0; i < count; ++i)
            if (const std::size_t k = wheels.empty() ? i : c.wheelAt(std::llround(wheels[i])); k < n)
                out[k] = angle * (i < mult.size() ? mult[i] : 1.0);
    }
    if (v.drive.type == DriveType::FourWheel && !c.vehicle->applies("PhysxVehicleAckermannSteeringAPI") && n >= 4) {
        const auto& w = v.wheels;
        v.drive.ackermann = {0.0, std::abs(w[0].geometry.wheelCentreOffset.y - w[1].geometry.wheelCentreOffset.y),
                             std::abs(w[2].geometry.wheelCentreOffset.y - w[3].geometry.wheelCentreOffset.y),
                             w[0].geometry.wheelCentreOffset.x - w[2].geometry.wheelCentreOffset.x};
        c.report.defaulted("drive.ackermann", "no Ackermann steering: accuracy 0, the geometry of the wheels");
    }
    return out;
}

}  // namespace

void readCommands(Context& c, VehicleConfig& v)
{
    const std::size_t n = c.wheels.size();
    if (v.drive.type == DriveType::None) {
        for (std::size_t k = 0; k < n; ++k) {
            const Prim* wheel = c.component(*c.wheels[k], "PhysxVehicleWheelAPI", "physxVehicleWheelAttachment:wheel");
            if (!wheel)
                continue;
            const Attributes a(*wheel, c.problems);
            WheelData& w = v.wheels[k].wheel;
            w.maxBrakeTorque = a.number("physxVehicleWheel:maxBrakeTorque").value_or(w.maxBrakeTorque / c.units.torque()) * c.units.torque();
            w.maxHandBrakeTorque = a.number("physxVehicleWheel:maxHandBrakeTorque").value_or(w.maxHandBrakeTorque / c.units.torque()) * c.units.torque();
            w.maxSteer = a.number("physxVehicleWheel:maxSteerAngle").value_or(w.maxSteer);
        }
        return;
    }
    const std::vector<double> b0 = brakes(c, "brakes0"), b1 = brakes(c, "brakes1");
    std::vector<double> steer = steering(c, v);
    if (const Value* x = c.extra("wheelMaxSteer"))
        if (const auto s = numbersOf(*x); s && s->size() == n)
            steer = *s;
    std::vector<double> hand = b1;
    const bool tank = v.drive.type == DriveType::Tank;
    if (tank) {
        hand.assign(n, 0.0);
        if (const Value* x = c.extra("wheelMaxHandBrakeTorque"))
            if (const auto h = numbersOf(*x); h && h->size() == n)
                hand = *h;
    }
    for (std::size_t k = 0; k < n; ++k) {
        WheelData& w = v.wheels[k].wheel;
        w.maxBrakeTorque = tank && k % 2 == 1 ? b1[k] : b0[k];
        w.maxHandBrakeTorque = hand[k];
        w.maxSteer = steer[k];
    }
}

void readSurfaces(Context& c, VehicleConfig& v)
{
    std::vector<const Prim*> tables;
    const std::function<void(const std::vector<Prim>&)> collect = [&](const std::vector<Prim>& prims) {
        for (const Prim& p : prims) {
            if (p.typeName == "PhysxVehicleTireFrictionTable")
                tables.push_back(&p);
            collect(p.children);
        }
    };
    collect(c.layer.prims);
    if (tables.size() > kMaxTypes) {
        c.problems.error(lineLocation(tables[kMaxTypes]->line),
                         "more than " + std::to_string(kMaxTypes) +
                             " tire friction tables: a Jounce vehicle has at most that many tire types");
        return;
    }
    if (tables.empty()) {
        c.report.defaulted("surfaces", "no PhysxVehicleTireFrictionTable in the layer: " +
                                           std::string(c.options.base ? "the base vehicle's" : "Jounce's default") +
                                           " friction table");
        for (WheelConfig& w : v.wheels)
            w.tire.type = 0;
        return;
    }
    const auto nameOf = [](const Prim& p) {
        const Value* custom = p.meta("customData");
        const Value* n = custom ? custom->entry("jounceName") : nullptr;
        return n && n->kind == Value::Kind::String && !n->text.empty() ? n->text : p.name;
    };
    SurfacesConfig s{{}, {}, {}};
    std::vector<std::string> materialPaths;
    std::vector<std::vector<std::string>> targets;
    for (const Prim* t : tables) {
        s.tireTypes.push_back(nameOf(*t));
        targets.push_back(Attributes(*t, c.problems).targets("groundMaterials"));
        for (const std::string& m : targets.back())
            if (std::find(materialPaths.begin(), materialPaths.end(), m) == materialPaths.end())
                materialPaths.push_back(m);
        if (materialPaths.size() > kMaxTypes) {
            c.problems.error(lineLocation(t->line), "more than " + std::to_string(kMaxTypes) +
                                                        " ground materials: a Jounce vehicle has at most that many "
                                                        "surface types");
            return;
        }
    }
    for (const std::string& m : materialPaths) {
        const Prim* p = c.layer.find(m);
        s.surfaceTypes.push_back(p ? nameOf(*p) : m.substr(m.rfind('/') + 1));
    }
    if (s.surfaceTypes.empty())
        s.surfaceTypes.push_back("default");
    s.friction.assign(s.surfaceTypes.size(), std::vector<double>(tables.size(), 1.0));
    for (std::size_t t = 0; t < tables.size(); ++t) {
        const Attributes a(*tables[t], c.problems);
        const std::vector<double> values = a.numbers("frictionValues").value_or(std::vector<double>{});
        const double fallback = a.number("defaultFrictionValue").value_or(1.0);
        if (values.size() != targets[t].size())
            c.problems.error(lineLocation(tables[t]->line), "frictionValues must hold one value per ground material");
        for (std::size_t m = 0; m < s.surfaceTypes.size(); ++m) {
            const auto at = materialPaths.empty() ? targets[t].end()
                                                  : std::find(targets[t].begin(), targets[t].end(), materialPaths[m]);
            const std::size_t i = static_cast<std::size_t>(at - targets[t].begin());
            s.friction[m][t] = at != targets[t].end() && i < values.size() ? values[i] : fallback;
        }
        if (!closeTo(fallback, s.friction[0][t]))
            c.report.approximated("surfaces", "a table's defaultFrictionValue: Jounce gives unknown ground its first "
                                              "surface type's friction");
    }
    for (std::size_t k = 0; k < c.wheels.size(); ++k) {
        const Prim* tire = c.component(*c.wheels[k], "PhysxVehicleTireAPI", "physxVehicleWheelAttachment:tire");
        const std::vector<std::string> t = tire ? Attributes(*tire, c.problems).targets("physxVehicleTire:frictionTable")
                                                : std::vector<std::string>{};
        const Prim* table = t.empty() ? nullptr : c.layer.find(t[0]);
        const auto it = std::find(tables.begin(), tables.end(), table);
        if (!t.empty() && it == tables.end())
            c.problems.error(lineLocation(tire->property("physxVehicleTire:frictionTable")->line),
                             "physxVehicleTire:frictionTable targets " + t[0] + ", which is " +
                                 (table ? "not a PhysxVehicleTireFrictionTable" : "not in this layer"));
        v.wheels[k].tire.type = it == tables.end() ? 0 : static_cast<int>(it - tables.begin());
    }
    v.surfaces = s;
}

namespace {

void readSettings(Context& c, VehicleConfig& v)
{
    const Attributes a(*c.vehicle, c.problems);
    const double L = c.units.length;
    SimulationConfig& s = v.simulation;
    // Omniverse and Isaac Sim run vehicle2: a layer's car is a PhysX 5 car unless Jounce wrote it as
    // another (the "model" of its customData, readExtras).
    s.model = ModelGenerationKind::Physx5;
    s.limitSuspensionExpansionVelocity = a.boolean("physxVehicle:limitSuspensionExpansionVelocity").value_or(false);
    s.thresholdLongitudinalSpeed = a.number("physxVehicle:subStepThresholdLongitudinalSpeed").value_or(5.0 / L) * L;
    // Within an int before the conversion (1e30 has none); validation then refuses what is outside 1 to 100.
    const auto count = [&](const char* name, double unset) {
        return static_cast<int>(std::clamp(a.number(name).value_or(unset), -1e9, 1e9));
    };
    s.lowForwardSpeedSubStepCount = count("physxVehicle:lowForwardSpeedSubStepCount", 3.0);
    s.highForwardSpeedSubStepCount = count("physxVehicle:highForwardSpeedSubStepCount", 1.0);
    const double passive = a.number("physxVehicle:minPassiveLongitudinalSlipDenominator").value_or(0.0);
    s.minLongSlipDenominator =
        passive > 0.0 ? passive * L : a.number("physxVehicle:minLongitudinalSlipDenominator").value_or(4.0 / L) * L;
    struct Fixed {
        const char* name;
        double unset;   ///< the schema's "use the default" value
        double jounce;  ///< Jounce's fixed value (vehicle-model §1.18)
    };
    for (const Fixed& f : {Fixed{"physxVehicle:minActiveLongitudinalSlipDenominator", 0.0, 0.1},
                           Fixed{"physxVehicle:minLateralSlipDenominator", 0.0, 1.0},
                           Fixed{"physxVehicle:longitudinalStickyTireThresholdSpeed", -1.0, 0.2},
                           Fixed{"physxVehicle:lateralStickyTireThresholdSpeed", -1.0, 0.2},
                           Fixed{"physxVehicle:longitudinalStickyTireThresholdTime", 1.0, 1.0},
                           Fixed{"physxVehicle:lateralStickyTireThresholdTime", 1.0, 1.0}}) {
        const double x = a.number(f.name).value_or(f.unset);
        const bool speed = std::string(f.name).find("Time") == std::string::npos;
        if (x != f.unset && !closeTo(speed ? x * L : x, f.jounce))
            c.report.dropped(f.name, "Jounce's is fixed at " + num(f.jounce));
    }
    for (const char* damping : {"physxVehicle:longitudinalStickyTireDamping", "physxVehicle:lateralStickyTireDamping"})
        if (a.has(damping))
            c.report.dropped(damping, "Jounce holds a sticky tire with a rigid velocity constraint, not a damped one");
    if (a.token("physxVehicle:suspensionLineQueryType").value_or("raycast") == "sweep")
        c.report.approximated("physxVehicle:suspensionLineQueryType", "sweeps: Jounce casts rays");
    const std::function<const Prim*(const std::vector<Prim>&)> scene = [&](const std::vector<Prim>& prims) -> const Prim* {
        for (const Prim& p : prims) {
            if (p.typeName == "PhysicsScene")
                return &p;
            if (const Prim* inner = scene(p.children))
                return inner;
        }
        return nullptr;
    };
    if (const Prim* p = scene(c.layer.prims))
        if (const auto rate = Attributes(*p, c.problems).number("physxScene:timeStepsPerSecond"); rate && *rate > 0.0)
            s.timeStep = 1.0 / *rate;
}

SmoothingRates ratesOf(const std::vector<double>& r, const SmoothingRates& fallback)
{
    return r.size() == 5 ? SmoothingRates{r[0], r[1], r[2], r[3], r[4]} : fallback;
}

}  // namespace

void readExtras(Context& c, VehicleConfig& v)
{
    readSettings(c, v);
    if (c.options.base && c.options.base->wheels.size() != v.wheels.size())
        v.antiRollBars.clear();
    if (!c.jounce) {
        c.report.defaulted("simulation.model", "physx5: the layer has no Jounce customData, and Omniverse runs PhysX 5's vehicle2");
        c.report.defaulted("antiRollBars, tireLoadFilter, controls, simulation.timeStep",
                           std::string("no Jounce customData: ") + (c.options.base ? "the base vehicle's" : "Jounce's defaults") +
                               " (the time step from physxScene:timeStepsPerSecond when given)");
        return;
    }
    const auto text = [&](const char* key, std::string& out) {
        if (const Value* x = c.extra(key); x && x->kind == Value::Kind::String)
            out = x->text;
    };
    text("name", v.name);
    text("description", v.description);
    std::string model;
    text("model", model);
    if (model == "physx41")
        v.simulation.model = ModelGenerationKind::Physx41;
    const auto numbers = [&](const char* key) {
        const Value* x = c.extra(key);
        return x ? numbersOf(*x).value_or(std::vector<double>{}) : std::vector<double>{};
    };
    if (const auto dt = numbers("timeStep"); dt.size() == 1)
        v.simulation.timeStep = dt[0];
    if (const auto b = numbers("disableSuspensionForceProjection"); b.size() == 1)
        v.simulation.disableSuspensionForceProjection = b[0] != 0.0;
    if (const Value* bars = c.extra("antiRollBars"); bars && bars->kind == Value::Kind::List) {
        v.antiRollBars.clear();
        for (const Value& b : bars->items)
            if (const auto n = numbersOf(b); n && n->size() == 3)
                v.antiRollBars.push_back({static_cast<int>((*n)[0]), static_cast<int>((*n)[1]), (*n)[2]});
    }
    // Written only when a bar loads its wheels (§2.13.1); without it every bar is PhysX's.
    if (const Value* modes = c.extra("antiRollBarModes");
        modes && modes->kind == Value::Kind::List && modes->items.size() == v.antiRollBars.size())
        for (std::size_t i = 0; i < modes->items.size(); ++i)
            v.antiRollBars[i].mode = modes->items[i].text == "wheelForces" ? AntiRollBarMode::WheelForces
                                                                          : AntiRollBarMode::RollTorque;
    if (const Value* mode = c.extra("clutchAccuracyMode"))
        v.drive.clutch.accuracyMode = mode->text == "estimate" ? ClutchAccuracyMode::Estimate : ClutchAccuracyMode::BestPossible;
    if (const auto it = numbers("clutchEstimateIterations"); it.size() == 1)
        v.drive.clutch.estimateIterations = static_cast<int>(it[0]);
    ControlsConfig& k = v.controls;
    k.keySmoothing.riseRates = ratesOf(numbers("keySmoothingRiseRates"), k.keySmoothing.riseRates);
    k.keySmoothing.fallRates = ratesOf(numbers("keySmoothingFallRates"), k.keySmoothing.fallRates);
    k.padSmoothing.riseRates = ratesOf(numbers("padSmoothingRiseRates"), k.padSmoothing.riseRates);
    k.padSmoothing.fallRates = ratesOf(numbers("padSmoothingFallRates"), k.padSmoothing.fallRates);
    if (const Value* table = c.extra("steerVsForwardSpeedTable"); table && table->kind == Value::Kind::List) {
        k.steerVsForwardSpeedTable.clear();
        for (const Value& row : table->items)
            if (const auto n = numbersOf(row); n && n->size() == 2)
                k.steerVsForwardSpeedTable.push_back({(*n)[0], (*n)[1]});
    }
}

}  // namespace jounce::exchange::usdread
