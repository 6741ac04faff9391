#pragma once
// A live telemetry chart: a few traces (telemetry columns) over a sliding time window. This,
// OverlayChart and the curve editors are the only places that know Qt Charts (deprecated from Qt
// 6.10), so the project can move to another plotting library in widgets/ alone. Series are
// replaced in bulk, decimated to min/max per pixel column, and the y axis rescales with hysteresis
// (conventions.md, "Threads").

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

class HoverChartView;

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
        QString unit;
        std::vector<Trace> traces;
        bool stepped = false;                  ///< draw as steps (gear)
        std::optional<double> referenceLine;   ///< a dashed horizontal line (e.g. maxOmega)
        QString referenceLabel;
        double minimumSpan = 1e-3;             ///< the y axis never spans less than this
    };

    explicit TelemetryChart(Spec spec, QWidget* parent = nullptr);
    const Spec& spec() const { return spec_; }
    void setReferenceLine(std::optional<double> value, const QString& label);

    /// Shows history frames in [end - window, end], replacing every series at once.
    void refresh(const TelemetryHistory& history, double end, double window);
    /// Draws the shared cursor and the read-out of every trace at time t (nullopt hides it).
    void setCursor(const TelemetryHistory& history, std::optional<double> t);
    /// Points currently in the series (for the UI benchmark and tests).
    int pointCount() const;

    /// Hardware-accelerated series: only where an OpenGL context can be created and the platform
    /// is not offscreen/minimal (Qt 6.4 crashes otherwise). Call before creating charts.
    static void setOpenGLAllowed(bool allowed);

signals:
    /// The mouse hovers time t of this chart (nullopt when it leaves).
    void hovered(std::optional<double> t);

private:
    friend     void mouseAt(const QPointF& widgetPos);

    Spec spec_;
    QChart* chart_;
    HoverChartView* view_;
    QValueAxis* xAxis_;
    QValueAxis* yAxis_;
    std::vector<QLineSeries*> series_;
    QLineSeries* reference_ = nullptr;
    double yMin_ = 0.0;
    double yMax_ = 1.0;
    bool yInitialised_ = false;
};

}  // namespace jounce::widgets
