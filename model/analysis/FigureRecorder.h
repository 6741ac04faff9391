#pragma once
// The handling figures of a maneuver run, as a run observer: it keeps every frame of the run and
// the phase it was stepped in (only when a phase of the maneuver is measured) and computes the
// maneuver's figures when the run ends. The frames are released then.

#include "analysis/Figures.h"
#include "scenario/RunObserver.h"

#include <cstdint>

namespace jounce::sim {

class FigureRecorder final : public RunObserver {
public:
    void maneuverStarted(const ManeuverRun& run) override;
    void stepped(const StepRecord& step) override;
    void maneuverEnded(const ManeuverRun& run) override;

    /// The figures of the last maneuver run that ended (maneuverFigures).
    const std::vector<Figure>& figures() const { return figures_; }
    /// Increases with every maneuver run that ended.
    std::uint64_t runsEnded() const { return runsEnded_; }

private:
    bool measured_ = false;
    std::vector<telemetry::Frame> frames_;
    std::vector<int> phases_;
    std::vector<Figure> figures_;
    std::uint64_t runsEnded_ = 0;
};

}  // namespace jounce::sim
