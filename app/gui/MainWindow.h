#pragma once
// The workbench window: telemetry in the centre; docks for parameters, the simulation controls,
// problems (and the views added to it); menus, shortcuts and persistent settings.

#include "CompareWindow.h"
#include "Recovery.h"
#include "SimulationController.h"
#include "VehicleDocument.h"

#include "scenario/Maneuver.h"

#include <QMainWindow>

#include <memory>

QT_BEGIN_NAMESPACE
class QAction;
class QActionGroup;
class QComboBox;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
QT_END_NAMESPACE

namespace jounce::widgets {
class ParameterEditor;
class ProblemsPanel;
class CurveEditor;
class DoctorPanel;
class TelemetryPanel;
class VehicleView;
class XYPlotPair;
}  // namespace jounce::widgets

namespace jounce::sim {
struct RunLog;
}

namespace jounce::gui {

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
    /// The compare view (created and shown on first use).
    CompareWindow& compareWindow();

    /// Where File ▸ Export vehicle JSON proposes to write: the vehicle's name in the folder of the
    /// last export (else the vehicle's own folder, else home), never the vehicle's own file.
    QString suggestedExportPath() const;

    /// Opens a run file (.jrun) or a telemetry CSV and pins it as a reference (MainWindowRuns.cpp).
    /// Problems are reported in a box; returns false then.
    bool openRunFile(const QString& path);
    /// Saves a run as a run file; returns an error message or "".
    QString saveRunFile(const sim::RunLog& run, const QString& path);
    /// Replays the first pinned reference that has inputs with the vehicle as it is now, on its
    /// terrain; false (and a message) when there is none.
    bool replayReference();
    /// A/B lockstep with this vehicle file ("" ends it).
    bool startLockstep(const QString& vehicleFile);

    /// The text shown when the last maneuver ended (its handling figures).
    QString maneuverSummary() const;

    /// The folder of the shipped presets (installed share/jounce/presets or the source tree).
    static QString presetsDir();

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
    void buildMenus();
    /// File ▸ Import and File ▸ Export: foreign vehicle formats (MainWindowExchange.cpp).
    void addExchangeMenus(QMenu* file);
    /// File ▸ Save Run / Open Run and the Simulation menu's replay, reference and lockstep actions
    /// (MainWindowRuns.cpp).
    void addRunFileActions(QMenu* file);
    void addRunActions(QMenu* sim);
    void saveRun();
    void chooseLockstepPartner();
    /// The charts' edit markers: the live run's edits and the first reference's.
    void updateMarkers();
    QWidget* buildSimulationDock();
    void updateTitle();
    void documentChanged();
    void updateStatus();
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    bool maybeSave();
    void saveAs();
    void showManeuverSummary();
    /// Fills the start box from the current terrain (MainWindowStart.cpp).
    void rebuildStartBox();
    /// Hands the start box's choice to the simulation.
    void applyStartChoice();
    /// A start picked on the vehicle view's map: listed, chosen and used.
    void usePickedStart(double x, double y, double heading);
    /// The saved window and docks if they fit the screen, else the default layout (MainWindowLayout.cpp).
    void placeOnScreen();
    /// Dock sizes in proportion to the window (MainWindowLayout.cpp).
    void layoutDockSizes();

    VehicleDocument document_;
    Autosave autosave_{document_};  // after document_, which it watches
    widgets::TelemetryPanel* telemetry_;
    widgets::ParameterEditor* parameters_;
    widgets::ProblemsPanel* problems_;
    widgets::VehicleView* vehicleView_;
    widgets::XYPlotPair* xyPlots_;
    widgets::CurveEditor* curves_;
    widgets::DoctorPanel* doctor_;
    std::unique_ptr<SimulationController> simulation_;
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;
    QComboBox* terrainBox_ = nullptr;
    QComboBox* maneuverBox_ = nullptr;
    QComboBox* startBox_ = nullptr;  ///< the terrain's start, its named start points, a picked one
    QPushButton* pickStart_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* statusLabel_ = nullptr;
    QLabel* summaryLabel_ = nullptr;
    QLabel* blockedLabel_ = nullptr;
    QAction* runAction_ = nullptr;
    QAction* pauseAction_ = nullptr;
    QAction* realTimeAction_ = nullptr;
    QAction* replayAction_ = nullptr;
    QByteArray defaultState_;        ///< the docks as built, for View ▸ Reset layout
    bool pendingDockSizes_ = false;  ///< size the docks when the window is first shown
    /// Created on first use; destroyed before document_, which it edits.
    std::unique_ptr<CompareWindow> compare_;
};

}  // namespace jounce::gui
