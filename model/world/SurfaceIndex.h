#pragma once
// The spatial index behind Terrain::surfaceAt. Every wheel asks for its surface every step, and a
// terrain may hold thousands of patches and polygons of thousands of corners: trying them all made
// a terrain of 60 polygons of 9 999 corners run at a few times real time instead of ~2000x.
//
// Two levels of uniform grids rather than an R-tree: patches never move, so a grid built once
// answers with one cell computation instead of a tree walk, and its memory is easy to bound.
// - A grid over the patches' bounding boxes. Each cell lists, topmost first, the patches that hold
//   part of it; the list ends at the first patch that holds all of it (nothing below can show),
//   and patches that hold none of it (a ring's hole, the outside of a wavy polygon) are left out.
// - Per polygon of more than kSmallPolygon corners, an edge grid (PolygonEdgeIndex): the ray
//   crossings of the even-odd rule are counted over the few edges near the point, the others being
//   known per cell in advance.
// Results are exactly those of trying every patch from the last down with SurfacePatch::contains:
// every edge that is tested is tested with the same expression, and a patch or an edge is decided
// in advance only where its answer is certain for the whole cell, with a margin a million times
// the rounding error (tests/world/test_surface_index.cpp compares the two at corners, on edges
// and one rounding step off them).
// Memory: at most 32 bytes per polygon corner (the corners themselves take 16) plus 100 bytes per
// patch plus 1 KB, about 12 bytes per corner in practice; building takes up to 8 bytes per corner
// more for a moment. A 32 MB terrain file holds at most ~5.6 million corners: at most ~180 MB.

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <vector>

namespace jounce::sim {

struct SurfacePatch;

/// The cell of v along an axis of `cells` uniform cells from `origin`, `perUnit` cells per metre,
/// clamped to the grid. Monotonic in v, so the cells of a box run from the cell of its low edge to
/// the cell of its high edge, whatever the rounding.
std::size_t cellOf(double v, double origin, double perUnit, int cells);

/// Point-in-polygon by the even-odd rule of SurfacePatch::contains, on a grid of the polygon's edges.
/// Rows start at corner heights (quantiles of them), columns at corner x values. An edge that spans a
/// whole row is listed in the cells of that row it passes through; in the cells left of those it is
/// a certain crossing, folded into the cell's parity. An edge that ends inside a row is listed with
/// the row. A look-up tests the edges of its cell and of its row.
class PolygonEdgeIndex {
public:
    using Points = std::vector<std::array<double, 2>>;

    /// `points` must be finite.
    explicit PolygonEdgeIndex(const Points& points);
    /// The even-odd rule of SurfacePatch::contains without its bounding-box test. `work`, when
    /// given, is increased by the number of edges tested.
    bool contains(const Points& points, double x, double y, std::size_t* work = nullptr) const;
    /// 1 when every point of the box is inside, 0 when none is, -1 when an edge passes near the
    /// box (or releaseBuildData() was called).
    int uniformOver(const Points& points, double x0, double x1, double y0, double y1) const;
    /// Frees what only uniformOver needs.
    void releaseBuildData();
    /// Heap memory held.
    std::size_t memoryBytes() const;
    std::size_t rows() const { return rows_.size(); }
    std::size_t columns() const { return cols_.size(); }

private:
    bool build(const Points& points);
    void buildRaster(const Points& points, double x0, double x1, double y0, double y1);

    /// A uniform grid over the polygon's box marking the cells an edge passes through or near, so
    /// uniformOver answers for a box in constant time. Only needed while the SurfaceIndex is built.
    struct Raster {
        double x0 = 0.0, y0 = 0.0, perX = 0.0, perY = 0.0;
        int nx = 1, ny = 1;
        std::vector<std::uint32_t> touched;  ///< summed-area table, (ny + 1) x (nx + 1)
        std::size_t row(double y) const { return cellOf(y, y0, perY, ny); }
        std::size_t column(double x) const { return cellOf(x, x0, perX, nx); }
    };

