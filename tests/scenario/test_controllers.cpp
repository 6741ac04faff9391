// The closed-loop drivers of maneuver phases: the speed controller holds 80 km/h, pure pursuit keeps
// the reference car on a 40 m circle, gap keeping follows OpenSCENARIO's LongitudinalDistanceAction,
// the lateral-offset end condition, steerFrom / accelFrom / steer waves, and the generated tracks
// (ISO 3888-1 gates, slalom cones) and path geometry.

#include "config/ReferenceCar.h"
#include "run/Simulation.h"
#include "world/TerrainGround.h"
#include "scenario/GapKeeper.h"
#include "scenario/Path.h"
#include "scenario/SteerWave.h"
#include "scenario/ManeuverJson.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace jounce;
using namespace jounce::sim;
using telemetry::VehicleChannel;

namespace {

constexpr double k80 = 80.0 / 3.6;

ManeuverPhase settle()
{
    ManeuverPhase p;
    p.name = "settle";
    p.until.duration = 1.0;
    return p;
}

PathSpec straightPath()
{
    PathSpec s;
    s.type = PathType::Straight;
    return s;
}

std::shared_ptr<const VehicleConfig> car() { return std::make_shared<const VehicleConfig>(referenceCar()); }

/// Runs `m` with the reference car on the flat plane, calling `each(sim)` after every step.
template <class F>
void run(const Maneuver& m, F each)
{
    Simulation sim(makeGround(nullptr), car(), {});
    sim.startManeuver(m, 300.0);
    while (sim.maneuverRunning()) {
        QVERIFY(sim.step());
        each(sim);
    }
    QVERIFY(!sim.maneuver()->timedOut());
}

}  // namespace

