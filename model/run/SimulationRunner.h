#pragma once
// The simulation on its own thread (conventions.md "Threads"). The thread owns the Bullet world; other
// threads talk to it only through a mailbox of commands that it reads between steps, and read its
// telemetry from a lock-free ring. It runs paced to the wall clock (real time) or as fast as it
// can, and never waits for its readers.

#include "scenario/ManualInput.h"
#include "analysis/Figures.h"
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
        double realTimeFactor = 0.0;    ///< simulated / wall time over the last second
        std::string error;              ///< a command that could not be applied (e.g. a bad terrain)
        /// The handling figures of the last maneuver that ran to its end, computed on the
        /// simulation thread from every frame of the run (the telemetry ring may drop frames).
        std::vector<Figure> figures;
        std::uint64_t figuresRun = 0;   ///< increases with every finished maneuver
    };

    /// Starts the thread, paused or running, real time by default.
    SimulationRunner(std::shared_ptr<const VehicleConfig> config, std::shared_ptr<const Terrain> terrain,
                     bool startPaused = false, std::size_t ringCapacity = 1 << 14);
    ~SimulationRunner();
    SimulationRunner(const SimulationRunner&) = delete;
    SimulationRunner& operator=(const SimulationRunner&) = delete;

    // Commands: applied in order before the next step.
    void setConfig(std::shared_ptr<const VehicleConfig> config);
    void setTerrain(std::shared_ptr<const Terrain> terrain);
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

    /// Telemetry frames, one per step, for a single reader.
    telemetry::FrameRing& telemetry() { return ring_; }
    Status status() const;

private:
    struct SetConfig { std::shared_ptr<const VehicleConfig> config; };
    struct SetTerrain { std::shared_ptr<const Terrain> terrain; };
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
                                 SetRealTime, SetKeepDriving, SetStart>;

    struct Loop;

    void post(Command command);
    /// The thread's commands, its status and its pacing, between steps.
    void apply(Loop& loop, Command& command);
    void publishStatus(const Loop& loop);
    void pace(Loop& loop, std::stop_token stop);
    void run(std::stop_token stop, std::shared_ptr<const VehicleConfig> config, std::shared_ptr<const Terrain> terrain,
             bool paused);

    telemetry::FrameRing ring_;
    mutable std::mutex mutex_;  // guards commands_ and status_
    std::condition_variable_any wake_;
    std::vector<Command> commands_;
    Status status_;
    std::jthread thread_;  // last: starts after everything above exists
};

}  // namespace jounce::sim
