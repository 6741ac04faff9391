#include "run/RunLogger.h"

#include <cstdio>

namespace jounce::sim {
namespace {

constexpr const char* kResetText = "the vehicle was reset to the start (bad state)";
/// Room kept for the event that says the recording stopped (and a reset's event beside it): two
/// events' text and, should the list have to grow, its new capacity.
std::size_t eventReserve(const std::vector<RunEvent>& events)
{
    return 2 * 512 + (2 * events.capacity() + 2) * sizeof(RunEvent);
}

std::string boundText(std::uint64_t bytes)
{
    if (bytes >= (1u << 20) && bytes % (1u << 20) == 0)
        return std::to_string(bytes >> 20) + " MiB";
    return std::to_string(bytes) + " bytes";
}

std::string seconds(double s)
{
    char text[48];
    std::snprintf(text, sizeof text, "%.3f s", s);
    return text;
}

template <typename T>
std::size_t textsBytes(const std::vector<T>& list)
{
    std::size_t bytes = list.capacity() * sizeof(T);
    for (const T& e : list)
        bytes += e.text.capacity();
    return bytes;
}

/// What appending one more to `list` adds: its text, and the list's new capacity should it grow.
template <typename T>
std::size_t appendBytes(const std::vector<T>& list, const std::string& text)
{
    return text.capacity() + (list.size() == list.capacity() ? 2 * list.capacity() + 1 : 0) * sizeof(T);
}

}  // namespace

std::string RunLog::recordingNote() const
{
    const std::uint64_t steps = inputs.steps();
    if (droppedSteps > 0)
        return "the recording stopped after " + std::to_string(steps) + " steps (" + seconds(double(steps) * timeStep) +
               ") at its bound of " + boundText(recordingBound) + "; the run went on for " +
               std::to_string(droppedSteps) + " more steps (" + seconds(double(droppedSteps) * timeStep) +
               ") that were not recorded: a replay ends where the recording did";
    if (truncated)
        return "the telemetry stopped after " + std::to_string(telemetry.size()) + " of " + std::to_string(steps) +
               " steps at the recording bound; the inputs of every step are held";
    return "";
}

std::size_t RunLog::memoryBytes() const
{
    std::size_t bytes = sizeof(RunLog) + inputs.memoryBytes() + telemetry.memoryBytes() + textsBytes(edits) +
                        textsBytes(events) + figures.capacity() * sizeof(RunFigure);
    for (const RunFigure& f : figures)
        bytes += f.id.capacity() + f.label.capacity() + f.unit.capacity() + f.note.capacity();
    return bytes;
}

void RunLogger::begin(RunLog log)
{
    const int wheels = log.vehicle ? static_cast<int>(log.vehicle->wheels.size()) : 4;
    log.telemetry = TelemetryTrack(wheels);
    log.inputs = InputTrack{};
    log.truncated = false;
    log.droppedSteps = 0;
    log.recordingBound = 0;
    log_ = std::make_shared<RunLog>(std::move(log));
    stopped_ = false;
    stringBytes_ = textsBytes(log_->edits) - log_->edits.capacity() * sizeof(RunEdit) + textsBytes(log_->events) -
                   log_->events.capacity() * sizeof(RunEvent);
}

std::shared_ptr<RunLog> RunLogger::finish()
{
    if (log_ && log_->droppedSteps > 0) {
        char span[96];
        std::snprintf(span, sizeof span, " [0–%.1f s of %.1f s]", log_->duration(),
                      double(log_->inputs.steps() + log_->droppedSteps) * log_->timeStep);
        log_->name += span;
    }
    return std::move(log_);
}

std::size_t RunLogger::heldBytes() const
{
    return sizeof(RunLog) + log_->inputs.memoryBytes() + log_->telemetry.memoryBytes() +
           log_->edits.capacity() * sizeof(RunEdit) + log_->events.capacity() * sizeof(RunEvent) + stringBytes_;
}

template <typename T>
void RunLogger::note(std::vector<T>& list, double time, std::string text)
{
    if (!log_ || stopped_)
        return;
    if (heldBytes() + appendBytes(list, text) + eventReserve(log_->events) > maxBytes_) {
        stop(time);
        return;
    }
    list.push_back(T{time, std::move(text)});
    stringBytes_ += list.back().text.capacity();
}

void RunLogger::edit(double time, std::string text)
{
    if (log_)
        note(log_->edits, time, std::move(text));
}

void RunLogger::event(double time, std::string text)
{
    if (log_)
        note(log_->events, time, std::move(text));
}

void RunLogger::stop(double time)
{
    stopped_ = true;
    log_->recordingBound = maxBytes_;
    log_->events.push_back(RunEvent{time, "the recording stopped: it reached its bound of " + boundText(maxBytes_) +
                                              "; the run went on unrecorded"});
    stringBytes_ += log_->events.back().text.capacity();
}

void RunLogger::stepped(const StepRecord& step)
{
    if (!log_)
        return;
    if (!stopped_) {
        const std::size_t growth = log_->inputs.growthBytes() + log_->telemetry.growthBytes();
        if (heldBytes() + growth + eventReserve(log_->events) > maxBytes_)
            stop(step.frame.time());
    }
    if (stopped_) {
        ++log_->droppedSteps;
        return;
    }
    log_->inputs.append(step.input ? *step.input : ManualInput{});
    log_->telemetry.append(step.frame);
    if (step.reset) {
        log_->events.push_back(RunEvent{step.frame.time(), kResetText});
        stringBytes_ += log_->events.back().text.capacity();
    }
}

}  // namespace jounce::sim
