// The simulation as tools and the GUI drive it: batch runs of maneuvers, the threaded runner and
// its mailbox, bad-state recovery, and every preset through every shipped maneuver on both
// shipped terrains.

#include "world/PlaneGround.h"
#include "support/NearAssert.h"
#include "config/ReferenceCar.h"
#include "config/VehicleJson.h"
#include "run/Simulation.h"
#include "run/SimulationRunner.h"
#include "world/TerrainGround.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainJson.h"

#include <QtTest>

#include <bit>
#include <chrono>
#include <cmath>
#include <cstring>
#include <utility>
#include <filesystem>
#include <thread>

using namespace jounce;
using namespace jounce::sim;
using telemetry::VehicleChannel;
using telemetry::WheelChannel;
namespace fs = std::filesystem;

namespace {

fs::path source(const char* relative) { return fs::path(JOUNCE_SOURCE_DIR) / relative; }

Maneuver maneuverFile(const char* name)
{
    ManeuverDocument doc = loadManeuver((source("presets/maneuvers") / name).string());
    Q_ASSERT(doc.ok());
    return doc.maneuver;
}

/// Polls `done` for up to `seconds` of wall time.
template <class F>
bool waitFor(F done, double seconds = 20.0)
{
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (std::chrono::steady_clock::now() < until) {
        if (done())
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return done();
}

}  // namespace

class TestSimulation : public QObject {
    Q_OBJECT
private slots:
    void aNewGroundIsTheOneTheWheelsStandOn()
    {
        // Regression: the vehicle kept a reference to the ground it was built on, so after a
        // terrain change it raycast (and matched surfaces against) a freed ground. The old ground
        // here is released when replaced; the wheels must find the new plane at z = 1 m and read
        // its surface, gravel, as the vehicle's surface type 1.
        auto config = std::make_shared<VehicleConfig>(referenceCar());
        config->surfaces.surfaceTypes = {"tarmac", "gravel"};
        config->surfaces.friction = {{1.0}, {0.6}};  // [surface][tire]
        Simulation sim(makeGround(nullptr), config, {});
        for (int i = 0; i < 30; ++i)
            sim.step();
        sim.setGround(std::make_shared<PlaneGround>(1.0, "gravel"), SpawnPose{});
        for (int i = 0; i < 180; ++i)
            sim.step();
        for (int w = 0; w < 4; ++w) {
            QCOMPARE(sim.frame().wheel(WheelChannel::InAir, w), 0.0);
            QCOMPARE(sim.frame().wheel(WheelChannel::Surface, w), 1.0);
        }
        QVERIFY2(sim.frame().vehicle(telemetry::VehicleChannel::PosZ) > 1.0,
                 qPrintable(QString::number(sim.frame().vehicle(telemetry::VehicleChannel::PosZ))));
        // A live edit after the change reads the new ground's surfaces too.
        auto edited = std::make_shared<VehicleConfig>(*config);
        edited->chassis.mass = 1600.0;
        sim.setConfig(edited);
        sim.step();
        QCOMPARE(sim.frame().wheel(WheelChannel::Surface, 0), 1.0);
    }

    void settleManeuverRestsAtTheSpecJounce()
    {
        // settle.json on the flat plane: the reference car comes to rest within 2 mm of zero jounce
        // (vehicle-model §7.3) and the averaged strut forces carry its weight.
        Simulation sim(makeGround(nullptr), std::make_shared<VehicleConfig>(referenceCar()), {});
        sim.startManeuver(maneuverFile("settle.json"));
        while (sim.maneuverRunning())
            sim.step();
        JOUNCE_VERIFY_NEAR(sim.time(), 4.0, 1e-6);
        double total = 0.0;
        for (int w = 0; w < 4; ++w) {
            QVERIFY(std::fabs(sim.frame().wheel(WheelChannel::Jounce, w)) < 0.002);
            total += sim.frame().wheel(WheelChannel::SuspForce, w);
        }
        JOUNCE_VERIFY_NEAR(total, 1500 * kGravity, 0.005 * 1500 * kGravity);
    }

