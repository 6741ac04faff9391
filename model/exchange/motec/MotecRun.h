#pragma once
// What MoTeC's files say of a run besides its channels (docs/motec.md "Metadata" and "Beacons"):
// driver, vehicle, venue, event, session and date fields from the run, and the beacons i2 splits
// an outing into laps at -- here where each maneuver phase began, and each lap of a closed path.

#include "run/RunLog.h"
#include "scenario/Maneuver.h"

#include <ctime>
#include <string>
#include <vector>

namespace jounce::exchange {

struct MotecMetadata {
    std::string driver;        ///< "Jounce maneuver", "Jounce keyboard", ...
    std::string vehicle;       ///< the vehicle's name
    std::string venue;         ///< the terrain's name
    std::string event;         ///< the maneuver's name, else the run's source
    std::string session;       ///< the run's name
    std::string shortComment;  ///< "Jounce run"
    std::string longComment;   ///< the terrain file and the edits made during the run
    std::string date;          ///< "dd/mm/yyyy"
    std::string time;          ///< "HH:MM:SS"
    double vehicleMass = 0.0;  ///< kg, chassis and wheels (0 without a vehicle)
};

/// The run's metadata, dated `when` (local time): a run holds no date of its own, so the export's.
MotecMetadata motecMetadata(const sim::RunLog& run, std::time_t when);

/// A beacon: a time where i2 starts a new lap.
struct MotecBeacon {
    double time = 0.0;  ///< Jounce time, s
    std::string name;   ///< the phase that begins ("ramp"), or the lap completed ("ramp lap 2")
    bool lap = false;   ///< a lap of a closed path completed (not a phase start)
};

/// The beacons of a maneuver run: the maneuver is played again over the run's frames, as
/// analysis/Figures.h replayPhases does (the end conditions read nothing else, so the phases come
/// out as they ran). A phase begins at the time of the frame before its first frame, the end of the
/// step before; the first phase begins the log and has none. Within a phase whose path is closed
/// (a circle, a closed polyline), a beacon marks each time the vehicle has gone once more round the
/// path since the phase began. Empty for a run without a vehicle or frames.
std::vector<MotecBeacon> maneuverBeacons(const sim::RunLog& run, const sim::Maneuver& maneuver);

}  // namespace jounce::exchange
