#pragma once
// One recorded run (docs/architecture.md "Runs and replay"): what it started from (vehicle
// snapshot, terrain reference, start pose), what the driver did on every step, every edit made
// while it ran, the bad-state resets, and its whole telemetry. Live keyboard and pad drives,
// maneuvers and replays are all recorded the same way by RunLogger; run files (RunFile.h) store one.

#include "run/InputTrack.h"
#include "run/TelemetryTrack.h"
#include "vehicle/Vehicle.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace jounce::sim {

/// An edit made while the run was going: the simulated time it took effect, and what changed
/// ("wheels[0..1].suspension.springStrength 35000 → 70000").
struct RunEdit {
    double time = 0.0;
    std::string text;
};

/// Something that happened to the run rather than by the driver's hand (a bad-state reset).
struct RunEvent {
    double time = 0.0;
    std::string text;
};

/// A handling figure of a maneuver run, as it was measured.
struct RunFigure {
    std::string id;
    std::string label;
    std::string unit;
    std::optional<double> value;
    std::string note;
};

/// The terrain a run was driven on: its name, and the file it came from ("" for the flat plane or
/// a terrain that was not read from a file).
struct TerrainReference {
    std::string name;
    std::string file;
};

struct RunLog {
    std::string name;      ///< "Run 3 (keyboard)", "Replay of Run 3", a file's name
    std::string source;    ///< "keyboard", "maneuver", "replay", "lockstep B", "csv"
    std::string maneuver;  ///< the maneuver's name when it was one
    /// The vehicle the run started with (null for a telemetry CSV opened as a reference).
    std::shared_ptr<const VehicleConfig> vehicle;
    TerrainReference terrain;
    SpawnPose start;
    double timeStep = 1.0 / 60.0;
    InputTrack inputs;
    std::vector<RunEdit> edits;
    std::vector<RunEvent> events;
    std::vector<RunFigure> figures;
    TelemetryTrack telemetry;
    /// The telemetry stopped before the inputs did (fewer frames than steps): how Jounce bounded a
    /// recording before its bound covered the inputs too; only run files of then have it.
    bool truncated = false;
    /// Steps the run went on for after its recording stopped at the recording bound (RunLogger):
    /// neither their inputs nor their telemetry were kept, so a replay ends where the recording did.
    std::uint64_t droppedSteps = 0;
    /// The recording bound the run was recorded with, bytes (when it dropped steps).
    std::uint64_t recordingBound = 0;

    /// Simulated time covered by the recording, s.
    double duration() const { return double(inputs.steps()) * timeStep; }
    /// What was dropped, in a sentence ("" when the whole run is held): run files carry it.
    std::string recordingNote() const;
    /// Bytes held: the tracks, the texts of the edits, events and figures.
    std::size_t memoryBytes() const;
    /// Whether the inputs can be replayed (a CSV reference has none).
    bool replayable() const { return vehicle && !inputs.empty(); }
};

}  // namespace jounce::sim
