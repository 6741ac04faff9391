#pragma once
// Scale-out without a scheduler of our own (docs/sweeps.md "On a cluster"): a sweep cut into chunks
// of consecutive points, each a self-contained sweep file (vehicle, maneuver and terrain inlined, so
// nothing beside it is needed), plus a Slurm job-array script and a GNU parallel script that run
// `jounce-cli sweep --run-chunk` on each. `--collect` merges what they write.

#include "sweep/Sweep.h"

#include <string>
#include <vector>

namespace jounce::sweep {

/// `chunks` ranges of nearly equal size (the first ones one point larger) covering [0, points).
std::vector<ChunkRange> chunkRanges(std::size_t points, std::size_t chunks, const std::string& fingerprint);

struct PlanFile {
    std::string name;  ///< relative to the plan folder: "chunk-3.json", "sweep.slurm", "parallel.sh"
    std::string text;
    bool executable = false;
};

/// The chunk files "chunk-K.json" (K from 0), "sweep.slurm" and "parallel.sh". `chunks` must be
/// between 1 and the sweep's point count.
std::vector<PlanFile> planFiles(const Sweep& sweep, std::size_t chunks);

/// The GNU parallel command line parallel.sh runs from the plan folder.
std::string parallelCommand();

}  // namespace jounce::sweep
