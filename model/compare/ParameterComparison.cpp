#include "ParameterComparison.h"

#include "config/ParameterPaths.h"
#include "json/JsonText.h"

#include <algorithm>
#include <map>

namespace jounce::compare {
namespace {

/// A per-wheel leaf's path split at its wheel: "wheels[2].tire.latStiffX" -> 2, ".tire.latStiffX".
struct WheelLeaf {
    std::size_t wheel = 0;
    std::string rest;
};

std::optional<WheelLeaf> wheelLeaf(const std::string& path)
{
    const std::optional<std::size_t> wheel = config::param::wheels::wheelIndex(path);
    if (!wheel)
        return std::nullopt;
    return WheelLeaf{*wheel, path.substr(path.find(']') + 1)};
}

/// Appends the rows of one per-wheel pattern, wheels of equal values in runs of one row each.
void collapseBlock(std::vector<ParameterRow>& block, std::vector<ParameterRow>& out)
{
    // The leaves of one pattern by what follows the wheel (a curve has several points per wheel).
    std::vector<std::string> order;
    std::map<std::string, std::vector<std::pair<std::size_t, ParameterRow*>>> byRest;
    for (ParameterRow& row : block) {
        const WheelLeaf leaf = *wheelLeaf(row.path);
        auto& wheels = byRest[leaf.rest];
        if (wheels.empty())
            order.push_back(leaf.rest);
        wheels.emplace_back(leaf.wheel, &row);
    }
    for (const std::string& rest : order) {
        const auto& wheels = byRest.at(rest);
        for (std::size_t i = 0; i < wheels.size();) {
            std::size_t j = i + 1;
            while (j < wheels.size() && wheels[j].first == wheels[j - 1].first + 1 &&
                   wheels[j].second->values == wheels[i].second->values)
                ++j;
            ParameterRow row = std::move(*wheels[i].second);
            for (std::size_t k = i + 1; k < j; ++k) {
                row.paths.push_back(wheels[k].second->path);
                row.pointers.push_back(wheels[k].second->pointer);
            }
            if (j - i > 1)
                row.path = config::param::wheels::list.str() + "[" + std::to_string(wheels[i].first) + ".." +
                           std::to_string(wheels[j - 1].first) + "]" + rest;
            out.push_back(std::move(row));
            i = j;
        }
    }
}

}  // namespace

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
                row.paths = {leaf.path};
                row.pointers = {leaf.pointer};
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

std::vector<ParameterRow> collapseWheelRows(std::vector<ParameterRow> rows)
{
    std::vector<ParameterRow> out;
    out.reserve(rows.size());
    for (std::size_t i = 0; i < rows.size();) {
        if (!wheelLeaf(rows[i].path)) {
            out.push_back(std::move(rows[i++]));
            continue;
        }
        // The rows of one pattern are adjacent (compareParameters keeps them together).
        std::size_t j = i + 1;
        while (j < rows.size() && rows[j].pattern == rows[i].pattern && wheelLeaf(rows[j].path))
            ++j;
        std::vector<ParameterRow> block(std::make_move_iterator(rows.begin() + std::ptrdiff_t(i)),
                                        std::make_move_iterator(rows.begin() + std::ptrdiff_t(j)));
        collapseBlock(block, out);
        i = j;
    }
    return out;
}

}  // namespace jounce::compare
