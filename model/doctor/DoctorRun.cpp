#include "DoctorRun.h"

#include "LiveDoctor.h"
#include "config/ParameterPaths.h"
#include "run/RunRecorder.h"
#include "run/Simulation.h"
#include "run/UnknownSurfaces.h"
#include "world/TerrainGround.h"

namespace jounce::doctor {

RunDiagnosis diagnoseRun(std::shared_ptr<const VehicleConfig> config, std::shared_ptr<const sim::Terrain> terrain,
                         const sim::Maneuver& maneuver, double maxDuration)
{
    LiveDoctor doctor(*config);
    sim::Simulation simulation(sim::makeGround(terrain), config, sim::startPose(terrain.get()));
    sim::RunRecorder recorder(simulation);
    sim::StepCallback live([&doctor](const sim::StepRecord& step) { doctor.addFrame(step.frame); });
    recorder.addObserver(live);
    recorder.startManeuver(maneuver, maxDuration);
    recorder.runManeuver();
    RunDiagnosis out;
    out.findings = doctor.findings();
    out.simulatedTime = simulation.time();
    out.distance = simulation.distance();
    out.finalSpeed = simulation.frame().vehicle(telemetry::VehicleChannel::ForwardSpeed);
    out.finalGear = static_cast<int>(simulation.frame().vehicle(telemetry::VehicleChannel::Gear));
    out.completed = !simulation.failed() && simulation.maneuver() && !simulation.maneuver()->timedOut();
    out.resets = simulation.resetCount();
    // A failed run (reset on every step) reports its failure where resets are reported.
    out.lastResetReason = simulation.failed() ? simulation.failure() : simulation.lastResetReason();
    if (const std::string note = sim::unknownSurfacesNote(simulation);
        !note.empty()) {
        Finding f;
        f.id = "run.unknownSurface";
        f.severity = Severity::Warning;
        f.parameters = {config::param::surfaces::surfaceTypes.str(), config::param::surfaces::friction.str()};
        f.reason = note + ", as PhysX does: this run's grip there is not the vehicle's on that surface. Add the "
                          "surface's name to surfaces.surfaceTypes with a friction row for it";
        f.guideSection = "§1.15 PxVehicleDrivableSurfaceToTireFrictionPairs";
        out.findings.push_back(std::move(f));
    }
    return out;
}

}  // namespace jounce::doctor
