// Handling figures on synthetic telemetry whose answers are known exactly: constructed speed,
// position, steer, roll and yaw-rate traces, piecewise linear so that the figures' interpolation
// and least squares reproduce them to rounding.

#include "config/ReferenceCar.h"
#include "config/Units.h"
#include "scenario/VehicleTraits.h"
#include "scenario/Path.h"
#include "analysis/Figures.h"

#include <QtTest>

#include <cmath>
#include <functional>

using namespace jounce;
using namespace jounce::sim;
using telemetry::Frame;
using telemetry::VehicleChannel;
using telemetry::WheelChannel;

namespace {

constexpr double kDt = 0.01;
constexpr double k100 = 100.0 / 3.6;

ManeuverPhase phase(const char* name, std::optional<Measure> measure = std::nullopt)
{
    ManeuverPhase p;
    p.name = name;
    p.until.duration = 1.0;
    p.measure = measure;
    return p;
}

/// A run: frames at t = k dt (k = 1..n) with `fill(frame, t)` and the phase of each frame.
struct Run {
    std::vector<Frame> frames;
    std::vector<int> phases;
};

Run synthesize(int n, const std::function<int(double)>& phaseAt, const std::function<void(Frame&, double)>& fill)
{
    Run r;
    for (int k = 1; k <= n; ++k) {
        const double t = k * kDt;
        Frame f;
        f.time() = t;
        f.setWheelCount(4);
        fill(f, t);
        r.frames.push_back(f);
        r.phases.push_back(phaseAt(t));
    }
    return r;
}

VehicleConfig fineCar()
{
    VehicleConfig c = referenceCar();
    c.simulation.timeStep = kDt;
    return c;
}

std::vector<Figure> figuresOf(const Run& run, const Maneuver& m, const VehicleConfig& c, PlanarPose start = {})
{
    const std::vector<FigureSample> samples = figureSamples(run.frames);
    FigureInput in;
    in.frames = samples;
    in.maneuver = &m;
    in.vehicle = &c;
    in.start = start;
    in.framePhase = run.phases;
    return computeFigures(in);
}

const Figure& byId(const std::vector<Figure>& figures, const char* id)
{
    for (const Figure& f : figures)
        if (f.id == id)
            return f;
    qFatal("no figure %s", id);
}

#define JOUNCE_COMPARE_FIGURE(figures, id, expected)                                                  \
    do {                                                                                              \
        const Figure f_ = byId(figures, id);                                                          \
        QVERIFY2(f_.value, qPrintable(QString("%1 is n/a: %2").arg(id, QString::fromStdString(f_.note)))); \
        QVERIFY2(std::fabs(*f_.value - (expected)) <= 1e-9 * std::max(1.0, std::fabs(expected)),      \
                 qPrintable(QString("%1 = %2, expected %3").arg(id).arg(*f_.value, 0, 'g', 15).arg(expected, 0, 'g', 15))); \
    } while (false)

}  // namespace

class TestFigures : public QObject {
    Q_OBJECT
private slots:
    void accelerationFromAKnownSpeedTrace()
    {
        // At rest for 1 s, then 3 m/s² from t = 1 s for 12 s: 0-100 km/h in 27.7778/3 s.
        Maneuver m;
        m.phases = {phase("settle"), phase("launch", Measure::Acceleration)};
        const VehicleConfig c = fineCar();
        const Run run = synthesize(1300, [](double t) { return t <= 1.0 + 1e-9 ? 0 : 1; },
                                   [](Frame& f, double t) {
                                       const double v = t <= 1.0 ? 0.0 : 3.0 * (t - 1.0);
                                       f.vehicle(VehicleChannel::ForwardSpeed) = v;
                                       f.vehicle(VehicleChannel::PosX) = t <= 1.0 ? 0.0 : 1.5 * (t - 1.0) * (t - 1.0);
                                   });
        const std::vector<Figure> figs = figuresOf(run, m, c);
        JOUNCE_COMPARE_FIGURE(figs, "accel0to100", k100 / 3.0);
        JOUNCE_COMPARE_FIGURE(figs, "topSpeed", 3.0 * 12.0 * 3.6);
        QVERIFY(!byId(figs, "brake100to0").value);  // no braking phase: n/a, and it says why
        QVERIFY(byId(figs, "brake100to0").note.find("braking") != std::string::npos);
        QCOMPARE(byId(figs, "accel0to100").source, std::string("acceleration-0-100 (SAE J1491 standing start)"));

        // A vehicle that never gets there has no 0-100 time.
        const Run slow = synthesize(1300, [](double) { return 1; },
                                    [](Frame& f, double t) { f.vehicle(VehicleChannel::ForwardSpeed) = std::min(20.0, t); });
        const std::vector<Figure> slowFigures = figuresOf(slow, m, c);
        const Figure& none = byId(slowFigures, "accel0to100");
        QVERIFY(!none.value);
        QVERIFY2(none.note.find("46.8 km/h") != std::string::npos, none.note.c_str());
    }

