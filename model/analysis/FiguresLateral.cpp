// Figures of cornering runs: skidpad (ISO 4138), step steer (ISO 7401), sine with dwell.
#include "analysis/FigureAnalysis.h"

#include "config/Units.h"
#include "scenario/SteerWave.h"

namespace jounce::sim::figures {

void skidpad(const Analysis& a, std::vector<Figure>& out)
{
    Figure& maxAy = out[3];
    Figure& usg = out[4];
    Figure& roll = out[5];
    const std::optional<PhaseFrames> pf = a.measured(Measure::Skidpad);
    if (!pf || pf->empty())
        return;
    const std::size_t n = pf->size();
    std::vector<double> ay(n), delta(n), phi(n);
    for (std::size_t k = 0; k < n; ++k) {
        const Frame& fr = a.frame(pf->first + k);
        ay[k] = ch(fr, VehicleChannel::LatAccel);
        delta[k] = 0.5 * (fr.wheel(WheelChannel::SteerAngle, 0) + fr.wheel(WheelChannel::SteerAngle, 1));
        phi[k] = ch(fr, VehicleChannel::Roll);
    }
    // Steady values: a 1 s centred average for the maximum, 0.5 s for the gradients' samples.
    const std::size_t second = std::max<std::size_t>(1, std::size_t(std::lround(0.5 / a.dt())));
    const std::size_t half = std::max<std::size_t>(1, std::size_t(std::lround(0.25 / a.dt())));
    const std::vector<double> ay1 = centredAverage(ay, second);
    double best = 0.0;
    for (double v : ay1)
        best = std::max(best, std::fabs(v));
    maxAy.value = best;
    char b[96];
    std::snprintf(b, sizeof b, "%.2f g", best / kGravity);
    maxAy.note = b;

    const ManeuverPhase& p = a.phase(*pf);
    if (!p.path || p.path->type != PathType::Circle) {
        usg.note = roll.note = "the skidpad phase needs a circle path";
        return;
    }
    const double radius = p.path->radius;
    const double side = p.path->direction == TurnSide::Left ? 1.0 : -1.0;
    // The linear range: from 1 m/s² to 4 m/s² (0.4 g), and at most 60 % of the maximum.
    const double lo = 1.0, hi = std::min(4.0, 0.6 * best);
    const std::vector<double> ayS = centredAverage(ay, half), deltaS = centredAverage(delta, half),
                              phiS = centredAverage(phi, half);
    std::vector<double> x, yd, yr;
    for (std::size_t k = 0; k < n; ++k) {
        const double g = ayS[k] * side;
        if (g < lo || g > hi)
            continue;
        x.push_back(ayS[k] / kGravity);
        yd.push_back(radiansToDegrees(deltaS[k] - side * a.vehicle().wheelbase / radius));
        yr.push_back(radiansToDegrees(phiS[k]));
    }
    std::snprintf(b, sizeof b, "least squares over %.1f..%.1f m/s^2 (%zu samples)", lo, hi, x.size());
    const bool enough = x.size() >= 20 && hi - lo >= 0.5;
    if (!enough) {
        usg.note = roll.note = "too few samples in the linear range (1 to 4 m/s^2)";
    } else {
        if (a.vehicle().skidSteer)
            usg.note = "no steered wheels";
        else if (const std::optional<double> k = leastSquaresSlope(x, yd)) {
            usg.value = *k;
            usg.note = b;
        }
        if (const std::optional<double> k = leastSquaresSlope(x, yr)) {
            roll.value = *k;
            roll.note = b;
        }
    }
}

void stepSteer(const Analysis& a, std::vector<Figure>& out)
{
    Figure& rise = out[6];
    Figure& over = out[7];
    const std::optional<PhaseFrames> pf = a.measured(Measure::StepSteer);
    if (!pf || pf->empty())
        return;
    const double tb = a.beginTime(*pf);
    // Baseline: the mean yaw rate over the 0.5 s before the step; steady state: the last second.
    double r0 = 0.0;
    int c0 = 0;
    for (std::size_t i = pf->first; i-- > 0;) {
        if (a.frame(i).time() < tb - 0.5 + 1e-9)
            break;
        r0 += ch(a.frame(i), VehicleChannel::YawRate);
        ++c0;
    }
    r0 = c0 > 0 ? r0 / c0 : a.beginState(*pf).yawRate;
    const double tEnd = a.frame(pf->end - 1).time();
    double rss = 0.0;
    int css = 0;
    for (std::size_t i = pf->first; i < pf->end; ++i)
        if (a.frame(i).time() > tEnd - 1.0 + 1e-9) {
            rss += ch(a.frame(i), VehicleChannel::YawRate);
            ++css;
        }
    rss = css > 0 ? rss / css - r0 : 0.0;
    if (std::fabs(rss) < 1e-3) {
        rise.note = over.note = "no steady yaw rate";
        return;
    }
    const auto y = [&](std::size_t i) { return (ch(a.frame(i), VehicleChannel::YawRate) - r0) / rss; };
    const std::optional<double> t10 = crossingTime(a, pf->first, pf->end, 0.1, y, tb, 0.0);
    const std::optional<double> t90 = crossingTime(a, pf->first, pf->end, 0.9, y, tb, 0.0);
    char b[96];
    std::snprintf(b, sizeof b, "steady state %.3f rad/s (last second of the step)", rss);
    if (t10 && t90) {
        rise.value = *t90 - *t10;
        rise.note = b;
    } else {
        rise.note = "the yaw rate did not reach 90 % of its steady state";
    }
    double peak = 0.0;
    for (std::size_t i = pf->first; i < pf->end; ++i)
        peak = std::max(peak, y(i));
    over.value = std::max(0.0, peak - 1.0) * 100.0;
    over.note = b;
}

void sineWithDwell(const Analysis& a, std::vector<Figure>& out)
{
    Figure& yrr1 = out[14];
    Figure& yrr175 = out[15];
    Figure& lat = out[16];
    const std::optional<PhaseFrames> pf = a.measured(Measure::SineWithDwell);
    if (!pf || pf->empty())
        return;
    const ManeuverPhase& p = a.phase(*pf);
    if (!p.inputs.steerWave || p.inputs.steerWave->shape != SteerWaveShape::SineWithDwell) {
        yrr1.note = yrr175.note = lat.note = "the phase has no sine-with-dwell steer";
        return;
    }
    const SteerWave& w = *p.inputs.steerWave;
    const double bos = a.beginTime(*pf);
    const double steerEnd = bos + steerWaveLength(w);
    // The end of the phase's frames, extended by the frames that follow it.
    const std::size_t end = a.input().frames.size();
    const std::size_t first = pf->first > 0 ? pf->first - 1 : pf->first;
    const auto yawRate = [&a](std::size_t i) { return ch(a.frame(i), VehicleChannel::YawRate); };
    // The first lobe's direction from the steer a quarter period in; the peak yaw rate is the
    // extreme of the opposite sign after the steering reversal (FMVSS 126 S5.2).
    const auto steer = [&a](std::size_t i) { return ch(a.frame(i), VehicleChannel::Steer); };
    const double firstLobe = at(a, first, end, bos + 0.25 / w.frequency, steer);
    const double s2 = firstLobe >= 0.0 ? -1.0 : 1.0;
    double peak = 0.0, firstPeak = 0.0;
    for (std::size_t i = pf->first; i < end; ++i) {
        const double t = a.frame(i).time();
        if (t <= bos + 0.5 / w.frequency)
            firstPeak = std::max(firstPeak, -s2 * yawRate(i));
        else if (t <= steerEnd + 1.75)
            peak = std::max(peak, s2 * yawRate(i));
    }
    const double r1 = at(a, first, end, steerEnd + 1.0, yawRate);
    const double r175 = at(a, first, end, steerEnd + 1.75, yawRate);
    if (std::isnan(r1) || std::isnan(r175)) {
        yrr1.note = yrr175.note = "the run ended less than 1.75 s after the steer";
    } else if (peak <= 0.1 * firstPeak) {
        yrr1.note = yrr175.note = "the yaw rate never reversed after the steering reversal (the vehicle spun)";
    } else {
        yrr1.value = 100.0 * s2 * r1 / peak;
        yrr175.value = 100.0 * s2 * r175 / peak;
        char b[96];
        std::snprintf(b, sizeof b, "of the peak %.3f rad/s after the steering reversal", s2 * peak);
        yrr1.note = yrr175.note = b;
    }
    const VehicleState s0 = a.beginState(*pf);
    const auto px = [&a](std::size_t i) { return ch(a.frame(i), VehicleChannel::PosX); };
    const auto py = [&a](std::size_t i) { return ch(a.frame(i), VehicleChannel::PosY); };
    const double x = at(a, first, end, bos + 1.07, px), y = at(a, first, end, bos + 1.07, py);
    if (std::isnan(x) || std::isnan(y)) {
        lat.note = "the run ended too soon";
    } else {
        lat.value = s0.pose().toLocal(Vec2{x, y}).y;
        lat.note = "chassis origin from the path at the steer start, positive left";
    }
}

}  // namespace jounce::sim::figures
