// The static checks. Each one reads the vehicle, compares it with the tuning guide's advice as the
// spec summarises it (§1, §1.19), and explains what the departure does in the simulation. Numbers
// in the reasons are the vehicle's own; fixes are plain registry edits.

#include "StaticChecks.h"

#include "DoctorText.h"
#include "config/TuningGuide.h"
#include "telemetry/Channels.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

namespace jounce::doctor {
namespace {

using config::Json;
using text::num;
using text::pct;
using text::roundSig;

// ---- thresholds, each with the guide's reason --------------------------------------------------

/// §1.3 / §1.19: at least 5 updates per spring period sqrt(m_s / k); below 1 the explicit spring
/// integration is at the edge of stability (ω h = 1, it diverges at 2), not merely jittery.
constexpr double kMinAlpha = 5.0;
constexpr double kUnstableAlpha = 1.0;
/// §1.3 / §1.19: damping ratio 0.8-1.2 suggested; a factor of two outside that band is "far".
constexpr double kDampingLow = 0.8;
constexpr double kDampingHigh = 1.2;
constexpr double kDampingFarLow = 0.4;
constexpr double kDampingFarHigh = 2.4;
/// Band edges are compared with this relative slack: files hold rates rounded to a few digits
/// (a damper computed for ratio 0.8 and rounded to 1 N s/m reads 0.79998).
constexpr double kBandSlack = 0.005;
/// §1.3: the theoretically correct spring has k·maxDroop = m_s·g. PhysX does not require it and
/// the reference car itself is 14-18 % off, so the doctor speaks up only when the force left at
/// full droop (or the spring's pull beyond its free length) exceeds half the sprung weight: then
/// the wheel drops off the ground with a load step of more than half its static load, or hangs
/// unloaded over more than a third of its droop travel.
constexpr double kSpringDroopTolerance = 0.5;
/// §2.5 / §5: PhysX's checked build warns when the sprung masses miss the body mass by 1 %; the
/// centre of the sprung masses is held to 1 % of the wheel base and track likewise.
constexpr double kSprungMassTolerance = 0.01;
/// §1.9: keep the switch time well below the autobox latency. "Clearly above" is read as twice the
/// switch time; the fix restores the spec defaults' proportion (0.5 s switch, 2.0 s latency).
constexpr double kLatencyClearFactor = 2.0;
constexpr double kLatencyFixFactor = 4.0;
constexpr double kLatencyFixMinimum = 0.5;
/// §1.2 / §1.8: damping rates 0.25-2 (wheels) and 0.25-3 (engine), never 0. A rate is "tiny" when
/// a free-spinning wheel or engine would need more than a minute to lose two thirds of its speed
/// (time constant I / c); the fix aims at 30 s at most, and never below the guide's values.
constexpr double kTinyDampingTimeConstant = 60.0;
constexpr double kFixDampingTimeConstant = 30.0;
/// §1.15: values above 1 are allowed for grippy tires; above 2 is more than any tire on any road.
constexpr double kMaxFriction = 2.0;
/// §1.1: the box formula is a starting point; a factor 2 off is worth a look, a factor 5 is wrong.
constexpr double kMoiAdviceFactor = 2.0;
constexpr double kMoiWarningFactor = 5.0;
/// §1.12: typical left/right splits (the registry's typical range); 5 % of the drive torque on one
/// axle is treated as none when advising a 2WD type.
constexpr double kSplitTypicalMin = 0.4;
constexpr double kSplitTypicalMax = 0.6;
constexpr double kAxleShareNegligible = 0.05;
/// §1.19: biases about 1.3 is the guide's value, used when a bias below 1 has to be repaired.
constexpr double kGuideBias = 1.3;

std::string wheelPath(std::size_t i, const std::string& rest)
{
    return "wheels[" + std::to_string(i) + "]." + rest;
}

std::string label(std::size_t i)
{
    return telemetry::wheelLabel(static_cast<int>(i));
}

bool outsideBand(double v, double lo, double hi)
{
    return v < lo * (1.0 - kBandSlack) || v > hi * (1.0 + kBandSlack);
}

/// Per-wheel results with the same severity and words are reported once for all those wheels
/// ("FL, FR: ..."), so a symmetric car gets one finding per axle instead of one per wheel.
struct WheelResult {
    std::size_t wheel = 0;
    Severity severity = Severity::Advice;
    std::string text;                 ///< the reason without the wheel names
    std::vector<std::string> parameters;
    std::string fixSummary;           ///< empty: no fix
    std::vector<Assignment> edits;
};

void mergeWheelResults(const std::string& id, const std::string& section, std::vector<WheelResult> results,
                       std::vector<Finding>& out)
{
    std::vector<bool> used(results.size(), false);
    for (std::size_t a = 0; a < results.size(); ++a) {
        if (used[a])
            continue;
        Finding f;
        f.id = id;
        f.severity = results[a].severity;
        f.guideSection = section;
        std::string names;
        Fix fix;
        fix.summary = results[a].fixSummary;
        for (std::size_t b = a; b < results.size(); ++b) {
            if (used[b] || results[b].severity != results[a].severity || results[b].text != results[a].text ||
                results[b].fixSummary != results[a].fixSummary)
                continue;
            used[b] = true;
            names += (names.empty() ? "" : ", ") + label(results[b].wheel);
            for (const std::string& p : results[b].parameters)
                if (std::find(f.parameters.begin(), f.parameters.end(), p) == f.parameters.end())
                    f.parameters.push_back(p);
            for (const Assignment& e : results[b].edits)
                if (std::none_of(fix.edits.begin(), fix.edits.end(), [&](const Assignment& x) { return x.path == e.path; }))
                    fix.edits.push_back(e);
        }
        f.reason = names + ": " + results[a].text;
        if (!fix.summary.empty() && !fix.edits.empty())
            f.fix = std::move(fix);
        out.push_back(std::move(f));
    }
}

bool hasEngine(const VehicleConfig& c)
{
    return c.drive.type != DriveType::None;
}

Finding finding(std::string id, Severity severity, std::vector<std::string> parameters, std::string reason,
                std::string section, std::optional<Fix> fix = std::nullopt)
{
    Finding f;
    f.id = std::move(id);
    f.severity = severity;
    f.parameters = std::move(parameters);
    f.reason = std::move(reason);
    f.guideSection = std::move(section);
    f.fix = std::move(fix);
    return f;
}

// ---- suspension --------------------------------------------------------------------------------

void checkAlpha(const VehicleConfig& c, std::vector<Finding>& out)
{
    const SimulationConfig& s = c.simulation;
    const double dt = s.timeStep;
    if (!(dt > 0))
        return;
    // The suspension is integrated once per sub-step, so the fewest sub-steps (normally the
    // high-speed count, 1) decide how many updates a spring period spans.
    const int fewest = std::max(1, std::min(s.lowForwardSpeedSubStepCount, s.highForwardSpeedSubStepCount));
    const double h = dt / fewest;
    double worst = kMinAlpha;
    std::size_t worstWheel = 0;
    std::vector<std::size_t> low;
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        const SuspensionData& su = c.wheels[i].suspension;
        if (!(su.springStrength > 0 && su.sprungMass > 0))
            continue;
        const double a = guide::alpha(su.springStrength, su.sprungMass, h);
        if (a < kMinAlpha) {
            low.push_back(i);
            if (a < worst) {
                worst = a;
                worstWheel = i;
            }
        }
    }
    if (low.empty())
        return;
    const SuspensionData& w = c.wheels[worstWheel].suspension;
    Finding f;
    f.id = "suspension.alpha";
    f.severity = worst < kUnstableAlpha ? Severity::Error : Severity::Warning;
    f.guideSection = "§1.3 PxVehicleSuspensionData (stability ratio), §1.7 sub-steps";
    std::string names;
    for (std::size_t i : low) {
        names += (names.empty() ? "" : ", ") + label(i);
        f.parameters.push_back(wheelPath(i, "suspension.springStrength"));
        f.parameters.push_back(wheelPath(i, "suspension.sprungMass"));
    }
    for (const char* p : {"simulation.timeStep", "simulation.lowForwardSpeedSubStepCount",
                          "simulation.highForwardSpeedSubStepCount"})
        f.parameters.push_back(p);
    f.reason = names + ": the spring's period sqrt(m_s / k) = " + num(std::sqrt(w.sprungMass / w.springStrength)) +
               " s (" + label(worstWheel) + ": " + num(w.sprungMass) + " kg on " + num(w.springStrength) +
               " N/m) spans only " + num(worst) + " suspension updates of " + num(h) + " s (time step " + num(dt) +
               " s, " + std::to_string(fewest) + " sub-step" + (fewest == 1 ? "" : "s") +
               " at the lowest count); the guide wants more than 5, else the suspension jitters" +
               (worst < kUnstableAlpha ? " and the spring integration is close to blowing up" : "");
    // The fix keeps the vehicle as tuned and integrates it finer: enough sub-steps at every speed.
    int n = fewest;
    while (n <= 100 && guide::alpha(w.springStrength, w.sprungMass, dt / n) < kMinAlpha)
        ++n;
    if (n <= 100) {
        Fix fix;
        fix.summary = "use at least " + std::to_string(n) + " sub-steps at every speed, so the stiffest spring spans " +
                      num(guide::alpha(w.springStrength, w.sprungMass, dt / n)) + " updates";
        if (s.lowForwardSpeedSubStepCount < n)
            fix.edits.push_back({"simulation.lowForwardSpeedSubStepCount", n});
        if (s.highForwardSpeedSubStepCount < n)
            fix.edits.push_back({"simulation.highForwardSpeedSubStepCount", n});
        f.fix = std::move(fix);
    }
    out.push_back(std::move(f));
}

void checkDampingRatio(const VehicleConfig& c, std::vector<Finding>& out)
{
    std::vector<WheelResult> results;
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        const SuspensionData& s = c.wheels[i].suspension;
        if (!(s.springStrength > 0 && s.sprungMass > 0 && s.springDamperRate >= 0))
            continue;
        const double zeta = guide::dampingRatio(s.springDamperRate, s.springStrength, s.sprungMass);
        if (!outsideBand(zeta, kDampingLow, kDampingHigh))
            continue;
        const bool low = zeta < kDampingLow;
        WheelResult r;
        r.wheel = i;
        r.severity = outsideBand(zeta, kDampingFarLow, kDampingFarHigh) ? Severity::Warning : Severity::Advice;
        r.text = "damping ratio c / (2 sqrt(k m_s)) = " + num(zeta) + " (damper " + num(s.springDamperRate) +
                 " N s/m, spring " + num(s.springStrength) + " N/m, sprung mass " + num(s.sprungMass) + " kg) is " +
                 (low ? "below" : "above") + " the guide's 0.8-1.2" +
                 (low ? ": the body keeps bouncing after every bump and the tire load with it"
                      : ": the damper is so stiff that the wheel follows the road slowly and bumps reach the body");
        r.parameters = {wheelPath(i, "suspension.springDamperRate"), wheelPath(i, "suspension.springStrength"),
                        wheelPath(i, "suspension.sprungMass")};
        const double target = low ? kDampingLow : kDampingHigh;
        r.fixSummary = std::string("set the damper rate for damping ratio ") + num(target);
        r.edits = {{wheelPath(i, "suspension.springDamperRate"),
                    roundSig(2.0 * target * std::sqrt(s.springStrength * s.sprungMass), 6)}};
        results.push_back(std::move(r));
    }
    mergeWheelResults("suspension.dampingRatio", "§1.3 PxVehicleSuspensionData (damping ratio), §1.19", results, out);
}

