#include "NiceTicks.h"

#include <QFontMetricsF>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace jounce::widgets {

double niceStep(double span, int intervals)
{
    const double raw = span / std::max(1, intervals);
    if (!(raw > 0.0) || !std::isfinite(raw))
        return 1.0;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (raw <= m * magnitude * (1.0 + 1e-9))
            return m * magnitude;
    return 10.0 * magnitude;
}

int decimalsFor(double step)
{
    if (!(step > 0.0) || !std::isfinite(step))
        return 0;
    // The first significant digit of a 1-2-5 step is at 10^floor(log10(step)).
    return std::clamp(-static_cast<int>(std::floor(std::log10(step) + 1e-9)), 0, 12);
}

AxisTicks niceTicks(double lo, double hi, int intervals)
{
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
        lo = 0.0;
        hi = 1.0;
    }
    if (hi < lo)
        std::swap(lo, hi);
    if (hi - lo <= std::max(std::fabs(lo), std::fabs(hi)) * 1e-12) {
        const double half = std::max(0.5, std::fabs(lo) * 0.1);
        lo -= half;
        hi += half;
    }
    AxisTicks t;
    t.step = niceStep(hi - lo, std::max(2, intervals));
    t.lo = std::floor(lo / t.step + 1e-9) * t.step;
    t.hi = std::ceil(hi / t.step - 1e-9) * t.step;
    if (t.hi <= t.lo)
        t.hi = t.lo + t.step;
    t.decimals = decimalsFor(t.step);
    return t;
}

QString labelFormat(const AxisTicks& ticks) { return QStringLiteral("%.%1f").arg(ticks.decimals); }

double verticalTickRoom(const QFont& font) { return 1.4 * QFontMetricsF(font).height(); }

void setAxisTicks(QValueAxis* axis, double lo, double hi, double step)
{
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0.0);
    // A wider step first shrinks the old range's ticks; a narrower one comes after the (then
    // narrower) range. Either way no state in between has more ticks than the ends.
    if (step >= axis->tickInterval()) {
        axis->setTickInterval(step);
        axis->setRange(lo, hi);
    } else {
        axis->setRange(lo, hi);
        axis->setTickInterval(step);
    }
}

}  // namespace jounce::widgets
