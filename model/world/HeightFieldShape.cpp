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

btVector3 HeightFieldShape::vertex(int i, int j) const
{
    // getVertex's arithmetic for the z-up axis, in its order, so the values are bit-identical.
    btVector3 v((-m_width / btScalar(2.0)) + i, (-m_length / btScalar(2.0)) + j,
                heights_[std::size_t(j) * std::size_t(nx_) + std::size_t(i)] - m_localOrigin.getZ());
    v *= m_localScaling;
    return v;
}

bool HeightFieldShape::raycastWithinCell(btTriangleCallback* callback, const btVector3& from, const btVector3& to) const
{
    if (m_flipQuadEdges || m_useDiamondSubdivision || m_useZigzagSubdivision)
        return false;
    // The cell of each end as performRaycast finds it: node coordinates, rounded down.
    const btVector3 begin = from / m_localScaling + m_localOrigin;
    const btVector3 end = to / m_localScaling + m_localOrigin;
    // Far off the grid (or not finite) is left to Bullet, which then does what it always did.
    const auto onGrid = [](double v, int n) { return v >= -1.0 && v <= double(n); };
    if (!(onGrid(begin.x(), nx_) && onGrid(end.x(), nx_) && onGrid(begin.y(), ny_) && onGrid(end.y(), ny_)))
        return false;
    const int i = static_cast<int>(std::floor(begin.x())), j = static_cast<int>(std::floor(begin.y()));
    if (i != static_cast<int>(std::floor(end.x())) || j != static_cast<int>(std::floor(end.y())))
        return false;
    if (i < 0 || j < 0 || i >= nx_ - 1 || j >= ny_ - 1)
        return true;  // beside the grid: Bullet finds no cell there either
    // The cell's two triangles with Bullet's corners, order, part (i) and index (j).
    btVector3 v[3] = {vertex(i, j), vertex(i, j + 1), vertex(i + 1, j)};
    callback->processTriangle(v, i, j);
    v[0] = vertex(i + 1, j);
    v[1] = vertex(i, j + 1);
    v[2] = vertex(i + 1, j + 1);
    callback->processTriangle(v, i, j);
    return true;
}

}  // namespace jounce::sim
