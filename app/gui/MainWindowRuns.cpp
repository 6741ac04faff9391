// The workbench's recorded runs (docs/architecture.md "Runs and replay"): replay, references,
// run files, telemetry CSVs as references, A/B lockstep, and the charts' edit markers.

#include "MainWindow.h"

#include "PresetFiles.h"
#include "SimulationController.h"
#include "config/VehicleJson.h"
#include "run/RunFile.h"
#include "run/TelemetryCsvReader.h"
#include "widgets/TelemetryPanel.h"
#include "widgets/VehicleView.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>
#include <QThread>

namespace jounce::gui {
namespace {

QString describe(const sim::RunLog& run)
{
    const QString vehicle = run.vehicle ? QString::fromStdString(run.vehicle->name) : QObject::tr("telemetry only");
    const double seconds = run.telemetry.empty() ? 0.0 : run.telemetry.time(run.telemetry.size() - 1);
    return QObject::tr("%1 — %2 s, %3").arg(QString::fromStdString(run.name)).arg(seconds, 0, 'f', 1).arg(vehicle);
}

/// A non-modal box with a file's problems: the work in the window stays as it was.
void showProblems(QWidget* parent, const QString& title, const QString& path, const Problems& problems)
{
    QString text;
    int shown = 0;
    for (const Problem& p : problems.items)
        if (p.severity == Severity::Error && shown++ < 8)
            text += "\n• " + QString::fromStdString(p.toString());
    auto* box = new QMessageBox(QMessageBox::Warning, title, QObject::tr("%1 cannot be used:%2").arg(path, text),
                                QMessageBox::Ok, parent);
    box->setObjectName(QStringLiteral("runFileErrorBox"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

}  // namespace

void MainWindow::addRunFileActions(QMenu* file)
{
    QAction* save = file->addAction(tr("Save R&un…"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S), this, &MainWindow::saveRun);
    save->setObjectName(QStringLiteral("saveRunAction"));
    save->setToolTip(tr("Save a recorded run (vehicle, terrain, start, inputs, edits, telemetry) as a run file"));
    QAction* open = file->addAction(tr("Open Ru&n or telemetry CSV…"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_O), this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(
            this, tr("Open runs as references"), QSettings().value("runs/dir").toString(),
            tr("Jounce runs and telemetry (*.jrun *.csv);;Jounce run (*.jrun);;Telemetry CSV (*.csv)"));
        for (const QString& path : paths)
            openRunFile(path);
    });
    open->setObjectName(QStringLiteral("openRunAction"));
    open->setToolTip(tr("Open up to four runs or telemetry CSVs: each is drawn as a reference beside the live traces"));
}

void MainWindow::addRunActions(QMenu* sim)
{
    replayAction_ = sim->addAction(tr("Re&play last run"), QKeySequence(Qt::Key_F8), this, [this] { simulation_->replay(); });
    replayAction_->setObjectName(QStringLiteral("replayAction"));
    replayAction_->setToolTip(tr("Drive the last run's inputs again from its start with the vehicle as it is now; the "
                                 "old run becomes the reference (F8)"));
    QAction* replayRef = sim->addAction(tr("Replay the reference with this vehicle"), QKeySequence(Qt::SHIFT | Qt::Key_F8),
                                        this, [this] { replayReference(); });
    replayRef->setObjectName(QStringLiteral("replayReferenceAction"));
    QAction* pin = sim->addAction(tr("P&in last run as reference"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), this, [this] {
        RunLibrary& runs = simulation_->runs();
        if (runs.recent().empty()) {
            statusBar()->showMessage(tr("No finished run yet: a reset (Ctrl+R), a replay or a maneuver ends one"), 6000);
            return;
        }
        runs.pin(runs.recent().back());
    });
    pin->setObjectName(QStringLiteral("pinRunAction"));
    // Any finished run of the session (the library keeps the last eight), newest first.
    QMenu* pinMenu = sim->addMenu(tr("Pin a recent run as reference"));
    pinMenu->setObjectName(QStringLiteral("pinRecentRunMenu"));
    connect(pinMenu, &QMenu::aboutToShow, this, [this, pinMenu] {
        pinMenu->clear();
        const auto& recent = simulation_->runs().recent();
        for (auto it = recent.rbegin(); it != recent.rend(); ++it)
            pinMenu->addAction(describe(**it), this, [this, run = *it] { simulation_->runs().pin(run); });
        if (recent.empty())
            pinMenu->addAction(tr("No finished run yet"))->setEnabled(false);
    });
    sim->addAction(tr("Clear references"), this, [this] { simulation_->runs().unpinAll(); })
        ->setObjectName(QStringLiteral("clearReferencesAction"));
    QAction* byDistance = sim->addAction(tr("Align references by &distance"));
    byDistance->setObjectName(QStringLiteral("alignByDistanceAction"));
    byDistance->setCheckable(true);
    byDistance->setToolTip(tr("Off: a reference frame is drawn at its own time since the start; on: where the live "
                              "car had travelled as far"));
    connect(byDistance, &QAction::toggled, this, [this](bool on) {
        telemetry_->setAlignment(on ? widgets::Alignment::Distance : widgets::Alignment::Time);
    });
    sim->addAction(tr("A/B &lockstep…"), this, &MainWindow::chooseLockstepPartner)->setObjectName(QStringLiteral("lockstepAction"));

    connect(&simulation_->runs(), &RunLibrary::referencesChanged, this, [this] {
        telemetry_->setReferences(simulation_->runs().references());
        vehicleView_->setReferences(simulation_->runs().references());
        updateMarkers();
    });
    connect(telemetry_, &widgets::TelemetryPanel::alignmentChanged, this, [this, byDistance](widgets::Alignment a) {
        updateMarkers();
        const QSignalBlocker block(byDistance);
        byDistance->setChecked(a == widgets::Alignment::Distance);
        vehicleView_->setAlignment(a);
    });
    connect(simulation_.get(), &SimulationController::liveEditsChanged, this, &MainWindow::updateMarkers);
}

void MainWindow::updateMarkers()
{
    std::vector<widgets::TelemetryChart::Marker> markers;
    for (const sim::RunEdit& e : simulation_->liveEdits())
        markers.push_back({e.time, QString::fromStdString(e.text), QColor(200, 80, 0)});
    const auto& refs = simulation_->runs().references();
    if (!refs.empty() && telemetry_->alignment() == widgets::Alignment::Time)
        for (const sim::RunEdit& e : refs.front().run->edits)
            markers.push_back({e.time, tr("ref: %1").arg(QString::fromStdString(e.text)), QColor(110, 110, 110)});
    std::sort(markers.begin(), markers.end(), [](const auto& a, const auto& b) { return a.time < b.time; });
    telemetry_->setMarkers(std::move(markers));
}

bool MainWindow::openRunFile(const QString& path)
{
    std::shared_ptr<const sim::RunLog> run;
    if (path.endsWith(".csv", Qt::CaseInsensitive)) {
        sim::TelemetryCsvDocument doc = sim::loadTelemetryCsv(path.toStdString());
        if (!doc.ok()) {
            showProblems(this, tr("Cannot open telemetry"), path, doc.problems);
            return false;
        }
        run = std::move(doc.run);
    } else {
        sim::RunFileDocument doc = sim::loadRunFile(path.toStdString());
        if (!doc.ok()) {
            showProblems(this, tr("Cannot open run"), path, doc.problems);
            return false;
        }
        run = std::move(doc.run);
    }
    QSettings().setValue("runs/dir", QFileInfo(path).absolutePath());
    simulation_->runs().add(run);
    simulation_->runs().pin(run);
    statusBar()->showMessage(run->replayable()
                                 ? tr("%1 is the reference; Shift+F8 replays it with this vehicle").arg(describe(*run))
                                 : tr("%1 is the reference (telemetry only: it cannot be replayed)").arg(describe(*run)),
                             10000);
    return true;
}

QString MainWindow::saveRunFile(const sim::RunLog& run, const QString& path)
{
    if (const std::string err = sim::saveRunFile(path.toStdString(), run); !err.empty())
        return QString::fromStdString(err);
    QSettings().setValue("runs/dir", QFileInfo(path).absolutePath());
    return {};
}

void MainWindow::saveRun()
{
    // The run being recorded joins the finished ones first, as it is so far.
    RunLibrary& runs = simulation_->runs();
    const std::size_t before = runs.recent().size();
    const auto newest = before ? runs.recent().back() : nullptr;
    simulation_->snapshotRun();
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 2000 && (runs.recent().empty() || runs.recent().back() == newest)) {
        QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents, 20);
        QThread::msleep(5);
    }
    if (runs.recent().empty()) {
        QMessageBox::information(this, tr("Save run"), tr("Nothing has been driven yet."));
        return;
    }
    QStringList items;
    for (auto it = runs.recent().rbegin(); it != runs.recent().rend(); ++it)
        items << describe(**it);
    bool ok = false;
    const QString chosen = QInputDialog::getItem(this, tr("Save run"), tr("Run:"), items, 0, false, &ok);
    if (!ok)
        return;
    const auto& run = *runs.recent()[runs.recent().size() - 1 - std::size_t(items.indexOf(chosen))];
    QString name = QString::fromStdString(run.name).replace(QRegularExpression("[^A-Za-z0-9_.-]+"), "-");
    const QString path = QFileDialog::getSaveFileName(this, tr("Save run"),
                                                      QSettings().value("runs/dir").toString() + "/" + name + ".jrun",
                                                      tr("Jounce run (*.jrun)"));
    if (path.isEmpty())
        return;
    if (const QString err = saveRunFile(run, path); !err.isEmpty())
        QMessageBox::warning(this, tr("Save failed"), err);
    else
        statusBar()->showMessage(tr("Saved %1 as %2").arg(QString::fromStdString(run.name), path), 6000);
}

bool MainWindow::replayReference()
{
    for (const widgets::ReferenceRun& ref : simulation_->runs().references()) {
        if (!ref.run->replayable() || ref.run->source == "lockstep B")
            continue;
        const QString file = QString::fromStdString(ref.run->terrain.file);
        if (!file.isEmpty() && QFileInfo(file).absoluteFilePath() != simulation_->terrainFile()) {
            if (!QFileInfo::exists(file) || !openTerrain(file)) {
                statusBar()->showMessage(tr("The run's terrain %1 is not there: replaying on %2")
                                             .arg(file, simulation_->terrainName()), 8000);
            }
        }
        simulation_->replay(ref.run);
        return true;
    }
    statusBar()->showMessage(tr("No reference with driver inputs: open a run file or pin a run first"), 6000);
    return false;
}

bool MainWindow::startLockstep(const QString& vehicleFile)
{
    if (vehicleFile.isEmpty()) {
        simulation_->setPartner(nullptr);
        return true;
    }
    config::VehicleFile doc = config::loadVehicle(vehicleFile.toStdString());
    if (!doc.ok()) {
        showProblems(this, tr("Cannot use the vehicle"), vehicleFile, doc.problems);
        return false;
    }
    const QString name = QString::fromStdString(doc.config.name);
    simulation_->setPartner(std::make_shared<const VehicleConfig>(std::move(doc.config)), name);
    statusBar()->showMessage(tr("A/B lockstep: %1 drives with the same keys, drawn as the reference").arg(name), 8000);
    return true;
}

void MainWindow::chooseLockstepPartner()
{
    QStringList items;
    QStringList files;
    if (!document_.filePath().isEmpty()) {
        items << tr("The edited vehicle as last saved (%1)").arg(QFileInfo(document_.filePath()).fileName());
        files << document_.filePath();
    }
    for (const QString& f : jsonFilesIn(presetsDir())) {
        items << tr("Preset: %1").arg(QFileInfo(f).completeBaseName());
        files << f;
    }
    items << tr("A vehicle file…");
    files << QStringLiteral("?");
    if (simulation_->lockstep()) {
        items << tr("Stop lockstep");
        files << QString();
    }
    bool ok = false;
    const QString chosen = QInputDialog::getItem(this, tr("A/B lockstep"),
                                                 tr("Drive a second vehicle with the same keys, side by side:"), items, 0,
                                                 false, &ok);
    if (!ok)
        return;
    QString file = files[items.indexOf(chosen)];
    if (file == "?")
        file = QFileDialog::getOpenFileName(this, tr("Second vehicle"), presetsDir(), tr("Vehicle (*.json)"));
    if (file != "?" && (!file.isEmpty() || chosen == tr("Stop lockstep")))
        startLockstep(file);
}

}  // namespace jounce::gui
