#include "run/SimulationRunner.h"

#include "run/RunRecorder.h"
#include "run/Simulation.h"
#include "analysis/FigureRecorder.h"
#include "world/TerrainGround.h"

#include <chrono>

namespace jounce::sim {
namespace {
using Clock = std::chrono::steady_clock;
constexpr double kMaxLag = 0.25;  // s behind the wall clock before real-time pacing gives up catching up
}  // namespace

SimulationRunner::SimulationRunner(std::shared_ptr<const VehicleConfig> config, std::shared_ptr<const Terrain> terrain,
                                   bool startPaused, std::size_t ringCapacity)
    : ring_(ringCapacity),
      thread_([this, config = std::move(config), terrain = std::move(terrain), startPaused](std::stop_token stop) mutable {
          run(stop, std::move(config), std::move(terrain), startPaused);
      })
{
}

SimulationRunner::~SimulationRunner()
{
    thread_.request_stop();
    wake_.notify_all();
}

void SimulationRunner::post(Command command)
{
    {
        std::lock_guard lock(mutex_);
        commands_.push_back(std::move(command));
    }
    wake_.notify_all();
}

void SimulationRunner::setConfig(std::shared_ptr<const VehicleConfig> config) { post(SetConfig{std::move(config)}); }
void SimulationRunner::setTerrain(std::shared_ptr<const Terrain> terrain) { post(SetTerrain{std::move(terrain)}); }
void SimulationRunner::setManualInput(const ManualInput& input) { post(SetInput{input}); }
void SimulationRunner::startManeuver(const Maneuver& maneuver) { post(StartManeuver{maneuver}); }
void SimulationRunner::stopManeuver() { post(StopManeuver{}); }
void SimulationRunner::pause() { post(Pause{true}); }
void SimulationRunner::resume() { post(Pause{false}); }
void SimulationRunner::stepOnce() { post(StepOnce{}); }
void SimulationRunner::reset() { post(Reset{}); }
void SimulationRunner::setRealTime(bool realTime) { post(SetRealTime{realTime}); }

void SimulationRunner::setKeepDrivingAfterManeuver(bool keepDriving) { post(SetKeepDriving{keepDriving}); }

void SimulationRunner::setStartPose(const SpawnPose& start) { post(SetStart{start}); }

SimulationRunner::Status SimulationRunner::status() const
{
    std::lock_guard lock(mutex_);
    return status_;
}

/// Everything the simulation thread owns while it runs; created and destroyed on that thread, as
/// every Bullet object must be.
struct SimulationRunner::Loop {
    Loop(SimulationRunner& runner, std::shared_ptr<const VehicleConfig> config, std::shared_ptr<const Terrain> ground,
         bool startPaused)
        : terrain(std::move(ground)),
          sim(makeGround(terrain), std::move(config), startPose(terrain.get())),
          recorder(sim),
          history([&runner](const StepRecord& step) { runner.ring_.push(step.frame); }),
          paused(startPaused)
    {
        recorder.addObserver(history);
        recorder.addObserver(figures);
    }

