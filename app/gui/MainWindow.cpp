#include "MainWindow.h"

#include "io/VehicleJson.h"
#include "analysis/Figures.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainJson.h"
#include "telemetry/Channels.h"
#include "widgets/CurveEditor.h"
#include "widgets/DoctorPanel.h"
#include "widgets/ParameterEditor.h"
#include "widgets/ProblemsPanel.h"
#include "widgets/TelemetryPanel.h"
#include "widgets/VehicleView.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>

namespace jounce::gui {
namespace {

QDockWidget* addDock(QMainWindow* window, const QString& title, const QString& objectName, QWidget* content,
                     Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(title, window);
    dock->setObjectName(objectName);
    dock->setWidget(content);
    window->addDockWidget(area, dock);
    return dock;
}

QStringList jsonFiles(const QString& dir)
{
    QStringList out;
    for (const QString& name : QDir(dir).entryList({"*.json"}, QDir::Files, QDir::Name))
        out << QDir(dir).filePath(name);
    return out;
}

}  // namespace

QString MainWindow::presetsDir()
{
    const QString env = qEnvironmentVariable("JOUNCE_PRESETS");
    if (!env.isEmpty() && QDir(env).exists())
        return env;
    const QString installed = QCoreApplication::applicationDirPath() + "/../share/jounce/presets";
    if (QDir(installed).exists())
        return QDir(installed).canonicalPath();
    return QStringLiteral(JOUNCE_SOURCE_DIR "/presets");
}

MainWindow::MainWindow()
{
    setObjectName("JounceMainWindow");
    setWindowIcon(QIcon(":/jounce.svg"));
    telemetry_ = new widgets::TelemetryPanel(this);
    setCentralWidget(telemetry_);

    // Every widget's edits go through the document's edit session as one undoable step.
    const widgets::ApplyEdits applyEdits = [this](const config::EditList& edits, const QString& text) {
        return document_.setParameters(edits, text);
    };
    parameters_ = new widgets::ParameterEditor(this);
    parameters_->setApplyEdits(applyEdits);
    connect(parameters_, &widgets::ParameterEditor::message, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    problems_ = new widgets::ProblemsPanel(this);
    connect(problems_, &widgets::ProblemsPanel::activated, this, [this](const QString& pointer) {
        if (!parameters_->selectParameter(pointer))
            statusBar()->showMessage(tr("%1 is not a parameter the editor shows").arg(pointer), 5000);
    });

    vehicleView_ = new widgets::VehicleView(this);
    vehicleView_->setHistory(&telemetry_->history());
    curves_ = new widgets::CurveEditor(this);
    curves_->setHistory(&telemetry_->history());
    curves_->setApplyEdits(applyEdits);
    connect(curves_, &widgets::CurveEditor::message, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    doctor_ = new widgets::DoctorPanel(this);
    doctor_->setApplyEdits(applyEdits);
    connect(doctor_, &widgets::DoctorPanel::message, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(doctor_, &widgets::DoctorPanel::parametersSelected, this, [this](const QStringList& paths) {
        if (!paths.isEmpty())
            parameters_->selectParameter(paths.front());
    });

    simulation_ = std::make_unique<SimulationController>(document_, *telemetry_, this);
    connect(simulation_.get(), &SimulationController::framesArrived, vehicleView_, qOverload<>(&QWidget::update));
    connect(simulation_.get(), &SimulationController::framesArrived, curves_, &widgets::CurveEditor::updateOperatingPoint);
    connect(simulation_.get(), &SimulationController::framesArrived, this, [this] { doctor_->feed(telemetry_->history()); });
    connect(simulation_.get(), &SimulationController::maneuverFinished, this, &MainWindow::showManeuverSummary);
    connect(simulation_.get(), &SimulationController::blockedChanged, this, [this](const QString& reason) {
        blockedLabel_->setText(reason);
        blockedLabel_->setVisible(!reason.isEmpty());
    });

    QDockWidget* params = addDock(this, tr("Parameters"), "ParametersDock", parameters_, Qt::LeftDockWidgetArea);
    QDockWidget* simDock = addDock(this, tr("Simulation"), "SimulationDock", buildSimulationDock(), Qt::RightDockWidgetArea);
    QDockWidget* viewDock = addDock(this, tr("Vehicle view"), "VehicleViewDock", vehicleView_, Qt::RightDockWidgetArea);
    QDockWidget* curvesDock = addDock(this, tr("Curves"), "CurvesDock", curves_, Qt::LeftDockWidgetArea);
    splitDockWidget(params, curvesDock, Qt::Vertical);
    QDockWidget* problemsDock = addDock(this, tr("Problems"), "ProblemsDock", problems_, Qt::BottomDockWidgetArea);
    QDockWidget* doctorDock = addDock(this, tr("Doctor"), "DoctorDock", doctor_, Qt::BottomDockWidgetArea);
    tabifyDockWidget(problemsDock, doctorDock);
    problemsDock->raise();
    splitDockWidget(simDock, viewDock, Qt::Vertical);
    resizeDocks({params, simDock}, {600, 330}, Qt::Horizontal);
    resizeDocks({problemsDock}, {110}, Qt::Vertical);

    buildMenus();
    connect(&document_, &VehicleDocument::configChanged, this, &MainWindow::documentChanged);
    connect(&document_, &VehicleDocument::fileStateChanged, this, &MainWindow::updateTitle);
    documentChanged();
    updateTitle();

    auto* statusTimer = new QTimer(this);
    connect(statusTimer, &QTimer::timeout, this, &MainWindow::updateStatus);
    statusTimer->start(200);

    QSettings settings;
    resize(1400, 900);
    restoreGeometry(settings.value("window/geometry").toByteArray());
    restoreState(settings.value("window/state").toByteArray());
    qApp->installEventFilter(this);
}

CompareWindow& MainWindow::compareWindow()
{
    if (!compare_)
        compare_ = std::make_unique<CompareWindow>(document_, presetsDir(), this);
    return *compare_;
}

MainWindow::~MainWindow()
{
    qApp->removeEventFilter(this);
}

QWidget* MainWindow::buildSimulationDock()
{
    auto* w = new QWidget(this);
    auto* layout = new QVBoxLayout(w);

    auto* buttons = new QToolBar(w);
    runAction_ = buttons->addAction(tr("Run"), this, [this] { simulation_->run(); });
    pauseAction_ = buttons->addAction(tr("Pause"), this, [this] { simulation_->pause(); });
    buttons->addAction(tr("Step"), this, [this] { simulation_->stepOnce(); });
    buttons->addAction(tr("Reset"), this, [this] { simulation_->reset(); });
    layout->addWidget(buttons);

    auto* form = new QFormLayout();
    terrainBox_ = new QComboBox(w);
    terrainBox_->setToolTip(tr("The ground the vehicle drives on (presets/terrains or a file)"));
    terrainBox_->addItem(tr("Flat plane (endless tarmac)"), QString());
    for (const QString& f : jsonFiles(presetsDir() + "/terrains"))
        terrainBox_->addItem(QFileInfo(f).completeBaseName(), QFileInfo(f).canonicalFilePath());
    terrainBox_->addItem(tr("Open terrain file…"), QStringLiteral("?"));
    connect(terrainBox_, &QComboBox::activated, this, [this](int index) {
        QString path = terrainBox_->itemData(index).toString();
        if (path == "?") {
            path = QFileDialog::getOpenFileName(this, tr("Open terrain"), presetsDir() + "/terrains", tr("Terrain (*.json)"));
            if (path.isEmpty())
                return;
        }
        if (path.isEmpty()) {
            simulation_->setTerrain(nullptr, tr("flat plane"));
            vehicleView_->setTerrain(nullptr);
            QSettings().setValue("simulation/terrain", QString());
        } else {
            openTerrain(path);
        }
    });
    form->addRow(tr("Terrain:"), terrainBox_);

    maneuverBox_ = new QComboBox(w);
    maneuverBox_->setToolTip(tr("A scripted maneuver (presets/maneuvers or a file); it resets the vehicle to the "
                                "terrain's start and drives it"));
    for (const QString& f : jsonFiles(presetsDir() + "/maneuvers"))
        maneuverBox_->addItem(QFileInfo(f).completeBaseName(), f);
    maneuverBox_->addItem(tr("Open maneuver file…"), QStringLiteral("?"));
    auto* runManeuver = new QPushButton(tr("Run maneuver"), w);
    runManeuver->setToolTip(tr("Reset the vehicle and drive the selected maneuver"));
    connect(runManeuver, &QPushButton::clicked, this, [this] {
        QString path = maneuverBox_->currentData().toString();
        if (path == "?")
            path = QFileDialog::getOpenFileName(this, tr("Open maneuver"), presetsDir() + "/maneuvers", tr("Maneuver (*.json)"));
        if (!path.isEmpty())
            startManeuverFile(path);
    });
    auto* maneuverRow = new QHBoxLayout();
    maneuverRow->addWidget(maneuverBox_, 1);
    maneuverRow->addWidget(runManeuver);
    form->addRow(tr("Maneuver:"), maneuverRow);
    progress_ = new QProgressBar(w);
    progress_->setRange(0, 1000);
    progress_->setTextVisible(true);
    progress_->setFormat(tr("no maneuver"));
    form->addRow(tr("Progress:"), progress_);
    layout->addLayout(form);

    summaryLabel_ = new QLabel(w);
    summaryLabel_->setWordWrap(true);
    summaryLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summaryLabel_);

    statusLabel_ = new QLabel(w);
    statusLabel_->setWordWrap(true);
    layout->addWidget(statusLabel_);
    blockedLabel_ = new QLabel(w);
    blockedLabel_->setWordWrap(true);
    blockedLabel_->setStyleSheet("QLabel { color: #a00; }");
    blockedLabel_->hide();
    layout->addWidget(blockedLabel_);

    auto* keys = new QLabel(tr("<b>Drive</b>: W/S or ↑/↓ throttle and brake, A/D or ←/→ steer, Space handbrake, "
                               "Q/E gear down/up, T autobox on/off, R reset. Click the graphs first if a text field "
                               "has the keyboard."),
                            w);
    keys->setWordWrap(true);
    layout->addWidget(keys);
    layout->addStretch(1);
    return w;
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QMenu* newMenu = file->addMenu(tr("&New from preset"));
    for (const QString& f : jsonFiles(presetsDir())) {
        newMenu->addAction(QFileInfo(f).completeBaseName(), this, [this, f] {
            if (!maybeSave())
                return;
            io::VehicleFile doc = io::loadVehicle(f.toStdString());
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
    file->addAction(tr("Save &As…"), QKeySequence::SaveAs, this, &MainWindow::saveAs);
    file->addSeparator();
    file->addAction(tr("Export vehicle &JSON…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export vehicle JSON"), QString(), tr("Vehicle (*.json)"));
        if (path.isEmpty())
            return;
        if (const std::string err = io::saveVehicle(path.toStdString(), document_.config()); !err.empty())
            QMessageBox::warning(this, tr("Export failed"), QString::fromStdString(err));
    });
    file->addAction(tr("Export telemetry &CSV…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export telemetry"), QString(), tr("CSV (*.csv)"));
        if (!path.isEmpty())
            if (const QString err = telemetry_->exportCsv(path); !err.isEmpty())
                QMessageBox::warning(this, tr("Export failed"), err);
    });
    file->addAction(tr("Export charts as &PNG…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export charts"), QString(), tr("PNG image (*.png)"));
        if (!path.isEmpty())
            if (const QString err = telemetry_->exportPng(path); !err.isEmpty())
                QMessageBox::warning(this, tr("Export failed"), err);
    });
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
    edit->addAction(tr("Re&vert to file"), this, [this] { document_.replaceConfig(document_.savedConfig(), tr("Revert to file")); });
    edit->addSeparator();
    edit->addAction(tr("&Find parameter"), QKeySequence::Find, this, [this] {
        if (auto* search = parameters_->findChild<QLineEdit*>())
            search->setFocus();
    });

