// Static checks of the suspension (vehicle-model §1.3, §1.7, §1.19, §5): the integration's stability ratio,
// the damping ratio, the theoretically correct spring, the travel and the sprung masses.

#include "StaticCheckParts.h"

#include "json/NumberText.h"
#include "config/TuningGuide.h"

#include <algorithm>
#include <cmath>

namespace jounce::doctor::checks {
namespace {

using json::text::num;
using json::text::pct;
using json::text::roundSig;

/// §1.3 / §1.19: at least 5 updates per spring period sqrt(m_s / k); below 1 the explicit spring
/// integration is at the edge of stability (ω h = 1, it diverges at 2), not merely jittery.
constexpr double kMinAlpha = 5.0;
constexpr double kUnstableAlpha = 1.0;
/// §1.3 / §1.19: the PhysX guide suggests damping ratio 0.8-1.2, which settles a simulated body
/// within a cycle. Road cars run 0.25-0.4 for ride comfort (the primary ride damping of
/// passenger cars), so a value down there is a choice, not a slip: advice that names both. Only
/// below ride practice, or at twice the guide's top, does it become a warning.
constexpr double kDampingLow = 0.8;
constexpr double kDampingHigh = 1.2;
constexpr double kDampingRideHigh = 0.4;
constexpr double kDampingFarLow = 0.2;
constexpr double kDampingFarHigh = 2.4;

/// What a low damping ratio means: against ride practice and the PhysX guide.
std::string lowDampingText(double zeta)
{
    if (zeta < kDampingFarLow)
        return ": below even road cars' ride damping (0.25-0.4), the body keeps bouncing after every bump and the "
               "tire load with it";
    if (zeta <= kDampingRideHigh + 0.05)
        return ": road cars' ride damping (0.25-0.4), right for matching a real car; the guide's band keeps a "
               "simulated body from bouncing, which suits a game's handling";
    return ": between road cars' ride damping (0.25-0.4) and the guide's band, which keeps a simulated body from "
           "bouncing";
}
/// §1.3: the theoretically correct spring has k·maxDroop = m_s·g. PhysX does not require it and
/// the reference car itself is 14-18 % off, so the doctor speaks up only when the force left at
/// full droop (or the spring's pull beyond its free length) exceeds half the sprung weight: then
/// the wheel drops off the ground with a load step of more than half its static load, or hangs
/// unloaded over more than a third of its droop travel.
constexpr double kSpringDroopTolerance = 0.5;
/// §2.5 / §5: PhysX's checked build warns when the sprung masses miss the body mass by 1 %; the
/// centre of the sprung masses is held to 1 % of the wheel base and track likewise.
constexpr double kSprungMassTolerance = 0.01;

}  // namespace

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
        f.parameters.push_back(param::wheels::suspension::springStrength(i));
        f.parameters.push_back(param::wheels::suspension::sprungMass(i));
    }
    for (const param::Path& p : {param::simulation::timeStep, param::simulation::lowForwardSpeedSubStepCount,
                                 param::simulation::highForwardSpeedSubStepCount})
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
            fix.edits.push_back({param::simulation::lowForwardSpeedSubStepCount, n});
        if (s.highForwardSpeedSubStepCount < n)
            fix.edits.push_back({param::simulation::highForwardSpeedSubStepCount, n});
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
                 (low ? "below" : "above") + " the PhysX guide's 0.8-1.2" +
                 (low ? lowDampingText(zeta)
                      : ": the damper is so stiff that the wheel follows the road slowly and bumps reach the body");
        r.parameters = {param::wheels::suspension::springDamperRate(i), param::wheels::suspension::springStrength(i),
                        param::wheels::suspension::sprungMass(i)};
        const double target = low ? kDampingLow : kDampingHigh;
        r.fixSummary = std::string("set the damper rate for damping ratio ") + num(target);
        r.edits = {{param::wheels::suspension::springDamperRate(i),
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
        r.parameters = {param::wheels::suspension::maxDroop(i), param::wheels::suspension::springStrength(i),
                        param::wheels::suspension::sprungMass(i)};
        r.fixSummary = "set maxDroop to m_s g / k, the theoretically correct droop (the spring rate stays)";
        r.edits = {{param::wheels::suspension::maxDroop(i), roundSig(freeDroop, 6)}};
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
        r.parameters = {param::wheels::suspension::maxCompression(i), param::wheels::suspension::maxDroop(i)};
        r.fixSummary = "give the suspension the model's default travel (" + num(defaults.maxCompression) +
                       " m compression, " + num(defaults.maxDroop) + " m droop)";
        r.edits = {{param::wheels::suspension::maxCompression(i), defaults.maxCompression},
                   {param::wheels::suspension::maxDroop(i), defaults.maxDroop}};
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
        f.parameters.push_back(param::wheels::suspension::sprungMass(i));
    for (const std::string& p : {param::chassis::mass.str(), param::chassis::cmOffset(0), param::chassis::cmOffset(1)})
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
        f.reason += "; the centre of mass lies so far out that vehicle model §5 gives a wheel no positive mass: move the centre of "
                    "mass or the wheels";
    } else {
        Fix fix;
        fix.summary = "recompute the sprung masses from the chassis mass and centre of mass (vehicle model §5), keeping each "
                      "spring's natural frequency and damping ratio";
        for (std::size_t i = 0; i < n; ++i) {
            const SuspensionData& s = c.wheels[i].suspension;
            const double m = roundSig(masses.masses[i], 6);
            fix.edits.push_back({param::wheels::suspension::sprungMass(i), m});
            if (s.sprungMass > 0) {
                // §1.3 setMassAndPreserveNaturalFrequency scales k with the mass; scaling the damper
                // too keeps c / (2 sqrt(k m)) as tuned.
                const double scale = m / s.sprungMass;
                fix.edits.push_back({param::wheels::suspension::springStrength(i), roundSig(s.springStrength * scale, 6)});
                fix.edits.push_back({param::wheels::suspension::springDamperRate(i), roundSig(s.springDamperRate * scale, 6)});
            }
        }
        f.fix = std::move(fix);
    }
    out.push_back(std::move(f));
}

}  // namespace jounce::doctor::checks
