// The maneuver player against a synthetic vehicle whose speed trace is known exactly: each phase must
// end at the step its condition first holds, and the next phase's inputs must apply from the step
// after that.

#include "scenario/CommandWindow.h"
#include "scenario/ManeuverPlayer.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <deque>
#include <random>
#include <vector>

using namespace jounce::sim;

namespace {

/// Accelerates at 2 m/s² at full accel (proportionally below), brakes at 4 m/s² at full brake
/// without reversing. With dt = 0.25 s every speed and distance is an exact binary fraction.
struct FakeVehicle {
    double v = 0.0;
    double step(const ManeuverCommand& c, double dt)
    {
        const double v0 = v;
        v += 2.0 * c.accel * dt;
        if (c.brake > 0.0)
            v = std::max(0.0, v - 4.0 * c.brake * dt);
        return 0.5 * (v0 + v) * dt;  // distance travelled in the step
    }
};

struct StepRecord {
    int phase;              ///< phaseIndex() when the step's inputs were taken
    ManeuverCommand input;  ///< what inputs() gave for the step
};

/// Runs the player to the end (or maxSteps) and records every step.
std::vector<StepRecord> run(ManeuverPlayer& player, FakeVehicle& car, double dt, std::vector<EndCondition>* ends = nullptr,
                            int maxSteps = 100000)
{
    std::vector<StepRecord> steps;
    while (!player.finished() && int(steps.size()) < maxSteps) {
        const ManeuverCommand c = player.inputs();
        steps.push_back({player.phaseIndex(), c});
        const int before = player.phaseIndex();
        const double d = car.step(c, dt);
        player.afterStep(dt, car.v, d);
        if (ends && (player.phaseIndex() != before || player.timedOut()))
            ends->push_back(*player.lastEnd());
    }
    return steps;
}

ManeuverPhase phase(const char* name, ManeuverInputs inputs, EndConditions until)
{
    return {name, inputs, until};
}

EndConditions duration(double s)
{
    EndConditions u;
    u.duration = s;
    return u;
}

/// The first step index run in each phase.
std::vector<int> phaseStarts(const std::vector<StepRecord>& steps)
{
    std::vector<int> starts;
    for (std::size_t i = 0; i < steps.size(); ++i)
        if (i == 0 || steps[i].phase != steps[i - 1].phase)
            starts.push_back(int(i));
    return starts;
}

}  // namespace

class TestManeuverPlayer : public QObject {
    Q_OBJECT
private slots:
    /// The running-sum window keeps exactly the samples the plain loop (whole window summed every
    /// push) keeps: fixed steps for a simulated hour, steps landing on the limit, and random steps.
    void commandWindowKeepsWhatThePlainTrimKeeps()
    {
        const auto check = [](const std::vector<double>& steps, double length, double tolerance) {
            CommandWindow window(length, tolerance);
            std::deque<double> plain;
            for (std::size_t k = 0; k < steps.size(); ++k) {
                window.push({steps[k], double(k), 0.0});
                plain.push_back(steps[k]);
                double sum = 0.0;
                for (double dt : plain)
                    sum += dt;
                while (plain.size() > 1 && sum - plain.front() >= length - tolerance) {
                    sum -= plain.front();
                    plain.pop_front();
                }
                if (window.samples().size() != plain.size() || window.samples().front().steer != double(k + 1 - plain.size()))
                    return k;
            }
            return steps.size();
        };
        const std::vector<double> fixed(216000, 1.0 / 60.0);  // an hour at 60 Hz
        QCOMPARE(check(fixed, 1.0, 1e-6), fixed.size());
        const std::vector<double> exact(5000, 0.125);  // binary fractions: every trim lands on the limit
        QCOMPARE(check(exact, 1.0, 0.0), exact.size());
        std::mt19937 rng(7);
        std::uniform_real_distribution<double> dt(0.001, 0.05);
        std::vector<double> random(50000);
        for (double& d : random)
            d = dt(rng);
        QCOMPARE(check(random, 1.0, 1e-6), random.size());
        // A sum that runs away: one huge step, then tiny ones.
        std::vector<double> wild = {1e12, 1e-3, 1e-3, 2.0, 1e-300, 0.5};
        QCOMPARE(check(wild, 1.0, 1e-6), wild.size());
    }

