#include "HoverChartView.h"

#include <QMouseEvent>

namespace jounce::widgets {

HoverChartView::HoverChartView(QChart* chart, Hover hover, bool antialiased, QWidget* parent)
    : QChartView(chart, parent), hover_(std::move(hover))
{
    setMouseTracking(true);
    setRenderHint(QPainter::Antialiasing, antialiased);
    // The axes move and read-out labels slide over the view: repaint all of it, or stale tick
    // labels remain (seen under X11).
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
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
