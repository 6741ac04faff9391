#include "run/SimulationRunner.h"

#include "run/SimulationRunnerLoop.h"

#include <chrono>

namespace jounce::sim {
namespace {
using Clock = std::chrono::steady_clock;
constexpr double kMaxLag = 0.25;  // s behind the wall clock before real-time pacing gives up catching up
}  // namespace

SimulationRunner::SimulationRunner(std::shared_ptr<const VehicleConfig> config, std::shared_ptr<const Terrain> terrain,
                                   bool startPaused, std::size_t ringCapacity)
    : ring_(ringCapacity),
      partnerRing_(ringCapacity),
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

void SimulationRunner::setConfig(std::shared_ptr<const VehicleConfig> config, std::string editText)
{
    post(SetConfig{std::move(config), std::move(editText)});
}
void SimulationRunner::setTerrain(std::shared_ptr<const Terrain> terrain, TerrainReference reference)
{
    post(SetTerrain{std::move(terrain), std::move(reference)});
}
void SimulationRunner::replay(std::shared_ptr<const RunLog> run) { post(Replay{std::move(run)}); }
void SimulationRunner::setPartner(std::shared_ptr<const VehicleConfig> config) { post(SetPartner{std::move(config)}); }
void SimulationRunner::snapshotRun() { post(Snapshot{}); }
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

void SimulationRunner::run(std::stop_token stop, std::shared_ptr<const VehicleConfig> config,
                           std::shared_ptr<const Terrain> terrain, bool paused)
{
    Loop loop(*this, std::move(config), std::move(terrain), paused);
    newRun(loop, "drive");
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

        step(loop);
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
                const bool sameWheels = cmd.config->wheels.size() == loop.config->wheels.size();
                loop.config = cmd.config;
                sim.setConfig(std::move(cmd.config));
                if (!sameWheels) {  // a run's telemetry has one shape: another vehicle starts another run
                    sim.reset();
                    newRun(loop, "drive");
                } else if (!cmd.editText.empty()) {
                    loop.logger.edit(sim.time(), std::move(cmd.editText));
                }
            } else if constexpr (std::is_same_v<T, SetTerrain>) {
                try {
                    sim.setGround(makeGround(cmd.terrain), startPose(cmd.terrain.get()));
                    loop.terrain = std::move(cmd.terrain);
                    loop.terrainReference = std::move(cmd.reference);
                    if (loop.partner)
                        loop.partner->sim.setGround(makeGround(loop.terrain), sim.startPose());
                    newRun(loop, "drive");
                } catch (const std::exception& e) {
                    loop.error = std::string("terrain not used: ") + e.what();
                }
            } else if constexpr (std::is_same_v<T, SetInput>) {
                loop.driverInput = cmd.input;
                if (!loop.recorder.replaying())  // a replay drives with its own inputs
                    sim.setManualInput(cmd.input);
            } else if constexpr (std::is_same_v<T, StartManeuver>) {
                loop.recorder.stopReplay();
                loop.recorder.startManeuver(cmd.maneuver);
                if (loop.partner)
                    loop.partner->sim.restartAt(sim.runStartPose());
                loop.maneuverStarted = true;
                loop.phases.clear();
                loop.lastPhase = -1;
                ++loop.phasesRevision;
                newRun(loop, "maneuver", cmd.maneuver.name);
            } else if constexpr (std::is_same_v<T, StopManeuver>) {
                sim.stopManeuver();
            } else if constexpr (std::is_same_v<T, Pause>) {
                loop.paused = cmd.paused;
            } else if constexpr (std::is_same_v<T, StepOnce>) {
                ++loop.stepsRequested;
            } else if constexpr (std::is_same_v<T, Reset>) {
                restart(loop, sim.startPose());
            } else if constexpr (std::is_same_v<T, SetRealTime>) {
                loop.realTime = cmd.realTime;
            } else if constexpr (std::is_same_v<T, SetKeepDriving>) {
                loop.keepDriving = cmd.keepDriving;
            } else if constexpr (std::is_same_v<T, SetStart>) {
                sim.setStartPose(cmd.start);
                restart(loop, cmd.start);
            } else if constexpr (std::is_same_v<T, Replay>) {
                startReplay(loop, std::move(cmd.run));
            } else if constexpr (std::is_same_v<T, SetPartner>) {
                startPartner(loop, std::move(cmd.config));
            } else if constexpr (std::is_same_v<T, Snapshot>) {
                snapshot(loop);
            }
        },
        command);
}

void SimulationRunner::publishStatus(Loop& loop)
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
    status_.runName = loop.logger.current() ? loop.logger.current()->name : std::string();
    status_.replaying = loop.recorder.replaying();
    status_.replayProgress =
        status_.replaying ? double(loop.recorder.replayedSteps()) / double(loop.recorder.replayLength()) : 0.0;
    status_.replayFinished = loop.replayFinished;
    status_.lockstep = loop.partner != nullptr;
    status_.partnerFailure = loop.partner ? loop.partner->sim.failure() : std::string();
    if (loop.phasesPublished != loop.phasesRevision) {
        status_.maneuverPhases = loop.phases;
        loop.phasesPublished = loop.phasesRevision;
    }
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
