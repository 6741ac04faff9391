#include "sweep/SweepRun.h"

#include "sweep/SweepEdits.h"

#include "analysis/FigureRecorder.h"
#include "config/VehicleValidation.h"
#include "run/RunRecorder.h"
#include "run/Simulation.h"
#include "world/TerrainGround.h"

#include <algorithm>
#include <mutex>
#include <thread>

namespace jounce::sweep {
namespace {

std::string oneLine(std::string text)
{
    std::replace(text.begin(), text.end(), '\n', ' ');
    std::replace(text.begin(), text.end(), '\r', ' ');
    return text;
}

/// The run of one valid vehicle: figures in the sweep's order and the status.
void simulate(const Sweep& sweep, std::shared_ptr<const VehicleConfig> config, const std::atomic<bool>* cancel,
              std::shared_ptr<sim::Ground> ground, PointResult& out)
{
    // A ground is reused by one simulation after another: each World adds its collision object and
    // removes it when it ends, so no state of one point reaches the next.
    sim::Simulation simulation(ground ? std::move(ground) : sim::makeGround(sweep.terrain), std::move(config),
                               sim::startPose(sweep.terrain.get()));
    sim::RunRecorder recorder(simulation);
    sim::FigureRecorder figures;
    recorder.addObserver(figures);
    recorder.startManeuver(sweep.maneuver, sweep.maxDuration);
    sim::ManeuverControl control;
    control.cancel = cancel;
    if (!recorder.runManeuver(control)) {
        out.status = "cancelled";
        return;
    }
    for (const std::string& id : sweep.figures) {
        const auto& all = figures.figures();
        const auto f = std::find_if(all.begin(), all.end(), [&](const sim::Figure& x) { return x.id == id; });
        out.figures.push_back(f != all.end() ? f->value : std::nullopt);
    }
    if (simulation.failed())
        out.status = "bad state: " + simulation.failure();
    else if (simulation.resetCount() > 0)
        out.status = "bad state: reset " + std::to_string(simulation.resetCount()) + " times (last: " +
                     simulation.lastResetReason() + "), the figures are suspect";
    else if (simulation.maneuver() && simulation.maneuver()->timedOut())
        out.status = "time limit: the maneuver had not ended after " + json::formatNumber(sweep.maxDuration) + " s";
}

}  // namespace

PointRunner::PointRunner(const Sweep& sweep)
    : sweep_(sweep), session_(sweep.vehicle, validateVehicle(*sweep.vehicle))
{
}

config::EditResult PointRunner::vehicle(const Point& point) const
{
    return session_.apply(pointEdits(sweep_, point));
}

std::shared_ptr<sim::Ground> PointRunner::ground() const noexcept
{
    try {
        return sim::makeGround(sweep_.terrain);
    } catch (const std::exception&) {
        return nullptr;
    }
}

PointResult PointRunner::run(const Point& point, const std::atomic<bool>* cancel,
                             const std::shared_ptr<sim::Ground>& ground) const
{
    PointResult out;
    out.id = point.id;
    out.values = point.values;
    // A worker must never throw (std::terminate): a point that cannot be run reports why.
    try {
        const config::EditResult edited = vehicle(point);
        if (!edited.ok())
            out.status = "invalid vehicle: " + edited.refusal;
        else if (cancel && cancel->load())
            out.status = "cancelled";
        else
            simulate(sweep_, edited.config, cancel, ground, out);
    } catch (const std::exception& e) {
        out.status = std::string("error: ") + e.what();
    }
    if (!out.ok())
        out.figures.resize(sweep_.figures.size());  // a refused or failed point has n/a figures
    out.status = oneLine(std::move(out.status));
    return out;
}

std::size_t workerCount(int threads, std::size_t points)
{
    const std::size_t wanted = threads > 0 ? static_cast<std::size_t>(threads) : std::max(1u, std::thread::hardware_concurrency());
    return std::max<std::size_t>(1, std::min(wanted, points));
}

std::vector<PointResult> runPoints(const Sweep& sweep, std::span<const Point> points, const RunOptions& options)
{
    const PointRunner runner(sweep);
    std::vector<PointResult> results(points.size());
    std::atomic<std::size_t> next{0};
    std::size_t done = 0;
    std::mutex progressMutex;
    auto work = [&] {
        const std::shared_ptr<sim::Ground> ground = runner.ground();
        for (std::size_t i = next++; i < points.size(); i = next++) {
            results[i] = runner.run(points[i], options.cancel, ground);
            if (options.progress) {
                const std::lock_guard lock(progressMutex);
                options.progress(++done, points.size());
            }
        }
    };
    const std::size_t threads = workerCount(options.threads, points.size());
    if (threads <= 1) {
        work();
        return results;
    }
    std::vector<std::jthread> workers;
    for (std::size_t t = 0; t < threads; ++t)
        workers.emplace_back(work);
    workers.clear();  // joins
    return results;
}

}  // namespace jounce::sweep
