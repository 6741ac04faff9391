// HeightFieldShape's shortcut must not change what Bullet sees: for any box, its triangle query
// hands the callback exactly the triangles (values, order, part and index) of Bullet's own query,
// on the proving ground and on rough ground with a spike; a box above the ground is answered
// without visiting the grid; and a falling, tumbling box moves bit for bit as it does on Bullet's
// own height field; a wheel's ray within one cell hits where Bullet's raycast hits, to rounding.

#include "world/HeightFieldCollider.h"
#include "world/HeightFieldShape.h"
#include "world/TerrainJson.h"

#include "support/Lcg.h"

#include <QtTest>

#include <btBulletDynamicsCommon.h>
#include <BulletCollision/NarrowPhaseCollision/btRaycastCallback.h>

#include <cstring>
#include <memory>
#include <vector>

using namespace jounce;
using namespace jounce::sim;

using jounce::test::Lcg;

namespace {

struct Triangle {
    btVector3 v[3];
    int part = 0;
    int index = 0;
    bool operator==(const Triangle& o) const
    {
        // Bitwise: the shortcut must hand over Bullet's values, not merely close ones.
        return std::memcmp(v, o.v, sizeof v) == 0 && part == o.part && index == o.index;
    }
};

struct Recorder final : btTriangleCallback {
    std::vector<Triangle> triangles;
    void processTriangle(btVector3* v, int part, int index) override
    {
        triangles.push_back({{v[0], v[1], v[2]}, part, index});
    }
};

/// Bullet's closest triangle hit (what the collider used before it intersected cells itself).
struct BulletClosestHit final : btTriangleRaycastCallback {
    BulletClosestHit(const btVector3& from, const btVector3& to) : btTriangleRaycastCallback(from, to, kF_None) {}
    btScalar reportHit(const btVector3& n, btScalar fraction, int, int) override
    {
        hit = true;
        normal = n.normalized();
        return fraction;
    }
    bool hit = false;
    btVector3 normal{0, 0, 1};
};

/// Rough ground (0 .. 0.3 m) on a 0.25 m grid of 70 x 50 nodes with one 1 m spike at node (16, 5),
/// the first node of the second block.
HeightField roughField()
{
    HeightField f;
    f.spacing = 0.25;
    f.nx = 70;
    f.ny = 50;
    Lcg rng{7};
    for (int k = 0; k < f.nx * f.ny; ++k)
        f.heights.push_back(rng.in(0.0, 0.3));
    f.heights[5 * 70 + 16] = 1.0;
    return f;
}

/// Both queries with the box; false (with a message) when they differ.
bool sameTriangles(const HeightFieldShape& shape, const btVector3& lo, const btVector3& hi, std::size_t& count)
{
    Recorder culled, bullet;
    shape.processAllTriangles(&culled, lo, hi);
    shape.processAllTrianglesUnculled(&bullet, lo, hi);
    count = bullet.triangles.size();
    if (culled.triangles == bullet.triangles)
        return true;
    qWarning("box (%g %g %g) - (%g %g %g): %zu triangles, Bullet %zu", lo.x(), lo.y(), lo.z(), hi.x(), hi.y(), hi.z(),
             culled.triangles.size(), bullet.triangles.size());
    return false;
}

/// Random boxes around and beside the shape (shape-local coordinates): sizes from a wheel's to a
/// truck's, heights from below the lowest node to above the highest.
void compareRandomBoxes(const HeightFieldShape& shape, double lowZ, double highZ, int boxes, int& touching, int& skipped)
{
    btVector3 aabbMin, aabbMax;
    btTransform identity;
    identity.setIdentity();
    shape.getAabb(identity, aabbMin, aabbMax);
    Lcg rng{42};
    for (int k = 0; k < boxes; ++k) {
        const btVector3 size(rng.in(0.0, 8.0), rng.in(0.0, 4.0), rng.in(0.0, 2.0));
        const btVector3 lo(rng.in(aabbMin.x() - 3.0, aabbMax.x() + 3.0), rng.in(aabbMin.y() - 3.0, aabbMax.y() + 3.0),
                           rng.in(lowZ - 2.5, highZ + 0.5));
        std::size_t count = 0;
        QVERIFY(sameTriangles(shape, lo, lo + size, count));
        touching += count > 0 ? 1 : 0;
        skipped += shape.mayTouch(lo, lo + size) ? 0 : 1;
    }
}

/// A 1500 kg box dropped tumbling onto `shape` from 1.5 m; its transforms after every 60 Hz step.
std::vector<btTransform> dropBox(btCollisionShape& shape, const btTransform& where, btVector3 start, int& contacts)
{
    btDefaultCollisionConfiguration config;
    btCollisionDispatcher dispatcher(&config);
    btDbvtBroadphase broadphase;
    btSequentialImpulseConstraintSolver solver;
    btDiscreteDynamicsWorld world(&dispatcher, &broadphase, &solver, &config);
    world.setGravity(btVector3(0, 0, -9.81));
    btCollisionObject ground;
    ground.setCollisionShape(&shape);
    ground.setWorldTransform(where);
    world.addCollisionObject(&ground);
    btBoxShape box(btVector3(2.5, 1.25, 1.0));
    btVector3 inertia;
    box.calculateLocalInertia(1500.0, inertia);
    btTransform t(btQuaternion(btVector3(1, 0.3, 0).normalized(), 0.4), start);
    btRigidBody body(btRigidBody::btRigidBodyConstructionInfo(1500.0, nullptr, &box, inertia));
    body.setWorldTransform(t);
    body.setLinearVelocity(btVector3(4.0, 1.0, 0.0));
    body.setAngularVelocity(btVector3(0.5, -1.0, 2.0));
    body.setActivationState(DISABLE_DEACTIVATION);
    world.addRigidBody(&body);
    std::vector<btTransform> out;
    contacts = 0;
    for (int k = 0; k < 240; ++k) {
        world.stepSimulation(1.0 / 60.0, 0, 1.0 / 60.0);
        out.push_back(body.getWorldTransform());
        for (int m = 0; m < dispatcher.getNumManifolds(); ++m)
            contacts += dispatcher.getManifoldByIndexInternal(m)->getNumContacts();
    }
    world.removeRigidBody(&body);
    world.removeCollisionObject(&ground);
    return out;
}

}  // namespace

