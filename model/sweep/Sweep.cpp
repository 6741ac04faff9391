#include "sweep/Sweep.h"

#include "analysis/Figures.h"
#include "sweep/SweepJson.h"

#include <algorithm>

namespace jounce::sweep {

Json Parameter::low() const
{
    return isList() ? values.front() : Json(min);
}

Json Parameter::high() const
{
    return isList() ? values.back() : Json(max);
}

const std::vector<FigureInfo>& figureCatalogue()
{
    // computeFigures without a run gives the catalogue, every figure n/a.
    static const std::vector<FigureInfo> catalogue = [] {
        std::vector<FigureInfo> out;
        for (const sim::Figure& f : sim::computeFigures({}))
            out.push_back({f.id, f.label, f.unit, f.measure});
        return out;
    }();
    return catalogue;
}

const FigureInfo* findFigure(const std::string& id)
{
    const std::vector<FigureInfo>& all = figureCatalogue();
    const auto it = std::find_if(all.begin(), all.end(), [&](const FigureInfo& f) { return f.id == id; });
    return it == all.end() ? nullptr : &*it;
}

const char* linkName(Link link) noexcept
{
    const auto i = static_cast<std::size_t>(link);
    return i < kLinkNames.size() ? kLinkNames[i] : "none";
}

}  // namespace jounce::sweep
