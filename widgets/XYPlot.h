#pragma once
// An X–Y plot of live telemetry with a trailing window (issue #14 item 6): the last N seconds of
// one value against another, older points fading. Kinds: g–g diagram, handling diagram, friction
// circles (one per wheel), engine revs vs speed with a line per gear, and any two channels. The kind
// is picked in the combo above the plot or by right-click; the plot can be frozen and cleared.
//
// Feeding: append() the frames the simulation delivers (as TelemetryPanel::append gets them). With
// setHistory() the plot refills itself from the history when its kind, channels or window change;
// showHistory() shows the window ending at a chosen time (a paused, scrolled-back view).

#include "TelemetryHistory.h"
#include "XYPlotCanvas.h"
#include "XYPlotKinds.h"

#include <QWidget>

#include <span>

QT_BEGIN_NAMESPACE
class QComboBox;
class QToolButton;
QT_END_NAMESPACE

namespace jounce::widgets {

class XYPlot : public QWidget {
    Q_OBJECT
public:
    explicit XYPlot(XYKind kind = XYKind::GG, QWidget* parent = nullptr);

    /// The vehicle whose frames arrive: its wheels, gear lines, maxOmega and friction limits.
    void setVehicle(const VehicleConfig& config);
    void setKind(XYKind kind);
    XYKind kind() const { return state_.selection.kind; }
    /// The columns of the "two channels" kind (a wheel column names its wheel); selects that kind.
    void setChannels(const telemetry::Column& x, const telemetry::Column& y);
    const XYSelection& selection() const { return state_.selection; }

    /// The trailing window, s (default 5).
    void setWindowSeconds(double seconds);
    double windowSeconds() const { return state_.window; }

    /// New frames, in time order; a frame not later than the last starts afresh (a new run).
    /// Ignored while frozen.
    void append(std::span<const telemetry::Frame> frames);
    void append(const telemetry::Frame& frame) { append(std::span(&frame, 1)); }
    /// The history to refill from when the kind, channels or window change (null: start empty).
    void setHistory(const TelemetryHistory* history);
    /// Shows the history's frames in [end - window, end], frozen or not.
    void showHistory(const TelemetryHistory& history, double end);

    /// Pause: the plot keeps what it shows and ignores new frames until unfrozen (then, with a
    /// history, it catches up to the latest frame).
    void setFrozen(bool frozen);
    bool isFrozen() const { return frozen_; }
    /// Forgets every point.
    void clear();

    /// Pinned reference runs: each drawn over the same window, by time since the start, in its
    /// colour, lighter and dashed under the live trail, with a legend.
    void setReferences(std::vector<ReferenceRun> references);
    const std::vector<ReferenceRun>& references() const { return state_.references; }

    /// Display units for SI unit strings (defaultXYUnit until set); g–g axes stay in g.
    void setUnitMapper(XYUnitMapper mapper);

    int seriesCount() const { return static_cast<int>(state_.trails.size()); }
    const XYPlotTrail& trail(int series) const { return state_.trails[static_cast<std::size_t>(series)]; }
    XYPlotCanvas* canvas() const { return canvas_; }

    QSize sizeHint() const override { return {380, 380}; }

signals:
    void kindChanged(XYKind kind);
    void frozenChanged(bool frozen);

private:
    void buildControls();
    void fillChannelBoxes();
    void channelPicked();
    void showMenu(const QPoint& position);
    /// Re-derives the axes and series after the selection or vehicle changed, then refills from
    /// the history (or not: append() passes the frames it is adding itself).
    void reconfigure(bool refillFromHistory = true);
    void refill();
    void syncControls();

    XYPlotState state_;
    XYPlotCanvas* canvas_;
    const TelemetryHistory* history_ = nullptr;
    int wheelCount_ = 4;
    bool frozen_ = false;
    double shownEnd_ = 0.0;  ///< the time of the newest frame shown
    QComboBox* kindBox_ = nullptr;
    QComboBox* windowBox_ = nullptr;
    QToolButton* freezeButton_ = nullptr;
    QWidget* channelRow_ = nullptr;
    QComboBox* xChannel_ = nullptr;
    QComboBox* xWheel_ = nullptr;
    QComboBox* yChannel_ = nullptr;
    QComboBox* yWheel_ = nullptr;
};

}  // namespace jounce::widgets
