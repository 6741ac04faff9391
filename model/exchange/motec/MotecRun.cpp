#include "MotecRun.h"

#include "json/JsonText.h"
#include "scenario/ManeuverPlayer.h"
#include "scenario/VehicleState.h"

#include <cmath>
#include <limits>

namespace jounce::exchange {
namespace {

/// Counts the laps of a closed path: the arc length covered since the phase began, unwrapped.
class LapCounter {
public:
    /// A phase begins with the vehicle at `at` (where the step before its first frame left it).
    void begin(sim::Vec2 at)
    {
        started_ = false;
        at_ = at;
    }
    /// The fraction of the step into `at` at which another lap completed, or a negative number.
    double advance(const sim::Path& path, sim::Vec2 at)
    {
        const double length = path.length();
        if (!started_) {
            const sim::Path::Projection p = path.project(at_);
            hint_ = p.segment;
            s_ = p.s;
            covered_ = 0.0;
            laps_ = 0;
            started_ = true;
        }
        // The window the player tracks a path with: far enough ahead for a step, never a lap.
        const sim::Path::Projection p = path.project(at, hint_, 20, 400);
        hint_ = p.segment;
        double ds = p.s - s_;
        if (ds > 0.5 * length)
            ds -= length;
        else if (ds < -0.5 * length)
            ds += length;
        s_ = p.s;
        const double before = covered_;
        covered_ += ds;
        const double goal = double(laps_ + 1) * length;
        if (!(length > 0.0) || covered_ < goal || !(ds > 0.0))
            return -1.0;
        ++laps_;
        return (goal - before) / ds;
    }
    int laps() const { return laps_; }

private:
    sim::Vec2 at_;
    bool started_ = false;
    std::size_t hint_ = 0;
    double s_ = 0.0;
    double covered_ = 0.0;
    int laps_ = 0;
};

std::string commentOf(const sim::RunLog& run)
{
    std::string text = "Recorded by Jounce";
    if (!run.terrain.file.empty())
        text += "; terrain file " + run.terrain.file;
    if (run.truncated || run.droppedSteps > 0)
        text += "; " + run.recordingNote();
    for (const sim::RunEdit& e : run.edits) {
        text += "; at " + json::formatNumber(e.time) + " s: " + e.text;
        if (text.size() > 1023)
            break;
    }
    return text;
}

}  // namespace

MotecMetadata motecMetadata(const sim::RunLog& run, std::time_t when)
{
    MotecMetadata m;
    m.driver = run.source.empty() ? "Jounce" : "Jounce " + run.source;
    m.vehicle = run.vehicle ? run.vehicle->name : std::string();
    m.venue = run.terrain.name;
    m.event = run.maneuver.empty() ? run.source : run.maneuver;
    m.session = run.name;
    m.shortComment = "Jounce run";
    m.longComment = commentOf(run);
    m.vehicleMass = run.vehicle ? run.vehicle->chassis.mass : 0.0;
    std::tm local{};
    localtime_r(&when, &local);
    char date[16], time[16];
    std::strftime(date, sizeof date, "%d/%m/%Y", &local);
    std::strftime(time, sizeof time, "%H:%M:%S", &local);
    m.date = date;
    m.time = time;
    return m;
}

std::vector<MotecBeacon> maneuverBeacons(const sim::RunLog& run, const sim::Maneuver& maneuver)
{
    std::vector<MotecBeacon> out;
    const sim::TelemetryTrack& track = run.telemetry;
    if (!run.vehicle || track.empty() || maneuver.phases.empty())
        return out;
    sim::ManeuverPlayer player(maneuver, std::numeric_limits<double>::infinity());
    player.setVehicle(*run.vehicle, sim::PlanarPose{run.start.x, run.start.y, run.start.heading});
    LapCounter laps;
    int phase = -2;  // none yet
    sim::Vec2 last{run.start.x, run.start.y};
    for (std::size_t i = 0; i < track.size(); ++i) {
        const int now = player.finished() ? -1 : player.phaseIndex();
        if (now != phase) {
            if (now >= 0 && i > 0)
                out.push_back({track.time(i - 1), maneuver.phases[std::size_t(now)].name, false});
            phase = now;
            laps.begin(last);
        }
        const sim::VehicleState s = sim::vehicleStateFromFrame(track.frame(i));
        player.afterStep({.dt = run.timeStep, .forwardSpeed = s.forwardSpeed, .distance = 0.0, .state = s});
        // afterStep places the path of the phase it accounts for before it may end that phase, so
        // path() is frame i's phase's path here.
        const sim::PathGeometry* path = now >= 0 ? player.path() : nullptr;
        if (path && path->path.closed()) {
            const double fraction = laps.advance(path->path, {s.x, s.y});
            if (fraction >= 0.0) {
                const double before = i > 0 ? track.time(i - 1) : track.time(i) - run.timeStep;
                out.push_back({before + fraction * (track.time(i) - before),
                               maneuver.phases[std::size_t(now)].name + " lap " + std::to_string(laps.laps()), true});
            }
        }
        last = {s.x, s.y};
    }
    return out;
}

}  // namespace jounce::exchange
