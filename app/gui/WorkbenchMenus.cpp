#include "WorkbenchMenus.h"

#include "DockLayout.h"
#include "ExchangeMenus.h"
#include "MainWindow.h"
#include "ModelGenerationSwitch.h"
#include "PreferencesDialog.h"
#include "PresetFiles.h"
#include "RunActions.h"
#include "RunExports.h"
#include "SimulationDock.h"
#include "LeversWindow.h"
#include "SweepWindow.h"
#include "TireFitDialog.h"
#include "VehicleFiles.h"

#include "widgets/ParameterEditor.h"
#include "widgets/TelemetryPanel.h"

#include <QActionGroup>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QUndoStack>

namespace jounce::gui {

WorkbenchMenus::WorkbenchMenus(const Parts& parts) : QObject(&parts.window), parts_(parts)
{
    std::vector<MenuRow> rows;
    for (auto menu : {&WorkbenchMenus::fileMenu, &WorkbenchMenus::editMenu, &WorkbenchMenus::viewMenu,
                      &WorkbenchMenus::simulationMenu, &WorkbenchMenus::helpMenu}) {
        std::vector<MenuRow> more = (this->*menu)();
        rows.insert(rows.end(), more.begin(), more.end());
    }
    addMenuBarRows(parts_.window.menuBar(), this, rows);
}

std::vector<MenuRow> WorkbenchMenus::fileMenu()
{
    const QString file = tr("&File");
    VehicleFiles* files = &parts_.files;
    RunActions* runs = &parts_.runs;
    return {
        {.menu = file, .text = tr("&New from preset"), .submenu = [files](QMenu* m) { files->fillPresetMenu(m); }},
        {.menu = file, .text = tr("&Open…"), .shortcuts = {QKeySequence::Open}, .triggered = [files] { files->open(); }},
        {.menu = file, .text = tr("Open &Recent"), .submenu = [files](QMenu* m) { files->setRecentMenu(m); }},
        {.menu = file, .text = tr("&Save"), .shortcuts = {QKeySequence::Save}, .triggered = [files] { files->save(); }},
        // Spelled out: QKeySequence::SaveAs is empty on some platforms (Windows, Qt's generic theme).
        {.menu = file, .text = tr("Save &As…"), .shortcuts = {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)},
         .objectName = "saveAsAction", .triggered = [files] { files->saveAs(); }},
        {.menu = file},
        {.menu = file, .text = tr("Export vehicle &JSON…"), .triggered = [files] { files->exportJson(); }},
        {.menu = file, .text = tr("&Import"), .objectName = "importMenu",
         .submenu = [this](QMenu* m) { parts_.exchange.fillImportMenu(m); }},
        {.menu = file, .text = tr("E&xport as"), .objectName = "exportMenu",
         .submenu = [this](QMenu* m) {
             parts_.exchange.fillExportMenu(m);
             parts_.runExports.fillExportMenu(m);
         }},
        {.menu = file, .text = tr("Export shown telemetry as &CSV…"),
         .tooltip = tr("The frames of the time span the charts show and the channels they show, SI units"),
         .triggered = [this] { exportTelemetryCsv(); }},
        {.menu = file, .text = tr("Export charts as &PNG…"), .triggered = [this] { exportChartsPng(); }},
        {.menu = file},
        {.menu = file, .text = tr("Save R&un…"), .shortcuts = {QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S)},
         .tooltip = tr("Save a recorded run (vehicle, terrain, start, inputs, edits, telemetry) as a run file"),
         .objectName = "saveRunAction", .triggered = [runs] { runs->saveRun(); }},
        {.menu = file, .text = tr("Open Ru&n or telemetry CSV…"),
         .shortcuts = {QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_O)},
         .tooltip = tr("Open up to four runs or telemetry CSVs: each is drawn as a reference beside the live traces"),
         .objectName = "openRunAction", .triggered = [runs] { runs->openRunFiles(); }},
        {.menu = file},
        {.menu = file, .text = tr("&Quit"), .shortcuts = {QKeySequence::Quit},
         .triggered = [this] { parts_.window.close(); }},
    };
}

