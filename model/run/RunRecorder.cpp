#include "run/RunRecorder.h"

#include <algorithm>

namespace jounce::sim {
namespace {

PlanarPose planar(const SpawnPose& p) { return PlanarPose{p.x, p.y, p.heading}; }

}  // namespace

void RunRecorder::removeObserver(RunObserver& observer)
{
    observers_.erase(std::remove(observers_.begin(), observers_.end(), &observer), observers_.end());
}

void RunRecorder::startManeuver(const Maneuver& maneuver, double maxDuration)
{
    sim_.startManeuver(maneuver, std::min(maxDuration, maxRunDuration(sim_.timeStep())));
    maneuver_ = maneuver;
    const ManeuverRun run{maneuver_, sim_.config(), planar(sim_.runStartPose())};
    for (RunObserver* o : observers_)
        o->maneuverStarted(run);
}

void RunRecorder::startReplay(std::shared_ptr<const InputTrack> inputs, const SpawnPose& start)
{
    sim_.restartAt(start);
    replayStep_ = 0;
    replay_ = inputs && !inputs->empty() ? std::move(inputs) : nullptr;
}

bool RunRecorder::runReplay(const ManeuverControl& control)
{
    double reported = 0.0;
    while (replay_ && !sim_.failed()) {
        if (control.cancel && control.cancel->load(std::memory_order_relaxed))
            return false;
        step();
        const double fraction = replay_ ? double(replayStep_) / double(replay_->steps()) : 1.0;
        if (control.progress && fraction >= reported + 0.05) {
            reported = fraction;
            control.progress(fraction);
        }
    }
    return true;
}

bool RunRecorder::step()
{
    if (replay_)
        sim_.setManualInput(replay_->at(replayStep_++));
    const bool inManeuver = sim_.maneuverRunning();
    const bool ok = sim_.step();
    ++steps_;
    const StepRecord record{sim_.frame(), sim_.lastStepPhase(), inManeuver, !ok, &sim_.lastInput()};
    for (RunObserver* o : observers_)
        o->stepped(record);
    if (inManeuver && !sim_.maneuverRunning()) {
        const ManeuverRun run{maneuver_, sim_.config(), planar(sim_.runStartPose()), !sim_.maneuver()->timedOut() && !sim_.failed()};
        for (RunObserver* o : observers_)
            o->maneuverEnded(run);
    }
    if (replay_ && replayStep_ >= replay_->steps())
        replay_.reset();
    return ok;
}

bool RunRecorder::runManeuver(const ManeuverControl& control)
{
    double reported = 0.0;
    while (sim_.maneuverRunning()) {
        if (control.cancel && control.cancel->load(std::memory_order_relaxed))
            return false;
        step();
        if (control.progress && sim_.maneuver()) {
            const double fraction = sim_.maneuver()->progress();
            if (fraction >= reported + 0.05) {
                reported = fraction;
                control.progress(fraction);
            }
        }
    }
    return true;
}

}  // namespace jounce::sim
