#include "vehicle/tire/UnityTire.h"

#include "config/ParameterPaths.h"
#include "json/NumberText.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

namespace jounce::sim {

double frictionCurveValue(const WheelFrictionCurve& c, double slip) noexcept
{
    const double x = std::abs(slip);
    if (!(c.extremumSlip > 0.0))
        return c.asymptoteValue;
    if (x <= c.extremumSlip) {
        const double t = x / c.extremumSlip;
        return c.extremumValue * t * (2.0 - t);
    }
    if (x >= c.asymptoteSlip)
        return c.asymptoteValue;
    const double t = (x - c.extremumSlip) / (c.asymptoteSlip - c.extremumSlip);
    return c.extremumValue + (c.asymptoteValue - c.extremumValue) * t * t * (3.0 - 2.0 * t);
}

double frictionCurvePeak(const WheelFrictionCurve& c) noexcept
{
    return std::max(c.extremumValue, c.asymptoteValue);
}

double UnityTire::friction(const UnityTireParams&, double pairFriction, double) noexcept
{
    return pairFriction;
}

namespace {

/// curve(ρ·x_e) / ρ for a normalised slip ρ = |s| / x_e ≥ 0: exactly y_e·(2 − ρ) on the first piece,
/// so the combined-slip share has no division near zero slip and is smooth through it.
double valuePerNormalisedSlip(const WheelFrictionCurve& c, double rho) noexcept
{
    if (rho <= 1.0)
        return c.extremumValue * (2.0 - rho);
    return frictionCurveValue(c, rho * c.extremumSlip) / rho;
}

}  // namespace

TireForces UnityTire::forces(const UnityTireParams& tire, const TireInputs& in, TireState&, double) noexcept
{
    const WheelFrictionCurve& fwd = tire.forwardFriction;
    const WheelFrictionCurve& side = tire.sidewaysFriction;
    const double load = in.friction * in.filteredLoad;
    if (!(load > 0.0) || !(fwd.extremumSlip > 0.0) || !(side.extremumSlip > 0.0))
        return {};

    // docs/unity.md "Combined slip": both slips normalised by their extremum slips; each curve is
    // read at the combined normalised slip and shared out by the direction of the slip vector, so
    // a pure slip gives exactly its curve and the force stays within the larger peak × load.
    const double rL = in.longSlip / fwd.extremumSlip;
    const double rT = in.latSlip / side.extremumSlip;
    const double rho = std::hypot(rL, rT);

    TireForces out;
    out.longForce = rL * valuePerNormalisedSlip(fwd, rho) * fwd.stiffness * load;
    out.latForce = -rT * valuePerNormalisedSlip(side, rho) * side.stiffness * load;
    out.wheelTorque = -out.longForce * in.wheelRadius;
    return out;
}

namespace {

namespace tire = config::param::wheels::tire;
using telemetry::WheelChannel;

/// What differs between the two curves: editor, envelope and checks alike.
struct Side {
    const char* name;      ///< "forward", "sideways"
    const char* id;        ///< the editor curve's id
    const char* title;
    const char* slipName;  ///< the editor's x axis
    const char* slipUnit;  ///< the slip's SI unit
    WheelChannel slip;
    WheelChannel force;
    WheelFrictionCurve UnityTireParams::*curve;
    double defaultRatio;   ///< Unity 5's asymptote value / extremum value
    config::param::ElementPath extremumSlip, extremumValue, asymptoteSlip, asymptoteValue, stiffness;
};

const Side kSides[2] = {
    {"forward", "unityForward", "Unity forward friction", "|longitudinal slip|", "1", WheelChannel::LongSlip,
     WheelChannel::NormLongForce, &UnityTireParams::forwardFriction, 0.5, tire::forwardFriction::extremumSlip,
     tire::forwardFriction::extremumValue, tire::forwardFriction::asymptoteSlip, tire::forwardFriction::asymptoteValue,
     tire::forwardFriction::stiffness},
    {"sideways", "unitySideways", "Unity sideways friction", "|slip angle|", "rad", WheelChannel::LatSlip,
     WheelChannel::NormLatForce, &UnityTireParams::sidewaysFriction, 0.75, tire::sidewaysFriction::extremumSlip,
     tire::sidewaysFriction::extremumValue, tire::sidewaysFriction::asymptoteSlip,
     tire::sidewaysFriction::asymptoteValue, tire::sidewaysFriction::stiffness},
};

TireCurve curveOf(const Side& side, const WheelFrictionCurve& c, std::size_t wheel)
{
    TireCurve d;
    d.id = side.id;
    d.title = std::string(side.title) + " (x stiffness " + std::to_string(c.stiffness).substr(0, 4) + ")";
    d.x = {side.slipName, side.slipUnit};
    d.y = {"force / tire load, before stiffness", "1"};
    d.handlesName = "extremum, asymptote";
    d.handles = {{0.0, 0.0, "", ""},
                 {c.extremumSlip, c.extremumValue, side.extremumSlip(wheel), side.extremumValue(wheel)},
                 {c.asymptoteSlip, c.asymptoteValue, side.asymptoteSlip(wheel), side.asymptoteValue(wheel)}};
    const double end = 1.5 * std::max(c.extremumSlip, c.asymptoteSlip);
    for (int i = 0; i <= 120; ++i) {
        const double s = end * i / 120.0;
        d.line.push_back({s, frictionCurveValue(c, s)});
    }
    const double stiffness = c.stiffness;
    const WheelChannel slip = side.slip, force = side.force;
    const int w = static_cast<int>(wheel);
    d.operating = [w, stiffness, slip, force](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
        if (f.wheel(WheelChannel::InAir, w) > 0.5 || !(stiffness > 0.0))
            return std::nullopt;
        return std::pair{std::fabs(f.wheel(slip, w)), std::fabs(f.wheel(force, w)) / stiffness};
    };
    return d;
}

}  // namespace

std::vector<TireCurve> UnityTire::curves(const UnityTireParams& tire, std::size_t wheel)
{
    std::vector<TireCurve> out;
    for (const Side& side : kSides)
        out.push_back(curveOf(side, tire.*side.curve, wheel));
    return out;
}

std::vector<EnvelopePoint> UnityTire::frictionEnvelope(const UnityTireParams& tire)
{
    // For slip direction θ and normalised slip ρ the force is (−sin θ · side(ρ), cos θ · fwd(ρ)) in
    // (lateral, longitudinal), each curve read at ρ times its extremum slip: the largest radius per
    // force direction over a dense grid of θ and ρ, mirrored into the four quadrants.
    const WheelFrictionCurve& fwd = tire.forwardFriction;
    const WheelFrictionCurve& side = tire.sidewaysFriction;
    if (!(fwd.extremumSlip > 0.0) || !(side.extremumSlip > 0.0))
        return {};
    // Past both asymptote slips the curves are flat, so ρ need not go further.
    const double rhoMax = 1.05 * std::max({1.0, fwd.asymptoteSlip / fwd.extremumSlip, side.asymptoteSlip / side.extremumSlip});
    constexpr int kBins = 90, kDirections = 240, kSlips = 240;
    // The grid, plus the slips where a curve peaks (its extremum and asymptote), exactly.
    std::vector<double> rhos{1.0, fwd.asymptoteSlip / fwd.extremumSlip, side.asymptoteSlip / side.extremumSlip};
    for (int j = 1; j <= kSlips; ++j)
        rhos.push_back(rhoMax * j / kSlips);
    std::array<double, kBins + 1> radius{};
    for (int i = 0; i <= kDirections; ++i) {
        const double theta = 0.5 * std::numbers::pi * i / kDirections;
        for (const double rho : rhos) {
            const double lat = std::sin(theta) * frictionCurveValue(side, rho * side.extremumSlip) * side.stiffness;
            const double lon = std::cos(theta) * frictionCurveValue(fwd, rho * fwd.extremumSlip) * fwd.stiffness;
            const double phi = std::atan2(lon, lat);  // 0 = pure lateral, π/2 = pure longitudinal
            const auto bin = std::min<std::size_t>(static_cast<std::size_t>(std::lround(phi / (0.5 * std::numbers::pi) * kBins)), kBins);
            radius[bin] = std::max(radius[bin], std::hypot(lat, lon));
        }
    }
    // A direction no sample fell into takes its neighbours' radius rather than a spike to 0.
    for (std::size_t b = 0; b <= kBins; ++b)
        if (radius[b] == 0.0)
            radius[b] = std::max(b > 0 ? radius[b - 1] : 0.0, b < kBins ? radius[b + 1] : 0.0);
    std::vector<EnvelopePoint> quarter;
    for (int b = 0; b <= kBins; ++b) {
        const double phi = 0.5 * std::numbers::pi * b / kBins;
        quarter.emplace_back(radius[std::size_t(b)] * std::cos(phi), radius[std::size_t(b)] * std::sin(phi));
    }
    std::vector<EnvelopePoint> out(quarter);
    for (auto it = quarter.rbegin(); it != quarter.rend(); ++it)
        out.emplace_back(-it->first, it->second);
    for (const EnvelopePoint& p : quarter)
        out.emplace_back(-p.first, -p.second);
    for (auto it = quarter.rbegin(); it != quarter.rend(); ++it)
        out.emplace_back(it->first, -it->second);
    return out;
}

namespace {

using json::text::num;
using json::text::roundSig;

/// Force / load per unit slip at zero slip (2·y_e/x_e × stiffness) above which a slow tire's force
/// reverses within one step: the PhysX default tire has about 2.7 forward and 18 sideways.
constexpr double kSteepSlope = 100.0;

/// Where a finding of these checks points the reader.
const char* const kSection = "Unity WheelFrictionCurve (docs/unity.md)";

void checkSlipOrder(const Side& k, const WheelFrictionCurve& c, std::size_t i, std::vector<TireCheck>& out)
{
    if (c.asymptoteSlip > c.extremumSlip)
        return;
    const std::string unit = k.slipUnit == std::string("rad") ? " rad" : "";
    out.push_back({"unity.slipOrder", TireCheckSeverity::Error,
                   std::string(k.name) + " asymptoteSlip " + num(c.asymptoteSlip) + unit + " is not beyond extremumSlip " +
                       num(c.extremumSlip) + unit +
                       ": the curve has no second piece and drops straight from its peak to the asymptote value, a "
                       "step the tire jumps across as it breaks away",
                   {k.asymptoteSlip(i), k.extremumSlip(i)}, "set asymptoteSlip to twice extremumSlip",
                   {{k.asymptoteSlip(i), roundSig(2.0 * c.extremumSlip, 4)}}, kSection});
}

void checkNoFriction(const Side& k, const WheelFrictionCurve& c, std::size_t i, std::vector<TireCheck>& out)
{
    const std::string what = std::string(k.name) == "forward" ? "cannot drive or brake" : "cannot corner";
    if (c.stiffness == 0.0)
        out.push_back({"unity.noFriction", TireCheckSeverity::Error,
                       std::string(k.name) + " stiffness 0: Unity's stiffness multiplies both values, so the wheel has no " +
                           k.name + " friction and " + what,
                       {k.stiffness(i)}, "set stiffness to 1", {{k.stiffness(i), 1.0}}, kSection});
    else if (c.extremumValue == 0.0)
        out.push_back({"unity.noFriction", TireCheckSeverity::Error,
                       std::string(k.name) + " extremumValue 0: no grip up to the extremum, so the wheel " + what,
                       {k.extremumValue(i)}, "set extremumValue to 1", {{k.extremumValue(i), 1.0}}, kSection});
}

void checkRising(const Side& k, const WheelFrictionCurve& c, std::size_t i, std::vector<TireCheck>& out)
{
    if (!(c.asymptoteValue > c.extremumValue) || !(c.extremumValue > 0))
        return;
    out.push_back({"unity.asymptoteAboveExtremum", TireCheckSeverity::Warning,
                   std::string(k.name) + " asymptoteValue " + num(c.asymptoteValue) + " is above extremumValue " +
                       num(c.extremumValue) +
                       ": the grip keeps growing past the 'peak', so the tire never breaks away and slides harder the "
                       "more it slips (Unity 5's curves fall to " + num(k.defaultRatio) + " of the peak)",
                   {k.asymptoteValue(i), k.extremumValue(i)},
                   "set asymptoteValue to " + num(k.defaultRatio) + " x extremumValue, as Unity's default curve",
                   {{k.asymptoteValue(i), roundSig(k.defaultRatio * c.extremumValue, 4)}}, kSection});
}

void checkSteep(const Side& k, const WheelFrictionCurve& c, std::size_t i, std::vector<TireCheck>& out)
{
    if (!(c.extremumSlip > 0 && c.stiffness > 0))
        return;
    const double slope = 2.0 * c.extremumValue * c.stiffness / c.extremumSlip;
    if (!(slope > kSteepSlope))
        return;
    const double slip = roundSig(2.0 * c.extremumValue * c.stiffness / kSteepSlope, 3);
    const std::string unit = k.slipUnit == std::string("rad") ? " rad" : "";
    TireCheck r{"unity.steepCurve", TireCheckSeverity::Warning,
                std::string(k.name) + " extremumSlip " + num(c.extremumSlip) + unit + " makes the curve rise at " +
                    num(slope) + " x load per unit slip: a slow tire's force reverses within one step and the wheel "
                    "jitters (the PhysX default tire: about 3 forward, 18 sideways)",
                {k.extremumSlip(i)}, "set extremumSlip to " + num(slip), {{k.extremumSlip(i), slip}}, kSection};
    if (c.asymptoteSlip <= slip)
        r.edits.push_back({k.asymptoteSlip(i), roundSig(2.0 * slip, 4)});
    out.push_back(std::move(r));
}

}  // namespace

std::vector<TireCheck> UnityTire::checks(const UnityTireParams& tire, std::size_t wheel)
{
    std::vector<TireCheck> out;
    for (const Side& k : kSides) {
        const WheelFrictionCurve& curve = tire.*k.curve;
        checkSlipOrder(k, curve, wheel, out);
        checkRising(k, curve, wheel, out);
        checkNoFriction(k, curve, wheel, out);
        checkSteep(k, curve, wheel, out);
    }
    return out;
}

std::vector<TireCheckInfo> UnityTire::checkCatalogue()
{
    return {
        {"unity.slipOrder", "error", "docs/unity.md",
         "a Unity curve whose asymptoteSlip is not beyond its extremumSlip; fix: twice the extremum slip"},
        {"unity.noFriction", "error", "docs/unity.md",
         "a Unity curve with stiffness or extremumValue 0: no friction in that direction; fix: 1"},
        {"unity.asymptoteAboveExtremum", "warning", "docs/unity.md",
         "a Unity curve rising after its extremum (the tire never breaks away); fix: Unity's default ratio"},
        {"unity.steepCurve", "warning", "docs/unity.md",
         "a Unity curve rising faster than 100 x load per unit slip (the force reverses within a step); fix: a "
         "larger extremumSlip"},
    };
}

}  // namespace jounce::sim
