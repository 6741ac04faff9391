#include "VehicleValidation.h"

#include "ParameterDeclarations.h"
#include "ParameterRegistry.h"
#include "TuningGuide.h"
#include "json/JsonText.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <string>

namespace jounce {
namespace {

std::string num(double v) { return config::Json(v).dump(); }
/// Three significant digits, for measured and suggested values: 0.000816, 2330000.
std::string sig(double v)
{
    if (!(v != 0.0) || !std::isfinite(v))
        return num(v);
    const double scale = std::pow(10.0, 2.0 - std::floor(std::log10(std::fabs(v))));
    return json::formatNumber(std::round(v * scale) / scale);
}
std::string idx(std::size_t i) { return std::to_string(i); }

/// Points of a graph must have strictly increasing x (the lookup is piecewise linear in x).
void checkIncreasing(const std::vector<GraphPoint>& graph, const std::string& pointer, const char* what,
                     Problems& problems)
{
    for (std::size_t i = 1; i < graph.size(); ++i)
        if (!(graph[i].x > graph[i - 1].x))
            problems.error(pointer + "/" + idx(i) + "/0", std::string(what) + " must increase from point to point: " +
                                                              num(graph[i].x) + " follows " + num(graph[i - 1].x));
}

void checkWheel(const VehicleConfig& c, std::size_t i, Problems& problems)
{
    const WheelConfig& w = c.wheels[i];
    const std::string p = "/wheels/" + idx(i);

    // §1.3 setter: compression or droop > 0.
    if (!(w.suspension.maxCompression + w.suspension.maxDroop > 0))
        problems.error(p + "/suspension/maxDroop", "maxCompression + maxDroop must be > 0: the wheel needs some travel");

    // §1.15: the tire type indexes the friction table's columns.
    if (w.tire.type < 0 || static_cast<std::size_t>(w.tire.type) >= c.surfaces.tireTypes.size())
        problems.error(p + "/tire/type", "must name one of the " + idx(c.surfaces.tireTypes.size()) +
                                             " tire types of /surfaces/tireTypes (0 to " +
                                             std::to_string(static_cast<int>(c.surfaces.tireTypes.size()) - 1) +
                                             "), got " + std::to_string(w.tire.type));

    config::declare::checkTireRelations(w.tire, p + "/tire", problems);  // the model's own relations (TireParameters.cpp)

    // §1.7: the travel direction is a unit vector.
    const Vec3& d = w.geometry.suspTravelDirection;
    const double len = std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
    if (!(len >= 0.999 && len <= 1.001))
        problems.error(p + "/geometry/suspTravelDirection",
                       "must be a unit vector (length 0.999 to 1.001), got length " + num(len));

    if (w.compliance) {
        const std::string cp = p + "/compliance";
        checkIncreasing(w.compliance->wheelToeAngle, cp + "/wheelToeAngle", "normalised jounce", problems);
        checkIncreasing(w.compliance->wheelCamberAngle, cp + "/wheelCamberAngle", "normalised jounce", problems);
        for (auto [key, pts] : {std::pair{"suspForceAppPoint", &w.compliance->suspForceAppPoint},
                                std::pair{"tireForceAppPoint", &w.compliance->tireForceAppPoint}})
            for (std::size_t k = 1; k < pts->size(); ++k)
                if (!((*pts)[k].jounce > (*pts)[k - 1].jounce))
                    problems.error(cp + "/" + key + "/" + idx(k) + "/0",
                                   "normalised jounce must increase from point to point: " + num((*pts)[k].jounce) +
                                       " follows " + num((*pts)[k - 1].jounce));
    }
}

void checkDrive(const VehicleConfig& c, Problems& problems)
{
    const DriveConfig& d = c.drive;
    const std::size_t n = c.wheels.size();
    if (d.type == DriveType::None)
        return;

    checkIncreasing(d.engine.torqueCurve, "/drive/engine/torqueCurve", "normalised engine speed", problems);

    // §1.9: reverse < 0, neutral = 0, forward gears > 0 and strictly decreasing.
    const auto& r = d.gears.ratios;
    const std::string rp = "/drive/gears/ratios/";
    if (r.size() >= 1 && !(r[0] < 0))
        problems.error(rp + "0", "the reverse ratio (first entry) must be < 0, got " + num(r[0]));
    if (r.size() >= 2 && r[1] != 0.0)
        problems.error(rp + "1", "the neutral ratio (second entry) must be 0, got " + num(r[1]));
    for (std::size_t g = 2; g < r.size(); ++g) {
        if (!(r[g] > 0))
            problems.error(rp + idx(g), "forward gear ratios must be > 0, got " + num(r[g]));
        else if (g > 2 && !(r[g] < r[g - 1]))
            problems.error(rp + idx(g), "each forward gear ratio must be smaller than the one before (" + num(r[g - 1]) +
                                            "), got " + num(r[g]));
    }

    // §1.10: one autobox ratio per gear.
    if (d.autoBox.upRatios.size() != r.size())
        problems.error("/drive/autoBox/upRatios", "must have one entry per gear ratio (" + idx(r.size()) + "), got " +
                                                      idx(d.autoBox.upRatios.size()));
    if (d.autoBox.downRatios.size() != r.size())
        problems.error("/drive/autoBox/downRatios", "must have one entry per gear ratio (" + idx(r.size()) +
                                                        "), got " + idx(d.autoBox.downRatios.size()));

    if (d.type == DriveType::FourWheel && n < 4)
        problems.error("/wheels", "4W drive drives wheels 0 to 3, so it needs at least 4 wheels, got " + idx(n) +
                                      " (use NW for fewer)");

    if (d.type == DriveType::NWheel) {
        std::set<int> seen;
        const auto& driven = d.differentialNW.drivenWheels;
        for (std::size_t k = 0; k < driven.size(); ++k) {
            const std::string p = "/drive/differential/drivenWheels/" + idx(k);
            if (driven[k] < 0 || static_cast<std::size_t>(driven[k]) >= n)
                problems.error(p, "must be a wheel index 0 to " + std::to_string(static_cast<int>(n) - 1) + ", got " +
                                      std::to_string(driven[k]));
            else if (!seen.insert(driven[k]).second)
                problems.error(p, "wheel " + std::to_string(driven[k]) + " is listed twice");
        }
        if (driven.empty())
            problems.warning("/drive/differential/drivenWheels", "no wheel is driven: the engine cannot move the vehicle");
    }

    if (d.type == DriveType::Tank && (n < 2 || n % 2 != 0))
        problems.error("/wheels", "a tank needs an even number of wheels (left, right pairs front to back), got " + idx(n));
}

void checkSurfaces(const SurfacesConfig& s, Problems& problems)
{
    for (auto [key, names] : {std::pair{"tireTypes", &s.tireTypes}, std::pair{"surfaceTypes", &s.surfaceTypes}}) {
        std::set<std::string> seen;
        for (std::size_t i = 0; i < names->size(); ++i) {
            const std::string p = std::string("/surfaces/") + key + "/" + idx(i);
            if ((*names)[i].empty())
                problems.error(p, "must not be empty");
            else if (!seen.insert((*names)[i]).second)
                problems.error(p, "the name " + config::Json((*names)[i]).dump() + " is used twice");
        }
    }
    if (s.friction.size() != s.surfaceTypes.size())
        problems.error("/surfaces/friction", "must have one row per surface type (" + idx(s.surfaceTypes.size()) +
                                                 "), got " + idx(s.friction.size()));
    for (std::size_t i = 0; i < s.friction.size(); ++i)
        if (s.friction[i].size() != s.tireTypes.size())
            problems.error("/surfaces/friction/" + idx(i), "must have one value per tire type (" +
                                                               idx(s.tireTypes.size()) + "), got " +
                                                               idx(s.friction[i].size()));
}

// ---- physical relations (conventions.md "Plausible ranges") -------------------------------------

/// The radius of gyration sqrt(moi / mass) about each axis against a solid box of the chassis
/// dimensions: a body's mass is spread through it, not gathered at its centre nor far outside it.
constexpr double kMinGyrationToBox = 0.2;
constexpr double kMaxGyrationToBox = 4.0;
/// A wheel's radius of gyration against its radius: its mass sits near the rim (a solid disc:
/// 0.71). Far less and the wheel spin no longer integrates well at the time step: the reference car
/// needs 15 s instead of 9.1 s to 100 km/h at 0.2 and stays below 40 km/h at 0.14.
constexpr double kMinWheelGyration = 0.25;
constexpr double kMaxWheelGyration = 2.0;

// The suspension's stability limits, measured with `jounce-cli run` on the skidpad (reference car,
// sports car and 6-wheel truck; springs and dampers scaled until the run diverged; conventions.md
// "Plausible ranges"). λk and λc are the largest eigenvalues of M⁻¹K and M⁻¹C for the body's heave,
// roll and pitch on its springs (and anti-roll bars) and dampers. The sub-steps integrate the forces
// but Bullet moves the body over the whole step, so more sub-steps help the dampers, hardly the springs.
constexpr double kOneSubStepLimit = 3.0;     ///< λk dt² + 2 λc dt, one sub-step (diverged at 3.2 - 4.4)
constexpr double kSpringStepLimit = 6.0;     ///< λk dt², two or more sub-steps (diverged at 7.4 - 15)
constexpr double kDamperSubStepLimit = 0.8;  ///< λc dt / n, two or more sub-steps (diverged at 0.9 - 1.3)

/// The largest eigenvalue of a symmetric 3 x 3 matrix (closed form, Smith 1961).
double largestEigenvalue(const std::array<std::array<double, 3>, 3>& a)
{
    const double p1 = a[0][1] * a[0][1] + a[0][2] * a[0][2] + a[1][2] * a[1][2];
    const double q = (a[0][0] + a[1][1] + a[2][2]) / 3.0;
    if (p1 == 0.0)
        return std::max({a[0][0], a[1][1], a[2][2]});
    const double p2 = (a[0][0] - q) * (a[0][0] - q) + (a[1][1] - q) * (a[1][1] - q) + (a[2][2] - q) * (a[2][2] - q) + 2.0 * p1;
    const double p = std::sqrt(p2 / 6.0);
    std::array<std::array<double, 3>, 3> b{};
    for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
            b[i][j] = (a[i][j] - (i == j ? q : 0.0)) / p;
    const double det = b[0][0] * (b[1][1] * b[2][2] - b[1][2] * b[2][1]) - b[0][1] * (b[1][0] * b[2][2] - b[1][2] * b[2][0]) +
                       b[0][2] * (b[1][0] * b[2][1] - b[1][1] * b[2][0]);
    const double phi = std::acos(std::clamp(det / 2.0, -1.0, 1.0)) / 3.0;
    return q + 2.0 * p * std::cos(phi);
}

/// The body's heave, roll and pitch on rates attached at the strut points: the largest eigenvalue
/// of M⁻¹R with R = Σ rate J Jᵀ, J = (1, y, -x) the vertical motion of the point per heave, roll,
/// pitch. A bar joins two struts: J = J_a - J_b.
struct ModalRates {
    const VehicleConfig& c;
    std::array<std::array<double, 3>, 3> r{};

