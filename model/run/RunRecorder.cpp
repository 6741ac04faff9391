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

bool RunRecorder::step()
{
    const bool inManeuver = sim_.maneuverRunning();
    const bool ok = sim_.step();
    ++steps_;
    const StepRecord record{sim_.frame(), sim_.lastStepPhase(), inManeuver, !ok};
    for (RunObserver* o : observers_)
        o->stepped(record);
    if (inManeuver && !sim_.maneuverRunning()) {
        const ManeuverRun run{maneuver_, sim_.config(), planar(sim_.runStartPose()), !sim_.maneuver()->timedOut() && !sim_.failed()};
        for (RunObserver* o : observers_)
            o->maneuverEnded(run);
    }
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