    void brakingFromExactly100()
    {
        // Full brake at t = 1 s from 100 km/h, constant deceleration to rest in 3.5 s.
        Maneuver m;
        m.phases = {phase("cruise"), phase("brake", Measure::Braking)};
        const VehicleConfig c = fineCar();
        const double a = k100 / 3.5;
        const Run run = synthesize(500, [](double t) { return t <= 1.0 + 1e-9 ? 0 : 1; },
                                   [&](Frame& f, double t) {
                                       const double tb = std::clamp(t - 1.0, 0.0, 3.5);
                                       f.vehicle(VehicleChannel::ForwardSpeed) = k100 - a * tb;
                                       f.vehicle(VehicleChannel::PosX) = 100.0 + k100 * tb - 0.5 * a * tb * tb;
                                       f.vehicle(VehicleChannel::PosY) = 3.0;
                                   });
        JOUNCE_COMPARE_FIGURE(figuresOf(run, m, c), "brake100to0", k100 * 3.5 / 2.0);

        // From 98 km/h the distance is scaled to 100 km/h by (100/98)^2.
        const double v0 = 98.0 / 3.6, a2 = v0 / 3.5;
        const Run slower = synthesize(500, [](double t) { return t <= 1.0 + 1e-9 ? 0 : 1; },
                                      [&](Frame& f, double t) {
                                          const double tb = std::clamp(t - 1.0, 0.0, 3.5);
                                          f.vehicle(VehicleChannel::ForwardSpeed) = v0 - a2 * tb;
                                          f.vehicle(VehicleChannel::PosX) = v0 * tb - 0.5 * a2 * tb * tb;
                                      });
        JOUNCE_COMPARE_FIGURE(figuresOf(slower, m, c), "brake100to0", v0 * 3.5 / 2.0 * (100.0 / 98.0) * (100.0 / 98.0));
    }

    void skidpadGradientsFromLinearTraces()
    {
        // Lateral acceleration ramps 0 -> 8 m/s² over 80 s on a 40 m left circle; the mean front
        // road-wheel angle is L/R + K a_y and the roll angle Kr a_y.
        Maneuver m;
        ManeuverPhase ramp = phase("ramp", Measure::Skidpad);
        PathSpec circle;
        circle.type = PathType::Circle;
        circle.radius = 40.0;
        ramp.path = circle;
        m.phases = {ramp};
        const VehicleConfig c = fineCar();
        const double L = VehicleTraits::from(c).wheelbase;
        QCOMPARE(L, 3.0);
        const double K = 0.002, Kr = 0.004;  // rad per m/s²
        const Run run = synthesize(8000, [](double) { return 0; },
                                   [&](Frame& f, double t) {
                                       const double ay = 0.1 * t;
                                       f.vehicle(VehicleChannel::LatAccel) = ay;
                                       f.wheel(WheelChannel::SteerAngle, 0) = L / 40.0 + K * ay + 0.01;  // inner
                                       f.wheel(WheelChannel::SteerAngle, 1) = L / 40.0 + K * ay - 0.01;  // outer
                                       f.vehicle(VehicleChannel::Roll) = Kr * ay;
                                   });
        const std::vector<Figure> figs = figuresOf(run, m, c);
        JOUNCE_COMPARE_FIGURE(figs, "maxSteadyLatAccel", 8.0);
        JOUNCE_COMPARE_FIGURE(figs, "understeerGradient", K * kGravity * 180.0 / kPi);
        JOUNCE_COMPARE_FIGURE(figs, "rollGradient", Kr * kGravity * 180.0 / kPi);
    }