    void add(double rate, std::array<double, 3> j)
    {
        const double inv[3] = {1.0 / std::sqrt(c.chassis.mass), 1.0 / std::sqrt(c.chassis.moi.x), 1.0 / std::sqrt(c.chassis.moi.y)};
        for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b)
                r[a][b] += rate * j[a] * inv[a] * j[b] * inv[b];
    }
    std::array<double, 3> strut(std::size_t wheel) const
    {
        const Vec3& p = c.wheels[wheel].geometry.suspForceAppPointOffset;
        return {1.0, p.y - c.chassis.cmOffset.y, -(p.x - c.chassis.cmOffset.x)};
    }
    double largest() const { return largestEigenvalue(r); }
};

/// Sub-steps the vehicle may run with: the smaller count, unless the threshold speed is 0 (then
/// only the high-speed count is ever used).
int fewestSubSteps(const SimulationConfig& s)
{
    return s.thresholdLongitudinalSpeed > 0 ? std::min(s.lowForwardSpeedSubStepCount, s.highForwardSpeedSubStepCount)
                                            : s.highForwardSpeedSubStepCount;
}

/// The index of the largest of f(0..n-1).
template <class F>
std::size_t argmax(std::size_t n, F f)
{
    std::size_t best = 0;
    for (std::size_t i = 1; i < n; ++i)
        if (f(i) > f(best))
            best = i;
    return best;
}

/// The spring or damper whose rate per sprung mass is largest, and its pointer.
std::pair<std::size_t, std::string> stiffestWheel(const VehicleConfig& c, double SuspensionData::*rate, const char* key)
{
    const auto perMass = [&c, rate](std::size_t i) { return c.wheels[i].suspension.*rate / c.wheels[i].suspension.sprungMass; };
    const std::size_t w = argmax(c.wheels.size(), perMass);
    return {w, "/wheels/" + idx(w) + "/suspension/" + key};
}

void checkSuspensionStability(const VehicleConfig& c, Problems& problems)
{
    ModalRates springs{c}, dampers{c};
    for (std::size_t i = 0; i < c.wheels.size(); ++i) {
        springs.add(c.wheels[i].suspension.springStrength, springs.strut(i));
        dampers.add(c.wheels[i].suspension.springDamperRate, dampers.strut(i));
    }
    const double springsOnly = springs.largest();
    for (const AntiRollBarConfig& bar : c.antiRollBars) {
        const auto ja = springs.strut(std::size_t(bar.wheel0)), jb = springs.strut(std::size_t(bar.wheel1));
        springs.add(bar.stiffness, {0.0, ja[1] - jb[1], ja[2] - jb[2]});
    }
    const double dt = c.simulation.timeStep;
    const int n = fewestSubSteps(c.simulation);
    const bool one = n == 1;
    const double spring = springs.largest() * dt * dt;  // λk dt²
    const double damper = dampers.largest() * dt;       // λc dt
    const double measure = spring + 2.0 * damper;
    const bool springFails = one ? measure > kOneSubStepLimit && spring >= 2.0 * damper : spring > kSpringStepLimit;
    const bool damperFails = one ? measure > kOneSubStepLimit && spring < 2.0 * damper : damper / n > kDamperSubStepLimit;
    const std::string at = "the body's mass and inertia at a time step of " + sig(dt) + " s with " + std::to_string(n) +
                           (one ? " sub-step" : " sub-steps (the fewest this vehicle uses)");
    const std::string oneStep = "(ω·dt)² + 2·(c/m)·dt = " + sig(measure) + " passes " + sig(kOneSubStepLimit);
    if (springFails) {
        // Every spring scaled by the factor that brings the measure to 90 % of its limit.
        const double factor = 0.9 * (one ? kOneSubStepLimit - 2.0 * damper : kSpringStepLimit) / spring;
        const bool bars = !c.antiRollBars.empty() && springsOnly * dt * dt < 0.5 * spring;
        const std::size_t b = argmax(c.antiRollBars.size(), [&c](std::size_t i) { return c.antiRollBars[i].stiffness; });
        const auto [w, wheelPointer] = stiffestWheel(c, &SuspensionData::springStrength, "springStrength");
        const double value = bars ? c.antiRollBars[b].stiffness : c.wheels[w].suspension.springStrength;
        const std::string limit = one ? oneStep
                                      : "ω·dt passes " + sig(std::sqrt(kSpringStepLimit)) + " (here " + sig(std::sqrt(spring)) + ")";
        problems.error(bars ? "/antiRollBars/" + idx(b) + "/stiffness" : wheelPointer,
                       std::string(bars ? "the anti-roll bars are" : "the springs are") + " too stiff for " + at +
                           ": it bounces, rolls and pitches at up to ω = " + sig(std::sqrt(spring) / dt) +
                           " rad/s and the integration diverges once " + limit + ". Lower it to about " +
                           sig(std::max(0.0, value * factor)) + " N/m (the other " + (bars ? "bars" : "springs") +
                           " in proportion), or use " + (one ? "more sub-steps or " : "") + "a shorter simulation.timeStep");
    } else if (damperFails) {
        const double factor = 0.9 * (one ? (kOneSubStepLimit - spring) / 2.0 : kDamperSubStepLimit * n) / damper;
        const auto [w, pointer] = stiffestWheel(c, &SuspensionData::springDamperRate, "springDamperRate");
        const std::string limit =
            one ? oneStep : "(c/m)·dt per sub-step passes " + sig(kDamperSubStepLimit) + " (here " + sig(damper / n) + ")";
        problems.error(pointer, "the dampers are too stiff for " + at + ": the integration diverges once " + limit +
                                    ". Lower it to about " + sig(std::max(0.0, c.wheels[w].suspension.springDamperRate * factor)) +
                                    " N s/m (the other dampers in proportion), or use more sub-steps or a shorter "
                                    "simulation.timeStep");
    }
}

/// False (and reported) when a radius of gyration is implausible for the chassis' size.
bool checkChassisInertia(const ChassisConfig& ch, Problems& problems)
{
    const Vec3 box = guide::boxMomentOfInertia(ch.mass, ch.dimensions);
    const double moi[3] = {ch.moi.x, ch.moi.y, ch.moi.z};
    const double est[3] = {box.x, box.y, box.z};
    const char* axis[3] = {"roll", "pitch", "yaw"};
    bool ok = true;
    for (int k = 0; k < 3; ++k) {
        const double ratio = std::sqrt(moi[k] / est[k]);
        if (ratio >= kMinGyrationToBox && ratio <= kMaxGyrationToBox)
            continue;
        ok = false;
        problems.error("/chassis/moi/" + std::to_string(k),
                       std::string("the ") + axis[k] + " radius of gyration sqrt(moi / mass) = " + sig(std::sqrt(moi[k] / ch.mass)) +
                           " m is " + sig(ratio) + " x that of a solid " + sig(ch.dimensions.x) + " x " + sig(ch.dimensions.y) +
                           " x " + sig(ch.dimensions.z) + " m box (" + sig(std::sqrt(est[k] / ch.mass)) +
                           " m): a body's mass is spread through it, " + sig(kMinGyrationToBox) + " to " + sig(kMaxGyrationToBox) +
                           " x the box's. The box gives " + sig(est[k]) + " kg m^2");
    }
    return ok;
}

void checkWheelInertia(const VehicleConfig& c, std::size_t i, Problems& problems)
{
    const WheelData& w = c.wheels[i].wheel;
    const double ratio = std::sqrt(w.moi / w.mass) / w.radius;
    if (ratio >= kMinWheelGyration && ratio <= kMaxWheelGyration)
        return;
    problems.error("/wheels/" + idx(i) + "/wheel/moi",
                   "the wheel's radius of gyration sqrt(moi / mass) is " + sig(ratio) + " x its radius (moi " + sig(w.moi) +
                       " kg m^2, mass " + sig(w.mass) + " kg, radius " + sig(w.radius) + " m): a wheel's mass sits near its rim, " +
                       sig(kMinWheelGyration) + " to " + sig(kMaxWheelGyration) + " x the radius (a solid disc, m r^2 / 2: " +
                       sig(0.5 * w.mass * w.radius * w.radius) + " kg m^2)");
}

/// The relations that need every value involved to be plausible: an implausible value has its
/// own error already, and a relation built on it would only repeat it.
void checkPhysics(const VehicleConfig& c, const Problems& leafProblems, Problems& problems)
{
    const auto bad = [&leafProblems](const std::string& prefix) {
        return std::any_of(leafProblems.items.begin(), leafProblems.items.end(), [&](const Problem& p) {
            return p.severity == Severity::Error && p.pointer.compare(0, prefix.size(), prefix) == 0;
        });
    };
    for (std::size_t i = 0; i < c.wheels.size(); ++i)
        if (!bad("/wheels/" + idx(i) + "/wheel/"))
            checkWheelInertia(c, i, problems);
    if (bad("/chassis/") || !checkChassisInertia(c.chassis, problems))
        return;
    for (std::size_t i = 0; i < c.wheels.size(); ++i)
        if (bad("/wheels/" + idx(i) + "/suspension/") || bad("/wheels/" + idx(i) + "/geometry/"))
            return;
    for (const AntiRollBarConfig& bar : c.antiRollBars)
        if (bar.wheel0 < 0 || bar.wheel1 < 0 || std::size_t(bar.wheel0) >= c.wheels.size() ||
            std::size_t(bar.wheel1) >= c.wheels.size())
            return;
    if (bad("/antiRollBars/") || bad("/simulation/"))
        return;
    checkSuspensionStability(c, problems);
}

}  // namespace

