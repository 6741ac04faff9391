#include "ComparisonRun.h"

#include "run/RunRecorder.h"
#include "run/Simulation.h"
#include "run/UnknownSurfaces.h"
#include "analysis/FigureRecorder.h"
#include "world/TerrainGround.h"

#include <algorithm>
#include <chrono>
#include <thread>

namespace jounce::compare {

RunTrace::RunTrace(int wheelCount) : wheelCount_(wheelCount), columns_(telemetry::csvColumns(wheelCount)) {}

void RunTrace::append(const telemetry::Frame& frame)
{
    for (const telemetry::Column& c : columns_)
        values_.push_back(frame.value(c));
}

int RunTrace::columnIndex(const telemetry::Column& column) const
{
    const auto it = std::find(columns_.begin(), columns_.end(), column);
    return it == columns_.end() ? -1 : static_cast<int>(it - columns_.begin());
}

namespace {

VehicleRun runOne(const CompareSetup& setup, std::size_t index, const RunControl& control)
{
    const CompareEntry& entry = setup.vehicles.at(index);
    VehicleRun run;
    run.trace = RunTrace(static_cast<int>(entry.config->wheels.size()));
    const auto wallStart = std::chrono::steady_clock::now();

    sim::Simulation simulation(sim::makeGround(setup.terrain), entry.config, sim::startPose(setup.terrain.get()));
    sim::RunRecorder recorder(simulation);
    sim::FigureRecorder figures;
    recorder.addObserver(figures);
    const double expected = std::min(setup.maxDuration, 600.0) / simulation.timeStep();
    run.trace.reserve(static_cast<std::size_t>(std::min(expected, 36000.0)));
    sim::StepCallback trace([&run](const sim::StepRecord& step) { run.trace.append(step.frame); });
    recorder.addObserver(trace);

    recorder.startManeuver(setup.maneuver, setup.maxDuration);
    sim::ManeuverControl runControl;
    runControl.cancel = control.cancel;
    if (control.progress)
        runControl.progress = [&](double fraction) { control.progress(index, fraction); };
    run.cancelled = !recorder.runManeuver(runControl);
    run.simulatedTime = simulation.time();
    run.resets = simulation.resetCount();
    // A failed run (reset on every step) reports its failure where resets are reported.
    run.lastResetReason = simulation.failed() ? simulation.failure() : simulation.lastResetReason();
    run.completed = !run.cancelled && !simulation.failed() && simulation.maneuver() && !simulation.maneuver()->timedOut();
    run.unknownSurfaces = sim::unknownSurfacesNote(simulation);
    if (!run.cancelled) {
        run.figures = figures.figures();
        if (control.progress)
            control.progress(index, 1.0);
    }
    run.wallTime = std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();
    return run;
}

}  // namespace

VehicleRun runVehicle(const CompareSetup& setup, std::size_t index, const RunControl& control)
{
    // A worker thread must never throw (std::terminate); a failed run reports why instead.
    try {
        return runOne(setup, index, control);
    } catch (const std::exception& e) {
        VehicleRun failed;
        failed.error = e.what();
        return failed;
    }
}

std::vector<VehicleRun> runComparison(const CompareSetup& setup, const RunControl& control)
{
    const std::size_t n = setup.vehicles.size();
    std::vector<VehicleRun> runs(n);
    std::size_t threads = control.threads > 0 ? static_cast<std::size_t>(control.threads)
                                              : std::max(1u, std::thread::hardware_concurrency());
    threads = std::min(threads, n);
    if (threads <= 1) {
        for (std::size_t i = 0; i < n; ++i)
            runs[i] = runVehicle(setup, i, control);
        return runs;
    }
    // Each worker takes the next vehicle not yet started; results go to their own slot.
    std::atomic<std::size_t> next{0};
    {
        std::vector<std::jthread> workers;
        for (std::size_t t = 0; t < threads; ++t)
            workers.emplace_back([&] {
                for (std::size_t i = next++; i < n; i = next++)
                    runs[i] = runVehicle(setup, i, control);
            });
    }
    return runs;
}

}  // namespace jounce::compare
