#include "HeatMap.h"

#include "DisplayUnits.h"
#include "NiceTicks.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace jounce::widgets {
namespace {

constexpr int kLegendWidth = 70;  // at least: the bar and labels of a few characters
constexpr int kBarGap = 16;       // between the plot and the colour bar
constexpr int kBarWidth = 14;
// A tick mark as long as the gap after it (as plotting libraries space a colour bar's ticks): a
// mark right against its label read as a minus sign ("-10.6" for 10.6).
constexpr int kTickMark = 4;
constexpr int kTickGap = 5;

/// The base vehicle's marker: a diamond, white with a black edge, seen on every colour of the scale.
void drawDiamond(QPainter& painter, const QRectF& r)
{
    QPainterPath path;
    path.moveTo(r.center().x(), r.top());
    path.lineTo(r.right(), r.center().y());
    path.lineTo(r.center().x(), r.bottom());
    path.lineTo(r.left(), r.center().y());
    path.closeSubpath();
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(Qt::black, 1.5));
    painter.setBrush(Qt::white);
    painter.drawPath(path);
    painter.restore();
}

std::pair<double, double> valueRange(const std::vector<std::optional<double>>& cells)
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const auto& c : cells)
        if (c && std::isfinite(*c)) {
            lo = std::min(lo, *c);
            hi = std::max(hi, *c);
        }
    return {lo, hi};
}

/// Where a value lies on the scale [lo, hi]; the middle for a flat map.
double scaled(double v, double lo, double hi)
{
    return hi > lo ? std::clamp((v - lo) / (hi - lo), 0.0, 1.0) : 0.5;
}

}  // namespace

int decimalsForSpan(double span)
{
    if (!(span > 0.0) || !std::isfinite(span))
        return 2;
    return std::clamp(static_cast<int>(std::ceil(-std::log10(span / 10.0))), 0, 6);
}

QColor heatColour(double t)
{
    // Five stops of viridis, linearly between them.
    static constexpr std::array<std::array<int, 3>, 5> stops{{
        {68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}}};
    t = std::clamp(t, 0.0, 1.0) * 4.0;
    const int i = std::min(3, static_cast<int>(t));
    const double f = t - i;
    auto mix = [&](int k) { return static_cast<int>(std::lround(stops[i][k] + (stops[i + 1][k] - stops[i][k]) * f)); };
    return QColor(mix(0), mix(1), mix(2));
}

HeatMap::HeatMap(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    clear(tr("No heat map yet"));
}

void HeatMap::setData(Data data)
{
    data_ = std::move(data);
    data_.cells.resize(data_.rows.size() * data_.columns.size());
    message_.clear();
    selectedRow_ = selectedColumn_ = -1;
    update();
}

void HeatMap::clear(const QString& message)
{
    data_ = Data{};
    message_ = message;
    selectedRow_ = selectedColumn_ = -1;
    update();
}

int HeatMap::valueCount() const
{
    return static_cast<int>(std::count_if(data_.cells.begin(), data_.cells.end(), [](const auto& c) { return c.has_value(); }));
}

void HeatMap::setSelected(int row, int column)
{
    selectedRow_ = row;
    selectedColumn_ = column;
    update();
}

QRect HeatMap::plotRect() const
{
    const QFontMetrics fm(font());
    int rowLabels = fm.horizontalAdvance(data_.rowTitle.isEmpty() ? QString() : QStringLiteral("M"));
    for (const QString& r : data_.rows)
        rowLabels = std::max(rowLabels, fm.horizontalAdvance(r));
    const int left = rowLabels + fm.height() + 16;      // the levels and the vertical title
    const int top = fm.height() + 12;                   // the title
    const int bottom = 2 * fm.height() + 14;            // the levels and the title below
    // The colour scale's labels decide its width (a wide label must not leave the widget).
    int labels = 0;
    const auto [lo, hi] = valueRange(data_.cells);
    if (std::isfinite(lo)) {
        const AxisTicks ticks = niceTicks(lo, hi, 4);
        for (double v : {ticks.lo, ticks.hi, lo, hi})
            labels = std::max(labels, fm.horizontalAdvance(formatNumber(v, ticks.decimals)));
    }
    const int legend = std::max(kLegendWidth, kBarGap + kBarWidth + 1 + kTickMark + kTickGap + labels + 4);
    return QRect(left, top, std::max(10, width() - left - legend - 8), std::max(10, height() - top - bottom));
}

