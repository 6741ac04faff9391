#pragma once
// What the sweep and tune commands share: where presets are, reading a sweep file, the progress
// line and writing results.

#include "sweep/Sweep.h"
#include "sweep/SweepRun.h"

#include <chrono>
#include <cstddef>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace jounce::cli {

/// The presets folder for preset names in sweep files: $JOUNCE_PRESETS, the installed
/// share/jounce/presets beside the executable, else the source tree's presets/.
std::string presetsDir();

/// A sweep file read and free of errors (its problems printed), or nullopt.
std::optional<sweep::Sweep> loadValidSweep(const std::string& file);

/// Progress on stderr: a bar redrawn in place when stderr is a terminal, else a plain
/// "N/TOTAL points" line every 5 % (logs of batch jobs stay short). Thread-safe.
class Progress {
public:
    /// A bar on stderr when it is a terminal and not `quiet`; nothing otherwise (a log of a batch
    /// job or a pipe gets the summary line only).
    Progress(std::string what, std::size_t total, bool quiet);
    void update(std::size_t done);
    /// Ends the bar's line.
    void finish();
    double seconds() const;

private:
    std::string what_;
    std::size_t total_;
    bool shown_;
    std::chrono::steady_clock::time_point start_;
    std::mutex mutex_;
};

/// Runs `points` on `threads` threads (0: all cores) with a Progress line named `what`; the wall
/// time in `seconds`.
std::vector<sweep::PointResult> runWithProgress(const sweep::Sweep& s, std::span<const sweep::Point> points,
                                                int threads, const std::string& what, double& seconds, bool quiet);

/// Writes `text` atomically to `out` (creating its folder), or to stdout when `out` is empty.
bool writeResult(const std::string& out, const std::string& text);

/// jounce-cli sweep SWEEP.json --sensitivity: the one-at-a-time study, its tornado table printed and
/// written to `out` (SweepAnalysisCommands.cpp).
int sensitivityRun(const std::string& file, const std::string& out, int threads, bool quiet);
/// jounce-cli sweep SWEEP.json --heatmap FIGURE: the grid's figure as a matrix CSV.
int heatMapRun(const std::string& file, const std::string& figure, const std::string& out, int threads, bool quiet);

}  // namespace jounce::cli
