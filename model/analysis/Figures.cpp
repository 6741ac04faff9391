#include "analysis/Figures.h"

#include "analysis/FigureAnalysis.h"
#include "scenario/ManeuverJson.h"

#include <cstdio>

namespace jounce::sim {
namespace {

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

}  // namespace

namespace figures {

std::string kmh(double v)
{
    char b[32];
    std::snprintf(b, sizeof b, "%.1f km/h", v * 3.6);
    return b;
}

/// A phase's path placed as the player placed it.
std::optional<PathGeometry> phasePath(const Analysis& a, const PhaseFrames& pf)
{
    const ManeuverPhase& p = a.phase(pf);
    if (!p.path)
        return std::nullopt;
    return buildPath(*p.path, a.vehicle(), a.pathFrame(pf, p.path->frame));
}

}  // namespace figures

using namespace figures;

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
                              std::span<const FigureSample> frames)
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
