#include "PlotAlignment.h"

#include <QChart>
#include <QChartView>
#include <QGraphicsLayout>

#include <algorithm>
#include <cmath>

namespace jounce::widgets {

std::optional<PlotRoom> naturalPlotRoom(const QChart& chart)
{
    const QRectF area = chart.plotArea();
    if (area.isEmpty())
        return std::nullopt;  // not laid out yet
    qreal left = 0.0, top = 0.0, right = 0.0, bottom = 0.0;
    chart.layout()->getContentsMargins(&left, &top, &right, &bottom);
    return PlotRoom{area.left() - left, chart.size().width() - area.right() - right};
}

void setPlotRoom(QChart& chart, std::optional<double> left, std::optional<double> right)
{
    // QtCharts lays the plot area out after the labels, so extra room given as the layout's
    // contents margins comes on top of what the labels need.
    const std::optional<PlotRoom> natural = naturalPlotRoom(chart);
    if (!natural)
        return;
    qreal oldLeft = 0.0, top = 0.0, oldRight = 0.0, bottom = 0.0;
    chart.layout()->getContentsMargins(&oldLeft, &top, &oldRight, &bottom);
    const double newLeft = left ? std::max(0.0, *left - natural->left) : oldLeft;
    const double newRight = right ? std::max(0.0, *right - natural->right) : oldRight;
    if (std::fabs(oldLeft - newLeft) > 0.01 || std::fabs(oldRight - newRight) > 0.01)
        chart.layout()->setContentsMargins(newLeft, top, newRight, bottom);
}

void alignPlotAreas(const std::vector<QChart*>& charts)
{
    PlotRoom widest;
    for (const QChart* c : charts)
        if (const std::optional<PlotRoom> room = naturalPlotRoom(*c)) {
            widest.left = std::max(widest.left, room->left);
            widest.right = std::max(widest.right, room->right);
        }
    for (QChart* c : charts)
        setPlotRoom(*c, widest.left, widest.right);
}

void fillViewWithChartBackground(QChartView& view)
{
    view.setBackgroundBrush(view.chart()->backgroundBrush());
    view.chart()->setBackgroundVisible(false);
}

}  // namespace jounce::widgets
