#pragma once
// A live telemetry chart: a few traces (telemetry columns) over the panel's time span. This,
// OverlayChart and the curve editors are the only places that know Qt Charts (deprecated from Qt
// 6.10), so the project can move to another plotting library in widgets/ alone. Series are
// replaced in bulk and decimated to min/max per pixel column (conventions.md, "Threads"); values
// are shown in the display units (DisplayUnits.h); the value axis follows its ValueRange mode; the
// plot area's left edge is set by the panel so that a time is at the same x on every chart.

#include "ChartNavigation.h"
#include "DisplayUnits.h"
#include "HoverChartView.h"
#include "NiceTicks.h"
#include "ReferenceRuns.h"
#include "TelemetryHistory.h"
#include "telemetry/Channels.h"

#include <QColor>
#include <QWidget>

#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
class QLabel;
QT_END_NAMESPACE

namespace jounce::widgets {

class TelemetryChart : public QWidget {
    Q_OBJECT
public:
    struct Trace {
        telemetry::Column column;
        QString label;
        QColor color;
    };
    struct Spec {
        QString title;
        QString unit;          ///< the display unit's label ("mm", "rpm"); "" for none
        Conversion conversion; ///< SI -> display for every trace
        std::vector<Trace> traces;
        bool stepped = false;                  ///< draw as steps (gear)
        std::optional<double> referenceLine;   ///< a dashed horizontal line (e.g. maxOmega)
        QString referenceLabel;
        double minimumSpan = 1e-3;             ///< the y axis never spans less than this (display unit)
        /// A difference chart: each trace is live minus the first reference run, aligned.
        bool difference = false;
    };
    /// A vertical line with a label on the time axis (an edit made during the run).
    struct Marker {
        double time = 0.0;
        QString text;
        QColor color;
    };

    /// Reference runs get a broad translucent dashed series per trace under the live ones (a
    /// difference chart uses the first).
    explicit TelemetryChart(Spec spec, std::vector<ReferenceRun> references = {}, QWidget* parent = nullptr);
    const Spec& spec() const { return spec_; }
    void setReferenceLine(std::optional<double> value, const QString& label);

    /// Shows history frames in [start, end] not newer than `dataLimit` (a frozen view draws nothing
    /// newer), and the references aligned to them, replacing every series at once.
    void refresh(const TelemetryHistory& history, double start, double end, double dataLimit,
                 Alignment alignment = Alignment::Time);
    /// Draws the shared cursor and the read-out of every trace at time t (nullopt hides it): the
    /// live value, and with a reference its value and the difference.
    void setCursor(const TelemetryHistory& history, std::optional<double> t, Alignment alignment = Alignment::Time);
    void setMarkers(std::vector<Marker> markers);
    /// The markers drawn (for tests).
    int markerCount() const { return static_cast<int>(view_->markers().size()); }
    void setMeasureCursors(std::optional<double> a, std::optional<double> b) { view_->setMeasureCursors(a, b); }
    /// Time gestures go to the panel (all charts move together); value gestures stay here.
    void setNavigation(HoverChartView::Navigation navigation);
    HoverChartView* view() const { return view_; }

    /// The value axis mode: auto, auto but never shrink, fixed.
    ValueRange& valueRange() { return range_; }
    void setValueMode(ValueRange::Mode mode, double lo = 0.0, double hi = 0.0);
    /// Re-applies the value range without new data (after a mode change or a y zoom).
    void applyValueRange();

    /// Where the plot area would start without extra room on the left, from QtCharts' last layout
    /// (nullopt before the first; PlotAlignment.h). The panel moves every chart's plot area to the largest, so a time
    /// is at the same x; it realigns on plotAreaChanged(), when QtCharts has laid out new labels.
    std::optional<double> naturalPlotLeft() const;
    void setPlotLeft(double pixels);
    /// Lays the chart out now rather than on the event loop's turn (an export between two frames).
    void layOut();
    /// Whether the series were decimated for the plot area's present size: a chart drawn before
    /// its first layout, or resized since, needs a redraw at its full resolution.
    bool drawnForPlotSize() const;
    /// The plot area in chart coordinates as last set.
    QRectF plotArea() const;

    /// A trace's value (display unit) in the history frame nearest to time t, not newer than
    /// `dataLimit`; NaN when there is none.
    double valueAt(const TelemetryHistory& history, std::size_t trace, double t, double dataLimit,
                   Alignment alignment = Alignment::Time) const;

    /// The value axis' ticks as last drawn (round steps, NiceTicks.h).
    const AxisTicks& valueTicks() const { return yTicks_; }
    /// The read-out text of the last setCursor() (for tests).
    QString cursorText() const { return cursorText_; }
    /// Points currently in the series (for the UI benchmark and tests).
    int pointCount() const;
    /// Points currently in the reference runs' series.
    int referencePointCount() const;
    /// The points drawn for one trace of one reference run (for tests; empty for a difference chart).
    QList<QPointF> referencePoints(std::size_t reference, std::size_t trace) const;

    /// Hardware-accelerated series: only where an OpenGL context can be created and the platform
    /// is not offscreen/minimal (Qt 6.4 crashes otherwise). Call before creating charts.
    static void setOpenGLAllowed(bool allowed);

signals:
    /// The mouse hovers time t of this chart (nullopt when it leaves).
    void hovered(std::optional<double> t);
    /// QtCharts laid the plot area out anew (new value labels, a resize, a new left margin).
    void plotAreaChanged();

private:
    void setValueTicks(double lo, double hi);
    /// The value a trace shows for history frame i: the channel, or live minus reference.
    double traceValue(const TelemetryHistory& history, std::size_t i, const telemetry::Column& c,
                      Alignment alignment) const;
    void refreshReferences(const TelemetryHistory& history, double start, double end, Alignment alignment,
                           int columns, double& dataMin, double& dataMax);

    Spec spec_;
    QLabel* header_;
    QChart* chart_;
    HoverChartView* view_;
    QValueAxis* xAxis_;
    QValueAxis* yAxis_;
    std::vector<QLineSeries*> series_;
    std::vector<ReferenceRun> references_;
    std::vector<QLineSeries*> referenceSeries_;  ///< reference r, trace k at r * traces + k
    QLineSeries* reference_ = nullptr;
    QString cursorText_;
    AxisTicks yTicks_{0.0, 0.0, 0.0, -1};  ///< none yet: the first refresh sets the axis
    double timeStep_ = 0.0;  ///< the time axis' tick step as last set
    ValueRange range_;
    QSizeF drawnPlotSize_;  ///< the plot area the series were decimated for
    double dataMin_ = 0.0;   ///< the data in view at the last refresh (display unit)
    double dataMax_ = 0.0;
};

}  // namespace jounce::widgets
