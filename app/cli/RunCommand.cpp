// jounce-cli run: a vehicle through a maneuver on a terrain in batch mode, with a summary, the
// handling figures the maneuver measures (as text or JSON), an optional telemetry CSV, an optional
// pose CSV for Simulink 3D actors, run file and MoTeC log, and parameter overrides for scripted sweeps.

#include "CliCommands.h"
#include "MathChannels.h"

#include "config/EditSession.h"
#include "config/VehicleJson.h"
#include "exchange/motec/LdWriter.h"
#include "json/JsonText.h"
#include "json/TextFile.h"
#include "run/RunFile.h"
#include "run/RunLogger.h"
#include "run/RunRecorder.h"
#include "run/Simulation.h"
#include "run/TelemetryCsvRecorder.h"
#include "run/UnknownSurfaces.h"
#include "world/TerrainGround.h"
#include "analysis/FigureRecorder.h"
#include "scenario/ManeuverJson.h"
#include "analysis/SimulinkPoses.h"
#include "world/TerrainJson.h"
#include "world/TerrainStartJson.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>

namespace jounce::cli {
namespace {

/// What a run needs, read and checked before it starts.
struct RunSetup {
    std::shared_ptr<const sim::RunLog> replayed;  // --inputs
    std::string terrainFile;  // --terrain, else the replayed run's terrain; "" for the flat plane
    std::shared_ptr<const VehicleConfig> config;  // the vehicle file with the --set edits
    std::shared_ptr<const sim::Terrain> terrain;  // null: the flat plane
    sim::Maneuver maneuver;  // --maneuver, or a stand-in named for the replay or the idle run
    sim::SpawnPose start;
};

/// What a finished run measured besides its figures.
struct RunStats {
    double wall = 0.0;  // s, the run itself without the setup
    std::uint64_t steps = 0;
    double maxLatAccel = 0.0;  // m/s^2
};

/// A run file's terrain reference as a path that exists: as written (absolute, or relative to
/// the working folder), else relative to the run file's folder. "" for the flat plane.
std::string terrainOfRun(const sim::RunLog& run, const std::string& runPath)
{
    const std::string& file = run.terrain.file;
    if (file.empty() || file.front() == '/' || std::ifstream(file).good())
        return file;
    const std::size_t slash = runPath.find_last_of('/');
    const std::string beside = (slash == std::string::npos ? std::string() : runPath.substr(0, slash + 1)) + file;
    return std::ifstream(beside).good() ? beside : file;
}

/// `--start`: "X,Y" or "X,Y,HEADING" (m, m, rad), or the name of one of the terrain's start points
/// (which never reads as coordinates: the terrain reader refuses such names). Returns the pose, or
/// nullopt with `error` set.
std::optional<sim::SpawnPose> resolveStart(const std::string& spec, const sim::Terrain* terrain, std::string& error)
{
    if (const std::optional<sim::TerrainStart> at = sim::startCoordinates(spec)) {
        const double limit = sim::terrain_limits::kMaxCoordinate;
        if (std::fabs(at->x) <= limit && std::fabs(at->y) <= limit && std::fabs(at->heading) <= limit)
            return sim::SpawnPose{at->x, at->y, at->heading};
        error = "--start " + spec + ": coordinates and heading lie within +-" + json::formatNumber(limit);
        return std::nullopt;
    }
    if (terrain)
        if (const sim::TerrainStart* named = terrain->findStart(spec))
            return sim::SpawnPose{named->x, named->y, named->heading};
    std::string names;
    if (terrain)
        for (const sim::NamedStart& s : terrain->startPoints)
            names += (names.empty() ? "" : ", ") + s.name;
    error = "--start " + spec + ": write X,Y[,HEADING] (m, m, rad) or the name of a start point of the terrain (" +
            (names.empty() ? std::string(terrain ? "it has none" : "the flat plane has none") : "it has: " + names) + ")";
    return std::nullopt;
}

void printFigures(const std::vector<sim::Figure>& figures)
{
    if (figures.empty()) {
        std::printf("figures:                  none (no phase of this maneuver is measured)\n");
        return;
    }
    std::printf("figures:\n");
    for (std::size_t i = 0; i < figures.size(); ++i) {
        const sim::Figure& f = figures[i];
        std::string line = "  " + f.label + ":";
        line.resize(std::max<std::size_t>(line.size() + 1, 48), ' ');
        line += f.value ? sim::formatFigure(f) : "n/a";
        if (!f.note.empty()) {
            line.resize(std::max<std::size_t>(line.size() + 2, 62), ' ');
            line += f.note;
        }
        std::printf("%s\n", line.c_str());
        // Which maneuver and procedure produce the figures, once per group.
        if (i + 1 == figures.size() || figures[i + 1].source != f.source)
            std::printf("    (from %s)\n", f.source.c_str());
    }
}

void printFiguresJson(const std::vector<sim::Figure>& figures, const VehicleConfig& vehicle,
                      const sim::Terrain* terrain, const sim::ManeuverPlayer& player)
{
    json::Json out = json::Json::object();
    out["vehicle"] = vehicle.name;
    out["terrain"] = terrain ? terrain->name : "flat plane";
    out["maneuver"] = player.maneuver().name;
    out["completed"] = !player.timedOut();
    json::Json list = json::Json::array();
    for (const sim::Figure& f : figures) {
        json::Json j = json::Json::object();
        j["id"] = f.id;
        j["label"] = f.label;
        j["unit"] = f.unit;
        j["measure"] = sim::measureName(f.measure);
        j["maneuver"] = f.source;
        if (!f.value)
            j["value"] = nullptr;
        else if (f.flag)
            j["value"] = *f.value != 0.0;
        else
            j["value"] = *f.value;
        j["note"] = f.note;
        list.push_back(std::move(j));
    }
    out["figures"] = std::move(list);
    std::cout << json::formatJson(out);
}

/// What a recorded run says of itself (the run file's header).
sim::RunLog describeRun(const RunOptions& o, const RunSetup& s, const sim::Simulation& simulation)
{
    const sim::RunLog* replayed = s.replayed.get();
    sim::RunLog log;
    log.source = replayed ? "replay" : o.maneuver.empty() ? "idle" : "maneuver";
    log.name = replayed ? "Replay of " + replayed->name : s.maneuver.name;
    log.maneuver = replayed ? replayed->maneuver : o.maneuver.empty() ? std::string() : s.maneuver.name;
    log.vehicle = s.config;
    log.terrain = sim::TerrainReference{s.terrain ? s.terrain->name : "flat plane", s.terrainFile};
    log.start = replayed ? s.start : simulation.runStartPose();
    log.timeStep = s.config->simulation.timeStep;
    return log;
}

void printReplaySummary(const sim::RunLog& replayed, const VehicleConfig& config, const sim::Terrain* terrain,
                        const sim::Simulation& simulation, double wall, std::uint64_t steps)
{
    const telemetry::Frame& last = simulation.frame();
    std::printf("vehicle:                  %s\n", config.name.c_str());
    std::printf("terrain:                  %s\n", terrain ? terrain->name.c_str() : "flat plane");
    std::printf("replayed:                 %s (%llu steps of driver input)\n", replayed.name.c_str(),
                static_cast<unsigned long long>(replayed.inputs.steps()));
    std::printf("simulated time:           %.3f s (%llu steps)\n", simulation.time(), static_cast<unsigned long long>(steps));
    std::printf("wall time:                %.3f s\n", wall);
    std::printf("final speed:              %.2f m/s\n", last.vehicle(telemetry::VehicleChannel::ForwardSpeed));
    std::printf("distance:                 %.1f m\n", simulation.distance());
    if (simulation.failed())
        std::printf("stopped:                  %s\n", simulation.failure().c_str());
    if (simulation.resetCount() > 0)
        std::printf("resets:                   %d (last: %s)\n", simulation.resetCount(), simulation.lastResetReason().c_str());
    if (const std::string note = sim::unknownSurfacesNote(simulation);
        !note.empty())
        std::printf("unknown surfaces:         %s\n", note.c_str());
}


void printManeuverSummary(const RunOptions& o, const RunSetup& s, const sim::Simulation& simulation,
                          const std::vector<sim::Figure>& figures, const RunStats& stats)
{
    const telemetry::Frame& last = simulation.frame();
    const sim::ManeuverPlayer& player = *simulation.maneuver();
    std::printf("vehicle:                  %s\n", s.config->name.c_str());
    std::printf("terrain:                  %s\n", s.terrain ? s.terrain->name.c_str() : "flat plane");
    std::printf("maneuver:                 %s (%d phases, %s)\n", player.maneuver().name.c_str(), player.phaseCount(),
                simulation.failed() ? "stopped: the vehicle cannot be simulated"
                : player.timedOut() ? "stopped at the time limit" : "completed");
    std::printf("simulated time:           %.3f s (%llu steps)\n", simulation.time(),
                static_cast<unsigned long long>(stats.steps));
    std::printf("wall time:                %.3f s\n", stats.wall);
    std::printf("real-time factor:         %.0f\n", stats.wall > 0 ? simulation.time() / stats.wall : 0.0);
    std::printf("final speed:              %.2f m/s\n", last.vehicle(telemetry::VehicleChannel::ForwardSpeed));
    std::printf("distance:                 %.1f m\n", simulation.distance());
    std::printf("max lateral acceleration: %.2f m/s^2\n", stats.maxLatAccel);
    std::printf("final gear:               %d\n", static_cast<int>(last.vehicle(telemetry::VehicleChannel::Gear)));
    if (simulation.resetCount() > 0)
        std::printf("resets:                   %d (last: %s)\n", simulation.resetCount(), simulation.lastResetReason().c_str());
    if (const std::string note = sim::unknownSurfacesNote(simulation);
        !note.empty())
        std::printf("unknown surfaces:         %s\n", note.c_str());
    if (!o.out.empty())
        std::printf("telemetry:                %s\n", o.out.c_str());
    if (!o.poses.empty())
        std::printf("poses:                    %s\n", o.poses.c_str());
    if (!o.record.empty())
        std::printf("run file:                 %s\n", o.record.c_str());
    if (!o.motec.empty())
        std::printf("MoTeC log:                %s and %s\n", o.motec.c_str(), exchange::ldxPathFor(o.motec).c_str());
    printFigures(figures);
}

/// How the options combine: 0, or 2 with the usage message printed.
int checkRunOptions(const RunOptions& o)
{
    if (o.vehicle.empty())
        return usageError("run needs --vehicle FILE");
    if (!o.inputs.empty() && (!o.maneuver.empty() || o.duration > 0))
        return usageError("run: --inputs replays a recorded run as it was; --maneuver and --duration do not apply");
    if (o.maneuver.empty() && o.duration <= 0 && o.inputs.empty())
        return usageError("run needs --maneuver FILE, --duration SECONDS or --inputs RUN_FILE");
    return 0;
}

/// --inputs: the recorded run, and its terrain unless --terrain names one. 0 or the exit code.
int loadReplay(const RunOptions& o, RunSetup& s)
{
    s.terrainFile = o.terrain;
    if (o.inputs.empty())
        return 0;
    sim::RunFileDocument doc = sim::loadRunFile(o.inputs);
    if (!doc.ok()) {
        printProblems(o.inputs, doc.problems);
        return 1;
    }
    printProblems(o.inputs, doc.problems);  // warnings: what the recording dropped
    s.replayed = doc.run;
    if (s.replayed->inputs.steps() > sim::RunRecorder::kMaxRunSteps) {
        std::cerr << "jounce-cli: run: " << o.inputs << " holds more than " << sim::RunRecorder::kMaxRunSteps
                  << " steps, more than a run may take\n";
        return 1;
    }
    if (s.terrainFile.empty())
        s.terrainFile = terrainOfRun(*s.replayed, o.inputs);
    return 0;
}

/// The vehicle file with the --set edits applied, and --duration checked against its time step.
/// 0 or the exit code (the problems printed).
int loadEditedVehicle(const RunOptions& o, RunSetup& s)
{
    config::VehicleFile vehicleDoc = config::loadVehicle(o.vehicle);
    if (!vehicleDoc.ok()) {
        printProblems(o.vehicle, vehicleDoc.problems);
        return 1;
    }
    // `--set PATH=VALUE`: VALUE is JSON (40000, true, [0.1, 1.0]); a bare word is a string (NW).
    config::EditList edits;
    for (const std::string& text : o.sets) {
        std::optional<config::Edit> edit = config::parseEditText(text);
        if (!edit) {
            std::cerr << "jounce-cli: --set " << text << ": write PATH=VALUE\n";
            return 1;
        }
        edits.push_back(std::move(*edit));
    }
    // One edit session: each leaf checked as it is set, the relations once on the result. The file
    // read without errors (its problems are the base's validation), so any error is a new one.
    const config::EditSession session(std::make_shared<const VehicleConfig>(std::move(vehicleDoc.config)),
                                      std::move(vehicleDoc.problems));
    const config::EditResult edited = session.apply(edits);
    if (edited.refusedEdit) {
        std::cerr << "jounce-cli: --set " << o.sets[*edited.refusedEdit] << ": " << edited.refusal << "\n";
        return 1;
    }
    if (!edited.ok()) {
        printProblems(o.vehicle + " (after --set)", edited.problems);
        return 1;
    }
    s.config = edited.config;
    const double timeStep = s.config->simulation.timeStep;
    if (const double steps = o.duration / timeStep; steps > double(sim::RunRecorder::kMaxRunSteps)) {
        std::cerr << "jounce-cli: run: --duration " << o.duration << " s at the time step of " << timeStep << " s is "
                  << std::llround(steps) << " steps, more than the " << sim::RunRecorder::kMaxRunSteps
                  << " a run may take; shorten it or lengthen /simulation/timeStep\n";
        return 2;
    }
    return 0;
}

/// The terrain, the maneuver (or a stand-in for a replay or an idle run) and the start pose.
/// 0 or the exit code.
int loadScene(const RunOptions& o, RunSetup& s)
{
    if (!s.terrainFile.empty()) {
        sim::TerrainDocument doc = sim::loadTerrain(s.terrainFile);
        if (!doc.ok()) {
            printProblems(s.terrainFile, doc.problems);
            return 1;
        }
        s.terrain = std::make_shared<const sim::Terrain>(std::move(doc.terrain));
    }
    if (s.replayed) {
        s.maneuver.name = "replay of " + s.replayed->name;
    } else if (!o.maneuver.empty()) {
        sim::ManeuverDocument doc = sim::loadManeuver(o.maneuver);
        if (!doc.ok()) {
            printProblems(o.maneuver, doc.problems);
            return 1;
        }
        s.maneuver = std::move(doc.maneuver);
    } else {
        s.maneuver.name = "idle";
        sim::ManeuverPhase idle;
        idle.name = "idle";
        idle.until.duration = o.duration;
        s.maneuver.phases.push_back(idle);
    }
    s.start = s.replayed ? s.replayed->start : sim::startPose(s.terrain.get());
    if (!o.start.empty()) {
        std::string error;
        const std::optional<sim::SpawnPose> pose = resolveStart(o.start, s.terrain.get(), error);
        if (!pose)
            return usageError("run: " + error);
        if (s.terrain && !s.terrain->field.contains(pose->x, pose->y))
            return usageError("run: --start " + o.start + " lies outside the terrain's extent");
        s.start = *pose;
    }
    return 0;
}

/// Commits an output written through a temporary file; false (and a message) when that fails.
bool commitOutput(json::AtomicFileWriter& writer, const std::string& file)
{
    if (const std::string err = writer.commit(); !err.empty()) {
        std::cerr << "jounce-cli: writing " << file << " failed: " << err << "\n";
        return false;
    }
    return true;
}

/// The recorded run as --record's run file and --motec's log; false (and a message) when one
/// cannot be written.
bool writeRecording(const RunOptions& o, const RunSetup& s, std::shared_ptr<sim::RunLog> log,
                    const std::vector<sim::Figure>& figures)
{
    for (const sim::Figure& f : figures)
        log->figures.push_back(sim::RunFigure{f.id, f.label, f.unit, f.value, f.note});
    if (!o.record.empty())
        if (const std::string err = sim::saveRunFile(o.record, *log); !err.empty()) {
            std::cerr << "jounce-cli: writing " << o.record << " failed: " << err << "\n";
            return false;
        }
    // A replay's stand-in maneuver has no phases of its own: no beacons.
    return o.motec.empty() || writeMotecLog(*log, s.replayed ? nullptr : &s.maneuver, o.motec) == 0;
}

/// Runs the prepared setup, writes the requested files and prints the summary. The exit code.
/// The summary of a finished run (or its figures as JSON) and the maths channels; the exit code.
int report(const RunOptions& o, const RunSetup& s, const sim::Simulation& simulation,
           const std::vector<sim::Figure>& figures, const RunStats& stats, const MathChannels& maths)
{
    const int status = simulation.resetCount() > 0 ? 1 : 0;
    if (s.replayed) {
        printReplaySummary(*s.replayed, *s.config, s.terrain.get(), simulation, stats.wall, stats.steps);
        if (!o.out.empty())
            std::printf("telemetry:                %s\n", o.out.c_str());
        if (!o.record.empty())
            std::printf("run file:                 %s\n", o.record.c_str());
        if (!o.motec.empty())
            std::printf("MoTeC log:                %s and %s\n", o.motec.c_str(), exchange::ldxPathFor(o.motec).c_str());
        maths.print();
        return status;
    }
    if (simulation.failed())
        std::cerr << "jounce-cli: the run stopped at t = " << simulation.time() << " s: " << simulation.failure() << "\n";
    if (o.figuresJson) {
        if (const std::string note = sim::unknownSurfacesNote(simulation); !note.empty())
            std::cerr << "jounce-cli: warning: " << note << "\n";
        printFiguresJson(figures, *s.config, s.terrain.get(), *simulation.maneuver());
        return status;
    }
    printManeuverSummary(o, s, simulation, figures, stats);
    maths.print();
    return status;
}

int simulate(const RunOptions& o, const RunSetup& s)
{
    sim::Simulation simulation(sim::makeGround(s.terrain), s.config, s.start);
    sim::RunRecorder recorder(simulation);
    sim::FigureRecorder figures;
    recorder.addObserver(figures);
    RunStats stats;
    sim::StepCallback latAccel([&](const sim::StepRecord& step) {
        stats.maxLatAccel = std::max(stats.maxLatAccel, std::fabs(step.frame.vehicle(telemetry::VehicleChannel::LatAccel)));
    });
    recorder.addObserver(latAccel);
    MathChannels maths;
    if (const std::string error = maths.read(o.channels, *s.config); !error.empty())
        return usageError("run: " + error);
    recorder.addObserver(maths.observer());

    // Both outputs go to temporary files renamed over the targets at the end: a run that fails
    // or is killed leaves an existing file as it was.
    std::optional<json::AtomicFileWriter> csv;
    std::optional<sim::TelemetryCsvRecorder> csvRecorder;
    if (!o.out.empty()) {
        csv.emplace(o.out);
        csvRecorder.emplace(csv->stream(), static_cast<int>(s.config->wheels.size()));
        if (!csvRecorder->writeHeader() || !csv->ok()) {
            std::cerr << "jounce-cli: cannot write " << o.out << ": " << csv->error() << "\n";
            return 1;
        }
        recorder.addObserver(*csvRecorder);
    }
    std::optional<json::AtomicFileWriter> poses;
    sim::StepCallback poseRows([&](const sim::StepRecord&) {
        sim::writePoseCsvRows(poses->stream(), sim::simulinkPoses(simulation.vehicle(), simulation.time()));
    });
    if (!o.poses.empty()) {
        poses.emplace(o.poses);
        if (!poses->ok()) {
            std::cerr << "jounce-cli: cannot write " << o.poses << ": " << poses->error() << "\n";
            return 1;
        }
        sim::writePoseCsvHeader(poses->stream());
        recorder.addObserver(poseRows);
    }

    sim::RunLogger logger;
    const bool keepRun = !o.record.empty() || !o.motec.empty();
    if (keepRun)
        recorder.addObserver(logger);
    if (s.replayed)
        recorder.startReplay(std::shared_ptr<const sim::InputTrack>(s.replayed, &s.replayed->inputs), s.start);
    else
        recorder.startManeuver(s.maneuver, o.duration > 0 ? o.duration : sim::ManeuverPlayer::kDefaultMaxDuration);
    if (keepRun)
        logger.begin(describeRun(o, s, simulation));
    const auto wallStart = std::chrono::steady_clock::now();  // the run itself, not the setup
    if (s.replayed)
        recorder.runReplay();
    else
        recorder.runManeuver();
    if (keepRun && !writeRecording(o, s, logger.finish(), figures.figures()))
        return 1;
    stats.steps = recorder.steps();
    if (csvRecorder)
        csvRecorder->flush();
    if ((csv && !commitOutput(*csv, o.out)) || (poses && !commitOutput(*poses, o.poses)))
        return 1;
    stats.wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count();

    return report(o, s, simulation, figures.figures(), stats, maths);
}

}  // namespace

int runCommand(const RunOptions& options)
{
    RunSetup setup;
    if (const int status = checkRunOptions(options))
        return status;
    if (const int status = loadReplay(options, setup))
        return status;
    if (const int status = loadEditedVehicle(options, setup))
        return status;
    if (const int status = loadScene(options, setup))
        return status;
    return simulate(options, setup);
}

}  // namespace jounce::cli