QRect HeatMap::cellRect(int row, int column) const
{
    if (row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return {};
    const QRect plot = plotRect();
    const double w = double(plot.width()) / columnCount(), h = double(plot.height()) / rowCount();
    // Row 0 (the lowest level) at the bottom, as on a chart's y axis.
    const int x0 = plot.left() + int(std::lround(column * w)), x1 = plot.left() + int(std::lround((column + 1) * w));
    const int y1 = plot.bottom() + 1 - int(std::lround(row * h)), y0 = plot.bottom() + 1 - int(std::lround((row + 1) * h));
    return QRect(QPoint(x0, y0), QPoint(x1 - 1, y1 - 1));
}

std::pair<int, int> HeatMap::cellAt(const QPoint& p) const
{
    for (int r = 0; r < rowCount(); ++r)
        for (int c = 0; c < columnCount(); ++c)
            if (cellRect(r, c).contains(p))
                return {r, c};
    return {-1, -1};
}

QRect HeatMap::legendBar() const
{
    const QRect plot = plotRect();
    return QRect(plot.right() + kBarGap, plot.top(), kBarWidth, plot.height());
}

std::vector<HeatMap::LegendTick> HeatMap::legendTicks() const
{
    std::vector<LegendTick> out;
    const auto [lo, hi] = valueRange(data_.cells);
    if (!message_.isEmpty() || rowCount() == 0 || columnCount() == 0 || !std::isfinite(lo))
        return out;
    const QRect bar = legendBar();
    const AxisTicks ticks = niceTicks(lo, hi, 4);
    const QFontMetrics fm(font());
    for (int i = 0;; ++i) {
        const double v = ticks.lo + i * ticks.step;  // by index: no error creeping up a running sum
        if (v > ticks.hi + ticks.step * 0.5)
            break;
        if (v < lo - 1e-12 * std::fabs(lo) - 1e-300 || v > hi + 1e-12 * std::fabs(hi) + 1e-300)
            continue;
        const int y = bar.bottom() - int(std::lround(scaled(v, lo, hi) * (bar.height() - 1)));
        const QString text = formatNumber(v, ticks.decimals);
        const int x = bar.right() + 1 + kTickMark + kTickGap;
        out.push_back({QLine(bar.right() + 1, y, bar.right() + kTickMark, y),
                       QRect(x, y - fm.height() / 2, fm.horizontalAdvance(text) + 1, fm.height()), text});
    }
    return out;
}

void HeatMap::paintLegend(QPainter& painter)
{
    const QRect bar = legendBar();
    for (int y = 0; y < bar.height(); ++y)
        painter.fillRect(QRect(bar.left(), bar.bottom() - y, bar.width(), 1), heatColour(double(y) / std::max(1, bar.height() - 1)));
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawRect(bar.adjusted(0, 0, -1, -1));
    painter.setPen(palette().color(QPalette::Text));
    for (const LegendTick& t : legendTicks()) {
        painter.drawLine(t.mark);
        painter.drawText(t.label, Qt::AlignLeft | Qt::AlignVCenter, t.text);
    }
    if (baseMarkerRect().isEmpty())
        return;
    // The marker's key, under the colour bar.
    const QFontMetrics fm(font());
    const int size = fm.height() - 4;
    const QRect mark(bar.left(), bar.bottom() + 6, size, size);
    drawDiamond(painter, mark);
    painter.drawText(QRect(mark.right() + 4, mark.top() - 2, width() - mark.right() - 4, fm.height()),
                     Qt::AlignLeft | Qt::AlignVCenter, tr("base"));
}

QRect HeatMap::baseMarkerRect() const
{
    const QRect cell = cellRect(data_.baseRow, data_.baseColumn);
    if (cell.isEmpty())
        return {};
    // Clear of the cell's edges and of its value in the middle, large enough to see at a glance.
    const int side = std::min(cell.width(), cell.height());
    const int size = std::clamp(side / 5, 8, 20);
    const int inset = std::clamp(side / 12, 1, 8);
    return QRect(cell.left() + inset, cell.top() + inset, size, size);
}

void HeatMap::paintBaseMarker(QPainter& painter)
{
    const QRect r = baseMarkerRect();
    if (!r.isEmpty())
        drawDiamond(painter, r);
}

QString HeatMap::valueText(double v) const
{
    const auto [lo, hi] = valueRange(data_.cells);
    return formatNumber(v, data_.decimals >= 0 ? data_.decimals : decimalsForSpan(hi - lo));
}

void HeatMap::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    painter.setPen(palette().color(QPalette::Text));
    if (!message_.isEmpty() || rowCount() == 0 || columnCount() == 0) {
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, message_);
        return;
    }
    const QFontMetrics fm(font());
    const QRect plot = plotRect();
    painter.drawText(QRect(0, 4, width(), fm.height()), Qt::AlignHCenter, data_.title);
    const auto [lo, hi] = valueRange(data_.cells);
    for (int r = 0; r < rowCount(); ++r) {
        for (int c = 0; c < columnCount(); ++c) {
            const QRect cell = cellRect(r, c);
            const std::optional<double>& v = data_.cells[std::size_t(r * columnCount() + c)];
            const QColor fill = v ? heatColour(scaled(*v, lo, hi)) : palette().color(QPalette::Midlight);
            painter.fillRect(cell, fill);
            if (cell.width() > fm.horizontalAdvance(QStringLiteral("-00.000")) && cell.height() > fm.height() + 2) {
                // Dark text on the light half of the scale (perceived luminance, ITU-R BT.601 weights).
                const double luminance = 0.299 * fill.red() + 0.587 * fill.green() + 0.114 * fill.blue();
                painter.setPen(!v ? palette().color(QPalette::Text) : luminance > 110 ? Qt::black : Qt::white);
                painter.drawText(cell, Qt::AlignCenter, v ? valueText(*v) : tr("n/a"));
            }
        }
    }
    painter.setPen(palette().color(QPalette::Text));
    for (int r = 0; r < rowCount(); ++r) {
        const QRect cell = cellRect(r, 0);
        painter.drawText(QRect(0, cell.top(), plot.left() - 6, cell.height()), Qt::AlignRight | Qt::AlignVCenter, data_.rows[r]);
    }
    for (int c = 0; c < columnCount(); ++c) {
        const QRect cell = cellRect(0, c);
        painter.drawText(QRect(cell.left(), plot.bottom() + 4, cell.width(), fm.height()), Qt::AlignHCenter, data_.columns[c]);
    }
    painter.drawText(QRect(plot.left(), plot.bottom() + fm.height() + 8, plot.width(), fm.height()), Qt::AlignHCenter,
                     data_.columnTitle);
    painter.save();
    painter.translate(4, plot.center().y());
    painter.rotate(-90);
    painter.drawText(QRect(-plot.height() / 2, 0, plot.height(), fm.height()), Qt::AlignHCenter, data_.rowTitle);
    painter.restore();
    if (selectedRow_ >= 0 && selectedColumn_ >= 0) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 3));
        painter.drawRect(cellRect(selectedRow_, selectedColumn_).adjusted(1, 1, -2, -2));
    }
    paintBaseMarker(painter);
    if (std::isfinite(lo))
        paintLegend(painter);
}

