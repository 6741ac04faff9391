// Figures of straight-line runs: 0-100 km/h, braking from 100 km/h, split-friction braking.
#include "analysis/FigureAnalysis.h"

namespace jounce::sim::figures {

void acceleration(const Analysis& a, std::vector<Figure>& out)
{
    Figure& t100 = out[0];
    Figure& top = out[1];
    const std::optional<PhaseFrames> pf = a.measured(Measure::Acceleration);
    if (!pf || pf->empty())
        return;
    const VehicleState s0 = a.beginState(*pf);
    double vmax = s0.forwardSpeed;
    for (std::size_t i = pf->first; i < pf->end; ++i)
        vmax = std::max(vmax, ch(a.frame(i), VehicleChannel::ForwardSpeed));
    top.value = vmax * 3.6;
    top.note = "in phase \"" + a.phase(*pf).name + "\"";
    if (std::fabs(s0.forwardSpeed) > 0.5) {
        t100.note = "not a standing start (" + kmh(s0.forwardSpeed) + ")";
        return;
    }
    const double tb = a.beginTime(*pf);
    const auto speed = [&a](std::size_t i) { return ch(a.frame(i), VehicleChannel::ForwardSpeed); };
    if (const std::optional<double> t = crossingTime(a, pf->first, pf->end, k100, speed, tb, s0.forwardSpeed))
        t100.value = *t - tb;
    else
        t100.note = "reached only " + kmh(vmax);
}

void braking(const Analysis& a, std::vector<Figure>& out)
{
    Figure& f = out[2];
    const std::optional<PhaseFrames> pf = a.measured(Measure::Braking);
    if (!pf || pf->empty())
        return;
    const VehicleState s0 = a.beginState(*pf);
    const double v0 = s0.forwardSpeed;
    // The path length of the chassis origin from the brake application to the phase's end (it
    // ends at standstill).
    double s = 0.0;
    Vec2 prev{s0.x, s0.y};
    for (std::size_t i = pf->first; i < pf->end; ++i) {
        const Frame& fr = a.frame(i);
        const Vec2 p{ch(fr, VehicleChannel::PosX), ch(fr, VehicleChannel::PosY)};
        s += norm(p - prev);
        prev = p;
    }
    const bool stopped = std::fabs(ch(a.frame(pf->end - 1), VehicleChannel::ForwardSpeed)) < 0.1;
    char b[96];
    if (!stopped) {
        f.note = "did not stop within the phase";
        return;
    }
    if (v0 < 0.95 * k100 || v0 > 1.1 * k100) {
        std::snprintf(b, sizeof b, "braking began at %.1f km/h (stopped in %.1f m)", v0 * 3.6, s);
        f.note = b;
        return;
    }
    // Stopping distance scales with the square of the initial speed: corrected to 100 km/h exactly.
    f.value = s * (k100 / v0) * (k100 / v0);
    std::snprintf(b, sizeof b, "%.1f m from %.1f km/h, scaled by (100/v0)^2", s, v0 * 3.6);
    f.note = b;
}

void splitBraking(const Analysis& a, std::vector<Figure>& out)
{
    Figure& f = out[13];
    const std::optional<PhaseFrames> pf = a.measured(Measure::SplitBraking);
    if (!pf || pf->empty())
        return;
    const VehicleState s0 = a.beginState(*pf);
    const Frame& last = a.frame(pf->end - 1);
    f.value = radiansToDegrees(wrapAngle(ch(last, VehicleChannel::Yaw) - s0.yaw));
    char b[96];
    const double vEnd = ch(last, VehicleChannel::ForwardSpeed);
    std::snprintf(b, sizeof b, "from %.1f km/h to %.1f km/h, positive = turned left", s0.forwardSpeed * 3.6,
                  vEnd * 3.6);
    f.note = b;
}

}  // namespace jounce::sim::figures