void checkSpringDroop(const VehicleConfig& c, std::vector<Finding>& out)
{
    std::vector<WheelResult> results;
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        const SuspensionData& s = c.wheels[i].suspension;
        if (!(s.springStrength > 0 && s.sprungMass > 0 && s.maxDroop >= 0 && s.maxCompression + s.maxDroop > 0))
            continue;
        const double weight = s.sprungMass * kGravity;
        const double droopForce = guide::springDroopForce(s);  // k·maxDroop − m_s·g
        if (std::fabs(droopForce) <= kSpringDroopTolerance * weight)
            continue;
        const double freeDroop = weight / s.springStrength;  // where the spring force reaches zero
        WheelResult r;
        r.wheel = i;
        r.severity = Severity::Advice;
        if (droopForce < 0)
            r.text = "at full droop (" + num(s.maxDroop) + " m) the spring still pushes with " + num(-droopForce) +
                     " N, " + pct(-droopForce / weight) + " of the sprung weight m_s g = " + num(weight) +
                     " N, so the wheel drops off the ground with a load step instead of unloading gradually; the "
                     "theoretically correct spring has k x maxDroop = m_s x g (no force at full droop), here maxDroop " +
                     num(freeDroop) + " m";
        else
            r.text = "the spring force reaches zero " + num(freeDroop) + " m below rest but the wheel may droop " +
                     num(s.maxDroop) + " m: over the last " + num(s.maxDroop - freeDroop) +
                     " m the tire touches the ground with no spring load (the load filter still grants it grip); the "
                     "theoretically correct spring has k x maxDroop = m_s x g";
        r.parameters = {wheelPath(i, "suspension.maxDroop"), wheelPath(i, "suspension.springStrength"),
                        wheelPath(i, "suspension.sprungMass")};
        r.fixSummary = "set maxDroop to m_s g / k, the theoretically correct droop (the spring rate stays)";
        r.edits = {{wheelPath(i, "suspension.maxDroop"), roundSig(freeDroop, 6)}};
        results.push_back(std::move(r));
    }
    mergeWheelResults("suspension.theoreticalSpring", "§1.3 PxVehicleSuspensionData (k x maxDroop = m_s x g)", results, out);
}