    std::shared_ptr<const Terrain> terrain;
    Simulation sim;
    RunRecorder recorder;
    StepCallback history;    // every frame to the telemetry ring
    FigureRecorder figures;  // the figures of every maneuver that ends, from all of its frames
    bool paused;
    bool realTime = true;
    bool keepDriving = false;
    double maneuverEndTime = 0.0;
    int stepsRequested = 0;
    std::uint64_t steps = 0;
    bool maneuverStarted = false;
    std::string error;
    Clock::time_point paceStart = Clock::now();
    double pacedTime = 0.0;  // simulated time since paceStart
    Clock::time_point rateStart = Clock::now();
    double rateSim = 0.0;
    double rtf = 0.0;
};

void SimulationRunner::run(std::stop_token stop, std::shared_ptr<const VehicleConfig> config,
                           std::shared_ptr<const Terrain> terrain, bool paused)
{
    Loop loop(*this, std::move(config), std::move(terrain), paused);
    std::vector<Command> pending;
    while (!stop.stop_requested()) {
        {
            std::unique_lock lock(mutex_);
            if ((loop.paused || loop.sim.failed()) && loop.stepsRequested == 0 && commands_.empty())
                wake_.wait(lock, stop, [&] { return !commands_.empty(); });
            pending.swap(commands_);
        }
        if (stop.stop_requested())
            break;
        for (Command& c : pending)
            apply(loop, c);
        pending.clear();
        // A failed run waits, like a paused one, for a new configuration, terrain or reset.
        if ((loop.paused || loop.sim.failed()) && loop.stepsRequested == 0) {
            publishStatus(loop);
            loop.paceStart = Clock::now();
            loop.pacedTime = 0.0;
            continue;
        }
        if (loop.stepsRequested > 0)
            --loop.stepsRequested;

        const bool maneuverWasRunning = loop.sim.maneuverRunning();
        loop.recorder.step();
        ++loop.steps;
        if (maneuverWasRunning && !loop.sim.maneuverRunning()) {
            loop.maneuverEndTime = loop.sim.time();
            loop.paused = loop.paused || !loop.keepDriving;
        }
        const double dt = loop.sim.timeStep();
        loop.pacedTime += dt;
        loop.rateSim += dt;
        const auto now = Clock::now();
        const double wallRate = std::chrono::duration<double>(now - loop.rateStart).count();
        if (wallRate >= 1.0) {
            loop.rtf = loop.rateSim / wallRate;
            loop.rateStart = now;
            loop.rateSim = 0.0;
        }
        publishStatus(loop);
        pace(loop, stop);
    }
}

void SimulationRunner::apply(Loop& loop, Command& command)
{
    Simulation& sim = loop.sim;
    std::visit(
        [&](auto& cmd) {
            using T = std::decay_t<decltype(cmd)>;
            if constexpr (std::is_same_v<T, SetConfig>) {
                sim.setConfig(std::move(cmd.config));
            } else if constexpr (std::is_same_v<T, SetTerrain>) {
                try {
                    sim.setGround(makeGround(cmd.terrain), startPose(cmd.terrain.get()));
                    loop.terrain = std::move(cmd.terrain);
                } catch (const std::exception& e) {
                    loop.error = std::string("terrain not used: ") + e.what();
                }
            } else if constexpr (std::is_same_v<T, SetInput>) {
                sim.setManualInput(cmd.input);
            } else if constexpr (std::is_same_v<T, StartManeuver>) {
                loop.recorder.startManeuver(cmd.maneuver);
                loop.maneuverStarted = true;
            } else if constexpr (std::is_same_v<T, StopManeuver>) {
                sim.stopManeuver();
            } else if constexpr (std::is_same_v<T, Pause>) {
                loop.paused = cmd.paused;
            } else if constexpr (std::is_same_v<T, StepOnce>) {
                ++loop.stepsRequested;
            } else if constexpr (std::is_same_v<T, Reset>) {
                sim.reset();
                loop.maneuverStarted = false;
            } else if constexpr (std::is_same_v<T, SetRealTime>) {
                loop.realTime = cmd.realTime;
            } else if constexpr (std::is_same_v<T, SetKeepDriving>) {
                loop.keepDriving = cmd.keepDriving;
            } else if constexpr (std::is_same_v<T, SetStart>) {
                sim.setStartPose(cmd.start);
                loop.maneuverStarted = false;
            }
        },
        command);
}

void SimulationRunner::publishStatus(const Loop& loop)
{
    const Simulation& sim = loop.sim;
    std::lock_guard lock(mutex_);
    status_.time = sim.time();
    status_.steps = loop.steps;
    status_.paused = loop.paused;
    status_.realTime = loop.realTime;
    status_.resets = sim.resetCount();
    status_.lastResetReason = sim.lastResetReason();
    status_.failure = sim.failure();
    status_.maneuverRunning = sim.maneuverRunning();
    status_.maneuverFinished = loop.maneuverStarted && sim.maneuver() && sim.maneuver()->finished();
    status_.maneuverEndTime = loop.maneuverEndTime;
    status_.maneuverProgress = sim.maneuver() ? sim.maneuver()->progress() : 0.0;
    status_.maneuverPhase = sim.maneuver() ? std::string(sim.maneuver()->phaseName()) : std::string();
    status_.realTimeFactor = loop.rtf;
    status_.error = loop.error;
    if (status_.figuresRun != loop.figures.runsEnded()) {
        status_.figures = loop.figures.figures();
        status_.figuresRun = loop.figures.runsEnded();
    }
}

void SimulationRunner::pace(Loop& loop, std::stop_token stop)
{
    if (loop.paused)
        return;
    if (!loop.realTime) {
        loop.paceStart = Clock::now();
        loop.pacedTime = 0.0;
        return;
    }
    // Sleep until the wall clock catches up with simulated time; if far behind, resync.
    const double ahead = loop.pacedTime - std::chrono::duration<double>(Clock::now() - loop.paceStart).count();
    if (ahead > 0) {
        std::unique_lock lock(mutex_);
        wake_.wait_for(lock, stop, std::chrono::duration<double>(ahead), [&] { return !commands_.empty(); });
    } else if (ahead < -kMaxLag) {
        loop.paceStart = Clock::now();
        loop.pacedTime = 0.0;
    }
}

}  // namespace jounce::sim
