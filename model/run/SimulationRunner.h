#pragma once
// The simulation on its own thread (conventions.md "Threads"). The thread owns the Bullet world; other
// threads talk to it only through a mailbox of commands that it reads between steps, and read its
// telemetry from a lock-free ring. It runs paced to the wall clock (real time) or as fast as it
// can, and never waits for its readers.

#include "scenario/ManualInput.h"
#include "analysis/Figures.h"
#include "run/RunLog.h"
#include "scenario/Maneuver.h"
#include "telemetry/FrameRing.h"
#include "vehicle/Vehicle.h"
#include "world/Terrain.h"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <variant>
#include <vector>

namespace jounce::sim {

class SimulationRunner {
public:
    struct Status {
        double time = 0.0;          ///< simulated time since the last reset, s
        std::uint64_t steps = 0;    ///< steps since the runner started
        bool paused = false;
        bool realTime = true;
        int resets = 0;             ///< bad states caught and reset
        std::string lastResetReason;
        /// Why the simulation stopped (Simulation::failure()): it waits for a new configuration,
        /// terrain or a reset. "" while it runs.
        std::string failure;
        bool maneuverRunning = false;
        bool maneuverFinished = false;  ///< the last started maneuver has ended
        /// Simulated time at which the last maneuver ended (the time its figures and the CLI's
        /// summary give), s; the runner pauses there unless told to keep driving.
        double maneuverEndTime = 0.0;
        double maneuverProgress = 0.0;
        std::string maneuverPhase;
        /// Where each phase of the last started maneuver began: the time of its first step (for
        /// the charts' phase markers; polling maneuverPhase would miss phases shorter than a poll).
        std::vector<std::pair<double, std::string>> maneuverPhases;
        double realTimeFactor = 0.0;    ///< simulated / wall time over the last second
        std::string error;              ///< a command that could not be applied (e.g. a bad terrain)
        /// The handling figures of the last maneuver that ran to its end, computed on the
        /// simulation thread from every frame of the run (the telemetry ring may drop frames).
        std::vector<Figure> figures;
        std::uint64_t figuresRun = 0;   ///< increases with every finished maneuver
        /// Runs recorded and finished so far (takeFinishedRuns() hands them over).
        std::uint64_t runsFinished = 0;
        std::string runName;            ///< the run being recorded
        bool replaying = false;
        double replayProgress = 0.0;    ///< [0, 1] of the running replay
        bool replayFinished = false;    ///< the last started replay has played all its inputs
        bool lockstep = false;          ///< a second vehicle is driven with the same inputs
        std::string partnerFailure;     ///< why the second vehicle stopped ("" while it runs)
    };

    /// Starts the thread, paused or running, real time by default.
    SimulationRunner(std::shared_ptr<const VehicleConfig> config, std::shared_ptr<const Terrain> terrain,
                     bool startPaused = false, std::size_t ringCapacity = 1 << 14);
    ~SimulationRunner();
    SimulationRunner(const SimulationRunner&) = delete;
    SimulationRunner& operator=(const SimulationRunner&) = delete;

    // Commands: applied in order before the next step.
    /// A new configuration, live from the next step. A non-empty `editText` says what changed
    /// ("wheels[0..1].suspension.springStrength 35000 → 70000"): it is recorded with the run.
    void setConfig(std::shared_ptr<const VehicleConfig> config, std::string editText = {});
    /// A new terrain; `reference` (its name and file) goes into the runs recorded on it.
    void setTerrain(std::shared_ptr<const Terrain> terrain, TerrainReference reference = {});
    /// Where runs and maneuvers (without a position of their own) start from now on; the vehicle
    /// is reset there. A new terrain brings back its own start.
    void setStartPose(const SpawnPose& start);
    void setManualInput(const ManualInput& input);
    void startManeuver(const Maneuver& maneuver);
    void stopManeuver();
    void pause();
    void resume();
    void stepOnce();
    void reset();
    void setRealTime(bool realTime);
    /// Whether the run goes on after a maneuver ends (off by default: it pauses at the maneuver's
    /// last step, so its telemetry is not pushed out of a bounded history by idling).
    void setKeepDrivingAfterManeuver(bool keepDriving);