    void phasesEndAtTheRightStep()
    {
        Maneuver m;
        m.start = {2, false};
        EndConditions fast, stop, far;
        fast.speedAbove = 5.0;  // v = 0.5 k: holds first at k = 11 (5.5 > 5)
        stop.stopped = 0.01;    // 5.5 -> 4.5 ... 0.5 -> 0: holds at k = 6
        far.distance = 1.0;     // at 1 m/s²: 0.03125, 0.125, 0.28125, 0.5, 0.78125, 1.125: k = 6
        ManeuverInputs creep;
        creep.accel = 0.5;
        ManeuverInputs hold;
        hold.brake = 1.0;
        hold.gear = 0;
        hold.autoBox = false;
        m.phases = {phase("settle", {}, duration(1.0)),  // 4 steps of 0.25 s
                    phase("accelerate", {1.0, 0, 0, 0, {}, {}}, fast), phase("brake", {0, 1.0, 0, 0, {}, {}}, stop),
                    phase("creep", creep, far), phase("hold", hold, duration(0.5))};

        ManeuverPlayer player(m);
        QCOMPARE(player.start().gear, 2);
        QVERIFY(!player.start().autoBox);
        QCOMPARE(player.phaseName(), std::string_view("settle"));
        FakeVehicle car;
        std::vector<EndCondition> ends;
        const std::vector<StepRecord> steps = run(player, car, 0.25, &ends);

        QVERIFY(player.finished());
        QVERIFY(!player.timedOut());
        QCOMPARE(steps.size(), std::size_t(4 + 11 + 6 + 6 + 2));
        QCOMPARE(phaseStarts(steps), (std::vector<int>{0, 4, 15, 21, 27}));
        QVERIFY(ends == (std::vector<EndCondition>{EndCondition::Duration, EndCondition::SpeedAbove,
                                                   EndCondition::Stopped, EndCondition::Distance,
                                                   EndCondition::Duration}));
        // The next phase's inputs apply from the step after the condition held.
        QCOMPARE(steps[3].input.accel, 0.0);
        QCOMPARE(steps[4].input.accel, 1.0);
        QCOMPARE(steps[14].input.accel, 1.0);
        QCOMPARE(steps[15].input.accel, 0.0);
        QCOMPARE(steps[15].input.brake, 1.0);
        QCOMPARE(steps[21].input.accel, 0.5);
        // Gear and autobox requests come once, on the first step of the phase that asks.
        for (std::size_t i = 0; i < steps.size(); ++i) {
            QCOMPARE(bool(steps[i].input.gear), i == 27);
            QCOMPARE(bool(steps[i].input.autoBox), i == 27);
        }
        QCOMPARE(*steps[27].input.gear, 0);
        QCOMPARE(*steps[27].input.autoBox, false);

        QCOMPARE(player.steps(), std::uint64_t(29));
        QCOMPARE(player.elapsed(), 29 * 0.25);
        QCOMPARE(player.phaseIndex(), 5);
        QCOMPARE(player.phaseName(), std::string_view());
        QCOMPARE(player.progress(), 1.0);
        QVERIFY(player.inputs() == ManeuverCommand{});  // finished: all zero
        player.afterStep(0.25, 3.0, 1.0);                  // and nothing moves any more
        QCOMPARE(player.steps(), std::uint64_t(29));
    }

    void speedBelow()
    {
        Maneuver m;
        EndConditions slow;
        slow.speedBelow = 2.0;
        m.phases = {phase("up", {1.0, 0, 0, 0, {}, {}}, duration(2.0)),  // v = 4
                    phase("down", {0, 0.5, 0, 0, {}, {}}, slow)};       // -0.5 per step: 3.5 ... 1.5 at k = 5
        ManeuverPlayer player(m);
        FakeVehicle car;
        std::vector<EndCondition> ends;
        const auto steps = run(player, car, 0.25, &ends);
        QCOMPARE(phaseStarts(steps), (std::vector<int>{0, 8}));
        QCOMPARE(steps.size(), std::size_t(13));
        QVERIFY(ends.back() == EndCondition::SpeedBelow);
        QCOMPARE(car.v, 1.5);
    }

    void firstConditionThatHoldsEndsThePhase()
    {
        struct Case {
            EndConditions until;
            std::size_t steps;
            EndCondition end;
        };
        std::vector<Case> cases;
        {
            Case c{duration(10.0), 7, EndCondition::SpeedAbove};
            c.until.speedAbove = 3.0;  // v = 3.5 at k = 7, long before 10 s
            cases.push_back(c);
        }
        {
            Case c{duration(1.0), 4, EndCondition::Duration};
            c.until.speedAbove = 100.0;
            cases.push_back(c);
        }
        {
            Case c{duration(100.0), 3, EndCondition::Distance};
            c.until.distance = 0.3;  // 0.0625, 0.25, 0.5625
            c.until.speedBelow = -1.0;
            cases.push_back(c);
        }
        {
            Case c{duration(1.0), 4, EndCondition::Duration};  // both hold at k = 4 (v = 2): listed order
            c.until.speedAbove = 1.5;
            cases.push_back(c);
        }
        for (const Case& c : cases) {
            Maneuver m;
            m.phases = {phase("go", {1.0, 0, 0, 0, {}, {}}, c.until)};
            ManeuverPlayer player(m);
            FakeVehicle car;
            const auto steps = run(player, car, 0.25);
            QCOMPARE(steps.size(), c.steps);
            QVERIFY(player.lastEnd() == c.end);
        }
    }

