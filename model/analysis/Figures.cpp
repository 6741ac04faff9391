#include "analysis/Figures.h"

#include "config/Units.h"
#include "scenario/DriverVehicle.h"
#include "scenario/GapKeeper.h"
#include "scenario/Path.h"
#include "scenario/SteerWave.h"
#include "scenario/VehicleState.h"
#include "scenario/ManeuverJson.h"
#include "scenario/ManeuverPlayer.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace jounce::sim {
namespace {

using telemetry::Frame;
using telemetry::VehicleChannel;
using telemetry::WheelChannel;

constexpr double k100 = 100.0 / 3.6;  // m/s
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

/// The catalogue, in print order.
std::vector<Figure> catalogue()
{
    const auto f = [](const char* id, const char* label, const char* unit, Measure m, const char* source,
                      Preference better = Preference::Lower, bool flag = false) {
        Figure x;
        x.id = id;
        x.label = label;
        x.unit = unit;
        x.measure = m;
        x.source = source;
        x.flag = flag;
        x.preference = better;
        return x;
    };
    const char* accel = "acceleration-0-100 (SAE J1491 standing start)";
    const char* skid = "skidpad (ISO 4138 constant radius)";
    const char* step = "step-steer (ISO 7401 step input)";
    const char* track = "double-lane-change (ISO 3888-1), slalom-18m";
    const char* gap = "follow-stop-and-go (OpenSCENARIO LongitudinalDistanceAction, ISO 22179 stop-and-go)";
    const char* sine = "sine-with-dwell (FMVSS 126 / UN R140)";
    return {
        f("accel0to100", "0-100 km/h time", "s", Measure::Acceleration, accel),
        f("topSpeed", "top speed reached", "km/h", Measure::Acceleration, accel, Preference::Higher),
        f("brake100to0", "100-0 km/h stopping distance", "m", Measure::Braking, "braking-100-0 (ISO 21994 straight-line braking)"),
        f("maxSteadyLatAccel", "max steady lateral acceleration", "m/s^2", Measure::Skidpad, skid, Preference::Higher),
        f("understeerGradient", "understeer gradient", "deg/g", Measure::Skidpad, skid, Preference::None),
        f("rollGradient", "roll gradient", "deg/g", Measure::Skidpad, skid),
        f("yawRateRiseTime", "yaw-rate rise time (10-90 %)", "s", Measure::StepSteer, step),
        f("yawRateOvershoot", "yaw-rate overshoot", "%", Measure::StepSteer, step),
        f("maxLateralDeviation", "max lateral deviation from the path", "m", Measure::PathTracking, track),
        f("coneHit", "any cone hit", "", Measure::PathTracking, track, Preference::Lower, true),
        f("conesHit", "cones hit", "", Measure::PathTracking, track),
        f("timeGapErrorMean", "time-gap error, mean", "s", Measure::GapKeeping, gap, Preference::LowerMagnitude),
        f("timeGapErrorMax", "time-gap error, max", "s", Measure::GapKeeping, gap),
        f("splitFrictionYaw", "yaw angle after split-friction braking", "deg", Measure::SplitBraking,
          "split-friction-braking (ISO 14512 open loop)", Preference::LowerMagnitude),
        f("yawRateRatio100", "yaw-rate ratio 1.00 s after steer end", "%", Measure::SineWithDwell, sine),
        f("yawRateRatio175", "yaw-rate ratio 1.75 s after steer end", "%", Measure::SineWithDwell, sine),
        f("lateralDisplacement107", "lateral displacement 1.07 s after steer start", "m", Measure::SineWithDwell,
          sine, Preference::Higher),
    };
}

double ch(const Frame& f, VehicleChannel c) noexcept { return f.vehicle(c); }

/// The frames of one phase and the state just before it began.
struct PhaseFrames {
    int phase = -1;
    std::size_t first = 0;  ///< index of the phase's first frame
    std::size_t end = 0;    ///< one past its last frame
    bool empty() const noexcept { return end <= first; }
    std::size_t size() const noexcept { return end - first; }
};

class Analysis {
public:
    explicit Analysis(const FigureInput& in) : in_(in), vehicle_(DriverVehicle::from(*in.vehicle))
    {
        phases_ = in.framePhase.size() == in.frames.size()
                      ? in.framePhase
                      : replayPhases(*in.maneuver, *in.vehicle, in.start, in.frames);
        dt_ = in.vehicle->simulation.timeStep;
    }