    void fullThrottleReachesTheGearsTheGearingImplies()
    {
        // full-throttle.json: 1 s settle then 15 s at full throttle with the autobox. The autobox
        // shifts up when the engine passes 0.65·600 = 390 rad/s (§6.8); the weak clutch (strength
        // 10) lets the engine run ahead of the wheels, so the shifts come below the road speeds of
        // §6.8 and the car reaches fifth, the top gear, within the 15 s, still below the 75 m/s
        // fifth gear allows at maxOmega.
        Simulation sim(makeGround(nullptr), std::make_shared<VehicleConfig>(referenceCar()), {});
        sim.startManeuver(maneuverFile("full-throttle.json"));
        int highest = 0;
        std::vector<int> sequence;
        while (sim.maneuverRunning()) {
            sim.step();
            const int gear = int(sim.frame().vehicle(VehicleChannel::Gear));
            if (gear != 0 && (sequence.empty() || sequence.back() != gear))
                sequence.push_back(gear);
            highest = std::max(highest, gear);
        }
        QCOMPARE(sequence, (std::vector<int>{1, 2, 3, 4, 5}));  // up through every gear, never back
        const double v = sim.frame().vehicle(VehicleChannel::ForwardSpeed);
        QVERIFY2(v > 30.0 && v < 75.0, qPrintable(QString::number(v)));
    }

    void batchRunsAreDeterministic()
    {
        auto run = [] {
            Simulation sim(makeGround(nullptr), std::make_shared<VehicleConfig>(referenceCar()), {});
            sim.startManeuver(maneuverFile("brake-from-20.json"));
            std::vector<telemetry::Frame> frames;
            while (sim.maneuverRunning()) {
                sim.step();
                frames.push_back(sim.frame());
            }
            return frames;
        };
        const auto a = run();
        const auto b = run();
        QCOMPARE(a.size(), b.size());
        QVERIFY(a.size() > 100);
        QVERIFY(std::memcmp(a.data(), b.data(), a.size() * sizeof(telemetry::Frame)) == 0);
    }

    void framesReadLateAreTheStepsFrames()
    {
        // Simulation fills the frame only when asked for: a frame read late, or first read after
        // a new configuration, must still be the last step's, bit for bit, as one read at once.
        auto physx = std::make_shared<VehicleConfig>(referenceCar());
        auto noDrive = std::make_shared<VehicleConfig>(referenceCar());
        noDrive->drive.type = DriveType::None;  // rebuilds the wheels' results: a frame filled after it differs
        Simulation eager(makeGround(nullptr), physx, {});
        Simulation late(makeGround(nullptr), physx, {});
        eager.startManeuver(maneuverFile("full-throttle.json"));
        late.startManeuver(maneuverFile("full-throttle.json"));
        for (int k = 1; k <= 300; ++k) {
            eager.step();
            late.step();
            const telemetry::Frame now = eager.frame();
            if (k == 150) {
                eager.setConfig(noDrive);
                late.setConfig(noDrive);
            }
            if (k % 7 == 0 || k == 150)
                QVERIFY2(std::memcmp(&now, &late.frame(), sizeof now) == 0, qPrintable(QString("step %1").arg(k)));
        }
        QVERIFY(eager.frame().vehicle(VehicleChannel::ForwardSpeed) > 5.0);
    }

