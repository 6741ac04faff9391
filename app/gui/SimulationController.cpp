#include "SimulationController.h"

#include "compare/EditDescription.h"
#include "run/RunLogger.h"

#include <QElapsedTimer>
#include <QKeyEvent>

namespace jounce::gui {
namespace {

/// Each wheel's compression limit, for the charts' bump-stop markers.
std::vector<double> maxCompressions(const VehicleConfig& c)
{
    std::vector<double> out;
    for (const WheelConfig& w : c.wheels)
        out.push_back(w.suspension.maxCompression);
    return out;
}

}  // namespace

SimulationController::SimulationController(VehicleDocument& document, widgets::TelemetryPanel& panel, QObject* parent)
    : QObject(parent), document_(document), panel_(panel)
{
    pushed_ = document_.configPtr();
    runner_ = std::make_unique<sim::SimulationRunner>(pushed_, nullptr);
    buffer_.reserve(4096);
    panel_.setVehicle(static_cast<int>(document_.config().wheels.size()), document_.config().drive.engine.maxOmega,
                      maxCompressions(document_.config()));
    connect(&document_, &VehicleDocument::configChanged, this, &SimulationController::pushConfig);
    connect(&timer_, &QTimer::timeout, this, &SimulationController::drain);
    timer_.setInterval(16);
    timer_.start();
}

SimulationController::~SimulationController() = default;

void SimulationController::pushConfig()
{
    const VehicleConfig& c = document_.config();
    // Only a valid vehicle reaches the simulation; the last valid one keeps running meanwhile.
    const QString reason = document_.hasErrors() ? tr("The vehicle has errors (see Problems): the simulation keeps "
                                                      "the last valid version")
                                                 : QString();
    if (reason != blocked_) {
        blocked_ = reason;
        emit blockedChanged(blocked_);
    }
    if (!reason.isEmpty())
        return;
    const std::shared_ptr<const VehicleConfig> before = pushed_;
    pushed_ = document_.configPtr();
    std::string text = before ? compare::describeEdit(*before, *pushed_) : std::string();
    if (!text.empty()) {
        liveEdits_.push_back({runner_->status().time, text});
        emit liveEditsChanged();
    }
    runner_->setConfig(pushed_, std::move(text));
    const std::optional<double> maxOmega =
        c.drive.type == DriveType::None ? std::nullopt : std::optional<double>(c.drive.engine.maxOmega);
    panel_.setVehicle(static_cast<int>(c.wheels.size()), maxOmega, maxCompressions(c));
}

void SimulationController::setTerrain(std::shared_ptr<const sim::Terrain> terrain, const QString& name,
                                      const QString& file)
{
    terrain_ = std::move(terrain);
    terrainName_ = name;
    terrainFile_ = file;
    runner_->setTerrain(terrain_, sim::TerrainReference{name.toStdString(), file.toStdString()});
}

void SimulationController::replay(std::shared_ptr<const sim::RunLog> run)
{
    if (run)
        runs_.pin(run);
    else
        pinReplaySource_ = true;  // which run it is, the simulation thread knows: pinned when it starts
    runner_->replay(std::move(run));
    input_ = {};
    running_ = true;
}

void SimulationController::setPartner(std::shared_ptr<const VehicleConfig> config, const QString& name)
{
    if (config) {
        partnerLive_ = std::make_shared<sim::RunLog>();
        partnerLive_->name = ("B: " + name).toStdString();
        partnerLive_->source = "lockstep B";
        partnerLive_->vehicle = config;
        partnerLive_->telemetry = sim::TelemetryTrack(static_cast<int>(config->wheels.size()));
    } else {
        partnerLive_.reset();
    }
    runs_.setLive(partnerLive_);
    runner_->setPartner(std::move(config));
    restartInputs();
}

void SimulationController::startManeuver(const sim::Maneuver& maneuver, const QString& name)
{
    maneuverName_ = name;
    lastManeuver_ = std::make_shared<const sim::Maneuver>(maneuver);
    maneuverWasRunning_ = true;
    runner_->startManeuver(maneuver);
    run();
}

std::shared_ptr<const sim::Maneuver> SimulationController::maneuverOf(const sim::RunLog& run) const
{
    const bool drove = lastManeuver_ && run.source == "maneuver" && run.maneuver == lastManeuver_->name;
    return drove ? lastManeuver_ : nullptr;
}

void SimulationController::stopManeuver()
{
    runner_->stopManeuver();
}

void SimulationController::run()
{
    running_ = true;
    runner_->resume();
}

void SimulationController::pause()
{
    running_ = false;
    runner_->pause();
}

void SimulationController::stepOnce()
{
    pause();
    runner_->stepOnce();
}

void SimulationController::reset()
{
    runner_->reset();
    restartInputs();
}

void SimulationController::restartInputs()
{
    input_ = {};
    autoBoxOn_ = true;  // the vehicle restarts with the keys released and the autobox on
    sendInput();
}

void SimulationController::setRealTime(bool realTime)
{
    runner_->setRealTime(realTime);
}

void SimulationController::setStartPose(const sim::SpawnPose& start)
{
    runner_->setStartPose(start);
    restartInputs();
}

void SimulationController::setKeepDrivingAfterManeuver(bool keepDriving)
{
    runner_->setKeepDrivingAfterManeuver(keepDriving);
}

bool SimulationController::keyEvent(int key, bool pressed, bool autoRepeat)
{
    sim::DriveKeys& k = input_.keys;
    switch (key) {
    case Qt::Key_W:
    case Qt::Key_Up: k.accel = pressed; break;
    case Qt::Key_S:
    case Qt::Key_Down: k.brake = pressed; break;
    case Qt::Key_A:
    case Qt::Key_Left: k.steerLeft = pressed; break;
    case Qt::Key_D:
    case Qt::Key_Right: k.steerRight = pressed; break;
    case Qt::Key_Space: k.handbrake = pressed; break;
    case Qt::Key_E: input_.gearUp = pressed; break;
    case Qt::Key_Q: input_.gearDown = pressed; break;
    case Qt::Key_T:
        if (pressed && !autoRepeat) {
            autoBoxOn_ = !autoBoxOn_;
            input_.autoBox = autoBoxOn_;
        }
        break;
    case Qt::Key_R:
        if (pressed && !autoRepeat)
            reset();
        return true;
    default: return false;
    }
    input_.mode = sim::InputMode::Keyboard;
    sendInput();
    input_.autoBox.reset();
    return true;
}

void SimulationController::releaseKeys()
{
    input_.keys = {};
    input_.gearUp = input_.gearDown = false;
    sendInput();
}

void SimulationController::sendInput()
{
    runner_->setManualInput(input_);
}

const telemetry::Frame* SimulationController::latestFrame() const
{
    return panel_.history().empty() ? nullptr : &panel_.history().latest();
}

std::vector<double> SimulationController::takeUpdateTimings()
{
    std::vector<double> out;
    out.swap(timings_);
    return out;
}

void SimulationController::drain()
{
    QElapsedTimer t;
    t.start();
    runner_->partnerTelemetry().drain(partnerBuffer_);
    if (partnerLive_)
        for (const telemetry::Frame& f : partnerBuffer_) {
            sim::TelemetryTrack& live = partnerLive_->telemetry;
            if (!live.empty() && f.time() <= live.time(live.size() - 1))
                live = sim::TelemetryTrack(live.wheelCount());  // a new run
            // The live trace stops growing at a recorded run's bound, like the partner's own
            // recording (which the library gets when the run ends).
            if (live.memoryBytes() + live.growthBytes() <= sim::RunLogger::kMaxRunBytes)
                live.append(f);
        }
    runner_->telemetry().drain(buffer_);
    if (!buffer_.empty()) {
        panel_.append(buffer_);
        emit framesArrived();
    }
    if (panel_.refresh()) {
        ++chartUpdates_;
        timings_.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
    }
    const sim::SimulationRunner::Status s = runner_->status();
    // Phase markers belong to the maneuver of the run shown; a reset or a drive clears them.
    panel_.setPhaseMarks(s.maneuverRunning || s.maneuverFinished ? s.maneuverPhases
                                                                  : std::vector<std::pair<double, std::string>>{});
    collectRuns(s);
    if (maneuverWasRunning_ && s.maneuverFinished) {
        maneuverWasRunning_ = false;
        running_ = !s.paused;  // the runner pauses at a maneuver's end unless told to keep driving
        emit maneuverFinished();
    }
}

void SimulationController::collectRuns(const sim::SimulationRunner::Status& s)
{
    if (s.runsFinished != runsSeen_) {
        runsSeen_ = s.runsFinished;
        for (std::shared_ptr<const sim::RunLog>& run : runner_->takeFinishedRuns())
            runs_.add(std::move(run));
        emit runsArrived();
    }
    if (s.runName != runName_) {
        runName_ = s.runName;
        liveEdits_.clear();
        emit liveEditsChanged();
        const std::string prefix = "Replay of ";
        if (pinReplaySource_ && s.runName.rfind(prefix, 0) == 0) {
            pinReplaySource_ = false;
            if (std::shared_ptr<const sim::RunLog> source = runs_.find(s.runName.substr(prefix.size())))
                if (!runs_.isPinned(source.get()))
                    runs_.pin(std::move(source));
        }
    }
}

}  // namespace jounce::gui
