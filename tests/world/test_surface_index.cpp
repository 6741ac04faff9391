// The surface index (world/SurfaceIndex.h) against the rule it replaces: the last patch whose
// SurfacePatch::contains is true, tried one by one from the top. Random terrains of rectangles,
// circles, rings and polygons (stars, scribbles, combs, rings by a slit, near 1e6 m) are compared at
// random points, at corners, on edges, on boxes and one rounding step either side of them. Then the
// cost: 60 polygons of 9 999 corners looked up a million times, the work per look-up, the memory.

#include "world/SurfaceIndex.h"
#include "world/Terrain.h"

#include "support/Lcg.h"

#include <QtTest>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <memory>
#include <thread>

using namespace jounce;
using namespace jounce::sim;

using jounce::test::Lcg;

namespace {

constexpr double kTwoPi = 6.283185307179586;

/// The rule surfaceAt must keep: every patch from the last down, the first that contains the point.
int bruteForce(const std::vector<SurfacePatch>& patches, double x, double y)
{
    for (auto it = patches.rbegin(); it != patches.rend(); ++it)
        if (it->contains(x, y))
            return it->surface;
    return 0;
}

/// What the brute-force rule costs at (x, y): patches tried plus polygon edges tested.
std::size_t bruteForceWork(const std::vector<SurfacePatch>& patches, double x, double y)
{
    std::size_t work = 0;
    for (auto it = patches.rbegin(); it != patches.rend(); ++it) {
        ++work;
        if (it->shape == SurfacePatch::Shape::Polygon && x >= it->xMin && x <= it->xMax && y >= it->yMin && y <= it->yMax)
            work += it->points.size();
        if (it->contains(x, y))
            break;
    }
    return work;
}

/// A coordinate on a grid of `step` (so corners, edges and boxes share exact values) or anywhere.
double gridCoordinate(Lcg& rng, double lo, double hi, double step)
{
    return step > 0 ? lo + step * std::floor(rng.in(0, (hi - lo) / step)) : rng.in(lo, hi);
}

SurfacePatch rectangle(int surface, double x0, double x1, double y0, double y1)
{
    SurfacePatch p;
    p.surface = surface;
    p.xMin = std::min(x0, x1);
    p.xMax = std::max(x0, x1);
    p.yMin = std::min(y0, y1);
    p.yMax = std::max(y0, y1);
    return p;
}

SurfacePatch circle(int surface, double cx, double cy, double r, double inner)
{
    SurfacePatch p;
    p.shape = SurfacePatch::Shape::Circle;
    p.surface = surface;
    p.centreX = cx;
    p.centreY = cy;
    p.radius = r;
    p.innerRadius = inner;
    p.xMin = cx - r;
    p.xMax = cx + r;
    p.yMin = cy - r;
    p.yMax = cy + r;
    return p;
}

/// A polygon with its box, as the terrain reader makes it.
SurfacePatch polygon(int surface, std::vector<std::array<double, 2>> points)
{
    SurfacePatch p;
    p.shape = SurfacePatch::Shape::Polygon;
    p.surface = surface;
    p.xMin = p.yMin = std::numeric_limits<double>::infinity();
    p.xMax = p.yMax = -std::numeric_limits<double>::infinity();
    for (const auto& c : points) {
        p.xMin = std::min(p.xMin, c[0]);
        p.xMax = std::max(p.xMax, c[0]);
        p.yMin = std::min(p.yMin, c[1]);
        p.yMax = std::max(p.yMax, c[1]);
    }
    p.points = std::move(points);
    return p;
}

/// A wavy ring as one polygon: the outer loop, then the inner loop backwards, joined by a slit.
SurfacePatch ring(int surface, double cx, double cy, double radius, double width, std::size_t corners, double phase)
{
    std::vector<std::array<double, 2>> points;
    const std::size_t outer = corners / 2 + 1, inner = corners - outer;
    for (std::size_t k = 0; k < outer; ++k) {
        const double a = kTwoPi * double(k) / double(outer);
        const double r = radius * (1.0 + 0.05 * std::sin(7.0 * a + phase));
        points.push_back({cx + r * std::cos(a), cy + r * std::sin(a)});
    }
    for (std::size_t k = inner; k-- > 0;) {
        const double a = kTwoPi * double(k) / double(inner);
        const double r = radius * (1.0 + 0.05 * std::sin(7.0 * a + phase)) - width;
        points.push_back({cx + r * std::cos(a), cy + r * std::sin(a)});
    }
    return polygon(surface, std::move(points));
}

/// 60 rings of 9 999 corners around the origin, nested, every box holding the origin: the terrain
/// that ran at 5x real time when every wheel tried every edge.
std::vector<SurfacePatch> sixtyRings()
{
    std::vector<SurfacePatch> patches;
    for (int k = 0; k < 60; ++k)
        patches.push_back(ring(1 + k % 3, 0.0, 0.0, 15.0 + k, 0.8, 9999, 0.1 * k));
    return patches;
}

/// A random polygon of one of several kinds, its corners on a grid of `step` when step > 0.
SurfacePatch randomPolygon(Lcg& rng, int surface, double cx, double cy, double size, double step)
{
    const auto snap = [&](double v) { return step > 0 ? step * std::round(v / step) : v; };
    std::vector<std::array<double, 2>> pts;
    const int kind = rng.below(5);
    const std::size_t n = std::size_t(rng.next() < 0.3 ? 3 + rng.below(30) : 33 + rng.below(rng.next() < 0.2 ? 3000 : 300));
    if (kind == 0) {  // star: a radius per angle
        for (std::size_t k = 0; k < n; ++k) {
            const double a = kTwoPi * double(k) / double(n), r = size * rng.in(0.2, 1.0);
            pts.push_back({snap(cx + r * std::cos(a)), snap(cy + r * std::sin(a))});
        }
    } else if (kind == 1) {  // scribble: corners anywhere, edges crossing each other
        for (std::size_t k = 0; k < n; ++k)
            pts.push_back({snap(cx + size * rng.in(-1, 1)), snap(cy + size * rng.in(-1, 1))});
    } else if (kind == 2) {  // comb: vertical teeth, horizontal and vertical edges only
        const std::size_t teeth = std::max<std::size_t>(2, n / 4);
        const double w = 2.0 * size / double(teeth);
        for (std::size_t t = 0; t < teeth; ++t) {
            const double x = cx - size + w * double(t), top = snap(cy + size * rng.in(0.1, 1.0));
            pts.push_back({snap(x), snap(cy)});
            pts.push_back({snap(x), top});
            pts.push_back({snap(x + 0.5 * w), top});
            pts.push_back({snap(x + 0.5 * w), snap(cy)});
        }
        pts.push_back({snap(cx + size), snap(cy - size)});
        pts.push_back({snap(cx - size), snap(cy - size)});
    } else if (kind == 3) {  // ring by a slit
        return ring(surface, cx, cy, size, size * rng.in(0.05, 0.5), std::max<std::size_t>(n, 8), rng.in(0, 6));
    } else {  // star with repeated corners, spikes and long straight runs
        for (std::size_t k = 0; k < n; ++k) {
            const double a = kTwoPi * double(k) / double(n), r = size * (k % 7 == 0 ? 1.0 : 0.5);
            pts.push_back({snap(cx + r * std::cos(a)), snap(cy + r * std::sin(a))});
            if (k % 11 == 0)
                pts.push_back(pts.back());
        }
    }
    return polygon(surface, std::move(pts));
}

/// A random terrain: up to 40 patches around (cx, cy) of about `size` metres, on a grid of `step`.
std::vector<SurfacePatch> randomPatches(Lcg& rng, double cx, double cy, double size, double step)
{
    std::vector<SurfacePatch> patches;
    const int count = 1 + rng.below(40);
    const auto c = [&](double centre) { return gridCoordinate(rng, centre - size, centre + size, step); };
    for (int k = 0; k < count; ++k) {
        const int surface = 1 + rng.below(5);
        const double r = step > 0 ? step * (1 + rng.below(int(size / step / 2))) : rng.in(0.01, size / 2);
        switch (rng.below(4)) {
        case 0:
            patches.push_back(rectangle(surface, c(cx), c(cx), c(cy), c(cy)));
            break;
        case 1:
            patches.push_back(circle(surface, c(cx), c(cy), r, rng.next() < 0.5 ? 0.0 : r * rng.in(0.1, 0.9)));
            break;
        default:
            patches.push_back(randomPolygon(rng, surface, c(cx), c(cy), r, step));
            break;
        }
    }
    return patches;
}

/// Points where the rule is most fragile: corners, edges, boxes, circle extremes, mixed corner
/// coordinates, each also one rounding step either side; plus random points around everything.
std::vector<std::array<double, 2>> probePoints(Lcg& rng, const std::vector<SurfacePatch>& patches, std::size_t randomCount,
                                              std::size_t cornersPerPatch = 64)
{
    std::vector<std::array<double, 2>> out;
    double x0 = 1e300, x1 = -1e300, y0 = 1e300, y1 = -1e300;
    std::vector<double> xs, ys;
    for (const SurfacePatch& p : patches) {
        x0 = std::min(x0, p.xMin), x1 = std::max(x1, p.xMax), y0 = std::min(y0, p.yMin), y1 = std::max(y1, p.yMax);
        for (double x : {p.xMin, p.xMax, p.centreX, p.centreX + p.innerRadius})
            xs.push_back(x);
        for (double y : {p.yMin, p.yMax, p.centreY})
            ys.push_back(y);
        for (std::size_t k = 0; k < p.points.size(); k += 1 + p.points.size() / cornersPerPatch) {
            const auto& a = p.points[k];
            const auto& b = p.points[(k + 1) % p.points.size()];
            xs.push_back(a[0]);
            ys.push_back(a[1]);
            out.push_back(a);
            out.push_back({0.5 * (a[0] + b[0]), 0.5 * (a[1] + b[1])});
        }
    }
    for (std::size_t k = 0; k < randomCount; ++k) {
        const double wx = x1 - x0, wy = y1 - y0;
        out.push_back({rng.in(x0 - 0.1 * wx, x1 + 0.1 * wx), rng.in(y0 - 0.1 * wy, y1 + 0.1 * wy)});
        out.push_back({xs[std::size_t(rng.below(int(xs.size())))], ys[std::size_t(rng.below(int(ys.size())))]});
        out.push_back({xs[std::size_t(rng.below(int(xs.size())))], rng.in(y0, y1)});
        out.push_back({rng.in(x0, x1), ys[std::size_t(rng.below(int(ys.size())))]});
    }
    const std::size_t exact = out.size();
    for (std::size_t k = 0; k < exact; ++k)
        for (double dx : {-1.0, 1.0})
            out.push_back({std::nextafter(out[k][0], dx * 1e300), std::nextafter(out[k][1], -dx * 1e300)});
    return out;
}

/// Compares the index, and a Terrain's surfaceAt, with the rule at every probe point.
void compareWithRule(const std::vector<SurfacePatch>& patches, const std::vector<std::array<double, 2>>& probes, const char* what)
{
    Terrain terrain;
    terrain.patches = patches;
    const SurfaceIndex index(terrain.patches);
    for (const auto& [x, y] : probes) {
        const int expected = bruteForce(terrain.patches, x, y);
        const int got = index.surfaceAt(terrain.patches, x, y);
        if (got != expected || terrain.surfaceAt(x, y) != expected)
            QFAIL(qPrintable(QStringLiteral("%1: at (%2, %3) the index says %4, the rule %5")
                                 .arg(what)
                                 .arg(x, 0, 'g', 17)
                                 .arg(y, 0, 'g', 17)
                                 .arg(got)
                                 .arg(expected)));
    }
}

}  // namespace

