// The generic static check: every numeric leaf against the registry's typical range for a car,
// grouped per parameter, for values no dedicated check has named already.

#include "StaticCheckParts.h"

#include "json/NumberText.h"
#include "telemetry/Channels.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace jounce::doctor::checks {
namespace {

using config::Json;
using json::text::num;

/// Leaves judged by a dedicated check against the same guide range; the generic check skips them.
bool judgedElsewhere(const std::string& pattern)
{
    static const std::set<std::string> skip{
        param::surfaces::friction(param::any, param::any),           // surfaces.friction
        param::drive::engine::torqueCurve(param::any, 0),            // engine.torqueCurve
        param::drive::engine::torqueCurve(param::any, 1),
        param::drive::differential::frontLeftRightSplit,  // differential.leftRightSplit
        param::drive::differential::rearLeftRightSplit,
    };
    return skip.count(pattern) > 0;
}

std::string patternOf(const std::string& path)
{
    std::string p;
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (path[i] == '[') {
            const std::size_t close = path.find(']', i);
            p += "[*]";
            i = close == std::string::npos ? path.size() : close;
        } else {
            p += path[i];
        }
    }
    return p;
}

}  // namespace

void checkTypicalRanges(const VehicleConfig& c, std::vector<Finding>& out)
{
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    // A parameter that already has a finding does not get the generic advice as well.
    std::set<std::string> covered;
    for (const Finding& f : out)
        covered.insert(f.parameters.begin(), f.parameters.end());
    struct Group {
        const config::Node* node = nullptr;
        std::vector<std::string> paths;
        std::vector<std::string> where;  // wheel labels or indices, for the reason
        double lo = INFINITY, hi = -INFINITY;
    };
    std::vector<std::string> order;
    std::map<std::string, Group> groups;
    for (const config::LeafRef& leaf : registry.leaves(c)) {
        const config::Node& node = *leaf.node;
        if ((node.kind != config::NodeKind::Number && node.kind != config::NodeKind::Integer) || !node.info.hasTypicalRange())
            continue;
        const std::string pattern = patternOf(leaf.path);
        if (judgedElsewhere(pattern) || covered.count(leaf.path))
            continue;
        if (c.drive.type == DriveType::FourWheel && param::drive::differential::object.contains(leaf.path) &&
            !usesDifferentialParameter(c.drive.differential4W.type, node.key))
            continue;  // a value the differential type never reads
        const std::optional<Json> value = registry.get(c, leaf.path);
        if (!value || !value->is_number())
            continue;
        const double v = value->get<double>();
        if (!outsideBand(v, node.info.typicalMin, node.info.typicalMax) || (v == 0.0 && node.info.zeroMeansUnset))
            continue;
        auto [it, inserted] = groups.try_emplace(pattern);
        if (inserted)
            order.push_back(pattern);
        Group& g = it->second;
        g.node = &node;
        g.paths.push_back(leaf.path);
        g.lo = std::min(g.lo, v);
        g.hi = std::max(g.hi, v);
        if (const std::optional<std::size_t> wheel = param::wheels::wheelIndex(leaf.path))
            g.where.push_back(label(*wheel));
    }
    for (const std::string& pattern : order) {
        const Group& g = groups[pattern];
        const config::ParamInfo& info = g.node->info;
        const std::string unit = info.unit.empty() || info.unit == "1" ? "" : " " + info.unit;
        Finding f;
        f.id = "parameter.typicalRange";
        f.severity = Severity::Advice;
        f.guideSection = info.specRef + " " + info.section;
        f.parameters = g.paths;
        const std::string values = g.lo == g.hi ? num(g.lo) : num(g.lo) + " to " + num(g.hi);
        std::string where;
        if (!g.where.empty()) {
            for (std::size_t i = 0; i < g.where.size(); ++i)
                where += (i ? ", " : "") + g.where[i];
            where = " (" + where + ")";
        } else if (g.paths.size() > 1) {
            where = " (" + std::to_string(g.paths.size()) + " values)";
        }
        f.reason = pattern + where + " is " + values + unit + ", outside the typical " + num(info.typicalMin) + " to " +
                   num(info.typicalMax) + unit + " (" + info.description +
                   "): fine for a vehicle unlike a car, otherwise worth a second look";
        out.push_back(std::move(f));
    }
}

}  // namespace jounce::doctor::checks