void HeatMap::mousePressEvent(QMouseEvent* event)
{
    const auto [r, c] = cellAt(event->position().toPoint());
    if (r < 0)
        return;
    setSelected(r, c);
    emit cellClicked(r, c);
}

QString HeatMap::cellToolTip(int row, int column) const
{
    if (row < 0 || column < 0 || row >= rowCount() || column >= columnCount())
        return {};
    const std::optional<double>& v = data_.cells[std::size_t(row * columnCount() + column)];
    QString text = tr("%1 = %2\n%3 = %4\n%5: %6 (click to select the point)")
                       .arg(data_.rowTitle, data_.rows[row], data_.columnTitle, data_.columns[column], data_.title,
                            v ? valueText(*v) : tr("n/a"));
    if (row == data_.baseRow && column == data_.baseColumn)
        text += QStringLiteral("\n\u25C6 ") + (data_.baseNote.isEmpty() ? tr("the base vehicle") : data_.baseNote);
    return text;
}

bool HeatMap::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const auto [r, c] = cellAt(help->pos());
        if (r < 0) {
            QToolTip::hideText();
            return true;
        }
        QToolTip::showText(help->globalPos(), cellToolTip(r, c), this);
        return true;
    }
    return QWidget::event(event);
}

}  // namespace jounce::widgets
