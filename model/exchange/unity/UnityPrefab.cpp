#include "exchange/unity/UnityPrefab.h"

#include "exchange/ExchangeText.h"
#include "exchange/unity/UnityYaml.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace jounce::exchange {
namespace {

using yaml::FieldReader;
using yaml::Object;
using yaml::Objects;

/// A Transform's local pose relative to its parent.
struct Pose {
    Vec3 position;
    UnityQuaternion rotation;
    Vec3 scale{1.0, 1.0, 1.0};
    std::string father;      ///< parent transform's file id, "" at the root
    std::string gameObject;
};

Vec3 rotate(const UnityQuaternion& q, const Vec3& v)
{
    // v' = v + 2w (u x v) + 2 u x (u x v), u = (x, y, z): the rotation of a unit quaternion.
    const Vec3 u{q.x, q.y, q.z};
    const Vec3 t{2 * (u.y * v.z - u.z * v.y), 2 * (u.z * v.x - u.x * v.z), 2 * (u.x * v.y - u.y * v.x)};
    return {v.x + q.w * t.x + (u.y * t.z - u.z * t.y), v.y + q.w * t.y + (u.z * t.x - u.x * t.z),
            v.z + q.w * t.z + (u.x * t.y - u.y * t.x)};
}

bool identity(const UnityQuaternion& q) { return std::fabs(std::fabs(q.w) - 1.0) < 1e-9; }
bool unitScale(const Vec3& s) { return std::fabs(s.x - 1) < 1e-9 && std::fabs(s.y - 1) < 1e-9 && std::fabs(s.z - 1) < 1e-9; }

std::string objectName(const Object& o) { return o.type + " &" + o.fileId; }

/// What the reader knows of the file: poses, names, and which game object holds what.
struct Scene {
    const Objects* objects = nullptr;
    std::map<std::string, Pose> transforms;            ///< by transform file id
    std::map<std::string, std::string> transformOf;    ///< game object -> its transform
    std::map<std::string, std::string> names;          ///< game object -> m_Name
    std::map<std::string, const Object*> rigidbodyOf;  ///< game object -> its Rigidbody
    std::map<std::string, const Object*> boxOf;        ///< game object -> its first enabled BoxCollider

