#include "TelemetryChart.h"

#include "HoverChartView.h"

#include <QChart>
#include <QChartView>
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

/// Axis limits with hysteresis: grow at once to fit the data with a margin, shrink only when the
/// data uses less than a third of the range, so the axes do not twitch every frame.
void rescale(double dataMin, double dataMax, double minimumSpan, double& lo, double& hi, bool& initialised)
{
    if (dataMax - dataMin < minimumSpan) {
        const double mid = 0.5 * (dataMin + dataMax);
        dataMin = mid - 0.5 * minimumSpan;
        dataMax = mid + 0.5 * minimumSpan;
    }
    const double margin = 0.1 * (dataMax - dataMin);
    const bool outside = dataMin < lo || dataMax > hi;
    const bool tooWide = (dataMax - dataMin) < (hi - lo) / 3.0;
    if (!initialised || outside || tooWide) {
        lo = dataMin - margin;
        hi = dataMax + margin;
        initialised = true;
    }
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

TelemetryChart::TelemetryChart(Spec spec, QWidget* parent) : QWidget(parent), spec_(std::move(spec))
{
    chart_ = new QChart();
    chart_->setTitle(spec_.unit.isEmpty() ? spec_.title : spec_.title + " (" + spec_.unit + ")");
    chart_->legend()->setAlignment(Qt::AlignRight);
    chart_->legend()->setVisible(spec_.traces.size() > 1);
    chart_->setMargins(QMargins(2, 2, 2, 2));
    chart_->layout()->setContentsMargins(0, 0, 0, 0);
    chart_->setAnimationOptions(QChart::NoAnimation);
    xAxis_ = new QValueAxis();
    xAxis_->setLabelFormat("%.0f");
    xAxis_->setTitleText("time (s)");
    yAxis_ = new QValueAxis();
    yAxis_->setLabelFormat("%.4g");
    chart_->addAxis(xAxis_, Qt::AlignBottom);
    chart_->addAxis(yAxis_, Qt::AlignLeft);
    for (const Trace& t : spec_.traces) {
        auto* s = new QLineSeries();
        s->setName(t.label);
        QPen pen(t.color);
        pen.setWidthF(1.5);
        s->setPen(pen);
        s->setUseOpenGL(openGLAllowed);
        chart_->addSeries(s);
        s->attachAxis(xAxis_);
        s->attachAxis(yAxis_);
        series_.push_back(s);
    }
    setReferenceLine(spec_.referenceLine, spec_.referenceLabel);

    view_ = new HoverChartView(
        chart_, xAxis_, yAxis_, [this](std::optional<double> t) { emit hovered(t); }, false, this);
    view_->setMinimumHeight(150);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
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

void TelemetryChart::refresh(const TelemetryHistory& history, double end, double window)
{
    const double start = end - window;
    xAxis_->setRange(start, end);
    const int columns = std::max(50, static_cast<int>(chart_->plotArea().width()));
    const std::size_t first = history.lowerBound(start);
    const std::size_t last = history.lowerBound(end + 1e-9);  // exclusive
    const std::size_t count = last > first ? last - first : 0;
    double dataMin = std::numeric_limits<double>::infinity();
    double dataMax = -dataMin;

    QList<QPointF> points;
    for (std::size_t k = 0; k < series_.size(); ++k) {
        const telemetry::Column& c = spec_.traces[k].column;
        points.clear();
        points.reserve(static_cast<qsizetype>(std::min<std::size_t>(count, std::size_t(columns) * 2 + 2)));
        if (spec_.stepped) {
            // Steps: a point at every change, drawn as a horizontal then a vertical segment.
            double previous = std::numeric_limits<double>::quiet_NaN();
            for (std::size_t i = first; i < last; ++i) {
                const telemetry::Frame& f = history.at(i);
                const double v = f.value(c);
                if (v != previous) {
                    if (previous == previous)
                        points.append(QPointF(f.time(), previous));
                    points.append(QPointF(f.time(), v));
                    previous = v;
                }
            }
            if (count > 0)
                points.append(QPointF(history.at(last - 1).time(), previous));
        } else if (count <= std::size_t(columns) * 2) {
            for (std::size_t i = first; i < last; ++i)
                points.append(QPointF(history.at(i).time(), history.at(i).value(c)));
        } else {
            // Min and max per pixel column, in the order they occur.
            std::size_t i = first;
            for (int col = 0; col < columns && i < last; ++col) {
                const double colEnd = start + window * (col + 1) / columns;
                std::size_t minI = i, maxI = i;
                for (; i < last && history.at(i).time() <= colEnd; ++i) {
                    const double v = history.at(i).value(c);
                    if (v < history.at(minI).value(c))
                        minI = i;
                    if (v > history.at(maxI).value(c))
                        maxI = i;
                }
                if (minI == maxI) {
                    points.append(QPointF(history.at(minI).time(), history.at(minI).value(c)));
                } else {
                    const std::size_t a = std::min(minI, maxI), b = std::max(minI, maxI);
                    points.append(QPointF(history.at(a).time(), history.at(a).value(c)));
                    points.append(QPointF(history.at(b).time(), history.at(b).value(c)));
                }
            }
        }
        for (const QPointF& p : points) {
            if (std::isfinite(p.y())) {
                dataMin = std::min(dataMin, p.y());
                dataMax = std::max(dataMax, p.y());
            }
        }
        series_[k]->replace(points);
    }
    if (spec_.referenceLine) {
        dataMin = std::min(dataMin, *spec_.referenceLine);
        dataMax = std::max(dataMax, *spec_.referenceLine);
        reference_->replace(QList<QPointF>{{start, *spec_.referenceLine}, {end, *spec_.referenceLine}});
    }
    if (dataMin <= dataMax) {
        rescale(dataMin, dataMax, spec_.minimumSpan, yMin_, yMax_, yInitialised_);
        yAxis_->setRange(yMin_, yMax_);
    }
}

void TelemetryChart::setCursor(const TelemetryHistory& history, std::optional<double> t)
{
    if (!t || history.empty() || *t < xAxis_->min() || *t > xAxis_->max()) {
        view_->hideCursor();
        return;
    }
    const telemetry::Frame& f = history.nearest(*t);
    QString text = QString("<b>t = %1 s</b>").arg(f.time(), 0, 'f', 3);
    for (const Trace& tr : spec_.traces)
        text += QString("<br><span style='color:%1'>&#9632;</span> %2: %3")
                    .arg(tr.color.name(), tr.label)
                    .arg(f.value(tr.column), 0, 'g', 5);
    view_->showCursor(*t, yMin_, yMax_, text);
}

}  // namespace jounce::widgets
