// Reading Base.json (docs/physx5-usd.md "PhysX 5 snippet files"): the members NVIDIA's reader
// requires, each problem at its JSON pointer, values moved into Jounce's axes and SI units.
#include "exchange/physx5/Physx5Read.h"

#include "exchange/ExchangeText.h"

#include <algorithm>
#include <cmath>

namespace jounce::exchange::p5 {

using json::ItemCount;
using json::Json;
using json::NumberLimits;
using json::ObjectReader;
using json::required;

namespace {

const NumberLimits kAny{};
const NumberLimits kPositive = NumberLimits::above(0.0);
const NumberLimits kNonNegative = NumberLimits::atLeast(0.0);

struct Context {
    BaseData& out;
    Problems& problems;
    ConversionReport& report;
    double length = 1.0;  ///< file length unit -> m (1 / Scale); forces scale the same way
    double torque = 1.0;  ///< file torque and inertia unit -> SI (1 / Scale^2)
};

Vec3 iso(const Context& c, const Vec3& v, double factor)
{
    const Vec3 r = c.out.frame.toIso(v);
    return {r.x * factor, r.y * factor, r.z * factor};
}

bool readAxles(ObjectReader& root, BaseData& out)
{
    Problems& problems = root.problems();
    const Json* axles = root.list("AxleDescription", ItemCount{1, kMaxWheels, "axles"}, required());
    if (!axles)
        return false;
    std::vector<bool> seen(kMaxWheels, false);
    std::size_t count = 0;
    for (std::size_t a = 0; a < axles->size(); ++a) {
        std::optional<ObjectReader> axle = root.element(*axles, "AxleDescription", a);
        if (!axle)
            continue;
        const Json* ids = axle->list("WheelIds", ItemCount{1, kMaxWheels, "wheel ids"}, required());
        for (std::size_t k = 0; ids && k < ids->size(); ++k) {
            const std::string at = axle->at("WheelIds") + "/" + std::to_string(k);
            const std::optional<long long> id = json::readInteger((*ids)[k], at, 0, kMaxWheels - 1, problems);
            if (!id)
                continue;
            if (seen[static_cast<std::size_t>(*id)])
                problems.error(at, "wheel " + std::to_string(*id) + " is on two axles");
            seen[static_cast<std::size_t>(*id)] = true;
            ++count;
        }
        axle->reportUnknown();
    }
    for (std::size_t i = 0; i < count; ++i)
        if (!seen[i]) {
            problems.error("/AxleDescription", "the wheel ids must number the " + std::to_string(count) +
                                                   " wheels 0 to " + std::to_string(count - 1) + ", wheel " +
                                                   std::to_string(i) + " is missing");
            return false;
        }
    out.wheelCount = count;
    return count > 0;
}

void readFrameAndScale(ObjectReader& root, Context& c)
{
    if (std::optional<ObjectReader> frame = root.object("Frame", required())) {
        const std::optional<int> lng = frame->integer("LngAxis", 0, 5, required());
        const std::optional<int> lat = frame->integer("LatAxis", 0, 5, required());
        const std::optional<int> vrt = frame->integer("VrtAxis", 0, 5, required());
        if (lng && lat && vrt) {
            c.out.frame = {*axisFromIndex(*lng), *axisFromIndex(*lat), *axisFromIndex(*vrt)};
            if (const std::string why = c.out.frame.problem(); !why.empty())
                c.problems.error("/Frame", why);
        }
        frame->reportUnknown();
    }
    if (std::optional<ObjectReader> scale = root.object("Scale", required())) {
        if (const std::optional<double> s = scale->number("Scale", kPositive, required())) {
            c.out.scale = *s;
            c.length = 1.0 / *s;
            c.torque = c.length * c.length;
            if (*s != 1.0)
                c.report.approximated("Scale", "lengths and forces divided by " + num(*s) + ", torques and inertias by " +
                                                   num(*s * *s) + " to give metres and newtons");
        }
        scale->reportUnknown();
    }
}

void readBody(ObjectReader& root, Context& c)
{
    if (std::optional<ObjectReader> body = root.object("RigidBodyParams", required())) {
        if (const std::optional<double> m = body->number("Mass", kPositive, required()))
            c.out.mass = *m;
        if (const Json* moi = body->find("MOI", required()))
            if (const std::optional<Vec3> v = readVec3(*moi, body->at("MOI"), c.problems)) {
                c.out.moi = c.out.frame.momentsToIso(*v);
                c.out.moi = {c.out.moi.x * c.torque, c.out.moi.y * c.torque, c.out.moi.z * c.torque};
            }
        body->reportUnknown();
    }
    if (std::optional<ObjectReader> state = root.object("SuspensionStateCalculationParams", required())) {
        if (const std::optional<int> type = state->integer("JounceCalculationType", 0, 1, required()))
            c.out.sweepJounce = *type == 1;  // reported by the importer, which knows the model
        if (const std::optional<bool> limit = state->boolean("LimitSuspensionExpansionVelocity", required()))
            c.out.limitExpansion = *limit;
        state->reportUnknown();
    }
}

void readAckermann(ObjectReader& root, Context& c)
{
    std::optional<ObjectReader> a = root.object("AckermannParams", required());
    if (!a)
        return;
    const double wheels = static_cast<double>(c.out.wheelCount);
    if (const Json* ids = a->list("WheelIds", ItemCount{2, 2, "wheel ids"}, required()))
        for (std::size_t k = 0; k < 2; ++k)
            if (const auto id = json::readInteger((*ids)[k], a->at("WheelIds") + "/" + std::to_string(k),
                                                NumberLimits::closed(0, wheels - 1), c.problems))
                c.out.ackermann.wheelIds[k] = static_cast<int>(*id);
    c.out.ackermann.wheelBase = a->number("WheelBase", kNonNegative, required()).value_or(0.0) * c.length;
    c.out.ackermann.trackWidth = a->number("TrackWidth", kNonNegative, required()).value_or(0.0) * c.length;
    c.out.ackermann.strength = a->number("Strength", NumberLimits::closed(0, 1), required()).value_or(0.0);
    a->reportUnknown();
}

/// Calls fn(element, wheelId) for each element of the per-wheel list `key` (one per wheel, every
/// WheelId once).
template <typename F>
bool forEachWheel(ObjectReader& root, const char* key, Context& c, bool needed, F fn)
{
    const std::size_t n = c.out.wheelCount;
    const Json* list = root.list(key, ItemCount{n, n, "entries, one per wheel"}, needed ? required() : json::kOptional);
    if (!list)
        return false;
    std::vector<bool> seen(n, false);
    for (std::size_t i = 0; i < list->size(); ++i) {
        std::optional<ObjectReader> e = root.element(*list, key, i);
        if (!e)
            continue;
        if (const std::optional<int> id = e->integer("WheelId", 0, static_cast<int>(n) - 1, required())) {
            if (seen[static_cast<std::size_t>(*id)])
                c.problems.error(e->at("WheelId"), "wheel " + std::to_string(*id) + " is listed twice");
            seen[static_cast<std::size_t>(*id)] = true;
            fn(*e, static_cast<std::size_t>(*id));
        }
        e->reportUnknown();
    }
    return true;
}

/// Compliance graphs run over normalised jounce: each x in [0, 1], strictly increasing.
void checkJounceAxis(ObjectReader& e, const char* key, const std::vector<GraphPoint>& graph)
{
    for (std::size_t i = 0; i < graph.size(); ++i) {
        const std::string at = e.at(key) + "/" + std::to_string(i) + "/0";
        if (graph[i].x < 0.0 || graph[i].x > 1.0)
            e.problems().error(at, "normalised jounce must be in [0, 1], got " + json::formatNumber(graph[i].x));
        else if (i > 0 && !(graph[i].x > graph[i - 1].x))
            e.problems().error(at, "normalised jounce must increase from point to point, got " +
                                       json::formatNumber(graph[i].x) + " after " + json::formatNumber(graph[i - 1].x));
    }
}

/// A pose {Pos, Quat}: the position, and whether the orientation is the identity.
std::optional<Vec3> readPose(ObjectReader& parent, const char* key, bool& identity)
{
    std::optional<ObjectReader> pose = parent.object(key, required());
    if (!pose)
        return std::nullopt;
    std::optional<Vec3> pos;
    if (const Json* p = pose->find("Pos", required()))
        pos = readVec3(*p, pose->at("Pos"), parent.problems());
    if (const Json* q = pose->find("Quat", required()))
        if (const auto v = readNumbers(q, pose->at("Quat"), ItemCount{4, 4, "numbers"}, parent.problems())) {
            // A rotation is a unit quaternion: a zero or scaled one is no orientation at all (PhysX
            // asserts PxQuat::isUnit, within 1e-3). Tolerant of floats written to 7 digits.
            const double length = std::sqrt((*v)[0] * (*v)[0] + (*v)[1] * (*v)[1] + (*v)[2] * (*v)[2] + (*v)[3] * (*v)[3]);
            if (!(std::abs(length - 1.0) <= 1e-3))
                parent.problems().error(pose->at("Quat"), "must be a unit quaternion [x, y, z, w], got length " +
                                                              num(length));
            identity = (*v)[0] == 0.0 && (*v)[1] == 0.0 && (*v)[2] == 0.0 && std::abs((*v)[3]) == 1.0;
        }
    pose->reportUnknown();
    return pos;
}

void readSuspension(ObjectReader& e, std::size_t id, Context& c)
{
    Wheel& w = c.out.wheels[id];
    const std::string subject = "SuspensionParams[" + std::to_string(id) + "]";
    bool identity = true, wheelIdentity = true;
    if (const std::optional<Vec3> p = readPose(e, "SuspensionAttachment", identity))
        w.attachment = iso(c, *p, c.length);
    if (const std::optional<Vec3> p = readPose(e, "WheelAttachment", wheelIdentity); p && (p->x != 0.0 || p->y != 0.0 || p->z != 0.0)) {
        const Vec3 off = iso(c, *p, c.length);
        w.attachment = {w.attachment.x + off.x, w.attachment.y + off.y, w.attachment.z + off.z};
        c.report.approximated(subject + ".WheelAttachment.Pos",
                              "the wheel's offset from the suspension frame is added to the suspension position: "
                              "Jounce steers every wheel about its centre");
    }
    if (!identity || !wheelIdentity)
        c.report.dropped(subject, "a rotated suspension or wheel frame: Jounce applies camber, steer and toe in the "
                                  "vehicle's axes");
    if (const Json* d = e.find("SuspensionTravelDir", required()))
        if (const std::optional<Vec3> v = readVec3(*d, e.at("SuspensionTravelDir"), c.problems)) {
            const Vec3 dir = iso(c, *v, 1.0);
            const double len = std::sqrt(dir.x * dir.x + dir.y * dir.y + dir.z * dir.z);
            if (len <= 0.0)
                c.problems.error(e.at("SuspensionTravelDir"), "must not be the zero vector");
            else
                w.travelDir = {dir.x / len, dir.y / len, dir.z / len};
            if (len > 0.0 && std::abs(len - 1.0) > 1e-3)
                c.report.approximated(subject + ".SuspensionTravelDir", "normalised from length " + num(len));
        }
    w.travelDist = e.number("SuspensionTravelDist", kPositive, required()).value_or(0.0) * c.length;
}

/// A compliance graph of [jounce, value] rows: at most 3, jounce in [0, 1] and increasing.
std::vector<GraphPoint> readAngleGraph(ObjectReader& e, const char* key)
{
    std::vector<GraphPoint> out;
    const auto rows = e.pairs(key, ItemCount{0, 3, "points"}, kAny, required());
    for (std::size_t i = 0; rows && i < rows->size(); ++i)
        out.push_back({(*rows)[i][0], (*rows)[i][1]});
    checkJounceAxis(e, key, out);
    return out;
}

std::vector<CompliancePoint> readPointGraph(ObjectReader& e, const char* key, Context& c)
{
    std::vector<CompliancePoint> out;
    const Json* rows = e.list(key, ItemCount{0, 3, "points"}, required());
    for (std::size_t i = 0; rows && i < rows->size(); ++i) {
        const std::string at = e.at(key) + "/" + std::to_string(i);
        if (const auto v = readNumbers(&(*rows)[i], at, ItemCount{4, 4, "numbers: jounce, x, y, z"}, c.problems))
            out.push_back({(*v)[0], iso(c, {(*v)[1], (*v)[2], (*v)[3]}, c.length)});
    }
    std::vector<GraphPoint> xs;
    for (const CompliancePoint& p : out)
        xs.push_back({p.jounce, 0.0});
    checkJounceAxis(e, key, xs);
    return out;
}

void readCompliance(ObjectReader& e, std::size_t id, Context& c)
{
    Wheel& w = c.out.wheels[id];
    w.toe = readAngleGraph(e, "WheelToeAngle");
    w.camber = readAngleGraph(e, "WheelCamberAngle");
    w.suspForcePoint = readPointGraph(e, "SuspForceAppPoint", c);
    w.tireForcePoint = readPointGraph(e, "TireForceAppPoint", c);
}

void readSpring(ObjectReader& e, std::size_t id, Context& c)
{
    Wheel& w = c.out.wheels[id];
    w.damping = e.number("Damping", kNonNegative, required()).value_or(0.0);
    w.stiffness = e.number("Stiffness", kPositive, required()).value_or(0.0);
    w.sprungMass = e.number("SprungMass", kPositive, required()).value_or(0.0);
}

/// The legacy spring (PhysX 4's, Jounce's): its rest distance, when it agrees with the spring.
bool readLegacySpring(ObjectReader& e, std::size_t id, Context& c)
{
    Wheel& w = c.out.wheels[id];
    const std::optional<double> damping = e.number("Damping", kNonNegative, required());
    const std::optional<double> stiffness = e.number("Stiffness", kPositive, required());
    const std::optional<double> rest = e.number("RestDistance", kNonNegative, required());
    const std::optional<double> mass = e.number("SprungMass", kPositive, required());
    if (!damping || !stiffness || !rest || !mass)
        return false;
    if (!closeTo(*damping, w.damping) || !closeTo(*stiffness, w.stiffness) || !closeTo(*mass, w.sprungMass)) {
        c.report.approximated("SuspensionForceLegacyParams[" + std::to_string(id) + "]",
                              "its damping, stiffness or sprung mass differ from SuspensionForceParams, which NVIDIA's "
                              "reader uses: only its rest distance is taken");
    }
    w.restDistance = *rest * c.length;
    return true;
}

void readTire(ObjectReader& e, std::size_t id, Context& c)
{
    Wheel& w = c.out.wheels[id];
    w.longStiff = e.number("LongitudinalStiffness", kPositive, required()).value_or(0.0) * c.length;
    w.latStiffX = e.number("LateralStiffnessX", kNonNegative, required()).value_or(0.0);
    w.latStiffY = e.number("LateralStiffnessY", kPositive, required()).value_or(0.0) * c.length;
    w.camberStiff = e.number("CamberStiffness", kNonNegative, required()).value_or(0.0) * c.length;
    w.restLoad = e.number("RestLoad", kPositive, required()).value_or(0.0) * c.length;
    if (const auto f = e.pairs("FrictionVsSlip", ItemCount{3, 3, "points"}, kNonNegative, required()))
        for (std::size_t k = 0; k < 3; ++k)
            w.frictionVsSlip[k] = {(*f)[k][0], (*f)[k][1]};
    if (const auto f = e.pairs("TireLoadFilter", ItemCount{2, 2, "points"}, kNonNegative, required()))
        for (std::size_t k = 0; k < 2; ++k)
            w.loadFilter[k] = {(*f)[k][0], (*f)[k][1]};
    (void)id;
}

void readWheel(ObjectReader& e, std::size_t id, Context& c)
{
    Wheel& w = c.out.wheels[id];
    w.halfWidth = e.number("HalfWidth", kPositive, required()).value_or(0.0) * c.length;
    w.radius = e.number("Radius", kPositive, required()).value_or(0.0) * c.length;
    w.mass = e.number("Mass", kPositive, required()).value_or(0.0);
    w.moi = e.number("MOI", kPositive, required()).value_or(0.0) * c.torque;
    w.dampingRate = e.number("DampingRate", kNonNegative, required()).value_or(0.0) * c.torque;
}

}  // namespace

std::optional<Vec3> readVec3(const Json& v, const std::string& pointer, Problems& problems)
{
    const std::optional<std::vector<double>> n = readNumbers(&v, pointer, ItemCount{3, 3, "numbers"}, problems);
    if (!n)
        return std::nullopt;
    return Vec3{(*n)[0], (*n)[1], (*n)[2]};
}

std::optional<std::vector<double>> readNumbers(const Json* v, const std::string& pointer, const ItemCount& count,
                                               Problems& problems)
{
    if (!v || !json::checkList(*v, pointer, count, problems))
        return std::nullopt;
    std::vector<double> out;
    bool ok = true;
    for (std::size_t i = 0; i < v->size(); ++i) {
        const std::optional<double> x = json::readNumber((*v)[i], pointer + "/" + std::to_string(i), kAny, problems);
        ok = ok && x.has_value();
        out.push_back(x.value_or(0.0));
    }
    return ok ? std::optional(out) : std::nullopt;
}

std::optional<Response> readResponse(ObjectReader& parent, const char* key, std::size_t wheels, double torqueScale,
                                     ConversionReport& report)
{
    std::optional<ObjectReader> r = parent.object(key, required());
    if (!r)
        return std::nullopt;
    Response out;
    out.maxResponse = r->number("MaxResponse", kAny, required()).value_or(0.0) * torqueScale;
    const Json* m = r->find("WheelResponseMultipliers", required());
    if (const auto v = readNumbers(m, r->at("WheelResponseMultipliers"), ItemCount{wheels, kMaxWheels, "multipliers"},
                                   parent.problems()))
        out.multipliers.assign(v->begin(), v->begin() + static_cast<std::ptrdiff_t>(wheels));
    if (r->find("NonLinearResponse"))
        report.dropped(std::string(key) + ".NonLinearResponse",
                       "Jounce responds linearly to its commands (its keyboard and pad smoothing are input helpers)");
    r->reportUnknown();
    if (out.multipliers.size() != wheels)
        return std::nullopt;
    return out;
}

bool readBase(const Json& doc, Problems& problems, ConversionReport& report, BaseData& out)
{
    if (!doc.is_object()) {
        problems.error("", "Base.json is a JSON object, got " + std::string(doc.type_name()));
        return false;
    }
    ObjectReader root(doc, "", problems, /*writtenBack=*/false);
    Context c{out, problems, report};
    if (!readAxles(root, out))
        return false;
    out.wheels.assign(out.wheelCount, Wheel{});
    readFrameAndScale(root, c);
    readBody(root, c);
    const std::size_t n = out.wheelCount;
    out.brake = readResponse(root, "BrakeCommandResponseParams", n, c.torque, report).value_or(Response{});
    out.handbrake = readResponse(root, "HandbrakeCommandResponseParams", n, c.torque, report).value_or(Response{});
    out.steer = readResponse(root, "SteerCommandResponseParams", n, 1.0, report).value_or(Response{});
    readAckermann(root, c);
    forEachWheel(root, "SuspensionParams", c, true, [&](ObjectReader& e, std::size_t id) { readSuspension(e, id, c); });
    forEachWheel(root, "SuspensionComplianceParams", c, true,
                 [&](ObjectReader& e, std::size_t id) { readCompliance(e, id, c); });
    forEachWheel(root, "SuspensionForceParams", c, true, [&](ObjectReader& e, std::size_t id) { readSpring(e, id, c); });
    std::vector<bool> legacy(n, false);
    const bool hasLegacy = forEachWheel(root, "SuspensionForceLegacyParams", c, false, [&](ObjectReader& e, std::size_t id) {
        legacy[id] = readLegacySpring(e, id, c);
    });
    out.legacySprings = hasLegacy && std::find(legacy.begin(), legacy.end(), false) == legacy.end();
    if (!out.legacySprings)
        for (Wheel& w : out.wheels)
            w.restDistance.reset();
    forEachWheel(root, "TireForceParams", c, true, [&](ObjectReader& e, std::size_t id) { readTire(e, id, c); });
    forEachWheel(root, "WheelParams", c, true, [&](ObjectReader& e, std::size_t id) { readWheel(e, id, c); });
    root.reportUnknown();
    return !problems.hasErrors();
}

}  // namespace jounce::exchange::p5