class TestSurfaceIndex : public QObject {
    Q_OBJECT

private slots:
    void randomTerrainsMatchTheRule()
    {
        Lcg rng{20240611};
        for (int t = 0; t < 120; ++t) {
            // On a 0.5 m grid (shared corners, edges on cell bounds), anywhere, and near 1e6 m
            // where a rounding step is 1e-10 m.
            const double step = t % 3 == 0 ? 0.5 : t % 3 == 1 ? 0.0 : 0.001;
            const double centre = t % 3 == 2 ? 999'000.0 : 0.0;
            const auto patches = randomPatches(rng, centre, -centre, 40.0, step);
            compareWithRule(patches, probePoints(rng, patches, 1000), "random terrain");
            if (QTest::currentTestFailed())
                return;
        }
    }

    void degeneratePatchesMatchTheRule()
    {
        std::vector<SurfacePatch> patches;
        patches.push_back(SurfacePatch{});  // the default: a point-sized rectangle at the origin
        patches.push_back(rectangle(2, 1, 1, 0, 5));  // a line
        patches.push_back(rectangle(3, 5, 4, 0, 1));  // an inverted box: contains nothing
        patches.back().xMin = 5;
        patches.back().xMax = 4;
        std::vector<std::array<double, 2>> collinear;
        for (int k = 0; k < 100; ++k)
            collinear.push_back({double(k), double(k)});  // no area at all
        patches.push_back(polygon(4, collinear));
        std::vector<std::array<double, 2>> flat;
        for (int k = 0; k < 100; ++k)
            flat.push_back({double(k % 50), 3.0});  // horizontal edges only
        patches.push_back(polygon(5, flat));
        patches.push_back(polygon(1, {{0, 0}, {1, 1}}));  // two corners
        Lcg rng{7};
        compareWithRule(patches, probePoints(rng, patches, 500), "degenerate patches");
        compareWithRule({}, {{0, 0}, {1, 1}}, "no patches");
        const double nan = std::nan("");
        compareWithRule(sixtyRings(), {{nan, 0}, {0, nan}, {1e300, 0}, {-1e300, 1e300}, {0, 0}}, "non-finite");
    }

