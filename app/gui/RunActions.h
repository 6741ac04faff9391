#pragma once
// The workbench's recorded runs (docs/architecture.md "Runs and replay"): saving a run, opening run
// files and telemetry CSVs as references, replay, pinning and clearing references, aligning them by
// time or distance, A/B lockstep, and the charts' edit markers. The menus' actions call these.

#include <QObject>
#include <QString>

#include <memory>

QT_BEGIN_NAMESPACE
class QAction;
class QMainWindow;
class QMenu;
QT_END_NAMESPACE

namespace jounce::sim {
struct RunLog;
}

namespace jounce::widgets {
class TelemetryPanel;
class VehicleView;
}  // namespace jounce::widgets

namespace jounce::gui {

class SimulationController;
class SimulationDock;
class VehicleDocument;

class RunActions : public QObject {
    Q_OBJECT
public:
    /// A replayed reference's terrain is opened through `dock`; dialogs and status messages go to `window`.
    RunActions(VehicleDocument& document, SimulationController& simulation, widgets::TelemetryPanel& telemetry,
               widgets::VehicleView& view, SimulationDock& dock, QMainWindow& window);

    /// Opens a run file (.jrun) or a telemetry CSV and pins it as a reference. Problems are
    /// reported in a box; returns false then.
    bool openRunFile(const QString& path);
    /// Saves a run as a run file; returns an error message or "".
    QString saveRunFile(const sim::RunLog& run, const QString& path);
    /// Replays the first pinned reference that has inputs with the vehicle as it is now, on its
    /// terrain; false (and a message) when there is none.
    bool replayReference();
    /// A/B lockstep with this vehicle file ("" ends it).
    bool startLockstep(const QString& vehicleFile);

    /// File ▸ Save Run…: the run being recorded so far or a finished one, as a run file.
    void saveRun();
    /// Asks which run (the one being recorded, as it is so far, or a finished one; the newest
    /// first), with `title` on the dialog; null when nothing has been driven or the user cancels.
    std::shared_ptr<const sim::RunLog> chooseRun(const QString& title);
    /// A file name made of the run's name ("Run-3-skidpad-").
    static QString fileNameOf(const sim::RunLog& run);
    /// File ▸ Open Run or telemetry CSV…: asks for the files.
    void openRunFiles();
    /// Pins the newest finished run.
    void pinLastRun();
    /// Fills the "Pin a recent run" menu each time it opens.
    void fillRecentRunsMenu(QMenu* menu);
    /// Asks for the second vehicle of A/B lockstep (or to stop it).
    void chooseLockstepPartner();
    /// Checked: references line up with the live run by distance travelled; follows the telemetry panel's choice.
    QAction* alignByDistanceAction() const { return alignByDistance_; }

private:
    /// The charts' edit markers: the live run's edits and the first reference's.
    void updateMarkers();
    /// The legend's note of what each reference's car differs in from the live car.
    void describeReferences();

    VehicleDocument& document_;
    SimulationController& simulation_;
    widgets::TelemetryPanel& telemetry_;
    widgets::VehicleView& view_;
    SimulationDock& dock_;
    QMainWindow& window_;
    QAction* alignByDistance_;
};

}  // namespace jounce::gui
