// Terrain files and the Bullet terrain: flat ground, slopes, bumps, ISO 8608 rough road, surface
// lookup, PGM height maps, hostile input, the shipped presets, and that Bullet's raycast hits the
// ground exactly where HeightField::heightAt says it is.

#include "world/HeightFieldCollider.h"
#include "world/TerrainFeatures.h"
#include "world/TerrainJson.h"

#include <QTemporaryDir>
#include "support/Lcg.h"

#include <QtTest>

#include <btBulletDynamicsCommon.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <memory>

using namespace jounce;
using namespace jounce::sim;

using jounce::test::Lcg;

namespace {

const std::string kPresetDir = std::string(JOUNCE_SOURCE_DIR) + "/presets/terrains/";

/// A terrain file around the given pieces (each a JSON member text, e.g. "\"features\": [...]").
std::string terrainText(const std::string& extent, double spacing, const std::string& rest)
{
    return "{ \"format\": \"jounce.terrain\", \"schemaVersion\": 1, \"name\": \"t\", \"extent\": " + extent +
           ", \"spacing\": " + std::to_string(spacing) + ", \"base\": { \"type\": \"flat\" }" +
           (rest.empty() ? "" : ", " + rest) + " }";
}

QString dump(const Problems& problems)
{
    QString s;
    for (const Problem& p : problems.items)
        s += QString::fromStdString(p.toString()) + "\n";
    return s;
}

bool hasProblem(const TerrainDocument& doc, Severity severity, const std::string& pointer, const std::string& words = {})
{
    for (const Problem& p : doc.problems.items)
        if (p.severity == severity && p.pointer == pointer && p.message.find(words) != std::string::npos)
            return true;
    return false;
}

bool hasError(const TerrainDocument& doc, const std::string& pointer, const std::string& words = {})
{
    return hasProblem(doc, Severity::Error, pointer, words);
}

std::shared_ptr<const Terrain> parseOk(const std::string& text, const std::string& baseDir = ".")
{
    TerrainDocument doc = parseTerrain(text, baseDir);
    if (!doc.ok() || !doc.problems.items.empty())
        qWarning().noquote() << dump(doc.problems);
    return doc.ok() ? std::make_shared<const Terrain>(std::move(doc.terrain)) : nullptr;
}

/// Vertical ray from 50 m above to 50 m below the ground at (x, y).
bool rayDown(const HeightFieldCollider& bt, double x, double y, HeightFieldCollider::RayHit& hit)
{
    return bt.raycast(btVector3(x, y, 50.0), btVector3(x, y, -50.0), hit);
}

/// Tiny deterministic sampler for test points.
void writeBytes(const std::string& path, const std::string& bytes)
{
    std::ofstream out(path, std::ios::binary);
    out.write(bytes.data(), std::streamsize(bytes.size()));
}

}  // namespace

class TestTerrainJson : public QObject {
    Q_OBJECT
private slots:
    void flatGroundIsZeroAndRaysHitIt()
    {
        const auto t = parseOk(terrainText("{ \"xMin\": -50, \"xMax\": 50, \"yMin\": -30, \"yMax\": 30 }", 2.0, ""));
        QVERIFY(t);
        QCOMPARE(t->field.nx, 51);
        QCOMPARE(t->field.ny, 31);
        for (double h : t->field.heights)
            QCOMPARE(h, 0.0);
        QCOMPARE(t->surfaceNames, std::vector<std::string>{"tarmac"});
        QCOMPARE(t->start.x, 0.0);  // no start given: the centre
        HeightFieldCollider bt(t);
        Lcg rng{1};
        for (int k = 0; k < 200; ++k) {
            const double x = -50.0 + 100.0 * rng.next(), y = -30.0 + 60.0 * rng.next();
            QCOMPARE(t->field.heightAt(x, y), 0.0);
            const Vec3 n = t->field.normalAt(x, y);
            QCOMPARE(n.z, 1.0);
            HeightFieldCollider::RayHit hit;
            QVERIFY(rayDown(bt, x, y, hit));
            QVERIFY2(std::abs(hit.point.z()) < 1e-12, qPrintable(QString::number(hit.point.z())));
            QVERIFY(std::abs(hit.point.x() - x) < 1e-12 && std::abs(hit.point.y() - y) < 1e-12);
            QVERIFY(std::abs(hit.normal.x()) < 1e-12 && std::abs(hit.normal.y()) < 1e-12);
            QVERIFY(std::abs(hit.normal.z() - 1.0) < 1e-12);
            QVERIFY(std::abs(hit.fraction - 0.5) < 1e-12);
            QCOMPARE(hit.surface, 0);
        }
        HeightFieldCollider::RayHit hit;
        QVERIFY(!rayDown(bt, 60.0, 0.0, hit));                                            // off the grid
        QVERIFY(!bt.raycast(btVector3(0, 0, 10), btVector3(0, 0, 1), hit));              // stops short
        QVERIFY(!bt.raycast(btVector3(0, std::nan(""), 10), btVector3(0, 0, -1), hit));  // NaN misses
        QVERIFY(!bt.raycast(btVector3(0, 0, 10), btVector3(1e300, 0, -1), hit));
        // The collision object sits where the grid is: its bounding box spans the extent.
        btVector3 lo, hi;
        bt.collisionObject()->getCollisionShape()->getAabb(bt.collisionObject()->getWorldTransform(), lo, hi);
        QVERIFY(std::abs(lo.x() + 50.0) < 1e-9 && std::abs(hi.x() - 50.0) < 1e-9);
        QVERIFY(std::abs(lo.y() + 30.0) < 1e-9 && std::abs(hi.y() - 30.0) < 1e-9);
        QVERIFY(lo.z() <= 0.0 && hi.z() >= 0.0);
    }

