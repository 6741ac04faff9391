#include "world/SurfaceIndex.h"

#include "world/Terrain.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {
namespace {

using Points = PolygonEdgeIndex::Points;

constexpr double kInf = std::numeric_limits<double>::infinity();
/// Relative margin for decisions made in advance. Rounding moves a computed crossing or distance by
/// about 1e-15 of the coordinates' size; anything within this margin of a cell is tested exactly.
constexpr double kMargin = 1e-9;

std::size_t bytes(const auto& v) { return v.capacity() * sizeof(v[0]); }

/// The edge test of SurfacePatch::contains, for the edge from corner a to the corner before it.
bool crosses(const Points& p, std::size_t a, double x, double y)
{
    const std::size_t b = a == 0 ? p.size() - 1 : a - 1;
    const double xa = p[a][0], ya = p[a][1], xb = p[b][0], yb = p[b][1];
    return (ya > y) != (yb > y) && x < xa + (y - ya) * (xb - xa) / (yb - ya);
}

/// Which band of `starts` (ascending lower bounds) holds v; values below the first belong to it.
std::size_t band(const std::vector<double>& starts, double v)
{
    const auto pos = std::upper_bound(starts.begin(), starts.end(), v);
    return pos == starts.begin() ? 0 : std::size_t(pos - starts.begin()) - 1;
}

/// About `count` lower bounds taken at the quantiles of sorted values, so each band holds about
/// values.size() / count of them; the first is the smallest value.
std::vector<double> quantiles(const std::vector<double>& sorted, std::size_t count)
{
    std::vector<double> starts;
    starts.reserve(count);
    for (std::size_t k = 0; k < count; ++k) {
        const double v = sorted[k * sorted.size() / count];
        if (starts.empty() || v > starts.back())
            starts.push_back(v);
    }
    return starts;
}

/// The corners' values along one axis, sorted, and the sum over the edges of how many corners lie
/// between the edge's ends in that order (how many of b quantile bands an edge crosses, times n / b).
struct AxisOrder {
    std::vector<double> sorted;
    double span = 0.0;
};

AxisOrder axisOrder(const Points& p, int axis)
{
    const std::size_t n = p.size();
    std::vector<std::uint32_t> order(n), rank(n);
    for (std::size_t k = 0; k < n; ++k)
        order[k] = static_cast<std::uint32_t>(k);
    std::sort(order.begin(), order.end(), [&](std::uint32_t i, std::uint32_t j) { return p[i][axis] < p[j][axis]; });
    AxisOrder out;
    out.sorted.resize(n);
    for (std::size_t k = 0; k < n; ++k) {
        out.sorted[k] = p[order[k]][axis];
        rank[order[k]] = k > 0 && out.sorted[k] == out.sorted[k - 1] ? rank[order[k - 1]] : static_cast<std::uint32_t>(k);
    }
    for (std::size_t a = 0, b = n - 1; a < n; b = a++)
        out.span += std::abs(double(rank[a]) - double(rank[b]));
    return out;
}

struct GridShape {
    std::size_t rows = 1, cols = 1;
};

/// Rows and columns for a polygon's edge grid: the fewest edge tests per look-up (about 2n / rows
/// edges ending in the row, plus the cell's share of the listed edges) within the memory budget.
GridShape chooseShape(const Points& p, double spanX, double spanY)
{
    const double n = double(p.size());
    GridShape best;
    double bestCost = kInf;
    for (std::size_t rows = 1; 4 * rows <= p.size(); rows *= 2) {
        for (std::size_t cols = 1; 4 * cols <= p.size() && 2 * rows * cols <= p.size(); cols *= 2) {
            const double listed = (spanY * double(rows) + spanX * double(cols)) / n;
            if (listed > n)
                continue;
            const double cost = 2.0 * n / double(rows) + listed / double(rows * cols);
            if (cost < bestCost) {
                bestCost = cost;
                best = {rows, cols};
            }
        }
    }
    return best;
}

/// How an edge crosses a row of the grid.
enum class Meets {
    Ends,   ///< has an end inside the row: whether a point's y is in its span depends on the point
    Spans,  ///< runs from the row's bottom to its top
};

/// Calls f(edge, row, meets, c0, c1) for every row in which an edge can be crossed, c0..c1 being
/// the columns its part in the row lies in, widened by the margin; stops when f returns false.
/// Horizontal edges are never crossed ((ya > y) != (yb > y) is false for every y).
bool visitEdgeRows(const Points& p, const std::vector<double>& rows, const std::vector<std::uint32_t>& cornerRow,
                   const std::vector<double>& cols, auto&& f)
{
    const std::size_t n = p.size();
    for (std::size_t a = 0; a < n; ++a) {
        const std::size_t b = a == 0 ? n - 1 : a - 1;
        const double xa = p[a][0], ya = p[a][1], xb = p[b][0], yb = p[b][1];
        if (ya == yb)
            continue;
        const double yLow = std::min(ya, yb), yHigh = std::max(ya, yb);
        const double margin = kMargin * (1.0 + std::abs(xa) + std::abs(xb));
        const std::size_t rEnd = std::max(cornerRow[a], cornerRow[b]);
        for (std::size_t r = std::min(cornerRow[a], cornerRow[b]); r <= rEnd; ++r) {
            const double lo = rows[r], hi = r + 1 < rows.size() ? rows[r + 1] : kInf;
            if (yHigh <= lo)
                continue;  // the edge ends on the row's lower bound: y < yHigh fails in all of it
            const Meets meets = yLow <= lo && yHigh >= hi ? Meets::Spans : Meets::Ends;
            // Where the edge is in the row: between its x at the row's (clipped) bottom and top.
            const double x0 = xa + (std::max(yLow, lo) - ya) * (xb - xa) / (yb - ya);
            const double x1 = xa + (std::min(yHigh, hi) - ya) * (xb - xa) / (yb - ya);
            const double left = std::max(std::min(xa, xb), std::min(x0, x1));
            const double right = std::min(std::max(xa, xb), std::max(x0, x1));
            if (!f(a, r, meets, band(cols, left - margin), band(cols, right + margin)))
                return false;
        }
    }
    return true;
}

}  // namespace

