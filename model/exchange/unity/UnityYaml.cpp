#include "exchange/unity/UnityYaml.h"

#include <charconv>
#include <cmath>
#include <string>
#include <unordered_map>

namespace jounce::exchange::yaml {
namespace {

std::string lineAt(int line)
{
    return "line " + std::to_string(line);
}

struct Header {
    int classId = 0;
    std::string fileId;
    bool stripped = false;
    int line = 0;
};

bool allDigits(std::string_view s, bool allowMinus)
{
    if (allowMinus && !s.empty() && s[0] == '-')
        s.remove_prefix(1);
    if (s.empty() || s.size() > 20)
        return false;
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    return true;
}

/// `--- !u!146 &14600000` or `--- !u!4 &400000 stripped`; nullopt for any other document start, with
/// `error` saying why when the line is a Unity header with a class id out of range.
std::optional<Header> header(std::string_view line, int number, std::string& error)
{
    constexpr std::string_view head = "--- !u!";
    if (line.substr(0, head.size()) != head)
        return std::nullopt;
    line.remove_prefix(head.size());
    while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
        line.remove_suffix(1);
    Header h;
    h.line = number;
    constexpr std::string_view stripped = " stripped";
    if (line.size() > stripped.size() && line.substr(line.size() - stripped.size()) == stripped) {
        h.stripped = true;
        line.remove_suffix(stripped.size());
    }
    const std::size_t amp = line.find(" &");
    if (amp == std::string_view::npos || !allDigits(line.substr(0, amp), false) ||
        !allDigits(line.substr(amp + 2), true))
        return std::nullopt;
    const std::string_view id = line.substr(0, amp);
    if (const auto [end, ec] = std::from_chars(id.data(), id.data() + id.size(), h.classId); ec != std::errc()) {
        error = "the class id " + std::string(id) + " is out of range (Unity's class ids are below 2^31)";
        return std::nullopt;
    }
    h.fileId = std::string(line.substr(amp + 2));
    return h;
}

/// The headers of every document, with the text made YAML: ` stripped` suffixes blanked out.
/// Any other document start (`---` not followed by a Unity header) is an error, and so is a file
/// id used twice: Unity gives every object of a file its own, and references by it would be
/// ambiguous (two WheelColliders under one id would become two wheels).
std::optional<std::vector<Header>> headers(std::string& text, Problems& problems)
{
    std::vector<Header> out;
    std::unordered_map<std::string, int> lineOf;  // file id -> the line of its header
    std::size_t pos = 0;
    int number = 0;
    while (pos < text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            end = text.size();
        ++number;
        const std::string_view line(text.data() + pos, end - pos);
        if (line.substr(0, 3) == "---") {
            std::string error;
            const std::optional<Header> h = header(line, number, error);
            if (!h) {
                problems.error(lineAt(number), error.empty() ? "not a Unity object header (--- !u!CLASS &FILEID): " +
                                                                   std::string(line.substr(0, 60))
                                                             : error);
                return std::nullopt;
            }
            if (const auto [first, fresh] = lineOf.emplace(h->fileId, number); !fresh) {
                problems.error(lineAt(number), "the file id &" + h->fileId + " is used again (first at line " +
                                                   std::to_string(first->second) + "): each object has its own");
                return std::nullopt;
            }
            if (h->stripped)
                text.replace(text.find(" stripped", pos), 9, 9, ' ');
            out.push_back(*h);
        }
        pos = end + 1;
    }
    return out;
}

std::string describe(const YAML::Node& node)
{
    if (node.IsScalar()) {
        const std::string s = node.Scalar();
        return "\"" + (s.size() > 40 ? s.substr(0, 40) + "..." : s) + "\"";
    }
    return node.IsMap() ? "a map" : node.IsSequence() ? "a list" : "nothing";
}

}  // namespace

const Object* Objects::find(const std::string& fileId) const
{
    const auto it = byId.find(fileId);
    return it == byId.end() ? nullptr : &list[it->second];
}

std::optional<Objects> parseObjects(std::string_view source, Problems& problems)
{
    std::string text(source);
    const std::optional<std::vector<Header>> heads = headers(text, problems);
    if (!heads)
        return std::nullopt;
    if (heads->empty()) {
        problems.error(lineAt(1), "not a Unity prefab or scene: no Unity object (--- !u!CLASS &FILEID) in the file");
        return std::nullopt;
    }
    std::vector<YAML::Node> documents;
    try {
        documents = YAML::LoadAll(text);
    } catch (const YAML::Exception& e) {
        problems.error(lineAt(e.mark.line + 1), std::string("not readable as YAML: ") + e.msg);
        return std::nullopt;
    }
    if (documents.size() != heads->size()) {
        problems.error(lineAt(1), std::to_string(documents.size()) + " YAML documents for " +
                                      std::to_string(heads->size()) + " Unity object headers");
        return std::nullopt;
    }
    Objects out;
    for (std::size_t i = 0; i < documents.size(); ++i) {
        const Header& h = (*heads)[i];
        Object o{h.classId, h.fileId, h.stripped, {}, {}, h.line};
        const YAML::Node& root = documents[i];
        if (root.IsMap() && root.size() == 1) {
            const auto entry = root.begin();
            o.type = entry->first.IsScalar() ? entry->first.Scalar() : std::string();
            o.body = entry->second;
        }
        if (!o.body.IsMap() && !o.stripped) {
            problems.warning(lineAt(h.line), "a Unity object that is not a map of fields, ignored");
            continue;
        }
        out.byId.emplace(o.fileId, out.list.size());
        out.list.push_back(std::move(o));
    }
    return out;
}

void FieldReader::wrong(const YAML::Node& node, const std::string& field, const char* expected) const
{
    const int line = node.Mark().line >= 0 ? node.Mark().line + 1 : object_.line;
    problems_.error(lineAt(line), object_.type + " " + field + ": expected " + expected + ", got " + describe(node));
}

bool FieldReader::number(const YAML::Node& map, const char* key, double& out, const char* within) const
{
    if (!map.IsMap())
        return false;
    const YAML::Node node = map[key];
    if (!node.IsDefined() || node.IsNull())
        return false;
    double v = 0.0;
    if (!node.IsScalar() || !YAML::convert<double>::decode(node, v) || !std::isfinite(v)) {
        wrong(node, within ? std::string(within) + "." + key : std::string(key), "a number");
        return false;
    }
    out = v;
    return true;
}

bool FieldReader::vector(const char* key, Vec3& out) const
{
    const YAML::Node node = object_.body[key];
    if (!node.IsDefined())
        return false;
    if (!node.IsMap()) {
        wrong(node, key, "{x, y, z}");
        return false;
    }
    for (const char* c : {"x", "y", "z"})
        if (!node[c].IsDefined()) {
            wrong(node, key, "{x, y, z}");
            return false;
        }
    Vec3 v;
    // Every component read (and reported) before the verdict: declarators run in order.
    const bool x = number(node, "x", v.x, key), y = number(node, "y", v.y, key), z = number(node, "z", v.z, key);
    const bool ok = x && y && z;
    if (ok)
        out = v;
    return ok;
}

bool FieldReader::quaternion(const char* key, UnityQuaternion& out) const
{
    const YAML::Node node = object_.body[key];
    if (!node.IsDefined())
        return false;
    for (const char* c : {"x", "y", "z", "w"})
        if (!node.IsMap() || !node[c].IsDefined()) {
            wrong(node, key, "{x, y, z, w}");
            return false;
        }
    UnityQuaternion q;
    const bool x = number(node, "x", q.x, key), y = number(node, "y", q.y, key), z = number(node, "z", q.z, key),
               w = number(node, "w", q.w, key);
    const bool ok = x && y && z && w;
    if (ok)
        out = q;
    return ok;
}

std::string FieldReader::reference(const char* key) const
{
    const YAML::Node node = object_.body[key];
    if (!node.IsDefined())
        return {};
    const YAML::Node id = node.IsMap() ? node["fileID"] : YAML::Node();
    if (!id.IsDefined() || !id.IsScalar() || !allDigits(id.Scalar(), true)) {
        wrong(node, key, "{fileID: N}");
        return {};
    }
    return id.Scalar() == "0" ? std::string() : id.Scalar();
}

YAML::Node FieldReader::part(const char* key) const
{
    const YAML::Node node = object_.body[key];
    if (!node.IsDefined() || node.IsMap())
        return node;
    wrong(node, key, "a map of fields");
    return YAML::Node(YAML::NodeType::Undefined);
}

std::string FieldReader::text(const char* key) const
{
    const YAML::Node node = object_.body[key];
    return node.IsDefined() && node.IsScalar() ? node.Scalar() : std::string();
}

}  // namespace jounce::exchange::yaml
