#pragma once
// Lining up the plot areas of Qt Charts drawn one above the other over a shared axis (the
// telemetry charts' time, a tire fit's slip): each chart gets the extra room beside its plot area
// that the widest labels of the others need. Measured from QtCharts' own layout, never a fixed
// plot area: a fixed one would make QtCharts elide labels, and our own text metrics differ from
// its by a pixel.

#include <QtGlobal>

#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace jounce::widgets {

/// The room left and right of a chart's plot area, in pixels from the chart's edges.
struct PlotRoom {
    double left = 0.0;
    double right = 0.0;
};

/// The room QtCharts' layout gives the plot area without the extra room setPlotRoom() added, from
/// its last layout and never forcing one (new labels are laid out when the scene processes its
/// layout request; a layout forced earlier saw the old labels); nullopt before the first.
std::optional<PlotRoom> naturalPlotRoom(const QChart& chart);

/// Adds room beside the plot area so it starts `room.left` and ends `room.right` from the chart's
/// edges; never less than the labels need. A side given as nullopt keeps its extra room.
void setPlotRoom(QChart& chart, std::optional<double> left, std::optional<double> right);

/// Lines up the plot areas of charts of one width one above the other: every chart gets the
/// largest natural room of any on each side. Call again on QChart::plotAreaChanged (new labels).
void alignPlotAreas(const std::vector<QChart*>& charts);

/// Draws the chart's background behind the whole view: QtCharts draws it inside the extra room,
/// so charts lined up would stand on backgrounds of different widths.
void fillViewWithChartBackground(QChartView& view);

}  // namespace jounce::widgets
