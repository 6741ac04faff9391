// The main window's menu bar: File, Edit, View, Simulation and Help and their actions.
#include "MainWindow.h"
#include "PreferencesDialog.h"
#include "PresetFiles.h"
#include "SweepWindow.h"

#include "config/VehicleJson.h"
#include "widgets/ParameterEditor.h"
#include "widgets/TelemetryPanel.h"

#include <QAction>
#include <QActionGroup>
#include <QComboBox>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFileDialog>
#include <QInputDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QScreen>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QUndoStack>

namespace jounce::gui {

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QMenu* newMenu = file->addMenu(tr("&New from preset"));
    for (const QString& f : jsonFilesIn(presetsDir())) {
        newMenu->addAction(QFileInfo(f).completeBaseName(), this, [this, f] {
            if (!maybeSave())
                return;
            config::VehicleFile doc = config::loadVehicle(f.toStdString());
            if (doc.parsed)
                document_.newFrom(doc.config, tr("New %1").arg(QFileInfo(f).completeBaseName()));
        });
    }
    file->addAction(tr("&Open…"), QKeySequence::Open, this, [this] {
        if (!maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open vehicle"), presetsDir(), tr("Vehicle (*.json)"));
        if (!path.isEmpty())
            openVehicle(path);
    });
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    rebuildRecentMenu();
    file->addAction(tr("&Save"), QKeySequence::Save, this, [this] {
        if (document_.filePath().isEmpty()) {
            saveAs();
            return;
        }
        if (const QString err = document_.save(); !err.isEmpty())
            QMessageBox::warning(this, tr("Save failed"), err);
        else
            statusBar()->showMessage(tr("Saved %1").arg(document_.filePath()), 4000);
    });
    // Spelled out: QKeySequence::SaveAs is empty on some platforms (Windows, Qt's generic theme).
    file->addAction(tr("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, &MainWindow::saveAs)
        ->setObjectName(QStringLiteral("saveAsAction"));
    file->addSeparator();
    file->addAction(tr("Export vehicle &JSON…"), this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export vehicle JSON"), suggestedExportPath(), tr("Vehicle (*.json)"));
        if (path.isEmpty())
            return;
        if (const std::string err = config::saveVehicle(path.toStdString(), document_.config()); !err.empty())
            QMessageBox::warning(this, tr("Export failed"), QString::fromStdString(err));
        else
            QSettings().setValue("document/exportDir", QFileInfo(path).absolutePath());
    });
    addExchangeMenus(file);
    QAction* csv = file->addAction(tr("Export shown telemetry as &CSV…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export telemetry"), QString(), tr("CSV (*.csv)"));
        if (!path.isEmpty())
            if (const QString err = telemetry_->exportCsv(path); !err.isEmpty())
                QMessageBox::warning(this, tr("Export failed"), err);
    });
    csv->setToolTip(tr("The frames of the time span the charts show and the channels they show, SI units"));
    file->addAction(tr("Export charts as &PNG…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export charts"), QString(), tr("PNG image (*.png)"));
        if (path.isEmpty())
            return;
        // The charts as on screen, or scaled to a chosen size (a slide, a report page).
        const QSize shown = telemetry_->chartsSize();
        const QStringList sizes{tr("As shown (%1 × %2)").arg(shown.width()).arg(shown.height()), "1920 × 1080",
                                "2560 × 1440", "3840 × 2160"};
        bool ok = false;
        const QString choice = QInputDialog::getItem(this, tr("Export charts"), tr("Image size (pixels):"), sizes, 0,
                                                     false, &ok);
        if (!ok)
            return;
        const QStringList wh = choice.split(QStringLiteral(" × "));
        const QSize size = sizes.indexOf(choice) == 0 ? QSize() : QSize(wh[0].toInt(), wh[1].toInt());
        if (const QString err = telemetry_->exportPng(path, size); !err.isEmpty())
            QMessageBox::warning(this, tr("Export failed"), err);
    });
    file->addSeparator();
    addRunFileActions(file);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = document_.undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = document_.undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("Reset &parameter to the file's value"), QKeySequence(Qt::CTRL | Qt::Key_Backspace), this, [this] {
        config::EditList edits;
        for (const std::string& p : parameters_->selectedRowPaths())
            if (auto v = config::ParameterRegistry::instance().get(document_.savedConfig(), p))
                edits.push_back({p, *v});
        if (const QString err = document_.setParameters(edits, tr("Reset parameter")); !err.isEmpty())
            statusBar()->showMessage(err, 6000);
    });
    edit->addAction(tr("Re&vert to file"), this, [this] { document_.replaceConfig(document_.savedConfig(), tr("Revert to file")); })
        ->setObjectName(QStringLiteral("revertAction"));
    edit->addSeparator();
    edit->addAction(tr("&Find parameter"), QKeySequence::Find, this, [this] {
        if (auto* search = parameters_->findChild<QLineEdit*>())
            search->setFocus();
    });
    edit->addSeparator();
    QAction* preferences = edit->addAction(tr("P&references…"), QKeySequence(Qt::CTRL | Qt::Key_Comma), this, [this] {
        auto* dialog = findChild<PreferencesDialog*>();
        if (!dialog)
            dialog = new PreferencesDialog(this);
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });
    preferences->setObjectName(QStringLiteral("preferencesAction"));
    preferences->setMenuRole(QAction::PreferencesRole);
    preferences->setToolTip(tr("Display units: degrees or radians, rpm, km/h, mm, kN, ..."));

    viewMenu_ = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        viewMenu_->addAction(dock->toggleViewAction());
    viewMenu_->addSeparator();
    QAction* resetLayout = viewMenu_->addAction(tr("&Reset layout"), this, [this] {
        const QScreen* shownOn = screen() ? screen() : QGuiApplication::primaryScreen();
        applyDefaultLayout(shownOn ? shownOn->availableGeometry() : QRect(0, 0, 1366, 768));
    });
    resetLayout->setObjectName(QStringLiteral("resetLayoutAction"));
    resetLayout->setToolTip(tr("Put every panel back where it starts, sized for this screen"));
    QMenu* layouts = viewMenu_->addMenu(tr("Telemetry &layout"));
    for (const QString& name : widgets::TelemetryPanel::layoutNames())
        layouts->addAction(name, this, [this, name] { telemetry_->applyLayout(name); });

    QMenu* sim = menuBar()->addMenu(tr("&Simulation"));
    QAction* compare = sim->addAction(tr("&Compare vehicles…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this, [this] {
        CompareWindow& w = compareWindow();
        w.show();
        w.raise();
        w.activateWindow();
    });
    compare->setToolTip(tr("Run the same maneuver for two to four vehicles and compare parameters, telemetry and figures"));
    QAction* sweepAction = sim->addAction(tr("S&weep…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W), this, [this] {
        auto* w = findChild<SweepWindow*>();
        if (!w)
            w = new SweepWindow(document_, presetsDir(), [this]() -> CompareWindow& { return compareWindow(); }, this);
        w->show();
        w->raise();
        w->activateWindow();
    });
    sweepAction->setObjectName(QStringLiteral("sweepAction"));
    sweepAction->setToolTip(tr("Vary parameters of the edited vehicle over many runs: heat maps, sensitivity, pick a point"));
    sim->addSeparator();
    runAction_->setShortcut(QKeySequence(Qt::Key_F5));
    pauseAction_->setShortcut(QKeySequence(Qt::Key_F6));
    sim->addAction(runAction_);
    sim->addAction(pauseAction_);
    sim->addAction(tr("&Step"), QKeySequence(Qt::Key_F7), this, [this] { simulation_->stepOnce(); });
    sim->addAction(tr("Rese&t"), QKeySequence(Qt::CTRL | Qt::Key_R), this, [this] { simulation_->reset(); });
    sim->addSeparator();
    addRunActions(sim);
    sim->addSeparator();
    auto* pacing = new QActionGroup(this);
    realTimeAction_ = sim->addAction(tr("Real &time"));
    realTimeAction_->setCheckable(true);
    realTimeAction_->setChecked(true);
    QAction* fast = sim->addAction(tr("As &fast as possible"));
    fast->setCheckable(true);
    pacing->addAction(realTimeAction_);
    pacing->addAction(fast);
    connect(realTimeAction_, &QAction::toggled, this, [this](bool on) { simulation_->setRealTime(on); });
    QAction* keepDriving = sim->addAction(tr("&Keep driving after a maneuver ends"));
    keepDriving->setObjectName(QStringLiteral("keepDrivingAction"));
    keepDriving->setCheckable(true);
    keepDriving->setToolTip(tr("Off: the run pauses where a maneuver ends, so its telemetry stays in the charts and "
                               "the CSV; Run (F5) drives on from there"));
    keepDriving->setChecked(QSettings().value("simulation/keepDriving", false).toBool());
    simulation_->setKeepDrivingAfterManeuver(keepDriving->isChecked());
    connect(keepDriving, &QAction::toggled, this, [this](bool on) {
        simulation_->setKeepDrivingAfterManeuver(on);
        QSettings().setValue("simulation/keepDriving", on);
    });
    sim->addSeparator();
    QMenu* terrainMenu = sim->addMenu(tr("T&errain"));
    for (int i = 0; i < terrainBox_->count(); ++i)
        terrainMenu->addAction(terrainBox_->itemText(i), this, [this, i] {
            terrainBox_->setCurrentIndex(i);
            emit terrainBox_->activated(i);
        });
    QMenu* maneuverMenu = sim->addMenu(tr("&Maneuver"));
    for (int i = 0; i < maneuverBox_->count(); ++i)  // by file, not index: the box grows by opened files
        maneuverMenu->addAction(maneuverBox_->itemText(i), this, [this, path = maneuverBox_->itemData(i).toString()]() mutable {
            if (path == "?")
                path = QFileDialog::getOpenFileName(this, tr("Open maneuver"), presetsDir() + "/maneuvers", tr("Maneuver (*.json)"));
            if (!path.isEmpty())
                startManeuverFile(path);
        });
    sim->addAction(tr("Stop maneuver"), this, [this] { simulation_->stopManeuver(); });

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Guide section of the selected parameter"), QKeySequence::HelpContents, this, [this] {
        const QString path = parameters_->selectedPath();
        const config::Node* node = config::ParameterRegistry::instance().findLeaf(path.toStdString());
        if (!node) {
            QMessageBox::information(this, tr("Tuning guide"), tr("Select a parameter in the Parameters dock first."));
            return;
        }
        QMessageBox::information(
            this, tr("Tuning guide: %1").arg(path),
            tr("<b>%1</b><p>%2</p><p>Unit: %3<br>Limits: %4<br>Tuning guide section: <b>%5</b> (spec %6)</p>")
                .arg(path.toHtmlEscaped(), QString::fromStdString(node->info.description).toHtmlEscaped(),
                     QString::fromStdString(node->info.unit), QString::fromStdString(node->info.hard.describe()),
                     QString::fromStdString(node->info.section), QString::fromStdString(node->info.specRef)));
    });
    help->addAction(tr("&About Jounce"), this, [this] {
        QMessageBox::about(this, tr("About Jounce"),
                           tr("<b>Jounce</b> %1<p>A workbench for tuning vehicles by hand on the PhysX vehicle model, "
                              "simulated with Bullet Physics and drawn with Qt.</p>")
                               .arg(QCoreApplication::applicationVersion()));
    });
}

}  // namespace jounce::gui