    void raysHitExactlyAtHeightAt()
    {
        // Uneven ground on an off-zero origin and an odd spacing: Bullet's triangles and heightAt agree.
        const auto t = parseOk(terrainText(
            "{ \"xMin\": 13.1, \"xMax\": 73.1, \"yMin\": -41.7, \"yMax\": -11.7 }", 0.3,
            "\"features\": [ { \"type\": \"rough\", \"from\": [13.1, -26.7], \"width\": 30, \"length\": 60, "
            "\"class\": \"E\", \"seed\": 3, \"blend\": 0 },"
            "{ \"type\": \"bump\", \"at\": [40, -25], \"heading\": 0.7, \"length\": 3, \"width\": 2, \"height\": 0.4 } ]"));
        QVERIFY(t);
        HeightFieldCollider bt(t);
        const HeightField& f = t->field;
        // Bullet's point-in-triangle test accepts hits up to 1e-4 of a cell beyond a triangle's edge,
        // so within that band a ray may land on the neighbouring triangle's plane: off by at most
        // 1e-4 * spacing * (the gradient jump across the edge). Elsewhere the hit is exact.
        double maxGradient = 0.0;
        for (int j = 0; j + 1 < f.ny; ++j)
            for (int i = 0; i + 1 < f.nx; ++i)
                maxGradient = std::max({maxGradient, std::abs(f.at(i + 1, j) - f.at(i, j)) / f.spacing,
                                        std::abs(f.at(i, j + 1) - f.at(i, j)) / f.spacing});
        const double edgeBound = 1e-4 * f.spacing * 4.0 * maxGradient + 1e-9;
        const auto nearEdge = [&](double x, double y) {
            const double u = (x - f.originX) / f.spacing, v = (y - f.originY) / f.spacing;
            const double fu = u - std::floor(u), fv = v - std::floor(v);
            return std::min({fu, 1.0 - fu, fv, 1.0 - fv, std::abs(fu + fv - 1.0)}) < 2e-4;
        };
        Lcg rng{7};
        double worstInside = 0.0, worstEdge = 0.0, worstN = 0.0;
        const auto check = [&](const btVector3& p) {
            double& worst = nearEdge(p.x(), p.y()) ? worstEdge : worstInside;
            worst = std::max(worst, std::abs(p.z() - f.heightAt(p.x(), p.y())));
        };
        for (int k = 0; k < 4000; ++k) {
            const double x = 13.2 + 58.5 * rng.next(), y = -41.0 + 29.0 * rng.next();
            HeightFieldCollider::RayHit hit;
            QVERIFY(rayDown(bt, x, y, hit));
            check(hit.point);
            if (!nearEdge(x, y)) {
                const Vec3 n = f.normalAt(x, y);
                worstN = std::max({worstN, std::abs(hit.normal.x() - n.x), std::abs(hit.normal.y() - n.y),
                                   std::abs(hit.normal.z() - n.z)});
            }
            // A slanted ray (as from a rolled chassis) lands on the same surface too.
            HeightFieldCollider::RayHit slant;
            QVERIFY(bt.raycast(btVector3(x, y, 3.0), btVector3(x + 0.9, y - 0.6, -3.0), slant));
            check(slant.point);
        }
        // Grid nodes and cell centres, the "known (x, y)" points, are hit exactly.
        for (int j = 1; j + 1 < f.ny; j += 7)
            for (int i = 1; i + 1 < f.nx; i += 5) {
                const double x = f.originX + i * f.spacing, y = f.originY + j * f.spacing;
                HeightFieldCollider::RayHit hit;
                QVERIFY(rayDown(bt, x + 0.25 * f.spacing, y + 0.25 * f.spacing, hit));
                worstInside = std::max(worstInside, std::abs(hit.point.z() - f.heightAt(x + 0.25 * f.spacing, y + 0.25 * f.spacing)));
                QVERIFY(rayDown(bt, x, y, hit));
                QVERIFY(std::abs(hit.point.z() - f.at(i, j)) <= edgeBound);
            }
        qDebug("ray vs heightAt: inside triangles %.3g m, within 1e-4 of an edge %.3g m (bound %.3g m), normals %.3g",
               worstInside, worstEdge, edgeBound, worstN);
        QVERIFY(worstInside < 1e-9);
        QVERIFY(worstEdge <= edgeBound);
        QVERIFY(worstN < 1e-9);
    }

    void bodiesRestOnTheCollisionObject()
    {
        // Raised, off-centre ground: a ball dropped into a dynamics world settles where heightAt says
        // the ground is, so the collision object is placed right for chassis contacts as well.
        const std::string text = "{ \"format\": \"jounce.terrain\", \"schemaVersion\": 1, "
                                 "\"extent\": { \"xMin\": 100, \"xMax\": 140, \"yMin\": -70, \"yMax\": -50 }, "
                                 "\"spacing\": 0.5, \"base\": { \"type\": \"flat\", \"height\": 2.5 }, "
                                 "\"features\": [ { \"type\": \"ramp\", \"from\": [120, -60], \"width\": 10, "
                                 "\"rise\": 1, \"length\": 4, \"plateau\": 10, \"down\": 4 } ] }";
        const auto t = parseOk(text);
        QVERIFY(t);
        HeightFieldCollider bt(t);
        btDefaultCollisionConfiguration config;
        btCollisionDispatcher dispatcher(&config);
        btDbvtBroadphase broadphase;
        btSequentialImpulseConstraintSolver solver;
        btDiscreteDynamicsWorld world(&dispatcher, &broadphase, &solver, &config);
        world.setGravity(btVector3(0, 0, -9.81));
        world.addCollisionObject(bt.collisionObject());
        btSphereShape ball(0.3);
        struct Drop {
            double x, y;
        };
        std::vector<std::unique_ptr<btRigidBody>> bodies;
        for (const Drop d : {Drop{110.2, -60.3}, Drop{130.1, -58.7}}) {
            btTransform start;
            start.setIdentity();
            start.setOrigin(btVector3(d.x, d.y, 6.0));
            btVector3 inertia;
            ball.calculateLocalInertia(1.0, inertia);
            btRigidBody::btRigidBodyConstructionInfo info(1.0, nullptr, &ball, inertia);
            info.m_startWorldTransform = start;
            bodies.push_back(std::make_unique<btRigidBody>(info));
            world.addRigidBody(bodies.back().get());
        }
        for (int k = 0; k < 600; ++k)
            world.stepSimulation(1.0 / 120.0, 0, 1.0 / 120.0);
        for (const auto& body : bodies) {
            const btVector3 p = body->getWorldTransform().getOrigin();
            const double ground = t->field.heightAt(p.x(), p.y());
            qDebug("ball at (%.2f, %.2f): centre %.4f m above the ground", p.x(), p.y(), p.z() - ground);
            QVERIFY(std::abs(p.z() - ground - 0.3) < 0.01);
            world.removeRigidBody(body.get());
        }
        QVERIFY(std::abs(t->field.heightAt(130.0, -60.0) - 3.5) < 1e-12);
        world.removeCollisionObject(bt.collisionObject());
    }

