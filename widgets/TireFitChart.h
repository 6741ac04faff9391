#pragma once
// One direction of a tire fit (docs/tires.md "Fitting and conversion"): the source tire's and the
// fitted tire's pure-slip force against slip, and under them the residual (fitted − source), in the
// display units (DisplayUnits.h) on round ticks (NiceTicks.h). The curves are plain data from
// model/tirefit; the chart only draws them. The two plot areas share the slip axis: their left and
// right edges are lined up (PlotAlignment.h) whatever the width of each one's force labels.

#include "tirefit/TireSamples.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;
QT_END_NAMESPACE

namespace jounce::widgets {

class TireFitChart : public QWidget {
    Q_OBJECT
public:
    explicit TireFitChart(tirefit::SlipDirection direction, QWidget* parent = nullptr);

    /// Draws `source` and `fitted` (the same slips), named for the legend; the residual below.
    void setCurves(const tirefit::Curve& source, const tirefit::Curve& fitted, const QString& sourceName,
                   const QString& fittedName);
    void clear();

    /// Points of the residual series (tests).
    int residualPoints() const;
    /// The largest |residual| drawn, in N (tests).
    double residualPeak() const;

private:
    struct Plot {
        QChart* chart = nullptr;
        QChartView* view = nullptr;
        QValueAxis* x = nullptr;
        QValueAxis* y = nullptr;
    };
    Plot makePlot(const QString& yTitle, const QString& tooltip);
    void setXAxes(double lo, double hi);
    /// Lines the plot areas up once per turn of the event loop, after QtCharts has laid out new labels.
    void queueAlignment();

    tirefit::SlipDirection direction_;
    Plot curves_;
    Plot residual_;
    QLineSeries* source_ = nullptr;
    QLineSeries* fitted_ = nullptr;
    QLineSeries* difference_ = nullptr;
    double residualPeak_ = 0.0;
    bool alignmentQueued_ = false;
};

}  // namespace jounce::widgets