    void stepSteerRiseTimeAndOvershoot()
    {
        // Yaw rate 0 until the step at t = 2 s, then linearly to 1.2 r_ss by 2.6 s (10 % at 2.05 s,
        // 90 % at 2.45 s), back to r_ss by 3 s and steady: rise time 0.4 s, overshoot 20 %.
        Maneuver m;
        m.phases = {phase("straight"), phase("step", Measure::StepSteer)};
        const VehicleConfig c = fineCar();
        const double rss = -0.3;
        const Run run = synthesize(600, [](double t) { return t <= 2.0 + 1e-9 ? 0 : 1; },
                                   [&](Frame& f, double t) {
                                       double y = 0.0;
                                       if (t > 2.0 && t <= 2.6)
                                           y = 1.2 * (t - 2.0) / 0.6;
                                       else if (t > 2.6 && t <= 3.0)
                                           y = 1.2 - 0.2 * (t - 2.6) / 0.4;
                                       else if (t > 3.0)
                                           y = 1.0;
                                       f.vehicle(VehicleChannel::YawRate) = y * rss;
                                   });
        const std::vector<Figure> figs = figuresOf(run, m, c);
        JOUNCE_COMPARE_FIGURE(figs, "yawRateRiseTime", 0.4);
        JOUNCE_COMPARE_FIGURE(figs, "yawRateOvershoot", 20.0);
    }

    void laneChangeDeviationAndCones()
    {
        // A vehicle that drives exactly along the ISO 3888-1 centre line, then one 0.8 m to the left.
        Maneuver m;
        ManeuverPhase lc = phase("lane change", Measure::PathTracking);
        PathSpec dlc;
        dlc.type = PathType::DoubleLaneChange;
        dlc.entry = 20.0;
        lc.path = dlc;
        m.phases = {lc};
        const VehicleConfig c = fineCar();
        const PathGeometry g = buildPath(dlc, VehicleTraits::from(c), PlanarPose{});
        const auto along = [&](double offset) {
            return synthesize(1600, [](double) { return 0; }, [&](Frame& f, double t) {
                const double s = 10.0 * t;  // 10 m/s along the path
                const Vec2 p = g.path.pointAt(s), d = g.path.tangentAt(s);
                f.vehicle(VehicleChannel::PosX) = p.x - offset * d.y;
                f.vehicle(VehicleChannel::PosY) = p.y + offset * d.x;
                f.vehicle(VehicleChannel::Yaw) = std::atan2(d.y, d.x);
                f.vehicle(VehicleChannel::ForwardSpeed) = 10.0;
            });
        };
        std::vector<Figure> figs = figuresOf(along(0.0), m, c);
        QVERIFY(*byId(figs, "maxLateralDeviation").value < 1e-9);
        // The reference car is 2.5 m wide, so the gates have 0.25 to 0.5 m to spare on each side.
        QCOMPARE(*byId(figs, "coneHit").value, 0.0);
        QCOMPARE(*byId(figs, "conesHit").value, 0.0);
        figs = figuresOf(along(0.8), m, c);
        JOUNCE_COMPARE_FIGURE(figs, "maxLateralDeviation", 0.8);
        QCOMPARE(*byId(figs, "coneHit").value, 1.0);
        // 0.8 m to the left: the left-hand cones of the first and last gates, and of the middle
        // gate (which the path enters from the right) the left-hand ones too.
        QVERIFY(*byId(figs, "conesHit").value >= 6.0);
    }

    void timeGapErrorOfAConstantGap()
    {
        // Lead at 20 m/s from 40 m ahead; the follower at 20 m/s, 32 m behind it all along: a 1.6 s
        // time gap against the requested 1.5 s.
        Maneuver m;
        ManeuverPhase follow = phase("follow", Measure::GapKeeping);
        GapSpec gap;
        gap.lead.start = 40.0;
        gap.lead.speedProfile = {{0.0, 20.0}};
        gap.timeGap = 1.5;
        gap.freespace = false;
        follow.gap = gap;
        m.phases = {follow};
        const VehicleConfig c = fineCar();
        const Run run = synthesize(1000, [](double) { return 0; }, [](Frame& f, double t) {
            f.vehicle(VehicleChannel::PosX) = 8.0 + 20.0 * t;  // 8 m ahead of the start: 32 m behind the lead
            f.vehicle(VehicleChannel::ForwardSpeed) = 20.0;
        });
        const std::vector<Figure> figs = figuresOf(run, m, c);
        JOUNCE_COMPARE_FIGURE(figs, "timeGapErrorMean", 0.1);
        JOUNCE_COMPARE_FIGURE(figs, "timeGapErrorMax", 0.1);
    }

