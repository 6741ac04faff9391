#pragma once
// Wires the vehicle document and the driver's keyboard to the simulation thread, and the
// simulation's telemetry to the GUI: a timer drains the telemetry ring at display rate and hands
// the frames to the telemetry panel in bulk.

#include "RunLibrary.h"
#include "VehicleDocument.h"
#include "run/SimulationRunner.h"
#include "scenario/Maneuver.h"
#include "world/Terrain.h"
#include "widgets/TelemetryPanel.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <memory>
#include <optional>
#include <vector>

namespace jounce::gui {

class SimulationController : public QObject {
    Q_OBJECT
public:
    SimulationController(VehicleDocument& document, widgets::TelemetryPanel& panel, QObject* parent = nullptr);
    ~SimulationController() override;

    /// A new terrain; `file` ("" for the flat plane) is recorded with the runs driven on it.
    void setTerrain(std::shared_ptr<const sim::Terrain> terrain, const QString& name, const QString& file = {});
    QString terrainFile() const { return terrainFile_; }
    const sim::Terrain* terrain() const { return terrain_.get(); }
    QString terrainName() const { return terrainName_; }

    void startManeuver(const sim::Maneuver& maneuver, const QString& name);
    void stopManeuver();
    QString maneuverName() const { return maneuverName_; }
    /// The maneuver `run` drove when it is the last one started (its phases are the MoTeC export's
    /// beacons); null for any other run.
    std::shared_ptr<const sim::Maneuver> maneuverOf(const sim::RunLog& run) const;

    void run();
    void pause();
    void stepOnce();
    void reset();
    void setRealTime(bool realTime);
    /// Off (the default): the run pauses where a maneuver ends; Run (F5) drives on from there.
    void setKeepDrivingAfterManeuver(bool keepDriving);
    /// Runs and maneuvers start here from now on (a named start point, one picked on the map);
    /// the vehicle is reset there, with the driving keys released.
    void setStartPose(const sim::SpawnPose& start);
    bool isRunning() const { return running_; }

    /// Replays a run's driver inputs with the vehicle as it is now (docs/architecture.md "Runs and
    /// replay"); null: the run being recorded, else the last finished one. The replayed run is
    /// pinned as the first reference, so the charts show the new traces over the old.
    void replay(std::shared_ptr<const sim::RunLog> run = nullptr);
    /// A/B lockstep with a second vehicle driven by the same input (null ends it); its live
    /// traces are the first reference. `name` labels it.
    void setPartner(std::shared_ptr<const VehicleConfig> config, const QString& name = {});
    bool lockstep() const { return partnerLive_ != nullptr; }
    /// Asks for a copy of the run being recorded; it arrives in the library (runsArrived).
    void snapshotRun() { runner_->snapshotRun(); }
    RunLibrary& runs() { return runs_; }
    /// The edits made during the run being recorded (time, text), for the charts' markers.
    const std::vector<sim::RunEdit>& liveEdits() const { return liveEdits_; }
    bool autoBox() const { return autoBoxOn_; }

    /// Keyboard driving (vehicle-model §3.2 smoothing): returns true when the key is a driving key.
    bool keyEvent(int key, bool pressed, bool autoRepeat);
    /// Releases every driving key (the window lost focus).
    void releaseKeys();

    sim::SimulationRunner::Status status() const { return runner_->status(); }
    /// The configuration last handed to the simulation thread.
    const std::shared_ptr<const VehicleConfig>& pushedConfig() const { return pushed_; }
    /// The newest frame drained so far, if any.
    const telemetry::Frame* latestFrame() const;
    /// Durations (ms) of the telemetry updates since the last call (drain + chart refresh).
    std::vector<double> takeUpdateTimings();
    std::uint64_t chartUpdates() const { return chartUpdates_; }
    /// The frames of the last drain (what framesArrived announced).
    const std::vector<telemetry::Frame>& newFrames() const { return buffer_; }
    /// Milliseconds between drains (60 Hz by default).
    void setUpdateInterval(int ms) { timer_.setInterval(ms); }

signals:
    /// New frames reached the telemetry panel; newFrames() holds them until the next drain.
    void framesArrived();
    void maneuverFinished();
    /// Runs were finished or opened and added to runs().
    void runsArrived();
    /// The live edits changed (an edit, or a new run began).
    void liveEditsChanged();
    /// Why the simulation cannot run the current vehicle ("" when it can).
    void blockedChanged(const QString& reason);

private:
    void drain();
    void pushConfig();
    void sendInput();
    /// After a reset: no key held, autobox on, told to the simulation.
    void restartInputs();
    /// Finished runs into the library; a new run clears the live edits; a replay pins its source.
    void collectRuns(const sim::SimulationRunner::Status& s);

    VehicleDocument& document_;
    widgets::TelemetryPanel& panel_;
    std::unique_ptr<sim::SimulationRunner> runner_;
    std::shared_ptr<const sim::Terrain> terrain_;
    QString terrainName_;
    QString terrainFile_;
    RunLibrary runs_;
    std::vector<sim::RunEdit> liveEdits_;
    std::string runName_;
    std::uint64_t runsSeen_ = 0;
    bool pinReplaySource_ = false;
    std::shared_ptr<sim::RunLog> partnerLive_;  ///< the lockstep partner's run, grown from its ring
    std::vector<telemetry::Frame> partnerBuffer_;
    QString maneuverName_;
    std::shared_ptr<const sim::Maneuver> lastManeuver_;
    sim::ManualInput input_;
    QTimer timer_;
    std::vector<telemetry::Frame> buffer_;
    std::vector<double> timings_;
    std::uint64_t chartUpdates_ = 0;
    bool running_ = true;
    bool autoBoxOn_ = true;
    bool maneuverWasRunning_ = false;
    QString blocked_;
    std::shared_ptr<const VehicleConfig> pushed_;
};

}  // namespace jounce::gui