void checkTravel(const VehicleConfig& c, std::vector<Finding>& out)
{
    std::vector<WheelResult> results;
    const SuspensionData defaults;
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        const SuspensionData& s = c.wheels[i].suspension;
        if (s.maxCompression + s.maxDroop > 0)
            continue;
        WheelResult r;
        r.wheel = i;
        r.severity = Severity::Error;
        r.text = "maxCompression + maxDroop = " + num(s.maxCompression + s.maxDroop) +
                 " m: the suspension cannot move, so the wheel is either on its compression limit or in the air and "
                 "the spring never carries the car (PhysX rejects it)";
        r.parameters = {wheelPath(i, "suspension.maxCompression"), wheelPath(i, "suspension.maxDroop")};
        r.fixSummary = "give the suspension the spec's default travel (" + num(defaults.maxCompression) +
                       " m compression, " + num(defaults.maxDroop) + " m droop)";
        r.edits = {{wheelPath(i, "suspension.maxCompression"), defaults.maxCompression},
                   {wheelPath(i, "suspension.maxDroop"), defaults.maxDroop}};
        results.push_back(std::move(r));
    }
    mergeWheelResults("suspension.travel", "§1.3 PxVehicleSuspensionData (setter: compression or droop > 0)", results, out);
}

void checkSprungMasses(const VehicleConfig& c, std::vector<Finding>& out)
{
    const std::size_t n = c.wheels.size();
    const double mass = c.chassis.mass;
    if (n == 0 || !(mass > 0))
        return;
    double sum = 0, mx = 0, my = 0;
    double xMin = INFINITY, xMax = -INFINITY, yMin = INFINITY, yMax = -INFINITY;
    for (const WheelConfig& w : c.wheels) {
        const Vec3& p = w.geometry.wheelCentreOffset;
        sum += w.suspension.sprungMass;
        mx += w.suspension.sprungMass * p.x;
        my += w.suspension.sprungMass * p.y;
        xMin = std::min(xMin, p.x);
        xMax = std::max(xMax, p.x);
        yMin = std::min(yMin, p.y);
        yMax = std::max(yMax, p.y);
    }
    const Vec3& com = c.chassis.cmOffset;
    const bool massOff = std::fabs(sum - mass) > kSprungMassTolerance * mass;
    bool centreOff = false;
    double cx = 0, cy = 0;
    if (sum > 0) {
        cx = mx / sum;
        cy = my / sum;
        // One wheel, or wheels in a line, cannot place a centre across that line (§5 n = 1, 2).
        if (n >= 2 && xMax - xMin > 1e-6 && std::fabs(cx - com.x) > kSprungMassTolerance * (xMax - xMin))
            centreOff = true;
        if (n >= 3 && yMax - yMin > 1e-6 && std::fabs(cy - com.y) > kSprungMassTolerance * (yMax - yMin))
            centreOff = true;
    }
    if (!massOff && !centreOff)
        return;

    Finding f;
    f.id = "chassis.sprungMasses";
    f.severity = Severity::Warning;
    f.guideSection = "§5 sprung masses, §2.5 jounce at rest";
    for (std::size_t i = 0; i < n; ++i)
        f.parameters.push_back(wheelPath(i, "suspension.sprungMass"));
    for (const char* p : {"chassis.mass", "chassis.cmOffset[0]", "chassis.cmOffset[1]"})
        f.parameters.push_back(p);
    std::string what;
    if (massOff)
        what = "the sprung masses sum to " + num(sum) + " kg but the chassis mass is " + num(mass) + " kg (" +
               pct(std::fabs(sum - mass) / mass) + " off)";
    if (centreOff)
        what += std::string(what.empty() ? "" : "; ") + "their centre is at x " + num(cx) + " m, y " + num(cy) +
                " m but the centre of mass is at x " + num(com.x) + " m, y " + num(com.y) + " m";
    f.reason = what + ": the springs do not carry the body at zero jounce, so it rests " +
               (massOff && sum < mass ? "low" : massOff ? "high" : "tilted") +
               " and every wheel's travel and load differ from what was tuned (the guide's jittery-vehicle check)";

    const guide::SprungMasses masses = guide::computeSprungMasses(c);
    if (!masses.ok()) {
        f.reason += "; the masses cannot be recomputed: " + masses.error;
    } else if (std::any_of(masses.masses.begin(), masses.masses.end(), [](double m) { return !(m > 0); })) {
        f.reason += "; the centre of mass lies so far out that spec §5 gives a wheel no positive mass: move the centre of "
                    "mass or the wheels";
    } else {
        Fix fix;
        fix.summary = "recompute the sprung masses from the chassis mass and centre of mass (spec §5), keeping each "
                      "spring's natural frequency and damping ratio";
        for (std::size_t i = 0; i < n; ++i) {
            const SuspensionData& s = c.wheels[i].suspension;
            const double m = roundSig(masses.masses[i], 6);
            fix.edits.push_back({wheelPath(i, "suspension.sprungMass"), m});
            if (s.sprungMass > 0) {
                // §1.3 setMassAndPreserveNaturalFrequency scales k with the mass; scaling the damper
                // too keeps c / (2 sqrt(k m)) as tuned.
                const double scale = m / s.sprungMass;
                fix.edits.push_back({wheelPath(i, "suspension.springStrength"), roundSig(s.springStrength * scale, 6)});
                fix.edits.push_back({wheelPath(i, "suspension.springDamperRate"), roundSig(s.springDamperRate * scale, 6)});
            }
        }
        f.fix = std::move(fix);
    }
    out.push_back(std::move(f));
}

// ---- wheels --------------------------------------------------------------------------------------

void checkWheelDamping(const VehicleConfig& c, std::vector<Finding>& out)
{
    std::vector<WheelResult> results;
    const double guideRate = WheelData{}.dampingRate;  // 0.25, the guide's lower value
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        const WheelData& w = c.wheels[i].wheel;
        if (!(w.moi > 0) || w.dampingRate * kTinyDampingTimeConstant >= w.moi)
            continue;
        WheelResult r;
        r.wheel = i;
        r.severity = w.dampingRate > 0 ? Severity::Warning : Severity::Error;
        r.text = w.dampingRate > 0
                     ? "bearing damping " + num(w.dampingRate) + " N m s/rad on a " + num(w.moi) +
                           " kg m^2 wheel is tiny: a free-spinning wheel needs " + num(w.moi / w.dampingRate) +
                           " s to lose two thirds of its speed (the guide: 0.25-2, caution with very small rates)"
                     : "bearing damping 0: a free-spinning wheel never slows down (the guide: never exactly 0)";
        r.parameters = {wheelPath(i, "wheel.dampingRate"), wheelPath(i, "wheel.moi")};
        const double rate = roundSig(std::max(guideRate, w.moi / kFixDampingTimeConstant), 3);
        r.fixSummary = "set the wheel damping rate to " + num(rate) + " N m s/rad";
        r.edits = {{wheelPath(i, "wheel.dampingRate"), rate}};
        results.push_back(std::move(r));
    }
    mergeWheelResults("wheel.dampingRate", "§1.2 PxVehicleWheelData (damping rate)", results, out);
}

