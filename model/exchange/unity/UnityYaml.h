#pragma once
// The objects of a Unity YAML file (internal to the prefab reader): one YAML document per object,
// headed `--- !u!CLASS &FILEID`, its body a map of Unity's serialised fields. yaml-cpp parses the
// documents; the headers (which yaml-cpp reads but does not return: anchors are not exposed) are
// taken from the document lines, and the ` stripped` suffix Unity writes on stubs of nested
// prefabs, which is not YAML, is removed first.

#include "exchange/unity/UnityVehicle.h"
#include "json/Problem.h"

#include <yaml-cpp/yaml.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace jounce::exchange::yaml {

/// Unity's class ids of the objects the reader uses (Unity's YAML class ID reference).
enum ClassId : int {
    kGameObject = 1,
    kTransform = 4,
    kRigidbody = 54,
    kBoxCollider = 65,
    kWheelCollider = 146,
    kRectTransform = 224,
    kPrefabInstance = 1001,
};

struct Object {
    int classId = 0;
    std::string fileId;
    bool stripped = false;
    std::string type;  ///< "WheelCollider"
    YAML::Node body;
    int line = 0;      ///< 1-based line of the header
};

/// Every object of the file, in file order, indexed by file id.
struct Objects {
    std::vector<Object> list;
    std::map<std::string, std::size_t> byId;

    const Object* find(const std::string& fileId) const;
};

/// Parses Unity YAML text; nullopt with an error when it is not Unity YAML (or yaml-cpp refuses it).
std::optional<Objects> parseObjects(std::string_view text, Problems& problems);

/// Reads typed fields of an object, reporting a wrong type at the field's line as
/// "line 12: WheelCollider m_Radius: expected a number, got "abc"". Absent fields keep the value.
class FieldReader {
public:
    FieldReader(const Object& object, Problems& problems) : object_(object), problems_(problems) {}

    /// A number field (finite); false when absent or wrong.
    bool number(const YAML::Node& map, const char* key, double& out, const char* within = nullptr) const;
    bool number(const char* key, double& out) const { return number(object_.body, key, out); }
    /// {x: , y: , z: }
    bool vector(const char* key, Vec3& out) const;
    /// {x: , y: , z: , w: }
    bool quaternion(const char* key, UnityQuaternion& out) const;
    /// {fileID: N}: the id, "" for none (0) or when absent.
    std::string reference(const char* key) const;
    /// A text field ("" when absent).
    std::string text(const char* key) const;
    /// The map field `key` (m_SuspensionSpring): undefined when absent; anything but a map is
    /// reported and taken as absent.
    YAML::Node part(const char* key) const;

private:
    void wrong(const YAML::Node& node, const std::string& field, const char* expected) const;

    const Object& object_;
    Problems& problems_;
};

}  // namespace jounce::exchange::yaml
