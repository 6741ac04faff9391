// Static checks of the engine and gearbox (vehicle-model §1.8, §1.9, §2.16-2.18): autobox latency against
// the switch time, engine damping, the gear ratios and the torque curve.

#include "StaticCheckParts.h"

#include "json/NumberText.h"

#include <algorithm>
#include <functional>

namespace jounce::doctor::checks {
namespace {

using json::text::num;
using json::text::roundSig;

/// §1.9: keep the switch time well below the autobox latency. "Clearly above" is read as twice the
/// switch time; the fix restores vehicle-model.md defaults' proportion (0.5 s switch, 2.0 s latency).
constexpr double kLatencyClearFactor = 2.0;
constexpr double kLatencyFixFactor = 4.0;
constexpr double kLatencyFixMinimum = 0.5;

double curveAt(const std::vector<GraphPoint>& g, double x)
{
    if (x <= g.front().x)
        return g.front().y;
    for (std::size_t i = 1; i < g.size(); ++i)
        if (x < g[i].x)
            return g[i - 1].y + (g[i].y - g[i - 1].y) * (x - g[i - 1].x) / (g[i].x - g[i - 1].x);
    return g.back().y;
}

}  // namespace

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
    f.parameters = {param::drive::autoBox::latency, param::drive::gears::switchTime};
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
                    " x the switch time, as the model's defaults 0.5 s and 2 s)",
                {{param::drive::autoBox::latency, fixed}}};
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
        param::Path path;
        double value;
        double guide;
        const char* when;
    };
    const Rate rates[3] = {
        {param::drive::engine::dampingRateFullThrottle, e.dampingRateFullThrottle, defaults.dampingRateFullThrottle, "at full throttle"},
        {param::drive::engine::dampingRateZeroThrottleClutchEngaged, e.dampingRateZeroThrottleClutchEngaged,
         defaults.dampingRateZeroThrottleClutchEngaged, "off throttle in gear (engine braking)"},
        {param::drive::engine::dampingRateZeroThrottleClutchDisengaged, e.dampingRateZeroThrottleClutchDisengaged,
         defaults.dampingRateZeroThrottleClutchDisengaged, "off throttle in neutral (during every gear change)"}};
    for (const Rate& r : rates) {
        if (r.value * kTinyDampingTimeConstant >= e.moi)
            continue;
        const std::string path = r.path;
        Finding f;
        f.id = "engine.dampingRate";
        f.severity = r.value > 0 ? Severity::Warning : Severity::Error;
        f.guideSection = "§1.8 PxVehicleEngineData (damping rates)";
        f.parameters = {path, param::drive::engine::moi};
        f.reason = r.value > 0 ? std::string("engine damping ") + r.when + " is tiny (" + num(r.value) +
                                     " N m s/rad on " + num(e.moi) + " kg m^2): the free engine needs " +
                                     num(e.moi / r.value) + " s to lose two thirds of its speed, so the revs hang "
                                     "(the guide: 0.25-3, never 0)"
                               : std::string("engine damping ") + r.when + " is 0: the engine never slows down by "
                                                                            "itself (the guide: never 0)";
        const double fixed = roundSig(std::max(r.guide, e.moi / kFixDampingTimeConstant), 3);
        f.fix = Fix{"set it to " + num(fixed) + " N m s/rad (the model's default, or more for a heavy engine)",
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
        out.push_back(finding("gears.neutral", Severity::Error, {param::drive::gears::ratios(1)},
                       "the neutral ratio (second entry) is " + num(r[1]) +
                           ", not 0: every gear change passes through neutral (§2.16), so the engine would stay "
                           "coupled through the change",
                       section, Fix{"set the neutral ratio to 0", {{param::drive::gears::ratios(1), 0.0}}}));
    if (!r.empty() && !(r[0] < 0)) {
        Finding f = finding("gears.reverse", Severity::Error, {param::drive::gears::ratios(0)},
                            "the reverse ratio (first entry) is " + num(r[0]) +
                                ": it must be negative, or reverse drives forwards",
                            section);
        const double fixed = r[0] > 0 ? -r[0] : (r.size() > 2 && r[2] > 0 ? -r[2] : GearsData{}.ratios[0]);
        f.fix = Fix{"set the reverse ratio to " + num(fixed), {{param::drive::gears::ratios(0), fixed}}};
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
                f.parameters.push_back(param::drive::gears::ratios(i + 2));
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
                        fix.edits.push_back({param::drive::gears::ratios(i + 2), sorted[i]});
                f.fix = std::move(fix);
            }
            out.push_back(std::move(f));
        }
    }
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
        f.parameters.push_back(param::drive::engine::torqueCurve(i, 0));
        f.parameters.push_back(param::drive::engine::torqueCurve(i, 1));
    }
    if (scale)
        f.parameters.push_back(param::drive::engine::peakTorque);
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
            fix.edits.push_back({param::drive::engine::peakTorque, roundSig(c.drive.engine.peakTorque * yMax, 6)});
        }
        fix.summary = what;
        for (std::size_t i = 0; i < g.size(); ++i) {
            if (fixed[i].x != g[i].x)
                fix.edits.push_back({param::drive::engine::torqueCurve(i, 0), fixed[i].x});
            if (fixed[i].y != g[i].y)
                fix.edits.push_back({param::drive::engine::torqueCurve(i, 1), fixed[i].y});
        }
        f.fix = std::move(fix);
    }
    out.push_back(std::move(f));
}

}  // namespace jounce::doctor::checks
