#pragma once
// The telemetry area: a column of charts over one shared time span, live or frozen (paused,
// zoomed, panned, scrolled back over the whole kept history), with aligned plot areas, a shared
// hover cursor, measurement cursors A and B with their table, event markers, a channel picker and
// named layouts. Navigation and cursors live in TelemetryPanelView.cpp.

#include "ChartEvents.h"
#include "ChartNavigation.h"
#include "TelemetryChart.h"
#include "TelemetryHistory.h"

#include <array>
#include <utility>

#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QAction;
class QComboBox;
class QHBoxLayout;
class QImage;
class QLabel;
class QScrollArea;
class QScrollBar;
class QToolButton;
class QVBoxLayout;
QT_END_NAMESPACE

namespace jounce::widgets {

class CursorTable;

class TelemetryPanel : public QWidget {
    Q_OBJECT
public:
    /// A chart of one or more channels; a wheel channel shows one trace per wheel.
    struct ChartDef {
        QString title;
        QStringList channels;  ///< conventions.md identifiers: "jounce", "engineOmega", ...
        bool difference = false;  ///< live minus the first reference run
    };
    /// The named layouts offered in the View menu; "Default" first.
    static QStringList layoutNames();
    static std::vector<ChartDef> layout(const QString& name);

    explicit TelemetryPanel(QWidget* parent = nullptr);

    /// The vehicle whose frames arrive: its wheel count, maxOmega (marked on the revs chart) and
    /// each wheel's maxCompression (bump-stop markers), m.
    void setVehicle(int wheelCount, std::optional<double> maxOmega, std::vector<double> maxCompression = {});
    void applyLayout(const QString& name);
    void addChart(const ChartDef& def);
    void clearCharts();
    int chartCount() const { return static_cast<int>(charts_.size()); }
    const std::vector<TelemetryChart*>& charts() const { return charts_; }

    TelemetryHistory& history() { return history_; }
    const TelemetryHistory& history() const { return history_; }
    /// New frames from the simulation (live view follows them unless paused).
    void append(std::span<const telemetry::Frame> frames);
    /// Redraws every chart if anything changed; returns true when it did.
    bool refresh();

    void setWindowSeconds(double seconds);
    void setPaused(bool paused);
    bool paused() const { return !view_.following(); }

    /// The time span shown, [start, end], and the newest time drawn (older than end when frozen
    /// early in a run).
    std::pair<double, double> timeRange() const;
    double dataLimit() const { return view_.dataLimit(history_.endTime()); }
    /// Navigation, as the mouse drives it (also for tests and the keyboard).
    void zoomTime(double factor, double around);
    /// The wheel: zooms around the time under the pointer, which stays under it (a live view
    /// freezes, as a pan does: its right edge can not follow the live end and the pointer both).
    void zoomTimeAt(double factor, double around);
    void panTime(double dt);
    void showTimeRange(double start, double end);
    /// Back to the live end with the window box's span, every value axis on auto (Home).
    void resetView();

    /// The measurement cursors (nullopt: unset) and the table of every visible trace at them.
    void setMeasureCursor(bool b, std::optional<double> t);
    std::optional<double> measureCursor(bool b) const { return b ? cursorB_ : cursorA_; }
    const CursorTable* cursorTable() const { return cursorTable_; }

    /// Maneuver phase starts (SimulationRunner::Status::maneuverPhases) for the phase markers.
    void setPhaseMarks(std::vector<std::pair<double, std::string>> phases);
    /// Shows or hides one kind of event marker.
    void setEventsShown(ChartEventKind kind, bool shown);
    bool eventsShown(ChartEventKind kind) const { return eventShown_[std::size_t(kind)]; }
    /// The markers drawn at the last refresh (edits and events in view).
    const std::vector<TelemetryChart::Marker>& shownMarkers() const { return shownMarkers_; }