class TestDrivers : public QObject {
    Q_OBJECT
private slots:
    void speedControllerHolds80OnTheFlat()
    {
        Maneuver m;
        m.name = "hold 80";
        ManeuverPhase hold;
        hold.name = "hold";
        hold.targetSpeed = SpeedTarget{k80, std::nullopt};
        hold.path = straightPath();
        hold.until.duration = 45.0;
        m.phases = {settle(), hold};
        double lo = 1e9, hi = -1e9, top = 0.0;
        int pedalSwitches = 0;
        bool wasBraking = false;
        run(m, [&](const Simulation& sim) {
            const telemetry::Frame& f = sim.frame();
            const double v = f.vehicle(VehicleChannel::ForwardSpeed);
            top = std::max(top, v);
            const bool braking = f.vehicle(VehicleChannel::Brake) > 0.0;
            pedalSwitches += braking != wasBraking ? 1 : 0;
            wasBraking = braking;
            if (sim.time() > 25.0) {  // after the acceleration from rest
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        });
        QVERIFY2(lo >= k80 - 0.5 / 3.6 && hi <= k80 + 0.5 / 3.6,
                 qPrintable(QString("speed %1..%2 km/h").arg(lo * 3.6).arg(hi * 3.6)));
        QVERIFY2(top <= k80 + 1.0 / 3.6, qPrintable(QString("overshoot to %1 km/h").arg(top * 3.6)));  // anti-windup
        QCOMPARE(pedalSwitches, 0);  // accel alone holds a speed on the flat: the brake never chatters in
    }

    void speedControllerRampsDownWithoutChatter()
    {
        // A set-point falling at 3 m/s² from 20 m/s to 0. The reference car's engine brakes hard in
        // first gear, so the controller needs throttle, then brake, then throttle again near rest:
        // the hysteresis between the pedals keeps every change at least half a second from the
        // last (no step-to-step chatter), the pedals are never pressed together, and a set-point
        // of 0 holds the car at rest.
        Maneuver m;
        m.name = "ramp";
        ManeuverPhase up;
        up.name = "up";
        up.targetSpeed = SpeedTarget{20.0, std::nullopt};
        up.until.speedAbove = 19.9;
        up.until.duration = 30.0;
        ManeuverPhase down;
        down.name = "down";
        down.targetSpeed = SpeedTarget{0.0, 3.0};
        down.until.duration = 12.0;
        m.phases = {settle(), up, down};
        double lastSwitch = -1.0, shortest = 1e9, lastSpeed = 1.0, worstLag = 0.0, t0 = -1.0;
        int pedal = 0;  // +1 accel, -1 brake, 0 neither
        run(m, [&](const Simulation& sim) {
            if (sim.maneuver()->phaseIndex() != 2)
                return;
            if (t0 < 0.0)
                t0 = sim.time();
            const telemetry::Frame& f = sim.frame();
            const double accel = f.vehicle(VehicleChannel::Accel), brake = f.vehicle(VehicleChannel::Brake);
            QVERIFY(!(accel > 0.0 && brake > 0.0));
            const int now = accel > 0.0 ? 1 : (brake > 0.0 ? -1 : 0);
            if (now != 0 && now != pedal) {
                if (pedal != 0) {
                    if (lastSwitch >= 0.0)
                        shortest = std::min(shortest, sim.time() - lastSwitch);
                    lastSwitch = sim.time();
                }
                pedal = now;
            }
            lastSpeed = f.vehicle(VehicleChannel::ForwardSpeed);
            worstLag = std::max(worstLag, std::fabs(lastSpeed - std::max(0.0, 19.9 - 3.0 * (sim.time() - t0))));
        });
        QVERIFY2(shortest >= 0.5, qPrintable(QString("pedals changed %1 s apart").arg(shortest)));
        QVERIFY2(worstLag < 3.0, qPrintable(QString("%1 m/s off the ramp").arg(worstLag)));
        QVERIFY(std::fabs(lastSpeed) < 0.05);
    }

    void pathFollowerHoldsA40mCircleAt10()
    {
        Maneuver m;
        m.name = "circle";
        ManeuverPhase circle;
        circle.name = "circle";
        circle.targetSpeed = SpeedTarget{10.0, std::nullopt};
        PathSpec path;
        path.type = PathType::Circle;
        path.radius = 40.0;
        circle.path = path;
        circle.until.duration = 60.0;  // more than two laps
        m.phases = {settle(), circle};
        double worst = 0.0, speed = 0.0;
        run(m, [&](const Simulation& sim) {
            const telemetry::Frame& f = sim.frame();
            // The circle starts at the start pose (0, 0) heading +x and turns left about (0, 40).
            const double r = std::hypot(f.vehicle(VehicleChannel::PosX), f.vehicle(VehicleChannel::PosY) - 40.0);
            worst = std::max(worst, std::fabs(r - 40.0));
            speed = f.vehicle(VehicleChannel::ForwardSpeed);
        });
        QVERIFY2(worst <= 0.3, qPrintable(QString("%1 m off the circle").arg(worst)));
        QVERIFY(std::fabs(speed - 10.0) < 0.05);
    }

    void gapKeepingFollowsAStopAndGoLead()
    {
        // OpenSCENARIO LongitudinalDistanceAction with a 1.5 s time gap, freespace, continuous,
        // behind a lead that starts, cruises, stops and starts again.
        for (const bool timeGap : {true, false}) {
            Maneuver m;
            m.name = "follow";
            ManeuverPhase follow;
            follow.name = "follow";
            GapSpec gap;
            gap.lead.start = 30.0;
            // 20 m/s: the reference car's autobox hunts between first and second gear around
            // 15 m/s (a 2:1 ratio step against up/down ratios of 0.65/0.5), which no driver can hide.
            gap.lead.speedProfile = {{0, 0}, {2, 0}, {10, 20}, {40, 20}, {46, 0}, {51, 0}, {59, 20}, {70, 20}};
            if (timeGap) {
                gap.timeGap = 1.5;
                gap.standstillGap = 4.0;
            } else {
                gap.distance = 20.0;
            }
            gap.freespace = true;
            gap.continuous = true;
            gap.dynamicConstraints.maxDeceleration = 8.0;
            follow.gap = gap;
            follow.path = straightPath();
            follow.until.duration = 70.0;
            m.phases = {follow};
            double closest = 1e9, worstLateTimeGap = 0.0;
            run(m, [&](const Simulation& sim) {
                const ManeuverPlayer& p = *sim.maneuver();
                if (p.finished())
                    return;
                const std::optional<ManeuverPlayer::LeadState> lead = p.lead();
                QVERIFY(lead);
                closest = std::min(closest, lead->gap.distance - lead->gap.requested);
                const double v = sim.frame().vehicle(VehicleChannel::ForwardSpeed);
                if (p.phaseElapsed() > 35.0 && p.phaseElapsed() < 40.0)  // late in the long cruise
                    worstLateTimeGap = std::max(worstLateTimeGap,
                                                timeGap ? std::fabs((lead->gap.distance - 4.0) / v - 1.5) / 1.5
                                                        : std::fabs(lead->gap.distance - 20.0) / 20.0);
            });
            QVERIFY2(worstLateTimeGap <= 0.05, qPrintable(QString("%1 off").arg(worstLateTimeGap)));
            QVERIFY2(closest >= -0.5, qPrintable(QString("%1 m closer than requested").arg(-closest)));
        }
    }

    void gapKeepingNonContinuousEndsWhenReached()
    {
        Maneuver m;
        m.name = "close up";
        ManeuverPhase close;
        close.name = "close";
        GapSpec gap;
        gap.lead.start = 60.0;
        gap.lead.speedProfile = {{0, 10}};
        gap.distance = 25.0;
        gap.freespace = false;
        gap.continuous = false;
        gap.dynamicConstraints.maxAcceleration = 2.0;
        gap.dynamicConstraints.maxSpeed = 20.0;
        close.gap = gap;
        close.until.duration = 100.0;
        m.phases = {close};
        double fastest = 0.0;
        Simulation sim(makeGround(nullptr), car(), {});
        sim.startManeuver(m);
        std::optional<GapMeasurement> last;
        while (sim.maneuverRunning()) {
            sim.step();
            fastest = std::max(fastest, sim.frame().vehicle(VehicleChannel::ForwardSpeed));
            if (const auto lead = sim.maneuver()->lead())
                last = lead->gap;
        }
        QVERIFY(sim.maneuver()->lastEnd() == EndCondition::GapReached);
        QVERIFY(sim.time() < 99.0);
        QVERIFY(last && std::fabs(last->error()) < 1.0);
        QVERIFY(fastest <= 20.0 + 0.3);  // maxSpeed
    }

    void leadMotionIntegratesItsProfileExactly()
    {
        const std::vector<Vec2> profile{{0, 0}, {2, 0}, {4, 10}, {6, 10}};
        const LeadMotion lead(profile, 5.0);
        QCOMPARE(lead.position(0.0), 5.0);
        QCOMPARE(lead.position(2.0), 5.0);
        QCOMPARE(lead.position(4.0), 15.0);  // 0 -> 10 m/s over 2 s: 10 m
        QCOMPARE(lead.position(6.0), 35.0);
        QCOMPARE(lead.position(8.0), 55.0);  // held at the last speed
        QCOMPARE(lead.speed(3.0), 5.0);
        QCOMPARE(lead.acceleration(3.0), 5.0);
        QCOMPARE(lead.acceleration(7.0), 0.0);
    }

    void gapMeasurementFollowsOpenScenario()
    {
        GapSpec spec;
        spec.timeGap = 2.0;
        spec.lead.length = 4.0;
        VehicleTraits follower;
        follower.frontExtent = 2.5;
        GapMeasurement g = measureGap(spec, follower, 100.0, 140.0, 10.0);
        QCOMPARE(g.distance, 40.0);   // reference points
        QCOMPARE(g.requested, 20.0);  // time gap x speed
        spec.standstillGap = 3.0;
        QCOMPARE(measureGap(spec, follower, 100.0, 140.0, 10.0).requested, 23.0);  // + the standstill gap
        spec.standstillGap = 0.0;
        spec.freespace = true;
        g = measureGap(spec, follower, 100.0, 140.0, 10.0);
        QCOMPARE(g.distance, 40.0 - 2.5 - 2.0);  // bounding boxes
        spec.timeGap.reset();
        spec.distance = 12.0;
        QCOMPARE(measureGap(spec, follower, 0.0, 20.0, 30.0).requested, 12.0);
    }

    void lateralOffsetEndsAPhase()
    {
        Maneuver m;
        m.name = "drift";
        ManeuverPhase go;
        go.name = "go";
        go.targetSpeed = SpeedTarget{8.0, std::nullopt};
        go.path = straightPath();
        go.until.speedAbove = 7.9;
        go.until.duration = 30.0;
        ManeuverPhase drift;
        drift.name = "drift";
        drift.inputs.accel = 0.3;
        drift.inputs.steer = 0.1;  // no path: the offset is from the start line
        drift.until.lateralOffsetAbove = 2.0;
        drift.until.duration = 30.0;
        m.phases = {settle(), go, drift};
        Simulation sim(makeGround(nullptr), car(), {});
        sim.startManeuver(m);
        while (sim.maneuverRunning())
            sim.step();
        QVERIFY(sim.maneuver()->lastEnd() == EndCondition::LateralOffsetAbove);
        const double y = sim.frame().vehicle(VehicleChannel::PosY);
        QVERIFY2(y > 2.0 && y < 2.2, qPrintable(QString::number(y)));  // left of the line, just past 2 m
        QVERIFY(sim.maneuver()->lateralOffset() > 2.0);
    }

    void steerFromAccelFromAndWaves()
    {
        // No physics needed: the player remembers the steer and accel it commanded.
        Maneuver m;
        m.name = "held";
        ManeuverPhase a;
        a.name = "a";
        a.inputs.steer = 0.25;
        a.inputs.accel = 0.5;
        a.until.duration = 2.0;
        ManeuverPhase b;
        b.name = "b";
        b.inputs.steerFrom = "a";
        b.inputs.steerScale = -2.0;
        b.inputs.accelFrom = "a";
        b.until.duration = 1.0;
        ManeuverPhase c;
        c.name = "c";
        c.inputs.steer = 0.4;
        c.inputs.steerWave = SteerWave{SteerWaveShape::SineWithDwell, 0.5, 1.0};
        c.until.duration = 4.0;
        m.phases = {a, b, c};
        ManeuverPlayer player(m);
        const double dt = 0.25;
        std::vector<ManeuverCommand> out;
        while (!player.finished()) {
            out.push_back(player.command(VehicleState{}, dt));
            player.afterStep(dt, 0.0, 0.0);
        }
        QCOMPARE(out.size(), std::size_t(8 + 4 + 16));
        QCOMPARE(out[8].steer, -0.5);
        QCOMPARE(out[8].accel, 0.5);
        // Sine with dwell at 0.5 Hz: up to the second peak at 1.5 s, 1 s of dwell, back to 0 at 3.5 s.
        const auto c0 = [&](int k) { return out[std::size_t(12 + k)].steer; };
        QCOMPARE(c0(0), 0.0);
        QVERIFY(std::fabs(c0(2) - 0.4) < 1e-12);         // t = 0.5 s: first peak
        QVERIFY(std::fabs(c0(6) + 0.4) < 1e-12);         // t = 1.5 s: second peak
        QVERIFY(std::fabs(c0(9) + 0.4) < 1e-12);         // t = 2.25 s: dwelling
        QVERIFY(std::fabs(c0(12) - 0.0) < 1e-12);        // t = 3.0 s: the last quarter back to 0
        QCOMPARE(c0(15), 0.0);                            // done
        const SteerWave w{SteerWaveShape::SineWithDwell, 0.7, 0.5};
        QVERIFY(std::fabs(steerWaveLength(w) - (1.0 / 0.7 + 0.5)) < 1e-15);
    }

    void pathProjectionSignsAndArcLength()
    {
        const Path p({{0, 0}, {10, 0}, {10, 10}}, false);
        QCOMPARE(p.length(), 20.0);
        Path::Projection r = p.project({5, 2});
        QCOMPARE(r.s, 5.0);
        QCOMPARE(r.offset, 2.0);  // left of the direction of travel
        r = p.project({12, 5});
        QCOMPARE(r.s, 15.0);
        QCOMPARE(r.offset, -2.0);  // right of the second segment (heading +y)
        r = p.project({-4, -1});   // before the start: along the extended first segment
        QCOMPARE(r.s, -4.0);
        QCOMPARE(r.offset, -1.0);
        QCOMPARE(p.pointAt(25.0).y, 15.0);  // beyond the end, straight on
        const Path loop({{0, 0}, {10, 0}, {10, 10}, {0, 10}}, true);
        QCOMPARE(loop.length(), 40.0);
        QCOMPARE(loop.pointAt(45.0).x, 5.0);  // wraps
    }

    void iso3888GatesAndCones()
    {
        VehicleTraits v;
        v.halfWidth = 1.0;  // b = 2 m
        PathSpec spec;
        spec.type = PathType::DoubleLaneChange;
        spec.entry = 100.0;
        const PathGeometry g = buildPath(spec, v, PlanarPose{});
        QCOMPARE(g.cones.size(), std::size_t(18));
        const double wA = 1.1 * 2 + 0.25, wB = 1.2 * 2 + 0.25, wC = 1.3 * 2 + 0.25;
        // Gate 1 at x 100..115, width wA about y = 0; cones touch the limits with their bases.
        QCOMPARE(g.cones[0].position.x, 100.0);
        QVERIFY(std::fabs(g.cones[0].position.y - (wA / 2 + kConeRadius)) < 1e-12);
        QVERIFY(std::fabs(g.cones[1].position.y + (wA / 2 + kConeRadius)) < 1e-12);
        // Gate 2 at x 145..170: its right boundary 3.5 m left of gate 1's.
        QCOMPARE(g.cones[6].position.x, 145.0);
        QVERIFY(std::fabs((g.cones[7].position.y + kConeRadius) - (-wA / 2 + 3.5)) < 1e-12);
        QVERIFY(std::fabs((g.cones[6].position.y - kConeRadius) - (-wA / 2 + 3.5 + wB)) < 1e-12);
        // Gate 3 at x 195..210, right boundary aligned with gate 1's.
        QCOMPARE(g.cones[12].position.x, 195.0);
        QVERIFY(std::fabs((g.cones[13].position.y + kConeRadius) - (-wA / 2)) < 1e-12);
        QVERIFY(std::fabs((g.cones[12].position.y - kConeRadius) - (-wA / 2 + wC)) < 1e-12);
        // The path runs through the gate centres.
        QVERIFY(std::fabs(g.path.project({107.5, 0.0}).offset) < 1e-9);
        QVERIFY(std::fabs(g.path.project({157.5, -wA / 2 + 3.5 + wB / 2}).offset) < 1e-9);
        QVERIFY(std::fabs(g.path.project({202.5, -wA / 2 + wC / 2}).offset) < 1e-9);
        // Placed in a frame: rotated and moved with it.
        const PathGeometry r = buildPath(spec, v, PlanarPose{10.0, 5.0, kPi / 2});
        QVERIFY(std::fabs(r.cones[0].position.x - (10.0 - (wA / 2 + kConeRadius))) < 1e-9);
        QVERIFY(std::fabs(r.cones[0].position.y - 105.0) < 1e-9);
    }

    void slalomConesAndPath()
    {
        VehicleTraits v;
        v.halfWidth = 0.9;
        PathSpec spec;
        spec.type = PathType::Slalom;
        spec.entry = 50.0;
        spec.spacing = 18.0;
        spec.cones = 4;
        spec.direction = TurnSide::Right;
        const PathGeometry g = buildPath(spec, v, PlanarPose{});
        QCOMPARE(g.cones.size(), std::size_t(4));
        QCOMPARE(g.cones[3].position.x, 50.0 + 3 * 18.0);
        const double a = 0.9 + 0.5;  // half the width plus 0.5 m
        QVERIFY(std::fabs(g.path.project({50.0, -a}).offset) < 1e-9);  // first cone passed on the right
        QVERIFY(std::fabs(g.path.project({68.0, a}).offset) < 1e-9);
        QVERIFY(std::fabs(g.path.project({20.0, 0.0}).offset) < 1e-9);  // straight before
    }

    void circlePathTurnsTheRightWay()
    {
        PathSpec spec;
        spec.type = PathType::Circle;
        spec.radius = 40.0;
        spec.direction = TurnSide::Right;
        const PathGeometry g = buildPath(spec, VehicleTraits{}, PlanarPose{1.0, 2.0, 0.0});
        QVERIFY(g.path.closed());
        for (const Vec2& p : g.path.points())
            QVERIFY(std::fabs(std::hypot(p.x - 1.0, p.y - (2.0 - 40.0)) - 40.0) < 1e-9);
        QVERIFY(std::fabs(g.path.length() - 2 * kPi * 40.0) < 0.01);
    }

    void maneuverFilesRoundTripTheControllers()
    {
        Maneuver m;
        m.name = "closed loop";
        m.start.pose = PlanarPose{1175.0, -40.0, 0.5};
        ManeuverPhase p;
        p.name = "all";
        p.inputs.steerFrom = "x";
        p.inputs.steerScale = 6.5;
        p.inputs.steerWave = SteerWave{SteerWaveShape::SineWithDwell, 0.7, 0.5};
        p.targetSpeed = SpeedTarget{20.0, 0.2};
        PathSpec path;
        path.type = PathType::Polyline;
        path.frame = PathFrame::World;
        path.points = {{0, 0}, {10, 1}, {20, 0}};
        path.closed = true;
        path.lookAheadMin = 2.0;
        p.path = path;
        p.measure = Measure::Skidpad;
        p.until.lateralOffsetAbove = 2.0;
        ManeuverPhase x;
        x.name = "x";
        x.until.duration = 1.0;
        ManeuverPhase g;
        g.name = "gap";
        GapSpec gap;
        gap.lead.speedProfile = {{0, 5}, {10, 0}};
        gap.timeGap = 1.5;
        gap.freespace = true;
        gap.continuous = false;
        gap.dynamicConstraints.maxSpeed = 25.0;
        gap.standstillGap = 3.0;
        g.gap = gap;
        g.until.duration = 5.0;
        m.phases = {x, p, g};
        const std::string text = maneuverToText(m);
        const ManeuverDocument doc = parseManeuver(text);
        QVERIFY2(doc.ok() && doc.problems.items.empty(),
                 doc.problems.items.empty() ? "" : doc.problems.items[0].toString().c_str());
        QVERIFY(doc.maneuver == m);
        QCOMPARE(maneuverToText(doc.maneuver), text);
    }

    void maneuverFilesRejectMistakes_data()
    {
        QTest::addColumn<QString>("phase");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("message");
        QTest::newRow("both gap kinds") << R"({"gap": {"lead": {"speedProfile": [[0, 1]]}, "distance": 5, "timeGap": 1, "freespace": true, "continuous": true}, "until": {"duration": 1}})"
                                        << "/phases/0/gap" << "not both";
        QTest::newRow("no gap kind") << R"({"gap": {"lead": {"speedProfile": [[0, 1]]}, "freespace": true, "continuous": true}, "until": {"duration": 1}})"
                                     << "/phases/0/gap" << "distance (m) or timeGap";
        QTest::newRow("no freespace") << R"({"gap": {"lead": {"speedProfile": [[0, 1]]}, "distance": 5, "continuous": true}, "until": {"duration": 1}})"
                                      << "/phases/0/gap/freespace" << "required";
        QTest::newRow("gap and speed") << R"({"gap": {"lead": {"speedProfile": [[0, 1]]}, "distance": 5, "freespace": true, "continuous": true}, "targetSpeed": {"speed": 3}, "until": {"duration": 1}})"
                                       << "/phases/0/gap" << "use one";
        QTest::newRow("profile backwards") << R"({"gap": {"lead": {"speedProfile": [[1, 1], [0, 2]]}, "distance": 5, "freespace": true, "continuous": true}, "until": {"duration": 1}})"
                                           << "/phases/0/gap/lead/speedProfile" << "increasing";
        QTest::newRow("path type") << R"({"path": {"type": "spiral"}, "until": {"duration": 1}})"
                                   << "/phases/0/path/type" << "\"slalom\"";
        QTest::newRow("short polyline") << R"({"path": {"type": "polyline", "points": [[0, 0]]}, "until": {"duration": 1}})"
                                        << "/phases/0/path/points" << "at least 2";
        QTest::newRow("steer and steerFrom") << R"({"inputs": {"steer": 0.1, "steerFrom": "x"}, "until": {"duration": 1}})"
                                             << "/phases/0/inputs/steerFrom" << "not both";
        QTest::newRow("steerFrom unknown") << R"({"inputs": {"steerFrom": "later"}, "until": {"duration": 1}})"
                                           << "/phases/0/inputs/steerFrom" << "no earlier phase";
        QTest::newRow("negative offset") << R"({"until": {"lateralOffsetAbove": -1}})"
                                         << "/phases/0/until/lateralOffsetAbove" << "must be";
        QTest::newRow("measure") << R"({"measure": "lapTime", "until": {"duration": 1}})"
                                 << "/phases/0/measure" << "\"skidpad\"";
        QTest::newRow("wave") << R"({"inputs": {"steerWave": {"shape": "sine", "frequency": 0}}, "until": {"duration": 1}})"
                              << "/phases/0/inputs/steerWave/frequency" << "must be";
    }

    void maneuverFilesRejectMistakes()
    {
        QFETCH(QString, phase);
        QFETCH(QString, pointer);
        QFETCH(QString, message);
        const std::string text =
            R"({"format": "jounce.maneuver", "schemaVersion": 1, "name": "t", "phases": [)" + phase.toStdString() + "]}";
        const ManeuverDocument doc = parseManeuver(text);
        QVERIFY(!doc.ok());
        const auto it = std::find_if(doc.problems.items.begin(), doc.problems.items.end(),
                                     [&](const Problem& p) { return p.pointer == pointer.toStdString(); });
        QVERIFY2(it != doc.problems.items.end(),
                 doc.problems.items.empty() ? "no problems" : doc.problems.items[0].toString().c_str());
        QVERIFY2(it->message.find(message.toStdString()) != std::string::npos, it->message.c_str());
    }

    void pathKeysOfAnotherTypeAreWarnings()
    {
        const ManeuverDocument doc = parseManeuver(
            R"({"format": "jounce.maneuver", "schemaVersion": 1, "name": "t", "phases": [{"path": {"type": "circle", "radius": 10, "spacing": 4}, "until": {"duration": 1}}]})");
        QVERIFY(doc.ok());
        QCOMPARE(doc.problems.items.size(), std::size_t(1));
        QCOMPARE(doc.problems.items[0].pointer, std::string("/phases/0/path/spacing"));
        QVERIFY(doc.problems.items[0].severity == Severity::Warning);
    }

    void startPoseOfAManeuverPlacesTheVehicle()
    {
        Maneuver m;
        m.name = "placed";
        m.start.pose = PlanarPose{100.0, -20.0, kPi / 2};
        m.phases = {settle()};
        Simulation sim(makeGround(nullptr), car(), {});
        sim.startManeuver(m);
        while (sim.maneuverRunning())
            sim.step();
        QVERIFY(std::fabs(sim.frame().vehicle(VehicleChannel::PosX) - 100.0) < 0.05);
        QVERIFY(std::fabs(sim.frame().vehicle(VehicleChannel::PosY) + 20.0) < 0.05);
        QVERIFY(std::fabs(sim.frame().vehicle(VehicleChannel::Yaw) - kPi / 2) < 0.01);
        QCOMPARE(sim.runStartPose().x, 100.0);
        sim.reset();  // back to the simulation's own start
        QCOMPARE(sim.runStartPose().x, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestDrivers)
#include "test_controllers.moc"
