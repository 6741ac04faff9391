// Figures of closed-loop runs: path tracking (lane change, slalom, cones) and gap keeping.
#include "analysis/FigureAnalysis.h"

#include "scenario/GapKeeper.h"

namespace jounce::sim::figures {
namespace {

/// Distance from a point to the footprint rectangle of a vehicle state (0 inside).
double footprintDistance(const VehicleTraits& v, const VehicleState& s, Vec2 p)
{
    const Vec2 l = s.pose().toLocal(p);
    const double dx = std::max({l.x - v.frontExtent, -v.rearExtent - l.x, 0.0});
    const double dy = std::max({std::fabs(l.y) - v.halfWidth, 0.0});
    return std::hypot(dx, dy);
}

}  // namespace


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

}  // namespace jounce::sim::figures
