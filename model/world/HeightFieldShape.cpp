#include "world/HeightFieldShape.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {

HeightFieldShape::HeightFieldShape(const HeightField& field, double minHeight, double maxHeight)
    : btHeightfieldTerrainShape(field.nx, field.ny, field.heights.data(), minHeight, maxHeight, 2, false),
      heights_(field.heights.data()), nx_(field.nx), ny_(field.ny), blocksX_((field.nx + kBlock - 1) / kBlock),
      blocksY_((field.ny + kBlock - 1) / kBlock)
{
    // Bullet reads node (i, j) at heights[j * nx + i], as HeightField::at does.
    blocks_.assign(std::size_t(blocksX_) * std::size_t(blocksY_), Block{INFINITY, -INFINITY});
    for (int j = 0; j < ny_; ++j)
        for (int i = 0; i < nx_; ++i) {
            Block& b = blocks_[std::size_t(j / kBlock) * std::size_t(blocksX_) + std::size_t(i / kBlock)];
            const double h = field.at(i, j);
            b.low = std::min(b.low, h);
            b.high = std::max(b.high, h);
        }
}

bool HeightFieldShape::mayTouch(const btVector3& aabbMin, const btVector3& aabbMax) const
{
    const btVector3& s = m_localScaling;
    if (!(s.x() > 0.0 && s.y() > 0.0 && s.z() > 0.0))
        return true;
    // Node coordinates of the box as Bullet computes them (x / scale + local origin), clamped to
    // the grid as Bullet clamps them, then two nodes wider on every side: Bullet rounds them to
    // the nearest node and widens by one, so its cells never use a node outside [i0, i1] x [j0, j1]
    // (a box beside the grid still gets the edge cells, in both).
    const double x0 = aabbMin.x() / s.x() + m_localOrigin.x(), x1 = aabbMax.x() / s.x() + m_localOrigin.x();
    const double y0 = aabbMin.y() / s.y() + m_localOrigin.y(), y1 = aabbMax.y() / s.y() + m_localOrigin.y();
    if (!(std::isfinite(x0) && std::isfinite(x1) && std::isfinite(y0) && std::isfinite(y1)))
        return true;
    const auto first = [](double v, int n) {
        return static_cast<int>(std::max(0.0, std::floor(std::clamp(v, 0.0, double(n - 1))) - 2.0));
    };
    const auto last = [](double v, int n) {
        return static_cast<int>(std::min(double(n - 1), std::ceil(std::clamp(v, 0.0, double(n - 1))) + 2.0));
    };
    const int i0 = first(x0, nx_), i1 = last(x1, nx_);
    const int j0 = first(y0, ny_), j1 = last(y1, ny_);
    double low = INFINITY, high = -INFINITY;
    for (int by = j0 / kBlock; by <= j1 / kBlock; ++by)
        for (int bx = i0 / kBlock; bx <= i1 / kBlock; ++bx) {
            const Block& b = blocks_[std::size_t(by) * std::size_t(blocksX_) + std::size_t(bx)];
            low = std::min(low, b.low);
            high = std::max(high, b.high);
        }
    // A vertex's height as Bullet's getVertex makes it: (raw - origin) * scale, which keeps order,
    // so these bound every vertex of the region. Bullet drops a triangle whose heights are all
    // below the box's bottom or all above its top (NaN box heights fall through to "may touch").
    const double zLow = (low - m_localOrigin.z()) * s.z();
    const double zHigh = (high - m_localOrigin.z()) * s.z();
    return !(zHigh < aabbMin.z() || zLow > aabbMax.z());
}

void HeightFieldShape::processAllTriangles(btTriangleCallback* callback, const btVector3& aabbMin,
                                           const btVector3& aabbMax) const
{
    if (mayTouch(aabbMin, aabbMax))
        btHeightfieldTerrainShape::processAllTriangles(callback, aabbMin, aabbMax);
}