std::size_t cellOf(double v, double origin, double perUnit, int cells)
{
    if (cells <= 1)
        return 0;
    const double f = (v - origin) * perUnit;
    return f >= double(cells - 1) ? std::size_t(cells - 1) : f > 0.0 ? std::size_t(f) : 0;
}

PolygonEdgeIndex::PolygonEdgeIndex(const Points& points)
{
    const AxisOrder xs = axisOrder(points, 0), ys = axisOrder(points, 1);
    GridShape shape = chooseShape(points, xs.span, ys.span);
    // The choice is an estimate; the budget is a hard limit. One row lists no edge in its cells.
    for (;;) {
        rows_ = quantiles(ys.sorted, shape.rows);
        cols_ = quantiles(xs.sorted, shape.cols);
        if (build(points) || rows_.size() == 1)
            break;
        shape = {std::max<std::size_t>(1, shape.rows / 2), std::max<std::size_t>(1, shape.cols / 2)};
    }
    buildRaster(points, xs.sorted.front(), xs.sorted.back(), ys.sorted.front(), ys.sorted.back());
}

bool PolygonEdgeIndex::build(const Points& p)
{
    const std::size_t nRows = rows_.size(), nCols = cols_.size(), budget = 2 * p.size();
    std::vector<std::uint32_t> cellCount(nRows * nCols + 1, 0), rowCount(nRows + 1, 0);
    std::vector<std::uint8_t> flip(nRows * nCols, 0);
    std::vector<std::uint32_t> cornerRow(p.size());
    for (std::size_t k = 0; k < p.size(); ++k)
        cornerRow[k] = static_cast<std::uint32_t>(band(rows_, p[k][1]));
    std::size_t listed = 0;
    const bool counted = visitEdgeRows(p, rows_, cornerRow, cols_, [&](std::size_t, std::size_t r, Meets meets, std::size_t c0, std::size_t c1) {
        if (meets == Meets::Ends)
            ++rowCount[r];
        if (meets != Meets::Spans)
            return true;
        // Left of the edge's columns every point of the row crosses it: flip those cells' parity.
        flip[r * nCols] ^= 1;
        flip[r * nCols + c0] ^= 1;
        for (std::size_t c = c0; c <= c1; ++c)
            ++cellCount[r * nCols + c];
        listed += c1 - c0 + 1;
        return listed <= budget;
    });
    if (!counted)
        return false;
    // Counts become end offsets; filling counts each back down to its start offset.
    for (std::size_t k = 1; k < cellCount.size(); ++k)
        cellCount[k] += cellCount[k - 1];
    for (std::size_t k = 1; k < rowCount.size(); ++k)
        rowCount[k] += rowCount[k - 1];
    cellEdges_.assign(cellCount.back(), 0);
    rowEdges_.assign(rowCount.back(), 0);
    visitEdgeRows(p, rows_, cornerRow, cols_, [&](std::size_t a, std::size_t r, Meets meets, std::size_t c0, std::size_t c1) {
        if (meets == Meets::Ends)
            rowEdges_[--rowCount[r]] = static_cast<std::uint32_t>(a);
        if (meets == Meets::Spans)
            for (std::size_t c = c0; c <= c1; ++c)
                cellEdges_[--cellCount[r * nCols + c]] = static_cast<std::uint32_t>(a);
        return true;
    });
    cellStart_ = std::move(cellCount);
    rowStart_ = std::move(rowCount);
    cellParity_.assign(nRows * nCols, 0);
    for (std::size_t r = 0; r < nRows; ++r) {
        std::uint8_t parity = 0;
        for (std::size_t c = 0; c < nCols; ++c)
            cellParity_[r * nCols + c] = parity ^= flip[r * nCols + c];
    }
    return true;
}

