#include "exchange/unity/UnityJson.h"

#include "exchange/ExchangeText.h"
#include "json/ObjectReader.h"

#include <limits>

namespace jounce::exchange {
namespace {

using json::Json;
using json::NumberLimits;
using json::ObjectReader;

const NumberLimits kAny{};
const NumberLimits kPositive = NumberLimits::above(0.0);
const NumberLimits kNonNegative = NumberLimits::atLeast(0.0);
const NumberLimits kFraction = NumberLimits::closed(0.0, 1.0);

void number(ObjectReader& r, const char* key, double& out, const NumberLimits& limits, bool required = false)
{
    if (const auto v = r.number(key, limits, {required, {}}))
        out = *v;
}

void vector(ObjectReader& r, const char* key, Vec3& out, bool required = false)
{
    if (auto o = r.object(key, {required, {}})) {
        number(*o, "x", out.x, kAny, true);
        number(*o, "y", out.y, kAny, true);
        number(*o, "z", out.z, kAny, true);
        o->reportUnknown();
    }
}

/// A WheelCollider's fields; one the file leaves out keeps Unity's default and, with a report, is
/// noted as defaulted with the value used (docs/unity.md "Import and export": every default is
/// in the report).
class WheelFields {
public:
    WheelFields(std::string subject, ConversionReport* report) : subject_(std::move(subject)), report_(report) {}

    /// `r` is the wheel or one of its objects (`within`, "suspensionSpring"), or nullopt when absent.
    void number(std::optional<ObjectReader>& r, const char* key, double& out, const NumberLimits& limits,
                const char* within = nullptr) const
    {
        if (r && r->has(key))
            jounce::exchange::number(*r, key, out, limits);
        else if (report_)
            report_->defaulted(subject_ + "." + (within ? std::string(within) + "." : "") + key,
                               "not in the file: Unity's default, " + num(out));
    }

