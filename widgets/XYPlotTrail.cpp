#include "XYPlotTrail.h"

#include <algorithm>
#include <cmath>

namespace jounce::widgets {

XYPlotTrail::XYPlotTrail(std::size_t capacity) : points_(std::max<std::size_t>(capacity, 8)) {}

void XYPlotTrail::setWindow(double seconds)
{
    if (!(seconds > 0.0) || !std::isfinite(seconds))
        return;
    window_ = seconds;
    if (!empty())
        dropOlderThan(newest().t - window_);
}

void XYPlotTrail::add(double t, double x, double y)
{
    if (!std::isfinite(t))
        return;
    if (!empty() && !(t > newest().t))
        clear();
    // While the newest point is closer than `spacing` to the one before it, a new point replaces
    // it: the newest is always current, and a point stays only once it is `spacing` after its
    // predecessor, so the window holds at most window / spacing + 2 of them, which fits.
    const double spacing = window_ / static_cast<double>(capacity() - 4);
    if (count_ >= 2 && newest().t - at(count_ - 2).t < spacing) {
        points_[(start_ + count_ - 1) % capacity()] = {t, x, y};
    } else {
        if (count_ == capacity()) {  // only when the window was just widened past what fits
            start_ = (start_ + 1) % capacity();
            --count_;
        }
        points_[(start_ + count_) % capacity()] = {t, x, y};
        ++count_;
    }
    dropOlderThan(t - window_);
}

void XYPlotTrail::dropOlderThan(double t)
{
    while (count_ > 0 && at(0).t < t) {
        start_ = (start_ + 1) % capacity();
        --count_;
    }
}

double trailAlpha(double age, double window)
{
    if (!(window > 0.0) || age <= 0.0)
        return 1.0;
    if (age > window)
        return 0.0;
    return 1.0 - 0.88 * age / window;
}

}  // namespace jounce::widgets