    std::string name(const std::string& gameObject) const
    {
        const auto it = names.find(gameObject);
        return it == names.end() || it->second.empty() ? "&" + gameObject : it->second;
    }
};

Scene index(const Objects& objects, Problems& problems, ConversionReport& report)
{
    Scene s;
    s.objects = &objects;
    for (const Object& o : objects.list) {
        if (o.stripped || o.classId == yaml::kPrefabInstance) {
            report.dropped(objectName(o), "a nested prefab's object (" + std::string(o.stripped ? "stripped" : "instance") +
                                              "): its fields live in another prefab file, which is not read");
            continue;
        }
        const FieldReader f(o, problems);
        if (o.classId == yaml::kGameObject) {
            s.names[o.fileId] = f.text("m_Name");
        } else if (o.classId == yaml::kTransform || o.classId == yaml::kRectTransform) {
            Pose p;
            f.vector("m_LocalPosition", p.position);
            f.quaternion("m_LocalRotation", p.rotation);
            f.vector("m_LocalScale", p.scale);
            p.father = f.reference("m_Father");
            p.gameObject = f.reference("m_GameObject");
            s.transforms[o.fileId] = p;
            s.transformOf[p.gameObject] = o.fileId;
        } else if (o.classId == yaml::kRigidbody) {
            s.rigidbodyOf.emplace(f.reference("m_GameObject"), &o);
        } else if (o.classId == yaml::kBoxCollider) {
            double enabled = 1;
            f.number("m_Enabled", enabled);
            if (enabled != 0)
                s.boxOf.emplace(f.reference("m_GameObject"), &o);
        }
    }
    return s;
}

/// Where a WheelCollider hangs: its Rigidbody's game object, and its GameObject's origin and its
/// collider's centre in that body's frame.
struct Placement {
    std::string body;  ///< game object holding the Rigidbody, "" when none is above the wheel
    Vec3 origin;
    Vec3 centre;
    bool rotated = false;
    bool scaled = false;
};

/// The game object holding the Rigidbody at or above `gameObject`, "" when there is none (or the
/// transforms loop). Memoised for every game object on the way up, so that the wheels of a file cost
/// O(objects log objects) however deep they hang: 5,000 wheels under a 5,000-deep chain took 20-30 s
/// when each walked the chain.
std::string bodyAbove(const Scene& s, const std::string& gameObject, std::map<std::string, std::string>& memo)
{
    std::vector<std::string> walked;
    std::set<std::string> seen;
    std::string go = gameObject, body;
    while (!go.empty()) {
        if (const auto known = memo.find(go); known != memo.end()) {
            body = known->second;
            break;
        }
        if (s.rigidbodyOf.count(go)) {
            body = go;
            break;
        }
        const auto t = s.transformOf.find(go);
        if (!seen.insert(go).second || t == s.transformOf.end())
            break;
        walked.push_back(go);
        const auto father = s.transforms.find(s.transforms.at(t->second).father);
        go = father == s.transforms.end() ? std::string() : father->second.gameObject;
    }
    for (const std::string& w : walked)
        memo[w] = body;
    return body;
}

/// The wheel's place in its body's frame: its transforms composed up to the body. Called for the
/// chosen vehicle's wheels only (at most kMaxWheels), so walking the chain each time is linear.
Placement place(const Scene& s, const std::string& gameObject, const Vec3& center)
{
    Placement out;
    out.centre = center;
    std::string go = gameObject;
    std::set<std::string> seen;
    while (!go.empty() && seen.insert(go).second) {
        if (s.rigidbodyOf.count(go)) {
            out.body = go;
            return out;
        }
        const auto t = s.transformOf.find(go);
        if (t == s.transformOf.end())
            break;
        const Pose& p = s.transforms.at(t->second);
        auto apply = [&p](const Vec3& v) {
            const Vec3 r = rotate(p.rotation, {v.x * p.scale.x, v.y * p.scale.y, v.z * p.scale.z});
            return Vec3{p.position.x + r.x, p.position.y + r.y, p.position.z + r.z};
        };
        out.origin = apply(out.origin);
        out.centre = apply(out.centre);
        out.rotated = out.rotated || !identity(p.rotation);
        out.scaled = out.scaled || !unitScale(p.scale);
        const auto father = s.transforms.find(p.father);
        go = father == s.transforms.end() ? std::string() : father->second.gameObject;
    }
    return out;  // no Rigidbody above the wheel: body stays empty
}

bool absent(const Object& o, const char* key) { return !o.body[key].IsDefined() || o.body[key].IsNull(); }

/// Reads a WheelCollider's fields. A field left out keeps Unity's default and is reported as
/// defaulted with the value used (docs/unity.md "Import and export": every default is reported).
class WheelFields {
public:
    WheelFields(const FieldReader& f, std::string subject, ConversionReport& report)
        : f_(f), subject_(std::move(subject)), report_(report)
    {
    }

    /// `map` is the body or a part() of it: a map, or undefined when absent.
    void number(const YAML::Node& map, const char* key, double& out, const char* within = nullptr) const
    {
        if (map.IsDefined() && map[key].IsDefined() && !map[key].IsNull())
            f_.number(map, key, out, within);
        else
            defaulted(within ? std::string(within) + "." + key : std::string(key), num(out));
    }

    void vector(const YAML::Node& body, const char* key, Vec3& out) const
    {
        if (body[key].IsDefined() && !body[key].IsNull())
            f_.vector(key, out);
        else
            defaulted(key, "(" + num(out.x) + ", " + num(out.y) + ", " + num(out.z) + ")");
    }

    void curve(const char* key, WheelFrictionCurve& c) const
    {
        const YAML::Node node = f_.part(key);
        number(node, "m_ExtremumSlip", c.extremumSlip, key);
        number(node, "m_ExtremumValue", c.extremumValue, key);
        number(node, "m_AsymptoteSlip", c.asymptoteSlip, key);
        number(node, "m_AsymptoteValue", c.asymptoteValue, key);
        number(node, "m_Stiffness", c.stiffness, key);
    }

private:
    void defaulted(const std::string& field, const std::string& value) const
    {
        report_.defaulted(subject_ + "." + field, "not in the file: Unity's default, " + value);
    }

