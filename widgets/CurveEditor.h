#pragma once
// Curve editors: a chart with draggable points and a numeric table beside it (below it in a
// narrow dock), for every curve of CurveDefinitions, with the live operating point from
// telemetry. A drag is one undoable edit,
// applied when the mouse is released; the axes hold still while it lasts. Per-wheel edits follow
// the link box (WheelLink) as the parameter editor's do. Axes, table and drags are in the display
// units (DisplayUnits.h) and follow a change of them; edits are stored SI.

#include "CurveDefinitions.h"
#include "EditRequest.h"
#include "TelemetryHistory.h"
#include "config/WheelLink.h"

#include <QWidget>

#include <functional>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QComboBox;
class QLineSeries;
class QScatterSeries;
class QSplitter;
class QTableWidget;
class QValueAxis;
QT_END_NAMESPACE

namespace jounce::widgets {

class CurveChartView;

class CurveEditor : public QWidget {
    Q_OBJECT
public:
    explicit CurveEditor(QWidget* parent = nullptr);
    void setApplyEdits(ApplyEdits apply) { apply_ = std::move(apply); }
    void setVehicle(const VehicleConfig& config);
    void setHistory(const TelemetryHistory* history) { history_ = history; }
    /// Moves the operating point to the latest telemetry frame.
    void updateOperatingPoint();

    QStringList curveIds() const;
    bool showCurve(const QString& id, int wheel = 0);
    /// Moves a point as a drag would (stored units, rounded to 4 significant digits, extended to
    /// the linked wheels); returns the refusal reason or "".
    QString dragPoint(int series, int index, double x, double y);
    /// Per-wheel edits also set the wheels linked to the shown one (the parameter editor's link box).
    void setLink(config::WheelLink link) { link_ = link; }
    config::WheelLink link() const { return link_; }

    /// How far the mouse moves along an axis (pixels) before a drag changes that coordinate.
    static constexpr double kDragThreshold = 6.0;

signals:
    void message(const QString& text);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// The chart beside the table, or above it where the editor is narrow.
    void arrangeChartAndTable();
    friend class CurveChartView;
    /// The chart with its axes, the live operating point and the view that turns mouse drags into edits.
    void buildChart();
    /// The points as numbers: a cell typed is an edit.
    void buildTable();
    void rebuild();
    void redraw();
    void fillTable();
    // Mouse positions in chart coordinates.
    void pressAt(const QPointF& position);
    void dragTo(const QPointF& position, Qt::KeyboardModifiers modifiers);
    void release();
    void showDraggedPoint();
    // CurveEditorAxes.cpp: the axes' ranges and ticks.
    void updateRanges(const CurveDef& d);
    /// The most tick intervals (up to five) each axis of the plot area as last laid out gives its
    /// labels room for, for data from lo to hi along it.
    int xIntervalsWithRoom(double lo, double hi) const;
    int yIntervalsWithRoom(double lo, double hi) const;
    /// The plot area was laid out anew (a resize): ranges with as many ticks as it has room for.
    void queuePlotAreaCheck();
    void plotAreaChanged();
    /// The curve's axis titles, wrapped where one line is longer than its axis.
    void fitAxisTitles();
    /// Applies a point move (stored units) with its linked copies as one undoable step.
    QString applyPoint(int series, int index, double x, double y, const QString& text);
    const CurveDef* current() const;

    /// A drag in progress: the point, where it was pressed, and which coordinates it may change.
    struct Drag {
        int series = -1;
        int index = -1;
        QPointF pressPosition;  ///< chart coordinates of the press
        QPointF start;          ///< the point when pressed (stored units), kept exactly
        QPointF value;          ///< where it is now (stored units)
        bool xFree = false;     ///< the mouse moved past the threshold along x
        bool yFree = false;
    };

    ApplyEdits apply_;
    VehicleConfig config_;
    const TelemetryHistory* history_ = nullptr;
    std::vector<CurveDef> defs_;
    QString currentId_ = "torqueCurve";
    int wheel_ = 0;
    QComboBox* curveBox_;
    QComboBox* wheelBox_;
    QChart* chart_;
    CurveChartView* view_;
    QValueAxis* xAxis_;
    QValueAxis* yAxis_;
    std::vector<QScatterSeries*> points_;
    std::vector<QLineSeries*> lines_;
    QScatterSeries* operating_;
    QTableWidget* table_;
    QSplitter* split_;
    Drag drag_;
    AxisRange xRange_;
    AxisRange yRange_;
    QString rangeCurve_;  ///< the curve the ranges were chosen for
    int xIntervals_ = 5;  ///< the most intervals the ranges were chosen with
    int yIntervals_ = 5;
    bool plotAreaCheckQueued_ = false;
    config::WheelLink link_ = config::WheelLink::None;
    bool updatingTable_ = false;
};

}  // namespace jounce::widgets