    void curve(ObjectReader& wheel, const char* key, WheelFrictionCurve& c) const
    {
        std::optional<ObjectReader> o = wheel.object(key);
        number(o, "extremumSlip", c.extremumSlip, kAny, key);
        number(o, "extremumValue", c.extremumValue, kAny, key);
        number(o, "asymptoteSlip", c.asymptoteSlip, kAny, key);
        number(o, "asymptoteValue", c.asymptoteValue, kAny, key);
        number(o, "stiffness", c.stiffness, kAny, key);
        if (o)
            o->reportUnknown();
    }

private:
    std::string subject_;
    ConversionReport* report_;
};

UnityWheelCollider readWheel(std::optional<ObjectReader>& r, const std::string& subject, ConversionReport* report)
{
    const WheelFields f(subject, report);
    UnityWheelCollider w;
    if (const auto name = r->text("name"))
        w.name = *name;
    vector(*r, "position", w.position, true);
    vector(*r, "center", w.center);
    if (report && !r->has("center"))
        report->defaulted(subject + ".center", "not in the file: Unity's default, (0, 0, 0)");
    f.number(r, "radius", w.radius, kPositive);
    f.number(r, "mass", w.mass, kPositive);
    f.number(r, "wheelDampingRate", w.wheelDampingRate, kNonNegative);
    f.number(r, "suspensionDistance", w.suspensionDistance, kNonNegative);
    f.number(r, "forceAppPointDistance", w.forceAppPointDistance, kAny);
    std::optional<ObjectReader> s = r->object("suspensionSpring");
    f.number(s, "spring", w.suspensionSpring.spring, kNonNegative, "suspensionSpring");
    f.number(s, "damper", w.suspensionSpring.damper, kNonNegative, "suspensionSpring");
    f.number(s, "targetPosition", w.suspensionSpring.targetPosition, kFraction, "suspensionSpring");
    if (s)
        s->reportUnknown();
    f.curve(*r, "forwardFriction", w.forwardFriction);
    f.curve(*r, "sidewaysFriction", w.sidewaysFriction);
    r->reportUnknown();
    return w;
}

void readRigidbody(ObjectReader& r, UnityRigidbody& b)
{
    number(r, "mass", b.mass, kPositive, true);
    number(r, "drag", b.drag, kNonNegative);
    number(r, "angularDrag", b.angularDrag, kNonNegative);
    if (r.has("centerOfMass")) {
        b.centerOfMass.emplace();
        vector(r, "centerOfMass", *b.centerOfMass);
    }
    if (const auto automatic = r.boolean("automaticInertiaTensor"))
        b.automaticInertiaTensor = *automatic;
    vector(r, "inertiaTensor", b.inertiaTensor, !b.automaticInertiaTensor);
    if (auto q = r.object("inertiaTensorRotation")) {
        number(*q, "x", b.inertiaTensorRotation.x, kAny, true);
        number(*q, "y", b.inertiaTensorRotation.y, kAny, true);
        number(*q, "z", b.inertiaTensorRotation.z, kAny, true);
        number(*q, "w", b.inertiaTensorRotation.w, kAny, true);
        q->reportUnknown();
    }
    r.reportUnknown();
}

void readSubsteps(ObjectReader& r, UnityVehicleSubsteps& s)
{
    number(r, "speedThreshold", s.speedThreshold, kNonNegative);
    if (const auto below = r.integer("stepsBelowThreshold", 1, 100))
        s.stepsBelowThreshold = *below;
    if (const auto above = r.integer("stepsAboveThreshold", 1, 100))
        s.stepsAboveThreshold = *above;
    r.reportUnknown();
}

Json vec(const Vec3& v) { return Json{{"x", v.x}, {"y", v.y}, {"z", v.z}}; }

Json curve(const WheelFrictionCurve& c)
{
    return Json{{"extremumSlip", c.extremumSlip}, {"extremumValue", c.extremumValue},
                {"asymptoteSlip", c.asymptoteSlip}, {"asymptoteValue", c.asymptoteValue}, {"stiffness", c.stiffness}};
}

Json wheelJson(const UnityWheelCollider& w)
{
    Json j;
    j["name"] = w.name;
    j["position"] = vec(w.position);
    j["center"] = vec(w.center);
    j["radius"] = w.radius;
    j["mass"] = w.mass;
    j["wheelDampingRate"] = w.wheelDampingRate;
    j["suspensionDistance"] = w.suspensionDistance;
    j["forceAppPointDistance"] = w.forceAppPointDistance;
    j["suspensionSpring"] = Json{{"spring", w.suspensionSpring.spring}, {"damper", w.suspensionSpring.damper},
                                 {"targetPosition", w.suspensionSpring.targetPosition}};
    j["forwardFriction"] = curve(w.forwardFriction);
    j["sidewaysFriction"] = curve(w.sidewaysFriction);
    return j;
}

}  // namespace

std::optional<UnityVehicle> readUnityJson(const Json& document, Problems& problems, ConversionReport* report)
{
    std::optional<ObjectReader> r = ObjectReader::open(document, "", problems, false);
    if (!r)
        return std::nullopt;
    const std::optional<std::string> format = r->text("format", json::required("\"jounce.unity-vehicle\""));
    if (format && *format != kUnityFormat) {
        problems.error("/format", "expected \"jounce.unity-vehicle\", got \"" + *format + "\"");
        return std::nullopt;
    }
    if (!format)
        return std::nullopt;
    r->integer("schemaVersion", kUnitySchemaVersion, kUnitySchemaVersion, json::required());
    UnityVehicle v;
    if (const auto name = r->text("name"))
        v.name = *name;
    if (r->has("fixedDeltaTime"))
        v.fixedDeltaTime = r->number("fixedDeltaTime", kPositive);
    if (auto s = r->object("vehicleSubsteps"))
        readSubsteps(*s, v.vehicleSubsteps.emplace());
    if (auto b = r->object("rigidbody", json::required()))
        readRigidbody(*b, v.rigidbody);
    if (auto box = r->object("boxCollider")) {
        UnityBoxCollider& c = v.boxCollider.emplace();
        vector(*box, "center", c.center);
        vector(*box, "size", c.size, true);
        box->reportUnknown();
    }
    const json::ItemCount count{1, static_cast<std::size_t>(kMaxWheels), "wheel colliders"};
    if (const Json* list = r->list("wheelColliders", count, json::required("a vehicle needs its WheelColliders")))
        for (std::size_t i = 0; i < list->size(); ++i)
            if (auto w = r->element(*list, "wheelColliders", i))
                v.wheelColliders.push_back(readWheel(w, "wheelColliders[" + std::to_string(i) + "]", report));
    r->reportUnknown();
    return v;
}

std::optional<UnityVehicle> readUnityJsonText(std::string_view text, Problems& problems, ConversionReport* report)
{
    const std::optional<Json> document = json::parseJson(text, problems);
    if (!document)
        return std::nullopt;
    return readUnityJson(*document, problems, report);
}

Json writeUnityJson(const UnityVehicle& v)
{
    Json j;
    j["format"] = kUnityFormat;
    j["schemaVersion"] = kUnitySchemaVersion;
    j["name"] = v.name;
    if (v.fixedDeltaTime)
        j["fixedDeltaTime"] = *v.fixedDeltaTime;
    if (v.vehicleSubsteps)
        j["vehicleSubsteps"] = Json{{"speedThreshold", v.vehicleSubsteps->speedThreshold},
                                    {"stepsBelowThreshold", v.vehicleSubsteps->stepsBelowThreshold},
                                    {"stepsAboveThreshold", v.vehicleSubsteps->stepsAboveThreshold}};
    const UnityRigidbody& b = v.rigidbody;
    Json body{{"mass", b.mass}, {"drag", b.drag}, {"angularDrag", b.angularDrag}};
    if (b.centerOfMass)
        body["centerOfMass"] = vec(*b.centerOfMass);
    body["automaticInertiaTensor"] = b.automaticInertiaTensor;
    body["inertiaTensor"] = vec(b.inertiaTensor);
    const UnityQuaternion& q = b.inertiaTensorRotation;
    body["inertiaTensorRotation"] = Json{{"x", q.x}, {"y", q.y}, {"z", q.z}, {"w", q.w}};
    j["rigidbody"] = std::move(body);
    if (v.boxCollider)
        j["boxCollider"] = Json{{"center", vec(v.boxCollider->center)}, {"size", vec(v.boxCollider->size)}};
    Json wheels = Json::array();
    for (const UnityWheelCollider& w : v.wheelColliders)
        wheels.push_back(wheelJson(w));
    j["wheelColliders"] = std::move(wheels);
    return j;
}

std::string unityJsonText(const UnityVehicle& v)
{
    return json::formatJson(writeUnityJson(v));
}

}  // namespace jounce::exchange
