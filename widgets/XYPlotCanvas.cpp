#include "XYPlotCanvas.h"

#include "WheelColors.h"
#include "telemetry/Channels.h"

#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace jounce::widgets {
namespace {

constexpr int kFadeBands = 12;  ///< the trail is drawn in this many opacity steps
const QColor kGrid(232, 232, 236);
const QColor kZero(165, 165, 172);
const QColor kFrame(150, 150, 158);
const QColor kOverlay(150, 150, 162);
const QColor kText(60, 60, 66);

/// Display-unit bounds of the data.
struct Bounds {
    double xlo = std::numeric_limits<double>::infinity();
    double xhi = -std::numeric_limits<double>::infinity();
    double ylo = std::numeric_limits<double>::infinity();
    double yhi = -std::numeric_limits<double>::infinity();
    bool any() const { return xlo <= xhi; }
    void add(double x, double y)
    {
        if (!std::isfinite(x) || !std::isfinite(y))
            return;
        xlo = std::min(xlo, x);
        xhi = std::max(xhi, x);
        ylo = std::min(ylo, y);
        yhi = std::max(yhi, y);
    }
    double maxAbs() const { return any() ? std::max({std::fabs(xlo), std::fabs(xhi), std::fabs(ylo), std::fabs(yhi)}) : 0.0; }
};

double shown(const XYUnit& u, double si) { return si * u.factor + u.offset; }

/// A symmetric axis ±r with its tick step.
AxisTicks symmetric(double r, double step) { return {-r, r, step, decimalsFor(step)}; }

QString tickText(double v, int decimals)
{
    if (std::fabs(v) < 0.5 * std::pow(10.0, -decimals))
        v = 0.0;  // no "-0.0"
    return QString::number(v, 'f', decimals);
}

QString valueText(double v, int decimals, const QString& unit)
{
    const QString n = tickText(v, decimals);
    if (unit.isEmpty())
        return n;
    return unit == QStringLiteral("°") ? n + unit : n + ' ' + unit;
}

/// The multiples of the step within the axis.
template <typename F>
void forEachTick(const AxisTicks& a, F f)
{
    if (!(a.step > 0.0))
        return;
    const auto first = static_cast<long long>(std::ceil(a.lo / a.step - 1e-9));
    const auto last = static_cast<long long>(std::floor(a.hi / a.step + 1e-9));
    for (long long k = first; k <= last && k - first < 200; ++k)
        f(static_cast<double>(k) * a.step);
}

}  // namespace

XYPlotCanvas::XYPlotCanvas(const XYPlotState& state, QWidget* parent) : QWidget(parent), state_(state)
{
    setAttribute(Qt::WA_OpaquePaintEvent);
    polyline_.reserve(static_cast<qsizetype>(XYPlotTrail::kDefaultCapacity) + 2);
}

QSize XYPlotCanvas::minimumSizeHint() const
{
    if (state_.selection.kind != XYKind::FrictionCircles)
        return {150, 110};
    const int inRow = std::clamp(static_cast<int>(state_.trails.size()), 1, 4);
    return {70 + inRow * 68, 110};
}

QColor XYPlotCanvas::seriesColor(int series) const
{
    return state_.selection.kind == XYKind::FrictionCircles ? wheelColor(series) : vehicleColor(0);
}

QPointF XYPlotCanvas::toPixel(int panel, QPointF si) const
{
    if (panel < 0 || panel >= static_cast<int>(panels_.size()))
        return {};
    const Panel& p = panels_[std::size_t(panel)];
    const double fx = (shown(xUnit_, si.x()) - p.x.lo) / (p.x.hi - p.x.lo);
    const double fy = (shown(yUnit_, si.y()) - p.y.lo) / (p.y.hi - p.y.lo);
    return {p.rect.left() + fx * p.rect.width(), p.rect.bottom() - fy * p.rect.height()};
}

int XYPlotCanvas::panelAt(QPointF position) const
{
    for (std::size_t i = 0; i < panels_.size(); ++i)
        if (panels_[i].rect.contains(position))
            return static_cast<int>(i);
    return -1;
}

