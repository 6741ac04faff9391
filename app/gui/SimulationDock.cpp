#include "SimulationDock.h"

#include "config/ModelGenerationChange.h"

#include "PresetFiles.h"
#include "SimulationController.h"
#include "StartPointBox.h"

#include "analysis/Figures.h"
#include "scenario/ManeuverJson.h"
#include "telemetry/Channels.h"
#include "world/TerrainJson.h"
#include "widgets/DisplayUnits.h"
#include "widgets/ProblemsPanel.h"
#include "widgets/VehicleView.h"

#include <QAction>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace jounce::gui {

SimulationDock::SimulationDock(SimulationController& simulation, widgets::VehicleView& view,
                               widgets::ProblemsPanel& problems, QMainWindow& window)
    : QWidget(&window), simulation_(simulation), view_(view), problems_(problems), window_(window)
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildRunControls());
    layout->addLayout(buildChoices());
    buildStatus();
    startBox_->setTerrain(simulation_.terrain());

    connect(pickStart_, &QPushButton::toggled, &view_, &widgets::VehicleView::setPicking);
    connect(&view_, &widgets::VehicleView::pickingChanged, pickStart_, &QPushButton::setChecked);
    connect(&view_, &widgets::VehicleView::startPicked, this, &SimulationDock::usePickedStart);
    connect(&simulation_, &SimulationController::maneuverFinished, this, &SimulationDock::showManeuverSummary);
    connect(&simulation_, &SimulationController::blockedChanged, this, [this](const QString& reason) {
        blockedLabel_->setText(reason);
        blockedLabel_->setVisible(!reason.isEmpty());
    });
    auto* statusTimer = new QTimer(this);
    connect(statusTimer, &QTimer::timeout, this, &SimulationDock::updateStatus);
    statusTimer->start(200);
}

QWidget* SimulationDock::buildRunControls()
{
    auto* buttons = new QToolBar(this);
    runAction_ = buttons->addAction(tr("Run"), this, [this] { simulation_.run(); });
    pauseAction_ = buttons->addAction(tr("Pause"), this, [this] { simulation_.pause(); });
    buttons->addAction(tr("Step"), this, [this] { simulation_.stepOnce(); });
    buttons->addAction(tr("Reset"), this, [this] { simulation_.reset(); });
    QAction* replay = buttons->addAction(tr("Replay"), this, [this] { simulation_.replay(); });
    replay->setToolTip(tr("Replay the last run's inputs with the vehicle as it is now, over the old run as the "
                          "reference (F8)"));
    return buttons;
}

QLayout* SimulationDock::buildChoices()
{
    auto* form = new QFormLayout();
    terrainBox_ = new QComboBox(this);
    // Long names may shrink to an elided text, so the dock fits a narrow screen.
    terrainBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    terrainBox_->setMinimumContentsLength(8);  // with 12 the rows overran a 1366-px screen's dock
    terrainBox_->setToolTip(tr("The ground the vehicle drives on (presets/terrains or a file)"));
    terrainBox_->addItem(tr("Flat plane (endless tarmac)"), QString());
    for (const QString& f : jsonFilesIn(presetsDir() + "/terrains"))
        terrainBox_->addItem(QFileInfo(f).completeBaseName(), QFileInfo(f).canonicalFilePath());
    terrainBox_->addItem(tr("Open terrain file…"), QStringLiteral("?"));
    connect(terrainBox_, &QComboBox::activated, this, &SimulationDock::terrainChosen);
    form->addRow(tr("Terrain:"), terrainBox_);

    maneuverBox_ = new QComboBox(this);
    maneuverBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    maneuverBox_->setMinimumContentsLength(8);
    maneuverBox_->setToolTip(tr("A scripted maneuver (presets/maneuvers or a file); it resets the vehicle to the "
                                "terrain's start and drives it"));
    for (const QString& f : jsonFilesIn(presetsDir() + "/maneuvers"))
        maneuverBox_->addItem(QFileInfo(f).completeBaseName(), f);
    maneuverBox_->addItem(tr("Open maneuver file…"), QStringLiteral("?"));
    auto* runButton = new QPushButton(tr("Run"), this);
    runButton->setToolTip(tr("Reset the vehicle and drive the selected maneuver"));
    connect(runButton, &QPushButton::clicked, this, [this] { runManeuver(maneuverBox_->currentData().toString()); });
    auto* maneuverRow = new QHBoxLayout();
    maneuverRow->addWidget(maneuverBox_, 1);
    maneuverRow->addWidget(runButton);
    form->addRow(tr("Maneuver:"), maneuverRow);
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setTextVisible(true);
    progress_->setFormat(tr("no maneuver"));
    startBox_ = new StartPointBox(this);
    connect(startBox_, &QComboBox::activated, this, [this] { applyStartChoice(); });
    pickStart_ = new QPushButton(tr("Pick…"), this);
    pickStart_->setCheckable(true);
    pickStart_->setToolTip(tr("Click on the vehicle view's map to place the start, drag to give its heading (Esc cancels)"));
    auto* startRow = new QHBoxLayout();
    startRow->addWidget(startBox_, 1);
    startRow->addWidget(pickStart_);
    form->addRow(tr("Start:"), startRow);
    form->addRow(tr("Progress:"), progress_);
    return form;
}

