#pragma once
// The points of one X–Y series over a trailing window of simulated time, in a buffer allocated once:
// at any frame rate and window it holds at most its capacity (points closer in time than
// window / capacity replace the newest one), so a long run needs no more memory than a short one.

#include <cstddef>
#include <vector>

namespace jounce::widgets {

struct XYTrailPoint {
    double t = 0.0;  ///< simulated time, s
    double x = 0.0;  ///< SI
    double y = 0.0;  ///< SI
};

class XYPlotTrail {
public:
    static constexpr std::size_t kDefaultCapacity = 4096;
    /// Allocates `capacity` points (at least 8) once.
    explicit XYPlotTrail(std::size_t capacity = kDefaultCapacity);

    /// The trailing window, s (default 5); points older than the newest minus the window go.
    void setWindow(double seconds);
    double window() const { return window_; }

    /// Adds a point. A time not later than the newest starts the trail afresh (a new run).
    void add(double t, double x, double y);
    void clear() { start_ = count_ = 0; }

    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    std::size_t capacity() const { return points_.size(); }
    /// The i-th point, oldest first.
    const XYTrailPoint& at(std::size_t i) const { return points_[(start_ + i) % points_.size()]; }
    const XYTrailPoint& newest() const { return at(count_ - 1); }

private:
    void dropOlderThan(double t);

    std::vector<XYTrailPoint> points_;
    std::size_t start_ = 0;
    std::size_t count_ = 0;
    double window_ = 5.0;
};

/// The opacity of a point `age` seconds older than the newest in a trail of `window` seconds:
/// 1 for the newest, falling linearly to 0.12 at the window's end, 0 beyond it.
double trailAlpha(double age, double window);

}  // namespace jounce::widgets