void XYPlotCanvas::computeAxes()
{
    const XYKindDef& def = state_.def;
    xUnit_ = def.x.inG ? gUnit() : state_.units(def.x.channel, def.x.siUnit);
    yUnit_ = def.y.inG ? gUnit() : state_.units(def.y.channel, def.y.siUnit);
    if (!(xUnit_.factor != 0.0) || !std::isfinite(xUnit_.factor))
        xUnit_ = {};
    if (!(yUnit_.factor != 0.0) || !std::isfinite(yUnit_.factor))
        yUnit_ = {};
    Bounds b;
    for (const XYPlotTrail& trail : state_.trails)
        for (std::size_t i = 0; i < trail.size(); ++i)
            b.add(shown(xUnit_, trail.at(i).x), shown(yUnit_, trail.at(i).y));
    for (const XYReferenceTrail& r : referenceTrails_)
        for (const std::vector<QPointF>& series : r.series)
            for (const QPointF& q : series)
                b.add(shown(xUnit_, q.x()), shown(yUnit_, q.y()));
    const int xIntervals = std::max(2, width() / 90);
    const int yIntervals = std::max(2, height() / 50);
    const XYVehicleInfo& v = state_.vehicle;
    switch (state_.selection.kind) {
    case XYKind::GG: {
        // At least ±1 g, grown in half-g steps; the rings are every 0.5 g.
        const double r = std::max(1.0, std::ceil(b.maxAbs() * 1.05 / 0.5) * 0.5);
        xAxis_ = yAxis_ = symmetric(r, r <= 1.5 ? 0.5 : niceStep(2.0 * r, 4));
        return;
    }
    case XYKind::FrictionCircles: {
        double extent = 1.0;
        if (state_.hasVehicle)
            for (const std::vector<QPointF>& limit : v.frictionLimits)
                for (const QPointF& q : limit)
                    extent = std::max({extent, std::fabs(q.x()), std::fabs(q.y())});
        // Just beyond the limit: in a low dock every pixel of the circle counts.
        const double r = std::ceil(std::max(extent, b.maxAbs()) * 1.04 / 0.05) * 0.05;
        xAxis_ = yAxis_ = symmetric(r, niceStep(2.0 * r, 5));
        return;
    }
    case XYKind::Handling:
        // A straight run still gets a readable span: ±0.5 g and ±0.05 rad (3°).
        b.add(-0.5, shown(yUnit_, -0.05));
        b.add(0.5, shown(yUnit_, 0.05));
        break;
    case XYKind::RevsVsSpeed: {
        // Every forward gear's line up to maxOmega; reverse's only once the car reverses.
        const bool reversing = b.any() && b.xlo < 0.0;
        b.add(0.0, 0.0);
        if (state_.hasVehicle && v.hasEngine) {
            b.add(0.0, shown(yUnit_, v.maxOmega * 1.05));
            for (const XYGearLine& g : v.gears)
                if (g.slope > 0.0 || (g.slope < 0.0 && reversing))
                    b.add(shown(xUnit_, v.maxOmega / g.slope), 0.0);
        }
        break;
    }
    case XYKind::Channels: break;
    }
    if (!b.any())
        b.add(0.0, 0.0);
    xAxis_ = niceTicks(b.xlo, b.xhi, xIntervals);
    yAxis_ = niceTicks(b.ylo, b.yhi, yIntervals);
}

void XYPlotCanvas::layoutPanels(const QFontMetricsF& fm)
{
    const bool grid = state_.selection.kind == XYKind::FrictionCircles;
    area_ = QRectF(rect()).adjusted(fm.height() + 8.0, 6.0, grid ? -4.0 : -10.0, -(fm.height() + 6.0));
    placePanels(fm);
    placeReferenceLegend(fm);
}

