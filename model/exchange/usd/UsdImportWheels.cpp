// The wheel attachments of a USD vehicle -> Jounce wheels, through PhysX 5's terms
// (docs/physx5-usd.md "Reading USD layers").
#include "exchange/usd/UsdRead.h"

#include "config/TuningGuide.h"
#include "exchange/ExchangeText.h"
#include "exchange/physx5/Physx5Mapping.h"
#include "json/ObjectReader.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace jounce::exchange::usdread {

using usda::lineLocation;
using usda::Prim;

namespace {

struct Parts {
    const Prim* attachment = nullptr;
    const Prim* wheel = nullptr;
    const Prim* tire = nullptr;
    const Prim* suspension = nullptr;
};

std::vector<GraphPoint> angleGraph(const Attributes& a, const char* name)
{
    std::vector<GraphPoint> out;
    for (const std::vector<double>& row : a.tuples(name, 2).value_or(std::vector<std::vector<double>>{}))
        out.push_back({row[0], row[1]});
    return out;
}

std::vector<CompliancePoint> pointGraph(const Context& c, const Attributes& a, const char* name)
{
    std::vector<CompliancePoint> out;
    for (const std::vector<double>& row : a.tuples(name, 4).value_or(std::vector<std::vector<double>>{}))
        out.push_back({row[0], c.vector({row[1], row[2], row[3]}, c.units.length)});
    return out;
}

void checkJounceAxis(const Context& c, const Prim& prim, const std::vector<double>& xs, const char* name)
{
    for (std::size_t i = 0; i < xs.size(); ++i)
        if (xs[i] < 0.0 || xs[i] > 1.0 || (i > 0 && !(xs[i] > xs[i - 1]))) {
            c.problems.error(lineLocation(prim.property(name)->line),
                             std::string(name) + ": at most 3 points, normalised jounce in [0, 1] and increasing");
            return;
        }
}

/// Suspension travel and the rest pose: travelDistance, or the deprecated maxCompression + maxDroop;
/// when both are given and agree, the latter keep Jounce's rest pose.
void readTravel(Context& c, const Attributes& s, p5::Wheel& w)
{
    const double L = c.units.length;
    const std::optional<double> travel = s.number("physxVehicleSuspension:travelDistance");
    const std::optional<double> comp = s.number("physxVehicleSuspension:maxCompression");
    const std::optional<double> droop = s.number("physxVehicleSuspension:maxDroop");
    if (travel)
        w.travelDist = *travel * L;
    else if (comp && droop && *droop >= 0.0)
        w.travelDist = (*comp + *droop) * L;
    else
        c.problems.error(lineLocation(s.prim().line), "the suspension needs travelDistance (or maxCompression and maxDroop)");
    if (comp && droop && *comp >= 0.0 && *droop >= 0.0 && (!travel || closeTo((*comp + *droop) * L, w.travelDist))) {
        w.restDistance = *comp * L;
        w.restDroop = *droop * L;
        if (travel)
            c.report.approximated("wheels[*].suspension", "rest pose from maxCompression and maxDroop where given, which "
                                                          "Omniverse ignores once travelDistance is set (it rests the wheel "
                                                          "where its spring carries the sprung mass)");
    }
    if (w.travelDist <= 0.0)
        c.problems.error(lineLocation(s.prim().line), "the suspension travel must be above 0");
}

void readTire(Context& c, const Attributes& t, p5::Wheel& w)
{
    const double F = c.units.force();
    w.restLoad = t.number("physxVehicleTire:restLoad").value_or(0.0) * F;
    if (w.restLoad <= 0.0)
        w.restLoad = w.sprungMass * kGravity;  // Omniverse's estimate when 0
    const std::vector<double> graph = t.tuple("physxVehicleTire:lateralStiffnessGraph", 2).value_or(std::vector<double>{0, 0});
    if (graph[1] != 0.0) {
        w.latStiffX = graph[0];
        w.latStiffY = graph[1] * F;
    } else {
        w.latStiffX = t.number("physxVehicleTire:latStiffX").value_or(2.0);
        w.latStiffY = t.number("physxVehicleTire:latStiffY").value_or(17.095) * w.restLoad;
    }
    const double longStiff = t.number("physxVehicleTire:longitudinalStiffness").value_or(0.0);
    w.longStiff = longStiff != 0.0 ? longStiff * F
                                   : t.number("physxVehicleTire:longitudinalStiffnessPerUnitGravity").value_or(500.0) *
                                         c.units.mass * kGravity;
    const double camber = t.number("physxVehicleTire:camberStiffness").value_or(-1.0);
    w.camberStiff = camber != -1.0 ? camber * F
                                   : t.number("physxVehicleTire:camberStiffnessPerUnitGravity").value_or(0.0) *
                                         c.units.mass * kGravity;
    const auto friction = t.tuples("physxVehicleTire:frictionVsSlipGraph", 2)
                              .value_or(std::vector<std::vector<double>>{{0.0, 1.0}, {0.1, 1.0}, {1.0, 1.0}});
    if (friction.size() != 3)
        c.problems.error(lineLocation(t.prim().property("physxVehicleTire:frictionVsSlipGraph")->line),
                         "physxVehicleTire:frictionVsSlipGraph: expected 3 points");
    for (std::size_t k = 0; k < 3 && k < friction.size(); ++k)
        w.frictionVsSlip[k] = {friction[k][0], friction[k][1]};
    std::vector<double> filter{0.0, 0.2308, 3.0, 3.0};  // PhysX's default, which Omniverse uses
    if (const usda::Value* f = c.extra("tireLoadFilter"))
        if (const auto n = numbersOf(*f); n && n->size() == 4)
            filter = *n;
    w.loadFilter = {GraphPoint{filter[0], filter[1]}, GraphPoint{filter[2], filter[3]}};
}

/// Toe, camber and force points: PhysxVehicleSuspensionComplianceAPI, or the deprecated attributes.
void readCompliance(Context& c, const Parts& p, p5::Wheel& w)
{
    const Attributes a(*p.attachment, c.problems);
    if (p.attachment->applies("PhysxVehicleSuspensionComplianceAPI")) {
        w.toe = angleGraph(a, "physxVehicleSuspensionCompliance:wheelToeAngle");
        w.camber = angleGraph(a, "physxVehicleSuspensionCompliance:wheelCamberAngle");
        w.suspForcePoint = pointGraph(c, a, "physxVehicleSuspensionCompliance:suspensionForceAppPoint");
        w.tireForcePoint = pointGraph(c, a, "physxVehicleSuspensionCompliance:tireForceAppPoint");
        for (const auto& [graph, name] : {std::pair{&w.toe, "physxVehicleSuspensionCompliance:wheelToeAngle"},
                                          std::pair{&w.camber, "physxVehicleSuspensionCompliance:wheelCamberAngle"}}) {
            std::vector<double> xs;
            for (const GraphPoint& q : *graph)
                xs.push_back(q.x);
            checkJounceAxis(c, *p.attachment, xs, name);
        }
        return;
    }
    // Omniverse's reading of the deprecated attributes: absolute camber angles at droop, rest and
    // compression; force points at the given positions or the wheel's rest position.
    const Attributes s(*p.suspension, c.problems), wa(*p.wheel, c.problems);
    const double droop = w.restDistance ? w.travelDist - *w.restDistance
                                        : std::min(w.sprungMass * kGravity / std::max(w.stiffness, 1e-9), w.travelDist);
    const double r = std::clamp(droop / w.travelDist, 1e-7, 1.0 - 1e-7);
    w.toe = {{0.0, wa.number("physxVehicleWheel:toeAngle").value_or(0.0)}};
    const double rest = s.number("physxVehicleSuspension:camberAtRest").value_or(0.0);
    const double atComp = s.number("physxVehicleSuspension:camberAtMaxCompression").value_or(0.0);
    const double atDroop = s.number("physxVehicleSuspension:camberAtMaxDroop").value_or(0.0);
    w.camber = rest == atComp && rest == atDroop ? std::vector<GraphPoint>{{r, rest}}
                                                 : std::vector<GraphPoint>{{0.0, atDroop}, {r, rest}, {1.0, atComp}};
    const Vec3 restOffset{w.travelDir.x * (w.travelDist - droop), w.travelDir.y * (w.travelDist - droop),
                          w.travelDir.z * (w.travelDist - droop)};
    const auto point = [&](const char* name) {
        const std::optional<Vec3> q = a.vec3(name);
        if (!q)
            return std::vector<CompliancePoint>{{0.0, restOffset}};
        const Vec3 at = c.point(*q);
        return std::vector<CompliancePoint>{{0.0, {at.x - w.attachment.x, at.y - w.attachment.y, at.z - w.attachment.z}}};
    };
    w.suspForcePoint = point("physxVehicleWheelAttachment:suspensionForceAppPointOffset");
    w.tireForcePoint = point("physxVehicleWheelAttachment:tireForceAppPointOffset");
    c.report.approximated(p.attachment->path(), "no PhysxVehicleSuspensionComplianceAPI: toe, camber and force points "
                                              "from the deprecated attributes, as Omniverse reads them");
}

/// One wheel in PhysX 5 terms: Jounce's axes, SI units, positions relative to the chassis origin.
p5::Wheel readWheel(Context& c, const Parts& p, const std::string& subject)
{
    p5::Wheel w;
    const Attributes a(*p.attachment, c.problems), s(*p.suspension, c.problems), wh(*p.wheel, c.problems),
        t(*p.tire, c.problems);
    const double L = c.units.length, M = c.units.mass, T = c.units.torque();
    if (const auto d = a.vec3("physxVehicleWheelAttachment:suspensionTravelDirection")) {
        const Vec3 dir = c.vector(*d, 1.0);
        const double len = std::sqrt(dir.x * dir.x + dir.y * dir.y + dir.z * dir.z);
        if (len > 0.0)
            w.travelDir = {dir.x / len, dir.y / len, dir.z / len};
        else
            c.problems.error(lineLocation(p.attachment->line), "suspensionTravelDirection must not be zero");
    } else {
        c.problems.error(lineLocation(p.attachment->line), "the wheel attachment needs suspensionTravelDirection");
    }
    w.stiffness = s.number("physxVehicleSuspension:springStrength").value_or(0.0) * M;
    w.damping = s.number("physxVehicleSuspension:springDamperRate").value_or(0.0) * M;
    w.sprungMass = s.number("physxVehicleSuspension:sprungMass").value_or(0.0) * M;
    if (w.stiffness <= 0.0)
        c.problems.error(lineLocation(p.suspension->line), "the suspension needs springStrength above 0");
    readTravel(c, s, w);
    if (const auto f = a.vec3("physxVehicleWheelAttachment:suspensionFramePosition")) {
        w.attachment = c.point(*f);
    } else if (const auto centre = a.vec3("physxVehicleWheelAttachment:wheelCenterOfMassOffset")) {
        const double comp = w.restDistance ? *w.restDistance : w.travelDist - std::min(w.sprungMass * kGravity / std::max(w.stiffness, 1e-9), w.travelDist);
        const Vec3 q = c.point(*centre);
        w.attachment = {q.x - w.travelDir.x * comp, q.y - w.travelDir.y * comp, q.z - w.travelDir.z * comp};
    } else {
        c.problems.error(lineLocation(p.attachment->line), "the wheel attachment needs suspensionFramePosition");
    }
    if (const auto q = a.tuple("physxVehicleWheelAttachment:suspensionFrameOrientation", 4);
        q && !((*q)[0] == 1.0 && (*q)[1] == 0.0 && (*q)[2] == 0.0 && (*q)[3] == 0.0))
        c.report.dropped(subject, "a rotated suspension frame: Jounce applies camber, steer and toe in the vehicle's axes");
    if (const auto off = a.vec3("physxVehicleWheelAttachment:wheelFramePosition"); off && (off->x != 0 || off->y != 0 || off->z != 0)) {
        const Vec3 o = c.vector(*off, L);
        w.attachment = {w.attachment.x + o.x, w.attachment.y + o.y, w.attachment.z + o.z};
        c.report.approximated(subject, "wheelFramePosition is added to the suspension position: Jounce steers every "
                                       "wheel about its centre");
    }
    w.radius = wh.number("physxVehicleWheel:radius").value_or(0.0) * L;
    w.halfWidth = wh.number("physxVehicleWheel:width").value_or(0.0) * L / 2.0;
    w.mass = wh.number("physxVehicleWheel:mass").value_or(0.0) * M;
    w.moi = wh.number("physxVehicleWheel:moi").value_or(0.0) * T;
    w.dampingRate = wh.number("physxVehicleWheel:dampingRate").value_or(0.0) * T;
    for (const char* name : {"physxVehicleWheel:radius", "physxVehicleWheel:width", "physxVehicleWheel:mass",
                             "physxVehicleWheel:moi", "physxVehicleWheel:dampingRate"})
        if (!wh.has(name))
            c.problems.error(lineLocation(p.wheel->line), std::string("the wheel needs ") + name);
    readTire(c, t, w);
    readCompliance(c, p, w);
    return w;
}

Parts parts(Context& c, const Prim& attachment)
{
    Parts p{&attachment,
            c.component(attachment, "PhysxVehicleWheelAPI", "physxVehicleWheelAttachment:wheel"),
            c.component(attachment, "PhysxVehicleTireAPI", "physxVehicleWheelAttachment:tire"),
            c.component(attachment, "PhysxVehicleSuspensionAPI", "physxVehicleWheelAttachment:suspension")};
    for (const auto& [part, api] : {std::pair{p.wheel, "PhysxVehicleWheelAPI"}, std::pair{p.tire, "PhysxVehicleTireAPI"},
                                    std::pair{p.suspension, "PhysxVehicleSuspensionAPI"}})
        if (!part)
            c.problems.error(lineLocation(attachment.line), attachment.path() + " has no " + api +
                                                                " (applied, or through its relationship)");
    return p;
}

/// The wheels in attachment-index order: the indices number them 0..n-1, or are all -1 (prim order).
std::vector<int> attachmentIndices(Context& c)
{
    const std::size_t n = c.wheels.size();
    std::vector<int> index(n, -1);
    std::vector<bool> seen(n, false);
    bool none = true;
    for (std::size_t i = 0; i < n; ++i) {
        const double x = Attributes(*c.wheels[i], c.problems).number("physxVehicleWheelAttachment:index").value_or(-1.0);
        if (x == -1.0)
            continue;
        none = false;
        // Checked before any conversion: a huge or NaN index has no int (undefined behaviour).
        if (!(x >= 0.0 && x < static_cast<double>(n)) || x != std::floor(x) || seen[static_cast<std::size_t>(x)]) {
            c.problems.error(lineLocation(c.wheels[i]->line), "physxVehicleWheelAttachment:index must number the " +
                                                                  std::to_string(n) + " wheels 0 to " + std::to_string(n - 1));
            return index;
        }
        seen[static_cast<std::size_t>(x)] = true;
        index[i] = static_cast<int>(x);
    }
    if (none)
        for (std::size_t i = 0; i < n; ++i)
            index[i] = static_cast<int>(i);
    else if (std::find(seen.begin(), seen.end(), false) != seen.end())
        c.problems.error(lineLocation(c.vehicle->line), "every wheel attachment needs an index, or none does");
    return index;
}

}  // namespace