    std::vector<double> rows_;               ///< lowest y of each row; the last row is unbounded above
    std::vector<double> cols_;               ///< lowest x of each column
    std::vector<std::uint32_t> cellStart_;   ///< rows * cols + 1 offsets into cellEdges_
    std::vector<std::uint32_t> cellEdges_;   ///< edges spanning the cell's row that pass through it
    std::vector<std::uint8_t> cellParity_;   ///< crossings certain for every point of the cell, mod 2
    std::vector<std::uint32_t> rowStart_;    ///< rows + 1 offsets into rowEdges_
    std::vector<std::uint32_t> rowEdges_;    ///< edges with an end strictly inside the row
    Raster raster_;
};

/// The look-up structure for one list of patches (paint order: later patches paint over earlier).
class SurfaceIndex {
public:
    /// Polygons with at most this many corners are tested edge by edge.
    static constexpr std::size_t kSmallPolygon = 32;
    static constexpr double kInf = std::numeric_limits<double>::infinity();

    explicit SurfaceIndex(const std::vector<SurfacePatch>& patches);
    ~SurfaceIndex();

    /// The surface of the last patch containing (x, y), else 0: Terrain::surfaceAt's rule, exactly.
    /// `patches` must be the list the index was built from (builtFor).
    int surfaceAt(const std::vector<SurfacePatch>& patches, double x, double y) const
    {
        return lookup(patches, x, y, nullptr);
    }
    /// What surfaceAt(x, y) costs: patches tried plus polygon edges tested.
    std::size_t workAt(const std::vector<SurfacePatch>& patches, double x, double y) const;
    /// Whether this index was built from this very list (same storage, same length).
    bool builtFor(const std::vector<SurfacePatch>& patches) const;
    std::size_t memoryBytes() const;

private:
    int lookup(const std::vector<SurfacePatch>& patches, double x, double y, std::size_t* work) const;
    void buildCells(const std::vector<SurfacePatch>& patches, std::size_t corners);
    bool fillCells(const std::vector<SurfacePatch>& patches, std::size_t maxKept);

    const SurfacePatch* source_ = nullptr;
    std::size_t count_ = 0;
    // The union of the patches' boxes; without patches it is empty and every look-up misses it.
    double x0_ = kInf, x1_ = -kInf, y0_ = kInf, y1_ = -kInf;
    double cellsPerX_ = 0.0, cellsPerY_ = 0.0;
    int nx_ = 0, ny_ = 0;
    std::vector<std::uint32_t> cellStart_;    ///< nx * ny + 1 offsets into cellPatches_
    std::vector<std::uint32_t> cellPatches_;  ///< patch indices, topmost first
    std::vector<std::int32_t> polygonOf_;     ///< per patch: its index in polygons_, or -1
    std::vector<PolygonEdgeIndex> polygons_;
};

/// A SurfaceIndex built on the first look-up and shared by every thread that reads the Terrain.
/// Copies start without one (a copy's patches live elsewhere); a look-up after the patch list has
/// grown or moved builds a new one. Editing a patch in place after the first look-up is not seen:
/// terrains are built, then shared read-only.
class SurfaceIndexCache {
public:
    SurfaceIndexCache() = default;
    SurfaceIndexCache(const SurfaceIndexCache&) noexcept {}
    SurfaceIndexCache& operator=(const SurfaceIndexCache& other) noexcept;
    ~SurfaceIndexCache();

    const SurfaceIndex& get(const std::vector<SurfacePatch>& patches) const;

private:
    mutable std::atomic<const SurfaceIndex*> current_{nullptr};
    mutable std::mutex mutex_;
    /// Every index built for this terrain: a reader may still hold an older one, so none is freed
    /// before the terrain is assigned or destroyed. One, unless the patches change after a look-up.
    mutable std::vector<std::unique_ptr<const SurfaceIndex>> built_;
};

}  // namespace jounce::sim