class TestHeightFieldShape : public QObject {
    Q_OBJECT
private slots:
    void roughGroundBoxesSeeBulletsTriangles()
    {
        const HeightField f = roughField();
        HeightFieldShape shape(f, -0.1, 1.1);
        shape.setLocalScaling(btVector3(f.spacing, f.spacing, 1.0));
        int touching = 0, skipped = 0;
        compareRandomBoxes(shape, -0.6, 0.6, 4000, touching, skipped);
        // Both ways through the query are taken many times.
        QVERIFY2(touching > 500 && skipped > 500, qPrintable(QString("%1 touching, %2 skipped").arg(touching).arg(skipped)));
    }

    void spikeInTheNextBlockIsSeen()
    {
        const HeightField f = roughField();
        HeightFieldShape shape(f, -0.1, 1.1);
        shape.setLocalScaling(btVector3(f.spacing, f.spacing, 1.0));
        // A box over nodes 13.0 .. 14.9 (all in the first block) at 0.5 .. 0.9 m: only the spike at
        // node 16 reaches it, and only because Bullet rounds 14.9 to 15 and widens by one node.
        const double cx = -0.5 * (f.nx - 1) * f.spacing, cy = -0.5 * (f.ny - 1) * f.spacing, cz = 0.5;
        const btVector3 lo(cx + 13.0 * f.spacing, cy + 4.0 * f.spacing, 0.5 - cz);
        const btVector3 hi(cx + 14.9 * f.spacing, cy + 6.0 * f.spacing, 0.9 - cz);
        std::size_t count = 0;
        QVERIFY(sameTriangles(shape, lo, hi, count));
        QVERIFY(count > 0);
        QVERIFY(shape.mayTouch(lo, hi));
        // 0.6 m higher the spike no longer reaches it: answered without the grid.
        QVERIFY(!shape.mayTouch(lo + btVector3(0, 0, 0.6), hi + btVector3(0, 0, 0.6)));
    }

    void provingGroundBoxesSeeBulletsTriangles()
    {
        TerrainDocument doc = loadTerrain(std::string(JOUNCE_SOURCE_DIR) + "/presets/terrains/proving-ground.json");
        QVERIFY(doc.ok());
        auto terrain = std::make_shared<const Terrain>(std::move(doc.terrain));
        HeightFieldCollider collider(terrain);
        const auto [low, high] = terrain->field.heightRange();
        const double centreZ = 0.5 * (low + high);  // Bullet's local origin between the padded bounds
        int touching = 0, skipped = 0;
        compareRandomBoxes(collider.shape(), low - centreZ, high - centreZ, 3000, touching, skipped);
        QVERIFY2(touching > 300 && skipped > 300, qPrintable(QString("%1 touching, %2 skipped").arg(touching).arg(skipped)));
    }