    const FieldReader& f_;
    std::string subject_;
    ConversionReport& report_;
};

UnityWheelCollider readWheel(const Object& o, const FieldReader& f, const std::string& subject, ConversionReport& report)
{
    const WheelFields r(f, subject, report);
    const YAML::Node& body = o.body;
    UnityWheelCollider w;
    r.vector(body, "m_Center", w.center);
    r.number(body, "m_Radius", w.radius);
    r.number(body, "m_Mass", w.mass);
    r.number(body, "m_WheelDampingRate", w.wheelDampingRate);
    r.number(body, "m_SuspensionDistance", w.suspensionDistance);
    r.number(body, "m_ForceAppPointDistance", w.forceAppPointDistance);
    const YAML::Node spring = f.part("m_SuspensionSpring");
    r.number(spring, "spring", w.suspensionSpring.spring, "m_SuspensionSpring");
    r.number(spring, "damper", w.suspensionSpring.damper, "m_SuspensionSpring");
    r.number(spring, "targetPosition", w.suspensionSpring.targetPosition, "m_SuspensionSpring");
    r.curve("m_ForwardFriction", w.forwardFriction);
    r.curve("m_SidewaysFriction", w.sidewaysFriction);
    if (absent(o, "m_Enabled"))
        report.defaulted(subject + ".m_Enabled", "not in the file: Unity's default, 1 (enabled)");
    return w;
}

void readRigidbody(const Object& o, const FieldReader& f, UnityRigidbody& b, ConversionReport& report)
{
    f.number("m_Mass", b.mass);
    // Unity 6 renamed drag and angular drag to linear and angular damping.
    if (!f.number("m_Drag", b.drag))
        f.number("m_LinearDamping", b.drag);
    if (!f.number("m_AngularDrag", b.angularDrag))
        f.number("m_AngularDamping", b.angularDrag);
    const std::pair<std::vector<const char*>, std::string> defaults[] = {
        {{"m_Mass"}, "1 kg"}, {{"m_Drag", "m_LinearDamping"}, "0"}, {{"m_AngularDrag", "m_AngularDamping"}, "0.05"}};
    for (const auto& [keys, value] : defaults)
        if (std::all_of(keys.begin(), keys.end(), [&](const char* k) { return absent(o, k); }))
            report.defaulted(objectName(o) + "." + keys.front(), "not in the file: Unity's default, " + value);
    double implicitCom = 1, implicitTensor = 1;
    const bool storesCom = f.number("m_ImplicitCom", implicitCom);
    f.number("m_ImplicitTensor", implicitTensor);
    Vec3 com;
    if (storesCom && implicitCom == 0 && f.vector("m_CenterOfMass", com))
        b.centerOfMass = com;
    b.automaticInertiaTensor = implicitTensor != 0;
    if (!b.automaticInertiaTensor) {
        f.vector("m_InertiaTensor", b.inertiaTensor);
        f.quaternion("m_InertiaRotation", b.inertiaTensorRotation);
    }
    // Settings that change how Unity moves the body and that a Jounce vehicle always has.
    double kinematic = 0, gravity = 1, constraints = 0;
    if (f.number("m_IsKinematic", kinematic) && kinematic != 0)
        report.dropped(objectName(o) + ".isKinematic", "a kinematic body is moved by scripts in Unity; Jounce simulates it");
    if (f.number("m_UseGravity", gravity) && gravity == 0)
        report.dropped(objectName(o) + ".useGravity", "off in Unity; Jounce's vehicles always have gravity");
    if (f.number("m_Constraints", constraints) && constraints != 0)
        report.dropped(objectName(o) + ".constraints", "frozen position or rotation axes: Jounce's chassis is free");
    if (!storesCom)
        report.defaulted(objectName(o) + ".centerOfMass",
                         "this Unity version keeps a script's centre of mass out of the file: Unity's automatic one "
                         "(the colliders' centre) is used");
}

/// The Rigidbody with the most enabled WheelColliders below it, and those wheels in file order.
struct Vehicle {
    std::string body;
    std::vector<const Object*> wheels;
};

Vehicle chooseVehicle(const Scene& s, Problems& problems, ConversionReport& report)
{
    std::map<std::string, Vehicle> byBody;
    std::map<std::string, std::string> memo;
    std::vector<std::string> order;
    for (const Object& o : s.objects->list) {
        if (o.classId != yaml::kWheelCollider || o.stripped)
            continue;
        const FieldReader f(o, problems);
        double enabled = 1;
        f.number("m_Enabled", enabled);
        const std::string go = f.reference("m_GameObject");
        if (enabled == 0) {
            report.dropped("WheelCollider on " + s.name(go), "disabled (m_Enabled 0): Unity does not simulate it");
            continue;
        }
        const std::string body = bodyAbove(s, go, memo);
        if (body.empty()) {
            report.dropped("WheelCollider on " + s.name(go), "no Rigidbody above it: Unity does not simulate it");
            continue;
        }
        if (!byBody.count(body))
            order.push_back(body);
        byBody[body].body = body;
        byBody[body].wheels.push_back(&o);
    }
    Vehicle best;
    for (const std::string& body : order)
        if (byBody[body].wheels.size() > best.wheels.size())
            best = byBody[body];
    for (const std::string& body : order)
        if (body != best.body)
            report.dropped("Rigidbody on " + s.name(body), std::to_string(byBody[body].wheels.size()) +
                                                               " WheelColliders: another vehicle of the file; only " +
                                                               s.name(best.body) + " (the one with most wheels) is read");
    return best;
}

UnityWheelCollider placedWheel(const Scene& s, const Object& o, Problems& problems, ConversionReport& report)
{
    const FieldReader f(o, problems);
    const std::string go = f.reference("m_GameObject");
    UnityWheelCollider w = readWheel(o, f, "WheelCollider on " + s.name(go), report);
    w.name = s.name(go);
    const Placement p = place(s, go, w.center);
    if (p.rotated || p.scaled) {
        // The collider's centre is placed exactly; its own frame is taken as the body's.
        w.position = p.centre;
        w.center = {};
        report.approximated("WheelCollider on " + w.name,
                            std::string(p.rotated ? "rotated" : "scaled") +
                                " against its Rigidbody: the wheel is taken upright and unscaled at its centre's place "
                                "(radius and suspension distance as written)");
    } else {
        w.position = p.origin;
    }
    return w;
}

}  // namespace