void checkHandbrakeAndSteer(const VehicleConfig& c, std::vector<Finding>& out)
{
    if (c.drive.type != DriveType::FourWheel || c.wheels.size() < 4)
        return;
    std::vector<WheelResult> handbrake, steer;
    for (std::size_t i = 0; i < 2; ++i) {
        const WheelData& w = c.wheels[i].wheel;
        if (w.maxHandBrakeTorque > 0)
            handbrake.push_back({i, Severity::Advice,
                                 "a front handbrake (" + num(w.maxHandBrakeTorque) +
                                     " N m) locks the steered wheels, so the car ploughs straight on instead of "
                                     "turning; the guide puts the handbrake on the rear wheels only (4000 N m rear, 0 front)",
                                 {wheelPath(i, "wheel.maxHandBrakeTorque")}, "remove the front handbrake",
                                 {{wheelPath(i, "wheel.maxHandBrakeTorque"), 0.0}}});
    }
    for (std::size_t i = 2; i < 4; ++i) {
        const WheelData& w = c.wheels[i].wheel;
        if (w.maxSteer != 0)
            steer.push_back({i, Severity::Advice,
                             "the rear wheels of a 4W car steer " + num(radiansToDegrees(std::fabs(w.maxSteer))) +
                                 " deg at full lock, opposite to the front (spec §2.14), which tightens every turn and "
                                 "makes the car twitchy at speed; the guide steers the front wheels only",
                             {wheelPath(i, "wheel.maxSteer")}, "stop the rear wheels steering",
                             {{wheelPath(i, "wheel.maxSteer"), 0.0}}});
    }
    mergeWheelResults("wheel.frontHandbrake", "§1.2 PxVehicleWheelData (handbrake), §1.19", handbrake, out);
    mergeWheelResults("wheel.rearSteer", "§1.2 PxVehicleWheelData (max steer), §2.14", steer, out);
}

void checkAntiRollBars(const VehicleConfig& c, std::vector<Finding>& out)
{
    const int n = static_cast<int>(c.wheels.size());
    auto pos = [&](int i) { return c.wheels[static_cast<std::size_t>(i)].geometry.wheelCentreOffset; };
    auto radius = [&](int i) { return c.wheels[static_cast<std::size_t>(i)].wheel.radius; };
    // Wheels of one axle share their x to well within a wheel radius and sit on opposite sides.
    auto sameAxle = [&](int a, int b) {
        const double tol = 0.5 * std::max({radius(a), radius(b), 0.1});
        return std::fabs(pos(a).x - pos(b).x) <= tol && pos(a).y * pos(b).y < 0;
    };
    std::set<std::pair<int, int>> pairs;
    for (const AntiRollBarConfig& bar : c.antiRollBars)
        pairs.insert({std::min(bar.wheel0, bar.wheel1), std::max(bar.wheel0, bar.wheel1)});
    for (std::size_t b = 0; b < c.antiRollBars.size(); ++b) {
        const AntiRollBarConfig& bar = c.antiRollBars[b];
        if (bar.wheel0 < 0 || bar.wheel1 < 0 || bar.wheel0 >= n || bar.wheel1 >= n || bar.wheel0 == bar.wheel1)
            continue;  // validation reports these
        if (sameAxle(bar.wheel0, bar.wheel1))
            continue;
        const std::string p = "antiRollBars[" + std::to_string(b) + "].";
        Finding f;
        f.id = "antiRollBar.axle";
        f.severity = Severity::Warning;
        f.guideSection = "§1.4 PxVehicleAntiRollBarData";
        f.parameters = {p + "wheel0", p + "wheel1"};
        const bool sameSide = pos(bar.wheel0).y * pos(bar.wheel1).y >= 0;
        f.reason = "anti-roll bar " + std::to_string(b) + " joins " + label(static_cast<std::size_t>(bar.wheel0)) + " and " +
                   label(static_cast<std::size_t>(bar.wheel1)) + ", which are not the left and right wheel of one axle (" +
                   (sameSide ? "they are on the same side" : "x " + num(pos(bar.wheel0).x) + " m and " + num(pos(bar.wheel1).x) + " m") +
                   "): it resists pitch or warp instead of roll, and the balance the guide tunes with bars "
                   "(stiffer rear: less under-steer, stiffer front: less over-steer) is lost";
        // The fix keeps wheel0 and joins it to the wheel across its own axle, if there is exactly one.
        int partner = -1, candidates = 0;
        for (int j = 0; j < n; ++j)
            if (j != bar.wheel0 && sameAxle(bar.wheel0, j)) {
                partner = j;
                ++candidates;
            }
        if (candidates == 1 && !pairs.count({std::min(bar.wheel0, partner), std::max(bar.wheel0, partner)}))
            f.fix = Fix{"join " + label(static_cast<std::size_t>(bar.wheel0)) + " to " +
                            label(static_cast<std::size_t>(partner)) + ", the other wheel of its axle",
                        {{p + "wheel1", partner}}};
        out.push_back(std::move(f));
    }
}

// ---- chassis -----------------------------------------------------------------------------------

void checkMomentOfInertia(const VehicleConfig& c, std::vector<Finding>& out)
{
    const ChassisConfig& ch = c.chassis;
    const Vec3& d = ch.dimensions;
    if (!(ch.mass > 0 && d.x > 0 && d.y > 0 && d.z > 0))
        return;
    const Vec3 box = guide::boxMomentOfInertia(ch.mass, d);
    const double moi[3] = {ch.moi.x, ch.moi.y, ch.moi.z};
    const double est[3] = {box.x, box.y, box.z};
    const char* axis[3] = {"roll", "pitch", "yaw"};
    double worstFactor = 1.0;
    std::string details;
    for (int k = 0; k < 3; ++k) {
        if (!(moi[k] > 0))
            continue;  // validation: must be > 0
        const double ratio = moi[k] / est[k];
        const double factor = std::max(ratio, 1.0 / ratio);
        if (factor > kMoiAdviceFactor * (1.0 + kBandSlack)) {
            details += std::string(details.empty() ? "" : "; ") + axis[k] + " " + num(moi[k]) + " kg m^2 is " +
                       num(ratio) + " x the box's " + num(est[k]);
            worstFactor = std::max(worstFactor, factor);
        }
    }
    if (details.empty())
        return;
    Finding f;
    f.id = "chassis.moi";
    f.severity = worstFactor > kMoiWarningFactor ? Severity::Warning : Severity::Advice;
    f.guideSection = "§1.1 PxVehicleChassisData (box inertia)";
    f.parameters = {"chassis.moi[0]", "chassis.moi[1]", "chassis.moi[2]", "chassis.mass", "chassis.dimensions[0]",
                    "chassis.dimensions[1]", "chassis.dimensions[2]"};
    f.reason = "the moments of inertia are far from the guide's estimate for a solid " + num(d.x) + " x " + num(d.y) +
               " x " + num(d.z) + " m box of " + num(ch.mass) + " kg (" + details +
               "): too little inertia makes the body twitchy and jittery, too much makes it sluggish to roll, pitch and turn";
    f.fix = Fix{"set the moments of inertia from the box ((W^2+H^2) M/12, (L^2+H^2) M/12, (L^2+W^2) M/12)",
                {{"chassis.moi[0]", roundSig(box.x, 6)}, {"chassis.moi[1]", roundSig(box.y, 6)}, {"chassis.moi[2]", roundSig(box.z, 6)}}};
    out.push_back(std::move(f));
}

// ---- drivetrain --------------------------------------------------------------------------------