void XYPlotCanvas::placePanels(const QFontMetricsF& fm)
{
    const double line = fm.height();
    double yLabelWidth = 0.0;
    forEachTick(yAxis_, [&](double v) { yLabelWidth = std::max(yLabelWidth, fm.horizontalAdvance(tickText(v, yAxis_.decimals))); });
    const int n = static_cast<int>(state_.trails.size());
    const bool grid = state_.selection.kind == XYKind::FrictionCircles;
    // Tick labels only left of the first column and under the last row; a wheel label above each
    // friction circle, outside it, where it cannot cover the trail.
    const double left = yLabelWidth + 6.0;
    const double bottom = line + 4.0;
    const double gap = grid ? 6.0 : 0.0;
    const double label = grid ? QFontMetricsF(labelFont()).height() + 1.0 : 0.0;
    double w = std::max(10.0, area_.width() - left);
    double h = std::max(10.0, area_.height() - bottom);
    int cols = 1;
    double rowGap = 0.0;
    if (grid) {
        // The column count that gives the largest circles: a row of four in a wide, low dock,
        // two by two in a square one. Even counts keep a left wheel beside its right one.
        double best = -1.0;
        for (int c = 1; c <= n; ++c) {
            if (c != 1 && c != n && c % 2 != 0)
                continue;
            const int r = (n + c - 1) / c;
            // A last row that is not full leaves x tick labels under the row above it.
            const double rg = r > 1 && n % c != 0 ? std::max(gap, bottom) : gap;
            const double size = std::min((area_.width() - left - (c - 1) * gap) / c, (area_.height() - bottom - (r - 1) * rg) / r - label);
            if (size > best + 0.5) {
                best = size;
                cols = c;
                rowGap = rg;
            }
        }
        w = h = std::max(10.0, best);
    } else if (state_.def.equalAspect) {
        w = h = std::min(w, h);
    }
    gridColumns_ = cols;
    const int rows = (std::max(1, n) + cols - 1) / cols;
    // Fewer ticks where the labels would touch: the next 1-2-5 step until they have room.
    const auto thin = [](AxisTicks& a, double pixels, double room) {
        while (a.step > 0.0 && a.step / (a.hi - a.lo) * pixels < room) {
            a.step = niceStep(a.step * 1.5, 1);
            a.decimals = decimalsFor(a.step);
        }
    };
    const double xLabel = std::max(fm.horizontalAdvance(tickText(xAxis_.lo, xAxis_.decimals)),
                                   fm.horizontalAdvance(tickText(xAxis_.hi, xAxis_.decimals)));
    thin(xAxis_, w, xLabel + 12.0);
    thin(yAxis_, h, line + 6.0);
    panels_.assign(std::size_t(grid ? n : 1), Panel{{}, xAxis_, yAxis_});
    // The panels as one block, centred in the area.
    const double blockW = left + cols * w + (cols - 1) * gap;
    const double blockH = rows * (label + h) + (rows - 1) * rowGap + bottom;
    const double x0 = area_.left() + std::max(0.0, (area_.width() - blockW) / 2.0) + left;
    const double y0 = area_.top() + std::max(0.0, (area_.height() - blockH) / 2.0) + label;
    for (int i = 0; i < static_cast<int>(panels_.size()); ++i)
        panels_[std::size_t(i)].rect = QRectF(x0 + (i % cols) * (w + gap), y0 + (i / cols) * (label + h + rowGap), w, h);
}

QFont XYPlotCanvas::labelFont() const
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * 0.85);
    f.setBold(true);
    return f;
}

std::vector<QRectF> XYPlotCanvas::wheelLabelRects() const
{
    std::vector<QRectF> out;
    if (state_.selection.kind != XYKind::FrictionCircles)
        return out;
    const QFontMetricsF fm(labelFont());
    for (std::size_t i = 0; i < panels_.size(); ++i) {
        const QString t = QString::fromStdString(telemetry::wheelLabel(static_cast<int>(i)));
        const QRectF& r = panels_[i].rect;
        out.emplace_back(r.left(), r.top() - fm.height() - 1.0, fm.horizontalAdvance(t), fm.height());
    }
    return out;
}

