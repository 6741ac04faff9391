// The ground's wheel sweep (Ground::sweepWheel, world/WheelSweep): the wheel's cylinder moved down
// its travel stops where its tread or, on a cambered wheel, its rim edge first meets the ground --
// on the plane and on a height-field terrain alike, with the terrain's surface -- and a step is met
// by the wheel's leading edge before a ray down its centre would reach it.

#include "world/PlaneGround.h"
#include "world/TerrainGround.h"

#include "support/NearAssert.h"

#include <QtTest>

#include <cmath>
#include <memory>

using namespace jounce;
using namespace jounce::sim;

namespace {

constexpr double kRadius = 0.35;
constexpr double kHalfWidth = 0.12;
constexpr double kTolerance = 1e-3;  // m: Bullet's convex cast stops within this of the surface

/// An upright wheel (axle along y) whose centre starts `height` above z = 0 at (x, y), swept 1 m down,
/// turned about its heading axis x by `camber` (rad).
WheelSweep wheelAbove(double x, double y, double height, double camber = 0.0)
{
    WheelSweep s;
    s.start.setIdentity();
    s.start.setRotation(btQuaternion(btVector3(1, 0, 0), camber));
    s.start.setOrigin(btVector3(x, y, height));
    s.travel = btVector3(0, 0, -1.0);
    s.radius = kRadius;
    s.halfWidth = kHalfWidth;
    return s;
}

/// A 20 m x 20 m terrain at 5 cm spacing, flat at z = 0 except a 0.1 m step for x >= 2 m (a ramp over
/// the one cell before it), and a gravel patch for y > 5 m.
std::shared_ptr<Terrain> steppedTerrain()
{
    auto t = std::make_shared<Terrain>();
    HeightField& f = t->field;
    f.originX = -10.0;
    f.originY = -10.0;
    f.spacing = 0.05;
    f.nx = f.ny = 401;
    for (int j = 0; j < f.ny; ++j)
        for (int i = 0; i < f.nx; ++i)
            f.heights.push_back(f.originX + i * f.spacing >= 2.0 ? 0.1 : 0.0);
    t->surfaceNames = {"tarmac", "gravel"};
    SurfacePatch gravel;
    gravel.surface = 1;
    gravel.xMin = -10.0;
    gravel.xMax = 10.0;
    gravel.yMin = 5.0;
    gravel.yMax = 10.0;
    t->patches.push_back(gravel);
    return t;
}

}  // namespace

class TestWheelSweep : public QObject {
    Q_OBJECT
private slots:
    void uprightWheelStopsOnItsTread()
    {
        const PlaneGround plane;
        GroundHit hit;
        QVERIFY(plane.sweepWheel(wheelAbove(0, 0, 1.0), hit));
        // The centre stops one radius above the plane: 1 - 0.35 = 0.65 of the 1 m travel.
        JOUNCE_VERIFY_NEAR(hit.fraction, 0.65, kTolerance);
        JOUNCE_VERIFY_NEAR(hit.point.z(), 0.0, kTolerance);
        JOUNCE_VERIFY_NEAR(hit.normal.z(), 1.0, 1e-6);
        QCOMPARE(hit.surface, 0);
    }

    void camberedWheelStopsOnItsRimEdge()
    {
        // Tilted by γ, the lowest point of the wheel is its rim edge, r·cos γ + w/2·sin γ below the centre.
        const double camber = 0.2;
        const PlaneGround plane;
        GroundHit hit;
        QVERIFY(plane.sweepWheel(wheelAbove(0, 0, 1.0, camber), hit));
        const double drop = kRadius * std::cos(camber) + kHalfWidth * std::sin(camber);
        JOUNCE_VERIFY_NEAR(hit.fraction, 1.0 - drop, kTolerance);
        // The contact is the rim edge that leans down: (0, −w/2, −r) in the wheel's frame.
        JOUNCE_VERIFY_NEAR(hit.point.y(), -kHalfWidth * std::cos(camber) + kRadius * std::sin(camber), 5 * kTolerance);
    }

    void travelTooShortMeansNoContact()
    {
        const PlaneGround plane;
        GroundHit hit;
        WheelSweep s = wheelAbove(0, 0, 1.0);
        s.travel = btVector3(0, 0, -0.5);  // the tread stops 0.15 m above the ground
        QVERIFY(!plane.sweepWheel(s, hit));
        s.radius = 0.0;  // a degenerate wheel never touches
        QVERIFY(!plane.sweepWheel(s, hit));
    }

    void terrainAgreesWithThePlaneAndNamesItsSurface()
    {
        const TerrainGround terrain(steppedTerrain());
        const PlaneGround plane;
        GroundHit onTerrain, onPlane;
        QVERIFY(terrain.sweepWheel(wheelAbove(-3.0, 0.3, 1.0, 0.05), onTerrain));
        QVERIFY(plane.sweepWheel(wheelAbove(-3.0, 0.3, 1.0, 0.05), onPlane));
        JOUNCE_VERIFY_NEAR(onTerrain.fraction, onPlane.fraction, kTolerance);
        QCOMPARE(onTerrain.surface, 0);
        QVERIFY(terrain.sweepWheel(wheelAbove(-3.0, 7.0, 1.0), onTerrain));
        QCOMPARE(terrain.surfaceNames().at(std::size_t(onTerrain.surface)), std::string("gravel"));
    }

    void stepIsMetByTheLeadingEdge()
    {
        // The wheel's centre 0.2 m before the 0.1 m step: a ray down the centre finds the low side,
        // the cylinder rests on the step's edge, higher up (a circle of radius r over an edge h high
        // at distance d: the centre sits at h + sqrt(r² − d²)).
        const TerrainGround terrain(steppedTerrain());
        const double d = 0.2, h = 0.1;
        GroundHit ray, swept;
        QVERIFY(terrain.raycast(btVector3(2.0 - d, 0, 1.0), btVector3(2.0 - d, 0, -1.0), ray));
        JOUNCE_VERIFY_NEAR(ray.point.z(), 0.0, 1e-9);
        QVERIFY(terrain.sweepWheel(wheelAbove(2.0 - d, 0, 1.0), swept));
        const double centre = 1.0 - swept.fraction;
        JOUNCE_VERIFY_NEAR(centre, h + std::sqrt(kRadius * kRadius - d * d), 2 * kTolerance);
        QVERIFY(swept.point.x() > 2.0 - d);  // ahead of the centre, on the step
    }
};

QTEST_GUILESS_MAIN(TestWheelSweep)
#include "test_wheel_sweep.moc"