    void aConditionAlreadyTrueStillRunsOneStep()
    {
        Maneuver m;
        EndConditions stop;
        stop.stopped = 0.5;
        m.phases = {phase("a", {}, stop), phase("b", {}, stop)};
        ManeuverPlayer player(m);
        FakeVehicle car;
        QCOMPARE(run(player, car, 0.25).size(), std::size_t(2));
    }

    void durationsCountStepsExactly()
    {
        for (const double dt : {1.0 / 60.0, 0.1, 1.0 / 120.0, 0.001}) {
            Maneuver m;
            m.phases = {phase("a", {}, duration(1.0)), phase("b", {}, duration(3.0))};
            ManeuverPlayer player(m);
            FakeVehicle car;
            const auto steps = run(player, car, dt);
            const int perSecond = int(std::lround(1.0 / dt));
            QCOMPARE(phaseStarts(steps), (std::vector<int>{0, perSecond}));
            QCOMPARE(int(steps.size()), 4 * perSecond);
        }
    }

    void timesOut()
    {
        Maneuver m;
        EndConditions never;
        never.speedAbove = 1e9;
        m.phases = {phase("accelerate", {1.0, 0, 0, 0, {}, {}}, never), phase("after", {}, duration(1.0))};
        ManeuverPlayer player(m, 2.0);
        QCOMPARE(player.maxDuration(), 2.0);
        FakeVehicle car;
        const auto steps = run(player, car, 0.25);
        QCOMPARE(steps.size(), std::size_t(8));
        QVERIFY(player.finished());
        QVERIFY(player.timedOut());
        QVERIFY(player.lastEnd() == EndCondition::Timeout);
        QCOMPARE(player.phaseIndex(), 0);  // the phase that was cut short
        QCOMPARE(player.phaseName(), std::string_view("accelerate"));
        QVERIFY(player.inputs() == ManeuverCommand{});
        QCOMPARE(player.progress(), 1.0);

        // The default limit is 600 s of simulated time, counted exactly at 60 Hz.
        ManeuverPlayer standard(m);
        QCOMPARE(standard.maxDuration(), ManeuverPlayer::kDefaultMaxDuration);
        FakeVehicle other;
        QCOMPARE(run(standard, other, 1.0 / 60.0).size(), std::size_t(36000));
        QVERIFY(standard.timedOut());
        QCOMPARE(ManeuverPlayer(m, -1.0).maxDuration(), ManeuverPlayer::kDefaultMaxDuration);
    }

    void progressEstimate()
    {
        Maneuver m;
        EndConditions fast;
        fast.speedAbove = 5.0;
        m.phases = {phase("a", {}, duration(1.0)), phase("b", {}, duration(1.0))};
        ManeuverPlayer timed(m);
        QCOMPARE(timed.progress(), 0.0);
        for (int i = 0; i < 4; ++i)
            timed.afterStep(0.25, 0.0, 0.0);
        QVERIFY(std::fabs(timed.progress() - 0.5) < 1e-12);  // durations known: exact
        timed.afterStep(0.25, 0.0, 0.0);
        QVERIFY(std::fabs(timed.progress() - 0.625) < 1e-12);

        m.phases = {phase("settle", {}, duration(1.0)), phase("go", {1.0, 0, 0, 0, {}, {}}, fast),
                    phase("hold", {}, duration(1.0))};
        ManeuverPlayer open(m);
        FakeVehicle car;
        double last = 0.0;
        while (!open.finished()) {
            const double d = car.step(open.inputs(), 0.25);
            open.afterStep(0.25, car.v, d);
            QVERIFY(open.progress() >= last);
            QVERIFY(open.progress() >= 0.0 && open.progress() <= 1.0);
            last = open.progress();
        }
        QCOMPARE(last, 1.0);
    }

    void restartAndEmpty()
    {
        Maneuver m;
        m.phases = {phase("a", {0.5, 0, 0, 0, 1, true}, duration(0.5))};
        ManeuverPlayer player(m);
        FakeVehicle car;
        QCOMPARE(run(player, car, 0.25).size(), std::size_t(2));
        player.restart();
        QVERIFY(!player.finished());
        QCOMPARE(player.elapsed(), 0.0);
        QCOMPARE(player.progress(), 0.0);
        QCOMPARE(*player.inputs().gear, 1);  // the first step's request again
        QVERIFY(!player.lastEnd());

        ManeuverPlayer empty(Maneuver{});
        QVERIFY(empty.finished());
        QVERIFY(!empty.timedOut());
        QCOMPARE(empty.progress(), 1.0);
        QVERIFY(empty.inputs() == ManeuverCommand{});
    }
};

QTEST_APPLESS_MAIN(TestManeuverPlayer)
#include "test_maneuver_player.moc"
