#include "vehicle/LinearGraph.h"

namespace jounce::sim {

double lookupClamped(std::span<const GraphPoint> graph, double x, double emptyValue) noexcept
{
    if (graph.empty())
        return emptyValue;
    if (x <= graph.front().x)
        return graph.front().y;
    for (std::size_t i = 1; i < graph.size(); ++i) {
        const GraphPoint& lo = graph[i - 1];
        const GraphPoint& hi = graph[i];
        if (x < hi.x)
            return lo.y + (hi.y - lo.y) * (x - lo.x) / (hi.x - lo.x);
    }
    return graph.back().y;
}

}  // namespace jounce::sim