void PolygonEdgeIndex::buildRaster(const Points& p, double x0, double x1, double y0, double y1)
{
    // About n / 4 cells, square in metres, with few enough rows that an edge crosses 8 on average.
    const double n = double(p.size()), cells = std::max(1.0, n / 4.0), w = x1 - x0, h = y1 - y0;
    double rise = 0.0;
    for (std::size_t a = 0, b = p.size() - 1; a < p.size(); b = a++)
        rise += std::abs(p[a][1] - p[b][1]);
    double ny = h <= 0.0 ? 1.0 : w <= 0.0 ? cells : std::sqrt(cells * h / w);
    ny = std::clamp(std::floor(std::min(ny, rise > 0.0 ? 7.0 * n * h / rise + 1.0 : 1.0)), 1.0, cells);
    const double nx = w <= 0.0 ? 1.0 : std::clamp(std::floor(cells / ny), 1.0, cells);
    raster_ = {x0, y0, w > 0.0 ? nx / w : 0.0, h > 0.0 ? ny / h : 0.0, int(nx), int(ny), {}};
    const std::size_t width = std::size_t(nx) + 1;
    std::vector<std::int32_t> marks(std::size_t(ny) * width, 0);  // +1 / -1 where a run of cells starts / ends
    const double slop = kMargin * (1.0 + std::abs(y0) + std::abs(y1));
    for (std::size_t a = 0, b = p.size() - 1; a < p.size(); b = a++) {
        const double xa = p[a][0], ya = p[a][1], xb = p[b][0], yb = p[b][1];
        const double yLow = std::min(ya, yb), yHigh = std::max(ya, yb);
        const double margin = kMargin * (1.0 + std::abs(xa) + std::abs(xb));
        const std::size_t r0 = raster_.row(yLow), r1 = raster_.row(yHigh);
        for (std::size_t r = r0; r <= r1; ++r) {
            double left = std::min(xa, xb), right = std::max(xa, xb);
            if (ya != yb && raster_.ny > 1) {
                // The edge's part in the row, whose bounds are known to within the slop.
                const double lo = std::max(yLow, y0 + double(r) / raster_.perY - slop);
                const double hi = std::min(yHigh, y0 + double(r + 1) / raster_.perY + slop);
                const double xLo = xa + (lo - ya) * (xb - xa) / (yb - ya), xHi = xa + (hi - ya) * (xb - xa) / (yb - ya);
                left = std::max(left, std::min(xLo, xHi));
                right = std::min(right, std::max(xLo, xHi));
            }
            ++marks[r * width + raster_.column(left - margin)];
            --marks[r * width + raster_.column(right + margin) + 1];
        }
    }
    // touched: a summed-area table of the cells some edge passes through or near.
    std::vector<std::uint32_t>& touched = raster_.touched;
    touched.assign((std::size_t(ny) + 1) * width, 0);
    for (std::size_t r = 0; r < std::size_t(ny); ++r) {
        std::int32_t edges = 0;
        for (std::size_t c = 0; c + 1 < width; ++c) {
            edges += marks[r * width + c];
            touched[(r + 1) * width + c + 1] =
                touched[r * width + c + 1] + touched[(r + 1) * width + c] - touched[r * width + c] + (edges > 0 ? 1u : 0u);
        }
    }
}