    void sixtyRingsMatchTheRule()
    {
        Lcg rng{99};
        const auto patches = sixtyRings();
        // The rule costs ~0.3 ms a point here: a few thousand points.
        compareWithRule(patches, probePoints(rng, patches, 400, 12), "sixty rings");
    }

    void copiesAndGrownListsAreReindexed()
    {
        Terrain t;
        t.patches.push_back(rectangle(1, 0, 10, 0, 10));
        QCOMPARE(t.surfaceAt(5, 5), 1);
        t.patches.push_back(circle(2, 5, 5, 1, 0));  // grown after a look-up: indexed again
        QCOMPARE(t.surfaceAt(5, 5), 2);
        Terrain copy = t;
        copy.patches.back() = circle(3, 5, 5, 2, 0);  // edited before the copy's first look-up
        QCOMPARE(copy.surfaceAt(6.5, 5), 3);
        QCOMPARE(t.surfaceAt(6.5, 5), 1);
        Terrain assigned;
        assigned.patches = {rectangle(4, 0, 10, 0, 10), rectangle(4, 0, 10, 0, 10)};
        QCOMPARE(assigned.surfaceAt(6.5, 5), 4);
        assigned = t;  // same length as before, perhaps the same storage
        QCOMPARE(assigned.surfaceAt(6.5, 5), 1);
        QCOMPARE(assigned.surfaceAt(5, 5), 2);
        Terrain moved = std::move(copy);
        QCOMPARE(moved.surfaceAt(6.5, 5), 3);
    }

