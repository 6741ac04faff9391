#include "RunStatus.h"

namespace jounce::compare {
namespace {

/// Everything of a run but its trace (the charts keep that; a table needs the figures only).
VehicleRun withoutTrace(const VehicleRun& run)
{
    VehicleRun out;
    out.figures = run.figures;
    out.completed = run.completed;
    out.cancelled = run.cancelled;
    out.resets = run.resets;
    out.lastResetReason = run.lastResetReason;
    out.simulatedTime = run.simulatedTime;
    out.wallTime = run.wallTime;
    out.error = run.error;
    out.unknownSurfaces = run.unknownSurfaces;
    return out;
}

}  // namespace

std::string resultStatusText(ResultStatus status)
{
    switch (status) {
    case ResultStatus::Current: return "current";
    case ResultStatus::Stale: return "stale: the vehicle changed after the run";
    case ResultStatus::NotRun: return "not run";
    }
    return {};
}

MatchedRuns matchRuns(std::span<const VehicleRun> runs, std::span<const RunKey> ran, std::span<const RunKey> shown)
{
    MatchedRuns out;
    for (const RunKey& key : shown) {
        std::size_t i = 0;
        while (i < ran.size() && i < runs.size() && ran[i].slot != key.slot)
            ++i;
        if (i == ran.size() || i == runs.size() || !key.config || !ran[i].config) {
            out.runs.emplace_back();
            out.status.push_back(ResultStatus::NotRun);
            continue;
        }
        out.runs.push_back(withoutTrace(runs[i]));
        const bool same = key.config == ran[i].config || *key.config == *ran[i].config;
        out.status.push_back(same ? ResultStatus::Current : ResultStatus::Stale);
    }
    return out;
}

}  // namespace jounce::compare
