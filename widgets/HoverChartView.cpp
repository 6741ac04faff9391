#include "HoverChartView.h"

#include <QLabel>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMouseEvent>
#include <QPainter>
#include <QPen>
#include <QValueAxis>

#include <algorithm>

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

void HoverChartView::drawForeground(QPainter* painter, const QRectF& rect)
{
    QChartView::drawForeground(painter, rect);
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
        // Labels that would overlap the previous one are left to the tooltip of the cursor read-out.
        const QString text = metrics.elidedText(m.text, Qt::ElideRight, std::max(60.0, area.right() - x - 4));
        if (x < lastLabelEnd)
            continue;
        painter->setPen(m.color.darker(130));
        painter->drawText(QPointF(x + 3, area.top() + metrics.ascent() + 1), text);
        lastLabelEnd = x + 3 + metrics.horizontalAdvance(text) + 6;
    }
    painter->restore();
}

void HoverChartView::mouseMoveEvent(QMouseEvent* event)
{
    const QPointF chartPos = chart()->mapFromScene(mapToScene(event->position().toPoint()));
    if (chart()->plotArea().contains(chartPos))
        hover_(chart()->mapToValue(chartPos).x());
    else
        hover_(std::nullopt);
    QChartView::mouseMoveEvent(event);
}

void HoverChartView::leaveEvent(QEvent* event)
{
    hover_(std::nullopt);
    QChartView::leaveEvent(event);
}

}  // namespace jounce::widgets
