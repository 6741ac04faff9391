#pragma once
// The workbench window: telemetry in the centre; docks for parameters, curves, the simulation
// controls, the vehicle view, problems, the doctor and the X–Y plots; menus and shortcuts. It owns
// the document and the simulation and wires the parts that do the work:
//   VehicleFiles     opening, saving and the recent files
//   SimulationDock   run controls, terrain, maneuver, start pose, status
//   RunActions       recorded runs: replay, references, run files, lockstep
//   ExchangeMenus    File ▸ Import and Export as (foreign formats)
//   RunExports       File ▸ Export as ▸ Run as MoTeC .ld / CSV (a recorded run for data-analysis tools)
//   DockLayout       the docks and the window's place on the screen
//   WorkbenchMenus   the menu bar, as a table

#include "CompareWindow.h"
#include "Recovery.h"
#include "SimulationController.h"
#include "VehicleDocument.h"

#include <QMainWindow>

#include <memory>

namespace jounce::widgets {
class ParameterEditor;
class ProblemsPanel;
class CurveEditor;
class DoctorPanel;
class HistogramView;
class TelemetryPanel;
class VehicleView;
class XYPlotPair;
}  // namespace jounce::widgets

namespace jounce::sim {
struct RunLog;
}

namespace jounce::gui {

class DockLayout;
class ModelGenerationSwitch;
class RunActions;
class RunExports;
class SimulationDock;
class VehicleFiles;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    MainWindow();
    ~MainWindow() override;

    /// Opens a vehicle file (problems are listed; a file that cannot be read at all is reported).
    bool openVehicle(const QString& path);
    bool openTerrain(const QString& path);
    bool startManeuverFile(const QString& path);
    /// Starts runs at the terrain's start point of this name ("" or unknown: the terrain's start).
    bool chooseStartPoint(const QString& name);

    VehicleDocument& document() { return document_; }
    /// The recovery copy of the unsaved edits (Recovery.h).
    Autosave& autosave() { return autosave_; }
    SimulationController& simulation() { return *simulation_; }
    widgets::TelemetryPanel& telemetry() { return *telemetry_; }
    widgets::ParameterEditor& parameters() { return *parameters_; }
    widgets::ProblemsPanel& problems() { return *problems_; }
    widgets::CurveEditor& curves() { return *curves_; }
    widgets::DoctorPanel& doctor() { return *doctor_; }
    /// The model generation's status-line button and conversion action.
    ModelGenerationSwitch& generation() { return *generation_; }
    /// The compare view (created and shown on first use).
    CompareWindow& compareWindow();

    /// Where File ▸ Export vehicle JSON proposes to write: the vehicle's name in the folder of the
    /// last export (else the vehicle's own folder, else home), never the vehicle's own file.
    QString suggestedExportPath() const;

    /// Opens a run file (.jrun) or a telemetry CSV and pins it as a reference. Problems are
    /// reported in a box; returns false then.
    bool openRunFile(const QString& path);
    /// Saves a run as a run file; returns an error message or "".
    QString saveRunFile(const sim::RunLog& run, const QString& path);
    /// Replays the first pinned reference that has inputs with the vehicle as it is now, on its
    /// terrain; false (and a message) when there is none.
    bool replayReference();
    /// Writes a run as a MoTeC i2 log (`path` and its .ldx) behind the export's progress dialog;
    /// returns an error message, "cancelled" or "".
    QString exportRunAsMotec(std::shared_ptr<const sim::RunLog> run, const QString& path);
    /// A/B lockstep with this vehicle file ("" ends it).
    bool startLockstep(const QString& vehicleFile);

    /// The text shown when the last maneuver ended (its handling figures).
    QString maneuverSummary() const;

    /// The window's default place on a screen with this available area: as large as Jounce
    /// prefers (1800×1050) or as the screen allows, with room for the window frame, centred.
    static QRect defaultGeometry(const QRect& available);
    /// View ▸ Reset layout: every dock back in place and sized for the window on this screen area.
    void applyDefaultLayout(const QRect& available);

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// The panels, each editing through the document as one undoable step per change.
    void createPanels();
    /// The live frames to the panels that follow them.
    void connectSimulation();
    void documentChanged();
    void updateTitle();
    void showMessage(const QString& text);
    /// Whether keys typed now go to a text field (or an open list) rather than to the car.
    static bool typingInto(const QWidget* focus);
    /// A refused edit's reason from an editor: shown until the next edit that is taken.
    void showRefusal(const QString& text);

    VehicleDocument document_;
    QString refusal_;  ///< the last refusal shown, cleared from the status bar by a good edit
    Autosave autosave_{document_};  // after document_, which it watches
    widgets::TelemetryPanel* telemetry_ = nullptr;
    widgets::ParameterEditor* parameters_ = nullptr;
    widgets::ProblemsPanel* problems_ = nullptr;
    widgets::VehicleView* vehicleView_ = nullptr;
    widgets::XYPlotPair* xyPlots_ = nullptr;
    widgets::HistogramView* histograms_ = nullptr;
    widgets::CurveEditor* curves_ = nullptr;
    widgets::DoctorPanel* doctor_ = nullptr;
    std::unique_ptr<SimulationController> simulation_;
    SimulationDock* simulationDock_ = nullptr;
    DockLayout* layout_ = nullptr;
    VehicleFiles* files_ = nullptr;
    RunActions* runs_ = nullptr;
    RunExports* runExports_ = nullptr;
    ModelGenerationSwitch* generation_ = nullptr;
    /// Created on first use; destroyed before document_, which it edits.
    std::unique_ptr<CompareWindow> compare_;
};

}  // namespace jounce::gui