    void slopeGradeMatches()
    {
        for (double grade : {10.0, 20.0, 30.0, -15.0}) {
            const std::string slope = "\"features\": [ { \"type\": \"slope\", \"from\": [10, 0], \"width\": 8, "
                                      "\"grade\": " + std::to_string(grade) + ", \"length\": 30, \"runOut\": 12 } ]";
            const auto t = parseOk(terrainText("{ \"xMin\": 0, \"xMax\": 120, \"yMin\": -10, \"yMax\": 10 }", 0.25, slope));
            QVERIFY(t);
            HeightFieldCollider bt(t);
            HeightFieldCollider::RayHit a, b, top;
            QVERIFY(rayDown(bt, 17.3, 1.1, a));
            QVERIFY(rayDown(bt, 27.3, 1.1, b));  // 10 m further up the incline
            const double rise = b.point.z() - a.point.z();
            QVERIFY2(std::abs(rise - grade / 100.0 * 10.0) < 1e-9, qPrintable(QString::number(rise)));
            QVERIFY(rayDown(bt, 45.0, -2.0, top));  // on the run-out
            QVERIFY(std::abs(top.point.z() - grade / 100.0 * 30.0) < 1e-9);
            QVERIFY(std::abs(top.normal.z() - 1.0) < 1e-12);
            // Up 30 m, across 12 m, down 30 m: level again beyond x = 82.
            QCOMPARE(t->field.heightAt(85.0, 0.0), 0.0);
            QCOMPARE(t->field.heightAt(20.0, 9.0), 0.0);  // beside the 8 m wide slope
            const Vec3 n = t->field.normalAt(20.0, 0.0);
            QVERIFY(std::abs(-n.x / n.z - grade / 100.0) < 1e-12);
        }
    }

    void bumpPeakAndPothole()
    {
        const auto t = parseOk(terrainText(
            "{ \"xMin\": 0, \"xMax\": 40, \"yMin\": -10, \"yMax\": 10 }", 0.25,
            "\"features\": ["
            "{ \"type\": \"bump\", \"at\": [10, 0], \"length\": 1.0, \"width\": 4, \"height\": 0.05 },"
            "{ \"type\": \"pothole\", \"at\": [20, 2], \"length\": 1.0, \"width\": 1.0, \"depth\": 0.06, \"across\": \"cosine\" },"
            "{ \"type\": \"bump\", \"at\": [30, 0], \"heading\": 1.5707963267948966, \"length\": 2, \"width\": 6, \"height\": 0.1 } ]"));
        QVERIFY(t);
        HeightFieldCollider bt(t);
        HeightFieldCollider::RayHit hit;
        QVERIFY(rayDown(bt, 10.0, 0.0, hit));
        QVERIFY(std::abs(hit.point.z() - 0.05) < 1e-12);
        QVERIFY(std::abs(t->field.heightAt(10.0, 1.9) - 0.05) < 1e-12);  // flat across the width
        QVERIFY(std::abs(t->field.heightAt(10.25, 0.0) - 0.05 * 0.5 * (1.0 + std::cos(2.0 * kPi * 0.25))) < 1e-12);
        QCOMPARE(t->field.heightAt(10.5, 0.0), 0.0);
        QCOMPARE(t->field.heightAt(10.0, 2.5), 0.0);
        QVERIFY(rayDown(bt, 20.0, 2.0, hit));
        QVERIFY(std::abs(hit.point.z() + 0.06) < 1e-12);
        QVERIFY(std::abs(t->field.heightAt(20.0, 2.25) + 0.03) < 1e-12);  // cosine across: half depth at a quarter
        // Turned a quarter: its 2 m length runs along y.
        QVERIFY(std::abs(t->field.heightAt(30.0, 0.0) - 0.1) < 1e-12);
        QVERIFY(std::abs(t->field.heightAt(30.0, 1.0)) < 1e-12);
        QVERIFY(std::abs(t->field.heightAt(32.5, 0.0) - 0.1) < 1e-12);
    }

    void rampAndWashboard()
    {
        const auto t = parseOk(terrainText(
            "{ \"xMin\": 0, \"xMax\": 100, \"yMin\": -5, \"yMax\": 5 }", 0.25,
            "\"features\": ["
            "{ \"type\": \"ramp\", \"from\": [10, 0], \"width\": 4, \"rise\": 0.3, \"length\": 3, \"plateau\": 2, \"down\": 1.5 },"
            "{ \"type\": \"washboard\", \"from\": [40, 0], \"width\": 4, \"length\": 20, \"amplitude\": 0.02, \"wavelength\": 1 } ]"));
        QVERIFY(t);
        const HeightField& f = t->field;
        QVERIFY(std::abs(f.heightAt(11.5, 0.0) - 0.15) < 1e-12);
        QVERIFY(std::abs(f.heightAt(14.0, 0.0) - 0.3) < 1e-12);
        QVERIFY(std::abs(f.heightAt(15.75, 0.0) - 0.15) < 1e-12);
        QCOMPARE(f.heightAt(17.0, 0.0), 0.0);
        QVERIFY(std::abs(f.heightAt(40.25, 0.0) - 0.02) < 1e-12);
        QVERIFY(std::abs(f.heightAt(40.75, 1.0) + 0.02) < 1e-12);
        QVERIFY(std::abs(f.heightAt(45.5, 0.0)) < 1e-12);
        QCOMPARE(f.heightAt(61.0, 0.0), 0.0);
    }

