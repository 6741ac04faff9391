#include "world/Terrain.h"

#include <algorithm>
#include <cmath>

namespace jounce::sim {
namespace {

/// The cell under (x, y) and the position inside it, clamped to the grid (NaN lands on the origin).
struct CellPoint {
    int i, j;
    double u, v;  ///< 0..1 within the cell
};

CellPoint locate(const HeightField& f, double x, double y)
{
    double fx = (x - f.originX) / f.spacing;
    double fy = (y - f.originY) / f.spacing;
    fx = fx > 0.0 ? fx : 0.0;
    fy = fy > 0.0 ? fy : 0.0;
    fx = std::min(fx, double(f.nx - 1));
    fy = std::min(fy, double(f.ny - 1));
    const int i = std::min(static_cast<int>(fx), f.nx - 2);
    const int j = std::min(static_cast<int>(fy), f.ny - 2);
    return {i, j, fx - i, fy - j};
}

}  // namespace

double HeightField::heightAt(double x, double y) const
{
    if (!valid())
        return 0.0;
    const CellPoint c = locate(*this, x, y);
    const double h00 = at(c.i, c.j), h10 = at(c.i + 1, c.j);
    const double h01 = at(c.i, c.j + 1), h11 = at(c.i + 1, c.j + 1);
    // Bullet splits each cell along the diagonal (i + 1, j)-(i, j + 1).
    if (c.u + c.v <= 1.0)
        return h00 + c.u * (h10 - h00) + c.v * (h01 - h00);
    return h11 + (1.0 - c.u) * (h01 - h11) + (1.0 - c.v) * (h10 - h11);
}

Vec3 HeightField::normalAt(double x, double y) const
{
    if (!valid())
        return {0.0, 0.0, 1.0};
    const CellPoint c = locate(*this, x, y);
    const double h00 = at(c.i, c.j), h10 = at(c.i + 1, c.j);
    const double h01 = at(c.i, c.j + 1), h11 = at(c.i + 1, c.j + 1);
    double dzdx, dzdy;
    if (c.u + c.v <= 1.0) {
        dzdx = (h10 - h00) / spacing;
        dzdy = (h01 - h00) / spacing;
    } else {
        dzdx = (h11 - h01) / spacing;
        dzdy = (h11 - h10) / spacing;
    }
    const double len = std::sqrt(dzdx * dzdx + dzdy * dzdy + 1.0);
    return {-dzdx / len, -dzdy / len, 1.0 / len};
}

std::array<double, 2> HeightField::heightRange() const
{
    if (heights.empty())
        return {0.0, 0.0};
    const auto [lo, hi] = std::minmax_element(heights.begin(), heights.end());
    return {*lo, *hi};
}

bool SurfacePatch::contains(double x, double y) const
{
    if (!(x >= xMin && x <= xMax && y >= yMin && y <= yMax))
        return false;
    switch (shape) {
    case Shape::Rectangle:
        return true;
    case Shape::Circle: {
        const double d2 = (x - centreX) * (x - centreX) + (y - centreY) * (y - centreY);
        return d2 <= radius * radius && d2 >= innerRadius * innerRadius;
    }
    case Shape::Polygon: {
        bool inside = false;
        const std::size_t n = points.size();
        for (std::size_t a = 0, b = n - 1; a < n; b = a++) {
            const double xa = points[a][0], ya = points[a][1], xb = points[b][0], yb = points[b][1];
            if ((ya > y) != (yb > y) && x < xa + (y - ya) * (xb - xa) / (yb - ya))
                inside = !inside;
        }
        return inside;
    }
    }
    return false;
}

int Terrain::surfaceAt(double x, double y) const
{
    if (patches.empty())
        return 0;
    return surfaceIndex_.get(patches).surfaceAt(patches, x, y);
}

const TerrainStart* Terrain::findStart(std::string_view startName) const
{
    for (const NamedStart& s : startPoints)
        if (s.name == startName)
            return &s.pose;
    return nullptr;
}

}  // namespace jounce::sim