void readWheels(Context& c, VehicleConfig& v)
{
    const std::size_t first = c.problems.items.size();
    const std::vector<int> index = attachmentIndices(c);
    if (json::hasErrorsSince(c.problems, first))
        return;
    std::vector<p5::Wheel> wheels;
    for (std::size_t i = 0; i < c.wheels.size(); ++i)
    {
        const Parts p = parts(c, *c.wheels[i]);
        wheels.push_back(p.wheel && p.tire && p.suspension ? readWheel(c, p, "wheels[" + std::to_string(i) + "]")
                                                           : p5::Wheel{});
    }
    if (json::hasErrorsSince(c.problems, first))
        return;
    const std::size_t n = wheels.size();
    const std::size_t automatic = static_cast<std::size_t>(
        std::count_if(wheels.begin(), wheels.end(), [](const p5::Wheel& w) { return w.sprungMass <= 0.0; }));
    if (automatic == n) {
        std::vector<Vec3> at;
        for (const p5::Wheel& w : wheels)
            at.push_back(w.attachment);
        const guide::SprungMasses m = guide::computeSprungMasses(at, v.chassis.cmOffset, v.chassis.mass);
        for (std::size_t i = 0; i < n && i < m.masses.size(); ++i)
            wheels[i].sprungMass = m.masses[i];
        c.report.defaulted("wheels[*].suspension.sprungMass", "0 in the layer (computed by Omniverse): computed from the "
                                                              "wheel positions and the centre of mass (vehicle-model §5)");
    } else if (automatic > 0) {
        c.problems.error(lineLocation(c.vehicle->line), "sprungMass is 0 (automatic) on some wheels but not on all");
        return;
    }
    std::vector<Vec3> positions;
    for (const p5::Wheel& w : wheels)
        positions.push_back(w.attachment);
    const std::vector<std::size_t> order = p5::jounceWheelOrder(positions);
    const bool sameCount = c.options.base && c.options.base->wheels.size() == n;
    std::vector<WheelConfig> out(n);
    std::vector<const Prim*> prims(n);
    c.indices.assign(n, -1);
    std::array<GraphPoint, 2> filter{};
    // A layer is a PhysX 5 car unless Jounce's customData names physx41 (readExtras): its tires
    // keep their own rest loads, as vehicle2 uses them.
    const usda::Value* model = c.extra("model");
    const bool physx5 = !(model && model->kind == usda::Value::Kind::String && model->text == "physx41");
    for (std::size_t k = 0; k < n; ++k) {
        wheels[order[k]].ownRestLoad = physx5;
        out[k] = sameCount ? c.options.base->wheels[k] : WheelConfig{};
        const std::array<GraphPoint, 2> f = p5::importWheel(wheels[order[k]], out[k], "wheels[" + std::to_string(k) + "]", c.report);
        if (k == 0)
            filter = f;
        prims[k] = c.wheels[order[k]];
        c.indices[k] = index[order[k]];
    }
    c.wheels = prims;
    v.wheels = std::move(out);
    v.tireLoadFilter = {filter[0].x, filter[0].y, filter[1].x, filter[1].y};
    if (!c.hasBox && !c.options.base) {
        v.chassis.dimensions = p5::estimatedChassisBox(v);
        c.report.defaulted("chassis.dimensions", "no collision Cube under the vehicle: a box around the wheels, " +
                                                     num(v.chassis.dimensions.x) + " x " + num(v.chassis.dimensions.y) +
                                                     " x " + num(v.chassis.dimensions.z) + " m");
    }
}

}  // namespace jounce::exchange::usdread