    void iso8608RoughPatch()
    {
        // Spectral synthesis gives the patch exactly the variance sigma^2 of its band (see roughRms:
        // sigma^2 = (pi/2) Gd(n0) n0^2 (1/n1 - 1/n2)), but the mean square measured over a finite area
        // A still wanders. For a Gaussian field with 2-D spectral density S(k) the sample mean square
        // has variance (2 / A) * integral of S(k)^2 d^2k; with the isotropic S(k) = E(k) / (2 pi k),
        // E(k) = B / k^2, B = (pi/2) Gd(n0) n0^2, that integral is B^2 / (8 pi) (n1^-4 - n2^-4), so
        //     relStd = sqrt(2 / A * B^2 / (8 pi) * (n1^-4 - n2^-4)) / sigma^2.
        // (Random phases with fixed amplitudes wander less than a Gaussian field, so this bounds it.)
        // The test allows 4 relStd on the mean square.
        struct Case {
            const char* cls;
            int index;
            double minFrequency;
        };
        for (const Case c : {Case{"C", 2, kRoughDefaultMinFrequency}, Case{"C", 2, 0.05}, Case{"D", 3, 0.05}}) {
            const double length = 200.0, blend = 2.0, spacing = 0.5;
            const std::string text = terrainText(
                "{ \"xMin\": -10, \"xMax\": 210, \"yMin\": -110, \"yMax\": 110 }", spacing,
                "\"features\": [ { \"type\": \"rough\", \"from\": [0, 0], \"width\": 200, \"length\": 200, \"class\": \"" +
                    std::string(c.cls) + "\", \"seed\": 42, \"minFrequency\": " + std::to_string(c.minFrequency) + " } ]");
            const auto t = parseOk(text);
            QVERIFY(t);
            const HeightField& f = t->field;
            double sum2 = 0.0;
            std::size_t n = 0;
            for (int j = 0; j < f.ny; ++j)
                for (int i = 0; i < f.nx; ++i) {
                    const double x = f.originX + i * f.spacing, y = f.originY + j * f.spacing;
                    if (x >= blend && x <= length - blend && std::abs(y) <= 100.0 - blend) {
                        sum2 += f.at(i, j) * f.at(i, j);
                        ++n;
                    } else if (x < 0.0 || x > length || std::abs(y) > 100.0) {
                        QCOMPARE(f.at(i, j), 0.0);  // nothing outside the patch
                    }
                }
            const double n1 = c.minFrequency, n2 = roughDefaultMaxFrequency(spacing);
            const double sigma = roughRms(c.index, n1, n2);
            const double b = 0.5 * kPi * iso8608Gd0(c.index) * kIsoN0 * kIsoN0;
            const double area = (length - 2.0 * blend) * (200.0 - 2.0 * blend);
            const double relStd = std::sqrt(2.0 / area * b * b / (8.0 * kPi) * (std::pow(n1, -4) - std::pow(n2, -4))) /
                                  (sigma * sigma);
            const double meanSquare = sum2 / double(n);
            qDebug("ISO 8608 class %s, band %.3g..%.3g cycles/m: RMS %.2f mm, expected %.2f mm (mean square off by "
                   "%.1f %%, allowed %.1f %%)",
                   c.cls, n1, n2, 1e3 * std::sqrt(meanSquare), 1e3 * sigma,
                   100.0 * (meanSquare / (sigma * sigma) - 1.0), 400.0 * relStd);
            QVERIFY(std::abs(meanSquare / (sigma * sigma) - 1.0) <= 4.0 * relStd);

            // The same seed gives the same bits; another seed another road.
            const auto again = parseOk(text);
            QVERIFY(again);
            QCOMPARE(again->field.heights.size(), f.heights.size());
            QVERIFY(std::memcmp(again->field.heights.data(), f.heights.data(), f.heights.size() * sizeof(double)) == 0);
            std::string other = text;
            other.replace(other.find("\"seed\": 42"), 10, "\"seed\": 43");
            const auto different = parseOk(other);
            QVERIFY(different);
            QVERIFY(different->field.heights != f.heights);
        }
        QCOMPARE(iso8608Gd0(0), 16e-6);
        QCOMPARE(iso8608Gd0(7), 262144e-6);
    }

    void surfaceLookup()
    {
        const TerrainDocument doc = loadTerrain(kPresetDir + "proving-ground.json");
        QVERIFY2(doc.ok(), qPrintable(dump(doc.problems)));
        const Terrain& t = doc.terrain;
        const auto name = [&](double x, double y) { return t.surfaceNames.at(std::size_t(t.surfaceAt(x, y))); };
        // Split-friction strip: lane along +x at y = 20, so left (+y) is tarmac and right is ice.
        QCOMPARE(name(250.0, -18.0), std::string("tarmac"));
        QCOMPARE(name(250.0, -22.0), std::string("ice"));
        QCOMPARE(name(50.0, -22.0), std::string("tarmac"));  // lead-in
        QCOMPARE(name(450.0, -22.0), std::string("tarmac"));  // run-out
        // Skidpad ring around (1175, 0): tarmac on the 40 m line, grass in the middle and outside.
        for (double a = 0.0; a < 2.0 * kPi; a += 0.1)
            QCOMPARE(name(1175.0 + 40.0 * std::cos(a), 40.0 * std::sin(a)), std::string("tarmac"));
        QCOMPARE(name(1175.0, 0.0), std::string("grass"));
        QCOMPARE(name(1175.0, 47.0), std::string("grass"));
        QCOMPARE(name(500.0, 0.0), std::string("tarmac"));
        QCOMPARE(name(500.0, 8.0), std::string("grass"));
        QCOMPARE(name(100.0, 50.0), std::string("tarmac"));  // dynamics area
        QCOMPARE(name(200.0, -80.0), std::string("concrete"));
        QCOMPARE(name(400.0, -60.0), std::string("gravel"));
        QCOMPARE(name(200.0, -60.0), std::string("tarmac"));
        QCOMPARE(t.surfaceNames.front(), std::string("grass"));
        // The raycast reports the surface under the hit.
        auto shared = std::make_shared<const Terrain>(t);
        HeightFieldCollider bt(shared);
        HeightFieldCollider::RayHit hit;
        QVERIFY(rayDown(bt, 250.0, -22.0, hit));
        QCOMPARE(t.surfaceNames.at(std::size_t(hit.surface)), std::string("ice"));

        // Polygons (even-odd) and annuli; the last patch that contains a point wins.
        const auto p = parseOk(terrainText(
            "{ \"xMin\": 0, \"xMax\": 20, \"yMin\": 0, \"yMax\": 20 }", 1.0,
            "\"surfaces\": { \"base\": \"snow\", \"patches\": ["
            "{ \"surface\": \"gravel\", \"shape\": \"polygon\", \"points\": [[1, 1], [9, 1], [5, 9]] },"
            "{ \"surface\": \"ice\", \"shape\": \"circle\", \"centre\": [5, 4], \"radius\": 2, \"innerRadius\": 1 },"
            "{ \"surface\": \"gravel\", \"shape\": \"rectangle\", \"xMin\": 12, \"xMax\": 14, \"yMin\": 0, \"yMax\": 20 } ] }"));
        QVERIFY(p);
        QCOMPARE(p->surfaceNames, (std::vector<std::string>{"snow", "gravel", "ice"}));
        QCOMPARE(p->surfaceAt(5.0, 4.0), 1);   // inside the ring's hole: the polygon below
        QCOMPARE(p->surfaceAt(6.5, 4.0), 2);   // on the ring
        QCOMPARE(p->surfaceAt(8.5, 7.0), 0);   // outside the triangle
        QCOMPARE(p->surfaceAt(2.0, 1.5), 1);
        QCOMPARE(p->surfaceAt(13.0, 10.0), 1);
    }