bool PolygonEdgeIndex::contains(const Points& points, double x, double y, std::size_t* work) const
{
    if (y < rows_[0])
        return false;  // below every corner (only a hand-made patch's box lets such a point here)
    const std::size_t r = band(rows_, y), cell = r * cols_.size() + band(cols_, x);
    bool inside = cellParity_[cell] != 0;
    for (std::uint32_t k = cellStart_[cell]; k < cellStart_[cell + 1]; ++k)
        inside ^= crosses(points, cellEdges_[k], x, y);
    for (std::uint32_t k = rowStart_[r]; k < rowStart_[r + 1]; ++k)
        inside ^= crosses(points, rowEdges_[k], x, y);
    if (work)
        *work += cellStart_[cell + 1] - cellStart_[cell] + rowStart_[r + 1] - rowStart_[r];
    return inside;
}

int PolygonEdgeIndex::uniformOver(const Points& points, double x0, double x1, double y0, double y1) const
{
    const std::vector<std::uint32_t>& t = raster_.touched;
    if (t.empty())
        return -1;
    const std::size_t w = std::size_t(raster_.nx) + 1;
    const std::size_t r0 = raster_.row(y0), r1 = raster_.row(y1) + 1, c0 = raster_.column(x0), c1 = raster_.column(x1) + 1;
    if (t[r1 * w + c1] - t[r0 * w + c1] - t[r1 * w + c0] + t[r0 * w + c0] != 0)
        return -1;
    // No edge comes near the box, so every point of it is on the same side of the boundary, and
    // each edge test there gives the exact answer: one point tells.
    return contains(points, 0.5 * (x0 + x1), 0.5 * (y0 + y1)) ? 1 : 0;
}

void PolygonEdgeIndex::releaseBuildData()
{
    raster_.touched.clear();
    raster_.touched.shrink_to_fit();
}

std::size_t PolygonEdgeIndex::memoryBytes() const
{
    return bytes(rows_) + bytes(cols_) + bytes(cellStart_) + bytes(cellEdges_) + bytes(cellParity_) + bytes(rowStart_) +
           bytes(rowEdges_) + bytes(raster_.touched);
}