std::optional<UnityVehicle> readUnityYaml(std::string_view text, Problems& problems, ConversionReport& report)
{
    if (text.size() > kMaxUnityYamlBytes) {
        problems.error("line 1", "the file is " + std::to_string(text.size() >> 20) + " MiB: Unity YAML files over " +
                                     std::to_string(kMaxUnityYamlBytes >> 20) + " MiB are not read");
        return std::nullopt;
    }
    const std::optional<Objects> objects = yaml::parseObjects(text, problems);
    if (!objects)
        return std::nullopt;
    const Scene scene = index(*objects, problems, report);
    const Vehicle chosen = chooseVehicle(scene, problems, report);
    if (chosen.wheels.empty()) {
        problems.error("line 1", "no enabled WheelCollider below a Rigidbody in the file: nothing to import");
        return std::nullopt;
    }
    if (chosen.wheels.size() > static_cast<std::size_t>(kMaxWheels)) {
        problems.error("line 1", std::to_string(chosen.wheels.size()) + " WheelColliders on one Rigidbody: Jounce takes at most " +
                                     std::to_string(kMaxWheels));
        return std::nullopt;
    }
    UnityVehicle v;
    v.name = scene.name(chosen.body);
    const Object& body = *scene.rigidbodyOf.at(chosen.body);
    readRigidbody(body, FieldReader(body, problems), v.rigidbody, report);
    if (const auto box = scene.boxOf.find(chosen.body); box != scene.boxOf.end()) {
        const FieldReader f(*box->second, problems);
        UnityBoxCollider& c = v.boxCollider.emplace();
        f.vector("m_Center", c.center);
        f.vector("m_Size", c.size);
    }
    for (const Object* object : chosen.wheels)
        v.wheelColliders.push_back(placedWheel(scene, *object, problems, report));
    return v;
}

}  // namespace jounce::exchange
