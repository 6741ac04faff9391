#pragma once
// The ground a vehicle drives on: a regular height grid plus surface-type patches and a start pose.
// Plain data with no Bullet in it, so the GUI can draw it and the simulation thread can build its
// collision object from the same values. Built once by the loader, then shared between threads as
// std::shared_ptr<const Terrain>.
//
// World frame: z up, x east, y north; heading 0 points along +x, positive headings turn left.

#include "config/VehicleConfig.h"
#include "world/SurfaceIndex.h"

#include <array>
#include <string>
#include <string_view>
#include <vector>

namespace jounce::sim {

/// Heights on a square grid. Node (i, j) sits at (originX + i * spacing, originY + j * spacing).
/// Between nodes the ground is the two triangles per cell that btHeightfieldTerrainShape builds
/// (diagonal from node (i + 1, j) to node (i, j + 1)), so heightAt() and normalAt() agree with what
/// the wheels' raycasts hit, not just approximately.
struct HeightField {
    double originX = 0.0;
    double originY = 0.0;
    double spacing = 1.0;
    int nx = 0;
    int ny = 0;
    std::vector<double> heights;  ///< row-major, index j * nx + i (rows run along x)

    double xMax() const { return originX + (nx - 1) * spacing; }
    double yMax() const { return originY + (ny - 1) * spacing; }
    double at(int i, int j) const { return heights[static_cast<std::size_t>(j) * static_cast<std::size_t>(nx) + i]; }
    bool valid() const { return nx >= 2 && ny >= 2 && spacing > 0.0 && heights.size() == std::size_t(nx) * std::size_t(ny); }
    bool contains(double x, double y) const { return x >= originX && x <= xMax() && y >= originY && y <= yMax(); }

    /// Ground height at (x, y); outside the grid, the height at the nearest edge point.
    double heightAt(double x, double y) const;
    /// Upward unit normal of the triangle under (x, y) (edge-clamped like heightAt).
    Vec3 normalAt(double x, double y) const;
    /// Lowest and highest node heights.
    std::array<double, 2> heightRange() const;
};

/// A region painted with one surface type. Later patches paint over earlier ones.
struct SurfacePatch {
    enum class Shape { Rectangle, Circle, Polygon };
    Shape shape = Shape::Rectangle;
    int surface = 0;  ///< index into Terrain::surfaceNames
    // Bounding box; for a rectangle it is the rectangle itself.
    double xMin = 0.0, xMax = 0.0, yMin = 0.0, yMax = 0.0;
    // Circle: centre and radius; innerRadius > 0 makes it an annulus (a skidpad ring).
    double centreX = 0.0, centreY = 0.0, radius = 0.0, innerRadius = 0.0;
    std::vector<std::array<double, 2>> points;  ///< polygon corners, even-odd rule

    bool contains(double x, double y) const;
};

/// Where a vehicle spawns: its chassis is placed over (x, y), heading in rad (0 = +x).
struct TerrainStart {
    double x = 0.0;
    double y = 0.0;
    double heading = 0.0;
};

/// A start pose with a name ("bumps"), for starting near a test section (a terrain file's
/// "startPoints").
struct NamedStart {
    std::string name;
    TerrainStart pose;
};

struct Terrain {
    std::string name;
    std::string description;
    HeightField field;
    /// Surface type names; index 0 is the base surface (everywhere no patch covers). The vehicle
    /// maps names to its own friction table.
    std::vector<std::string> surfaceNames{"tarmac"};
    std::vector<SurfacePatch> patches;
    TerrainStart start;
    std::vector<NamedStart> startPoints;  ///< names unique, positions on the grid

    /// The start point called `name`, or null.
    const TerrainStart* findStart(std::string_view name) const;

    /// Index into surfaceNames of the surface at (x, y): the last patch containing it, else 0.
    /// The first call indexes the patches (SurfaceIndex.h); later calls cost a few patch and edge
    /// tests each, from any thread.
    int surfaceAt(double x, double y) const;

private:
    SurfaceIndexCache surfaceIndex_;
};

}  // namespace jounce::sim