namespace {

struct Box {
    double x0, x1, y0, y1;
};

bool hasArea(const SurfacePatch& p)
{
    return std::isfinite(p.xMin) && std::isfinite(p.xMax) && std::isfinite(p.yMin) && std::isfinite(p.yMax) &&
           p.xMin <= p.xMax && p.yMin <= p.yMax;
}

bool boxInside(const SurfacePatch& p, const Box& b)
{
    return p.xMin <= b.x0 && b.x1 <= p.xMax && p.yMin <= b.y0 && b.y1 <= p.yMax;
}

/// Squared distances from (cx, cy) to the nearest and the farthest point of the box.
std::array<double, 2> distances2(const Box& b, double cx, double cy)
{
    const double nx = std::max({b.x0 - cx, 0.0, cx - b.x1}), ny = std::max({b.y0 - cy, 0.0, cy - b.y1});
    const double fx = std::max(std::abs(b.x0 - cx), std::abs(b.x1 - cx));
    const double fy = std::max(std::abs(b.y0 - cy), std::abs(b.y1 - cy));
    return {nx * nx + ny * ny, fx * fx + fy * fy};
}

/// A small polygon's side of the box: -1 when an edge comes near it, else 1 inside, 0 outside.
int smallPolygonOver(const Points& p, const Box& b)
{
    for (std::size_t a = 0, c = p.size() - 1; a < p.size(); c = a++) {
        if (!std::isfinite(p[a][0]) || !std::isfinite(p[a][1]))
            return -1;  // a hand-made patch: no claim
        const double margin = kMargin * (1.0 + std::abs(p[a][0]) + std::abs(p[c][0]));
        if (std::max(p[a][0], p[c][0]) >= b.x0 - margin && std::min(p[a][0], p[c][0]) <= b.x1 + margin &&
            std::max(p[a][1], p[c][1]) >= b.y0 && std::min(p[a][1], p[c][1]) <= b.y1)
            return -1;
    }
    bool inside = false;
    const double x = 0.5 * (b.x0 + b.x1), y = 0.5 * (b.y0 + b.y1);
    for (std::size_t a = 0; a < p.size(); ++a)
        inside ^= crosses(p, a, x, y);
    return inside ? 1 : 0;
}

enum class Cover : std::uint8_t { None, Part, All };

/// Whether the patch holds none, part or all of the box; None and All are certain (any doubt,
/// within the margin, says Part).
Cover coverOf(const SurfacePatch& p, const PolygonEdgeIndex* polygon, const Box& b)
{
    switch (p.shape) {
    case SurfacePatch::Shape::Rectangle:
        return boxInside(p, b) ? Cover::All : Cover::Part;
    case SurfacePatch::Shape::Circle: {
        const auto [nearest, farthest] = distances2(b, p.centreX, p.centreY);
        const double r2 = p.radius * p.radius, inner2 = p.innerRadius * p.innerRadius;
        if (nearest * (1.0 - kMargin) > r2 || farthest * (1.0 + kMargin) < inner2)
            return Cover::None;  // outside the circle, or inside the ring's hole
        if (boxInside(p, b) && farthest * (1.0 + kMargin) <= r2 && nearest * (1.0 - kMargin) >= inner2)
            return Cover::All;
        return Cover::Part;
    }
    case SurfacePatch::Shape::Polygon: {
        if (p.points.empty())
            return Cover::None;
        if (!polygon && p.points.size() > SurfaceIndex::kSmallPolygon)
            return Cover::Part;  // not indexed: it has a corner that is not finite
        const int side = polygon ? polygon->uniformOver(p.points, b.x0, b.x1, b.y0, b.y1) : smallPolygonOver(p.points, b);
        return side == 0 ? Cover::None : side == 1 && boxInside(p, b) ? Cover::All : Cover::Part;
    }
    }
    return Cover::Part;
}

}  // namespace

SurfaceIndex::SurfaceIndex(const std::vector<SurfacePatch>& patches) : source_(patches.data()), count_(patches.size())
{
    std::size_t big = 0, corners = 0;
    for (const SurfacePatch& p : patches) {
        big += p.shape == SurfacePatch::Shape::Polygon && p.points.size() > kSmallPolygon;
        corners += p.points.size();
        if (!hasArea(p))
            continue;  // contains nothing
        x0_ = std::min(x0_, p.xMin);
        y0_ = std::min(y0_, p.yMin);
        x1_ = std::max(x1_, p.xMax);
        y1_ = std::max(y1_, p.yMax);
    }
    polygons_.reserve(big);
    polygonOf_.assign(patches.size(), -1);
    for (std::size_t k = 0; k < patches.size(); ++k) {
        const SurfacePatch& p = patches[k];
        const auto finite = [](const std::array<double, 2>& c) { return std::isfinite(c[0]) && std::isfinite(c[1]); };
        if (p.shape == SurfacePatch::Shape::Polygon && p.points.size() > kSmallPolygon &&
            std::all_of(p.points.begin(), p.points.end(), finite)) {
            polygonOf_[k] = static_cast<std::int32_t>(polygons_.size());
            polygons_.emplace_back(p.points);
        }
    }
    if (x0_ <= x1_)
        buildCells(patches, corners);
    for (PolygonEdgeIndex& polygon : polygons_)
        polygon.releaseBuildData();
}

SurfaceIndex::~SurfaceIndex() = default;

