#pragma once
// Records the run a RunRecorder steps into a RunLog: every step's driver input and telemetry
// frame, the bad-state resets, and the edits its owner reports. Memory is bounded: past
// kMaxTelemetryBytes of telemetry the log is marked truncated and keeps only the inputs (which
// take kilobytes per hour), so however long a run goes the recording stays bounded.

#include "run/RunLog.h"
#include "scenario/RunObserver.h"

#include <memory>

namespace jounce::sim {

class RunLogger final : public RunObserver {
public:
    /// 512 MiB: more than an hour of the 20-wheel tank at 60 Hz (about 280 MB per hour); the
    /// 4-wheel presets take about 70 MB per hour.
    static constexpr std::size_t kMaxTelemetryBytes = std::size_t(512) << 20;

    /// Starts a new log (dropping any unfinished one): `log` carries the run's description (name,
    /// source, vehicle, terrain, start pose, time step); its inputs and telemetry must be empty.
    void begin(RunLog log);
    /// Hands the log over and stops recording; null when none was begun.
    std::shared_ptr<RunLog> finish();
    bool recording() const { return log_ != nullptr; }
    /// Steps recorded in the current log (0 when none).
    std::uint64_t steps() const { return log_ ? log_->inputs.steps() : 0; }
    const RunLog* current() const { return log_.get(); }
    RunLog* current() { return log_.get(); }

    /// An edit that took effect at simulated time `time`.
    void edit(double time, std::string text);
    void setMaxTelemetryBytes(std::size_t bytes) { maxBytes_ = bytes; }

    void stepped(const StepRecord& step) override;

private:
    std::shared_ptr<RunLog> log_;
    std::size_t maxBytes_ = kMaxTelemetryBytes;
};

}  // namespace jounce::sim