    /// The first phase measured for `m`, or nullopt.
    std::optional<PhaseFrames> measured(Measure m) const
    {
        const std::vector<ManeuverPhase>& ps = in_.maneuver->phases;
        for (std::size_t k = 0; k < ps.size(); ++k) {
            if (ps[k].measure != m)
                continue;
            PhaseFrames pf;
            pf.phase = static_cast<int>(k);
            const auto begin = std::find(phases_.begin(), phases_.end(), pf.phase);
            pf.first = std::size_t(begin - phases_.begin());
            pf.end = pf.first;
            while (pf.end < phases_.size() && phases_[pf.end] == pf.phase)
                ++pf.end;
            return pf;
        }
        return std::nullopt;
    }

    const Frame& frame(std::size_t i) const { return in_.frames[i]; }
    const ManeuverPhase& phase(const PhaseFrames& pf) const { return in_.maneuver->phases[std::size_t(pf.phase)]; }

    /// The time at which a phase began: the time of the frame before it (the end of the previous
    /// step), or one step before its first frame.
    double beginTime(const PhaseFrames& pf) const
    {
        return pf.first > 0 ? frame(pf.first - 1).time() : frame(pf.first).time() - dt_;
    }
    /// The state when a phase began (the start pose, at rest, before the first step).
    VehicleState beginState(const PhaseFrames& pf) const
    {
        if (pf.first > 0)
            return vehicleStateFromFrame(frame(pf.first - 1));
        return VehicleState{in_.start.x, in_.start.y, in_.start.heading, 0.0, 0.0, 0.0, false};
    }
    /// The pose a phase's path is placed in.
    PlanarPose pathFrame(const PhaseFrames& pf, PathFrame kind) const
    {
        if (kind == PathFrame::Start)
            return in_.start;
        if (kind == PathFrame::Phase)
            return beginState(pf).pose();
        return {};
    }

