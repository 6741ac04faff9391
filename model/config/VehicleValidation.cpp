#include "VehicleValidation.h"

#include "ParameterRegistry.h"

#include <cmath>
#include <set>
#include <string>

namespace jounce {
namespace {

std::string num(double v) { return config::Json(v).dump(); }
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

    // §1.5 setter: x0 = 0, y0 > 0, x1 > 0, y1 >= y0, x2 > x1, y2 <= y1.
    const auto& g = w.tire.frictionVsSlipGraph;
    const std::string gp = p + "/tire/frictionVsSlipGraph";
    if (g.size() == 3) {
        if (g[0].x != 0.0)
            problems.error(gp + "/0/0", "the first point's slip must be 0, got " + num(g[0].x));
        if (!(g[0].y > 0))
            problems.error(gp + "/0/1", "the friction at zero slip must be > 0, got " + num(g[0].y));
        if (!(g[1].x > 0))
            problems.error(gp + "/1/0", "the second point's slip must be > 0, got " + num(g[1].x));
        if (!(g[1].y >= g[0].y))
            problems.error(gp + "/1/1", "the peak friction must be >= the friction at zero slip (" + num(g[0].y) +
                                            "), got " + num(g[1].y));
        if (!(g[2].x > g[1].x))
            problems.error(gp + "/2/0", "the third point's slip must be > the second's (" + num(g[1].x) + "), got " +
                                            num(g[2].x));
        if (!(g[2].y <= g[1].y))
            problems.error(gp + "/2/1", "the sliding friction must be <= the peak friction (" + num(g[1].y) +
                                            "), got " + num(g[2].y));
    }

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

}  // namespace

Problems validateVehicle(const VehicleConfig& c)
{
    Problems problems;
    config::ParameterRegistry::instance().validateValues(c, problems);

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
