// jounce-cli sweep: every point of a sweep file on all local cores, or the same sweep planned into
// chunks for a cluster (--plan), one chunk run (--run-chunk) and the chunks' results merged
// (--collect); --sensitivity and --heatmap are in SweepAnalysisCommands.cpp. docs/sweeps.md.

#include "CliCommands.h"
#include "SweepCli.h"

#include "json/TextFile.h"
#include "sweep/SweepJson.h"
#include "sweep/SweepPlan.h"
#include "sweep/SweepPoints.h"
#include "sweep/SweepTable.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>

namespace jounce::cli {
namespace {

namespace fs = std::filesystem;

/// How the modes' options combine: a usage message, or "" when they are fine.
std::string checkModes(const SweepOptions& a)
{
    const int modes = int(!a.plan.empty()) + int(!a.runChunk.empty()) + int(!a.collect.empty()) + int(a.sensitivity) +
                      int(!a.heatmap.empty());
    if (modes > 1)
        return "--plan, --run-chunk, --collect, --sensitivity and --heatmap do not go together";
    if ((!a.runChunk.empty() || !a.collect.empty()) != a.file.empty())
        return a.file.empty() ? "a SWEEP.json file is needed" : "--run-chunk and --collect take no SWEEP.json";
    if (!a.plan.empty() && a.chunks == 0)
        return "--plan needs --chunks N";
    if (a.chunks > 0 && a.plan.empty())
        return "--chunks goes with --plan DIR";
    if (!a.runChunk.empty() && a.out.empty())
        return "--run-chunk needs --out RESULT.csv";
    return {};
}

/// The failed points' reasons on stderr (the first few), and how many there were.
std::size_t reportFailures(std::span<const sweep::PointResult> results)
{
    std::size_t failed = 0;
    for (const sweep::PointResult& r : results) {
        if (r.ok())
            continue;
        if (++failed <= 5)
            std::cerr << "  point " << r.id << ": " << r.status << "\n";
    }
    if (failed > 5)
        std::cerr << "  ... and " << failed - 5 << " more (see the status column)\n";
    return failed;
}

int localRun(const SweepOptions& a)
{
    const std::optional<sweep::Sweep> s = loadValidSweep(a.file);
    if (!s)
        return 1;
    if (sweep::pointCount(*s) == 0) {
        std::cerr << "jounce-cli: " << a.file << ": no points: a range of a grid needs \"steps\"\n";
        return 1;
    }
    const std::vector<sweep::Point> points = sweep::makePoints(*s);
    double seconds = 0.0;
    const std::vector<sweep::PointResult> results = runWithProgress(*s, points, a.threads, "sweep " + s->name, seconds, a.quiet);
    if (!writeResult(a.out, sweep::tableCsv(*s, results)))
        return 1;
    const std::size_t failed = reportFailures(results);
    const std::size_t threads = sweep::workerCount(a.threads, points.size());
    std::fprintf(a.out.empty() ? stderr : stdout, "sweep \"%s\": %zu points on %zu thread%s in %.2f s, %zu ok, %zu not%s%s\n",
                 s->name.c_str(), points.size(), threads, threads == 1 ? "" : "s", seconds, points.size() - failed,
                 failed, a.out.empty() ? "" : "; results: ", a.out.c_str());
    return 0;
}

int plan(const SweepOptions& a)
{
    const std::optional<sweep::Sweep> s = loadValidSweep(a.file);
    if (!s)
        return 1;
    const std::size_t points = sweep::pointCount(*s);
    if (points == 0) {
        std::cerr << "jounce-cli: " << a.file << ": no points: a range of a grid needs \"steps\"\n";
        return 1;
    }
    if (a.chunks > points)
        return usageError("sweep: --chunks " + std::to_string(a.chunks) + ": the sweep has only " + std::to_string(points) + " points");
    std::error_code ec;
    fs::create_directories(fs::path(a.plan) / "results", ec);
    if (ec) {
        std::cerr << "jounce-cli: cannot create " << a.plan << "/results: " << ec.message() << "\n";
        return 1;
    }
    for (const sweep::PlanFile& f : sweep::planFiles(*s, a.chunks)) {
        const fs::path path = fs::path(a.plan) / f.name;
        if (const std::string err = json::writeFileAtomic(path.string(), f.text); !err.empty()) {
            std::cerr << "jounce-cli: " << err << "\n";
            return 1;
        }
        if (f.executable)
            fs::permissions(path, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec, fs::perm_options::add, ec);
    }
    std::printf("sweep \"%s\": %zu points in %zu chunks in %s (chunk-0.json ... chunk-%zu.json)\n", s->name.c_str(), points,
                a.chunks, a.plan.c_str(), a.chunks - 1);
    std::printf("Slurm:          cd %s && sbatch sweep.slurm\n", a.plan.c_str());
    std::printf("GNU parallel:   cd %s && %s\n", a.plan.c_str(), sweep::parallelCommand().c_str());
    std::printf("                (or sh %s/parallel.sh)\n", a.plan.c_str());
    std::printf("then:           jounce-cli sweep --collect %s/results --out all.csv\n", a.plan.c_str());
    return 0;
}

int runChunk(const SweepOptions& a)
{
    const std::optional<sweep::Sweep> s = loadValidSweep(a.runChunk);
    if (!s)
        return 1;
    if (!s->chunk) {
        std::cerr << "jounce-cli: " << a.runChunk << " is a sweep, not a chunk of a plan: run it with jounce-cli sweep "
                  << a.runChunk << "\n";
        return 1;
    }
    if (sweep::sweepFingerprint(*s) != s->chunk->fingerprint) {
        std::cerr << "jounce-cli: " << a.runChunk << ": /chunk/fingerprint: the file was changed after it was planned; "
                  << "plan the sweep again\n";
        return 1;
    }
    const std::vector<sweep::Point> points = sweep::makePoints(*s, s->chunk->first, s->chunk->end);
    double seconds = 0.0;
    const std::vector<sweep::PointResult> results = runWithProgress(*s, points, a.threads, "sweep " + s->name, seconds, a.quiet);
    if (!writeResult(a.out, sweep::chunkCsv(*s, results)))
        return 1;
    const std::size_t failed = reportFailures(results);
    std::printf("chunk %zu of %zu: points %zu to %zu in %.2f s, %zu ok, %zu not; results: %s\n", s->chunk->index,
                s->chunk->count, s->chunk->first, s->chunk->end - 1, seconds, points.size() - failed, failed, a.out.c_str());
    return 0;
}

int collect(const SweepOptions& a)
{
    std::error_code ec;
    std::vector<fs::path> paths;
    for (const fs::directory_entry& e : fs::directory_iterator(a.collect, ec))
        if (e.is_regular_file() && e.path().extension() == ".csv")
            paths.push_back(e.path());
    if (ec) {
        std::cerr << "jounce-cli: cannot read the folder " << a.collect << ": " << ec.message() << "\n";
        return 1;
    }
    std::sort(paths.begin(), paths.end());
    std::vector<sweep::ChunkFile> files;
    for (const fs::path& p : paths) {
        sweep::ChunkFile f{p.string(), {}};
        if (const std::string err = json::readTextFile(f.name, std::size_t(1) << 30, f.text); !err.empty()) {
            std::cerr << "jounce-cli: " << f.name << ": " << err << "\n";
            return 1;
        }
        files.push_back(std::move(f));
    }
    const sweep::Collected merged = sweep::collectChunks(files);
    if (!merged.ok()) {
        std::cerr << "jounce-cli: sweep --collect " << a.collect << ": " << merged.error << "\n";
        return 1;
    }
    if (!writeResult(a.out, merged.table))
        return 1;
    std::fprintf(a.out.empty() ? stderr : stdout, "collected %zu points from %zu files (a plan of %zu chunks)%s%s\n",
                 merged.points, files.size(), merged.chunks, a.out.empty() ? "" : ": ", a.out.c_str());
    return 0;
}

}  // namespace

int sweepCommand(const SweepOptions& a)
{
    if (const std::string err = checkModes(a); !err.empty())
        return usageError("sweep: " + err + "\nusage: " + kSweepUsage);
    if (!a.plan.empty())
        return plan(a);
    if (!a.runChunk.empty())
        return runChunk(a);
    if (!a.collect.empty())
        return collect(a);
    if (a.sensitivity)
        return sensitivityRun(a.file, a.out, a.threads, a.quiet);
    if (!a.heatmap.empty())
        return heatMapRun(a.file, a.heatmap, a.out, a.threads, a.quiet);
    return localRun(a);
}

}  // namespace jounce::cli