    viewMenu_ = menuBar()->addMenu(tr("&View"));
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        viewMenu_->addAction(dock->toggleViewAction());
    viewMenu_->addSeparator();
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
    sim->addSeparator();
    runAction_->setShortcut(QKeySequence(Qt::Key_F5));
    pauseAction_->setShortcut(QKeySequence(Qt::Key_F6));
    sim->addAction(runAction_);
    sim->addAction(pauseAction_);
    sim->addAction(tr("&Step"), QKeySequence(Qt::Key_F7), this, [this] { simulation_->stepOnce(); });
    sim->addAction(tr("Rese&t"), QKeySequence(Qt::CTRL | Qt::Key_R), this, [this] { simulation_->reset(); });
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
    sim->addSeparator();
    QMenu* terrainMenu = sim->addMenu(tr("T&errain"));
    for (int i = 0; i < terrainBox_->count(); ++i)
        terrainMenu->addAction(terrainBox_->itemText(i), this, [this, i] {
            terrainBox_->setCurrentIndex(i);
            emit terrainBox_->activated(i);
        });
    QMenu* maneuverMenu = sim->addMenu(tr("&Maneuver"));
    for (int i = 0; i < maneuverBox_->count(); ++i)
        maneuverMenu->addAction(maneuverBox_->itemText(i), this, [this, i] {
            maneuverBox_->setCurrentIndex(i);
            QString path = maneuverBox_->itemData(i).toString();
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

bool MainWindow::openVehicle(const QString& path)
{
    QString error;
    if (!document_.open(path, &error)) {
        QMessageBox::warning(this, tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                             tr("The file could not be read:\n%1").arg(error));
        return false;
    }
    addRecent(path);
    QSettings().setValue("document/last", path);
    if (document_.hasErrors())
        statusBar()->showMessage(tr("%1 opened with problems: see the Problems dock").arg(path), 8000);
    return true;
}

bool MainWindow::openTerrain(const QString& path)
{
    sim::TerrainDocument doc = sim::loadTerrain(path.toStdString());
    if (!doc.ok()) {
        problems_->setProblems(doc.problems, QFileInfo(path).fileName());
        QMessageBox::warning(this, tr("Cannot use terrain"), tr("%1 has problems; they are listed in the Problems dock.").arg(path));
        return false;
    }
    auto terrain = std::make_shared<const sim::Terrain>(std::move(doc.terrain));
    simulation_->setTerrain(terrain, QFileInfo(path).completeBaseName());
    vehicleView_->setTerrain(terrain);
    const int index = terrainBox_->findData(QFileInfo(path).canonicalFilePath());
    if (index >= 0)
        terrainBox_->setCurrentIndex(index);
    QSettings().setValue("simulation/terrain", path);
    return true;
}

bool MainWindow::startManeuverFile(const QString& path)
{
    sim::ManeuverDocument doc = sim::loadManeuver(path.toStdString());
    if (!doc.ok()) {
        problems_->setProblems(doc.problems, QFileInfo(path).fileName());
        QMessageBox::warning(this, tr("Cannot run maneuver"), tr("%1 has problems; they are listed in the Problems dock.").arg(path));
        return false;
    }
    summaryLabel_->clear();
    simulation_->startManeuver(doc.maneuver, QFileInfo(path).completeBaseName());
    return true;
}

void MainWindow::showManeuverSummary()
{
    // The figures come from the simulation thread, which saw every frame of the run.
    const sim::SimulationRunner::Status s = simulation_->status();
    QString text = tr("<b>%1 finished</b> after %2 s").arg(simulation_->maneuverName()).arg(s.time, 0, 'f', 2);
    if (s.figures.empty()) {
        text += tr(": this maneuver measures no handling figures.");
    } else {
        text += "<table>";
        for (const sim::Figure& f : s.figures)
            text += QString("<tr><td>%1</td><td>&nbsp;<b>%2</b></td></tr>")
                        .arg(QString::fromStdString(f.label).toHtmlEscaped(),
                             QString::fromStdString(sim::formatFigure(f)).toHtmlEscaped());
        text += "</table>";
    }
    summaryLabel_->setText(text);
}

QString MainWindow::maneuverSummary() const
{
    return summaryLabel_->text();
}

void MainWindow::updateStatus()
{
    const sim::SimulationRunner::Status s = simulation_->status();
    QString text = tr("t = %1 s · %2 · %3").arg(s.time, 0, 'f', 1).arg(s.paused ? tr("paused") : tr("running"),
                                                                     s.realTime ? tr("real time") : tr("as fast as possible"));
    if (!s.paused && s.realTimeFactor > 0)
        text += tr(" · %1× real time").arg(s.realTimeFactor, 0, 'f', 1);
    if (const telemetry::Frame* f = simulation_->latestFrame())
        text += tr("<br>speed %1 km/h · gear %2 · engine %3 rpm · autobox %4")
                    .arg(f->vehicle(telemetry::VehicleChannel::ForwardSpeed) * 3.6, 0, 'f', 1)
                    .arg(static_cast<int>(f->vehicle(telemetry::VehicleChannel::Gear)))
                    .arg(f->vehicle(telemetry::VehicleChannel::EngineOmega) * 60.0 / (2.0 * M_PI), 0, 'f', 0)
                    .arg(simulation_->autoBox() ? tr("on") : tr("off"));
    if (s.resets > 0)
        text += tr("<br><span style='color:#a00'>%1 reset(s): %2</span>").arg(s.resets).arg(QString::fromStdString(s.lastResetReason).toHtmlEscaped());
    if (!s.error.empty())
        text += tr("<br><span style='color:#a00'>%1</span>").arg(QString::fromStdString(s.error).toHtmlEscaped());
    statusLabel_->setText(text);
    if (s.maneuverRunning) {
        progress_->setValue(static_cast<int>(s.maneuverProgress * 1000));
        progress_->setFormat(tr("%1: %2").arg(simulation_->maneuverName(), QString::fromStdString(s.maneuverPhase)));
    } else if (s.maneuverFinished) {
        progress_->setValue(1000);
        progress_->setFormat(tr("%1: done").arg(simulation_->maneuverName()));
    }
    runAction_->setEnabled(s.paused);
    pauseAction_->setEnabled(!s.paused);
}

void MainWindow::documentChanged()
{
    parameters_->setVehicle(document_.config(), document_.savedConfig(), document_.problems());
    vehicleView_->setVehicle(document_.config());
    curves_->setVehicle(document_.config());
    doctor_->setVehicle(document_.config());
    problems_->setProblems(document_.problems(), document_.displayName());
}

void MainWindow::updateTitle()
{
    setWindowTitle(tr("%1[*] — Jounce").arg(document_.displayName()));
    setWindowModified(document_.isModified());
}

void MainWindow::saveAs()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Save vehicle"), document_.filePath(), tr("Vehicle (*.json)"));
    if (path.isEmpty())
        return;
    if (const QString err = document_.saveAs(path); !err.isEmpty()) {
        QMessageBox::warning(this, tr("Save failed"), err);
        return;
    }
    addRecent(path);
    QSettings().setValue("document/last", path);
}

bool MainWindow::maybeSave()
{
    if (!document_.isModified())
        return true;
    const auto answer = QMessageBox::question(this, tr("Unsaved changes"),
                                              tr("%1 has unsaved changes. Save them?").arg(document_.displayName()),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save) {
        if (document_.filePath().isEmpty())
            saveAs();
        else if (const QString err = document_.save(); !err.isEmpty()) {
            QMessageBox::warning(this, tr("Save failed"), err);
            return false;
        }
        return !document_.isModified();
    }
    return true;
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!maybeSave()) {
        event->ignore();
        return;
    }
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("window/state", saveState());
    event->accept();
}

void MainWindow::addRecent(const QString& path)
{
    QSettings settings;
    QStringList recent = settings.value("document/recent").toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > 10)
        recent.removeLast();
    settings.setValue("document/recent", recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu()
{
    recentMenu_->clear();
    const QStringList recent = QSettings().value("document/recent").toStringList();
    for (const QString& path : recent)
        recentMenu_->addAction(path, this, [this, path] {
            if (maybeSave())
                openVehicle(path);
        });
    recentMenu_->setEnabled(!recent.isEmpty());
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    // Driving keys reach the simulation unless a text field or an editor has the focus.
    if (event->type() == QEvent::KeyPress || event->type() == QEvent::KeyRelease) {
        auto* key = static_cast<QKeyEvent*>(event);
        QWidget* focus = QApplication::focusWidget();
        const bool typing = focus && (focus->inherits("QLineEdit") || focus->inherits("QAbstractSpinBox") ||
                                      focus->inherits("QTextEdit") || focus->inherits("QComboBox"));
        // (An item view's cell editor is a QLineEdit with the focus, so it counts as typing.)
        if (!typing && key->modifiers() == Qt::NoModifier && isActiveWindow() &&
            simulation_->keyEvent(key->key(), event->type() == QEvent::KeyPress, key->isAutoRepeat()))
            return true;
    } else if (event->type() == QEvent::ApplicationDeactivate) {
        simulation_->releaseKeys();
    }
    return QMainWindow::eventFilter(watched, event);
}

}  // namespace jounce::gui