void XYPlotCanvas::drawPanelFrame(QPainter& p, const Panel& panel, bool xLabels, bool yLabels) const
{
    const QRectF& r = panel.rect;
    p.fillRect(r, Qt::white);
    const QFontMetricsF fm(p.font());
    // Circles side by side: a label reaching into the gap would run into the next circle's.
    const double overhang = state_.selection.kind == XYKind::FrictionCircles ? 3.0 : 1e9;
    forEachTick(panel.x, [&](double v) {
        const double x = r.left() + (v - panel.x.lo) / (panel.x.hi - panel.x.lo) * r.width();
        p.setPen(QPen(std::fabs(v) < panel.x.step * 1e-6 ? kZero : kGrid, 1.0));
        p.drawLine(QPointF(x, r.top()), QPointF(x, r.bottom()));
        const QString t = tickText(v, panel.x.decimals);
        // As wide as the negative label, so that the labels left are symmetric about 0.
        const double half = fm.horizontalAdvance(tickText(-std::fabs(v), panel.x.decimals)) / 2.0;
        if (xLabels && x - half >= r.left() - overhang && x + half <= r.right() + overhang) {
            p.setPen(kText);
            p.drawText(QPointF(x - fm.horizontalAdvance(t) / 2.0, r.bottom() + fm.ascent() + 3.0), t);
        }
    });
    forEachTick(panel.y, [&](double v) {
        const double y = r.bottom() - (v - panel.y.lo) / (panel.y.hi - panel.y.lo) * r.height();
        p.setPen(QPen(std::fabs(v) < panel.y.step * 1e-6 ? kZero : kGrid, 1.0));
        p.drawLine(QPointF(r.left(), y), QPointF(r.right(), y));
        if (yLabels) {
            const QString t = tickText(v, panel.y.decimals);
            p.setPen(kText);
            // Not into the x labels' row: the g–g diagram's corner read "-1.0-1.0".
            const double baseline = std::min(y + fm.ascent() / 2.0 - 1.0, xLabels ? r.bottom() - fm.descent() : 1e9);
            p.drawText(QPointF(r.left() - 5.0 - fm.horizontalAdvance(t), baseline), t);
        }
    });
    p.setPen(QPen(kFrame, 1.0));
    p.setBrush(Qt::NoBrush);
    p.drawRect(r);
}

