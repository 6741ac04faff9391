#include "run/RunLogger.h"

namespace jounce::sim {

void RunLogger::begin(RunLog log)
{
    const int wheels = log.vehicle ? static_cast<int>(log.vehicle->wheels.size()) : 4;
    log.telemetry = TelemetryTrack(wheels);
    log.inputs = InputTrack{};
    log_ = std::make_shared<RunLog>(std::move(log));
}

std::shared_ptr<RunLog> RunLogger::finish() { return std::move(log_); }

void RunLogger::edit(double time, std::string text)
{
    if (log_)
        log_->edits.push_back(RunEdit{time, std::move(text)});
}

void RunLogger::stepped(const StepRecord& step)
{
    if (!log_)
        return;
    log_->inputs.append(step.input ? *step.input : ManualInput{});
    if (step.reset)
        log_->events.push_back(RunEvent{step.frame.time(), "the vehicle was reset to the start (bad state)"});
    if (log_->truncated)
        return;
    if (log_->telemetry.memoryBytes() >= maxBytes_) {
        log_->truncated = true;
        return;
    }
    log_->telemetry.append(step.frame);
}

}  // namespace jounce::sim
