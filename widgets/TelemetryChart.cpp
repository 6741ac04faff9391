#include "TelemetryChart.h"

#include "HoverChartView.h"
#include "NiceTicks.h"
#include "PlotAlignment.h"

#include <QChart>
#include <QChartView>
#include <QFontMetrics>
#include <QGraphicsLayout>
#include <QGuiApplication>
#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QOffscreenSurface>
#include <QOpenGLContext>
#include <QOpenGLFunctions>
#include <QPen>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace jounce::widgets {
namespace {
bool openGLAllowed = false;
constexpr double kLiveWidth = 1.5;       ///< px
constexpr double kReferenceWidth = 3.5;  ///< px: a band over twice the live line

/// Points for samples [first, last) of (x(i), y(i)) in the window [start, start + window]: all of
/// them when they fit, else the min and max of each pixel column in the order they occur.
template <typename X, typename Y>
void decimate(QList<QPointF>& points, std::size_t first, std::size_t last, X x, Y y, double start, double window,
              int columns)
{
    const std::size_t count = last > first ? last - first : 0;
    if (count <= std::size_t(columns) * 2) {
        for (std::size_t i = first; i < last; ++i)
            points.append(QPointF(x(i), y(i)));
        return;
    }
    std::size_t i = first;
    for (int col = 0; col < columns && i < last; ++col) {
        const double colEnd = start + window * (col + 1) / columns;
        std::size_t minI = i, maxI = i;
        double minV = y(i), maxV = minV;
        for (; i < last && x(i) <= colEnd; ++i) {
            const double v = y(i);
            if (v < minV) {
                minV = v;
                minI = i;
            }
            if (v > maxV) {
                maxV = v;
                maxI = i;
            }
        }
        if (minI == maxI) {
            points.append(QPointF(x(minI), minV));
        } else if (minI < maxI) {
            points.append(QPointF(x(minI), minV));
            points.append(QPointF(x(maxI), maxV));
        } else {
            points.append(QPointF(x(maxI), maxV));
            points.append(QPointF(x(minI), minV));
        }
        if (i == minI && i == maxI)  // a sample beyond colEnd already: step on
            ++i;
    }
}

/// Points for samples [first, last) of (x(i), y(i)) drawn as steps: a point at every change, so
/// the line runs level and then rises straight up (gear), never as a ramp between two values.
template <typename X, typename Y>
void steps(QList<QPointF>& points, std::size_t first, std::size_t last, X x, Y y)
{
    double previous = std::numeric_limits<double>::quiet_NaN();
    for (std::size_t i = first; i < last; ++i) {
        const double v = y(i);
        if (v != previous) {
            if (previous == previous)
                points.append(QPointF(x(i), previous));
            points.append(QPointF(x(i), v));
            previous = v;
        }
    }
    if (last > first)
        points.append(QPointF(x(last - 1), previous));
}

/// Reference traces: a broad translucent band under the thin live line, in the trace's colour for
/// wheels and the run's own colour for a single trace, dashed in the run's style. A lighter thin
/// dashed line in the same colour read as the live one at the default 10 s window (60 frames a
/// second make the dashes solid); a band wider than the live line stays apart at any density.
QPen referencePen(const QColor& traceColor, const ReferenceRun& ref, bool wheelTrace)
{
    QColor color = wheelTrace ? traceColor : ref.color;
    color.setAlpha(100);
    QPen pen(color);
    pen.setWidthF(kReferenceWidth);
    pen.setStyle(ref.style);
    pen.setCapStyle(Qt::FlatCap);
    return pen;
}

}  // namespace

