#include "TireFitChart.h"

#include "DisplayUnits.h"
#include "NiceTicks.h"
#include "PlotAlignment.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLineSeries>
#include <QPainter>
#include <QPen>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <utility>

namespace jounce::widgets {
namespace {

void applyTicks(QValueAxis* axis, const AxisTicks& ticks)
{
    setAxisTicks(axis, ticks.lo, ticks.hi, ticks.step);
    axis->setLabelFormat(labelFormat(ticks));
}

Conversion forceUnit() { return DisplayUnits::current().conversion("N"); }

Conversion slipUnit(tirefit::SlipDirection d)
{
    return DisplayUnits::current().conversion(d == tirefit::SlipDirection::Longitudinal ? "1" : "rad");
}

QString slipName(tirefit::SlipDirection d)
{
    return d == tirefit::SlipDirection::Longitudinal ? QObject::tr("slip ratio") : QObject::tr("slip angle");
}

/// Lo and hi of a set of values with a little room, never a zero span.
std::pair<double, double> span(const std::vector<double>& values, double room)
{
    if (values.empty())
        return {-1.0, 1.0};
    const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
    const double pad = *hi > *lo ? room * (*hi - *lo) : 1.0;
    return {*lo - pad, *hi + pad};
}

}  // namespace

TireFitChart::TireFitChart(tirefit::SlipDirection direction, QWidget* parent) : QWidget(parent), direction_(direction)
{
    const QString force = forceUnit().titled(direction == tirefit::SlipDirection::Longitudinal ? tr("Fx") : tr("Fy"));
    const QString slip = slipUnit(direction).titled(slipName(direction));
    curves_ = makePlot(force, tr("%1 against %2 at the wheels' rest load, pure slip: the source tire and the fitted one")
                                  .arg(force, slip));
    residual_ = makePlot(forceUnit().titled(tr("fitted − source")),
                         tr("The residual: the fitted tire's force minus the source's (%1) against %2")
                             .arg(forceUnit().label, slip));
    curves_.chart->setTitle(direction == tirefit::SlipDirection::Longitudinal ? tr("Longitudinal force (pure slip)")
                                                                               : tr("Lateral force (pure slip)"));
    residual_.x->setTitleText(slip);
    residual_.chart->legend()->hide();
    source_ = new QLineSeries();
    fitted_ = new QLineSeries();
    difference_ = new QLineSeries();
    source_->setPen(QPen(QColor(0x1f, 0x77, 0xb4), 2.0));
    fitted_->setPen(QPen(QColor(0xd6, 0x27, 0x28), 1.5, Qt::DashLine));
    difference_->setPen(QPen(QColor(0x2c, 0xa0, 0x2c), 1.5));
    for (auto [plot, series] : {std::pair{&curves_, source_}, std::pair{&curves_, fitted_}, std::pair{&residual_, difference_}}) {
        plot->chart->addSeries(series);
        series->attachAxis(plot->x);
        series->attachAxis(plot->y);
    }
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(curves_.view, 3);
    layout->addWidget(residual_.view, 2);
    for (const Plot* plot : {&curves_, &residual_})
        connect(plot->chart, &QChart::plotAreaChanged, this, &TireFitChart::queueAlignment);
    clear();
}

void TireFitChart::queueAlignment()
{
    // Both charts lay out on the same turn: align once, after both.
    if (std::exchange(alignmentQueued_, true))
        return;
    QMetaObject::invokeMethod(
        this,
        [this] {
            alignmentQueued_ = false;
            alignPlotAreas({curves_.chart, residual_.chart});
        },
        Qt::QueuedConnection);
}

TireFitChart::Plot TireFitChart::makePlot(const QString& yTitle, const QString& tooltip)
{
    Plot p;
    p.chart = new QChart();
    p.chart->setMargins(QMargins(2, 2, 2, 2));
    p.chart->layout()->setContentsMargins(0, 0, 0, 0);
    p.chart->setAnimationOptions(QChart::NoAnimation);
    p.chart->legend()->setAlignment(Qt::AlignBottom);
    p.x = new QValueAxis();
    p.y = new QValueAxis();
    // Qt Charts elides tick labels to "..." when it underestimates their width after a range change.
    p.x->setTruncateLabels(false);
    p.y->setTruncateLabels(false);
    p.y->setTitleText(yTitle);
    p.chart->addAxis(p.x, Qt::AlignBottom);
    p.chart->addAxis(p.y, Qt::AlignLeft);
    p.view = new QChartView(p.chart, this);
    p.view->setRenderHint(QPainter::Antialiasing);
    p.view->setToolTip(tooltip);
    p.view->setMinimumHeight(120);
    fillViewWithChartBackground(*p.view);
    return p;
}

void TireFitChart::setXAxes(double lo, double hi)
{
    const AxisTicks ticks = niceTicks(lo, hi, 5);
    applyTicks(curves_.x, ticks);
    applyTicks(residual_.x, ticks);
}

void TireFitChart::setCurves(const tirefit::Curve& source, const tirefit::Curve& fitted, const QString& sourceName,
                             const QString& fittedName)
{
    const Conversion f = forceUnit(), s = slipUnit(direction_);
    QList<QPointF> a, b, d;
    std::vector<double> forces, residuals, slips;
    residualPeak_ = 0.0;
    for (std::size_t i = 0; i < source.slip.size() && i < fitted.force.size(); ++i) {
        const double x = s.toDisplay(source.slip[i]);
        const double r = fitted.force[i] - source.force[i];
        a.append({x, f.toDisplay(source.force[i])});
        b.append({x, f.toDisplay(fitted.force[i])});
        d.append({x, f.toDisplay(r)});
        forces.insert(forces.end(), {a.back().y(), b.back().y()});
        residuals.push_back(d.back().y());
        slips.push_back(x);
        residualPeak_ = std::max(residualPeak_, std::abs(r));
    }
    source_->replace(a);
    fitted_->replace(b);
    difference_->replace(d);
    source_->setName(sourceName);
    fitted_->setName(fittedName);
    const auto [xLo, xHi] = span(slips, 0.0);
    setXAxes(xLo, xHi);
    const auto [yLo, yHi] = span(forces, 0.05);
    applyTicks(curves_.y, niceTicks(yLo, yHi, 4));
    // The residual axis is symmetric about 0, so its sign reads at a glance.
    const double r = std::max(std::abs(span(residuals, 0.05).first), std::abs(span(residuals, 0.05).second));
    applyTicks(residual_.y, niceTicks(-r, r, 4));
}

void TireFitChart::clear()
{
    source_->clear();
    fitted_->clear();
    difference_->clear();
    source_->setName(tr("source"));
    fitted_->setName(tr("fitted"));
    residualPeak_ = 0.0;
    setXAxes(-1.0, 1.0);
    applyTicks(curves_.y, niceTicks(-1.0, 1.0, 4));
    applyTicks(residual_.y, niceTicks(-1.0, 1.0, 4));
}

int TireFitChart::residualPoints() const
{
    return static_cast<int>(difference_->count());
}

double TireFitChart::residualPeak() const
{
    return residualPeak_;
}

}  // namespace jounce::widgets
