// Path::project skips blocks of segments that cannot hold the nearest point. It must return exactly
// what a scan of every segment returns (segment, arc length and offset to the bit, the first segment
// on a tie): checked here against such a scan, written out as the plain algorithm, on the generated
// maneuver paths, a random walk that crosses itself, a hairpin and tiny paths, at points near, on and
// far from them, through the hinted window too.

#include "scenario/Path.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

using namespace jounce::sim;

namespace {

/// The nearest point of every segment in `order` (indices into the path's segments), as the plain
/// scan computes it: nearness = |offset| + the distance beyond an open path's ends; first on a tie.
Path::Projection scan(const Path& path, Vec2 p, const std::vector<std::size_t>& order)
{
    const std::vector<Vec2>& pts = path.points();
    const std::size_t n = path.segmentCount();
    std::vector<double> s(pts.size(), 0.0);
    for (std::size_t i = 1; i < pts.size(); ++i)
        s[i] = s[i - 1] + norm(pts[i] - pts[i - 1]);
    Path::Projection best;
    double bestDist = std::numeric_limits<double>::infinity();
    for (std::size_t i : order) {
        const Vec2 a = pts[i], d = pts[i + 1] - pts[i];
        const double len = s[i + 1] - s[i];
        double t = dot(p - a, d) / (len * len);
        const double lo = (!path.closed() && i == 0) ? -std::numeric_limits<double>::infinity() : 0.0;
        const double hi = (!path.closed() && i + 1 == n) ? std::numeric_limits<double>::infinity() : 1.0;
        t = std::clamp(t, lo, hi);
        const Vec2 q = a + t * d;
        Path::Projection r;
        r.segment = i;
        r.s = s[i] + t * len;
        const double dist = norm(p - q);
        r.offset = cross(d, p - q) >= 0.0 ? dist : -dist;
        const double nearness = std::fabs(r.offset) + std::fabs(std::min(0.0, r.s)) +
                                std::fabs(std::max(0.0, r.s - path.length()));
        if (nearness < bestDist) {
            bestDist = nearness;
            best = r;
        }
    }
    return best;
}

std::vector<std::size_t> allSegments(const Path& path)
{
    std::vector<std::size_t> order(path.segmentCount());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    return order;
}

/// The window project(p, hint, back, ahead) scans, in its order.
std::vector<std::size_t> window(const Path& path, std::size_t hint, std::size_t back, std::size_t ahead)
{
    const auto n = static_cast<long long>(path.segmentCount());
    if (static_cast<long long>(back + ahead + 1) >= n)
        return allSegments(path);
    std::vector<std::size_t> order;
    const long long first = std::min<long long>(static_cast<long long>(hint), n - 1) - static_cast<long long>(back);
    for (long long k = 0; k <= static_cast<long long>(back + ahead); ++k) {
        long long i = first + k;
        if (path.closed())
            i = ((i % n) + n) % n;
        else if (i < 0 || i >= n)
            continue;
        order.push_back(static_cast<std::size_t>(i));
    }
    return order;
}

void expectSame(const Path::Projection& got, const Path::Projection& want, Vec2 p)
{
    const QByteArray where = QString("at (%1, %2)").arg(p.x, 0, 'g', 17).arg(p.y, 0, 'g', 17).toLatin1();
    QVERIFY2(got.segment == want.segment, where + QByteArray(" segment ") + QByteArray::number(qulonglong(got.segment)) +
                                              " instead of " + QByteArray::number(qulonglong(want.segment)));
    QVERIFY2(std::memcmp(&got.s, &want.s, sizeof(double)) == 0, where + " arc length");
    QVERIFY2(std::memcmp(&got.offset, &want.offset, sizeof(double)) == 0, where + " offset");
}

std::vector<Path> paths()
{
    std::vector<Path> out;
    VehicleTraits car;
    PathSpec spec;
    for (PathType type : {PathType::Circle, PathType::DoubleLaneChange, PathType::Slalom, PathType::Straight}) {
        spec.type = type;
        spec.radius = 40.0;
        out.push_back(buildPath(spec, car, PlanarPose{1175.0, -40.0, 0.3}).path);
    }
    std::mt19937 rng(4138);
    std::normal_distribution<double> step(0.0, 3.0);
    std::vector<Vec2> walk{{0.0, 0.0}};
    for (int i = 0; i < 3000; ++i)
        walk.push_back(walk.back() + Vec2{step(rng), step(rng)});
    out.emplace_back(walk, false);
    out.emplace_back(walk, true);
    std::vector<Vec2> hairpin;  // out and back 0.4 m apart: a path that passes near itself
    for (int i = 0; i <= 400; ++i)
        hairpin.push_back({0.5 * i, 0.0});
    for (int i = 400; i >= 0; --i)
        hairpin.push_back({0.5 * i, 0.4});
    out.emplace_back(hairpin, false);
    out.emplace_back(std::vector<Vec2>{{0, 0}, {10, 0}}, false);
    out.emplace_back(std::vector<Vec2>{{0, 0}, {10, 0}, {10, 10}, {0, 10}}, true);
    return out;
}

}  // namespace

class TestPathProjection : public QObject {
    Q_OBJECT
private slots:
    void skippingBlocksChangesNothing()
    {
        std::mt19937 rng(1);
        for (const Path& path : paths()) {
            const std::vector<Vec2>& pts = path.points();
            std::uniform_int_distribution<std::size_t> vertex(0, pts.size() - 1);
            std::normal_distribution<double> near(0.0, 1.0), far(0.0, 300.0);
            std::uniform_real_distribution<double> along(0.0, 1.0);
            for (int k = 0; k < 3000; ++k) {
                const std::size_t v = vertex(rng);
                Vec2 p = pts[v];
                if (k % 5 == 1)  // on a segment
                    p = p + along(rng) * (pts[std::min(v + 1, pts.size() - 1)] - p);
                else if (k % 5 == 2)
                    p = p + Vec2{near(rng), near(rng)};
                else if (k % 5 == 3)
                    p = p + Vec2{far(rng), far(rng)};
                else if (k % 5 == 4)  // halfway between the hairpin's two legs and the like
                    p = p + Vec2{0.0, 0.2};
                expectSame(path.project(p), scan(path, p, allSegments(path)), p);
                const std::size_t hint = v % path.segmentCount();
                for (std::size_t back : {0u, 3u, 20u})
                    for (std::size_t ahead : {0u, 17u, 400u})
                        expectSame(path.project(p, hint, back, ahead), scan(path, p, window(path, hint, back, ahead)), p);
            }
        }
    }

    void pointsThatAreNotNumbersGiveTheScansAnswer()
    {
        const Path path = paths().front();
        const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
        for (Vec2 p : {Vec2{nan, 0.0}, Vec2{inf, 0.0}, Vec2{-inf, inf}, Vec2{1e300, -1e300}}) {
            expectSame(path.project(p), scan(path, p, allSegments(path)), p);
            expectSame(path.project(p, 7, 20, 400), scan(path, p, window(path, 7, 20, 400)), p);
        }
    }
};

QTEST_GUILESS_MAIN(TestPathProjection)
#include "test_path_projection.moc"