    void chassisMotionIsTheVehiclesOwnArithmetic()
    {
        // The telemetry's chassis motion, worked out once, equals Vehicle's and Bullet's own accessors
        // bit for bit (the controllers' state and the frames' hashes depend on it).
        auto terrainDoc = loadTerrain(source("presets/terrains/proving-ground.json").string());
        QVERIFY(terrainDoc.ok());
        auto terrain = std::make_shared<const Terrain>(std::move(terrainDoc.terrain));
        Simulation sim(makeGround(terrain), std::make_shared<VehicleConfig>(referenceCar()), startPose(terrain.get()));
        sim.startManeuver(maneuverFile("full-throttle.json"));
        double maxRoll = 0.0, maxPitch = 0.0;
        for (int k = 0; k < 1200 && sim.maneuverRunning(); ++k) {
            sim.step();
            const Vehicle& v = std::as_const(sim).vehicle();
            const ChassisMotion m = chassisMotion(v);
            const btTransform t = v.chassisTransform();
            const btVector3 w = quatRotate(t.getRotation().inverse(), v.body().getAngularVelocity());
            double yaw = 0.0, pitch = 0.0, roll = 0.0;
            t.getBasis().getEulerZYX(yaw, pitch, roll);
            QVERIFY(m.transform == t);
            QVERIFY(m.localVelocity == v.localVelocity());
            QVERIFY(m.localAngularVelocity == w);
            QCOMPARE(std::bit_cast<std::uint64_t>(m.yaw), std::bit_cast<std::uint64_t>(yaw));
            QCOMPARE(std::bit_cast<std::uint64_t>(m.pitch), std::bit_cast<std::uint64_t>(pitch));
            QCOMPARE(std::bit_cast<std::uint64_t>(m.roll()), std::bit_cast<std::uint64_t>(roll));
            maxRoll = std::max(maxRoll, std::fabs(roll));
            maxPitch = std::max(maxPitch, std::fabs(pitch));
        }
        QVERIFY(maxRoll > 0.0 && maxPitch > 1e-3);  // not a level car: every angle was worked out
    }

    void runnerStepsPausesAndSwapsConfigs()
    {
        auto config = std::make_shared<VehicleConfig>(referenceCar());
        SimulationRunner runner(config, nullptr, /*startPaused=*/true);
        runner.setRealTime(false);
        runner.stepOnce();
        runner.stepOnce();
        runner.stepOnce();
        QVERIFY(waitFor([&] { return runner.status().steps == 3; }));
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        QCOMPARE(runner.status().steps, std::uint64_t(3));  // paused: nothing more
        std::vector<telemetry::Frame> frames;
        QCOMPARE(runner.telemetry().drain(frames), std::size_t(3));
        JOUNCE_VERIFY_NEAR(frames[2].time(), 3.0 / 60.0, 1e-12);

        // Drive, then swap in stiffer springs mid-run: the speed carries over.
        ManualInput drive;
        drive.mode = InputMode::Raw;
        drive.pad.accel = 1.0;
        runner.setManualInput(drive);
        runner.resume();
        QVERIFY(waitFor([&] { return runner.status().time > 6.0; }));
        runner.pause();
        QVERIFY(waitFor([&] { return runner.status().paused; }));
        frames.clear();
        runner.telemetry().drain(frames);
        const double speed = frames.back().vehicle(VehicleChannel::ForwardSpeed);
        QVERIFY(speed > 10.0);
        auto stiffer = std::make_shared<VehicleConfig>(*config);
        for (WheelConfig& w : stiffer->wheels)
            w.suspension.springStrength = 50000;
        runner.setConfig(stiffer);
        runner.stepOnce();
        QVERIFY(waitFor([&] { return runner.telemetry().pushed() == frames.size() + 3 + 1; }));
        std::vector<telemetry::Frame> next;
        runner.telemetry().drain(next);
        QCOMPARE(next.size(), std::size_t(1));
        JOUNCE_VERIFY_NEAR(next[0].vehicle(VehicleChannel::ForwardSpeed), speed, 0.3);

        runner.reset();
        runner.stepOnce();
        QVERIFY(waitFor([&] { return runner.status().time > 0 && runner.status().time < 0.1; }));
    }

    void runnerPlaysAManeuverAndKeepsUpInRealTime()
    {
        SimulationRunner runner(std::make_shared<VehicleConfig>(referenceCar()), nullptr);
        runner.startManeuver(maneuverFile("settle.json"));
        const auto start = std::chrono::steady_clock::now();
        QVERIFY(waitFor([&] { return runner.status().maneuverFinished; }, 10.0));
        const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        // 4 s of simulated time paced to the wall clock.
        QVERIFY2(wall > 3.5 && wall < 6.0, qPrintable(QString::number(wall)));
    }

