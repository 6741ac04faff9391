#include "ChartNavigation.h"

#include <algorithm>
#include <cmath>

namespace jounce::widgets {

std::pair<double, double> TimeView::range(double /*dataStart*/, double dataEnd) const
{
    if (frozen_)
        return {end_ - span_, end_};
    // Early in a run (time starts at 0) the window starts at 0 and the traces grow from the left.
    const double end = std::max(dataEnd, span_);
    return {end - span_, end};
}

void TimeView::follow(double span)
{
    span_ = std::clamp(span, kMinSpan, kMaxSpan);
    frozen_ = false;
}

void TimeView::freeze(double dataStart, double dataEnd)
{
    if (frozen_)
        return;
    end_ = range(dataStart, dataEnd).second;
    frozenAt_ = dataEnd;
    frozen_ = true;
}

void TimeView::zoom(double factor, double around, double dataStart, double dataEnd)
{
    if (!(factor > 0.0) || !std::isfinite(factor))
        return;
    const auto [start, end] = range(dataStart, dataEnd);
    const double span = std::clamp(span_ * factor, kMinSpan, kMaxSpan);
    if (frozen_) {
        const double at = std::clamp(around, start, end);
        const double fraction = span_ > 0.0 ? (at - start) / span_ : 1.0;
        end_ = at + (1.0 - fraction) * span;
    }
    span_ = span;
}

void TimeView::pan(double dt, double dataStart, double dataEnd)
{
    if (!std::isfinite(dt))
        return;
    freeze(dataStart, dataEnd);
    end_ += dt;
}

void TimeView::show(double start, double end, double dataStart, double dataEnd)
{
    if (!(end > start) || !std::isfinite(start) || !std::isfinite(end))
        return;
    freeze(dataStart, dataEnd);
    span_ = std::clamp(end - start, kMinSpan, kMaxSpan);
    end_ = start + span_;
}

void TimeView::scrollTo(double end)
{
    if (frozen_ && std::isfinite(end))
        end_ = end;
}

void ValueRange::setAuto()
{
    mode_ = Mode::Auto;
    initialised_ = false;
}

void ValueRange::setGrow()
{
    mode_ = Mode::Grow;
}

void ValueRange::setFixed(double lo, double hi)
{
    if (!(hi > lo) || !std::isfinite(lo) || !std::isfinite(hi))
        return;
    mode_ = Mode::Fixed;
    lo_ = lo;
    hi_ = hi;
    initialised_ = true;
}

void ValueRange::zoom(double factor, double value)
{
    if (!(factor > 0.0) || !std::isfinite(factor) || !std::isfinite(value))
        return;
    const double at = std::clamp(value, lo_, hi_);
    setFixed(at - (at - lo_) * factor, at + (hi_ - at) * factor);
}

void ValueRange::pan(double dy)
{
    if (std::isfinite(dy))
        setFixed(lo_ + dy, hi_ + dy);
}

std::pair<double, double> ValueRange::update(double dataMin, double dataMax, double minimumSpan)
{
    if (mode_ == Mode::Fixed)
        return {lo_, hi_};
    if (dataMax - dataMin < minimumSpan) {
        const double mid = 0.5 * (dataMin + dataMax);
        dataMin = mid - 0.5 * minimumSpan;
        dataMax = mid + 0.5 * minimumSpan;
    }
    // A margin that does not cross zero: revs from 0 read from 0, not from -286.
    const double margin = 0.05 * (dataMax - dataMin);
    const double lo = dataMin >= 0.0 ? std::max(0.0, dataMin - margin) : dataMin - margin;
    const double hi = dataMax <= 0.0 ? std::min(0.0, dataMax + margin) : dataMax + margin;
    if (!initialised_) {
        lo_ = lo;
        hi_ = hi;
        initialised_ = true;
    } else if (mode_ == Mode::Grow) {
        lo_ = std::min(lo_, lo);
        hi_ = std::max(hi_, hi);
    } else if (lo < lo_ || hi > hi_ || (hi - lo) < 0.7 * (hi_ - lo_)) {
        lo_ = lo;
        hi_ = hi;
    }
    return {lo_, hi_};
}

}  // namespace jounce::widgets
