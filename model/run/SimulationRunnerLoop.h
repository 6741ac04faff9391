#pragma once
// The state the simulation thread owns while it runs (SimulationRunner's private part, shared by
// its two source files). Created and destroyed on that thread, as every Bullet object must be.

#include "run/RunLogger.h"
#include "run/RunRecorder.h"
#include "run/Simulation.h"
#include "run/SimulationRunner.h"
#include "analysis/FigureRecorder.h"
#include "world/TerrainGround.h"

#include <chrono>
#include <memory>

namespace jounce::sim {

/// The lockstep partner: a second vehicle in its own world, recorded like the first.
struct LockstepPartner {
    LockstepPartner(SimulationRunner& runner, std::shared_ptr<Ground> ground, std::shared_ptr<const VehicleConfig> vehicle,
                    const SpawnPose& start)
        : config(vehicle),
          sim(std::move(ground), std::move(vehicle), start),
          recorder(sim),
          history([&runner](const StepRecord& step) { runner.partnerTelemetry().push(step.frame); })
    {
        recorder.addObserver(history);
        recorder.addObserver(logger);
    }
    std::shared_ptr<const VehicleConfig> config;
    Simulation sim;
    RunRecorder recorder;
    StepCallback history;
    RunLogger logger;
};

struct SimulationRunner::Loop {
    using Clock = std::chrono::steady_clock;

    Loop(SimulationRunner& runner, std::shared_ptr<const VehicleConfig> vehicle, std::shared_ptr<const Terrain> ground,
         bool startPaused)
        : terrain(std::move(ground)),
          config(vehicle),
          sim(makeGround(terrain), std::move(vehicle), startPose(terrain.get())),
          recorder(sim),
          history([&runner](const StepRecord& step) { runner.ring_.push(step.frame); }),
          paused(startPaused)
    {
        recorder.addObserver(history);
        recorder.addObserver(figures);
        recorder.addObserver(logger);
    }

    std::shared_ptr<const Terrain> terrain;
    TerrainReference terrainReference;
    std::shared_ptr<const VehicleConfig> config;  ///< the one the simulation has
    Simulation sim;
    RunRecorder recorder;
    StepCallback history;    // every frame to the telemetry ring
    FigureRecorder figures;  // the figures of every maneuver that ends, from all of its frames
    RunLogger logger;        // the run being recorded
    std::unique_ptr<LockstepPartner> partner;
    std::shared_ptr<const RunLog> lastFinished;
    int runNumber = 0;
    ManualInput driverInput;  ///< the driver's keys, given back to the vehicle after a replay
    bool paused;
    bool realTime = true;
    bool keepDriving = false;
    double maneuverEndTime = 0.0;
    bool replayFinished = false;
    int stepsRequested = 0;
    std::uint64_t steps = 0;
    bool maneuverStarted = false;
    std::vector<std::pair<double, std::string>> phases;  ///< the running maneuver's phase starts
    int lastPhase = -1;
    std::uint64_t phasesRevision = 0;  ///< increases whenever `phases` changes
    std::uint64_t phasesPublished = 0;
    std::string error;
    Clock::time_point paceStart = Clock::now();
    double pacedTime = 0.0;  // simulated time since paceStart
    Clock::time_point rateStart = Clock::now();
    double rateSim = 0.0;
    double rtf = 0.0;
};

}  // namespace jounce::sim