void TelemetryChart::setOpenGLAllowed(bool allowed)
{
    if (allowed) {
        const QString platform = QGuiApplication::platformName();
        if (platform == "offscreen" || platform == "minimal") {
            allowed = false;
        } else {
            // A context must exist and be hardware: software rasterisers (llvmpipe under Xvfb)
            // draw the series several times slower than Qt's raster engine (measured: 13 against
            // 58 chart updates per second with the default layout).
            QOpenGLContext context;
            QOffscreenSurface surface;
            surface.create();
            allowed = context.create() && context.makeCurrent(&surface);
            if (allowed) {
                const auto* renderer = reinterpret_cast<const char*>(context.functions()->glGetString(GL_RENDERER));
                const QString name = QString::fromLatin1(renderer ? renderer : "");
                allowed = !name.contains("llvmpipe", Qt::CaseInsensitive) &&
                          !name.contains("softpipe", Qt::CaseInsensitive) &&
                          !name.contains("software", Qt::CaseInsensitive) && !name.isEmpty();
                context.doneCurrent();
            }
        }
    }
    openGLAllowed = allowed;
}

TelemetryChart::TelemetryChart(Spec spec, std::vector<ReferenceRun> references, QWidget* parent)
    : QWidget(parent), spec_(std::move(spec)), references_(std::move(references))
{
    // The title and the trace legend sit in a label above the chart, not in it: a legend inside
    // takes a different width on each chart and the plot areas would not line up.
    QString title = spec_.unit.isEmpty() ? spec_.title : spec_.title + " (" + spec_.unit + ")";
    if (spec_.difference)
        title += references_.empty() ? tr(": live − reference (pin a reference run)")
                                     : tr(": live − %1").arg(references_.front().name);
    QString html = QStringLiteral("<b>%1</b>").arg(title.toHtmlEscaped());
    if (spec_.traces.size() > 1)
        for (const Trace& t : spec_.traces)
            html += QStringLiteral("&nbsp;&nbsp;<span style='color:%1'>&#9632;</span>&nbsp;%2")
                        .arg(t.color.name(), t.label.toHtmlEscaped());
    header_ = new QLabel(html, this);
    header_->setTextFormat(Qt::RichText);
    header_->setContentsMargins(4, 0, 0, 0);
    header_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);

    chart_ = new QChart();
    chart_->legend()->setVisible(false);
    chart_->setMargins(QMargins(2, 2, 2, 2));
    chart_->layout()->setContentsMargins(0, 0, 0, 0);
    chart_->setAnimationOptions(QChart::NoAnimation);
    // Ticks at round values (multiples of a 1-2-5 step from 0), not at fractions of the range.
    xAxis_ = new QValueAxis();
    xAxis_->setTickType(QValueAxis::TicksDynamic);
    xAxis_->setTickAnchor(0.0);
    yAxis_ = new QValueAxis();
    yAxis_->setTickType(QValueAxis::TicksDynamic);
    yAxis_->setTickAnchor(0.0);
    chart_->addAxis(xAxis_, Qt::AlignBottom);
    chart_->addAxis(yAxis_, Qt::AlignLeft);
    // References first: QtCharts draws series in the order added, the live traces on top.
    if (!spec_.difference) {
        for (const ReferenceRun& ref : references_) {
            for (const Trace& t : spec_.traces) {
                auto* s = new QLineSeries();
                s->setName(t.label + " · " + ref.name);
                s->setPen(referencePen(t.color, ref, t.column.kind == telemetry::Column::Kind::Wheel));
                s->setUseOpenGL(openGLAllowed);
                chart_->addSeries(s);
                s->attachAxis(xAxis_);
                s->attachAxis(yAxis_);
                referenceSeries_.push_back(s);
            }
        }
    }
    for (const Trace& t : spec_.traces) {
        auto* s = new QLineSeries();
        s->setName(t.label);
        QPen pen(t.color);
        pen.setWidthF(kLiveWidth);
        s->setPen(pen);
        s->setUseOpenGL(openGLAllowed);
        chart_->addSeries(s);
        s->attachAxis(xAxis_);
        s->attachAxis(yAxis_);
        series_.push_back(s);
    }
    setReferenceLine(spec_.referenceLine, spec_.referenceLabel);

    connect(chart_, &QChart::plotAreaChanged, this, &TelemetryChart::plotAreaChanged);
    view_ = new HoverChartView(
        chart_, xAxis_, yAxis_, [this](std::optional<double> t) { emit hovered(t); }, false, this);
    view_->setMinimumHeight(130);
    fillViewWithChartBackground(*view_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(header_);
    layout->addWidget(view_);
}

