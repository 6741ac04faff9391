// SimulationRunner's recorded runs: where one run ends and the next begins, replays, the lockstep
// partner, and the step that drives them (docs/architecture.md "Runs and replay").

#include "run/SimulationRunnerLoop.h"

#include <cstdio>

namespace jounce::sim {
namespace {

constexpr std::size_t kMaxPhaseMarks = 10'000;  // a maneuver has a few dozen phases; the status copy stays small

void keep(std::vector<std::shared_ptr<const RunLog>>& finished, std::shared_ptr<RunLog> run)
{
    if (run && !run->inputs.empty())
        finished.push_back(std::move(run));
}

}  // namespace

std::vector<std::shared_ptr<const RunLog>> SimulationRunner::takeFinishedRuns()
{
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<const RunLog>> out;
    out.swap(finished_);
    return out;
}

void SimulationRunner::newRun(Loop& loop, std::string source, std::string maneuver)
{
    std::shared_ptr<RunLog> done = loop.logger.finish();
    std::shared_ptr<RunLog> partnerDone = loop.partner ? loop.partner->logger.finish() : nullptr;
    if (done && !done->inputs.empty())
        loop.lastFinished = done;
    {
        std::lock_guard lock(mutex_);
        const std::size_t before = finished_.size();
        keep(finished_, std::move(done));
        keep(finished_, std::move(partnerDone));
        status_.runsFinished += finished_.size() - before;
    }
    RunLog log;
    log.source = std::move(source);
    log.maneuver = std::move(maneuver);
    log.name = "Run " + std::to_string(++loop.runNumber) + " (" +
               (log.maneuver.empty() ? log.source : log.maneuver) + ")";
    log.vehicle = loop.config;
    log.terrain = loop.terrainReference;
    log.start = loop.sim.runStartPose();
    log.timeStep = loop.sim.timeStep();
    if (loop.partner) {
        RunLog b = log;
        b.name = log.name + " B";
        b.source = "lockstep B";
        b.vehicle = loop.partner->config;
        b.timeStep = loop.partner->sim.timeStep();
        loop.partner->logger.begin(std::move(b));
    }
    loop.logger.begin(std::move(log));
}

void SimulationRunner::snapshot(Loop& loop)
{
    const RunLog* current = loop.logger.current();
    if (!current || current->inputs.empty())
        return;
    auto copy = std::make_shared<RunLog>(*current);
    char span[48];
    std::snprintf(span, sizeof span, " [0–%.1f s]", current->duration());
    copy->name += span;
    std::lock_guard lock(mutex_);
    finished_.push_back(std::move(copy));
    ++status_.runsFinished;
}

void SimulationRunner::restart(Loop& loop, const SpawnPose& pose)
{
    loop.recorder.stopReplay();
    loop.sim.restartAt(pose);
    if (loop.partner)
        loop.partner->sim.restartAt(pose);
    loop.maneuverStarted = false;
    loop.sim.setManualInput(loop.driverInput);
    newRun(loop, "drive");
}

void SimulationRunner::startReplay(Loop& loop, std::shared_ptr<const RunLog> run)
{
    if (!run) {
        // The run being recorded, when it has steps (it is finished and handed over first), else
        // the last one finished.
        if (const RunLog* current = loop.logger.current(); current && !current->inputs.empty())
            newRun(loop, "drive");
        run = loop.lastFinished;
    }
    if (!run || run->inputs.empty()) {
        loop.error = "nothing to replay yet: drive or run a maneuver first";
        return;
    }
    // The replay's inputs are the run's; they live as long as the run does.
    std::shared_ptr<const InputTrack> inputs(run, &run->inputs);
    loop.recorder.startReplay(inputs, run->start);
    if (loop.partner) {
        loop.partner->sim.restartAt(run->start);
    }
    loop.maneuverStarted = false;
    loop.replayFinished = false;
    loop.error.clear();
    newRun(loop, "replay");
    RunLog* log = loop.logger.current();
    log->name = "Replay of " + run->name;
    log->maneuver = run->maneuver;
    if (run->droppedSteps > 0)
        loop.logger.event(0.0, "replays the " + std::to_string(run->inputs.steps()) + " recorded steps of the run: " +
                                   run->recordingNote());
    loop.paused = false;
}

void SimulationRunner::startPartner(Loop& loop, std::shared_ptr<const VehicleConfig> config)
{
    loop.recorder.stopReplay();
    loop.sim.restartAt(loop.sim.startPose());
    if (config)
        loop.partner = std::make_unique<LockstepPartner>(*this, makeGround(loop.terrain), std::move(config),
                                                         loop.sim.runStartPose());
    else
        loop.partner.reset();
    loop.maneuverStarted = false;
    newRun(loop, config ? "lockstep A" : "drive");
}

void SimulationRunner::step(Loop& loop)
{
    const bool maneuverWasRunning = loop.sim.maneuverRunning();
    const bool replayWasRunning = loop.recorder.replaying();
    loop.recorder.step();
    ++loop.steps;
    if (loop.partner && !loop.partner->sim.failed()) {
        // The same driver input, one-shot gear and autobox requests included, on the same step.
        loop.partner->sim.setManualInput(loop.sim.lastInput());
        loop.partner->recorder.step();
    }
    if (const int phase = loop.sim.lastStepPhase(); phase >= 0 && phase != loop.lastPhase && loop.sim.maneuver() &&
                                                    loop.phases.size() < kMaxPhaseMarks) {
        const std::vector<ManeuverPhase>& all = loop.sim.maneuver()->maneuver().phases;
        loop.phases.emplace_back(loop.sim.time(), std::size_t(phase) < all.size() ? all[std::size_t(phase)].name : "");
        loop.lastPhase = phase;
        ++loop.phasesRevision;
    }
    if (maneuverWasRunning && !loop.sim.maneuverRunning()) {
        loop.maneuverEndTime = loop.sim.time();
        loop.paused = loop.paused || !loop.keepDriving;
        if (RunLog* log = loop.logger.current())
            for (const Figure& f : loop.figures.figures())
                log->figures.push_back(RunFigure{f.id, f.label, f.unit, f.value, f.note});
    }
    if (replayWasRunning && !loop.recorder.replaying()) {
        loop.replayFinished = true;
        loop.maneuverEndTime = loop.sim.time();
        loop.paused = loop.paused || !loop.keepDriving;
        loop.sim.setManualInput(loop.driverInput);
    }
}

}  // namespace jounce::sim
