#pragma once
// Internal to analysis/: what the figure procedures share (the phase frames of a run, crossing
// times, interpolation) and the procedures themselves, one per measure, split over
// FiguresLongitudinal.cpp, FiguresLateral.cpp and FiguresTracking.cpp. Figures.cpp holds the
// catalogue and the public functions of Figures.h.

#include "analysis/Figures.h"
#include "scenario/VehicleTraits.h"
#include "scenario/ManeuverPlayer.h"
#include "scenario/Path.h"
#include "scenario/VehicleState.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace jounce::sim::figures {

/// The procedures read samples through the accessors of a frame (time(), vehicle(), wheel()).
using Frame = FigureSample;
using telemetry::VehicleChannel;
using telemetry::WheelChannel;

inline constexpr double k100 = 100.0 / 3.6;  // m/s
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

inline double ch(const Frame& f, VehicleChannel c) noexcept { return f.vehicle(c); }

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
    explicit Analysis(const FigureInput& in) : in_(in), vehicle_(VehicleTraits::from(*in.vehicle))
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

    const VehicleTraits& vehicle() const { return vehicle_; }
    const FigureInput& input() const { return in_; }
    double dt() const { return dt_; }

private:
    const FigureInput& in_;
    VehicleTraits vehicle_;
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

/// "71.3 km/h"
std::string kmh(double v);
/// A phase's path placed as the player placed it.
std::optional<PathGeometry> phasePath(const Analysis& a, const PhaseFrames& pf);

// The procedures, one per measure: each appends its figures' values to `out` (in catalogue order).
void acceleration(const Analysis& a, std::vector<Figure>& out);
void braking(const Analysis& a, std::vector<Figure>& out);
void splitBraking(const Analysis& a, std::vector<Figure>& out);
void skidpad(const Analysis& a, std::vector<Figure>& out);
void stepSteer(const Analysis& a, std::vector<Figure>& out);
void sineWithDwell(const Analysis& a, std::vector<Figure>& out);
void pathTracking(const Analysis& a, std::vector<Figure>& out);
void gapKeeping(const Analysis& a, std::vector<Figure>& out);

}  // namespace jounce::sim::figures
