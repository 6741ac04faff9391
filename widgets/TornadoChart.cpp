#include "TornadoChart.h"

#include "HeatMap.h"
#include "NiceTicks.h"

#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <limits>

namespace jounce::widgets {
namespace {

const QColor kLow(31, 119, 180);    // blue: the figure at the parameter's low end
const QColor kHigh(255, 127, 14);   // orange: at its high end
constexpr int kMaxBarHeight = 34;

}  // namespace

TornadoChart::TornadoChart(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);
    clear(tr("No sensitivity study yet"));
}

void TornadoChart::setData(Data data)
{
    data_ = std::move(data);
    message_.clear();
    update();
}

void TornadoChart::clear(const QString& message)
{
    data_ = Data{};
    message_ = message;
    update();
}

QRect TornadoChart::plotRect() const
{
    const QFontMetrics fm(font());
    int names = 0;
    for (const Bar& b : data_.bars)
        names = std::max(names, fm.horizontalAdvance(b.name));
    const int left = std::min(names + 12, width() * 2 / 5);
    const int top = 2 * fm.height() + 14;  // the title and the legend
    const int bottom = fm.height() + 10;   // the axis labels
    return QRect(left, top, std::max(10, width() - left - 16), std::max(10, height() - top - bottom));
}

std::pair<double, double> TornadoChart::axisRange() const
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    auto take = [&](const std::optional<double>& v) {
        if (v && std::isfinite(*v)) {
            lo = std::min(lo, *v);
            hi = std::max(hi, *v);
        }
    };
    take(data_.base);
    for (const Bar& b : data_.bars) {
        take(b.atLow);
        take(b.atHigh);
    }
    if (!std::isfinite(lo))
        return {0.0, 1.0};
    const AxisTicks t = niceTicks(lo, hi, 5);
    return {t.lo, t.hi};
}

int TornadoChart::xOf(double v) const
{
    const QRect plot = plotRect();
    const auto [lo, hi] = axisRange();
    return plot.left() + int(std::lround((v - lo) / (hi - lo) * plot.width()));
}

QRect TornadoChart::rowRect(int index) const
{
    const QRect plot = plotRect();
    const int n = std::max(1, barCount());
    const int h = std::min(kMaxBarHeight + 8, plot.height() / n);
    return QRect(plot.left(), plot.top() + index * h, plot.width(), h);
}

QRect TornadoChart::barRect(int index, bool high) const
{
    if (index < 0 || index >= barCount() || !data_.base)
        return {};
    const std::optional<double>& v = high ? data_.bars[std::size_t(index)].atHigh : data_.bars[std::size_t(index)].atLow;
    if (!v)
        return {};
    const QRect row = rowRect(index);
    const int x0 = xOf(*data_.base), x1 = xOf(*v);
    const int pad = std::max(2, row.height() / 6);
    return QRect(QPoint(std::min(x0, x1), row.top() + pad), QPoint(std::max(x0, x1) + (x0 == x1 ? 2 : 0), row.bottom() - pad));
}

void TornadoChart::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Base));
    painter.setPen(palette().color(QPalette::Text));
    if (!message_.isEmpty() || data_.bars.empty()) {
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap, message_);
        return;
    }
    const QFontMetrics fm(font());
    const QRect plot = plotRect();
    const auto [lo, hi] = axisRange();
    const int decimals = data_.decimals >= 0 ? data_.decimals : decimalsForSpan(hi - lo);
    const QString base = data_.base ? QString::number(*data_.base, 'f', decimals) : tr("n/a");
    painter.drawText(QRect(0, 4, width(), fm.height()), Qt::AlignHCenter, tr("%1, base %2").arg(data_.title, base));
    // Legend.
    const int ly = fm.height() + 8;
    int lx = plot.left();
    for (const auto& [colour, text] : {std::pair{kLow, tr("at the low end")}, std::pair{kHigh, tr("at the high end")}}) {
        painter.fillRect(QRect(lx, ly + 2, 12, fm.height() - 4), colour);
        painter.drawText(lx + 16, ly + fm.ascent(), text);
        lx += 16 + fm.horizontalAdvance(text) + 20;
    }
    // Axis: ticks along the bottom and a faint grid.
    const AxisTicks ticks = niceTicks(lo, hi, 5);
    for (double v = ticks.lo; v <= ticks.hi + ticks.step * 0.5; v += ticks.step) {
        const int x = xOf(v);
        painter.setPen(palette().color(QPalette::Midlight));
        painter.drawLine(x, plot.top(), x, plot.bottom());
        painter.setPen(palette().color(QPalette::Text));
        const QString label = QString::number(v, 'f', ticks.decimals);
        const int w = fm.horizontalAdvance(label) + 4;
        const int left = std::clamp(x - w / 2, 0, width() - w);  // the last label stays inside
        painter.drawText(QRect(left, plot.bottom() + 4, w, fm.height()), Qt::AlignHCenter, label);
    }
    for (int i = 0; i < barCount(); ++i) {
        const Bar& b = data_.bars[std::size_t(i)];
        const QRect row = rowRect(i);
        painter.setPen(palette().color(QPalette::Text));
        painter.drawText(QRect(0, row.top(), plot.left() - 8, row.height()), Qt::AlignRight | Qt::AlignVCenter,
                         fm.elidedText(b.name, Qt::ElideMiddle, plot.left() - 8));
        const QRect low = barRect(i, false), high = barRect(i, true);
        if (low.isEmpty() && high.isEmpty())
            painter.drawText(row.adjusted(6, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter, tr("n/a"));
        painter.fillRect(low, kLow);
        painter.fillRect(high, kHigh);
    }
    if (data_.base) {
        painter.setPen(QPen(palette().color(QPalette::Text), 2));
        const int x = xOf(*data_.base);
        painter.drawLine(x, plot.top() - 2, x, plot.bottom());
    }
}

void TornadoChart::mousePressEvent(QMouseEvent* event)
{
    const QPoint p = event->position().toPoint();
    for (int i = 0; i < barCount(); ++i)
        for (const bool high : {false, true})
            if (barRect(i, high).contains(p)) {
                emit barClicked(i, high);
                return;
            }
}

bool TornadoChart::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        for (int i = 0; i < barCount(); ++i) {
            if (!rowRect(i).contains(help->pos()))
                continue;
            const Bar& b = data_.bars[std::size_t(i)];
            auto text = [](const std::optional<double>& v) { return v ? QString::number(*v, 'g', 6) : tr("n/a"); };
            QToolTip::showText(help->globalPos(),
                               tr("%1\nat %2: %3\nat %4: %5\nbase: %6\n(click a half to select that point)")
                                   .arg(b.name, b.lowLabel, text(b.atLow), b.highLabel, text(b.atHigh), text(data_.base)),
                               this);
            return true;
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

}  // namespace jounce::widgets