void SimulationDock::buildStatus()
{
    auto* layout = static_cast<QVBoxLayout*>(this->layout());
    summaryLabel_ = new QLabel(this);
    summaryLabel_->setWordWrap(true);
    summaryLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(summaryLabel_);

    statusLabel_ = new QLabel(this);
    statusLabel_->setWordWrap(true);
    layout->addWidget(statusLabel_);
    blockedLabel_ = new QLabel(this);
    blockedLabel_->setWordWrap(true);
    blockedLabel_->setStyleSheet("QLabel { color: #a00; }");
    blockedLabel_->hide();
    layout->addWidget(blockedLabel_);

    // One line; the whole explanation in its tooltip (the dock must fit a 768-pixel-high screen).
    auto* keys = new QLabel(tr("<b>Drive</b>: W/S ↑/↓ · A/D ←/→ · Space · Q/E · T · R"), this);
    keys->setToolTip(tr("W/S or ↑/↓ throttle and brake, A/D or ←/→ steer, Space handbrake, Q/E gear down/up, "
                        "T autobox on/off, R reset.\nClick the graphs first if a text field has the keyboard."));
    keys->setWordWrap(true);
    layout->addWidget(keys);
    layout->addStretch(1);
}

void SimulationDock::fillTerrainMenu(QMenu* menu)
{
    for (int i = 0; i < terrainBox_->count(); ++i)
        menu->addAction(terrainBox_->itemText(i), this, [this, i] {
            terrainBox_->setCurrentIndex(i);
            emit terrainBox_->activated(i);
        });
}

void SimulationDock::fillManeuverMenu(QMenu* menu)
{
    for (int i = 0; i < maneuverBox_->count(); ++i)  // by file, not index: the box grows by opened files
        menu->addAction(maneuverBox_->itemText(i), this,
                        [this, path = maneuverBox_->itemData(i).toString()] { runManeuver(path); });
}

void SimulationDock::terrainChosen(int index)
{
    QString path = terrainBox_->itemData(index).toString();
    if (path == "?") {
        path = QFileDialog::getOpenFileName(&window_, tr("Open terrain"), presetsDir() + "/terrains", tr("Terrain (*.json)"));
        if (path.isEmpty())
            return;
    }
    if (path.isEmpty()) {
        simulation_.setTerrain(nullptr, tr("flat plane"));
        view_.setTerrain(nullptr);
        startBox_->setTerrain(simulation_.terrain());
        QSettings().setValue("simulation/terrain", QString());
    } else {
        openTerrain(path);
    }
}

bool SimulationDock::openTerrain(const QString& path)
{
    sim::TerrainDocument doc = sim::loadTerrain(path.toStdString());
    if (!doc.ok()) {
        problems_.setProblems(doc.problems, QFileInfo(path).fileName());
        QMessageBox::warning(&window_, tr("Cannot use terrain"),
                             tr("%1 has problems; they are listed in the Problems dock.").arg(path));
        return false;
    }
    auto terrain = std::make_shared<const sim::Terrain>(std::move(doc.terrain));
    simulation_.setTerrain(terrain, QFileInfo(path).completeBaseName(), QFileInfo(path).absoluteFilePath());
    view_.setTerrain(terrain);
    startBox_->setTerrain(simulation_.terrain());
    const int index = terrainBox_->findData(QFileInfo(path).canonicalFilePath());
    if (index >= 0)
        terrainBox_->setCurrentIndex(index);
    QSettings().setValue("simulation/terrain", path);
    return true;
}

void SimulationDock::runManeuver(QString path)
{
    if (path == "?")
        path = QFileDialog::getOpenFileName(&window_, tr("Open maneuver"), presetsDir() + "/maneuvers", tr("Maneuver (*.json)"));
    if (!path.isEmpty())
        startManeuverFile(path);
}

bool SimulationDock::startManeuverFile(const QString& path)
{
    sim::ManeuverDocument doc = sim::loadManeuver(path.toStdString());
    if (!doc.ok()) {
        problems_.setProblems(doc.problems, QFileInfo(path).fileName());
        QMessageBox::warning(&window_, tr("Cannot run maneuver"),
                             tr("%1 has problems; they are listed in the Problems dock.").arg(path));
        return false;
    }
    summaryLabel_->clear();
    simulation_.startManeuver(doc.maneuver, QFileInfo(path).completeBaseName());
    // The box shows what runs, also a maneuver from a file or the command line (kept for the
    // session, above "Open maneuver file…").
    const QString canonical = QFileInfo(path).canonicalFilePath();
    int index = -1;
    for (int i = 0; i < maneuverBox_->count() && index < 0; ++i)
        if (QFileInfo(maneuverBox_->itemData(i).toString()).canonicalFilePath() == canonical)
            index = i;
    if (index < 0) {
        index = maneuverBox_->count() - 1;
        maneuverBox_->insertItem(index, QFileInfo(path).completeBaseName(), canonical);
        maneuverBox_->setItemData(index, canonical, Qt::ToolTipRole);
    }
    maneuverBox_->setCurrentIndex(index);
    return true;
}

