#pragma once
// The shared time cursor of the telemetry and compare charts: a chart view that reports the x value
// (time) under the mouse, and draws a dashed cursor line with a read-out label at a given time.

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

protected:
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;

private:
    Hover hover_;
    QLineSeries* cursorLine_;
    QLabel* readout_;
    std::vector<Marker> markers_;
};

}  // namespace jounce::widgets
