#include "ParameterComparison.h"

#include "json/JsonText.h"

#include <algorithm>
#include <map>

namespace jounce::compare {

std::string sectionOf(const config::Node& node)
{
    for (const config::Node* n = &node; n; n = n->parent)
        if (!n->info.section.empty())
            return n->info.section;
    return {};
}

std::string formatValue(const Json& value)
{
    if (value.is_string())
        return value.get<std::string>();
    if (value.is_number_float())
        return json::formatNumber(value.get<double>());
    return value.dump();
}

std::vector<ParameterRow> compareParameters(std::span<const VehicleConfig* const> vehicles)
{
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    std::vector<ParameterRow> rows;
    std::map<std::string, std::size_t> rowOfPath;
    std::map<std::string, std::size_t> orderOfPattern;  // first appearance of each pattern
    for (std::size_t v = 0; v < vehicles.size(); ++v) {
        for (const config::LeafRef& leaf : registry.leaves(*vehicles[v])) {
            auto [it, inserted] = rowOfPath.try_emplace(leaf.path, rows.size());
            if (inserted) {
                ParameterRow row;
                row.path = leaf.path;
                row.pointer = leaf.pointer;
                row.pattern = leaf.node->pathPattern();
                row.section = sectionOf(*leaf.node);
                row.node = leaf.node;
                row.values.resize(vehicles.size());
                orderOfPattern.try_emplace(row.pattern, orderOfPattern.size());
                rows.push_back(std::move(row));
            }
            rows[it->second].values[v] = registry.get(*vehicles[v], leaf.path);
        }
    }
    for (ParameterRow& row : rows) {
        for (const std::optional<Json>& value : row.values)
            row.differs = row.differs || value != row.values.front();
    }
    // Registry order within a pattern (wheel 0 before wheel 1), patterns in order of appearance.
    std::stable_sort(rows.begin(), rows.end(), [&](const ParameterRow& a, const ParameterRow& b) {
        return orderOfPattern.at(a.pattern) < orderOfPattern.at(b.pattern);
    });
    return rows;
}

}  // namespace jounce::compare
