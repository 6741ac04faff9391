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
void SimulationRunner::setDriverInput(const ManualInput& input) { post(SetInput{input}); }
void SimulationRunner::startManeuver(const Maneuver& maneuver) { post(StartManeuver{maneuver}); }
void SimulationRunner::stopManeuver() { post(StopManeuver{}); }
void SimulationRunner::pause() { post(Pause{true}); }
void SimulationRunner::resume() { post(Pause{false}); }
void SimulationRunner::stepOnce() { post(StepOnce{}); }
void SimulationRunner::reset() { post(Reset{}); }
void SimulationRunner::setRealTime(bool realTime) { post(SetRealTime{realTime}); }

SimulationRunner::Status SimulationRunner::status() const
{
    std::lock_guard lock(mutex_);
    return status_;
}

void SimulationRunner::run(std::stop_token stop, std::shared_ptr<const VehicleConfig> config,
                           std::shared_ptr<const Terrain> terrain, bool paused)
{
    // Every Bullet object is created, used and destroyed on this thread.
    Simulation sim(makeGround(terrain), std::move(config), startPose(terrain.get()));
    RunRecorder recorder(sim);
    StepCallback history([this](const StepRecord& step) { ring_.push(step.frame); });
    FigureRecorder figures;  // the figures of every maneuver that ends, from all of its frames
    recorder.addObserver(history);
    recorder.addObserver(figures);
    bool realTime = true;
    int stepsRequested = 0;
    std::uint64_t steps = 0;
    bool maneuverStarted = false;
    std::string error;
    auto paceStart = Clock::now();
    double pacedTime = 0.0;  // simulated time since paceStart
    auto rateStart = Clock::now();
    double rateSim = 0.0;
    double rtf = 0.0;
    std::vector<Command> pending;

    while (!stop.stop_requested()) {
        {
            std::unique_lock lock(mutex_);
            if (paused && stepsRequested == 0 && commands_.empty())
                wake_.wait(lock, stop, [&] { return !commands_.empty(); });
            pending.swap(commands_);
        }
        if (stop.stop_requested())
            break;
        for (Command& c : pending) {
            std::visit(
                [&](auto& cmd) {
                    using T = std::decay_t<decltype(cmd)>;
                    if constexpr (std::is_same_v<T, SetConfig>) {
                        sim.setConfig(std::move(cmd.config));
                    } else if constexpr (std::is_same_v<T, SetTerrain>) {
                        try {
                            sim.setGround(makeGround(cmd.terrain), startPose(cmd.terrain.get()));
                            terrain = std::move(cmd.terrain);
                        } catch (const std::exception& e) {
                            error = std::string("terrain not used: ") + e.what();
                        }
                    } else if constexpr (std::is_same_v<T, SetInput>) {
                        sim.setDriverInput(cmd.input);
                    } else if constexpr (std::is_same_v<T, StartManeuver>) {
                        recorder.startManeuver(cmd.maneuver);
                        maneuverStarted = true;
                    } else if constexpr (std::is_same_v<T, StopManeuver>) {
                        sim.stopManeuver();
                    } else if constexpr (std::is_same_v<T, Pause>) {
                        paused = cmd.paused;
                    } else if constexpr (std::is_same_v<T, StepOnce>) {
                        ++stepsRequested;
                    } else if constexpr (std::is_same_v<T, Reset>) {
                        sim.reset();
                        maneuverStarted = false;
                    } else if constexpr (std::is_same_v<T, SetRealTime>) {
                        realTime = cmd.realTime;
                    }
                },
                c);
        }
        pending.clear();
        if (paused && stepsRequested == 0) {
            paceStart = Clock::now();
            pacedTime = 0.0;
            std::lock_guard lock(mutex_);
            status_.paused = true;
            status_.error = error;
            continue;
        }
        if (stepsRequested > 0)
            --stepsRequested;

        recorder.step();
        ++steps;
        const double dt = sim.timeStep();
        pacedTime += dt;
        rateSim += dt;

        const auto now = Clock::now();
        const double wallRate = std::chrono::duration<double>(now - rateStart).count();
        if (wallRate >= 1.0) {
            rtf = rateSim / wallRate;
            rateStart = now;
            rateSim = 0.0;
        }
        {
            std::lock_guard lock(mutex_);
            status_.time = sim.time();
            status_.steps = steps;
            status_.paused = paused;
            status_.realTime = realTime;
            status_.resets = sim.resetCount();
            status_.lastResetReason = sim.lastResetReason();
            status_.maneuverRunning = sim.maneuverRunning();
            status_.maneuverFinished = maneuverStarted && sim.maneuver() && sim.maneuver()->finished();
            status_.maneuverProgress = sim.maneuver() ? sim.maneuver()->progress() : 0.0;
            status_.maneuverPhase = sim.maneuver() ? std::string(sim.maneuver()->phaseName()) : std::string();
            status_.realTimeFactor = rtf;
            status_.error = error;
            if (status_.figuresRun != figures.runsEnded()) {
                status_.figures = figures.figures();
                status_.figuresRun = figures.runsEnded();
            }
        }

        if (realTime && !paused) {
            // Sleep until the wall clock catches up with simulated time; if far behind, resync.
            const double ahead = pacedTime - std::chrono::duration<double>(Clock::now() - paceStart).count();
            if (ahead > 0) {
                std::unique_lock lock(mutex_);
                wake_.wait_for(lock, stop, std::chrono::duration<double>(ahead), [&] { return !commands_.empty(); });
            } else if (ahead < -kMaxLag) {
                paceStart = Clock::now();
                pacedTime = 0.0;
            }
        } else if (!realTime && !paused) {
            paceStart = Clock::now();
            pacedTime = 0.0;
        }
    }
}

}  // namespace jounce::sim