std::vector<MenuRow> WorkbenchMenus::editMenu()
{
    const QString edit = tr("&Edit");
    VehicleDocument* document = &parts_.document;
    return {
        {.menu = edit, .shortcuts = {QKeySequence::Undo},
         .action = document->undoStack()->createUndoAction(&parts_.window, tr("&Undo"))},
        {.menu = edit, .shortcuts = {QKeySequence::Redo},
         .action = document->undoStack()->createRedoAction(&parts_.window, tr("&Redo"))},
        {.menu = edit},
        {.menu = edit, .text = tr("Reset &parameter to the file's value"),
         .shortcuts = {QKeySequence(Qt::CTRL | Qt::Key_Backspace)}, .triggered = [this] { resetSelectedParameters(); }},
        {.menu = edit, .text = tr("Re&vert to file"), .objectName = "revertAction",
         .triggered = [document] { document->replaceConfig(document->savedConfig(), tr("Revert to file")); }},
        {.menu = edit},
        {.menu = edit, .text = tr("&Find parameter"), .shortcuts = {QKeySequence::Find},
         .triggered = [this] { findParameter(); }},
        {.menu = edit, .text = tr("Fit &tires to another model…"),
         .tooltip = tr("Fit a Magic Formula, PhysX or Unity tire to the wheels' tires at their rest load, see the "
                       "curves and the error, and apply the fit as one edit"),
         .objectName = "fitTiresAction", .triggered = [this] { showTireFit(); }},
        {.menu = edit},
        {.menu = edit, .text = tr("P&references…"), .shortcuts = {QKeySequence(Qt::CTRL | Qt::Key_Comma)},
         .tooltip = tr("Display units: degrees or radians, rpm, km/h, mm, kN, ..."), .objectName = "preferencesAction",
         .triggered = [this] { showPreferences(); }, .role = QAction::PreferencesRole},
    };
}

std::vector<MenuRow> WorkbenchMenus::viewMenu()
{
    const QString view = tr("&View");
    std::vector<MenuRow> rows;
    for (QDockWidget* dock : parts_.window.findChildren<QDockWidget*>())
        rows.push_back({.menu = view, .action = dock->toggleViewAction()});
    rows.push_back({.menu = view});
    rows.push_back({.menu = view, .text = tr("&Reset layout"),
                    .tooltip = tr("Put every panel back where it starts, sized for this screen"),
                    .objectName = "resetLayoutAction", .triggered = [this] { parts_.layout.applyDefaultOnScreen(); }});
    rows.push_back({.menu = view, .text = tr("Telemetry &layout"), .submenu = [this](QMenu* m) {
                        for (const QString& name : widgets::TelemetryPanel::layoutNames())
                            m->addAction(name, this, [this, name] { parts_.telemetry.applyLayout(name); });
                    }});
    return rows;
}

