#pragma once
// The workbench's menu bar (File, Edit, View, Simulation, Help) as one table per menu
// (MenuTable.h): what each entry is called, its shortcut, tooltip and object name, and which part
// of the workbench it calls. The few entries that are a dialog of their own (exporting the charts,
// preferences, the guide section of a parameter, about) are here too.

#include "MenuTable.h"

#include <QObject>

#include <vector>

namespace jounce::widgets {
class ParameterEditor;
class TelemetryPanel;
}  // namespace jounce::widgets

namespace jounce::gui {

class DockLayout;
class ExchangeMenus;
class MainWindow;
class ModelGenerationSwitch;
class RunActions;
class RunExports;
class SimulationController;
class SimulationDock;
class VehicleDocument;
class VehicleFiles;

class WorkbenchMenus : public QObject {
    Q_OBJECT
public:
    /// What the menus call.
    struct Parts {
        MainWindow& window;
        VehicleDocument& document;
        SimulationController& simulation;
        widgets::TelemetryPanel& telemetry;
        widgets::ParameterEditor& parameters;
        VehicleFiles& files;
        ExchangeMenus& exchange;
        RunActions& runs;
        RunExports& runExports;
        SimulationDock& simulationDock;
        DockLayout& layout;
        ModelGenerationSwitch& generation;
    };

    /// Builds the window's menu bar.
    explicit WorkbenchMenus(const Parts& parts);

private:
    std::vector<MenuRow> fileMenu();
    std::vector<MenuRow> editMenu();
    std::vector<MenuRow> viewMenu();
    std::vector<MenuRow> simulationMenu();
    std::vector<MenuRow> helpMenu();

    void exportTelemetryCsv();
    void exportChartsPng();
    void resetSelectedParameters();
    void findParameter();
    void showPreferences();
    void showCompare();
    void showSweep();
    void showLevers();
    void showTireFit();
    void showGuideSection();
    void showAbout();

    Parts parts_;
};

}  // namespace jounce::gui
