#pragma once
// Records the run a RunRecorder steps into a RunLog: every step's driver input and telemetry
// frame, the bad-state resets, and the edits its owner reports.
//
// Memory is bounded by one figure for the whole recording, inputs and telemetry together:
// kMaxRunBytes. A closed-loop maneuver changes its input on every step, so the inputs are not the
// kilobytes per hour of a keyboard drive but about 72 bytes a step beside the telemetry's 356 (4
// wheels): both count. When the next step would take the recording past the bound, the recording
// stops -- inputs and telemetry at the same step, so what is held replays as it was -- and the run
// goes on unrecorded; the log counts the steps it dropped (RunLog::droppedSteps), says so in an
// event and in its name, and a run file carries the note. However long a run goes, its recording
// takes at most kMaxRunBytes.

#include "run/RunLog.h"
#include "scenario/RunObserver.h"

#include <memory>

namespace jounce::sim {

class RunLogger final : public RunObserver {
public:
    /// 512 MiB for a run's inputs, telemetry, edits and events together: about 1.25 million steps of
    /// a closed-loop maneuver with the 4-wheel presets (5.8 hours at 60 Hz; 356 bytes of telemetry
    /// and 72 of input a step), 7 hours of a keyboard drive, 1.8 hours of a 20-wheel vehicle.
    static constexpr std::size_t kMaxRunBytes = std::size_t(512) << 20;

    /// Starts a new log (dropping any unfinished one): `log` carries the run's description (name,
    /// source, vehicle, terrain, start pose, time step); its inputs and telemetry must be empty.
    void begin(RunLog log);
    /// Hands the log over and stops recording; null when none was begun. A log whose recording
    /// stopped at the bound has the recorded span in its name ("skidpad [0–9250.0 s of 86400.0 s]").
    std::shared_ptr<RunLog> finish();
    bool recording() const { return log_ != nullptr; }
    /// Steps recorded in the current log (0 when none).
    std::uint64_t steps() const { return log_ ? log_->inputs.steps() : 0; }
    const RunLog* current() const { return log_.get(); }
    RunLog* current() { return log_.get(); }

    /// An edit that took effect at simulated time `time` (not kept once the recording has stopped).
    void edit(double time, std::string text);
    /// Something that happened to the run at `time` (likewise).
    void event(double time, std::string text);
    /// The bound of the next logs begun (tests use a small one to reach it quickly).
    void setMaxBytes(std::size_t bytes) { maxBytes_ = bytes; }
    std::size_t maxBytes() const { return maxBytes_; }

    void stepped(const StepRecord& step) override;

private:
    /// Bytes the log holds now, as RunLog::memoryBytes() counts them (but its figures, which its owner
    /// adds once at the end), in constant time.
    std::size_t heldBytes() const;
    void stop(double time);
    /// Appends to the edits or events when it fits the bound (else the recording stops there).
    template <typename T>
    void note(std::vector<T>& list, double time, std::string text);

    std::shared_ptr<RunLog> log_;
    std::size_t maxBytes_ = kMaxRunBytes;
    bool stopped_ = false;
    std::size_t stringBytes_ = 0;  ///< the texts of the edits and events
};

}  // namespace jounce::sim
