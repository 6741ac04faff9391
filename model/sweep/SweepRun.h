#pragma once
// Running a sweep's points: each point gets its own vehicle (the base with the point's edits, through
// the edit session) and its own Simulation, so a point's figures depend on the point alone, never on
// the thread that ran it or the points run before. Workers take the next point not yet started;
// results land in their point's slot. A point that fails is a row with its reason, never an abort.

#include "sweep/Sweep.h"

#include "config/EditSession.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace jounce::sim {
class Ground;
}

namespace jounce::sweep {

struct PointResult {
    std::size_t id = 0;
    std::vector<Json> values;                     ///< the point's parameter values
    std::vector<std::optional<double>> figures;   ///< one per Sweep::figures; nullopt: n/a
    /// "ok", or why the figures are missing or suspect: "invalid vehicle: ...", "bad state: ...",
    /// "time limit: ...", "cancelled", "error: ..."; one line.
    std::string status = "ok";

    bool ok() const { return status == "ok"; }
};

/// The base vehicle with its validation, shared read-only by every point of a sweep.
class PointRunner {
public:
    explicit PointRunner(const Sweep& sweep);

    /// The point's vehicle: the base with the point's edits, or refused with the reason.
    config::EditResult vehicle(const Point& point) const;
    /// Runs one point on the calling thread. `ground`: the sweep terrain's ground made on this thread
    /// by ground(), reused point after point (on the proving ground making it is most of a point's
    /// set-up: ~85 M instructions against ~200 M for a skidpad run); null: made for this point.
    PointResult run(const Point& point, const std::atomic<bool>* cancel = nullptr,
                    const std::shared_ptr<sim::Ground>& ground = nullptr) const;
    /// The ground for run() on the calling thread, or null when the terrain makes none (every point
    /// then says why).
    std::shared_ptr<sim::Ground> ground() const noexcept;

private:
    const Sweep& sweep_;
    config::EditSession session_;
};

struct RunOptions {
    int threads = 0;  ///< worker threads; 0: one per hardware thread (never more than points)
    const std::atomic<bool>* cancel = nullptr;  ///< set: the points not finished come back "cancelled"
    /// Called from the workers (serialised) after each point with the number done and the total.
    std::function<void(std::size_t done, std::size_t total)> progress;
};

/// Every point, in parallel; results in the points' order.
std::vector<PointResult> runPoints(const Sweep& sweep, std::span<const Point> points, const RunOptions& options = {});

/// The worker count runPoints uses for `points` points.
std::size_t workerCount(int threads, std::size_t points);

}  // namespace jounce::sweep
