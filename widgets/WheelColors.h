#pragma once
// One colour per wheel, used by every chart, curve and view, so FL is always the same colour.

#include <QColor>

namespace jounce::widgets {

/// Colour of wheel `wheel` (FL, FR, RL, RR, then further wheels).
QColor wheelColor(int wheel);
/// Colour of the i-th vehicle-level trace of a chart.
QColor traceColor(int index);

}  // namespace jounce::widgets