    const DriverVehicle& vehicle() const { return vehicle_; }
    const FigureInput& input() const { return in_; }
    double dt() const { return dt_; }

private:
    const FigureInput& in_;
    DriverVehicle vehicle_;
    std::vector<int> phases_;
    double dt_ = 1.0 / 60.0;
};

/// Linear interpolation of the time at which `value(i)` first reaches `level` going up (or down
/// when rising is false), between frames first..end.
std::optional<double> crossingTime(const Analysis& a, std::size_t first, std::size_t end, double level,
                                   auto&& value, double startTime, double startValue)
{
    double t0 = startTime, v0 = startValue;
    for (std::size_t i = first; i < end; ++i) {
        const double t1 = a.frame(i).time(), v1 = value(i);
        if (v1 >= level) {
            if (v0 >= level || v1 == v0)
                return t1;
            return t0 + (t1 - t0) * (level - v0) / (v1 - v0);
        }
        t0 = t1;
        v0 = v1;
    }
    return std::nullopt;
}

std::string kmh(double v)
{
    char b[32];
    std::snprintf(b, sizeof b, "%.1f km/h", v * 3.6);
    return b;
}

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

/// A phase's path placed as the player placed it.
std::optional<PathGeometry> phasePath(const Analysis& a, const PhaseFrames& pf)
{
    const ManeuverPhase& p = a.phase(pf);
    if (!p.path)
        return std::nullopt;
    return buildPath(*p.path, a.vehicle(), a.pathFrame(pf, p.path->frame));
}

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

/// Distance from a point to the footprint rectangle of a vehicle state (0 inside).
double footprintDistance(const DriverVehicle& v, const VehicleState& s, Vec2 p)
{
    const Vec2 l = s.pose().toLocal(p);
    const double dx = std::max({l.x - v.frontExtent, -v.rearExtent - l.x, 0.0});
    const double dy = std::max({std::fabs(l.y) - v.halfWidth, 0.0});
    return std::hypot(dx, dy);
}

void pathTracking(const Analysis& a, std::vector<Figure>& out)
{
    Figure& dev = out[8];
    Figure& any = out[9];
    Figure& count = out[10];
    const std::optional<PhaseFrames> pf = a.measured(Measure::PathTracking);
    if (!pf || pf->empty())
        return;
    const std::optional<PathGeometry> g = phasePath(a, *pf);
    if (!g) {
        dev.note = any.note = count.note = "the phase has no path";
        return;
    }
    double worst = 0.0;
    std::vector<bool> hit(g->cones.size(), false);
    for (std::size_t i = pf->first; i < pf->end; ++i) {
        const VehicleState s = vehicleStateFromFrame(a.frame(i));
        worst = std::max(worst, std::fabs(g->path.project(Vec2{s.x, s.y}).offset));
        for (std::size_t c = 0; c < g->cones.size(); ++c)
            if (!hit[c] && footprintDistance(a.vehicle(), s, g->cones[c].position) < g->cones[c].radius)
                hit[c] = true;
    }
    dev.value = worst;
    dev.note = "chassis origin from the path's centre line";
    if (g->cones.empty()) {
        any.note = count.note = "the path has no cones";
        return;
    }
    const auto n = std::count(hit.begin(), hit.end(), true);
    count.value = static_cast<double>(n);
    any.value = n > 0 ? 1.0 : 0.0;
    char b[96];
    std::snprintf(b, sizeof b, "%td of %zu cones (footprint: chassis box and tires)", n, g->cones.size());
    any.note = count.note = b;
}

void gapKeeping(const Analysis& a, std::vector<Figure>& out)
{
    Figure& mean = out[11];
    Figure& worst = out[12];
    const std::optional<PhaseFrames> pf = a.measured(Measure::GapKeeping);
    if (!pf || pf->empty())
        return;
    const ManeuverPhase& p = a.phase(*pf);
    if (!p.gap || !p.gap->timeGap) {
        mean.note = worst.note = "the phase keeps no time gap";
        return;
    }
    const GapSpec& spec = *p.gap;
    const VehicleState s0 = a.beginState(*pf);
    const std::optional<PathGeometry> path = phasePath(a, *pf);
    PathSpec straight;
    straight.length = 100000.0;
    const PathGeometry line = path ? *path : buildPath(straight, a.vehicle(), s0.pose());
    const Path::Projection p0 = line.path.project(Vec2{s0.x, s0.y});
    const LeadMotion lead(spec.lead.speedProfile, p0.s + spec.lead.start);
    const double tb = a.beginTime(*pf);
    // The time gap is ill-defined near standstill: samples below 5 m/s are left out.
    constexpr double kMinSpeed = 5.0;
    double sum = 0.0, maxAbs = 0.0;
    int count = 0;
    std::size_t hint = p0.segment;
    for (std::size_t i = pf->first; i < pf->end; ++i) {
        const VehicleState s = vehicleStateFromFrame(a.frame(i));
        const Path::Projection pr = line.path.project(Vec2{s.x, s.y}, hint, 20, 400);
        hint = pr.segment;
        if (s.forwardSpeed < kMinSpeed)
            continue;
        const GapMeasurement gm =
            measureGap(spec, a.vehicle(), pr.s, lead.position(a.frame(i).time() - tb), s.forwardSpeed);
        // OpenSCENARIO's time gap: distance over speed, less the standstill gap when one is set.
        const double err = (gm.distance - spec.standstillGap) / s.forwardSpeed - *spec.timeGap;
        sum += err;
        maxAbs = std::max(maxAbs, std::fabs(err));
        ++count;
    }
    if (count == 0) {
        mean.note = worst.note = "never faster than 5 m/s";
        return;
    }
    mean.value = sum / count;
    worst.value = maxAbs;
    char b[96];
    std::snprintf(b, sizeof b, "(gap - standstill gap) / speed - %.2f s, above 5 m/s (%d samples)", *spec.timeGap,
                  count);
    mean.note = worst.note = b;
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

/// The value of a frame quantity at time t (linear between frames first..end), NaN outside.
double at(const Analysis& a, std::size_t first, std::size_t end, double t, auto&& value)
{
    for (std::size_t i = first + 1; i < end; ++i) {
        const double t0 = a.frame(i - 1).time(), t1 = a.frame(i).time();
        if (t >= t0 && t <= t1)
            return t1 > t0 ? value(i - 1) + (value(i) - value(i - 1)) * (t - t0) / (t1 - t0) : value(i);
    }
    return kNaN;
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

}  // namespace

std::optional<double> leastSquaresSlope(std::span<const double> x, std::span<const double> y) noexcept
{
    const std::size_t n = std::min(x.size(), y.size());
    if (n < 2)
        return std::nullopt;
    double mx = 0.0, my = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        mx += x[i];
        my += y[i];
    }
    mx /= double(n);
    my /= double(n);
    double sxx = 0.0, sxy = 0.0;
    for (std::size_t i = 0; i < n; ++i) {
        sxx += (x[i] - mx) * (x[i] - mx);
        sxy += (x[i] - mx) * (y[i] - my);
    }
    if (!(sxx > 0.0))
        return std::nullopt;
    return sxy / sxx;
}

std::vector<double> centredAverage(std::span<const double> x, std::size_t halfWidth)
{
    const std::size_t n = x.size();
    std::vector<double> prefix(n + 1, 0.0);
    for (std::size_t i = 0; i < n; ++i)
        prefix[i + 1] = prefix[i] + x[i];
    std::vector<double> out(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t h = std::min({halfWidth, i, n - 1 - i});
        out[i] = (prefix[i + h + 1] - prefix[i - h]) / double(2 * h + 1);
    }
    return out;
}

std::vector<int> replayPhases(const Maneuver& maneuver, const VehicleConfig& vehicle, const PlanarPose& start,
                              std::span<const telemetry::Frame> frames)
{
    ManeuverPlayer player(maneuver, std::numeric_limits<double>::infinity());
    player.setVehicle(vehicle, start);
    const double dt = vehicle.simulation.timeStep;
    std::vector<int> out;
    out.reserve(frames.size());
    for (const Frame& f : frames) {
        out.push_back(player.finished() ? -1 : player.phaseIndex());
        const VehicleState s = vehicleStateFromFrame(f);
        player.afterStep({.dt = dt, .forwardSpeed = s.forwardSpeed, .distance = 0.0, .state = s});
    }
    return out;
}

std::vector<Figure> computeFigures(const FigureInput& input)
{
    std::vector<Figure> out = catalogue();
    for (Figure& f : out)
        f.note = std::string("the maneuver has no \"") + measureName(f.measure) + "\" phase";
    if (!input.maneuver || !input.vehicle || input.frames.empty())
        return out;
    const Analysis a(input);
    // A measured phase resets the notes of its figures before filling them in.
    for (Figure& f : out)
        if (a.measured(f.measure))
            f.note.clear();
    acceleration(a, out);
    braking(a, out);
    skidpad(a, out);
    stepSteer(a, out);
    pathTracking(a, out);
    gapKeeping(a, out);
    splitBraking(a, out);
    sineWithDwell(a, out);
    for (Figure& f : out)
        if (!f.value && f.note.empty())
            f.note = "the measured phase has no frames";
    return out;
}

std::vector<Figure> maneuverFigures(const FigureInput& input)
{
    std::vector<Figure> all = computeFigures(input);
    std::vector<Figure> out;
    if (!input.maneuver)
        return out;
    for (Figure& f : all) {
        const bool measured = std::any_of(input.maneuver->phases.begin(), input.maneuver->phases.end(),
                                          [&f](const ManeuverPhase& p) { return p.measure == f.measure; });
        if (measured)
            out.push_back(std::move(f));
    }
    return out;
}

std::string formatFigure(const Figure& f)
{
    if (!f.value)
        return "n/a" + (f.note.empty() ? std::string() : " (" + f.note + ")");
    if (f.flag)
        return *f.value != 0.0 ? "yes" : "no";
    char b[64];
    if (f.unit.empty())
        std::snprintf(b, sizeof b, "%.0f", *f.value);
    else if (f.unit == "%" || f.unit == "km/h")
        std::snprintf(b, sizeof b, "%.1f %s", *f.value, f.unit.c_str());
    else
        std::snprintf(b, sizeof b, "%.2f %s", *f.value, f.unit.c_str());
    return b;
}

}  // namespace jounce::sim
