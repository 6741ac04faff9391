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

#include "run/Simulation.h"

#include <atomic>
#include <functional>
#include <vector>

namespace jounce::sim {

/// One step as observers see it.
struct StepRecord {
    const telemetry::Frame& frame;  ///< the frame after the step
    int phase = -1;                 ///< the maneuver phase it was stepped in; -1 outside a maneuver
    bool inManeuver = false;        ///< taken while a maneuver ran: part of that maneuver's run
    bool reset = false;             ///< the step ended in a bad-state reset
};

/// The start or end of a maneuver run.
struct ManeuverRun {
    const Maneuver& maneuver;       ///< as given to startManeuver()
    const VehicleConfig& vehicle;   ///< the configuration now (it may change live during a run)
    PlanarPose start;               ///< where the run started (Simulation::runStartPose())
    bool completed = false;         ///< at the end: by its own conditions, not the time limit
};

class RunObserver {
public:
    virtual ~RunObserver() = default;
    virtual void maneuverStarted(const ManeuverRun&) {}
    virtual void stepped(const StepRecord& step) = 0;
    virtual void maneuverEnded(const ManeuverRun&) {}
};

/// An observer made of a function, for the odd per-step task of one caller.
class StepCallback final : public RunObserver {
public:
    explicit StepCallback(std::function<void(const StepRecord&)> f) : f_(std::move(f)) {}
    void stepped(const StepRecord& step) override { f_(step); }

private:
    std::function<void(const StepRecord&)> f_;
};

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

    /// Simulation::startManeuver, announced to the observers.
    void startManeuver(const Maneuver& maneuver, double maxDuration = ManeuverPlayer::kDefaultMaxDuration);
    /// One step, seen by every observer; ends the maneuver run when the maneuver ends with it.
    /// Returns false when the simulation had to reset the vehicle.
    bool step();

    /// Steps until the running maneuver ends. False when it was cancelled first.
    bool runManeuver(const ManeuverControl& control);
    bool runManeuver() { return runManeuver(ManeuverControl{}); }

    Simulation& simulation() { return sim_; }
    const Simulation& simulation() const { return sim_; }
    std::uint64_t steps() const { return steps_; }

private:
    Simulation& sim_;
    std::vector<RunObserver*> observers_;
    Maneuver maneuver_;  ///< the running maneuver as given, for maneuverEnded()
    std::uint64_t steps_ = 0;
};

}  // namespace jounce::sim
