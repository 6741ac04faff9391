#include "SimulationController.h"

#include <QElapsedTimer>
#include <QKeyEvent>

namespace jounce::gui {

SimulationController::SimulationController(VehicleDocument& document, widgets::TelemetryPanel& panel, QObject* parent)
    : QObject(parent), document_(document), panel_(panel)
{
    pushed_ = document_.configPtr();
    runner_ = std::make_unique<sim::SimulationRunner>(pushed_, nullptr);
    buffer_.reserve(4096);
    panel_.setVehicle(static_cast<int>(document_.config().wheels.size()), document_.config().drive.engine.maxOmega);
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
    pushed_ = document_.configPtr();
    runner_->setConfig(pushed_);
    const std::optional<double> maxOmega =
        c.drive.type == DriveType::None ? std::nullopt : std::optional<double>(c.drive.engine.maxOmega);
    panel_.setVehicle(static_cast<int>(c.wheels.size()), maxOmega);
}

void SimulationController::setTerrain(std::shared_ptr<const sim::Terrain> terrain, const QString& name)
{
    terrain_ = std::move(terrain);
    terrainName_ = name;
    runner_->setTerrain(terrain_);
}

void SimulationController::startManeuver(const sim::Maneuver& maneuver, const QString& name)
{
    maneuverName_ = name;
    maneuverWasRunning_ = true;
    runner_->startManeuver(maneuver);
    run();
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
    if (maneuverWasRunning_ && s.maneuverFinished) {
        maneuverWasRunning_ = false;
        running_ = !s.paused;  // the runner pauses at a maneuver's end unless told to keep driving
        emit maneuverFinished();
    }
}

}  // namespace jounce::gui