// Out of line: SurfacePatch is incomplete in the header (clang refuses vector::size() on it there).
bool SurfaceIndex::builtFor(const std::vector<SurfacePatch>& patches) const
{
    return patches.data() == source_ && patches.size() == count_;
}

void SurfaceIndex::buildCells(const std::vector<SurfacePatch>& patches, std::size_t corners)
{
    // Cells about the size of the patches' details (four per patch, one per 16 polygon corners),
    // square in metres. Visiting every cell of every patch's box bounds the build time, the cells
    // kept in the lists bound the memory; a finer grid keeps fewer patches per cell.
    const std::size_t count = patches.size();
    const std::size_t target = 4 * count + corners / 16 + 64;
    const std::size_t maxVisited = 64 * count + 4 * corners + 1024, maxKept = 16 * count + corners / 4 + 64;
    const double w = x1_ - x0_, h = y1_ - y0_;
    const bool flatX = !(w > 0.0 && std::isfinite(w)), flatY = !(h > 0.0 && std::isfinite(h));
    double nx = flatX ? 1.0 : flatY ? double(target) : std::round(std::sqrt(double(target) * w / h));
    nx = std::clamp(nx, 1.0, double(target));
    double ny = flatY ? 1.0 : std::max(1.0, std::floor(double(target) / nx));
    for (;; nx = std::ceil(nx / 2.0), ny = std::ceil(ny / 2.0)) {
        nx_ = int(nx);
        ny_ = int(ny);
        cellsPerX_ = flatX ? 0.0 : nx / w;
        cellsPerY_ = flatY ? 0.0 : ny / h;
        const bool coarsest = nx_ == 1 && ny_ == 1;
        std::size_t visited = 0;
        for (const SurfacePatch& p : patches)
            if (hasArea(p))
                visited += (cellOf(p.xMax, x0_, cellsPerX_, nx_) - cellOf(p.xMin, x0_, cellsPerX_, nx_) + 1) *
                           (cellOf(p.yMax, y0_, cellsPerY_, ny_) - cellOf(p.yMin, y0_, cellsPerY_, ny_) + 1);
        if ((visited <= maxVisited || coarsest) && fillCells(patches, coarsest ? visited : maxKept))
            break;
    }
}

bool SurfaceIndex::fillCells(const std::vector<SurfacePatch>& patches, std::size_t maxKept)
{
    const std::size_t cells = std::size_t(nx_) * std::size_t(ny_);
    const double slopX = kMargin * (1.0 + std::abs(x0_) + std::abs(x1_));
    const double slopY = kMargin * (1.0 + std::abs(y0_) + std::abs(y1_));
    std::vector<std::uint32_t> start(cells + 1, 0);
    std::vector<std::uint8_t> covered(cells, 0);
    std::vector<Cover> verdicts;  // the first pass's, replayed by the second
    // Patches from the top down; a cell takes each that holds part or all of it, until one holds
    // all of it (nothing below can show there).
    for (int pass = 0; pass < 2; ++pass) {
        std::fill(covered.begin(), covered.end(), std::uint8_t(0));
        std::size_t verdict = 0;
        for (std::size_t k = patches.size(); k-- > 0;) {
            const SurfacePatch& p = patches[k];
            if (!hasArea(p))
                continue;
            const PolygonEdgeIndex* polygon = polygonOf_[k] < 0 ? nullptr : &polygons_[std::size_t(polygonOf_[k])];
            const std::size_t i0 = cellOf(p.xMin, x0_, cellsPerX_, nx_), i1 = cellOf(p.xMax, x0_, cellsPerX_, nx_);
            const std::size_t j0 = cellOf(p.yMin, y0_, cellsPerY_, ny_), j1 = cellOf(p.yMax, y0_, cellsPerY_, ny_);
            for (std::size_t j = j0; j <= j1; ++j) {
                for (std::size_t i = i0; i <= i1; ++i) {
                    const std::size_t c = j * std::size_t(nx_) + i;
                    if (covered[c])
                        continue;
                    if (pass == 0) {
                        // Every point whose cell is c lies in this box: the cell, widened by far
                        // more than rounding, within the union of the boxes.
                        const Box box{nx_ == 1 ? x0_ : std::max(x0_, x0_ + double(i) / cellsPerX_ - slopX),
                                      nx_ == 1 ? x1_ : std::min(x1_, x0_ + double(i + 1) / cellsPerX_ + slopX),
                                      ny_ == 1 ? y0_ : std::max(y0_, y0_ + double(j) / cellsPerY_ - slopY),
                                      ny_ == 1 ? y1_ : std::min(y1_, y0_ + double(j + 1) / cellsPerY_ + slopY)};
                        verdicts.push_back(coverOf(p, polygon, box));
                    }
                    const Cover cover = verdicts[verdict++];
                    if (cover == Cover::None)
                        continue;
                    if (pass == 0)
                        ++start[c + 1];
                    else
                        cellPatches_[start[c]++] = static_cast<std::uint32_t>(k);
                    covered[c] = cover == Cover::All;
                }
            }
        }
        if (pass == 0) {
            for (std::size_t c = 0; c < cells; ++c)
                start[c + 1] += start[c];
            if (start.back() > maxKept)
                return false;
            cellPatches_.assign(start.back(), 0);
        }
    }
    // Filling moved each start to the next cell's start: shift back.
    cellStart_.assign(cells + 1, 0);
    std::copy(start.begin(), start.end() - 1, cellStart_.begin() + 1);
    return true;
}

