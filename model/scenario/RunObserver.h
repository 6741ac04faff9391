#pragma once
// What watches a run, step by step: the observer interface of run/RunRecorder. It lives here,
// below run/ and analysis/, so that observers in any layer (the figures in analysis/, the live
// doctor, CSV and trace writers) can implement it without depending on the recorder.
//
// A "maneuver run" is the steps from the maneuver's start until it ends by its own end conditions
// or its time limit: observers hear maneuverStarted(), then stepped() for every step (inManeuver
// true), then maneuverEnded(). Steps outside a maneuver (keyboard driving) reach stepped() with
// inManeuver false.

#include "config/VehicleConfig.h"
#include "scenario/Geometry2D.h"
#include "scenario/Maneuver.h"
#include "scenario/ManualInput.h"
#include "telemetry/Frame.h"

#include <functional>

namespace jounce::sim {

/// One step as observers see it.
struct StepRecord {
    const telemetry::Frame& frame;  ///< the frame after the step
    int phase = -1;                 ///< the maneuver phase it was stepped in; -1 outside a maneuver
    bool inManeuver = false;        ///< taken while a maneuver ran: part of that maneuver's run
    bool reset = false;             ///< the step ended in a bad-state reset
    const ManualInput* input = nullptr;  ///< what the driver asked of the step (Simulation::lastInput())
};

/// The start or end of a maneuver run.
struct ManeuverRun {
    const Maneuver& maneuver;       ///< as given to startManeuver()
    const VehicleConfig& vehicle;   ///< the configuration now (it may change live during a run)
    PlanarPose start;               ///< where the run started (Simulation::runStartPose())
    bool completed = false;         ///< at the end: by its own conditions, not the time limit or a failure
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

}  // namespace jounce::sim