void checkLatency(const VehicleConfig& c, std::vector<Finding>& out)
{
    if (!hasEngine(c))
        return;
    const double sw = c.drive.gears.switchTime;
    const double lat = c.drive.autoBox.latency;
    if (!(sw >= 0 && lat >= 0) || (lat >= kLatencyClearFactor * sw && lat > sw))
        return;  // (both 0 is the error case: the autobox then decides every other update)
    const bool cycles = lat <= sw;
    Finding f;
    f.id = "autobox.latency";
    f.severity = cycles ? Severity::Error : Severity::Warning;
    f.guideSection = "§1.9 (keep the switch time well below the autobox latency), §2.16-2.17";
    f.parameters = {"drive.autoBox.latency", "drive.gears.switchTime"};
    // §2.17: the autobox timer runs through the change, so after a change completes the autobox
    // waits only latency − switchTime before its next decision.
    if (cycles)
        f.reason = "the autobox latency (" + num(lat) + " s) is not above the gear switch time (" + num(sw) +
                   " s): the autobox timer runs out while the gearbox is still in neutral, so it decides again the moment "
                   "a gear engages, before the engine has come to the new gear's speed; it shifts straight back and the "
                   "vehicle keeps cycling through neutral with the throttle cut (the guide's 'never goes beyond first gear')";
    else
        f.reason = "the autobox latency (" + num(lat) + " s) is only " + num(lat / sw) + " x the gear switch time (" +
                   num(sw) + " s): after each change the engine has " + num(lat - sw) +
                   " s in the new gear before the autobox decides again, little time to come up to speed, so the "
                   "autobox may shift back and forth; the guide keeps the switch time well below the latency";
    const double fixed = std::max(kLatencyFixFactor * sw, kLatencyFixMinimum);
    f.fix = Fix{"set the autobox latency to " + num(fixed) + " s (" + num(kLatencyFixFactor) +
                    " x the switch time, as the spec's defaults 0.5 s and 2 s)",
                {{"drive.autoBox.latency", fixed}}};
    out.push_back(std::move(f));
}

void checkEngineDamping(const VehicleConfig& c, std::vector<Finding>& out)
{
    if (!hasEngine(c))
        return;
    const EngineData& e = c.drive.engine;
    const EngineData defaults;
    if (!(e.moi > 0))
        return;
    struct Rate {
        const char* key;
        double value;
        double guide;
        const char* when;
    };
    const Rate rates[3] = {
        {"dampingRateFullThrottle", e.dampingRateFullThrottle, defaults.dampingRateFullThrottle, "at full throttle"},
        {"dampingRateZeroThrottleClutchEngaged", e.dampingRateZeroThrottleClutchEngaged,
         defaults.dampingRateZeroThrottleClutchEngaged, "off throttle in gear (engine braking)"},
        {"dampingRateZeroThrottleClutchDisengaged", e.dampingRateZeroThrottleClutchDisengaged,
         defaults.dampingRateZeroThrottleClutchDisengaged, "off throttle in neutral (during every gear change)"}};
    for (const Rate& r : rates) {
        if (r.value * kTinyDampingTimeConstant >= e.moi)
            continue;
        const std::string path = std::string("drive.engine.") + r.key;
        Finding f;
        f.id = "engine.dampingRate";
        f.severity = r.value > 0 ? Severity::Warning : Severity::Error;
        f.guideSection = "§1.8 PxVehicleEngineData (damping rates)";
        f.parameters = {path, "drive.engine.moi"};
        f.reason = r.value > 0 ? std::string("engine damping ") + r.when + " is tiny (" + num(r.value) +
                                     " N m s/rad on " + num(e.moi) + " kg m^2): the free engine needs " +
                                     num(e.moi / r.value) + " s to lose two thirds of its speed, so the revs hang "
                                     "(the guide: 0.25-3, never 0)"
                               : std::string("engine damping ") + r.when + " is 0: the engine never slows down by "
                                                                            "itself (the guide: never 0)";
        const double fixed = roundSig(std::max(r.guide, e.moi / kFixDampingTimeConstant), 3);
        f.fix = Fix{"set it to " + num(fixed) + " N m s/rad (the spec's default, or more for a heavy engine)",
                    {{path, fixed}}};
        out.push_back(std::move(f));
    }
}

void checkGearRatios(const VehicleConfig& c, std::vector<Finding>& out)
{
    if (!hasEngine(c))
        return;
    const std::vector<double>& r = c.drive.gears.ratios;
    const std::string section = "§1.9 PxVehicleGearsData (ratios)";
    if (r.size() >= 2 && r[1] != 0.0)
        out.push_back(finding("gears.neutral", Severity::Error, {"drive.gears.ratios[1]"},
                       "the neutral ratio (second entry) is " + num(r[1]) +
                           ", not 0: every gear change passes through neutral (§2.16), so the engine would stay "
                           "coupled through the change",
                       section, Fix{"set the neutral ratio to 0", {{"drive.gears.ratios[1]", 0.0}}}));
    if (!r.empty() && !(r[0] < 0)) {
        Finding f = finding("gears.reverse", Severity::Error, {"drive.gears.ratios[0]"},
                            "the reverse ratio (first entry) is " + num(r[0]) +
                                ": it must be negative, or reverse drives forwards",
                            section);
        const double fixed = r[0] > 0 ? -r[0] : (r.size() > 2 && r[2] > 0 ? -r[2] : GearsData{}.ratios[0]);
        f.fix = Fix{"set the reverse ratio to " + num(fixed), {{"drive.gears.ratios[0]", fixed}}};
        out.push_back(std::move(f));
    }
    if (r.size() > 3) {
        std::vector<double> forward(r.begin() + 2, r.end());
        bool ordered = true;
        for (std::size_t i = 1; i < forward.size(); ++i)
            ordered = ordered && forward[i] < forward[i - 1];
        if (!ordered && std::all_of(forward.begin(), forward.end(), [](double v) { return v > 0; })) {
            Finding f = finding("gears.forwardOrder", Severity::Error, {}, "", section);
            std::string list;
            for (std::size_t i = 0; i < forward.size(); ++i) {
                f.parameters.push_back("drive.gears.ratios[" + std::to_string(i + 2) + "]");
                list += (i ? ", " : "") + num(forward[i]);
            }
            f.reason = "the forward ratios (" + list +
                       ") do not decrease from first gear up: each higher gear must be longer, or the autobox shifts "
                       "into a gear that revs the engine higher and shifts again";
            std::vector<double> sorted = forward;
            std::sort(sorted.begin(), sorted.end(), std::greater<>());
            if (std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end()) {
                Fix fix{"sort the forward ratios from the largest (first gear) down", {}};
                for (std::size_t i = 0; i < sorted.size(); ++i)
                    if (sorted[i] != forward[i])
                        fix.edits.push_back({"drive.gears.ratios[" + std::to_string(i + 2) + "]", sorted[i]});
                f.fix = std::move(fix);
            }
            out.push_back(std::move(f));
        }
    }
}

double curveAt(const std::vector<GraphPoint>& g, double x)
{
    if (x <= g.front().x)
        return g.front().y;
    for (std::size_t i = 1; i < g.size(); ++i)
        if (x < g[i].x)
            return g[i - 1].y + (g[i].y - g[i - 1].y) * (x - g[i - 1].x) / (g[i].x - g[i - 1].x);
    return g.back().y;
}