void XYPlotCanvas::drawOverlays(QPainter& p, int panelIndex)
{
    const Panel& panel = panels_[std::size_t(panelIndex)];
    const XYVehicleInfo& v = state_.vehicle;
    QFont small = p.font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    p.setFont(small);
    const QFontMetricsF fm(small);
    switch (state_.selection.kind) {
    case XYKind::GG: {
        p.setPen(QPen(kOverlay, 1.0, Qt::DashLine));
        const QPointF c = toPixel(panelIndex, {0.0, 0.0});
        const double perG = panel.rect.width() / (panel.x.hi - panel.x.lo);
        for (int k = 1; 0.5 * k <= panel.x.hi + 1e-9; ++k) {
            const double r = 0.5 * k * perG;
            p.drawEllipse(c, r, r);
            // Inside the ring, under its 45° point, where it fits: outside it, the outer ring's label
            // ran off the panel.
            const QString t = QStringLiteral("%1 g").arg(0.5 * k);
            const QPointF at = c + QPointF(r, -r) * (std::numbers::sqrt2 / 2.0);
            if (fm.horizontalAdvance(t) + 6.0 <= r * std::numbers::sqrt2 / 2.0)
                p.drawText(at + QPointF(-fm.horizontalAdvance(t) - 2.0, fm.ascent() + 1.0), t);
        }
        break;
    }
    case XYKind::FrictionCircles: {
        static const std::vector<QPointF> kUnit = frictionLimit(TireData{});
        const std::vector<QPointF>& limit =
            state_.hasVehicle && panelIndex < static_cast<int>(v.frictionLimits.size()) ? v.frictionLimits[std::size_t(panelIndex)] : kUnit;
        polyline_.clear();
        for (const QPointF& q : limit)
            polyline_.append(toPixel(panelIndex, q));
        p.setPen(QPen(QColor(70, 70, 78), 1.3));
        p.drawPolyline(polyline_);
        p.setPen(kText);
        if (panelIndex == 0 && panel.rect.width() >= 160.0)  // outside the circle, bottom right
            p.drawText(toPixel(panelIndex, {0.72, -0.72}) + QPointF(2.0, fm.ascent()), tr("limit"));
        break;
    }
    case XYKind::RevsVsSpeed: {
        if (!state_.hasVehicle || !v.hasEngine)
            break;
        for (const XYGearLine& g : v.gears) {
            if (g.slope == 0.0)
                continue;
            const QPointF end = toPixel(panelIndex, {v.maxOmega / g.slope, v.maxOmega});
            p.setPen(QPen(kOverlay, 1.0));
            p.drawLine(toPixel(panelIndex, {0.0, 0.0}), end);
            p.setPen(kText);
            p.drawText(end + QPointF(-fm.horizontalAdvance(g.label) / 2.0, -4.0), g.label);
        }
        const double y = toPixel(panelIndex, {0.0, v.maxOmega}).y();
        p.setPen(QPen(QColor(200, 60, 60), 1.2, Qt::DashLine));
        p.drawLine(QPointF(panel.rect.left(), y), QPointF(panel.rect.right(), y));
        const QString t = tr("maxOmega %1").arg(valueText(shown(yUnit_, v.maxOmega), 0, yUnit_.label));
        // Below the line at the right, on a white box: the fastest gears' lines end up there.
        const QRectF box(panel.rect.right() - fm.horizontalAdvance(t) - 8.0, y + 3.0, fm.horizontalAdvance(t) + 6.0, fm.height());
        p.fillRect(box, QColor(255, 255, 255, 230));
        p.drawText(box, Qt::AlignCenter, t);
        break;
    }
    case XYKind::Handling:
    case XYKind::Channels: break;
    }
    p.setFont(font());
}

void XYPlotCanvas::drawTrail(QPainter& p, int panelIndex, int series, const QColor& color)
{
    const XYPlotTrail& trail = state_.trails[std::size_t(series)];
    if (trail.empty())
        return;
    const Panel& panel = panels_[std::size_t(panelIndex)];
    // The mapping of toPixel, folded into one multiply-add per coordinate.
    const double sx = panel.rect.width() / (panel.x.hi - panel.x.lo);
    const double sy = panel.rect.height() / (panel.y.hi - panel.y.lo);
    const double ax = panel.rect.left() + (xUnit_.offset - panel.x.lo) * sx, bx = xUnit_.factor * sx;
    const double ay = panel.rect.bottom() - (yUnit_.offset - panel.y.lo) * sy, by = -yUnit_.factor * sy;
    const double newest = trail.newest().t;
    const double window = state_.window;
    // 1 px: the raster engine's fast line path; a wider pen goes through QStroker, 4x slower.
    QPen pen(color, 1.0, Qt::SolidLine, Qt::FlatCap, Qt::BevelJoin);
    int band = -1;
    const auto flush = [&] {
        if (polyline_.size() >= 2) {
            QColor c = color;
            c.setAlphaF(static_cast<float>(trailAlpha((band + 0.5) / kFadeBands * window, window)));
            pen.setColor(c);
            p.setPen(pen);
            p.drawPolyline(polyline_);
        }
        polyline_.clear();
    };
    polyline_.clear();
    for (std::size_t i = 0; i < trail.size(); ++i) {
        const XYTrailPoint& q = trail.at(i);
        const QPointF px(ax + bx * q.x, ay + by * q.y);
        if (!std::isfinite(px.x()) || !std::isfinite(px.y())) {
            flush();
            continue;
        }
        const int b = std::clamp(static_cast<int>((newest - q.t) / window * kFadeBands), 0, kFadeBands - 1);
        if (b != band && !polyline_.isEmpty()) {
            polyline_.append(px);  // joins the bands
            flush();
        }
        band = b;
        polyline_.append(px);
    }
    flush();
    const QPointF last(ax + bx * trail.newest().x, ay + by * trail.newest().y);
    if (std::isfinite(last.x()) && std::isfinite(last.y())) {
        p.setPen(QPen(QColor(30, 30, 36), 1.0));
        p.setBrush(color);
        p.drawEllipse(last, 4.0, 4.0);
        p.setBrush(Qt::NoBrush);
    }
}