std::vector<MenuRow> WorkbenchMenus::simulationMenu()
{
    const QString sim = tr("&Simulation");
    SimulationController* simulation = &parts_.simulation;
    RunActions* runs = &parts_.runs;
    SimulationDock* dock = &parts_.simulationDock;
    const bool keepDriving = QSettings().value("simulation/keepDriving", false).toBool();
    simulation->setKeepDrivingAfterManeuver(keepDriving);
    auto* pacing = new QActionGroup(this);
    return {
        {.menu = sim, .text = tr("&Compare vehicles…"), .shortcuts = {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C)},
         .tooltip = tr("Run the same maneuver for two to four vehicles and compare parameters, telemetry and figures"),
         .triggered = [this] { showCompare(); }},
        {.menu = sim, .text = tr("S&weep…"), .shortcuts = {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W)},
         .tooltip = tr("Vary parameters of the edited vehicle over many runs: heat maps, sensitivity, pick a point"),
         .objectName = "sweepAction", .triggered = [this] { showSweep(); }},
        {.menu = sim, .text = tr("&Levers…"), .shortcuts = {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L)},
         .tooltip = tr("Which parameters move a figure of the edited vehicle: each lever at −20 % and +20 %, measured"),
         .objectName = "leversAction", .triggered = [this] { showLevers(); }},
        {.menu = sim, .action = parts_.generation.convertAction()},
        {.menu = sim},
        {.menu = sim, .shortcuts = {QKeySequence(Qt::Key_F5)}, .action = dock->runAction()},
        {.menu = sim, .shortcuts = {QKeySequence(Qt::Key_F6)}, .action = dock->pauseAction()},
        {.menu = sim, .text = tr("&Step"), .shortcuts = {QKeySequence(Qt::Key_F7)},
         .triggered = [simulation] { simulation->stepOnce(); }},
        {.menu = sim, .text = tr("Rese&t"), .shortcuts = {QKeySequence(Qt::CTRL | Qt::Key_R)},
         .triggered = [simulation] { simulation->reset(); }},
        {.menu = sim},
        {.menu = sim, .text = tr("Re&play last run"), .shortcuts = {QKeySequence(Qt::Key_F8)},
         .tooltip = tr("Drive the last run's inputs again from its start with the vehicle as it is now; the old run "
                       "becomes the reference (F8)"),
         .objectName = "replayAction", .triggered = [simulation] { simulation->replay(); }},
        {.menu = sim, .text = tr("Replay the reference with this vehicle"),
         .shortcuts = {QKeySequence(Qt::SHIFT | Qt::Key_F8)},
         .objectName = "replayReferenceAction", .triggered = [runs] { runs->replayReference(); }},
        {.menu = sim, .text = tr("P&in last run as reference"),
         .shortcuts = {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)},
         .objectName = "pinRunAction", .triggered = [runs] { runs->pinLastRun(); }},
        {.menu = sim, .text = tr("Pin a recent run as reference"), .objectName = "pinRecentRunMenu",
         .submenu = [runs](QMenu* m) { runs->fillRecentRunsMenu(m); }},
        {.menu = sim, .text = tr("Clear references"), .objectName = "clearReferencesAction",
         .triggered = [simulation] { simulation->runs().unpinAll(); }},
        {.menu = sim, .action = runs->alignByDistanceAction()},
        {.menu = sim, .text = tr("A/B &lockstep…"), .objectName = "lockstepAction",
         .triggered = [runs] { runs->chooseLockstepPartner(); }},
        {.menu = sim},
        {.menu = sim, .text = tr("Real &time"), .checkable = true, .checked = true,
         .toggled = [simulation](bool on) { simulation->setRealTime(on); }, .group = pacing},
        {.menu = sim, .text = tr("As &fast as possible"), .checkable = true, .group = pacing},
        {.menu = sim, .text = tr("&Keep driving after a maneuver ends"),
         .tooltip = tr("Off: the run pauses where a maneuver ends, so its telemetry stays in the charts and the CSV; "
                       "Run (F5) drives on from there"),
         .objectName = "keepDrivingAction", .checkable = true, .checked = keepDriving, .toggled = [simulation](bool on) {
             simulation->setKeepDrivingAfterManeuver(on);
             QSettings().setValue("simulation/keepDriving", on);
         }},
        {.menu = sim},
        {.menu = sim, .text = tr("T&errain"), .submenu = [dock](QMenu* m) { dock->fillTerrainMenu(m); }},
        {.menu = sim, .text = tr("&Maneuver"), .submenu = [dock](QMenu* m) { dock->fillManeuverMenu(m); }},
        {.menu = sim, .text = tr("Stop maneuver"), .triggered = [simulation] { simulation->stopManeuver(); }},
    };
}

std::vector<MenuRow> WorkbenchMenus::helpMenu()
{
    const QString help = tr("&Help");
    return {
        {.menu = help, .text = tr("&Guide section of the selected parameter"), .shortcuts = {QKeySequence::HelpContents},
         .triggered = [this] { showGuideSection(); }},
        {.menu = help, .text = tr("&About Jounce"), .triggered = [this] { showAbout(); }},
    };
}

void WorkbenchMenus::exportTelemetryCsv()
{
    const QString path = QFileDialog::getSaveFileName(&parts_.window, tr("Export telemetry"), QString(), tr("CSV (*.csv)"));
    if (!path.isEmpty())
        if (const QString err = parts_.telemetry.exportCsv(path); !err.isEmpty())
            QMessageBox::warning(&parts_.window, tr("Export failed"), err);
}

