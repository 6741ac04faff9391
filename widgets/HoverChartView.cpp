#include "HoverChartView.h"

#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPainter>
#include <QPen>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace jounce::widgets {

HoverChartView::HoverChartView(QChart* chart, QValueAxis* x, QValueAxis* y, Hover hover, bool antialiased,
                               QWidget* parent)
    : QChartView(chart, parent), hover_(std::move(hover))
{
    setMouseTracking(true);
    setRenderHint(QPainter::Antialiasing, antialiased);
    // The axes move and the read-out slides over the view: repaint all of it, or stale tick labels
    // remain (seen under X11).
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);

    cursorLine_ = new QLineSeries();
    cursorLine_->setPen(QPen(QColor(0, 0, 0, 120), 1, Qt::DashLine));
    chart->addSeries(cursorLine_);
    cursorLine_->attachAxis(x);
    cursorLine_->attachAxis(y);
    chart->legend()->markers(cursorLine_).front()->setVisible(false);
    readout_ = new QLabel(this);
    readout_->setTextFormat(Qt::RichText);
    readout_->setStyleSheet("QLabel { background: rgba(255,255,255,225); border: 1px solid #bbb; padding: 2px; }");
    readout_->hide();
}

void HoverChartView::showCursor(double x, double yLow, double yHigh, const QString& html)
{
    cursorLine_->replace(QList<QPointF>{{x, yLow}, {x, yHigh}});
    readout_->setText(html);
    readout_->adjustSize();
    // Beside the cursor, on the side with room.
    const QPoint at = mapFromScene(chart()->mapToScene(chart()->mapToPosition(QPointF(x, yHigh))));
    int left = at.x() + 8;
    if (left + readout_->width() > width())
        left = at.x() - 8 - readout_->width();
    readout_->move(std::max(0, left), 4);
    readout_->show();
    readout_->raise();
}

void HoverChartView::hideCursor()
{
    cursorLine_->clear();
    readout_->hide();
}

void HoverChartView::setMarkers(std::vector<Marker> markers)
{
    markers_ = std::move(markers);
    viewport()->update();
}

void HoverChartView::setNavigation(Navigation navigation)
{
    navigation_ = std::move(navigation);
    navigable_ = true;
    setCursor(Qt::CrossCursor);
    setToolTip(tr("Wheel: zoom time (all charts) · Ctrl+wheel: zoom this chart's values · drag: pan · "
                  "Shift+drag: zoom to a box · click: cursor A · Ctrl+click: cursor B · double-click: reset"));
}

void HoverChartView::setMeasureCursors(std::optional<double> a, std::optional<double> b)
{
    if (a == cursorA_ && b == cursorB_)
        return;
    cursorA_ = a;
    cursorB_ = b;
    viewport()->update();
}

QPointF HoverChartView::valueAt(const QPoint& viewPos) const
{
    return chart()->mapToValue(chart()->mapFromScene(mapToScene(viewPos)));
}

void HoverChartView::drawForeground(QPainter* painter, const QRectF& rect)
{
    QChartView::drawForeground(painter, rect);
    drawMarkers(painter);
    drawMeasureCursors(painter);
    if (boxing_ && dragging_) {
        painter->save();
        painter->setPen(QPen(QColor(30, 90, 200), 1, Qt::DashLine));
        painter->setBrush(QColor(30, 90, 200, 40));
        painter->drawRect(QRectF(mapToScene(box_.topLeft()), mapToScene(box_.bottomRight())));
        painter->restore();
    }
}

void HoverChartView::drawMarkers(QPainter* painter)
{
    markerLabels_.clear();
    if (markers_.empty())
        return;
    const QRectF area = chart()->mapToScene(chart()->plotArea()).boundingRect();
    const double lo = chart()->mapToValue(chart()->plotArea().topLeft()).x();
    const double hi = chart()->mapToValue(chart()->plotArea().topRight()).x();
    painter->save();
    QFont font = painter->font();
    font.setPointSizeF(font.pointSizeF() * 0.85);
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    double lastLabelEnd = -1e9;
    for (const Marker& m : markers_) {
        if (m.x < lo || m.x > hi)
            continue;
        const double x = chart()->mapToScene(chart()->mapToPosition(QPointF(m.x, 0.0))).x();
        painter->setPen(QPen(m.color, 1, Qt::DotLine));
        painter->drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        // Right of the line where it fits, else left of it (a marker near the right edge), else
        // elided on the roomier side; a label overlapping the previous one is left out (the line
        // still shows).
        const double textWidth = metrics.horizontalAdvance(m.text);
        const double right = area.right() - x - 4, left = x - area.left() - 4;
        const bool onRight = textWidth <= right || right >= left;
        const QString text = metrics.elidedText(m.text, Qt::ElideRight, onRight ? right : left);
        const double width = metrics.horizontalAdvance(text);
        const double start = onRight ? x + 3 : x - 3 - width;
        if (start < lastLabelEnd || text.isEmpty())
            continue;
        painter->setPen(m.color.darker(130));
        painter->drawText(QPointF(start, area.top() + metrics.ascent() + 1), text);
        markerLabels_.push_back({QRectF(start, area.top() + 1, width, metrics.height()), text});
        lastLabelEnd = start + width + 6;
    }
    painter->restore();
}