void checkTorqueCurve(const VehicleConfig& c, std::vector<Finding>& out)
{
    if (!hasEngine(c))
        return;
    const std::vector<GraphPoint>& g = c.drive.engine.torqueCurve;
    if (g.size() < 2)
        return;  // a single point is a flat curve: nothing to cover
    for (std::size_t i = 1; i < g.size(); ++i)
        if (!(g[i].x > g[i - 1].x))
            return;  // validation reports the ordering
    std::vector<std::string> issues;
    std::vector<GraphPoint> fixed = g;
    bool fixable = true;
    // §2.18: the lookup is flat before the first point and after the last; the engine speed is
    // clamped to maxOmega, so x beyond 1 is never reached.
    if (g.front().x > 0) {
        issues.push_back("it starts at normalised speed " + num(g.front().x) + ", so below that the engine gets a flat " +
                         num(g.front().y));
        fixed.front().x = 0.0;
    }
    std::size_t beyond = 0;
    for (const GraphPoint& p : g)
        beyond += p.x > 1.0 ? 1 : 0;
    if (beyond > 0) {
        issues.push_back(std::to_string(beyond) + " point" + (beyond == 1 ? " lies" : "s lie") +
                         " beyond normalised speed 1, which the engine never reaches (it is clamped to maxOmega)");
        if (beyond == 1 && g[g.size() - 2].x < 1.0)
            fixed.back() = {1.0, curveAt(g, 1.0)};
        else
            fixable = false;
    } else if (g.back().x < 1.0) {
        issues.push_back("it ends at normalised speed " + num(g.back().x) + ", so above that the engine gets a flat " +
                         num(g.back().y) + " up to maxOmega");
        fixed.back().x = 1.0;
    }
    double yMax = 0;
    for (const GraphPoint& p : fixed)
        yMax = std::max(yMax, p.y);
    const bool scale = yMax > 1.0 * (1.0 + 1e-9);
    if (scale)
        issues.push_back("it reaches " + num(yMax) + ", so the engine delivers up to " +
                         num(yMax * c.drive.engine.peakTorque) + " N m, more than peakTorque " +
                         num(c.drive.engine.peakTorque) + " N m");
    if (issues.empty())
        return;
    Finding f;
    f.id = "engine.torqueCurve";
    f.severity = Severity::Advice;
    f.guideSection = "§1.8 PxVehicleEngineData (torque curve), §2.18";
    for (std::size_t i = 0; i < g.size(); ++i) {
        f.parameters.push_back("drive.engine.torqueCurve[" + std::to_string(i) + "][0]");
        f.parameters.push_back("drive.engine.torqueCurve[" + std::to_string(i) + "][1]");
    }
    if (scale)
        f.parameters.push_back("drive.engine.peakTorque");
    f.reason = "the torque curve should run over normalised engine speed 0 to 1 with multipliers in 0 to 1 (peakTorque "
               "is the peak): ";
    for (std::size_t i = 0; i < issues.size(); ++i)
        f.reason += (i ? "; " : "") + issues[i];
    if (fixable) {
        Fix fix{"", {}};
        std::string what;
        if (fixed.front().x != g.front().x || fixed.back().x != g.back().x)
            what = "move the end points to normalised speed 0 and 1";
        if (scale) {
            what += std::string(what.empty() ? "" : ", ") + "divide the curve by " + num(yMax) +
                    " and raise peakTorque to match (the same torque)";
            for (GraphPoint& p : fixed)
                p.y = p.y == yMax ? 1.0 : roundSig(p.y / yMax, 6);
            fix.edits.push_back({"drive.engine.peakTorque", roundSig(c.drive.engine.peakTorque * yMax, 6)});
        }
        fix.summary = what;
        for (std::size_t i = 0; i < g.size(); ++i) {
            if (fixed[i].x != g[i].x)
                fix.edits.push_back({"drive.engine.torqueCurve[" + std::to_string(i) + "][0]", fixed[i].x});
            if (fixed[i].y != g[i].y)
                fix.edits.push_back({"drive.engine.torqueCurve[" + std::to_string(i) + "][1]", fixed[i].y});
        }
        f.fix = std::move(fix);
    }
    out.push_back(std::move(f));
}

const char* typeName(DifferentialType t)
{
    switch (t) {
    case DifferentialType::LS_4WD: return "LS_4WD";
    case DifferentialType::LS_FRONTWD: return "LS_FRONTWD";
    case DifferentialType::LS_REARWD: return "LS_REARWD";
    case DifferentialType::OPEN_4WD: return "OPEN_4WD";
    case DifferentialType::OPEN_FRONTWD: return "OPEN_FRONTWD";
    case DifferentialType::OPEN_REARWD: return "OPEN_REARWD";
    }
    return "?";
}

bool isFourWheelDrive(DifferentialType t) { return t == DifferentialType::LS_4WD || t == DifferentialType::OPEN_4WD; }
bool drivesFront(DifferentialType t)
{
    return isFourWheelDrive(t) || t == DifferentialType::LS_FRONTWD || t == DifferentialType::OPEN_FRONTWD;
}
bool drivesRear(DifferentialType t)
{
    return isFourWheelDrive(t) || t == DifferentialType::LS_REARWD || t == DifferentialType::OPEN_REARWD;
}

/// §1.12 setter column: which split or bias a differential type actually reads.
bool usesDifferentialParameter(DifferentialType t, const std::string& key)
{
    if (key == "frontRearSplit")
        return isFourWheelDrive(t);
    if (key == "frontLeftRightSplit")
        return drivesFront(t);
    if (key == "rearLeftRightSplit")
        return drivesRear(t);
    if (key == "centreBias")
        return t == DifferentialType::LS_4WD;
    if (key == "frontBias")
        return t == DifferentialType::LS_4WD || t == DifferentialType::LS_FRONTWD;
    if (key == "rearBias")
        return t == DifferentialType::LS_4WD || t == DifferentialType::LS_REARWD;
    return true;
}

