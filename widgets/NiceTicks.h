#pragma once
// Round axis ticks for the charts: steps of 1, 2 or 5 times a power of ten, the range widened to
// whole steps, and labels with just the decimals the step needs (no exponents for ordinary
// magnitudes), so an axis reads 0, 0.05, 0.1 rather than 0.05617, 0.1147.

#include <QString>

class QFont;
class QValueAxis;

namespace jounce::widgets {

struct AxisTicks {
    double lo = 0.0;    ///< the axis start: a multiple of step at or below the data
    double hi = 1.0;    ///< the axis end: a multiple of step at or above the data
    double step = 0.2;  ///< 1, 2 or 5 x 10^k
    int decimals = 1;   ///< what a label of the step needs (0 for whole steps)
};

/// Ticks for data in [lo, hi] with about `intervals` intervals (at least 2). A degenerate or
/// non-finite range gets a unit span around it.
AxisTicks niceTicks(double lo, double hi, int intervals = 4);
/// The step alone: the 1-2-5 value nearest above span / intervals.
double niceStep(double span, int intervals);
/// The decimals a label of `step` needs: 0 for 1, 2, 5, 10...; 1 for 0.5; 2 for 0.05.
int decimalsFor(double step);
/// printf format for Qt Charts' axis labels: "%.2f".
QString labelFormat(const AxisTicks& ticks);
/// How far apart the ticks of a vertical Qt Charts axis must be for each to keep its label in
/// `font`: QtCharts hides a label closer than about its height to the one before, and the axis
/// reads as if ticks were skipped (a 6-tick revs axis on a 100 px chart read "…").
double verticalTickRoom(const QFont& font);

/// Sets a dynamic-tick axis to [lo, hi] with ticks every `step` from 0. Qt Charts lays out every
/// intermediate state, one graphics item per tick, so the range and the step are set in the order
/// that never holds more ticks than before or after (a load axis of 12000 N taking the 0.5 step of
/// the slip curve before it made some 100000 ticks: 75 s).
void setAxisTicks(QValueAxis* axis, double lo, double hi, double step);

}  // namespace jounce::widgets