void TelemetryChart::setReferenceLine(std::optional<double> value, const QString& label)
{
    spec_.referenceLine = value;
    spec_.referenceLabel = label;
    if (!reference_ && value) {
        reference_ = new QLineSeries();
        reference_->setPen(QPen(QColor(200, 0, 0), 1, Qt::DashLine));
        chart_->addSeries(reference_);
        reference_->attachAxis(xAxis_);
        reference_->attachAxis(yAxis_);
    }
    if (reference_) {
        reference_->setName(label);
        reference_->setVisible(value.has_value());
    }
}

int TelemetryChart::pointCount() const
{
    int n = 0;
    for (const QLineSeries* s : series_)
        n += static_cast<int>(s->count());
    return n;
}

double TelemetryChart::traceValue(const TelemetryHistory& history, std::size_t i, const telemetry::Column& c,
                                  Alignment alignment) const
{
    const double live = spec_.conversion.toDisplay(history.at(i).value(c));
    if (!spec_.difference)
        return live;
    if (references_.empty())
        return std::numeric_limits<double>::quiet_NaN();
    const sim::TelemetryTrack& ref = references_.front().run->telemetry;
    const std::optional<std::size_t> j = referenceFrameAt(history, ref, history.at(i).time(), alignment);
    return j ? live - spec_.conversion.toDisplay(ref.value(*j, c)) : std::numeric_limits<double>::quiet_NaN();
}

int TelemetryChart::referencePointCount() const
{
    int n = 0;
    for (const QLineSeries* s : referenceSeries_)
        n += static_cast<int>(s->count());
    return n;
}

QList<QPointF> TelemetryChart::referencePoints(std::size_t reference, std::size_t trace) const
{
    const std::size_t i = reference * spec_.traces.size() + trace;
    return trace < spec_.traces.size() && i < referenceSeries_.size() ? referenceSeries_[i]->points() : QList<QPointF>{};
}

void TelemetryChart::refresh(const TelemetryHistory& history, double start, double end, double dataLimit,
                             Alignment alignment)
{
    const double window = end - start;
    const double step = niceStep(window, 5);
    setAxisTicks(xAxis_, start, end, step);
    if (step != timeStep_) {
        timeStep_ = step;
        xAxis_->setLabelFormat(QStringLiteral("%.%1f").arg(decimalsFor(step)));
    }
    drawnPlotSize_ = chart_->plotArea().size();
    const int columns = std::max(50, static_cast<int>(drawnPlotSize_.width()));
    const std::size_t first = history.lowerBound(start);
    const std::size_t last = history.lowerBound(std::min(end, dataLimit) + 1e-9);  // exclusive
    const std::size_t count = last > first ? last - first : 0;
    double dataMin = std::numeric_limits<double>::infinity();
    double dataMax = -dataMin;

    QList<QPointF> points;
    const auto time = [&](std::size_t i) { return history.at(i).time(); };
    for (std::size_t k = 0; k < series_.size(); ++k) {
        const telemetry::Column& c = spec_.traces[k].column;
        points.clear();
        points.reserve(static_cast<qsizetype>(std::min<std::size_t>(count, std::size_t(columns) * 2 + 2)));
        const auto value = [&](std::size_t i) { return traceValue(history, i, c, alignment); };
        if (spec_.stepped)
            steps(points, first, last, time, value);
        else
            decimate(points, first, last, time, value, start, window, columns);
        for (const QPointF& p : points) {
            if (std::isfinite(p.y())) {
                dataMin = std::min(dataMin, p.y());
                dataMax = std::max(dataMax, p.y());
            }
        }
        series_[k]->replace(points);
    }
    refreshReferences(history, start, end, alignment, columns, dataMin, dataMax);
    if (spec_.referenceLine) {
        const double line = spec_.conversion.toDisplay(*spec_.referenceLine);
        dataMin = std::min(dataMin, line);
        dataMax = std::max(dataMax, line);
        reference_->replace(QList<QPointF>{{start, line}, {end, line}});
    }
    if (dataMin <= dataMax) {
        dataMin_ = dataMin;
        dataMax_ = dataMax;
        const auto [lo, hi] = range_.update(dataMin, dataMax, spec_.minimumSpan);
        setValueTicks(lo, hi);
    }
}