void checkDifferential(const VehicleConfig& c, std::vector<Finding>& out)
{
    if (c.drive.type != DriveType::FourWheel)
        return;
    const Differential4WData& d = c.drive.differential4W;
    const std::string section = "§1.12 PxVehicleDifferential4WData, §2.20";
    const std::string type = typeName(d.type);
    const std::pair<const char*, double> splits[3] = {
        {"frontRearSplit", d.frontRearSplit}, {"frontLeftRightSplit", d.frontLeftRightSplit}, {"rearLeftRightSplit", d.rearLeftRightSplit}};
    const std::pair<const char*, double> biases[3] = {{"centreBias", d.centreBias}, {"frontBias", d.frontBias}, {"rearBias", d.rearBias}};

    // Out of range: validation rejects these for every type (the stricter union of PhysX's
    // checks); the doctor says whether the type reads the value and repairs it.
    for (auto [key, v] : splits)
        if (!(v >= 0 && v <= 1)) {
            const std::string path = std::string("drive.differential.") + key;
            const double fixed = std::clamp(v, 0.0, 1.0);
            out.push_back(finding("differential.range", Severity::Error, {path},
                           std::string(key) + " is " + num(v) + ": a split is a share of the torque, 0 to 1 (" + type +
                               (usesDifferentialParameter(d.type, key) ? " uses it)" : " ignores it, but PhysX rejects it)"),
                           section, Fix{"clamp it to " + num(fixed), {{path, fixed}}}));
        }
    for (auto [key, v] : biases)
        if (!(v >= 1)) {
            const std::string path = std::string("drive.differential.") + key;
            out.push_back(finding("differential.range", Severity::Error, {path},
                           std::string(key) + " is " + num(v) +
                               ": a bias is the largest allowed ratio of two wheel speeds, at least 1 (" + type +
                               (usesDifferentialParameter(d.type, key) ? " uses it)" : " ignores it, but PhysX rejects it)"),
                           section, Fix{"set it to the guide's " + num(kGuideBias), {{path, kGuideBias}}}));
        }

    // An uneven left/right split on a driven axle pushes the car sideways under power.
    for (const char* key : {"frontLeftRightSplit", "rearLeftRightSplit"}) {
        const double v = key[0] == 'f' ? d.frontLeftRightSplit : d.rearLeftRightSplit;
        if (!usesDifferentialParameter(d.type, key) || !(v >= 0 && v <= 1) || !outsideBand(v, kSplitTypicalMin, kSplitTypicalMax))
            continue;
        const std::string path = std::string("drive.differential.") + key;
        out.push_back(finding("differential.leftRightSplit", Severity::Warning, {path},
                       std::string(key) + " gives the left wheel " + pct(v) + " of the " + (key[0] == 'f' ? "front" : "rear") +
                           " axle's torque: under power the car pulls to the " + (v > 0.5 ? "right" : "left") +
                           " (yaw from the uneven drive forces)",
                       section, Fix{"split the axle's torque evenly", {{path, 0.5}}}));
    }

    // A 4WD type whose split sends (nearly) everything to one axle is a 2WD car in disguise: the
    // centre differential and its bias only cost, and the handbrake rule (§2.20) changes the drive.
    if (isFourWheelDrive(d.type) && d.frontRearSplit >= 0 && d.frontRearSplit <= 1 &&
        (d.frontRearSplit <= kAxleShareNegligible || d.frontRearSplit >= 1.0 - kAxleShareNegligible)) {
        const bool rear = d.frontRearSplit <= kAxleShareNegligible;
        const bool ls = d.type == DifferentialType::LS_4WD;
        const std::string target = ls ? (rear ? "LS_REARWD" : "LS_FRONTWD") : (rear ? "OPEN_REARWD" : "OPEN_FRONTWD");
        out.push_back(finding("differential.frontRearSplit", Severity::Advice, {"drive.differential.frontRearSplit", "drive.differential.type"},
                       type + " sends " + pct(d.frontRearSplit) + " of the drive torque to the front axle: it is " +
                           (rear ? "rear" : "front") + "-wheel drive in all but name, and with the handbrake pulled " + type +
                           " drives the front wheels only (§2.20)",
                       section, Fix{"use the " + target + " type", {{"drive.differential.type", target}}}));
    }
}

// ---- surfaces ----------------------------------------------------------------------------------

void checkFriction(const VehicleConfig& c, std::vector<Finding>& out)
{
    const SurfacesConfig& s = c.surfaces;
    Finding f;
    f.id = "surfaces.friction";
    f.severity = Severity::Warning;
    f.guideSection = "§1.15 PxVehicleDrivableSurfaceToTireFrictionPairs";
    std::string list;
    for (std::size_t i = 0; i < s.friction.size(); ++i)
        for (std::size_t j = 0; j < s.friction[i].size(); ++j)
            if (s.friction[i][j] > kMaxFriction) {
                f.parameters.push_back("surfaces.friction[" + std::to_string(i) + "][" + std::to_string(j) + "]");
                const std::string tire = j < s.tireTypes.size() ? s.tireTypes[j] : "tire " + std::to_string(j);
                const std::string surface = i < s.surfaceTypes.size() ? s.surfaceTypes[i] : "surface " + std::to_string(i);
                list += (list.empty() ? "" : ", ") + tire + " on " + surface + " " + num(s.friction[i][j]);
            }
    if (f.parameters.empty())
        return;
    f.reason = "friction above 2 (" + list +
               "): more than twice the grip of a good tire on dry tarmac; the guide allows values above 1 for grippy "
               "tires, but this looks like a slip of the keyboard or a percentage";
    out.push_back(std::move(f));
}

// ---- the registry's typical ranges -------------------------------------------------------------

/// Leaves judged by a dedicated check against the same guide range; the generic check skips them.
bool judgedElsewhere(const std::string& pattern)
{
    static const std::set<std::string> skip{
        "surfaces.friction[*][*]",             // surfaces.friction
        "drive.engine.torqueCurve[*][0]",      // engine.torqueCurve
        "drive.engine.torqueCurve[*][1]",
        "drive.differential.frontLeftRightSplit",  // differential.leftRightSplit
        "drive.differential.rearLeftRightSplit",
    };
    return skip.count(pattern) > 0;
}

std::string patternOf(const std::string& path)
{
    std::string p;
    for (std::size_t i = 0; i < path.size(); ++i) {
        if (path[i] == '[') {
            const std::size_t close = path.find(']', i);
            p += "[*]";
            i = close == std::string::npos ? path.size() : close;
        } else {
            p += path[i];
        }
    }
    return p;
}

void checkTypicalRanges(const VehicleConfig& c, std::vector<Finding>& out)
{
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    // A parameter that already has a finding does not get the generic advice as well.
    std::set<std::string> covered;
    for (const Finding& f : out)
        covered.insert(f.parameters.begin(), f.parameters.end());
    struct Group {
        const config::Node* node = nullptr;
        std::vector<std::string> paths;
        std::vector<std::string> where;  // wheel labels or indices, for the reason
        double lo = INFINITY, hi = -INFINITY;
    };
    std::vector<std::string> order;
    std::map<std::string, Group> groups;
    for (const config::LeafRef& leaf : registry.leaves(c)) {
        const config::Node& node = *leaf.node;
        if ((node.kind != config::NodeKind::Number && node.kind != config::NodeKind::Integer) || !node.info.hasTypicalRange())
            continue;
        const std::string pattern = patternOf(leaf.path);
        if (judgedElsewhere(pattern) || covered.count(leaf.path))
            continue;
        if (c.drive.type == DriveType::FourWheel && leaf.path.rfind("drive.differential.", 0) == 0 &&
            !usesDifferentialParameter(c.drive.differential4W.type, node.key))
            continue;  // a value the differential type never reads
        const std::optional<Json> value = registry.get(c, leaf.path);
        if (!value || !value->is_number())
            continue;
        const double v = value->get<double>();
        if (!outsideBand(v, node.info.typicalMin, node.info.typicalMax))
            continue;
        auto [it, inserted] = groups.try_emplace(pattern);
        if (inserted)
            order.push_back(pattern);
        Group& g = it->second;
        g.node = &node;
        g.paths.push_back(leaf.path);
        g.lo = std::min(g.lo, v);
        g.hi = std::max(g.hi, v);
        if (leaf.path.rfind("wheels[", 0) == 0)
            g.where.push_back(label(static_cast<std::size_t>(std::stoul(leaf.path.substr(7)))));
    }
    for (const std::string& pattern : order) {
        const Group& g = groups[pattern];
        const config::ParamInfo& info = g.node->info;
        const std::string unit = info.unit.empty() || info.unit == "1" ? "" : " " + info.unit;
        Finding f;
        f.id = "parameter.typicalRange";
        f.severity = Severity::Advice;
        f.guideSection = info.specRef + " " + info.section;
        f.parameters = g.paths;
        const std::string values = g.lo == g.hi ? num(g.lo) : num(g.lo) + " to " + num(g.hi);
        std::string where;
        if (!g.where.empty()) {
            for (std::size_t i = 0; i < g.where.size(); ++i)
                where += (i ? ", " : "") + g.where[i];
            where = " (" + where + ")";
        } else if (g.paths.size() > 1) {
            where = " (" + std::to_string(g.paths.size()) + " values)";
        }
        f.reason = pattern + where + " is " + values + unit + ", outside the typical " + num(info.typicalMin) + " to " +
                   num(info.typicalMax) + unit + " (" + info.description +
                   "): fine for a vehicle unlike a car, otherwise worth a second look";
        out.push_back(std::move(f));
    }
}

}  // namespace