    void raysHitWhereBulletsRaycastHits()
    {
        const HeightField f = roughField();
        HeightFieldShape shape(f, -0.1, 1.1);
        shape.setLocalScaling(btVector3(f.spacing, f.spacing, 1.0));
        const double halfX = 0.5 * (f.nx - 1) * f.spacing, halfY = 0.5 * (f.ny - 1) * f.spacing;
        Lcg rng{11};
        int hits = 0, misses = 0, crossing = 0, nearDiagonal = 0, otherTriangle = 0;
        double worstFraction = 0.0, worstNormal = 0.0;
        for (int k = 0; k < 20000; ++k) {
            // Wheel-like rays (2 m down, leaning up to 2 cm or, every fourth, up to 1 m), from
            // beside the grid to beside it, from above and from below the ground. Every eighth
            // starts on a cell diagonal, where the two triangles meet.
            btVector3 from(rng.in(-halfX - 1.0, halfX + 1.0), rng.in(-halfY - 1.0, halfY + 1.0), rng.in(-0.6, 1.5));
            if (k % 8 == 0) {
                const double u = std::floor((from.x() + halfX) / f.spacing), v = std::floor((from.y() + halfY) / f.spacing);
                const double a = rng.next();
                from.setX(-halfX + (u + a) * f.spacing);
                from.setY(-halfY + (v + 1.0 - a) * f.spacing);
            }
            const double lean = k % 8 == 0 ? (k % 16 == 0 ? 0.0 : 0.001) : k % 4 == 0 ? 1.0 : 0.02;
            const btVector3 to = from + btVector3(rng.in(-lean, lean), rng.in(-lean, lean), -2.0);
            const HeightFieldShape::CellHit ours = shape.intersectWithinCell(from, to);
            if (ours.kind == HeightFieldShape::CellHit::Kind::NotInOneCell) {
                ++crossing;
                continue;
            }
            BulletClosestHit bullet(from, to);
            shape.performRaycast(&bullet, from, to);
            const bool hit = ours.kind == HeightFieldShape::CellHit::Kind::Hit;
            QVERIFY2(hit == bullet.hit, qPrintable(QString("ray %1: ours %2, Bullet's %3").arg(k).arg(hit).arg(bullet.hit)));
            if (!hit) {
                ++misses;
                continue;
            }
            ++hits;
            nearDiagonal += k % 8 == 0;
            const double df = std::abs(ours.fraction - bullet.m_hitFraction);
            const double dn = (ours.normal - bullet.normal).length();
            if (df > 1e-12 || dn > 1e-12) {
                // Bullet accepts a crossing up to about 2e-5 m past a triangle's edge: beside the
                // diagonal it may take the other triangle's plane. Anywhere else the two agree.
                const btVector3 p = from.lerp(to, ours.fraction);
                const double u = (p.x() + halfX) / f.spacing, v = (p.y() + halfY) / f.spacing;
                const double offDiagonal = std::abs(u - std::floor(u) + v - std::floor(v) - 1.0) * f.spacing / std::sqrt(2.0);
                QVERIFY2(offDiagonal < 1e-4, qPrintable(QString("ray %1: fraction %2 (Bullet %3), %4 m from the diagonal")
                                                            .arg(k).arg(ours.fraction).arg(bullet.m_hitFraction).arg(offDiagonal)));
                ++otherTriangle;
                continue;
            }
            worstFraction = std::max(worstFraction, df);
            worstNormal = std::max(worstNormal, dn);
        }
        QVERIFY2(hits > 5000 && misses > 1000 && crossing > 1000 && nearDiagonal > 500,
                 qPrintable(QString("%1 hits, %2 misses, %3 crossing cells, %4 on diagonals, %5 on Bullet's other triangle")
                                .arg(hits).arg(misses).arg(crossing).arg(nearDiagonal).arg(otherTriangle)));
        // Rounding apart: a 2 m ray's fraction within 1e-12 (2 pm), the normals within 1e-12.
        QVERIFY2(worstFraction < 1e-12 && worstNormal < 1e-12,
                 qPrintable(QString("fraction off by %1, normal by %2").arg(worstFraction).arg(worstNormal)));
    }

    void fallingBoxMovesAsOnBulletsHeightField()
    {
        const HeightField f = roughField();
        HeightFieldShape ours(f, -0.1, 1.1);
        btHeightfieldTerrainShape bullets(f.nx, f.ny, f.heights.data(), -0.1, 1.1, 2, false);
        ours.setLocalScaling(btVector3(f.spacing, f.spacing, 1.0));
        bullets.setLocalScaling(btVector3(f.spacing, f.spacing, 1.0));
        btTransform where;
        where.setIdentity();
        where.setOrigin(btVector3(0.5 * (f.nx - 1) * f.spacing, 0.5 * (f.ny - 1) * f.spacing, 0.5));
        const btVector3 start(2.0, 3.0, 2.5);  // 1.5 m above the highest node but the spike
        int oursContacts = 0, bulletsContacts = 0;
        const std::vector<btTransform> a = dropBox(ours, where, start, oursContacts);
        const std::vector<btTransform> b = dropBox(bullets, where, start, bulletsContacts);
        QVERIFY(oursContacts > 100);  // it lands and slides: the contacts are exercised
        QCOMPARE(oursContacts, bulletsContacts);
        for (std::size_t k = 0; k < a.size(); ++k)
            QVERIFY2(std::memcmp(&a[k], &b[k], sizeof(btTransform)) == 0, qPrintable(QString("step %1").arg(k)));
    }
};

QTEST_GUILESS_MAIN(TestHeightFieldShape)
#include "test_height_field_shape.moc"