    void pgmHeightMap()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string base = dir.path().toStdString();
        // 4 x 3 pixels, 16-bit big-endian; the first row is the north edge (y = yMax).
        const unsigned values[3][4] = {{0, 1000, 2000, 65535}, {10, 11, 12, 13}, {300, 400, 500, 600}};
        std::string pgm = "P5\n# a comment\n4 3\n65535\n";
        for (const auto& row : values)
            for (unsigned v : row) {
                pgm += char(v >> 8);
                pgm += char(v & 0xff);
            }
        writeBytes(base + "/map.pgm", pgm);
        const std::string text = "{ \"format\": \"jounce.terrain\", \"schemaVersion\": 1, "
                                 "\"extent\": { \"xMin\": 100, \"xMax\": 106, \"yMin\": 0, \"yMax\": 4 }, \"spacing\": 2, "
                                 "\"base\": { \"type\": \"pgm\", \"file\": \"map.pgm\", \"heightScale\": 0.001, "
                                 "\"heightOffset\": -1 } }";
        writeBytes(base + "/map.json", text);
        const TerrainDocument doc = loadTerrain(base + "/map.json");
        QVERIFY2(doc.ok(), qPrintable(dump(doc.problems)));
        const HeightField& f = doc.terrain.field;
        QCOMPARE(f.nx, 4);
        QCOMPARE(f.ny, 3);
        for (int row = 0; row < 3; ++row)
            for (int i = 0; i < 4; ++i)
                QCOMPARE(f.at(i, 2 - row), -1.0 + 0.001 * values[row][i]);
        QCOMPARE(f.heightAt(106.0, 4.0), -1.0 + 65.535);

        // 8-bit samples when maxval < 256.
        writeBytes(base + "/small.pgm", std::string("P5 2 2 255\n") + char(0) + char(255) + char(10) + char(20));
        std::string small = text;
        small.replace(small.find("map.pgm"), 7, "small.pgm");
        small.replace(small.find("\"xMax\": 106"), 11, "\"xMax\": 102");
        small.replace(small.find("\"yMax\": 4"), 9, "\"yMax\": 2");
        const TerrainDocument doc8 = parseTerrain(small, base);
        QVERIFY2(doc8.ok(), qPrintable(dump(doc8.problems)));
        QCOMPARE(doc8.terrain.field.at(1, 1), -1.0 + 0.255);
        QCOMPARE(doc8.terrain.field.at(0, 0), -1.0 + 0.010);