const std::vector<CheckInfo>& checkCatalogue()
{
    static const std::vector<CheckInfo> catalogue{
        {"suspension.alpha", "warning, error", "§1.3, §1.7",
         "a spring period sqrt(m_s/k) spans fewer than 5 suspension updates (error below 1); fix: more sub-steps"},
        {"suspension.dampingRatio", "advice, warning", "§1.3, §1.19",
         "damping ratio outside 0.8-1.2 (warning outside 0.4-2.4); fix: damper rate for the nearest band edge"},
        {"suspension.theoreticalSpring", "advice", "§1.3",
         "k x maxDroop differs from m_s x g by more than half the sprung weight; fix: maxDroop = m_s g / k"},
        {"suspension.travel", "error", "§1.3", "maxCompression + maxDroop = 0; fix: the spec's default travel"},
        {"chassis.sprungMasses", "warning", "§5, §2.5",
         "sprung masses miss the chassis mass or centre of mass by more than 1 %; fix: recompute (§5) keeping natural "
         "frequency and damping ratio"},
        {"wheel.dampingRate", "warning, error", "§1.2",
         "wheel damping so small (or 0) that a free wheel needs over a minute to slow down; fix: a guide value"},
        {"wheel.frontHandbrake", "advice", "§1.2, §1.19", "4W car with a handbrake on a front wheel; fix: 0"},
        {"wheel.rearSteer", "advice", "§1.2, §2.14", "4W car whose rear wheels steer; fix: 0"},
        {"antiRollBar.axle", "warning", "§1.4", "a bar joins wheels of different axles or one side; fix: the axle partner"},
        {"chassis.moi", "advice, warning", "§1.1",
         "moment of inertia off the box estimate by more than 2x (warning 5x); fix: set from the box"},
        {"autobox.latency", "warning, error", "§1.9, §2.16-2.17",
         "autobox latency below twice the gear switch time (error: not above it, the gearbox cycles); fix: 4x the switch time"},
        {"engine.dampingRate", "warning, error", "§1.8",
         "engine damping so small (or 0) that the free engine needs over a minute to slow down; fix: the spec's default"},
        {"gears.neutral", "error", "§1.9", "neutral ratio not 0; fix: 0"},
        {"gears.reverse", "error", "§1.9", "reverse ratio not negative; fix: negate"},
        {"gears.forwardOrder", "error", "§1.9", "forward ratios not decreasing; fix: sort them"},
        {"engine.torqueCurve", "advice", "§1.8, §2.18",
         "torque curve not covering normalised speed 0..1 or above 1; fix: move end points, normalise into peakTorque"},
        {"differential.range", "error", "§1.12", "a split outside 0..1 or a bias below 1; fix: clamp"},
        {"differential.leftRightSplit", "warning", "§1.12, §2.20",
         "a driven axle's left/right split outside 0.4-0.6; fix: 0.5"},
        {"differential.frontRearSplit", "advice", "§1.12, §2.20",
         "a 4WD type sending 95 % or more to one axle; fix: the matching 2WD type"},
        {"surfaces.friction", "warning", "§1.15", "a friction table value above 2"},
        {"parameter.typicalRange", "advice", "registry",
         "a value outside the registry's typical range for a car (grouped per parameter)"},
        {"live.longSlipOscillation", "warning", "§2.8, §2.26",
         "longitudinal slip flips sign 6 times within 1 s near standstill with no pedal pressed; fix: "
         "minLongSlipDenominator or sub-steps"},
        {"live.gearCycling", "warning, error", "§1.9, §2.16-2.17",
         "the gearbox shifts back to a gear it just left, twice within 10 s (error when the latency is not above the "
         "switch time); fix: autobox latency or the next gear's down ratio"},
        {"live.wheelSpin", "warning", "§2.8", "driven wheels spin for a second while the vehicle does not move"},
        {"live.bumpStop", "warning", "§2.3.3, §2.4.5",
         "a suspension hits its compression limit repeatedly or rests on it; fix: more compression travel"},
        {"live.wheelLift", "warning", "§1.3, §1.4",
         "a wheel leaves the ground in a steady turn; fix: the theoretically correct droop when it ran out of travel"},
    };
    return catalogue;
}

std::vector<Finding> diagnose(const VehicleConfig& config)
{
    std::vector<Finding> out;
    checkTravel(config, out);
    checkAlpha(config, out);
    checkDampingRatio(config, out);
    checkSpringDroop(config, out);
    checkSprungMasses(config, out);
    checkWheelDamping(config, out);
    checkHandbrakeAndSteer(config, out);
    checkAntiRollBars(config, out);
    checkMomentOfInertia(config, out);
    checkLatency(config, out);
    checkEngineDamping(config, out);
    checkGearRatios(config, out);
    checkTorqueCurve(config, out);
    checkDifferential(config, out);
    checkFriction(config, out);
    checkTypicalRanges(config, out);  // last: it skips parameters the others already named
    sortBySeverity(out);
    return out;
}

std::vector<Finding> problemFindings(const Problems& problems)
{
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    std::vector<Finding> out;
    for (const Problem& p : problems.items) {
        Finding f;
        f.id = "validation";
        f.severity = p.severity == jounce::Severity::Error ? Severity::Error : Severity::Warning;
        f.reason = p.toString();
        if (!p.pointer.empty()) {
            const std::string path = config::ParameterRegistry::pointerToPath(p.pointer);
            f.parameters.push_back(path);
            if (const config::Node* leaf = registry.findLeaf(path))
                f.guideSection = leaf->info.specRef + " " + leaf->info.section;
        }
        out.push_back(std::move(f));
    }
    sortBySeverity(out);
    return out;
}

std::vector<Finding> diagnoseWithProblems(const VehicleConfig& config, const Problems& problems)
{
    std::vector<Finding> doctorFindings = diagnose(config);
    std::vector<Finding> out;
    for (Finding& p : problemFindings(problems)) {
        const bool repeated = !p.parameters.empty() &&
                              std::any_of(doctorFindings.begin(), doctorFindings.end(), [&](const Finding& f) {
                                  return f.fix && f.severity == p.severity &&
                                         std::find(f.parameters.begin(), f.parameters.end(), p.parameters.front()) !=
                                             f.parameters.end();
                              });
        if (!repeated)
            out.push_back(std::move(p));
    }
    out.insert(out.end(), std::make_move_iterator(doctorFindings.begin()), std::make_move_iterator(doctorFindings.end()));
    sortBySeverity(out);
    return out;
}

}  // namespace jounce::doctor