void XYPlotCanvas::drawAxisTitles(QPainter& p) const
{
    const QFontMetricsF fm(p.font());
    p.setPen(kText);
    // Centred on the plot area, and no longer than fits on both sides of its centre in the widget.
    const QPointF c = area_.center();
    const QString xt = fittedAxisTitle(state_.def.x, xUnit_, fm, 2.0 * std::min(c.x(), width() - c.x()) - 6.0);
    p.drawText(QPointF(c.x() - fm.horizontalAdvance(xt) / 2.0, height() - fm.descent() - 3.0), xt);
    const QString yt = fittedAxisTitle(state_.def.y, yUnit_, fm, 2.0 * std::min(c.y(), height() - c.y()) - 6.0);
    p.save();
    p.translate(fm.ascent() + 3.0, c.y() + fm.horizontalAdvance(yt) / 2.0);
    p.rotate(-90.0);
    p.drawText(QPointF(0.0, 0.0), yt);
    p.restore();
}

QString XYPlotCanvas::message() const
{
    if (state_.selection.kind == XYKind::RevsVsSpeed && state_.hasVehicle && !state_.vehicle.hasEngine)
        return tr("This vehicle has no engine (drive type none)");
    for (const XYPlotTrail& t : state_.trails)
        if (!t.empty())
            return {};
    return tr("No telemetry yet: run the simulation");
}

QString XYPlotCanvas::backgroundKey() const
{
    QString key = QStringLiteral("%1 %2 %3 %4").arg(width()).arg(height()).arg(devicePixelRatioF()).arg(state_.revision);
    for (const Panel& pn : panels_)
        for (double v : {pn.rect.x(), pn.rect.y(), pn.rect.width(), pn.rect.height(), pn.x.lo, pn.x.hi, pn.x.step, pn.y.lo,
                         pn.y.hi, pn.y.step})
            key += ' ' + QString::number(v, 'g', 17);
    return key;
}

void XYPlotCanvas::paintBackground()
{
    const qreal dpr = devicePixelRatioF();
    background_ = QPixmap((QSizeF(size()) * dpr).toSize());
    background_.setDevicePixelRatio(dpr);
    background_.fill(palette().window().color());
    QPainter p(&background_);
    p.setFont(font());
    const int cols = std::max(1, gridColumns_);
    for (int i = 0; i < static_cast<int>(panels_.size()); ++i)
        drawPanelFrame(p, panels_[std::size_t(i)], i + cols >= static_cast<int>(panels_.size()), i % cols == 0);
    const std::vector<QRectF> labels = wheelLabelRects();
    p.setFont(labelFont());
    for (std::size_t i = 0; i < labels.size(); ++i) {
        p.setPen(wheelColor(static_cast<int>(i)));
        p.drawText(labels[i], Qt::AlignLeft | Qt::AlignVCenter, QString::fromStdString(telemetry::wheelLabel(static_cast<int>(i))));
    }
    p.setFont(font());
    p.setRenderHint(QPainter::Antialiasing, true);
    for (int i = 0; i < static_cast<int>(panels_.size()); ++i) {
        p.save();
        p.setClipRect(panels_[std::size_t(i)].rect.adjusted(1, 1, -1, -1));
        drawOverlays(p, i);
        p.restore();
    }
    drawAxisTitles(p);
}

