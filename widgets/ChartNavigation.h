#pragma once
// What the stacked telemetry charts show, apart from the data: the shared time span (following the
// live end, or frozen where the user paused, panned or zoomed) and each chart's value range
// (auto, auto but never shrinking, or fixed). Plain C++ so that zoom, pan and pause are tested
// without a window.

#include <algorithm>
#include <optional>
#include <utility>

namespace jounce::widgets {

/// The time span every chart shows. Live, it ends at the newest frame (or at `window` while the
/// run is younger than the window, so the traces grow from the left). Frozen, it is exactly what
/// the user chose, and no frame newer than the moment of freezing is drawn: pause truly freezes.
class TimeView {
public:
    static constexpr double kMinSpan = 0.05;    ///< s: three frames at 60 Hz
    static constexpr double kMaxSpan = 3600.0;  ///< s

    explicit TimeView(double window = 10.0) : span_(window) {}

    bool following() const { return !frozen_; }
    double span() const { return span_; }
    /// [start, end] to draw, given the time of the oldest and newest frame.
    std::pair<double, double> range(double dataStart, double dataEnd) const;
    /// The newest time a chart may draw: the newest frame live, the frame at the moment of freezing.
    double dataLimit(double dataEnd) const { return frozen_ ? std::min(dataEnd, frozenAt_) : dataEnd; }

    /// Back to following the live end with this span.
    void follow(double span);
    /// Freezes the current view: newer frames stay hidden until follow().
    void freeze(double dataStart, double dataEnd);
    /// Zooms by `factor` (< 1 zooms in) keeping time `around` where it is on screen. Live, the right
    /// edge keeps following and only the span changes.
    void zoom(double factor, double around, double dataStart, double dataEnd);
    /// Moves the view by dt seconds (freezing it first when live).
    void pan(double dt, double dataStart, double dataEnd);
    /// Shows exactly [start, end] (box zoom; freezes).
    void show(double start, double end, double dataStart, double dataEnd);
    /// The frozen view's end moved to `end` (the scroll bar), span unchanged.
    void scrollTo(double end);

private:
    double span_;
    bool frozen_ = false;
    double end_ = 0.0;       ///< the frozen view's right edge
    double frozenAt_ = 0.0;  ///< the newest frame when frozen
};

/// One chart's value axis.
class ValueRange {
public:
    enum class Mode { Auto, Grow, Fixed };

    Mode mode() const { return mode_; }
    void setAuto();
    /// Auto, but the range only ever grows (until reset).
    void setGrow();
    void setFixed(double lo, double hi);
    /// Zooms a fixed range by `factor` around `value` (an auto range is fixed where it is first).
    void zoom(double factor, double value);
    void pan(double dy);

    /// The range to show for data spanning [dataMin, dataMax] in view (NaN-free; min <= max).
    /// Auto grows at once to fit with a 5 % margin and shrinks as soon as the data in view uses
    /// less than 70 % of it, so a spike that scrolled out stops flattening the traces, while the
    /// axis does not twitch at every frame.
    std::pair<double, double> update(double dataMin, double dataMax, double minimumSpan);
    std::pair<double, double> current() const { return {lo_, hi_}; }
    bool initialised() const { return initialised_; }

private:
    Mode mode_ = Mode::Auto;
    double lo_ = 0.0;
    double hi_ = 1.0;
    bool initialised_ = false;
};

}  // namespace jounce::widgets
