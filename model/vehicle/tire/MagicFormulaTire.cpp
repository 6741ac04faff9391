#include "vehicle/tire/MagicFormulaTire.h"

#include "config/ParameterPaths.h"
#include "json/NumberText.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>
#include <string>

namespace jounce::sim {

using telemetry::WheelChannel;

namespace {

/// |κ'| and |tan α'| beyond which the formula is flat for any real tire: the bound keeps a wheel
/// spinning or sliding at rest from winding its deflections up without limit.
constexpr double kMaxTransientSlip = 3.0;

/// (1 − e^(−x)) / x for x ≥ 0, 1 at 0 (the exact integrator's weight of the input).
double exposure(double x) noexcept { return x > 1e-12 ? -std::expm1(-x) / x : 1.0; }

}  // namespace

TireState mfTransientSlips(const TireState& state, double longSpeed, double latSpeed, double rimSpeed,
                           const MfRelaxation& sigma, double dt) noexcept
{
    // dq/dt = (u − |v_x| q) / σ: q decays at |v_x|/σ towards u/|v_x|; over the sub-step q moves by
    // (u/σ − |v_x| q/σ)·dt·exposure, which is the exact solution and tends to u·dt/σ at rest.
    const double speed = std::abs(longSpeed);
    const auto advance = [&](double q, double input, double length) {
        const double x = speed * dt / length;
        const double next = q + (input - speed * q) / length * dt * exposure(x);
        return std::clamp(next, -kMaxTransientSlip, kMaxTransientSlip);
    };
    TireState out = state;
    out.longSlip = advance(state.longSlip, rimSpeed - longSpeed, sigma.longitudinal);
    out.latSlip = advance(state.latSlip, latSpeed, sigma.lateral);
    return out;
}

double mfLowSpeedShare(const MfLowSpeed& low, double longSpeed, double latSpeed, double rimSpeed) noexcept
{
    const double speed = std::max(std::hypot(longSpeed, latSpeed), std::abs(rimSpeed));
    const double t = std::clamp(speed / low.blendSpeed, 0.0, 1.0);
    return 1.0 - t * t * (3.0 - 2.0 * t);
}

double MagicFormulaTire::friction(const MagicFormulaTireParams&, double pairFriction, double) noexcept
{
    return pairFriction;
}

namespace {

/// Whether the wheel is mounted on the other side than the tire was measured on.
bool mirrored(const MagicFormulaTireParams& p, bool leftSide) noexcept
{
    return (p.model.tyreSide == TireSide::Left) != leftSide;
}

}  // namespace

MfResult mfMountedFormula(const MagicFormulaTireParams& p, MfSlip s, bool leftSide) noexcept
{
    if (!mirrored(p, leftSide))
        return magicFormula(p, s);
    s.alpha = -s.alpha;
    s.gamma = -s.gamma;
    MfResult r = magicFormula(p, s);
    r.fy = -r.fy;
    r.fy0 = -r.fy0;
    r.mz = -r.mz;
    return r;
}

TireForces MagicFormulaTire::forces(const MagicFormulaTireParams& p, const TireInputs& in, TireState& state, double dt) noexcept
{
    MfSlip s;
    s.load = in.filteredLoad;
    s.mu = in.friction;
    s.gamma = in.inclination;
    s.reversing = in.longSpeed < 0.0;
    // The relaxation lengths depend on the slip stiffnesses at this load, not on the slips.
    const MfStiffness atRest = mfSlipStiffnesses(p, s);
    const MfRelaxation sigma = mfRelaxationLengths(p, s.load, s.gamma, atRest.kxk, atRest.kya);
    state = mfTransientSlips(state, in.longSpeed, in.latSpeed, in.rimSpeed, sigma, dt);
    s.kappa = state.longSlip;
    s.alpha = std::atan(state.latSlip);
    const MfResult r = mfMountedFormula(p, s, in.leftSide);

    // Below blendSpeed a damper on the patch's sliding speed, tuned to the deflection spring K/σ on
    // the wheel's share of the load, keeps those springs from ringing; it fades out with speed.
    TireForces out;
    out.lowSpeedShare = mfLowSpeedShare(p.lowSpeed, in.longSpeed, in.latSpeed, in.rimSpeed);
    const double mass = s.load / in.gravity;
    const auto damping = [&](double stiffness, double length) {
        return 2.0 * p.lowSpeed.dampingRatio * std::sqrt(std::abs(stiffness) / length * mass);
    };
    double fx = r.fx, fy = r.fy;
    if (out.lowSpeedShare > 0.0) {
        fx -= out.lowSpeedShare * damping(atRest.kxk, sigma.longitudinal) * (in.longSpeed - in.rimSpeed);
        fy -= out.lowSpeedShare * damping(atRest.kya, sigma.lateral) * in.latSpeed;
        // Neither the spring nor its damper may hold more than the road gives.
        const double limitX = std::abs(r.muX) * s.load, limitY = std::abs(r.muY) * s.load;
        fx = std::clamp(fx, -limitX, limitX);
        fy = std::clamp(fy, -limitY, limitY);
    }
    out.longForce = fx;
    out.latForce = fy;
    out.aligningMoment = r.mz;
    out.wheelTorque = -fx * in.wheelRadius;
    out.ownSlips = true;
    out.longSlip = s.kappa;
    out.latSlip = s.alpha;
    return out;
}

// ---- curves and envelope ---------------------------------------------------------------------

namespace {

/// The loads the force-vs-slip curves are drawn at, as multiples of the nominal load.
constexpr std::array<double, 3> kLoadFactors{0.5, 1.0, 1.5};

MfSlip nominalSlip(const MagicFormulaTireParams& p, double loadFactor)
{
    MfSlip s;
    s.load = p.operating.FNOMIN * loadFactor;
    return s;
}

std::string loadLabel(double factor, double fnomin)
{
    return json::text::num(json::text::roundSig(factor * fnomin, 3)) + " N";
}

/// The operating point of a wheel from its frame: slip against force over the load, or nothing in
/// the air.
std::function<std::optional<std::pair<double, double>>(const telemetry::Frame&)>
operatingPoint(std::size_t wheel, WheelChannel slip, WheelChannel force)
{
    const int w = static_cast<int>(wheel);
    return [w, slip, force](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
        if (f.wheel(WheelChannel::InAir, w) > 0.5)
            return std::nullopt;
        return std::pair{f.wheel(slip, w), f.wheel(force, w) * f.wheel(WheelChannel::TireFriction, w)};
    };
}

/// One direction of pure slip: which slip it sweeps, how far, and the channels of its live point.
struct PureSlipAxis {
    const char* id;
    const char* title;
    TireCurveAxis x;
    TireCurveAxis y;
    double range;  ///< the slip is swept over ±range
    bool lateral;
    WheelChannel slip;
    WheelChannel force;
};

const PureSlipAxis kLongitudinalAxis{"mfLongitudinal", "Fx / Fz vs slip ratio (pure slip)", {"slip ratio", "1"},
                                     {"Fx / Fz", "1"}, 0.6, false, WheelChannel::LongSlip, WheelChannel::NormLongForce};
const PureSlipAxis kLateralAxis{"mfLateral", "Fy / Fz vs slip angle (pure slip)", {"slip angle", "rad"},
                                {"Fy / Fz", "1"}, 0.35, true, WheelChannel::LatSlip, WheelChannel::NormLatForce};

/// The force over the load against one slip at each of kLoadFactors; the nominal load's line leads.
TireCurve pureSlipCurve(const MagicFormulaTireParams& p, std::size_t wheel, const PureSlipAxis& a)
{
    TireCurve c;
    c.id = a.id;
    c.title = a.title;
    c.x = a.x;
    c.y = a.y;
    for (const double factor : kLoadFactors) {
        TireCurveLine line{loadLabel(factor, p.operating.FNOMIN), {}};
        MfSlip s = nominalSlip(p, factor);
        for (int i = -100; i <= 100; ++i) {
            const double slip = a.range * i / 100.0;
            (a.lateral ? s.alpha : s.kappa) = slip;
            const MfResult r = magicFormula(p, s);
            line.points.push_back({slip, (a.lateral ? r.fy0 : r.fx0) / s.load});
        }
        c.lines.push_back(std::move(line));
    }
    c.line = c.lines[1].points;
    c.handlesName = c.lines[1].name;
    c.operating = operatingPoint(wheel, a.slip, a.force);
    return c;
}

/// The largest |force| over slip at `load`: the pure-slip peak, searched on a grid.
std::pair<double, double> peakForces(const MagicFormulaTireParams& p, double load)
{
    double fx = 0.0, fy = 0.0;
    MfSlip s;
    s.load = load;
    for (int i = 1; i <= 200; ++i) {
        s.kappa = 0.005 * i;
        s.alpha = 0.0;
        fx = std::max(fx, std::abs(magicFormula(p, s).fx0));
        s.kappa = 0.0;
        s.alpha = 0.0025 * i;
        fy = std::max(fy, std::abs(magicFormula(p, s).fy0));
    }
    return {fx, fy};
}

TireCurve loadCurve(const MagicFormulaTireParams& p, std::size_t wheel)
{
    TireCurve c;
    c.id = "mfLoad";
    c.title = "Peak force vs load (load sensitivity)";
    c.x = {"load", "N"};
    c.y = {"peak force", "N"};
    TireCurveLine fx{"Fx", {}}, fy{"Fy", {}};
    for (int i = 1; i <= 60; ++i) {
        const double load = p.operating.FNOMIN * 2.5 * i / 60.0;
        const auto [x, y] = peakForces(p, load);
        fx.points.push_back({load, x});
        fy.points.push_back({load, y});
    }
    c.lines = {fx, fy};
    c.line = fy.points;
    c.handlesName = "Fy";
    const int w = static_cast<int>(wheel);
    c.operating = [w](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
        if (f.wheel(WheelChannel::InAir, w) > 0.5)
            return std::nullopt;
        const double load = f.wheel(WheelChannel::TireLoad, w);
        const double scale = load * f.wheel(WheelChannel::TireFriction, w);
        return std::pair{load, std::hypot(f.wheel(WheelChannel::NormLongForce, w), f.wheel(WheelChannel::NormLatForce, w)) * scale};
    };
    return c;
}

TireCurve ellipseCurve(const MagicFormulaTireParams& p, std::size_t wheel)
{
    TireCurve c;
    c.id = "mfEllipse";
    c.title = "Combined slip: Fx / Fz vs Fy / Fz at the nominal load";
    c.x = {"Fy / Fz", "1"};
    c.y = {"Fx / Fz", "1"};
    TireCurveLine outline{"envelope", {}};
    for (const EnvelopePoint& e : MagicFormulaTire::frictionEnvelope(p))
        outline.points.push_back(e);
    c.lines.push_back(std::move(outline));
    c.line = c.lines[0].points;
    c.handlesName = "envelope";
    const int w = static_cast<int>(wheel);
    c.operating = [w](const telemetry::Frame& f) -> std::optional<std::pair<double, double>> {
        if (f.wheel(WheelChannel::InAir, w) > 0.5)
            return std::nullopt;
        const double mu = f.wheel(WheelChannel::TireFriction, w);
        return std::pair{f.wheel(WheelChannel::NormLatForce, w) * mu, f.wheel(WheelChannel::NormLongForce, w) * mu};
    };
    return c;
}

}  // namespace

std::vector<TireCurve> MagicFormulaTire::curves(const MagicFormulaTireParams& tire, std::size_t wheel)
{
    return {pureSlipCurve(tire, wheel, kLongitudinalAxis), pureSlipCurve(tire, wheel, kLateralAxis), loadCurve(tire, wheel),
            ellipseCurve(tire, wheel)};
}

std::vector<EnvelopePoint> MagicFormulaTire::frictionEnvelope(const MagicFormulaTireParams& tire)
{
    // The combined forces over a grid of slip ratios and angles at the nominal load: the largest
    // radius per force direction, as (lateral, longitudinal) over the load. The grid is quadratic,
    // dense near zero slip: the force turns from one axis to the other within a few hundredths of
    // slip ratio (a slip stiffness of 20 loads per unit), which an even grid of slip directions
    // steps over, leaving directions without a sample (spokes to the origin).
    constexpr int kBins = 144;
    constexpr int kSteps = 48;
    std::array<double, kBins> radius{};
    MfSlip s = nominalSlip(tire, 1.0);
    const auto graded = [](int i, double extent) { return extent * (i < 0 ? -1.0 : 1.0) * double(i * i) / (kSteps * kSteps); };
    for (int i = -kSteps; i <= kSteps; ++i)
        for (int j = -kSteps; j <= kSteps; ++j) {
            s.kappa = graded(i, 1.0);
            s.alpha = graded(j, 0.6);
            const MfResult r = magicFormula(tire, s);
            const double lat = r.fy / s.load, lon = r.fx / s.load;
            const double phi = std::atan2(lon, lat) + std::numbers::pi;
            const auto bin = std::min<std::size_t>(static_cast<std::size_t>(phi / (2.0 * std::numbers::pi) * kBins), kBins - 1);
            radius[bin] = std::max(radius[bin], std::hypot(lat, lon));
        }
    // A direction no sample fell into takes the smaller radius of the nearest sampled ones on
    // either side rather than a spike to 0.
    std::array<double, kBins> sampled = radius;
    for (std::size_t b = 0; b < kBins; ++b) {
        if (sampled[b] > 0.0)
            continue;
        double before = 0.0, after = 0.0;
        for (std::size_t k = 1; k < kBins && (before == 0.0 || after == 0.0); ++k) {
            before = before > 0.0 ? before : sampled[(b + kBins - k) % kBins];
            after = after > 0.0 ? after : sampled[(b + k) % kBins];
        }
        radius[b] = std::min(before, after);
    }
    std::vector<EnvelopePoint> out;
    for (int b = 0; b <= kBins; ++b) {
        const double phi = 2.0 * std::numbers::pi * (b % kBins + 0.5) / kBins - std::numbers::pi;
        const double r = radius[std::size_t(b % kBins)];
        out.emplace_back(r * std::cos(phi), r * std::sin(phi));
    }
    return out;
}

// ---- checks ----------------------------------------------------------------------------------

namespace {

const char* const kSection = "Magic Formula tire (docs/tires.md)";

}  // namespace

std::vector<TireCheck> MagicFormulaTire::checks(const MagicFormulaTireParams& tire, std::size_t wheel)
{
    namespace mf = config::param::wheels::tire::magicFormula;
    std::vector<TireCheck> out;
    const MfSlip s = nominalSlip(tire, 1.0);
    const MfResult r = magicFormula(tire, s);
    if (r.kya > 0.0)
        out.push_back({"mf.corneringStiffnessSign", TireCheckSeverity::Error,
                       "the cornering stiffness at the nominal load is positive (" + json::text::num(json::text::roundSig(r.kya, 3)) +
                           " N/rad): in ISO-W a tire's side force opposes its slip angle, so PKY1 must be negative; "
                           "this set pushes the car into the slide (a coefficient set in another sign convention?)",
                       {mf::lateral::PKY1(wheel)}, "negate PKY1", {{mf::lateral::PKY1(wheel), -tire.lateral.PKY1}}, kSection});
    if (!(r.muX > 0.0) || !(r.muY > 0.0))
        out.push_back({"mf.noFriction", TireCheckSeverity::Error,
                       "the peak friction at the nominal load is not positive (Mux " + json::text::num(json::text::roundSig(r.muX, 3)) +
                           ", Muy " + json::text::num(json::text::roundSig(r.muY, 3)) + "): the tire cannot drive, brake or corner",
                       {mf::longitudinal::PDX1(wheel), mf::lateral::PDY1(wheel)}, "", {}, kSection});
    return out;
}

std::vector<TireCheckInfo> MagicFormulaTire::checkCatalogue()
{
    return {
        {"mf.corneringStiffnessSign", "error", "docs/tires.md",
         "a Magic Formula tire whose cornering stiffness is positive (PKY1 of another sign convention); fix: negate PKY1"},
        {"mf.noFriction", "error", "docs/tires.md", "a Magic Formula tire without peak friction at its nominal load"},
    };
}

}  // namespace jounce::sim