    /// Runs drawn beside the live traces (at most kMaxReferences), with a legend above the charts.
    void setReferences(std::vector<ReferenceRun> references);
    const std::vector<ReferenceRun>& references() const { return references_; }
    /// One note per reference for the legend: what its car differs in from the live car
    /// ("→ live: wheels[0..1].suspension.springStrength 35000 → 70000"); "" for none known.
    void setReferenceChanges(std::vector<QString> changes);
    static constexpr std::size_t kMaxReferences = 4;
    /// How reference frames line up with live ones: by time since the start or distance travelled.
    void setAlignment(Alignment alignment);
    Alignment alignment() const { return alignment_; }
    /// Lines on every chart's time axis (the edits made during the live run and the reference's).
    void setMarkers(std::vector<TelemetryChart::Marker> markers);
    /// Adds a chart of live minus the first reference for a channel.
    void addDifferenceChart(const QString& channel);

    /// What is shown, as one PNG: the reference legend and the charts re-laid at `size` (the
    /// screen's size if not given; scaled down only when the charts can not be that small), and
    /// the frames of the visible time span with the visible traces' columns, the references' and
    /// the differences as CSV (VisibleCsv.h). Return an error message or "".
    QString exportPng(const QString& path, QSize size = {});
    QImage exportImage(QSize size = {});
    /// The charts' size on screen (the whole scroll area's content), what exportPng draws.
    QSize chartsSize() const;
    QString exportCsv(const QString& path) const;
    /// The CSV exportCsv writes.
    std::string visibleCsv() const;

signals:
    void pausedChanged(bool paused);
    void alignmentChanged(Alignment alignment);

protected:
    void keyPressEvent(QKeyEvent* event) override;

private:
    /// Pause, the window's length and the scroll bar.
    QHBoxLayout* buildTimeBar();
    /// "Add chart…": any channel.
    void buildChannelPicker();
    /// The difference-chart button (returned) and the alignment box, shown with references.
    QToolButton* buildReferenceTools();
    /// Reset view and the event markers' menu, before the scroll bar.
    void buildViewTools(QHBoxLayout* bar);
    TelemetryChart::Spec specFor(const ChartDef& def) const;
    void rebuild();
    void connectChart(TelemetryChart* chart);
    void chartMenu(TelemetryChart* chart, const QPoint& pos);
    void scrolled(int value);
    void updateScrollBar();
    void setCursorTime(std::optional<double> t);
    void alignPlotAreas();
    /// Redraws the charts in view (every chart with `all`), marking the others stale.
    void drawCharts(bool all);
    /// Draws the stale charts that came into view (a scroll, a resize).
    void drawStaleCharts();
    bool onScreen(const TelemetryChart* chart) const;
    /// Every chart resized (to export, and back), laid out, redrawn and realigned at once.
    void layOutCharts(const std::vector<QSize>& sizes);
    /// A chart's plot area was laid out anew: realign, and redraw charts decimated for another size.
    void plotAreasChanged();
    void updateMarkers(double start, double end);
    void updateCursorTable();
    void updateLegend();
    void viewChanged();

    TelemetryHistory history_;
    std::vector<ChartDef> defs_;
    std::vector<TelemetryChart*> charts_;
    int wheelCount_ = 4;
    std::optional<double> maxOmega_;
    ChartEventVehicle eventVehicle_;
    double window_ = 10.0;  ///< the window box's span
    TimeView view_;
    std::uint64_t drawnRevision_ = ~std::uint64_t(0);
    std::pair<double, double> drawnRange_{0.0, -1.0};
    std::optional<double> cursor_;
    std::optional<double> cursorA_;
    std::optional<double> cursorB_;
    CursorTable* cursorTable_;
    std::array<bool, kChartEventKindCount> eventShown_{true, true, true, true, true};
    std::vector<std::pair<double, std::string>> phases_;
    std::vector<TelemetryChart::Marker> shownMarkers_;
    bool plotAreaCheckQueued_ = false;
    std::vector<bool> stale_;  ///< per chart: not redrawn since it went out of view
    QToolButton* markersButton_;
    std::vector<ReferenceRun> references_;
    std::vector<QString> referenceChanges_;
    Alignment alignment_ = Alignment::Time;
    std::vector<TelemetryChart::Marker> markers_;
    QComboBox* windowBox_;
    QComboBox* alignBox_;
    QWidget* referenceRow_;
    QLabel* legend_;
    QComboBox* channelBox_;
    QToolButton* pauseButton_;
    QScrollBar* scroll_;
    QScrollArea* area_;
    QWidget* chartHost_;
    QVBoxLayout* chartLayout_;
};

}  // namespace jounce::widgets
