#include "sweep/SweepPlan.h"

#include "sweep/SweepJson.h"
#include "sweep/SweepPoints.h"

namespace jounce::sweep {

std::vector<ChunkRange> chunkRanges(std::size_t points, std::size_t chunks, const std::string& fingerprint)
{
    std::vector<ChunkRange> out;
    if (chunks == 0 || points == 0)
        return out;
    const std::size_t base = points / chunks, larger = points % chunks;
    std::size_t first = 0;
    for (std::size_t k = 0; k < chunks; ++k) {
        const std::size_t size = base + (k < larger ? 1 : 0);
        out.push_back({k, chunks, first, first + size, points, fingerprint});
        first += size;
    }
    return out;
}

std::string parallelCommand()
{
    return "parallel --halt now,fail=1 \"${JOUNCE_CLI:-jounce-cli}\" sweep --run-chunk {} --out results/{.}.csv "
           "--threads 1 ::: chunk-*.json";
}

namespace {

std::string slurmScript(const Sweep& sweep, std::size_t chunks, std::size_t points)
{
    return "#!/bin/bash\n"
           "# Slurm job array of the sweep \"" + sweep.name + "\": " + std::to_string(points) + " points in " +
           std::to_string(chunks) + " chunks, written by jounce-cli sweep --plan.\n"
           "# Submit from this folder:  sbatch sweep.slurm\n"
           "# When every task is done:   jounce-cli sweep --collect results/ --out all.csv\n"
           "# jounce-cli must be on the PATH of the nodes (or set JOUNCE_CLI to its absolute path: the tasks run in\n"
           "# this folder, e.g. sbatch --export=ALL,JOUNCE_CLI=/opt/jounce/bin/jounce-cli sweep.slurm).\n"
           "# Task logs go to this folder: Slurm opens them before the task runs, when results/ may not exist yet.\n"
           "#SBATCH --job-name=jounce-sweep\n"
           "#SBATCH --array=0-" + std::to_string(chunks - 1) + "\n"
           "#SBATCH --cpus-per-task=1\n"
           "#SBATCH --output=slurm-%A_%a.log\n"
           "set -euo pipefail\n"
           "mkdir -p results\n"
           "\"${JOUNCE_CLI:-jounce-cli}\" sweep --run-chunk \"chunk-${SLURM_ARRAY_TASK_ID}.json\" \\\n"
           "    --out \"results/chunk-${SLURM_ARRAY_TASK_ID}.csv\" --threads \"${SLURM_CPUS_PER_TASK:-1}\"\n";
}

std::string parallelScript(const Sweep& sweep, std::size_t chunks, std::size_t points)
{
    return "#!/bin/sh\n"
           "# GNU parallel over the chunks of the sweep \"" + sweep.name + "\": " + std::to_string(points) +
           " points in " + std::to_string(chunks) + " chunks, written by jounce-cli sweep --plan.\n"
           "# On this machine (one chunk per core):  sh parallel.sh\n"
           "# Over several machines, add to the parallel command:\n"
           "#   --sshloginfile nodes.txt --transferfile {} --return results/{.}.csv --cleanup\n"
           "# When it is done:  jounce-cli sweep --collect results/ --out all.csv\n"
           "set -e\n"
           "cd \"$(dirname \"$0\")\"\n"
           "mkdir -p results\n"
           "exec " + parallelCommand() + "\n";
}

}  // namespace

std::vector<PlanFile> planFiles(const Sweep& sweep, std::size_t chunks)
{
    std::vector<PlanFile> files;
    const std::size_t points = pointCount(sweep);
    const std::string fingerprint = sweepFingerprint(sweep);
    for (const ChunkRange& range : chunkRanges(points, chunks, fingerprint)) {
        Sweep chunk = sweep;
        chunk.chunk = range;
        files.push_back({"chunk-" + std::to_string(range.index) + ".json", json::formatJson(sweepToJson(chunk)), false});
    }
    files.push_back({"sweep.slurm", slurmScript(sweep, chunks, points), true});
    files.push_back({"parallel.sh", parallelScript(sweep, chunks, points), true});
    return files;
}

}  // namespace jounce::sweep
