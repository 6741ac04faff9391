// The curve editor's axes: round ranges that hold still while a curve is edited, with as many
// ticks as the plot area gives their labels room for, and titles written whole. QtCharts hides a
// label that would touch its neighbour (at the Curves dock's 540×280 a y axis from -1.5 to 1.5
// read "1, 0.5, -0.5, -1.5", as if ticks had been skipped) and elides a title longer than its axis
// ("fraction …" beside the torque curve's table at 1366×768).

#include "CurveEditor.h"

#include "NiceTicks.h"

#include <QChart>
#include <QFontMetricsF>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <utility>

namespace jounce::widgets {
namespace {

struct Bounds {
    double xMin = 1e300, xMax = -1e300, yMin = 1e300, yMax = -1e300;
};

/// What the curve draws, in display units: its points, its line and its family.
Bounds bounds(const CurveDef& d)
{
    Bounds b;
    auto extend = [&](double x, double y) {
        b.xMin = std::min(b.xMin, x * d.xScale);
        b.xMax = std::max(b.xMax, x * d.xScale);
        b.yMin = std::min(b.yMin, y * d.yScale);
        b.yMax = std::max(b.yMax, y * d.yScale);
    };
    for (const CurveSeries& cs : d.series)
        for (const CurvePoint& p : cs.points)
            extend(p.x, p.y);
    for (auto [x, y] : d.line)
        extend(x, y);
    for (const CurveDef::NamedLine& l : d.family)
        for (auto [x, y] : l.points)
            extend(x, y);
    if (b.xMin > b.xMax)
        b = {0.0, 0.0, 0.0, 0.0};
    return b;
}

/// The most intervals, up to five, whose ticks on an axis `pixels` long are at least `room(range)`
/// apart; five before the first layout.
template <typename Room>
int intervalsWithRoom(double lo, double hi, double pixels, Room room)
{
    int n = 5;
    for (; n > 1 && pixels > 0.0; --n) {
        const AxisRange r = niceAxisRange(lo, hi, n);
        if (r.tickInterval / (r.max - r.min) * pixels >= room(r))
            break;
    }
    return n;
}

/// `text` in lines no longer than `length` where it is longer, broken at spaces, as the HTML
/// QtCharts writes; `text` itself where it fits (or before the first layout).
QString wrapped(const QString& text, const QFontMetricsF& fm, double length)
{
    length -= 12.0;  // QtCharts measures a title with its text item's margins
    if (!(length > 0.0) || fm.horizontalAdvance(text) <= length)
        return text;
    QStringList lines;
    for (const QString& word : text.split(QChar(' '), Qt::SkipEmptyParts)) {
        if (!lines.isEmpty() && fm.horizontalAdvance(lines.back() + QChar(' ') + word) <= length)
            lines.back() += QChar(' ') + word;
        else
            lines << word;
    }
    for (QString& line : lines)
        line = line.toHtmlEscaped();
    return lines.join(QStringLiteral("<br>"));
}

void applyRange(QValueAxis* axis, const AxisRange& r)
{
    setAxisTicks(axis, r.min, r.max, r.tickInterval);
}

}  // namespace

int CurveEditor::xIntervalsWithRoom(double lo, double hi) const
{
    // Labels side by side: the widest and a gap.
    const QFontMetricsF fm(xAxis_->labelsFont());
    return intervalsWithRoom(lo, hi, chart_->plotArea().width(), [&fm](const AxisRange& r) {
        double widest = 0.0;
        const double first = std::ceil(r.min / r.tickInterval - 1e-9);
        for (int k = 0; k <= tickIntervals(r); ++k)  // the labels' "%.6g" format
            widest = std::max(widest, fm.horizontalAdvance(QString::number((first + k) * r.tickInterval, 'g', 6)));
        return widest + 10.0;
    });
}

int CurveEditor::yIntervalsWithRoom(double lo, double hi) const
{
    const double room = verticalTickRoom(yAxis_->labelsFont());
    return intervalsWithRoom(lo, hi, chart_->plotArea().height(), [room](const AxisRange&) { return room; });
}

void CurveEditor::updateRanges(const CurveDef& d)
{
    const Bounds b = bounds(d);
    xIntervals_ = xIntervalsWithRoom(b.xMin, b.xMax);
    yIntervals_ = yIntervalsWithRoom(b.yMin, b.yMax);
    // A new curve gets its own ranges; an edit of the same curve keeps them while they fit.
    const bool sameCurve = rangeCurve_ == currentId_;
    xRange_ = sameCurve ? settleAxisRange(xRange_, b.xMin, b.xMax, xIntervals_) : niceAxisRange(b.xMin, b.xMax, xIntervals_);
    yRange_ = sameCurve ? settleAxisRange(yRange_, b.yMin, b.yMax, yIntervals_) : niceAxisRange(b.yMin, b.yMax, yIntervals_);
    rangeCurve_ = currentId_;
    applyRange(xAxis_, xRange_);
    applyRange(yAxis_, yRange_);
}

void CurveEditor::fitAxisTitles()
{
    const CurveDef* d = current();
    if (!d)
        return;
    // A hidden chart's plot area is no size to fit to: it is laid out, and fitted, when shown.
    const QRectF plot = isVisible() ? chart_->plotArea() : QRectF();
    const auto fit = [](QValueAxis* axis, const std::string& label, double length) {
        const QString title = wrapped(QString::fromStdString(label), QFontMetricsF(axis->titleFont()), length);
        if (axis->titleText() != title)
            axis->setTitleText(title);
    };
    fit(xAxis_, d->xLabel, plot.width());
    fit(yAxis_, d->yLabel, plot.height());
    // QtCharts gives a y title the axis' width less that of "..." beside the labels: narrower
    // labels ("0" to "3") leave a title of two lines one line, "filtered…". A space widens them.
    const QString format = yAxis_->titleText().contains(QStringLiteral("<br>")) ? QStringLiteral("&nbsp;%.6g")
                                                                               : QStringLiteral("%.6g");
    if (yAxis_->labelFormat() != format)
        yAxis_->setLabelFormat(format);
}

void CurveEditor::queuePlotAreaCheck()
{
    // Once per turn of the event loop, after QtCharts has laid the labels out.
    if (!std::exchange(plotAreaCheckQueued_, true))
        QMetaObject::invokeMethod(this, &CurveEditor::plotAreaChanged, Qt::QueuedConnection);
}

void CurveEditor::plotAreaChanged()
{
    plotAreaCheckQueued_ = false;
    const CurveDef* d = current();
    if (!d || drag_.index >= 0)
        return;  // the axes hold still during a drag
    fitAxisTitles();
    const Bounds b = bounds(*d);
    if (xIntervalsWithRoom(b.xMin, b.xMax) != xIntervals_ || yIntervalsWithRoom(b.yMin, b.yMax) != yIntervals_) {
        rangeCurve_.clear();  // a new size: ranges chosen afresh for it
        updateRanges(*d);
    }
}

}  // namespace jounce::widgets
