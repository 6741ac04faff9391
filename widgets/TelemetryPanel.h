#pragma once
// The telemetry area: a column of charts over a shared time window, live or paused and scrolled
// back, with a shared hover cursor, a channel picker and named layouts.

#include "TelemetryChart.h"
#include "TelemetryHistory.h"

#include <QStringList>
#include <QWidget>

#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLabel;
class QScrollArea;
class QScrollBar;
class QToolButton;
class QVBoxLayout;
QT_END_NAMESPACE

namespace jounce::widgets {

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

    /// The vehicle whose frames arrive: its wheel count and maxOmega (marked on the revs chart).
    void setVehicle(int wheelCount, std::optional<double> maxOmega);
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

    /// Runs drawn beside the live traces (at most kMaxReferences), with a legend above the charts.
    void setReferences(std::vector<ReferenceRun> references);
    const std::vector<ReferenceRun>& references() const { return references_; }
    static constexpr std::size_t kMaxReferences = 4;
    /// How reference frames line up with live ones: by time since the start or distance travelled.
    void setAlignment(Alignment alignment);
    Alignment alignment() const { return alignment_; }
    /// Lines on every chart's time axis (the edits made during the live run and the reference's).
    void setMarkers(std::vector<TelemetryChart::Marker> markers);
    /// Adds a chart of live minus the first reference for a channel.
    void addDifferenceChart(const QString& channel);

    /// The charts as one PNG, the shown history as CSV. Return an error message or "".
    QString exportPng(const QString& path);
    QString exportCsv(const QString& path) const;

signals:
    void pausedChanged(bool paused);
    void alignmentChanged(Alignment alignment);

private:
    TelemetryChart::Spec specFor(const ChartDef& def) const;
    void rebuild();
    void scrolled(int value);
    void setCursorTime(std::optional<double> t);

    TelemetryHistory history_;
    std::vector<ChartDef> defs_;
    std::vector<TelemetryChart*> charts_;
    int wheelCount_ = 4;
    std::optional<double> maxOmega_;
    double window_ = 10.0;
    bool paused_ = false;
    double viewEnd_ = 0.0;  ///< right edge of the window when paused
    std::uint64_t drawnRevision_ = ~std::uint64_t(0);
    double drawnEnd_ = -1.0;
    std::optional<double> cursor_;
    std::vector<ReferenceRun> references_;
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
