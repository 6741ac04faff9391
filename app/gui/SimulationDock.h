#pragma once
// The workbench's Simulation dock: the run controls, the terrain, the maneuver and the start pose
// runs begin at, the maneuver's progress and its summary (the handling figures it measured), the
// live status line and why the simulation is blocked, if it is.

#include <QWidget>

QT_BEGIN_NAMESPACE
class QAction;
class QComboBox;
class QLabel;
class QMainWindow;
class QMenu;
class QProgressBar;
class QPushButton;
QT_END_NAMESPACE

namespace jounce::widgets {
class ProblemsPanel;
class VehicleView;
}  // namespace jounce::widgets

namespace jounce::gui {

class SimulationController;
class StartPointBox;

class SimulationDock : public QWidget {
    Q_OBJECT
public:
    /// A broken terrain or maneuver file's problems go to `problems`; dialogs and status messages
    /// to `window`.
    SimulationDock(SimulationController& simulation, widgets::VehicleView& view, widgets::ProblemsPanel& problems,
                   QMainWindow& window);

    bool openTerrain(const QString& path);
    bool startManeuverFile(const QString& path);
    /// Starts runs at the terrain's start point of this name ("" or unknown: the terrain's start).
    bool chooseStartPoint(const QString& name);
    /// The text shown when the last maneuver ended (its handling figures).
    QString maneuverSummary() const;

    /// Run and Pause, enabled as the simulation is paused or running (the Simulation menu has them too).
    QAction* runAction() const { return runAction_; }
    QAction* pauseAction() const { return pauseAction_; }
    /// Simulation ▸ Terrain and Simulation ▸ Maneuver: the boxes' choices.
    void fillTerrainMenu(QMenu* menu);
    void fillManeuverMenu(QMenu* menu);

private:
    QWidget* buildRunControls();
    QLayout* buildChoices();
    void buildStatus();
    void terrainChosen(int index);
    /// Starts a maneuver file; "?" asks for the file first.
    void runManeuver(QString path);
    void applyStartChoice();
    /// A start picked on the vehicle view's map: listed, chosen and used.
    void usePickedStart(double x, double y, double heading);
    void showManeuverSummary();
    void updateStatus();

    SimulationController& simulation_;
    widgets::VehicleView& view_;
    widgets::ProblemsPanel& problems_;
    QMainWindow& window_;
    QAction* runAction_ = nullptr;
    QAction* pauseAction_ = nullptr;
    QComboBox* terrainBox_ = nullptr;
    QComboBox* maneuverBox_ = nullptr;
    StartPointBox* startBox_ = nullptr;
    QPushButton* pickStart_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* summaryLabel_ = nullptr;
    QLabel* statusLabel_ = nullptr;
    QLabel* blockedLabel_ = nullptr;
};

}  // namespace jounce::gui