void TelemetryChart::setValueTicks(double lo, double hi)
{
    // Auto ranges widen to round tick values; a fixed range is shown exactly as typed or zoomed.
    // As many ticks as the plot's height gives room for.
    const double height = chart_->plotArea().height();
    const double room = verticalTickRoom(yAxis_->labelsFont());
    int intervals = 4;
    AxisTicks ticks = niceTicks(lo, hi, intervals);
    while (intervals > 1 && height > 0.0 && (ticks.hi - ticks.lo) / ticks.step * room > height)
        ticks = niceTicks(lo, hi, --intervals);
    if (range_.mode() == ValueRange::Mode::Fixed) {
        ticks.lo = lo;
        ticks.hi = hi;
    }
    setAxisTicks(yAxis_, ticks.lo, ticks.hi, ticks.step);
    if (ticks.step != yTicks_.step || ticks.decimals != yTicks_.decimals)
        yAxis_->setLabelFormat(labelFormat(ticks));
    yTicks_ = ticks;
}

void TelemetryChart::setValueMode(ValueRange::Mode mode, double lo, double hi)
{
    if (mode == ValueRange::Mode::Auto)
        range_.setAuto();
    else if (mode == ValueRange::Mode::Grow)
        range_.setGrow();
    else
        range_.setFixed(lo, hi);
    applyValueRange();
}

void TelemetryChart::applyValueRange()
{
    if (range_.mode() == ValueRange::Mode::Fixed) {
        const auto [lo, hi] = range_.current();
        setValueTicks(lo, hi);
    } else if (dataMin_ <= dataMax_) {
        const auto [lo, hi] = range_.update(dataMin_, dataMax_, spec_.minimumSpan);
        setValueTicks(lo, hi);
    }
}

void TelemetryChart::setNavigation(HoverChartView::Navigation navigation)
{
    // Values are this chart's own: Ctrl+wheel and a vertical drag of a fixed range stay here.
    navigation.zoomValue = [this](double factor, double y) {
        if (range_.mode() != ValueRange::Mode::Fixed)
            range_.setFixed(yTicks_.lo, yTicks_.hi);
        range_.zoom(factor, y);
        applyValueRange();
    };
    auto timePan = navigation.pan;
    navigation.pan = [this, timePan](double dx, double dy) {
        if (range_.mode() == ValueRange::Mode::Fixed && dy != 0.0) {
            range_.pan(dy);
            applyValueRange();
        }
        if (timePan)
            timePan(dx, 0.0);
    };
    auto timeBox = navigation.zoomBox;
    navigation.zoomBox = [this, timeBox](const QRectF& values) {
        range_.setFixed(values.top(), values.bottom());
        applyValueRange();
        if (timeBox)
            timeBox(values);
    };
    view_->setNavigation(std::move(navigation));
}

std::optional<double> TelemetryChart::naturalPlotLeft() const
{
    const std::optional<PlotRoom> room = naturalPlotRoom(*chart_);
    return room ? std::optional<double>(room->left) : std::nullopt;
}

bool TelemetryChart::drawnForPlotSize() const
{
    const QSizeF size = chart_->plotArea().size();
    return std::fabs(size.width() - drawnPlotSize_.width()) < 1.0 &&
           std::fabs(size.height() - drawnPlotSize_.height()) < 1.0;
}

void TelemetryChart::setPlotLeft(double pixels)
{
    setPlotRoom(*chart_, pixels, std::nullopt);
}

void TelemetryChart::layOut()
{
    layout()->activate();
    chart_->layout()->activate();
}

QRectF TelemetryChart::plotArea() const { return chart_->plotArea(); }