    void badStatesAreCaughtAndTheRunGoesOn()
    {
        // A spring of 1e9 N/m on a 1 kg corner cannot be integrated at 60 Hz: the state blows up.
        auto wild = std::make_shared<VehicleConfig>(referenceCar());
        wild->chassis.mass = 4.0;
        wild->chassis.moi = {0.01, 0.01, 0.01};
        for (WheelConfig& w : wild->wheels) {
            w.suspension.sprungMass = 1.0;
            w.suspension.springStrength = 1e9;
            w.suspension.springDamperRate = 0.0;
        }
        Simulation sim(makeGround(nullptr), wild, {});
        int failures = 0;
        for (int i = 0; i < 600; ++i)
            failures += sim.step() ? 0 : 1;
        QVERIFY(sim.resetCount() >= 1);
        QCOMPARE(failures, sim.resetCount());
        QVERIFY(!sim.lastResetReason().empty());
        QVERIFY(std::isfinite(sim.frame().vehicle(VehicleChannel::PosZ)));
        JOUNCE_VERIFY_NEAR(sim.time(), 10.0, 1e-6);  // time went on through the resets
    }

    void runnerStopsAFailedRunAndGoesOnWithANewConfig()
    {
        // A wheel radius in millimetres: the vehicle blows up at rest. The runner must stop stepping
        // (not reset forever) and say why; a corrected configuration lets it go on.
        auto broken = std::make_shared<VehicleConfig>(referenceCar());
        broken->wheels[1].wheel.radius = 316.0;
        SimulationRunner runner(broken, nullptr);
        runner.setRealTime(false);
        QVERIFY(waitFor([&] { return !runner.status().failure.empty(); }));
        const std::uint64_t steps = runner.status().steps;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        QCOMPARE(runner.status().steps, steps);
        QCOMPARE(runner.status().resets, Simulation::kMaxConsecutiveResets);
        runner.setConfig(std::make_shared<VehicleConfig>(referenceCar()));
        QVERIFY(waitFor([&] { return runner.status().failure.empty() && runner.status().steps > steps + 60; }));
    }

    void everyPresetCompletesEveryManeuverOnBothTerrains()
    {
        std::vector<std::shared_ptr<const Terrain>> terrains;
        for (const char* t : {"presets/terrains/flat.json", "presets/terrains/proving-ground.json"}) {
            TerrainDocument doc = loadTerrain(source(t).string());
            QVERIFY2(doc.ok(), t);
            terrains.push_back(std::make_shared<const Terrain>(std::move(doc.terrain)));
        }
        int runs = 0;
        for (const auto& v : fs::directory_iterator(source("presets"))) {
            if (v.path().extension() != ".json")
                continue;
            config::VehicleFile vehicle = config::loadVehicle(v.path().string());
            QVERIFY(vehicle.ok());
            auto config = std::make_shared<const VehicleConfig>(vehicle.config);
            for (const auto& m : fs::directory_iterator(source("presets/maneuvers"))) {
                if (m.path().extension() != ".json")
                    continue;
                ManeuverDocument maneuver = loadManeuver(m.path().string());
                QVERIFY(maneuver.ok());
                for (const auto& terrain : terrains) {
                    Simulation sim(makeGround(terrain), config, startPose(terrain.get()));
                    sim.startManeuver(maneuver.maneuver, 120.0);
                    while (sim.maneuverRunning())
                        sim.step();
                    const QString what = QString::fromStdString(v.path().filename().string() + " / " +
                                                                m.path().filename().string() + " / " + terrain->name);
                    QVERIFY2(sim.resetCount() == 0, qPrintable(what + ": " + QString::fromStdString(sim.lastResetReason())));
                    QVERIFY2(!sim.maneuver()->timedOut(), qPrintable(what + " timed out"));
                    for (double x : sim.frame().words)
                        QVERIFY2(std::isfinite(x), qPrintable(what));
                    ++runs;
                }
            }
        }
        QVERIFY(runs >= 6 * 5 * 2);
    }
};

QTEST_APPLESS_MAIN(TestSimulation)
#include "test_simulation.moc"
