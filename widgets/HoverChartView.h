#pragma once
// The shared time cursor of the telemetry and compare charts: a chart view that reports the x value
// (time) under the mouse, and draws a dashed cursor line with a read-out label at a given time.
// With navigation set (the telemetry charts), the mouse also zooms, pans, box-zooms and places the
// two measurement cursors A and B.

#include <QChartView>

#include <functional>
#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QLabel;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace jounce::widgets {

class HoverChartView final : public QChartView {
public:
    using Hover = std::function<void(std::optional<double> x)>;

    /// `hover` gets the x under the mouse, nullopt when it leaves the plot area or the view.
    /// `antialiased`: on for charts drawn once per change, off for live charts (4x cheaper). The
    /// cursor line is attached to the chart's axes `x` and `y` (already added to the chart).
    HoverChartView(QChart* chart, QValueAxis* x, QValueAxis* y, Hover hover, bool antialiased, QWidget* parent = nullptr);

    /// Draws the cursor at x from yLow to yHigh with `html` in the read-out beside it.
    void showCursor(double x, double yLow, double yHigh, const QString& html);
    void hideCursor();

    /// Vertical lines with a label at x values (edits made during a run).
    struct Marker {
        double x = 0.0;
        QString text;
        QColor color;
    };
    void setMarkers(std::vector<Marker> markers);
    const std::vector<Marker>& markers() const { return markers_; }
    /// A marker's label as last drawn: where (scene coordinates) and its text, perhaps elided.
    struct MarkerLabel {
        QRectF rect;
        QString text;
    };
    const std::vector<MarkerLabel>& markerLabels() const { return markerLabels_; }

    /// What the mouse asks of the charts, in axis values. Unset callbacks ignore the gesture.
    struct Navigation {
        std::function<void(double factor, double x)> zoomTime;    ///< wheel (factor < 1 zooms in)
        std::function<void(double factor, double y)> zoomValue;   ///< Ctrl + wheel
        std::function<void(double dx, double dy)> pan;            ///< drag: the view moves by (dx, dy)
        std::function<void(const QRectF& values)> zoomBox;        ///< Shift + drag
        std::function<void(double x, bool b)> placeCursor;        ///< click: A; Ctrl + click: B
        std::function<void()> reset;                              ///< double-click
    };
    void setNavigation(Navigation navigation);
    /// The measurement cursors A and B (nullopt: not shown).
    void setMeasureCursors(std::optional<double> a, std::optional<double> b);
    /// The axis values at a point of the view.
    QPointF valueAt(const QPoint& viewPos) const;

protected:
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void leaveEvent(QEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    void drawMarkers(QPainter* painter);
    void drawMeasureCursors(QPainter* painter);

    Hover hover_;
    QLineSeries* cursorLine_;
    QLabel* readout_;
    std::vector<Marker> markers_;
    std::vector<MarkerLabel> markerLabels_;
    Navigation navigation_;
    bool navigable_ = false;
    std::optional<double> cursorA_;
    std::optional<double> cursorB_;
    // A press of the left button: where, and whether it became a pan or a box.
    std::optional<QPoint> pressAt_;
    QPoint lastDrag_;
    bool dragging_ = false;
    bool boxing_ = false;
    QRect box_;  ///< the box being drawn, view coordinates
};

}  // namespace jounce::widgets