Problems validateVehicle(const VehicleConfig& c)
{
    Problems problems;
    config::ParameterRegistry::instance().validateValues(c, problems);
    checkPhysics(c, Problems(problems), problems);

    for (std::size_t i = 0; i < c.wheels.size(); ++i)
        checkWheel(c, i, problems);

    std::set<std::pair<int, int>> pairs;
    for (std::size_t b = 0; b < c.antiRollBars.size(); ++b) {
        const AntiRollBarConfig& bar = c.antiRollBars[b];
        const std::string p = "/antiRollBars/" + idx(b);
        for (auto [key, wheel] : {std::pair{"wheel0", bar.wheel0}, std::pair{"wheel1", bar.wheel1}})
            if (wheel < 0 || static_cast<std::size_t>(wheel) >= c.wheels.size())
                problems.error(p + "/" + key, "must be a wheel index 0 to " +
                                                  std::to_string(static_cast<int>(c.wheels.size()) - 1) + ", got " +
                                                  std::to_string(wheel));
        if (bar.wheel0 == bar.wheel1)
            problems.error(p + "/wheel1", "a bar joins two different wheels, got wheel " + std::to_string(bar.wheel0) + " twice");
        else if (!pairs.insert({std::min(bar.wheel0, bar.wheel1), std::max(bar.wheel0, bar.wheel1)}).second)
            problems.warning(p, "another bar already joins wheels " + std::to_string(bar.wheel0) + " and " +
                                    std::to_string(bar.wheel1) + "; both act");
    }

    if (!(c.tireLoadFilter.maxNormalisedLoad > c.tireLoadFilter.minNormalisedLoad))
        problems.error("/tireLoadFilter/maxNormalisedLoad", "must be > minNormalisedLoad (" +
                                                                num(c.tireLoadFilter.minNormalisedLoad) + "), got " +
                                                                num(c.tireLoadFilter.maxNormalisedLoad));

    checkDrive(c, problems);
    checkSurfaces(c.surfaces, problems);
    checkIncreasing(c.controls.steerVsForwardSpeedTable, "/controls/steerVsForwardSpeedTable", "forward speed", problems);
    return problems;
}

}  // namespace jounce
