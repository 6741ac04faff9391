// Omniverse USD layer -> Jounce vehicle: units and frame, the vehicle prim, its chassis and wheels
// (docs/physx5-usd.md "Reading USD layers"); the drive is UsdImportDrive.cpp's.
#include "exchange/usd/UsdLayer.h"

#include "config/TuningGuide.h"
#include "config/VehicleValidation.h"
#include "exchange/ExchangeText.h"
#include "exchange/physx5/Physx5Mapping.h"
#include "exchange/usd/UsdRead.h"
#include "json/TextFile.h"

#include <algorithm>
#include <cmath>

namespace jounce::exchange {
namespace {

using usdread::Attributes;
using usdread::Context;
using usda::lineLocation;
using usda::Prim;
using usda::Value;

/// The first vehicle context's frame, searching depth first.
std::optional<AxisFrame> contextFrame(const std::vector<Prim>& prims, Context& c, bool& found)
{
    for (const Prim& p : prims) {
        if (p.applies("PhysxVehicleContextAPI")) {
            found = true;
            Attributes a(p, c.problems);
            const auto lng = axisFromToken(a.token("physxVehicleContext:longitudinalAxis").value_or(""));
            const auto vrt = axisFromToken(a.token("physxVehicleContext:verticalAxis").value_or(""));
            if (const auto g = a.number("physics:gravityMagnitude");
                g && *g > 0.0 && std::abs(*g * c.units.length - kGravity) > 1e-3)
                c.report.approximated("physics:gravityMagnitude", "Jounce simulates with g = 9.81 m/s^2, the scene "
                                                                  "says " + num(*g * c.units.length));
            if (!lng || !vrt)
                return std::nullopt;
            const std::optional<AxisFrame> frame = AxisFrame::fromForwardUp(*lng, *vrt);
            if (!frame)
                c.problems.error(lineLocation(p.line), "the vehicle context's longitudinal and vertical axes are not "
                                                       "perpendicular");
            return frame;
        }
        if (std::optional<AxisFrame> inner = contextFrame(p.children, c, found); inner || found)
            return inner;
    }
    return std::nullopt;
}

/// A unit of the layer metadata: USD's default when absent (reported), the layer's when a finite
/// number above 0; anything else is an error at its line (a factor of 0 or nan would scale the
/// vehicle to nothing), and `out` keeps the default so the rest of the import can go on.
void readUnit(Context& c, const char* key, const char* fallback, double& out)
{
    const Value* m = c.layer.meta(key);
    if (!m) {
        c.report.defaulted(key, std::string("not in the layer: USD's default, ") + fallback);
        return;
    }
    if (m->kind == Value::Kind::Number && std::isfinite(m->number) && m->number > 0.0) {
        out = m->number;
        return;
    }
    const std::string got = m->kind == Value::Kind::Number ? num(m->number) : "\"" + m->text.substr(0, 40) + "\"";
    c.problems.error(lineLocation(m->line), std::string(key) + " must be a finite number above 0, got " + got);
}

void readUnitsAndFrame(Context& c)
{
    const usda::Layer& layer = c.layer;
    readUnit(c, "metersPerUnit", "0.01 (centimetres)", c.units.length);
    readUnit(c, "kilogramsPerUnit", "1 (kilograms)", c.units.mass);
    const Value* up = layer.meta("upAxis");
    const bool zUp = up && up->text == "Z";
    bool found = false;
    if (const std::optional<AxisFrame> frame = contextFrame(layer.prims, c, found)) {
        c.frame = *frame;
        return;
    }
    c.frame = zUp ? AxisFrame::iso() : AxisFrame::snippet();
    c.report.defaulted("physxVehicleContext", std::string("no vehicle context with verticalAxis and longitudinalAxis: ") +
                                                  (zUp ? "z up, x forward (the stage's upAxis)"
                                                       : "y up, z forward (the stage's upAxis)"));
}

const Prim* findVehicle(const std::vector<Prim>& prims, int& count)
{
    const Prim* first = nullptr;
    for (const Prim& p : prims) {
        if (p.applies("PhysxVehicleAPI") && count++ == 0)
            first = &p;
        if (const Prim* inner = findVehicle(p.children, count); !first)
            first = inner;
    }
    return first;
}

void findWheels(const Prim& prim, std::vector<const Prim*>& out)
{
    for (const Prim& child : prim.children) {
        if (child.applies("PhysxVehicleWheelAttachmentAPI"))
            out.push_back(&child);
        findWheels(child, out);
    }
}

/// Mass, inertia and centre of mass; the chassis box (a collision Cube child) sets the origin.
void readChassis(Context& c, VehicleConfig& v)
{
    Attributes a(*c.vehicle, c.problems);
    if (const auto m = a.number("physics:mass"); m && *m > 0.0)
        v.chassis.mass = *m * c.units.mass;
    else
        c.problems.error(lineLocation(c.vehicle->line), "the vehicle needs physics:mass (PhysicsMassAPI) above 0");
    if (const auto i = a.vec3("physics:diagonalInertia")) {
        const Vec3 m = c.frame.momentsToIso(*i);
        const double f = c.units.torque();
        v.chassis.moi = {m.x * f, m.y * f, m.z * f};
    } else {
        c.problems.error(lineLocation(c.vehicle->line), "the vehicle needs physics:diagonalInertia (PhysicsMassAPI)");
    }
    if (const auto q = a.tuple("physics:principalAxes", 4); q && !((*q)[0] == 1.0 && (*q)[1] == 0.0 && (*q)[2] == 0.0 && (*q)[3] == 0.0))
        c.report.approximated("physics:principalAxes", "rotated principal axes: Jounce takes the diagonal inertia along "
                                                       "the vehicle's axes");
    const Vec3 com = c.vector(a.vec3("physics:centerOfMass").value_or(Vec3{}), c.units.length);
    Vec3 origin = c.options.base ? Vec3{} : com;  // without a box: the centre of mass, or the prim's origin
    for (const Prim& child : c.vehicle->children)
        if (child.typeName == "Cube" && child.applies("PhysicsCollisionAPI")) {
            Attributes box(child, c.problems);
            const double size = box.number("size").value_or(2.0) * c.units.length;
            const Vec3 scale = c.frame.momentsToIso(box.vec3("xformOp:scale").value_or(Vec3{1.0, 1.0, 1.0}));
            origin = c.vector(box.vec3("xformOp:translate").value_or(Vec3{}), c.units.length);
            v.chassis.dimensions = {size * scale.x, size * scale.y, size * scale.z};
            c.hasBox = true;
            break;
        }
    v.chassis.cmOffset = {com.x - origin.x, com.y - origin.y, com.z - origin.z};
    c.origin = origin;
    const std::optional<double> lin = a.number("physxRigidBody:linearDamping");
    const std::optional<double> ang = a.number("physxRigidBody:angularDamping");
    v.chassis.linearDamping = lin.value_or(0.0);
    v.chassis.angularDamping = ang.value_or(0.05);
    const Value* custom = c.vehicle->meta("customData");
    const Value* frameFlag = custom ? custom->entry("physxVehicle:referenceFrameIsCenterOfMass") : nullptr;
    const bool comFrame = !frameFlag || frameFlag->number != 0.0 || frameFlag->text == "true";
    if (comFrame) {
        c.origin = {origin.x - com.x, origin.y - com.y, origin.z - com.z};
        c.report.approximated("physxVehicle:referenceFrameIsCenterOfMass",
                              frameFlag ? "true: wheel positions are relative to the centre of mass (deprecated)"
                                        : "not set: Omniverse then takes wheel positions relative to the centre of mass");
    }
}

}  // namespace

namespace {

bool readLayer(Context& c, VehicleConfig& v)
{
    readUnitsAndFrame(c);
    int vehicles = 0;
    c.vehicle = findVehicle(c.layer.prims, vehicles);
    if (!c.vehicle) {
        c.problems.error(lineLocation(1), "no prim applies PhysxVehicleAPI: the layer holds no vehicle");
        return false;
    }
    if (vehicles > 1)
        c.report.dropped("(layer)", std::to_string(vehicles - 1) + " more vehicles: the first, " + c.vehicle->path() +
                                        ", is read");
    if (const Value* custom = c.vehicle->meta("customData"))
        c.jounce = custom->entry("jounce");
    if (c.vehicle->variants)
        c.report.dropped(c.vehicle->path(), "variant sets are not read");
    for (const char* arc : {"references", "payload", "inherits", "specializes"})
        if (c.vehicle->meta(arc))
            c.report.dropped(c.vehicle->path(), std::string(arc) + " are not followed: only this layer's values are read");
    readChassis(c, v);
    findWheels(*c.vehicle, c.wheels);
    if (c.wheels.empty() || c.wheels.size() > static_cast<std::size_t>(kMaxWheels)) {
        c.problems.error(lineLocation(c.vehicle->line), "a vehicle has 1 to 20 wheels (prims applying "
                                                        "PhysxVehicleWheelAttachmentAPI), this one " +
                                                            std::to_string(c.wheels.size()));
        return false;
    }
    usdread::readWheels(c, v);
    if (c.problems.hasErrors())
        return false;
    usdread::readDrive(c, v);
    usdread::readSurfaces(c, v);
    usdread::readExtras(c, v);
    return !c.problems.hasErrors();
}

}  // namespace

ImportResult importUsd(std::string_view text, const UsdImportOptions& options)
{
    ImportResult result;
    result.report.title = "Omniverse USD import";
    FileProblems file{"layer", {}};
    bool built = false;
    if (const std::optional<usda::Layer> layer = usda::parse(text, file.problems)) {
        result.vehicle = options.base ? *options.base : VehicleConfig{};
        if (!options.base)
            result.vehicle.name = "USD vehicle";
        Context c{*layer, file.problems, result.report, options, {}, {}, nullptr, nullptr, {}, false, {}, {}};
        built = readLayer(c, result.vehicle);
    }
    result.problems.push_back(std::move(file));
    if (built)
        result.problems.push_back({"imported vehicle", validateVehicle(result.vehicle)});
    return result;
}

ImportResult importUsdFile(const std::string& path, const UsdImportOptions& options)
{
    if (!options.control.enter(ImportStage::Reading))
        return cancelledImport("Omniverse USD import", path);
    std::string text;
    if (const std::string err = json::readTextFile(path, usda::Limits{}.maxBytes, text); !err.empty()) {
        ImportResult result;
        result.report.title = "Omniverse USD import";
        result.problems.push_back({path, {}});
        result.problems.back().problems.error(lineLocation(1), err);
        return result;
    }
    if (!options.control.enter(ImportStage::Converting))
        return cancelledImport("Omniverse USD import", path);
    ImportResult result = importUsd(text, options);
    result.problems[0].file = path;
    return result;
}

}  // namespace jounce::exchange