double TelemetryChart::valueAt(const TelemetryHistory& history, std::size_t trace, double t, double dataLimit,
                               Alignment alignment) const
{
    if (history.empty() || trace >= spec_.traces.size() || t > dataLimit + 1e-9 || t < history.startTime() - 1e-9)
        return std::numeric_limits<double>::quiet_NaN();
    const std::size_t i = std::min(history.lowerBound(history.nearest(t).time()), history.size() - 1);
    return traceValue(history, i, spec_.traces[trace].column, alignment);
}

void TelemetryChart::refreshReferences(const TelemetryHistory& history, double start, double end, Alignment alignment,
                                       int columns, double& dataMin, double& dataMax)
{
    QList<QPointF> points;
    const std::size_t traces = spec_.traces.size();
    for (std::size_t r = 0; r < references_.size() && !referenceSeries_.empty(); ++r) {
        const sim::TelemetryTrack& ref = references_[r].run->telemetry;
        const auto [first, last] = referenceRange(history, ref, start, end, alignment);
        // Frames the live run has not reached (by distance) have no place yet: x is NaN, skipped.
        std::vector<double> xs;
        xs.reserve(last - first);
        for (std::size_t j = first; j < last; ++j)
            xs.push_back(referenceTime(history, ref, j, alignment).value_or(std::numeric_limits<double>::quiet_NaN()));
        std::size_t valid = first;
        while (valid < last && std::isfinite(xs[valid - first]) && xs[valid - first] <= end + 1e-9)
            ++valid;
        const auto x = [&](std::size_t j) { return xs[j - first]; };
        for (std::size_t k = 0; k < traces; ++k) {
            points.clear();
            const telemetry::Column& c = spec_.traces[k].column;
            const auto value = [&](std::size_t j) { return spec_.conversion.toDisplay(ref.value(j, c)); };
            if (spec_.stepped)
                steps(points, first, valid, x, value);
            else
                decimate(points, first, valid, x, value, start, end - start, columns);
            for (const QPointF& p : points)
                if (std::isfinite(p.y())) {
                    dataMin = std::min(dataMin, p.y());
                    dataMax = std::max(dataMax, p.y());
                }
            referenceSeries_[r * traces + k]->replace(points);
        }
    }
}

void TelemetryChart::setCursor(const TelemetryHistory& history, std::optional<double> t, Alignment alignment)
{
    if (!t || history.empty() || *t < xAxis_->min() || *t > xAxis_->max()) {
        cursorText_.clear();
        view_->hideCursor();
        return;
    }
    const telemetry::Frame& f = history.nearest(*t);
    const std::size_t i = std::min(history.lowerBound(f.time()), history.size() - 1);
    const ReferenceRun* ref = references_.empty() || spec_.difference ? nullptr : &references_.front();
    const std::optional<std::size_t> j =
        ref ? referenceFrameAt(history, ref->run->telemetry, f.time(), alignment) : std::nullopt;
    QString text = QString("<b>t = %1 s</b>").arg(f.time(), 0, 'f', 3);
    if (ref)
        text += QString("<br><i>live / %1 / Δ</i>").arg(ref->name.toHtmlEscaped());
    const int decimals = std::max(spec_.conversion.decimals, yTicks_.decimals + 1);
    const auto number = [decimals](double v) { return formatNumber(v, decimals); };
    for (const Trace& tr : spec_.traces) {
        const double live = traceValue(history, i, tr.column, alignment);
        text += QString("<br><span style='color:%1'>&#9632;</span> %2: %3").arg(tr.color.name(), tr.label, number(live));
        if (ref) {
            if (j) {
                const double other = spec_.conversion.toDisplay(ref->run->telemetry.value(*j, tr.column));
                text += QString(" / %1 / %2").arg(number(other), number(live - other));
            } else {
                text += QStringLiteral(" / — / —");
            }
        }
    }
    cursorText_ = text;
    view_->showCursor(*t, yTicks_.lo, yTicks_.hi, text);
}

void TelemetryChart::setMarkers(std::vector<Marker> markers)
{
    std::vector<HoverChartView::Marker> shown;
    for (Marker& m : markers)
        shown.push_back({m.time, std::move(m.text), m.color});
    view_->setMarkers(std::move(shown));
}

}  // namespace jounce::widgets