void WorkbenchMenus::exportChartsPng()
{
    QWidget* window = &parts_.window;
    const QString path = QFileDialog::getSaveFileName(window, tr("Export charts"), QString(), tr("PNG image (*.png)"));
    if (path.isEmpty())
        return;
    // The charts as on screen, or re-laid at a chosen size (a slide, a report page).
    const QSize shown = parts_.telemetry.chartsSize();
    const QStringList sizes{tr("As shown (%1 × %2)").arg(shown.width()).arg(shown.height()), "1920 × 1080",
                            "2560 × 1440", "3840 × 2160"};
    bool ok = false;
    const QString choice =
        QInputDialog::getItem(window, tr("Export charts"), tr("Image size (pixels):"), sizes, 0, false, &ok);
    if (!ok)
        return;
    const QStringList wh = choice.split(QStringLiteral(" × "));
    const QSize size = sizes.indexOf(choice) == 0 ? QSize() : QSize(wh[0].toInt(), wh[1].toInt());
    if (const QString err = parts_.telemetry.exportPng(path, size); !err.isEmpty())
        QMessageBox::warning(window, tr("Export failed"), err);
}

void WorkbenchMenus::resetSelectedParameters()
{
    config::EditList edits;
    for (const std::string& p : parts_.parameters.selectedRowPaths())
        if (auto v = config::ParameterRegistry::instance().get(parts_.document.savedConfig(), p))
            edits.push_back({p, *v});
    if (const QString err = parts_.document.setParameters(edits, tr("Reset parameter")); !err.isEmpty())
        parts_.window.statusBar()->showMessage(err, 6000);
}

void WorkbenchMenus::findParameter()
{
    if (auto* search = parts_.parameters.findChild<QLineEdit*>())
        search->setFocus();
}

void WorkbenchMenus::showPreferences()
{
    auto* dialog = parts_.window.findChild<PreferencesDialog*>();
    if (!dialog)
        dialog = new PreferencesDialog(&parts_.window);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void WorkbenchMenus::showCompare()
{
    CompareWindow& w = parts_.window.compareWindow();
    w.show();
    w.raise();
    w.activateWindow();
}

void WorkbenchMenus::showSweep()
{
    MainWindow& window = parts_.window;
    auto* w = window.findChild<SweepWindow*>();
    if (!w)
        w = new SweepWindow(parts_.document, presetsDir(), [&window]() -> CompareWindow& { return window.compareWindow(); },
                            &window);
    w->show();
    w->raise();
    w->activateWindow();
}

void WorkbenchMenus::showLevers()
{
    auto* w = parts_.window.findChild<LeversWindow*>();
    if (!w)
        w = new LeversWindow(parts_.document, presetsDir(), &parts_.window);
    w->show();
    w->raise();
    w->activateWindow();
}

void WorkbenchMenus::showTireFit()
{
    auto* dialog = parts_.window.findChild<TireFitDialog*>();
    if (!dialog)
        dialog = new TireFitDialog(parts_.document, &parts_.window);
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void WorkbenchMenus::showGuideSection()
{
    const QString path = parts_.parameters.selectedPath();
    const config::Node* node = config::ParameterRegistry::instance().findLeaf(path.toStdString());
    if (!node) {
        QMessageBox::information(&parts_.window, tr("Tuning guide"), tr("Select a parameter in the Parameters dock first."));
        return;
    }
    QMessageBox::information(
        &parts_.window, tr("Tuning guide: %1").arg(path),
        tr("<b>%1</b><p>%2</p><p>Unit: %3<br>Limits: %4<br>Tuning guide section: <b>%5</b> (spec %6)</p>")
            .arg(path.toHtmlEscaped(), QString::fromStdString(node->info.description).toHtmlEscaped(),
                 QString::fromStdString(node->info.unit), QString::fromStdString(node->info.hard.describe()),
                 QString::fromStdString(node->info.section), QString::fromStdString(node->info.specRef)));
}

void WorkbenchMenus::showAbout()
{
    QMessageBox::about(&parts_.window, tr("About Jounce"),
                       tr("<b>Jounce</b> %1<p>A workbench for tuning vehicles by hand on the PhysX vehicle model, "
                          "simulated with Bullet Physics and drawn with Qt.</p>")
                           .arg(QCoreApplication::applicationVersion()));
}

}  // namespace jounce::gui