int SurfaceIndex::lookup(const std::vector<SurfacePatch>& patches, double x, double y, std::size_t* work) const
{
    if (!(x >= x0_ && x <= x1_ && y >= y0_ && y <= y1_))
        return 0;  // outside every patch's box (NaN too)
    const std::size_t cell = cellOf(y, y0_, cellsPerY_, ny_) * std::size_t(nx_) + cellOf(x, x0_, cellsPerX_, nx_);
    for (std::uint32_t k = cellStart_[cell]; k < cellStart_[cell + 1]; ++k) {
        const std::uint32_t id = cellPatches_[k];
        const SurfacePatch& p = patches[id];
        const std::int32_t polygon = polygonOf_[id];
        bool inside;
        if (polygon < 0) {
            inside = p.contains(x, y);
            if (work)
                *work += 1 + (p.shape == SurfacePatch::Shape::Polygon ? p.points.size() : 0);
        } else {
            if (work)
                ++*work;
            inside = x >= p.xMin && x <= p.xMax && y >= p.yMin && y <= p.yMax &&
                     polygons_[std::size_t(polygon)].contains(p.points, x, y, work);
        }
        if (inside)
            return p.surface;
    }
    return 0;
}

std::size_t SurfaceIndex::workAt(const std::vector<SurfacePatch>& patches, double x, double y) const
{
    std::size_t work = 0;
    lookup(patches, x, y, &work);
    return work;
}

std::size_t SurfaceIndex::memoryBytes() const
{
    std::size_t total = sizeof(*this) + bytes(cellStart_) + bytes(cellPatches_) + bytes(polygonOf_) + bytes(polygons_);
    for (const PolygonEdgeIndex& polygon : polygons_)
        total += polygon.memoryBytes();
    return total;
}

SurfaceIndexCache& SurfaceIndexCache::operator=(const SurfaceIndexCache& other) noexcept
{
    // The assigned terrain's patches replace this one's (perhaps in the same storage): forget the index.
    if (this != &other) {
        std::lock_guard lock(mutex_);
        current_.store(nullptr, std::memory_order_release);
        built_.clear();
    }
    return *this;
}

SurfaceIndexCache::~SurfaceIndexCache() = default;

const SurfaceIndex& SurfaceIndexCache::get(const std::vector<SurfacePatch>& patches) const
{
    const SurfaceIndex* index = current_.load(std::memory_order_acquire);
    if (index && index->builtFor(patches))
        return *index;
    std::lock_guard lock(mutex_);
    index = current_.load(std::memory_order_relaxed);
    if (index && index->builtFor(patches))
        return *index;
    built_.push_back(std::make_unique<const SurfaceIndex>(patches));
    current_.store(built_.back().get(), std::memory_order_release);
    return *built_.back();
}

}  // namespace jounce::sim
