#pragma once
// One colour per wheel, used by every chart, curve and view, so FL is always the same colour; one
// colour per compared vehicle.

#include <QColor>

namespace jounce::widgets {

/// Colour of wheel `wheel` (FL, FR, RL, RR, then further wheels).
QColor wheelColor(int wheel);
/// Colour of the i-th vehicle-level trace of a chart.
QColor traceColor(int index);
/// Colour of the i-th vehicle of a comparison, the same in every chart, table header and report.
QColor vehicleColor(int index);

}  // namespace jounce::widgets