namespace {

/// Where segment from -> to crosses the plane through `corner` with normal `n` (any length or
/// sense): the fraction along the segment, or a negative value when it does not cross (both ends
/// on one side, or one end on the plane, as Bullet's triangle test decides).
double crossing(const btVector3& from, const btVector3& to, const btVector3& corner, const btVector3& n, double& startSide)
{
    startSide = n.dot(from - corner);
    const double endSide = n.dot(to - corner);
    if (!(startSide * endSide < 0.0))
        return -1.0;
    return startSide / (startSide - endSide);
}

}  // namespace

HeightFieldShape::CellHit HeightFieldShape::intersectWithinCell(const btVector3& from, const btVector3& to) const
{
    CellHit out;
    if (m_flipQuadEdges || m_useDiamondSubdivision || m_useZigzagSubdivision)
        return out;
    // The cell of each end as performRaycast finds it: node coordinates, rounded down.
    const btVector3 begin = from / m_localScaling + m_localOrigin;
    const btVector3 end = to / m_localScaling + m_localOrigin;
    // Far off the grid (or not finite) is left to Bullet.
    const auto onGrid = [](double v, int n) { return v >= -1.0 && v <= double(n); };
    if (!(onGrid(begin.x(), nx_) && onGrid(end.x(), nx_) && onGrid(begin.y(), ny_) && onGrid(end.y(), ny_)))
        return out;
    const int i = static_cast<int>(std::floor(begin.x())), j = static_cast<int>(std::floor(begin.y()));
    if (i != static_cast<int>(std::floor(end.x())) || j != static_cast<int>(std::floor(end.y())))
        return out;
    out.kind = CellHit::Kind::Miss;
    if (i < 0 || j < 0 || i >= nx_ - 1 || j >= ny_ - 1)
        return out;  // beside the grid: Bullet finds no cell there either

    // Bullet's split of the cell: triangle A (c00, c01, c10) on the c00 side of the diagonal from
    // c01 to c10, triangle B (c10, c01, c11) on the other. Each is hit where the segment crosses
    // its plane with the crossing's plan position on its side of the diagonal.
    const double x0 = nodeX(i), x1 = nodeX(i + 1), y0 = nodeY(j), y1 = nodeY(j + 1);
    const btVector3 c00(x0, y0, nodeZ(i, j)), c01(x0, y1, nodeZ(i, j + 1)), c10(x1, y0, nodeZ(i + 1, j)),
        c11(x1, y1, nodeZ(i + 1, j + 1));
    const double sx = c10.x() - c00.x(), sy = c01.y() - c00.y();
    // < 0: A's side, > 0: B's side. A crossing just past the diagonal still counts for both (the
    // planes meet there), so rounding cannot let a ray slip between the two triangles.
    const double slack = 1e-9 * sx * sy;
    const auto sideOfDiagonal = [&](double t) {
        const btVector3 p = from + (to - from) * t;
        return (p.x() - c00.x()) * sy + (p.y() - c00.y()) * sx - sx * sy;
    };
    const btVector3 nA = (c01 - c00).cross(c10 - c00);
    const btVector3 nB = (c01 - c10).cross(c11 - c10);
    double startA = 0.0, startB = 0.0;
    double tA = crossing(from, to, c00, nA, startA);
    double tB = crossing(from, to, c10, nB, startB);
    if (tA >= 0.0 && sideOfDiagonal(tA) > slack)
        tA = -1.0;
    if (tB >= 0.0 && sideOfDiagonal(tB) < -slack)
        tB = -1.0;
    if (tA < 0.0 && tB < 0.0)
        return out;
    const bool onA = tA >= 0.0 && (tB < 0.0 || tA <= tB);
    const btVector3& n = onA ? nA : nB;
    // Unit, facing the segment's start.
    out.normal = (onA ? startA : startB) > 0.0 ? n.normalized() : -n.normalized();
    out.fraction = onA ? tA : tB;
    out.kind = CellHit::Kind::Hit;
    return out;
}

}  // namespace jounce::sim
