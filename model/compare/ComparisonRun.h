#pragma once
// The same maneuver on the same terrain for several vehicles, in batch, spread over worker threads
// (the runs are independent and deterministic, so the thread count never changes a result).
// Each worker creates its own Simulation, so every Bullet object stays on the thread that steps it;
// only the immutable terrain data is shared.

#include "config/VehicleConfig.h"
#include "analysis/Figures.h"
#include "scenario/Maneuver.h"
#include "world/Terrain.h"
#include "telemetry/Channels.h"
#include "telemetry/Frame.h"

#include <atomic>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace jounce::compare {

/// The telemetry of a run, compactly: one row per step of only the columns of the vehicle's wheel
/// count (telemetry::csvColumns), a sixth of a full frame for a car.
class RunTrace {
public:
    RunTrace() = default;
    explicit RunTrace(int wheelCount);

    void append(const telemetry::Frame& frame);
    void reserve(std::size_t rows) { values_.reserve(rows * columns_.size()); }

    int wheelCount() const { return wheelCount_; }
    std::size_t rows() const { return columns_.empty() ? 0 : values_.size() / columns_.size(); }
    const std::vector<telemetry::Column>& columns() const { return columns_; }
    /// Index of a column in this trace, or -1 (a wheel this vehicle does not have).
    int columnIndex(const telemetry::Column& column) const;
    double value(std::size_t row, int columnIndex) const { return values_[row * columns_.size() + std::size_t(columnIndex)]; }
    double time(std::size_t row) const { return value(row, 0); }

private:
    int wheelCount_ = 0;
    std::vector<telemetry::Column> columns_;
    std::vector<double> values_;
};

struct CompareEntry {
    std::string label;  ///< what the user called it: "sports-car.json", "edited: My car"
    std::shared_ptr<const VehicleConfig> config;
};

struct CompareSetup {
    std::vector<CompareEntry> vehicles;
    std::shared_ptr<const sim::Terrain> terrain;  ///< null: the flat tarmac plane
    sim::Maneuver maneuver;
    double maxDuration = 600.0;  ///< s of simulated time per run
};

struct VehicleRun {
    std::vector<sim::Figure> figures;  ///< the maneuver's figures (sim::maneuverFigures)
    RunTrace trace;
    bool completed = false;   ///< the maneuver ended by itself, not at maxDuration
    bool cancelled = false;
    int resets = 0;           ///< bad-state resets: the figures are suspect when > 0
    std::string lastResetReason;  ///< or why the run failed (Simulation::failure())
    double simulatedTime = 0.0;
    double wallTime = 0.0;    ///< s, the run alone
    std::string error;        ///< the run could not be made (out of memory, ...); empty when it ran
    /// Ground surfaces the wheels touched that the vehicle's friction table does not name
    /// (sim::unknownSurfacesNote), empty when none: its figures are not ranked.
    std::string unknownSurfaces;
};

struct RunControl {
    /// Worker threads; 0: one per hardware thread, never more than vehicles.
    int threads = 0;
    /// Set to stop every run at its next step; the runs come back with cancelled = true.
    const std::atomic<bool>* cancel = nullptr;
    /// Called from the worker threads (any of them, concurrently) with a vehicle index and that
    /// run's estimated fraction done, at most every 1/20 of the run.
    std::function<void(std::size_t vehicle, double fraction)> progress;
};

/// One vehicle through the maneuver (on the calling thread).
VehicleRun runVehicle(const CompareSetup& setup, std::size_t vehicle, const RunControl& control = {});

/// Every vehicle of the setup, in parallel; results in the setup's order.
std::vector<VehicleRun> runComparison(const CompareSetup& setup, const RunControl& control = {});

}  // namespace jounce::compare
