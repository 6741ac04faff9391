#pragma once
// The terrain's Bullet collision shape: Bullet's height field, plus a cheap answer to the question
// the chassis collision asks every step: "which triangles does this box touch?". Bullet answers it
// by visiting every grid cell under the box and dropping the triangles above or below it; under a
// car body on a 0.25 m grid that is some 300 cells (4 height reads each) although the body rides a
// metre above the ground, which was over half of a proving-ground step (docs/architecture.md
// "Simulation speed"). Here the grid keeps the lowest and highest node of each block of
// kBlock x kBlock nodes; when no block under the box reaches its height range, Bullet's loop
// would drop every triangle, so the query ends at once. Otherwise Bullet's own loop runs. Either
// way the callback sees exactly the triangles, in the order and with the values, it sees without
// this shape: the simulation's output does not change.
//
// Wheel rays are answered here too: a ray that stays inside one grid cell in plan (a wheel's
// near-vertical ray) is intersected with the cell's two triangles built straight from the height
// array, without Bullet's per-vertex virtual reads and triangle callback. The triangles are
// Bullet's; the arithmetic is this file's (the hit agrees with Bullet's to rounding).

#include "world/Terrain.h"

#include <btBulletCollisionCommon.h>
#include <BulletCollision/CollisionShapes/btHeightfieldTerrainShape.h>

#include <vector>

namespace jounce::sim {

class HeightFieldShape final : public btHeightfieldTerrainShape {
public:
    /// Reads `field`'s heights in place: the field must outlive the shape and stay unchanged.
    /// `minHeight` and `maxHeight` bound the heights (Bullet centres the shape between them).
    HeightFieldShape(const HeightField& field, double minHeight, double maxHeight);

    /// Bullet's query (same triangles, order and values), skipped when the box is out of reach.
    void processAllTriangles(btTriangleCallback* callback, const btVector3& aabbMin,
                             const btVector3& aabbMax) const override;

    /// Bullet's query without the shortcut (tests compare the two).
    void processAllTrianglesUnculled(btTriangleCallback* callback, const btVector3& aabbMin,
                                     const btVector3& aabbMax) const
    {
        btHeightfieldTerrainShape::processAllTriangles(callback, aabbMin, aabbMax);
    }

    /// False when Bullet's query with this box (shape-local, scaled) cannot find a triangle: every
    /// node that its cell range could include lies above or below the box. Conservative: true
    /// whenever in doubt (a box not finite, a scaling that is not positive).
    bool mayTouch(const btVector3& aabbMin, const btVector3& aabbMax) const;

    /// The closest crossing of a segment whose plan stays inside one grid cell (shape-local,
    /// scaled) with the cell's two triangles, Bullet's split of the cell. NotInOneCell, having done
    /// nothing, for any other segment (and for a shape with flipped or alternating diagonals):
    /// then ask performRaycast.
    struct CellHit {
        enum class Kind { NotInOneCell, Miss, Hit } kind = Kind::NotInOneCell;
        double fraction = 1.0;           ///< along from -> to
        btVector3 normal{0, 0, 1};       ///< unit, facing `from`
    };
    CellHit intersectWithinCell(const btVector3& from, const btVector3& to) const;

    static constexpr int kBlock = 16;  ///< nodes per block side (4 m on the proving ground's grid)

private:
    struct Block {
        double low;   ///< lowest raw node height
        double high;  ///< highest raw node height
    };
    /// Node (i, j) as Bullet's getVertex places it (shape-local, scaled), one coordinate at a time:
    /// the four corners of a cell share two columns and two rows. getVertex's arithmetic for the
    /// z-up axis, in its order, so the values are bit-identical.
    double nodeX(int i) const { return ((-m_width / btScalar(2.0)) + i) * m_localScaling.getX(); }
    double nodeY(int j) const { return ((-m_length / btScalar(2.0)) + j) * m_localScaling.getY(); }
    double nodeZ(int i, int j) const
    {
        return (heights_[std::size_t(j) * std::size_t(nx_) + std::size_t(i)] - m_localOrigin.getZ()) * m_localScaling.getZ();
    }

    const double* heights_;  ///< the field's heights, row-major (j * nx + i), as Bullet reads them
    int nx_, ny_;          ///< nodes
    int blocksX_, blocksY_;
    std::vector<Block> blocks_;  ///< row-major, index by * blocksX_ + bx
};

}  // namespace jounce::sim
