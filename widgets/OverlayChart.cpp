#include "OverlayChart.h"

#include "HoverChartView.h"
#include "NiceTicks.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QGraphicsLayout>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace jounce::widgets {
namespace {

constexpr int kColumns = 1200;  // pixel columns the series are decimated to (a wide chart)

/// First row with time >= t.
std::size_t rowAt(const compare::RunTrace& trace, double t)
{
    std::size_t lo = 0, hi = trace.rows();
    while (lo < hi) {
        const std::size_t mid = (lo + hi) / 2;
        if (trace.time(mid) < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/// The display unit of a column (its channel's SI unit converted).
Conversion displayConversion(const telemetry::Column& column)
{
    const std::string name = telemetry::columnName(column);
    return DisplayUnits::current().conversionForChannel(name, telemetry::columnUnit(column));
}

void applyTicks(QValueAxis* axis, const AxisTicks& ticks)
{
    setAxisTicks(axis, ticks.lo, ticks.hi, ticks.step);
    axis->setLabelFormat(labelFormat(ticks));
}

}  // namespace

OverlayChart::OverlayChart(telemetry::Column column, QWidget* parent) : QWidget(parent), column_(column)
{
    picker_ = new QComboBox(this);
    picker_->setToolTip(tr("Telemetry channel to overlay (the channel names of the CSV header; per-wheel channels name the wheel)"));
    picker_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    chart_ = new QChart();
    chart_->legend()->setAlignment(Qt::AlignBottom);
    chart_->setMargins(QMargins(2, 2, 2, 2));
    chart_->layout()->setContentsMargins(0, 0, 0, 0);
    chart_->setAnimationOptions(QChart::NoAnimation);
    xAxis_ = new QValueAxis();
    xAxis_->setTitleText(tr("time (s)"));
    yAxis_ = new QValueAxis();
    // Qt Charts elides tick labels to "..." when it underestimates their width after a range change.
    xAxis_->setTruncateLabels(false);
    yAxis_->setTruncateLabels(false);
    chart_->addAxis(xAxis_, Qt::AlignBottom);
    chart_->addAxis(yAxis_, Qt::AlignLeft);
    view_ = new HoverChartView(
        chart_, xAxis_, yAxis_, [this](std::optional<double> t) { emit hovered(t); }, true, this);
    // Three of these stack in the compare window above its figure table: at 160 px each that column
    // could not be shorter than a 1366×768 screen. 120 px still holds the axes and a readable trace.
    view_->setMinimumHeight(120);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(picker_, 0, Qt::AlignLeft);
    layout->addWidget(view_, 1);
    fillPicker(4);
    connect(picker_, &QComboBox::activated, this, [this](int index) {
        const auto parsed = telemetry::parseColumn(picker_->itemData(index).toString().toStdString());
        if (parsed && !(*parsed == column_)) {
            setColumn(*parsed);
            emit columnChanged(column_);
        }
    });
    // New display units: the picker's and the chart's units and the values change.
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, [this] {
        const int wheels = pickerWheels_;
        pickerWheels_ = -1;
        fillPicker(wheels);
        rebuild();
    });
}

void OverlayChart::fillPicker(int wheelCount)
{
    if (wheelCount == pickerWheels_)
        return;
    pickerWheels_ = wheelCount;
    picker_->clear();
    for (const telemetry::Column& c : telemetry::csvColumns(wheelCount)) {
        if (c.kind == telemetry::Column::Kind::Time)
            continue;
        const QString name = QString::fromStdString(telemetry::columnName(c));
        picker_->addItem(displayConversion(c).titled(name), name);
    }
    const int current = picker_->findData(QString::fromStdString(telemetry::columnName(column_)));
    picker_->setCurrentIndex(std::max(0, current));
}

void OverlayChart::setRuns(std::vector<Run> runs)
{
    runs_ = std::move(runs);
    int wheels = 0;
    for (const Run& r : runs_)
        if (r.trace)
            wheels = std::max(wheels, r.trace->wheelCount());
    fillPicker(runs_.empty() ? 4 : wheels);
    rebuild();
}

void OverlayChart::setColumn(const telemetry::Column& column)
{
    column_ = column;
    const int index = picker_->findData(QString::fromStdString(telemetry::columnName(column_)));
    if (index >= 0)
        picker_->setCurrentIndex(index);
    rebuild();
}

void OverlayChart::rebuild()
{
    for (QLineSeries* s : series_) {
        chart_->removeSeries(s);
        delete s;
    }
    series_.clear();
    shown_ = displayConversion(column_);
    chart_->setTitle(shown_.titled(QString::fromStdString(telemetry::columnName(column_))));

    double tMax = 0.0;
    double yMin = std::numeric_limits<double>::infinity();
    double yMax = -yMin;
    for (const Run& run : runs_) {
        auto* series = new QLineSeries();
        series->setName(run.label);
        QPen pen(run.color);
        pen.setWidthF(1.6);
        series->setPen(pen);
        chart_->addSeries(series);
        series->attachAxis(xAxis_);
        series->attachAxis(yAxis_);
        series_.push_back(series);
        const int c = run.trace ? run.trace->columnIndex(column_) : -1;
        if (c < 0)
            continue;  // this vehicle has no such wheel: an empty series keeps its legend entry
        const compare::RunTrace& tr = *run.trace;
        const std::size_t n = tr.rows();
        if (n == 0)
            continue;
        const double duration = tr.time(n - 1);
        tMax = std::max(tMax, duration);
        QList<QPointF> points;
        points.reserve(static_cast<qsizetype>(std::min<std::size_t>(n, 2 * kColumns + 2)));
        if (n <= 2 * kColumns) {
            for (std::size_t i = 0; i < n; ++i)
                points.append(QPointF(tr.time(i), shown_.toDisplay(tr.value(i, c))));
        } else {
            // Min and max per column, in the order they occur, so peaks survive decimation.
            std::size_t i = 0;
            for (int col = 0; col < kColumns && i < n; ++col) {
                const double colEnd = duration * (col + 1) / kColumns;
                std::size_t minI = i, maxI = i;
                for (; i < n && tr.time(i) <= colEnd; ++i) {
                    if (tr.value(i, c) < tr.value(minI, c))
                        minI = i;
                    if (tr.value(i, c) > tr.value(maxI, c))
                        maxI = i;
                }
                const std::size_t first = std::min(minI, maxI), second = std::max(minI, maxI);
                points.append(QPointF(tr.time(first), shown_.toDisplay(tr.value(first, c))));
                if (minI != maxI)
                    points.append(QPointF(tr.time(second), shown_.toDisplay(tr.value(second, c))));
            }
        }
        for (const QPointF& p : points)
            if (std::isfinite(p.y())) {
                yMin = std::min(yMin, p.y());
                yMax = std::max(yMax, p.y());
            }
        series->replace(points);
    }
    if (!(yMin <= yMax)) {
        yMin = 0.0;
        yMax = 1.0;
    }
    const double span = std::max(yMax - yMin, 1e-3);
    applyTicks(xAxis_, niceTicks(0.0, tMax > 0 ? tMax : 1.0, 6));
    applyTicks(yAxis_, niceTicks(yMin - 0.08 * span, yMax + 0.08 * span, 4));
    chart_->legend()->setVisible(!runs_.empty());
    view_->hideCursor();
}

int OverlayChart::pointCount() const
{
    int n = 0;
    for (const QLineSeries* s : series_)
        n += static_cast<int>(s->count());
    return n;
}

std::optional<double> OverlayChart::valueAt(std::size_t run, double t) const
{
    if (run >= runs_.size() || !runs_[run].trace)
        return std::nullopt;
    const compare::RunTrace& tr = *runs_[run].trace;
    const int c = tr.columnIndex(column_);
    if (c < 0 || tr.rows() == 0)
        return std::nullopt;
    std::size_t i = rowAt(tr, t);
    if (i >= tr.rows())
        i = tr.rows() - 1;
    else if (i > 0 && t - tr.time(i - 1) < tr.time(i) - t)
        --i;
    return tr.value(i, c);
}

void OverlayChart::setCursor(std::optional<double> t)
{
    if (!t || runs_.empty() || *t < xAxis_->min() || *t > xAxis_->max()) {
        view_->hideCursor();
        return;
    }
    QString text = QString("<b>t = %1 s</b>").arg(*t, 0, 'f', 2);
    for (std::size_t r = 0; r < runs_.size(); ++r) {
        const std::optional<double> v = valueAt(r, *t);
        text += QString("<br><span style='color:%1'>&#9632;</span> %2: %3")
                    .arg(runs_[r].color.name(), runs_[r].label.toHtmlEscaped(),
                         v ? shown_.format(*v).toHtmlEscaped() : tr("n/a"));
    }
    view_->showCursor(*t, yAxis_->min(), yAxis_->max(), text);
}

}  // namespace jounce::widgets