        // A missing file, a truncated one, one of the wrong size, and not a PGM at all.
        std::string missing = text;
        missing.replace(missing.find("map.pgm"), 7, "nothere.pgm");
        QVERIFY(hasError(parseTerrain(missing, base), "/base/file", "cannot read"));
        writeBytes(base + "/cut.pgm", pgm.substr(0, pgm.size() - 3));
        std::string cut = text;
        cut.replace(cut.find("map.pgm"), 7, "cut.pgm");
        QVERIFY(hasError(parseTerrain(cut, base), "/base/file", "truncated"));
        writeBytes(base + "/head.pgm", "P5\n4 3");
        cut.replace(cut.find("cut.pgm"), 7, "head.pgm");
        QVERIFY(hasError(parseTerrain(cut, base), "/base/file", "header"));
        writeBytes(base + "/huge.pgm", "P5 100000 100000 65535\n");
        cut.replace(cut.find("head.pgm"), 8, "huge.pgm");
        QVERIFY(hasError(parseTerrain(cut, base), "/base/file", "more than"));
        QVERIFY(hasError(parseTerrain(small, base + "/.."), "/base/file", "cannot read"));
        std::string wrongSize = text;
        wrongSize.replace(wrongSize.find("\"xMax\": 106"), 11, "\"xMax\": 108");
        QVERIFY(hasError(parseTerrain(wrongSize, base), "/base/file", "need 5 x 3"));
        writeBytes(base + "/text.pgm", "P2 2 2 255\n0 1 2 3\n");
        cut.replace(cut.find("huge.pgm"), 8, "text.pgm");
        QVERIFY(hasError(parseTerrain(cut, base), "/base/file", "P5"));
    }

    void heightGridInTheFile()
    {
        const std::string grid = "{ \"format\": \"jounce.terrain\", \"schemaVersion\": 1, "
                                 "\"extent\": { \"xMin\": 0, \"xMax\": 2, \"yMin\": 0, \"yMax\": 1 }, \"spacing\": 1, "
                                 "\"base\": { \"type\": \"grid\", \"heights\": [[0, 1, 2], [3, 4, 5]] } }";
        const auto t = parseOk(grid);
        QVERIFY(t);
        QCOMPARE(t->field.at(2, 0), 2.0);
        QCOMPARE(t->field.at(0, 1), 3.0);
        QCOMPARE(t->field.heightAt(0.5, 0.5), 2.0);
        std::string bad = grid;
        bad.replace(bad.find("[3, 4, 5]"), 9, "[3, \"x\", 20000]");
        const TerrainDocument doc = parseTerrain(bad, ".");
        QVERIFY(hasError(doc, "/base/heights/1/1", "number"));
        QVERIFY(hasError(doc, "/base/heights/1/2", "must be in [-10000, 10000], got 20000"));
        bad = grid;
        bad.replace(bad.find("[3, 4, 5]"), 9, "[3, 4, 1e999]");
        QVERIFY(hasError(parseTerrain(bad, "."), "/base/heights/1/2", "overflow"));
        // A million bad heights give a few located errors and a count, not a million messages.
        std::string many = "{ \"format\": \"jounce.terrain\", \"schemaVersion\": 1, "
                           "\"extent\": { \"xMin\": 0, \"xMax\": 999, \"yMin\": 0, \"yMax\": 999 }, \"spacing\": 1, "
                           "\"base\": { \"type\": \"grid\", \"heights\": [";
        std::string row = "[";
        for (int i = 0; i < 1000; ++i)
            row += i ? ", null" : "null";
        row += "]";
        for (int j = 0; j < 1000; ++j)
            many += (j ? ", " : "") + row;
        many += "] } }";
        const TerrainDocument manyDoc = parseTerrain(many, ".");
        QVERIFY(!manyDoc.ok());
        QVERIFY(manyDoc.problems.items.size() <= 12);
        QVERIFY(hasError(manyDoc, "/base/heights", "999990 more"));
        bad = grid;
        bad.replace(bad.find(", [3, 4, 5]"), 11, "");
        QVERIFY(hasError(parseTerrain(bad, "."), "/base/heights", "need 2"));
        bad = grid;
        bad.replace(bad.find("[3, 4, 5]"), 9, "[3, 4]");
        QVERIFY(hasError(parseTerrain(bad, "."), "/base/heights/1", "row of 3"));
    }

    void namedStartPoints()
    {
        // "startPoints": named poses near test sections; names unique, positions on the grid.
        const std::string extent = "{ \"xMin\": 0, \"xMax\": 100, \"yMin\": -50, \"yMax\": 50 }";
        const auto t = parseOk(terrainText(extent, 1.0,
                                           "\"startPoints\": [ { \"name\": \"bumps\", \"position\": [60, -40] }, "
                                           "{ \"name\": \"slope\", \"position\": [10, 20], \"heading\": 1.5 } ]"));
        QVERIFY(t);
        QCOMPARE(t->startPoints.size(), std::size_t(2));
        QVERIFY(t->findStart("bumps") && t->findStart("bumps")->x == 60.0 && t->findStart("bumps")->y == -40.0);
        QCOMPARE(t->findStart("bumps")->heading, 0.0);
        QCOMPARE(t->findStart("slope")->heading, 1.5);
        QVERIFY(!t->findStart("Bumps"));

        const auto with = [&](const std::string& points) { return parseTerrain(terrainText(extent, 1.0, points), "."); };
        QVERIFY(hasError(with("\"startPoints\": [ { \"name\": \"a\", \"position\": [0, 0] }, "
                              "{ \"name\": \"a\", \"position\": [1, 1] } ]"),
                         "/startPoints/1/name", "earlier start point"));
        QVERIFY(hasError(with("\"startPoints\": [ { \"name\": \"far\", \"position\": [500, 0] } ]"),
                         "/startPoints/0/position", "outside"));
        QVERIFY(hasError(with("\"startPoints\": [ { \"position\": [1, 0] } ]"), "/startPoints/0/name", "missing"));
        QVERIFY(hasError(with("\"startPoints\": [ { \"name\": \"\", \"position\": [1, 0] } ]"), "/startPoints/0/name"));
        QVERIFY(hasError(with("\"startPoints\": [ { \"name\": \"x\", \"position\": [1, 0], \"heading\": 9 } ]"),
                         "/startPoints/0/heading"));
        QVERIFY(hasError(with("\"startPoints\": { \"name\": \"x\" }"), "/startPoints"));
        std::string many = "\"startPoints\": [";
        for (int i = 0; i < 101; ++i)
            many += (i ? ", " : "") + std::string("{ \"name\": \"p") + std::to_string(i) + "\", \"position\": [1, 1] }";
        QVERIFY(hasError(with(many + "]"), "/startPoints", "100"));
        // The shipped proving ground has its start points on its lanes.
        TerrainDocument proving = loadTerrain(JOUNCE_SOURCE_DIR "/presets/terrains/proving-ground.json");
        QVERIFY(proving.ok());
        QVERIFY(proving.terrain.findStart("bumps"));
        QCOMPARE(proving.terrain.findStart("bumps")->y, -40.0);
    }

    void startPointNamesNeverReadAsCoordinates()
    {
        // `jounce-cli run --start 10,0` always means coordinates, so a start point named "10,0" could
        // never be chosen: the reader refuses names of that form, at the name's pointer.
        const std::string extent = "{ \"xMin\": 0, \"xMax\": 100, \"yMin\": -50, \"yMax\": 50 }";
        const auto named = [&](const std::string& name) {
            return parseTerrain(terrainText(extent, 1.0, "\"startPoints\": [ { \"name\": \"bumps\", \"position\": [1, 1] }, "
                                                         "{ \"name\": \"" + name + "\", \"position\": [60, -40] } ]"),
                                ".");
        };
        for (const char* coordinates : {"10,0", "10,0,1.5", " 10 , -0.5 ", "+1,2", "1e9,0", "0.5,.5,-3e-2"}) {
            const TerrainDocument doc = named(coordinates);
            QVERIFY2(hasError(doc, "/startPoints/1/name", "reads as coordinates X,Y[,HEADING]"), coordinates);
            QVERIFY2(!doc.ok(), coordinates);
        }
        for (const char* name : {"10,0,0,0", "A10,0", "10;0", "10,", ",0", "north 10,0", "inf,0", "0x10,0"}) {
            const TerrainDocument doc = named(name);
            QVERIFY2(doc.ok(), qPrintable(QString(name) + "\n" + dump(doc.problems)));
            QVERIFY2(doc.terrain.findStart(name), name);
        }
    }

    void hostileInput()
    {
        const std::string good = terrainText("{ \"xMin\": 0, \"xMax\": 10, \"yMin\": 0, \"yMax\": 10 }", 1.0,
                                             "\"features\": [ { \"type\": \"bump\", \"at\": [5, 5], \"length\": 2, "
                                             "\"width\": 2, \"height\": 0.1 } ], \"start\": { \"position\": [1, 1] }");
        QVERIFY(parseOk(good));
        const auto replaced = [&](const std::string& from, const std::string& to) {
            std::string s = good;
            const auto pos = s.find(from);
            Q_ASSERT(pos != std::string::npos);
            return parseTerrain(s.replace(pos, from.size(), to), ".");
        };
        QVERIFY(hasError(parseTerrain("", "."), ""));
        QVERIFY(hasError(parseTerrain("   \n", "."), "", "empty"));
        QVERIFY(hasError(parseTerrain("[1, 2]", "."), "", "object"));
        QVERIFY(hasError(parseTerrain("{ \"format\": ", "."), "/format", "invalid JSON"));
        QVERIFY(hasError(replaced("\"spacing\": 1.000000", "\"spacing\": \"one\""), "/spacing", "number"));
        QVERIFY(hasError(replaced("\"spacing\": 1.000000", "\"spacing\": NaN"), "/spacing", "NaN"));
        QVERIFY(hasError(replaced("\"spacing\": 1.000000", "\"spacing\": 1e999"), "/spacing"));
        QVERIFY(hasError(replaced("\"spacing\": 1.000000", "\"spacing\": -1"), "/spacing", "must be in [0.01, 1000], got -1"));
        QVERIFY(hasError(replaced("\"spacing\": 1.000000", "\"spacing\": 3"), "/spacing", "whole number"));
        QVERIFY(hasError(replaced("{ \"xMin\": 0, \"xMax\": 10, \"yMin\": 0, \"yMax\": 10 }", "[0, 10]"), "/extent", "object"));
        QVERIFY(hasError(replaced("\"xMax\": 10", "\"xMax\": -10"), "/extent/xMax", "> xMin"));
        QVERIFY(hasError(replaced("\"xMax\": 10", "\"xMax\": true"), "/extent/xMax", "number"));
        QVERIFY(hasError(replaced("\"jounce.terrain\"", "\"jounce.vehicle\""), "/format"));
        QVERIFY(hasError(replaced("\"schemaVersion\": 1", "\"schemaVersion\": 99"), "/schemaVersion", "newer"));
        QVERIFY(hasError(replaced("\"type\": \"flat\"", "\"type\": \"lava\""), "/base/type"));
        QVERIFY(hasError(replaced("\"type\": \"bump\"", "\"type\": 3"), "/features/0/type", "expected one of \"bump\", \"pothole\""));
        QVERIFY(hasError(replaced("\"type\": \"bump\"", "\"type\": \"volcano\""), "/features/0/type"));
        QVERIFY(hasError(replaced("\"width\": 2", "\"width\": -2"), "/features/0/width", "must be in (0, 100000], got -2"));
        QVERIFY(hasError(replaced("\"at\": [5, 5]", "\"at\": [5]"), "/features/0/at", "[x, y]"));
        QVERIFY(hasError(replaced("\"at\": [5, 5]", "\"at\": [5, null]"), "/features/0/at/1", "number"));
        QVERIFY(hasError(replaced("\"height\": 0.1", "\"depth\": 0.1"), "/features/0/height", "missing"));
        QVERIFY(hasError(replaced("\"position\": [1, 1]", "\"position\": [100, 1]"), "/start/position", "outside"));
        QVERIFY(hasError(replaced("\"start\": {", "\"start\": 5, \"x\": {"), "/start", "object"));
        QVERIFY(hasError(replaced("\"features\": [", "\"surfaces\": { \"patches\": [{ \"surface\": \"\", \"shape\": "
                                                     "\"circle\", \"centre\": [1, 1], \"radius\": 1 }] }, \"features\": ["),
                         "/surfaces/patches/0/surface"));
        QVERIFY(hasError(replaced("\"features\": [", "\"surfaces\": { \"patches\": [{ \"surface\": \"ice\", \"shape\": "
                                                     "\"polygon\", \"points\": [[1, 1], [2, 2]] }] }, \"features\": ["),
                         "/surfaces/patches/0/points", "3 to"));
        QVERIFY(hasError(replaced("\"type\": \"bump\", \"at\": [5, 5]",
                                  "\"type\": \"rough\", \"class\": \"Z\", \"seed\": -1, \"from\": [5, 5]"),
                         "/features/0/class", "A"));
        QVERIFY(hasError(replaced("\"type\": \"bump\", \"at\": [5, 5]",
                                  "\"type\": \"rough\", \"class\": \"A\", \"seed\": -1, \"from\": [5, 5]"),
                         "/features/0/seed", ">= 0"));
        QVERIFY(hasError(replaced("\"type\": \"bump\", \"at\": [5, 5]",
                                  "\"type\": \"washboard\", \"amplitude\": 0.1, \"wavelength\": 0.5, \"from\": [5, 5]"),
                         "/features/0/wavelength", "two grid spacings"));
        // Unknown keys and features off the grid are warnings, not errors.
        const TerrainDocument warned = replaced("\"height\": 0.1", "\"height\": 0.1, \"colour\": \"red\"");
        QVERIFY(warned.ok());
        QVERIFY(hasProblem(warned, Severity::Warning, "/features/0/colour", "unknown"));
        const TerrainDocument outside = replaced("\"at\": [5, 5]", "\"at\": [500, 5]");
        QVERIFY(outside.ok());
        QVERIFY(hasProblem(outside, Severity::Warning, "/features/0", "outside"));

        // A 10^9-point grid is refused before anything is allocated, at the spacing.
        const auto start = std::chrono::steady_clock::now();
        const TerrainDocument huge = parseTerrain(
            terrainText("{ \"xMin\": 0, \"xMax\": 100000, \"yMin\": 0, \"yMax\": 10000 }", 1.0, ""), ".");
        QVERIFY(hasError(huge, "/spacing", "more than"));
        QVERIFY(huge.terrain.field.heights.empty());
        QVERIFY(std::chrono::steady_clock::now() - start < std::chrono::seconds(1));
        // A rough patch over a large grid is refused too (it would cost minutes).
        QVERIFY(hasError(parseTerrain(terrainText("{ \"xMin\": 0, \"xMax\": 2000, \"yMin\": 0, \"yMax\": 2000 }", 1.0,
                                                  "\"features\": [ { \"type\": \"rough\", \"from\": [0, 1000], "
                                                  "\"width\": 2000, \"length\": 2000, \"class\": \"C\", \"seed\": 1 } ]"),
                                      "."),
                         "/features/0", "grid nodes"));
        // So is a pile of features that together would take minutes to build: the first one past the
        // budget (2^27 node updates; each ramp here covers 2001 x 2001 nodes, so the 34th) is
        // reported, the rest are still validated.
        std::string pile;
        for (int k = 0; k < 40; ++k)
            pile += std::string(k ? ", " : "") + "{ \"type\": \"ramp\", \"from\": [0, 1000], \"width\": 2000, "
                    "\"length\": 1000, \"rise\": 0.01, \"plateau\": 1000 }";
        pile += ", { \"type\": \"ramp\" }";
        const auto pileStart = std::chrono::steady_clock::now();
        const TerrainDocument piled = parseTerrain(
            terrainText("{ \"xMin\": 0, \"xMax\": 2000, \"yMin\": 0, \"yMax\": 2000 }", 1.0, "\"features\": [" + pile + "]"),
            ".");
        QVERIFY2(hasError(piled, "/features/33", "too many grid nodes"), qPrintable(dump(piled.problems)));
        QVERIFY(hasError(piled, "/features/40/rise", "missing"));
        QVERIFY(std::chrono::steady_clock::now() - pileStart < std::chrono::seconds(10));
        // Many problems at once: all reported, each at its place.
        const TerrainDocument many = parseTerrain(
            "{ \"format\": 1, \"extent\": { \"xMin\": \"a\" }, \"spacing\": [], \"base\": {}, "
            "\"features\": [ 1, { \"type\": \"slope\" } ], \"surfaces\": { \"base\": 7, \"patches\": {} }, \"start\": {} }",
            ".");
        for (const char* ptr : {"/format", "/schemaVersion", "/extent/xMin", "/extent/xMax", "/spacing", "/base/type",
                                "/features/0", "/features/1/grade", "/features/1/from", "/surfaces/base",
                                "/surfaces/patches", "/start/position"})
            QVERIFY2(hasError(many, ptr), qPrintable(QString(ptr) + "\n" + dump(many.problems)));
        // Every prefix of a valid file: problems, never a crash.
        for (std::size_t n = 0; n < good.size(); ++n)
            QVERIFY(!parseTerrain(std::string_view(good).substr(0, n), ".").ok());
        // A missing terrain file.
        QVERIFY(hasError(loadTerrain("/nonexistent/terrain.json"), "", "cannot"));
        // Bullet refuses an empty terrain instead of asserting.
        QVERIFY_THROWS_EXCEPTION(std::invalid_argument, HeightFieldCollider(std::make_shared<const Terrain>()));
    }

    void gridsNeedACellAndTextsAreBounded()
    {
        // An extent under one spacing would be a grid of one node across: Bullet cannot build it
        // (it used to pass reading and fail in the simulation with an internal error).
        const TerrainDocument thin =
            parseTerrain(terrainText("{ \"xMin\": 0, \"xMax\": 1e-9, \"yMin\": 0, \"yMax\": 10 }", 1.0, ""), ".");
        QVERIFY2(hasError(thin, "/extent/xMax", "the extent's x size 1e-09 m is less than one spacing (1 m): a terrain "
                                                "needs at least 2 x 2 grid nodes"),
                 qPrintable(dump(thin.problems)));
        QVERIFY(!thin.ok());
        QVERIFY(!thin.terrain.field.valid());
        const TerrainDocument flat =
            parseTerrain(terrainText("{ \"xMin\": 0, \"xMax\": 10, \"yMin\": 5, \"yMax\": 5.0000000001 }", 1.0, ""), ".");
        QVERIFY2(hasError(flat, "/extent/yMax", "less than one spacing"), qPrintable(dump(flat.problems)));
        // One cell is enough.
        QVERIFY(parseOk(terrainText("{ \"xMin\": 0, \"xMax\": 1, \"yMin\": 0, \"yMax\": 1 }", 1.0, "")));

        std::string named = terrainText("{ \"xMin\": 0, \"xMax\": 10, \"yMin\": 0, \"yMax\": 10 }", 1.0, "");
        named.replace(named.find("\"name\": \"t\""), 11, "\"name\": \"" + std::string(3'500'000, 'n') + "\"");
        const TerrainDocument longName = parseTerrain(named, ".");
        QVERIFY2(hasError(longName, "/name", "must be at most 200 bytes long, got 3500000 bytes"), qPrintable(dump(longName.problems)));
        QVERIFY(longName.terrain.name.empty());
        const TerrainDocument longDescription = parseTerrain(
            terrainText("{ \"xMin\": 0, \"xMax\": 10, \"yMin\": 0, \"yMax\": 10 }", 1.0,
                        "\"description\": \"" + std::string(8193, 'd') + "\""),
            ".");
        QVERIFY(hasError(longDescription, "/description", "at most 8192 bytes"));
    }

    void messagesUseTheSharedWording()
    {
        // The checked reader's words (json/ObjectReader.h), as for vehicles and maneuvers; a terrain is
        // never written back, so an unknown key is only "ignored".
        const TerrainDocument doc = parseTerrain(
            terrainText("{ \"xMin\": 0, \"xMax\": 10, \"yMin\": 0, \"yMax\": 10 }", 1.0,
                        "\"features\": [ { \"type\": \"rough\", \"from\": [0, 5], \"width\": 4, \"length\": 4, "
                        "\"class\": \"B\", \"seed\": 7.0, \"colour\": 1 }, { \"type\": \"bump\", \"at\": [5, 5], "
                        "\"length\": 2, \"width\": \"wide\", \"height\": 0.1 } ], \"start\": { \"heading\": 9 }"),
            ".");
        const auto message = [&](const std::string& pointer) {
            for (const Problem& p : doc.problems.items)
                if (p.pointer == pointer)
                    return p.message;
            return std::string("(none)");
        };
        QCOMPARE(message("/features/0/colour"), std::string("unknown key, ignored"));
        QCOMPARE(message("/features/0/seed"), std::string("(none)"));  // 7.0 is the integer 7
        QCOMPARE(message("/features/1/width"), std::string("expected a number, got string \"wide\""));
        QCOMPARE(message("/start/position"), std::string("missing (required): an [x, y] point in metres"));
        QVERIFY(message("/start/heading").starts_with("must be in [-6.28"));
        QCOMPARE(doc.problems.errorCount(), std::size_t(3));
    }

    void presetsLoadAndAreFast()
    {
        for (const char* file : {"flat.json", "proving-ground.json"}) {
            const auto start = std::chrono::steady_clock::now();
            TerrainDocument doc = loadTerrain(kPresetDir + file);
            const double loadSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            QVERIFY2(doc.ok() && doc.problems.items.empty(), qPrintable(QString(file) + "\n" + dump(doc.problems)));
            auto terrain = std::make_shared<const Terrain>(std::move(doc.terrain));
            const auto built = std::chrono::steady_clock::now();
            HeightFieldCollider bt(terrain);
            const double buildSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - built).count();
            const HeightField& f = terrain->field;
            QCOMPARE(terrain->start.heading, 0.0);
            QVERIFY(f.contains(terrain->start.x, terrain->start.y));

            // Wheel-like rays: 1.5 m long, slightly slanted, at points spread over the grid.
            constexpr int kRays = 200000;
            Lcg rng{11};
            std::vector<btVector3> from(kRays), to(kRays);
            for (int k = 0; k < kRays; ++k) {
                const double x = f.originX + 1.0 + (f.xMax() - f.originX - 2.0) * rng.next();
                const double y = f.originY + 1.0 + (f.yMax() - f.originY - 2.0) * rng.next();
                const double z = f.heightAt(x, y);
                from[std::size_t(k)] = btVector3(x, y, z + 0.8);
                to[std::size_t(k)] = btVector3(x + 0.02, y - 0.01, z - 0.7);
            }
            int hits = 0;
            HeightFieldCollider::RayHit hit;
            const auto rays = std::chrono::steady_clock::now();
            for (int k = 0; k < kRays; ++k)
                hits += bt.raycast(from[std::size_t(k)], to[std::size_t(k)], hit) ? 1 : 0;
            const double raySeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - rays).count();
            qDebug("%s: %d x %d = %zu heights, loaded in %.1f ms, Bullet shape in %.2f ms, %.3f us per raycast", file,
                   f.nx, f.ny, f.heights.size(), 1e3 * loadSeconds, 1e3 * buildSeconds, 1e6 * raySeconds / kRays);
            QCOMPARE(hits, kRays);
            QVERIFY(loadSeconds < 3.0);
            QVERIFY(raySeconds / kRays < 50e-6);
        }
        const TerrainDocument pg = loadTerrain(kPresetDir + "proving-ground.json");
        QCOMPARE(pg.terrain.start.x, 10.0);
        QCOMPARE(pg.terrain.start.y, 0.0);
        QVERIFY(pg.terrain.field.heights.size() < 5'000'000);
        // The straight and the dynamics area are level; the 20 % slope's run-out is 4 m up.
        for (double x = 0.0; x <= 1130.0; x += 10.0)
            QCOMPARE(pg.terrain.field.heightAt(x, 0.0), 0.0);
        for (double y = -5.0; y <= 95.0; y += 5.0)
            QCOMPARE(pg.terrain.field.heightAt(0.37 * y + 100.0, y), 0.0);
        QVERIFY(std::abs(pg.terrain.field.heightAt(280.0, -80.0) - 4.0) < 1e-12);
        QVERIFY(std::abs(pg.terrain.field.heightAt(150.0, -40.0) - 0.075) < 1e-12);
        QVERIFY(std::abs(pg.terrain.field.heightAt(250.0, -40.75) + 0.06) < 1e-12);
    }
};

QTEST_APPLESS_MAIN(TestTerrainJson)
#include "test_terrain_json.moc"
