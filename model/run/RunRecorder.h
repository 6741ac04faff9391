#pragma once
// The one loop every run goes through: the CLI's `run`, compare's batch runs, the doctor's
// diagnosed runs and the GUI's simulation thread all step a Simulation through a RunRecorder,
// which hands every step's telemetry frame, and the maneuver phase it was stepped in, to its
// observers (figures, the live doctor, CSV, traces, the GUI's history). What each of them sees is
// therefore the same by construction.
//
// A "maneuver run" is the steps from startManeuver() until the maneuver ends by its own end
// conditions or its time limit: observers hear maneuverStarted(), then stepped() for every step
// (inManeuver true), then maneuverEnded(). Steps outside a maneuver (keyboard driving) reach
// stepped() with inManeuver false.

#include "run/InputTrack.h"
#include "run/Simulation.h"
#include "scenario/RunObserver.h"

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

namespace jounce::sim {

/// Cancel and progress for RunRecorder::runManeuver.
struct ManeuverControl {
    const std::atomic<bool>* cancel = nullptr;  ///< checked before every step
    /// Called with the maneuver's progress whenever it has grown by 1/20 since the last call.
    std::function<void(double fraction)> progress;
};

class RunRecorder {
public:
    /// Steps `simulation`, which must outlive the recorder.
    explicit RunRecorder(Simulation& simulation) : sim_(simulation) {}

    /// Observers are not owned; they must outlive the recorder or be removed first.
    void addObserver(RunObserver& observer) { observers_.push_back(&observer); }
    void removeObserver(RunObserver& observer);

    /// The most steps one maneuver run may take, whatever its duration and time step: 46 hours at
    /// 60 Hz, 1000 s at the 10 kHz floor of the time step (about 35 s of wall time at 3.4 us per step).
    static constexpr std::uint64_t kMaxRunSteps = 10'000'000;
    /// The longest maneuver run at time step `dt` (kMaxRunSteps steps), s.
    static double maxRunDuration(double dt) { return static_cast<double>(kMaxRunSteps) * dt; }

    /// Simulation::startManeuver, announced to the observers. The run's time limit is capped at
    /// maxRunDuration(), so that a run always ends in bounded time.
    void startManeuver(const Maneuver& maneuver, double maxDuration = ManeuverPlayer::kDefaultMaxDuration);
    /// One step, seen by every observer; ends the maneuver run when the maneuver ends with it.
    /// Returns false when the simulation had to reset the vehicle.
    bool step();

    /// Steps until the running maneuver ends. False when it was cancelled first.
    bool runManeuver(const ManeuverControl& control);
    bool runManeuver() { return runManeuver(ManeuverControl{}); }

    /// Replays recorded driver inputs (docs/architecture.md "Runs and replay"): the simulation
    /// restarts at rest at `start`, and step() feeds it the track's input of each step until the
    /// track ends. The same inputs with the same vehicle give the same telemetry, bit for bit.
    void startReplay(std::shared_ptr<const InputTrack> inputs, const SpawnPose& start);
    void stopReplay() { replay_.reset(); }
    bool replaying() const { return replay_ != nullptr; }
    /// Steps replayed so far of the running (or last) replay.
    std::uint64_t replayedSteps() const { return replayStep_; }
    /// Steps of the running replay's inputs (0 when none runs).
    std::uint64_t replayLength() const { return replay_ ? replay_->steps() : 0; }
    /// Steps until the replay ends. False when it was cancelled first.
    bool runReplay(const ManeuverControl& control);
    bool runReplay() { return runReplay(ManeuverControl{}); }

    Simulation& simulation() { return sim_; }
    const Simulation& simulation() const { return sim_; }
    std::uint64_t steps() const { return steps_; }

private:
    Simulation& sim_;
    std::vector<RunObserver*> observers_;
    Maneuver maneuver_;  ///< the running maneuver as given, for maneuverEnded()
    std::uint64_t steps_ = 0;
    std::shared_ptr<const InputTrack> replay_;
    std::uint64_t replayStep_ = 0;
};

}  // namespace jounce::sim