    void splitFrictionYaw()
    {
        Maneuver m;
        m.phases = {phase("approach"), phase("brake", Measure::SplitBraking)};
        const VehicleConfig c = fineCar();
        const Run run = synthesize(400, [](double t) { return t <= 1.0 + 1e-9 ? 0 : 1; }, [](Frame& f, double t) {
            f.vehicle(VehicleChannel::Yaw) = 0.1 + (t <= 1.0 ? 0.0 : 0.3 * std::min(1.0, (t - 1.0) / 2.0));
            f.vehicle(VehicleChannel::ForwardSpeed) = std::max(0.0, 14.0 - 7.0 * std::max(0.0, t - 1.0));
        });
        JOUNCE_COMPARE_FIGURE(figuresOf(run, m, c), "splitFrictionYaw", 0.3 * 180.0 / kPi);
    }

    void sineWithDwellRatiosAndDisplacement()
    {
        // Steer starts at t = 1 s (0.5 Hz, 1 s dwell: it ends at 4 s). Yaw rate: +0.4 in the first
        // lobe, -0.5 peak at 3 s, -0.1 at 5 s (1.00 s after the end), -0.025 at 5.75 s; the
        // vehicle drifts left at 1 m/s from the start: 1.07 m at 1.07 s after the steer began.
        Maneuver m;
        ManeuverPhase swd = phase("sine", Measure::SineWithDwell);
        swd.inputs.steer = 0.2;
        swd.inputs.steerWave = SteerWave{SteerWaveShape::SineWithDwell, 0.5, 1.0};
        m.phases = {phase("straight"), swd};
        const VehicleConfig c = fineCar();
        // Piecewise-linear yaw rate through (t, r) points.
        const std::vector<Vec2> r{{0, 0}, {1, 0}, {1.5, 0.4}, {2, 0}, {3, -0.5}, {5, -0.1}, {5.75, -0.025}, {7, 0}};
        const auto yawRate = [&](double t) {
            for (std::size_t i = 1; i < r.size(); ++i)
                if (t <= r[i].x)
                    return r[i - 1].y + (r[i].y - r[i - 1].y) * (t - r[i - 1].x) / (r[i].x - r[i - 1].x);
            return 0.0;
        };
        const Run run = synthesize(700, [](double t) { return t <= 1.0 + 1e-9 ? 0 : 1; }, [&](Frame& f, double t) {
            f.vehicle(VehicleChannel::YawRate) = yawRate(t);
            f.vehicle(VehicleChannel::Steer) = t > 1.0 && t < 2.0 ? 0.2 : 0.0;
            f.vehicle(VehicleChannel::PosX) = 20.0 * t;
            f.vehicle(VehicleChannel::PosY) = t <= 1.0 ? 0.0 : (t - 1.0);
            f.vehicle(VehicleChannel::ForwardSpeed) = 20.0;
        });
        const std::vector<Figure> figs = figuresOf(run, m, c);
        JOUNCE_COMPARE_FIGURE(figs, "yawRateRatio100", 20.0);
        JOUNCE_COMPARE_FIGURE(figs, "yawRateRatio175", 5.0);
        JOUNCE_COMPARE_FIGURE(figs, "lateralDisplacement107", 1.07);
    }

    void figuresOfTheManeuverOnly()
    {
        Maneuver m;
        m.phases = {phase("brake", Measure::Braking)};
        const VehicleConfig c = fineCar();
        const Run run = synthesize(10, [](double) { return 0; }, [](Frame&, double) {});
        const std::vector<FigureSample> samples = figureSamples(run.frames);
        FigureInput in;
        in.frames = samples;
        in.maneuver = &m;
        in.vehicle = &c;
        in.framePhase = run.phases;
        const std::vector<Figure> figs = maneuverFigures(in);
        QCOMPARE(figs.size(), std::size_t(1));
        QCOMPARE(figs[0].id, std::string("brake100to0"));
        QVERIFY(!figs[0].value);  // the vehicle never moved: n/a with a reason
        QVERIFY(!figs[0].note.empty());
        QVERIFY(formatFigure(figs[0]).rfind("n/a", 0) == 0);
        QCOMPARE(computeFigures(in).size(), std::size_t(17));
    }

    void leastSquaresAndAverages()
    {
        const std::vector<double> x{1, 2, 3, 4}, y{3, 5, 7, 9};
        QCOMPARE(*leastSquaresSlope(x, y), 2.0);
        QVERIFY(!leastSquaresSlope(std::vector<double>{1, 1}, std::vector<double>{2, 3}));
        const std::vector<double> avg = centredAverage(y, 2);
        QCOMPARE(avg, y);  // a linear signal is unchanged, ends included
        const std::vector<double> step{0, 0, 3, 3};
        QCOMPARE(centredAverage(step, 1)[1], 1.0);
    }
};

QTEST_APPLESS_MAIN(TestFigures)
#include "test_figures.moc"