    void threadsShareTheFirstIndex()
    {
        auto terrain = std::make_shared<Terrain>();
        terrain->patches = sixtyRings();
        const std::shared_ptr<const Terrain> shared = terrain;
        std::vector<int> wrong(8, 0);
        std::vector<std::thread> threads;
        for (int k = 0; k < 8; ++k)
            threads.emplace_back([&, k] {
                Lcg rng{std::uint64_t(k + 1)};
                for (int i = 0; i < 2000; ++i) {
                    const double x = rng.in(-90, 90), y = rng.in(-90, 90);
                    wrong[std::size_t(k)] += shared->surfaceAt(x, y) != bruteForce(shared->patches, x, y);
                }
            });
        for (std::thread& t : threads)
            t.join();
        QCOMPARE(wrong, std::vector<int>(8, 0));
    }

    void manyLargePolygonsLookUpFast()
    {
        Terrain terrain;
        terrain.patches = sixtyRings();
        const SurfaceIndex index(terrain.patches);
        // The work per look-up: the brute-force rule tests every edge of every ring whose box holds
        // the point; the index a few per ring.
        Lcg rng{5};
        std::size_t worst = 0, total = 0, bruteTotal = 0;
        const int samples = 20000;
        for (int k = 0; k < samples; ++k) {
            const double x = rng.in(-80, 80), y = rng.in(-80, 80);
            const std::size_t work = index.workAt(terrain.patches, x, y);
            worst = std::max(worst, work);
            total += work;
            if (k % 100 == 0)
                bruteTotal += 100 * bruteForceWork(terrain.patches, x, y);
        }
        std::printf("60 rings of 9999 corners: %.1f tests per look-up on average (brute force %.0f), at most %zu\n",
                    double(total) / samples, double(bruteTotal) / samples, worst);
        QVERIFY2(worst <= 60 * 64, qPrintable(QString::number(worst)));
        QVERIFY(index.workAt(terrain.patches, 0.0, 0.0) <= 60 * 32);  // in the hole of every ring
        QVERIFY(bruteForceWork(terrain.patches, 0.0, 0.0) > 500'000);

        // A million look-ups by wheels, along a path through the rings and over the middle. The
        // limit is on processor time: the wall clock also counts other processes on a busy machine.
        terrain.surfaceAt(0, 0);  // the index is built on the first look-up
        const auto start = std::chrono::steady_clock::now();
        const std::clock_t cpuStart = std::clock();
        long long sum = 0;
        for (int k = 0; k < 1'000'000; ++k) {
            const double s = 1e-4 * k;
            sum += terrain.surfaceAt(-80.0 + 1.6 * (s - std::floor(s)) * 100.0, 0.3 * (k % 4) - 0.45 + 20.0 * std::sin(s));
        }
        const double cpu = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::printf("60 rings of 9999 corners: 1e6 look-ups in %.3f s of processor time, %.3f s wall (checksum %lld)\n",
                    cpu, wall, sum);
        QVERIFY2(cpu < 1.0, qPrintable(QString::number(cpu)));
    }

    void memoryIsBounded()
    {
        // At most 32 bytes per polygon corner plus 100 per patch plus 1 KB, whatever the shapes.
        const auto check = [](const std::vector<SurfacePatch>& patches, const char* what) {
            std::size_t corners = 0;
            for (const SurfacePatch& p : patches)
                corners += p.points.size();
            const SurfaceIndex index(patches);
            const std::size_t bound = 32 * corners + 100 * patches.size() + 1024;
            std::printf("%s: %zu patches, %zu corners, index %zu bytes (bound %zu)\n", what, patches.size(), corners,
                        index.memoryBytes(), bound);
            QVERIFY2(index.memoryBytes() <= bound, what);
        };
        check(sixtyRings(), "sixty rings");
        Lcg rng{3};
        std::vector<SurfacePatch> scribbles;
        for (int k = 0; k < 10; ++k) {
            std::vector<std::array<double, 2>> pts;
            for (int i = 0; i < 10000; ++i)
                pts.push_back({rng.in(-50, 50), rng.in(-50, 50)});
            scribbles.push_back(polygon(1, std::move(pts)));
        }
        check(scribbles, "ten scribbles of 10000 corners");
        std::vector<SurfacePatch> covering;
        for (int k = 0; k < 10000; ++k)
            covering.push_back(k % 2 ? rectangle(1, -1000, 1000, -1000, 1000) : circle(2, rng.in(-900, 900), 0, 1000, 10));
        check(covering, "10000 patches covering everything");
        std::vector<SurfacePatch> tiny;
        for (int k = 0; k < 10000; ++k)
            tiny.push_back(rectangle(1, k, k + 0.5, -k, -k + 0.5));
        check(tiny, "10000 small rectangles on a diagonal");
    }
};

QTEST_GUILESS_MAIN(TestSurfaceIndex)
#include "test_surface_index.moc"