void XYPlotCanvas::paintEvent(QPaintEvent*)
{
    referenceTrails_ = xyReferenceTrails(state_.references, state_.selection, static_cast<int>(state_.trails.size()),
                                         state_.end - state_.window, state_.end);
    computeAxes();
    layoutPanels(QFontMetricsF(font()));
    // Frames, ticks, titles and overlays change only with the axes, the size or the vehicle: drawn
    // once into a pixmap, so a frame of new data paints the trails alone.
    if (const QString key = backgroundKey(); key != backgroundKey_) {
        paintBackground();
        backgroundKey_ = key;
    }
    QPainter p(this);
    p.drawPixmap(0, 0, background_);
    p.setRenderHint(QPainter::Antialiasing, true);
    drawReferences(p);
    const bool grid = state_.selection.kind == XYKind::FrictionCircles;
    for (int i = 0; i < static_cast<int>(panels_.size()); ++i) {
        p.setClipRect(panels_[std::size_t(i)].rect.adjusted(1, 1, -1, -1));
        if (grid)
            drawTrail(p, i, i, seriesColor(i));
        else
            for (int s = 0; s < static_cast<int>(state_.trails.size()); ++s)
                drawTrail(p, i, s, seriesColor(s));
    }
    p.setClipping(false);
    drawReferenceLegend(p);
    const QString m = message();
    if (!m.isEmpty()) {
        p.setPen(QColor(110, 110, 118));
        p.drawText(panels_.empty() ? area_ : panels_.front().rect.united(panels_.back().rect), Qt::AlignCenter | Qt::TextWordWrap, m);
    }
}

void XYPlotCanvas::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        backgroundKey_.clear();
    QWidget::changeEvent(event);
}

QString XYPlotCanvas::toolTipAt(QPointF position) const
{
    const int panel = panelAt(position);
    if (panel < 0) {
        if (position.x() < area_.left())
            return axisTitle(state_.def.y, yUnit_) + ": " + state_.def.y.description;
        if (position.y() > area_.bottom())
            return axisTitle(state_.def.x, xUnit_) + ": " + state_.def.x.description;
        return {};
    }
    const Panel& pn = panels_[std::size_t(panel)];
    const bool grid = state_.selection.kind == XYKind::FrictionCircles;
    // The nearest trail point within 12 px, else the values under the mouse.
    double best = 12.0 * 12.0;
    const XYTrailPoint* hit = nullptr;
    const XYPlotTrail* hitTrail = nullptr;
    for (int s = 0; s < static_cast<int>(state_.trails.size()); ++s) {
        if (grid && s != panel)
            continue;
        const XYPlotTrail& trail = state_.trails[std::size_t(s)];
        for (std::size_t i = 0; i < trail.size(); ++i) {
            const QPointF d = toPixel(panel, {trail.at(i).x, trail.at(i).y}) - position;
            if (QPointF::dotProduct(d, d) <= best) {
                best = QPointF::dotProduct(d, d);
                hit = &trail.at(i);
                hitTrail = &trail;
            }
        }
    }
    double x = pn.x.lo + (position.x() - pn.rect.left()) / pn.rect.width() * (pn.x.hi - pn.x.lo);
    double y = pn.y.lo + (pn.rect.bottom() - position.y()) / pn.rect.height() * (pn.y.hi - pn.y.lo);
    QString head = grid ? QString::fromStdString(telemetry::wheelLabel(panel)) + '\n' : QString();
    if (hit) {
        x = shown(xUnit_, hit->x);
        y = shown(yUnit_, hit->y);
        head += tr("t = %1 s (%2 s ago)\n").arg(hit->t, 0, 'f', 2).arg(hitTrail->newest().t - hit->t, 0, 'f', 2);
    }
    return head + state_.def.x.title + ": " + valueText(x, pn.x.decimals + 1, xUnit_.label) + '\n' + state_.def.y.title +
           ": " + valueText(y, pn.y.decimals + 1, yUnit_.label);
}

bool XYPlotCanvas::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QString text = toolTipAt(help->pos());
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

}  // namespace jounce::widgets