    /// Replays a recorded run's inputs from its start pose with the vehicle as it is now
    /// (docs/architecture.md "Runs and replay"). Null: the run being recorded if it has steps,
    /// else the last finished one. Ends the run being recorded; the replay is recorded as a new run.
    void replay(std::shared_ptr<const RunLog> run = nullptr);
    /// A/B lockstep: a second vehicle, in its own simulation on the same terrain and start, stepped
    /// together with the first and driven by the same input (null ends it). Its frames arrive in
    /// partnerTelemetry(); the runs restart.
    void setPartner(std::shared_ptr<const VehicleConfig> config);

    /// Hands over a copy of the run being recorded, as it is so far (to save it while it goes on);
    /// it arrives with the finished runs. Nothing when it has no steps yet.
    void snapshotRun();

    /// Telemetry frames, one per step, for a single reader.
    telemetry::FrameRing& telemetry() { return ring_; }
    /// The lockstep partner's frames, one per step while lockstep is on.
    telemetry::FrameRing& partnerTelemetry() { return partnerRing_; }
    /// The runs finished since the last call, oldest first (a reset, a new start, terrain or
    /// maneuver, a replay, or lockstep ends the run being recorded). Each is whole and immutable.
    std::vector<std::shared_ptr<const RunLog>> takeFinishedRuns();
    Status status() const;

private:
    struct SetConfig { std::shared_ptr<const VehicleConfig> config; std::string editText; };
    struct SetTerrain { std::shared_ptr<const Terrain> terrain; TerrainReference reference; };
    struct Replay { std::shared_ptr<const RunLog> run; };
    struct SetPartner { std::shared_ptr<const VehicleConfig> config; };
    struct Snapshot {};
    struct SetInput { ManualInput input; };
    struct StartManeuver { Maneuver maneuver; };
    struct StopManeuver {};
    struct Pause { bool paused; };
    struct StepOnce {};
    struct Reset {};
    struct SetRealTime { bool realTime; };
    struct SetKeepDriving { bool keepDriving; };
    struct SetStart { SpawnPose start; };
    using Command = std::variant<SetConfig, SetTerrain, SetInput, StartManeuver, StopManeuver, Pause, StepOnce, Reset,
                                 SetRealTime, SetKeepDriving, SetStart, Replay, SetPartner, Snapshot>;

    struct Loop;

    void post(Command command);
    /// The thread's commands, its status and its pacing, between steps.
    void apply(Loop& loop, Command& command);
    void publishStatus(Loop& loop);
    /// Ends the run being recorded (kept when it has steps) and starts recording a new one.
    void newRun(Loop& loop, std::string source, std::string maneuver = {});
    /// Both vehicles back at rest at `pose`, and a new run.
    void restart(Loop& loop, const SpawnPose& pose);
    void startReplay(Loop& loop, std::shared_ptr<const RunLog> run);
    void snapshot(Loop& loop);
    void startPartner(Loop& loop, std::shared_ptr<const VehicleConfig> config);
    /// One step of the vehicle (and its lockstep partner), with the end of a maneuver or replay.
    void step(Loop& loop);
    void pace(Loop& loop, std::stop_token stop);
    void run(std::stop_token stop, std::shared_ptr<const VehicleConfig> config, std::shared_ptr<const Terrain> terrain,
             bool paused);

    telemetry::FrameRing ring_;
    telemetry::FrameRing partnerRing_;
    mutable std::mutex mutex_;  // guards commands_, status_ and finished_
    std::condition_variable_any wake_;
    std::vector<Command> commands_;
    Status status_;
    std::vector<std::shared_ptr<const RunLog>> finished_;
    std::jthread thread_;  // last: starts after everything above exists
};

}  // namespace jounce::sim