bool SimulationDock::chooseStartPoint(const QString& name)
{
    if (!startBox_->chooseNamed(name))
        return false;
    applyStartChoice();
    return true;
}

void SimulationDock::applyStartChoice()
{
    const std::optional<sim::SpawnPose> pose = startBox_->pose();
    if (!pose)
        return;
    simulation_.setStartPose(*pose);
    window_.statusBar()->showMessage(tr("Runs start at %1").arg(startBox_->describeChoice()), 6000);
}

void SimulationDock::usePickedStart(double x, double y, double heading)
{
    const sim::Terrain* t = simulation_.terrain();
    if (t && !t->field.contains(x, y)) {
        window_.statusBar()->showMessage(
            tr("(%1, %2) lies outside the terrain: pick a point on it").arg(x, 0, 'f', 1).arg(y, 0, 'f', 1), 6000);
        return;
    }
    startBox_->choosePicked(x, y, heading);
    applyStartChoice();
}

void SimulationDock::showManeuverSummary()
{
    // The figures come from the simulation thread, which saw every frame of the run.
    const sim::SimulationRunner::Status s = simulation_.status();
    // The end time is the one the CLI and the figures give (the run may have gone on since).
    QString text =
        tr("<b>%1 finished</b> after %2 s").arg(simulation_.maneuverName()).arg(s.maneuverEndTime, 0, 'f', 3);
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
    if (s.paused)
        text += tr("<br>Paused at its end: Run (F5) drives on.");
    summaryLabel_->setText(text);
}

QString SimulationDock::maneuverSummary() const
{
    return summaryLabel_->text();
}

void SimulationDock::updateStatus()
{
    const sim::SimulationRunner::Status s = simulation_.status();
    const QString state = !s.failure.empty() ? tr("stopped") : s.paused ? tr("paused") : tr("running");
    QString text = tr("t = %1 s · %2 · %3")
                       .arg(s.time, 0, 'f', 1)
                       .arg(state, s.realTime ? tr("real time") : tr("as fast as possible"));
    if (!s.paused && s.realTimeFactor > 0)
        text += tr(" · %1× real time").arg(s.realTimeFactor, 0, 'f', 1);
    if (const auto& car = simulation_.pushedConfig())  // the model generation the car runs
        text += tr(" · %1 model").arg(QString::fromUtf8(modelGenerationTitle(car->simulation.model).data()));
    if (const telemetry::Frame* f = simulation_.latestFrame()) {
        // In the display units (Edit ▸ Preferences), as the charts and the editor.
        const widgets::UnitChoices units = widgets::DisplayUnits::current();
        text += tr("<br>speed %1 · gear %2 · engine %3 · autobox %4")
                    .arg(units.format(f->vehicle(telemetry::VehicleChannel::ForwardSpeed), "m/s"))
                    .arg(static_cast<int>(f->vehicle(telemetry::VehicleChannel::Gear)))
                    .arg(units.format(f->vehicle(telemetry::VehicleChannel::EngineOmega), "rad/s"))
                    .arg(simulation_.autoBox() ? tr("on") : tr("off"));
    }
    if (!s.failure.empty())
        text += tr("<br><span style='color:#a00'>Stopped: %1. Edit the vehicle or reset (Ctrl+R) to go on.</span>")
                    .arg(QString::fromStdString(s.failure).toHtmlEscaped());
    else if (s.resets > 0)
        text += tr("<br><span style='color:#a00'>%1 reset(s): %2</span>")
                    .arg(s.resets)
                    .arg(QString::fromStdString(s.lastResetReason).toHtmlEscaped());
    if (!s.error.empty())
        text += tr("<br><span style='color:#a00'>%1</span>").arg(QString::fromStdString(s.error).toHtmlEscaped());
    statusLabel_->setText(text);
    if (s.maneuverRunning) {
        progress_->setValue(static_cast<int>(s.maneuverProgress * 1000));
        progress_->setFormat(tr("%1: %2").arg(simulation_.maneuverName(), QString::fromStdString(s.maneuverPhase)));
    } else if (s.maneuverFinished) {
        progress_->setValue(1000);
        progress_->setFormat(tr("%1: done").arg(simulation_.maneuverName()));
    }
    runAction_->setEnabled(s.paused);
    pauseAction_->setEnabled(!s.paused);
}

}  // namespace jounce::gui
