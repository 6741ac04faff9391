#pragma once
// The handling figures of a maneuver run, as a run observer: it keeps a FigureSample (the channels
// the figures read, about 100 bytes) of every step of the run and the phase it was stepped in, only
// when a phase of the maneuver is measured, and computes the maneuver's figures when the run ends.
// The samples are released then. Memory is bounded: beyond kMaxSamples steps the run is not
// measured and its figures say why.

#include "analysis/Figures.h"
#include "scenario/RunObserver.h"

#include <cstdint>

namespace jounce::sim {

class FigureRecorder final : public RunObserver {
public:
    /// The longest measured run: 2.3 hours at 60 Hz, 50 s at the 10 kHz floor of the time step;
    /// about 55 MB of samples.
    static constexpr std::size_t kMaxSamples = 500'000;

    void maneuverStarted(const ManeuverRun& run) override;
    void stepped(const StepRecord& step) override;
    void maneuverEnded(const ManeuverRun& run) override;

    /// The figures of the last maneuver run that ended (maneuverFigures).
    const std::vector<Figure>& figures() const { return figures_; }
    /// Increases with every maneuver run that ended.
    std::uint64_t runsEnded() const { return runsEnded_; }

private:
    bool measured_ = false;
    bool overflowed_ = false;
    std::vector<FigureSample> frames_;
    std::vector<int> phases_;
    std::vector<Figure> figures_;
    std::uint64_t runsEnded_ = 0;
};

}  // namespace jounce::sim
