#include "analysis/FigureRecorder.h"

#include <algorithm>

namespace jounce::sim {

void FigureRecorder::maneuverStarted(const ManeuverRun& run)
{
    // Figures need whole runs only when a phase is measured; other runs keep nothing.
    measured_ = std::any_of(run.maneuver.phases.begin(), run.maneuver.phases.end(),
                            [](const ManeuverPhase& p) { return p.measure.has_value(); });
    overflowed_ = false;
    frames_.clear();
    phases_.clear();
}

void FigureRecorder::stepped(const StepRecord& step)
{
    if (!step.inManeuver || !measured_ || overflowed_)
        return;
    if (frames_.size() >= kMaxSamples) {
        overflowed_ = true;
        frames_ = {};
        phases_ = {};
        return;
    }
    frames_.emplace_back(step.frame);
    phases_.push_back(step.phase);
}

void FigureRecorder::maneuverEnded(const ManeuverRun& run)
{
    FigureInput input;
    input.frames = frames_;
    input.maneuver = &run.maneuver;
    input.vehicle = &run.vehicle;
    input.start = run.start;
    input.framePhase = std::move(phases_);
    figures_ = maneuverFigures(input);
    if (overflowed_)
        for (Figure& f : figures_)
            f.note = "not measured: the run took more than " + std::to_string(kMaxSamples) +
                     " steps (a shorter maneuver or a longer time step measures it)";
    ++runsEnded_;
    frames_ = {};
    phases_ = {};
}

}  // namespace jounce::sim
