// The main window's simulation dock: run controls, terrain and maneuver choice, progress, the
// maneuver summary and the live status line.
#include "MainWindow.h"
#include "PresetFiles.h"

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
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QToolBar>
#include <QVBoxLayout>

#include <cmath>

namespace jounce::gui {

QWidget* MainWindow::buildSimulationDock()
{
    auto* w = new QWidget(this);
    auto* layout = new QVBoxLayout(w);

    auto* buttons = new QToolBar(w);
    runAction_ = buttons->addAction(tr("Run"), this, [this] { simulation_->run(); });
    pauseAction_ = buttons->addAction(tr("Pause"), this, [this] { simulation_->pause(); });
    buttons->addAction(tr("Step"), this, [this] { simulation_->stepOnce(); });
    buttons->addAction(tr("Reset"), this, [this] { simulation_->reset(); });
    QAction* replay = buttons->addAction(tr("Replay"), this, [this] { simulation_->replay(); });
    replay->setToolTip(tr("Replay the last run's inputs with the vehicle as it is now, over the old run as the "
                          "reference (F8)"));
    layout->addWidget(buttons);

    auto* form = new QFormLayout();
    terrainBox_ = new QComboBox(w);
    // Long names may shrink to an elided text, so the dock fits a narrow screen.
    terrainBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    terrainBox_->setMinimumContentsLength(12);
    terrainBox_->setToolTip(tr("The ground the vehicle drives on (presets/terrains or a file)"));
    terrainBox_->addItem(tr("Flat plane (endless tarmac)"), QString());
    for (const QString& f : jsonFilesIn(presetsDir() + "/terrains"))
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
            rebuildStartBox();
            QSettings().setValue("simulation/terrain", QString());
        } else {
            openTerrain(path);
        }
    });
    form->addRow(tr("Terrain:"), terrainBox_);

    maneuverBox_ = new QComboBox(w);
    maneuverBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    maneuverBox_->setMinimumContentsLength(12);
    maneuverBox_->setToolTip(tr("A scripted maneuver (presets/maneuvers or a file); it resets the vehicle to the "
                                "terrain's start and drives it"));
    for (const QString& f : jsonFilesIn(presetsDir() + "/maneuvers"))
        maneuverBox_->addItem(QFileInfo(f).completeBaseName(), f);
    maneuverBox_->addItem(tr("Open maneuver file…"), QStringLiteral("?"));
    auto* runManeuver = new QPushButton(tr("Run"), w);
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
    startBox_ = new QComboBox(w);
    startBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    startBox_->setMinimumContentsLength(12);
    startBox_->setToolTip(tr("Where runs and maneuvers start: the terrain's start, one of its named start points "
                             "near a test section, or a pose picked on the map"));
    connect(startBox_, &QComboBox::activated, this, [this] { applyStartChoice(); });
    pickStart_ = new QPushButton(tr("Pick…"), w);
    pickStart_->setCheckable(true);
    pickStart_->setToolTip(tr("Click on the vehicle view's map to place the start, drag to give its heading (Esc cancels)"));
    auto* startRow = new QHBoxLayout();
    startRow->addWidget(startBox_, 1);
    startRow->addWidget(pickStart_);
    form->addRow(tr("Start:"), startRow);
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

    // One line; the whole explanation in its tooltip (the dock must fit a 768-pixel-high screen).
    auto* keys = new QLabel(tr("<b>Drive</b>: W/S ↑/↓ · A/D ←/→ · Space · Q/E · T · R"), w);
    keys->setToolTip(tr("W/S or ↑/↓ throttle and brake, A/D or ←/→ steer, Space handbrake, Q/E gear down/up, "
                        "T autobox on/off, R reset.\nClick the graphs first if a text field has the keyboard."));
    keys->setWordWrap(true);
    layout->addWidget(keys);
    layout->addStretch(1);
    return w;
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
    simulation_->setTerrain(terrain, QFileInfo(path).completeBaseName(), QFileInfo(path).absoluteFilePath());
    vehicleView_->setTerrain(terrain);
    rebuildStartBox();
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

void MainWindow::showManeuverSummary()
{
    // The figures come from the simulation thread, which saw every frame of the run.
    const sim::SimulationRunner::Status s = simulation_->status();
    // The end time is the one the CLI and the figures give (the run may have gone on since).
    QString text =
        tr("<b>%1 finished</b> after %2 s").arg(simulation_->maneuverName()).arg(s.maneuverEndTime, 0, 'f', 3);
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

QString MainWindow::maneuverSummary() const
{
    return summaryLabel_->text();
}

void MainWindow::updateStatus()
{
    const sim::SimulationRunner::Status s = simulation_->status();
    const QString state = !s.failure.empty() ? tr("stopped") : s.paused ? tr("paused") : tr("running");
    QString text = tr("t = %1 s · %2 · %3").arg(s.time, 0, 'f', 1).arg(state,
                                                                     s.realTime ? tr("real time") : tr("as fast as possible"));
    if (!s.paused && s.realTimeFactor > 0)
        text += tr(" · %1× real time").arg(s.realTimeFactor, 0, 'f', 1);
    if (const telemetry::Frame* f = simulation_->latestFrame()) {
        // In the display units (Edit ▸ Preferences), as the charts and the editor.
        const widgets::UnitChoices units = widgets::DisplayUnits::current();
        text += tr("<br>speed %1 · gear %2 · engine %3 · autobox %4")
                    .arg(units.format(f->vehicle(telemetry::VehicleChannel::ForwardSpeed), "m/s"))
                    .arg(static_cast<int>(f->vehicle(telemetry::VehicleChannel::Gear)))
                    .arg(units.format(f->vehicle(telemetry::VehicleChannel::EngineOmega), "rad/s"))
                    .arg(simulation_->autoBox() ? tr("on") : tr("off"));
    }
    if (!s.failure.empty())
        text += tr("<br><span style='color:#a00'>Stopped: %1. Edit the vehicle or reset (Ctrl+R) to go on.</span>")
                    .arg(QString::fromStdString(s.failure).toHtmlEscaped());
    else if (s.resets > 0)
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

}  // namespace jounce::gui