void HoverChartView::drawMeasureCursors(QPainter* painter)
{
    if (!cursorA_ && !cursorB_)
        return;
    const QRectF area = chart()->mapToScene(chart()->plotArea()).boundingRect();
    painter->save();
    QFont font = painter->font();
    font.setBold(true);
    painter->setFont(font);
    const QFontMetricsF metrics(font);
    const auto draw = [&](std::optional<double> t, const QString& name, const QColor& color) {
        if (!t)
            return;
        const double x = chart()->mapToScene(chart()->mapToPosition(QPointF(*t, 0.0))).x();
        if (x < area.left() - 0.5 || x > area.right() + 0.5)
            return;
        painter->setPen(QPen(color, 1.5));
        painter->drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
        const QRectF tag(x - metrics.horizontalAdvance(name) / 2 - 3, area.bottom() - metrics.height() - 2,
                         metrics.horizontalAdvance(name) + 6, metrics.height());
        painter->fillRect(tag, color);
        painter->setPen(Qt::white);
        painter->drawText(tag, Qt::AlignCenter, name);
    };
    draw(cursorA_, QStringLiteral("A"), QColor(20, 110, 60));
    draw(cursorB_, QStringLiteral("B"), QColor(150, 40, 150));
    painter->restore();
}

void HoverChartView::mousePressEvent(QMouseEvent* event)
{
    if (navigable_ && event->button() == Qt::LeftButton) {
        pressAt_ = event->position().toPoint();
        lastDrag_ = *pressAt_;
        dragging_ = false;
        boxing_ = event->modifiers().testFlag(Qt::ShiftModifier);
        event->accept();
        return;
    }
    QChartView::mousePressEvent(event);
}

void HoverChartView::mouseReleaseEvent(QMouseEvent* event)
{
    if (navigable_ && event->button() == Qt::LeftButton && pressAt_) {
        const QPoint at = event->position().toPoint();
        if (!dragging_) {
            if (navigation_.placeCursor && chart()->plotArea().contains(chart()->mapFromScene(mapToScene(at))))
                navigation_.placeCursor(valueAt(at).x(), event->modifiers().testFlag(Qt::ControlModifier));
        } else if (boxing_ && navigation_.zoomBox && box_.width() > 4) {
            const QPointF a = valueAt(box_.topLeft()), b = valueAt(box_.bottomRight());
            navigation_.zoomBox(QRectF(QPointF(std::min(a.x(), b.x()), std::min(a.y(), b.y())),
                                       QPointF(std::max(a.x(), b.x()), std::max(a.y(), b.y()))));
        }
        pressAt_.reset();
        dragging_ = boxing_ = false;
        unsetCursor();
        setCursor(Qt::CrossCursor);
        viewport()->update();
        event->accept();
        return;
    }
    QChartView::mouseReleaseEvent(event);
}

void HoverChartView::mouseDoubleClickEvent(QMouseEvent* event)
{
    if (navigable_ && event->button() == Qt::LeftButton && navigation_.reset) {
        navigation_.reset();
        event->accept();
        return;
    }
    QChartView::mouseDoubleClickEvent(event);
}

void HoverChartView::wheelEvent(QWheelEvent* event)
{
    if (!navigable_) {
        QChartView::wheelEvent(event);
        return;
    }
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) {
        event->ignore();
        return;
    }
    const double factor = std::pow(0.8, steps);
    const QPointF value = valueAt(event->position().toPoint());
    if (event->modifiers().testFlag(Qt::ControlModifier)) {
        if (navigation_.zoomValue)
            navigation_.zoomValue(factor, value.y());
    } else if (navigation_.zoomTime) {
        navigation_.zoomTime(factor, value.x());
    }
    event->accept();
}

void HoverChartView::mouseMoveEvent(QMouseEvent* event)
{
    if (pressAt_ && event->buttons().testFlag(Qt::LeftButton)) {
        const QPoint at = event->position().toPoint();
        if (!dragging_ && (at - *pressAt_).manhattanLength() > 4) {
            dragging_ = true;
            if (!boxing_)
                setCursor(Qt::ClosedHandCursor);
        }
        if (dragging_ && boxing_) {
            box_ = QRect(*pressAt_, at).normalized();
            viewport()->update();
        } else if (dragging_ && navigation_.pan) {
            const QPointF from = valueAt(lastDrag_), to = valueAt(at);
            navigation_.pan(from.x() - to.x(), from.y() - to.y());
            lastDrag_ = at;
        }
    }
    const QPointF chartPos = chart()->mapFromScene(mapToScene(event->position().toPoint()));
    if (chart()->plotArea().contains(chartPos))
        hover_(chart()->mapToValue(chartPos).x());
    else
        hover_(std::nullopt);
    QChartView::mouseMoveEvent(event);
}

bool HoverChartView::viewportEvent(QEvent* event)
{
    // The gesture help would cover the read-out beside the cursor: over the plot it stays away
    // while a read-out is shown (it still shows over the axes).
    if (event->type() == QEvent::ToolTip && readout_->isVisible() &&
        chart()->plotArea().contains(chart()->mapFromScene(mapToScene(static_cast<QHelpEvent*>(event)->pos())))) {
        QToolTip::hideText();
        event->accept();  // handled: not passed on to the view, whose tooltip it is
        return true;
    }
    return QChartView::viewportEvent(event);
}

void HoverChartView::leaveEvent(QEvent* event)
{
    hover_(std::nullopt);
    QChartView::leaveEvent(event);
}

}  // namespace jounce::widgets
