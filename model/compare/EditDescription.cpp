#include "compare/EditDescription.h"

#include "compare/ParameterComparison.h"
#include "compare/VehiclePatch.h"
#include "config/VehicleJson.h"

#include <map>
#include <vector>

namespace jounce::compare {
namespace {

/// "/wheels/2/suspension/springStrength" -> wheel 2 and "suspension.springStrength"; a path outside
/// the wheels gives wheel -1 and the whole path with dots.
std::pair<int, std::string> splitPath(const std::string& pointer)
{
    std::vector<std::string> parts;
    std::size_t at = 1;
    while (at <= pointer.size()) {
        const std::size_t next = pointer.find('/', at);
        parts.push_back(pointer.substr(at, next == std::string::npos ? std::string::npos : next - at));
        if (next == std::string::npos)
            break;
        at = next + 1;
    }
    int wheel = -1;
    std::size_t first = 0;
    if (parts.size() > 2 && parts[0] == "wheels" && !parts[1].empty() &&
        parts[1].find_first_not_of("0123456789") == std::string::npos && parts[1].size() < 4) {
        wheel = std::stoi(parts[1]);
        first = 2;
    }
    std::string dotted;
    for (std::size_t i = first; i < parts.size(); ++i) {
        const bool index = !parts[i].empty() && parts[i].find_first_not_of("0123456789") == std::string::npos;
        dotted += index ? "[" + parts[i] + "]" : (dotted.empty() ? "" : ".") + parts[i];
    }
    return {wheel, dotted};
}

/// "[0..1]", "[0,2]", "[3]".
std::string wheelSet(const std::vector<int>& wheels)
{
    bool contiguous = true;
    for (std::size_t i = 1; i < wheels.size(); ++i)
        contiguous = contiguous && wheels[i] == wheels[i - 1] + 1;
    if (wheels.size() > 1 && contiguous)
        return "[" + std::to_string(wheels.front()) + ".." + std::to_string(wheels.back()) + "]";
    std::string s;
    for (int w : wheels)
        s += (s.empty() ? "" : ",") + std::to_string(w);
    return "[" + s + "]";
}

}  // namespace

std::string describeEdit(const VehicleConfig& before, const VehicleConfig& after, std::size_t maxItems)
{
    const Json from = config::vehicleToJson(before);
    const Json patch = makePatch(before, after);
    // Items keep the order of their first change; equal changes of several wheels merge.
    std::vector<std::pair<std::string, std::vector<int>>> items;  // "path old → new" without the wheel, wheels
    std::map<std::string, std::size_t> index;
    for (const Json& op : patch) {
        const std::string path = op.value("path", std::string());
        const auto [wheel, dotted] = splitPath(path);
        std::string old = "—";
        if (const Json::json_pointer ptr(path); from.contains(ptr))
            old = formatValue(from.at(ptr));
        const std::string now = op.contains("value") ? formatValue(op.at("value")) : std::string("—");
        const std::string key = dotted + " " + old + " → " + now;
        auto [it, added] = index.emplace(key, items.size());
        if (added)
            items.push_back({key, {}});
        if (wheel >= 0)
            items[it->second].second.push_back(wheel);
    }
    std::string text;
    for (std::size_t i = 0; i < items.size() && i < maxItems; ++i) {
        const auto& [change, wheels] = items[i];
        text += (text.empty() ? "" : "; ") + (wheels.empty() ? change : "wheels" + wheelSet(wheels) + "." + change);
    }
    if (items.size() > maxItems)
        text += "; and " + std::to_string(items.size() - maxItems) + " more";
    return text;
}

}  // namespace jounce::compare
