#include "RunActions.h"

#include "PresetFiles.h"
#include "SimulationController.h"
#include "SimulationDock.h"

#include "compare/EditDescription.h"
#include "config/VehicleJson.h"
#include "run/RunFile.h"
#include "run/TelemetryCsvReader.h"
#include "widgets/TelemetryPanel.h"
#include "widgets/VehicleView.h"
#include "widgets/XYPlotPair.h"

#include <QAction>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>
#include <QThread>

#include <algorithm>

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

RunActions::RunActions(VehicleDocument& document, SimulationController& simulation, widgets::TelemetryPanel& telemetry,
                       widgets::VehicleView& view, SimulationDock& dock, QMainWindow& window)
    : QObject(&window),
      document_(document),
      simulation_(simulation),
      telemetry_(telemetry),
      view_(view),
      dock_(dock),
      window_(window),
      alignByDistance_(new QAction(tr("Align references by &distance"), this))
{
    alignByDistance_->setObjectName(QStringLiteral("alignByDistanceAction"));
    alignByDistance_->setCheckable(true);
    alignByDistance_->setToolTip(tr("Off: a reference frame is drawn at its own time since the start; on: where the "
                                    "live car had travelled as far"));
    connect(alignByDistance_, &QAction::toggled, this, [this](bool on) {
        telemetry_.setAlignment(on ? widgets::Alignment::Distance : widgets::Alignment::Time);
    });
    connect(&simulation_.runs(), &RunLibrary::referencesChanged, this, [this] {
        telemetry_.setReferences(simulation_.runs().references());
        view_.setReferences(simulation_.runs().references());
        if (auto* xy = window_.findChild<widgets::XYPlotPair*>())
            xy->setReferences(simulation_.runs().references());
        updateMarkers();
    });
    connect(&telemetry_, &widgets::TelemetryPanel::alignmentChanged, this, [this](widgets::Alignment a) {
        updateMarkers();
        const QSignalBlocker block(alignByDistance_);
        alignByDistance_->setChecked(a == widgets::Alignment::Distance);
        view_.setAlignment(a);
    });
    connect(&simulation_, &SimulationController::liveEditsChanged, this, &RunActions::updateMarkers);
}

void RunActions::openRunFiles()
{
    const QStringList paths = QFileDialog::getOpenFileNames(
        &window_, tr("Open runs as references"), QSettings().value("runs/dir").toString(),
        tr("Jounce runs and telemetry (*.jrun *.csv);;Jounce run (*.jrun);;Telemetry CSV (*.csv)"));
    for (const QString& path : paths)
        openRunFile(path);
}

void RunActions::pinLastRun()
{
    RunLibrary& runs = simulation_.runs();
    if (runs.recent().empty()) {
        window_.statusBar()->showMessage(tr("No finished run yet: a reset (Ctrl+R), a replay or a maneuver ends one"), 6000);
        return;
    }
    runs.pin(runs.recent().back());
}

void RunActions::fillRecentRunsMenu(QMenu* menu)
{
    // Any finished run of the session (the library keeps the last eight), newest first.
    connect(menu, &QMenu::aboutToShow, this, [this, menu] {
        menu->clear();
        const auto& recent = simulation_.runs().recent();
        for (auto it = recent.rbegin(); it != recent.rend(); ++it)
            menu->addAction(describe(**it), this, [this, run = *it] { simulation_.runs().pin(run); });
        if (recent.empty())
            menu->addAction(tr("No finished run yet"))->setEnabled(false);
    });
}

void RunActions::describeReferences()
{
    // What each reference's car differs in from the live one: "before" alone does not say.
    std::vector<QString> changes;
    const std::shared_ptr<const VehicleConfig>& live = simulation_.pushedConfig();
    for (const widgets::ReferenceRun& r : simulation_.runs().references()) {
        if (!r.run->vehicle || !live) {
            changes.emplace_back();
            continue;
        }
        const std::string change = compare::describeEdit(*r.run->vehicle, *live, 2);
        changes.push_back(change.empty() ? tr("the live car") : tr("→ live: %1").arg(QString::fromStdString(change)));
    }
    telemetry_.setReferenceChanges(std::move(changes));
}

void RunActions::updateMarkers()
{
    describeReferences();
    std::vector<widgets::TelemetryChart::Marker> markers;
    for (const sim::RunEdit& e : simulation_.liveEdits())
        markers.push_back({e.time, QString::fromStdString(e.text), QColor(200, 80, 0)});
    const auto& refs = simulation_.runs().references();
    if (!refs.empty() && telemetry_.alignment() == widgets::Alignment::Time)
        for (const sim::RunEdit& e : refs.front().run->edits)
            markers.push_back({e.time, tr("ref: %1").arg(QString::fromStdString(e.text)), QColor(110, 110, 110)});
    std::sort(markers.begin(), markers.end(), [](const auto& a, const auto& b) { return a.time < b.time; });
    telemetry_.setMarkers(std::move(markers));
}

bool RunActions::openRunFile(const QString& path)
{
    std::shared_ptr<const sim::RunLog> run;
    if (path.endsWith(".csv", Qt::CaseInsensitive)) {
        sim::TelemetryCsvDocument doc = sim::loadTelemetryCsv(path.toStdString());
        if (!doc.ok()) {
            showProblems(&window_, tr("Cannot open telemetry"), path, doc.problems);
            return false;
        }
        run = std::move(doc.run);
    } else {
        sim::RunFileDocument doc = sim::loadRunFile(path.toStdString());
        if (!doc.ok()) {
            showProblems(&window_, tr("Cannot open run"), path, doc.problems);
            return false;
        }
        run = std::move(doc.run);
    }
    QSettings().setValue("runs/dir", QFileInfo(path).absolutePath());
    simulation_.runs().add(run);
    simulation_.runs().pin(run);
    window_.statusBar()->showMessage(run->replayable()
                                         ? tr("%1 is the reference; Shift+F8 replays it with this vehicle").arg(describe(*run))
                                         : tr("%1 is the reference (telemetry only: it cannot be replayed)").arg(describe(*run)),
                                     10000);
    return true;
}

QString RunActions::saveRunFile(const sim::RunLog& run, const QString& path)
{
    if (const std::string err = sim::saveRunFile(path.toStdString(), run); !err.empty())
        return QString::fromStdString(err);
    QSettings().setValue("runs/dir", QFileInfo(path).absolutePath());
    return {};
}

std::shared_ptr<const sim::RunLog> RunActions::chooseRun(const QString& title)
{
    // The run being recorded joins the finished ones first, as it is so far.
    RunLibrary& runs = simulation_.runs();
    const std::size_t before = runs.recent().size();
    const auto newest = before ? runs.recent().back() : nullptr;
    simulation_.snapshotRun();
    QElapsedTimer waited;
    waited.start();
    while (waited.elapsed() < 2000 && (runs.recent().empty() || runs.recent().back() == newest)) {
        QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents, 20);
        QThread::msleep(5);
    }
    if (runs.recent().empty()) {
        QMessageBox::information(&window_, title, tr("Nothing has been driven yet."));
        return nullptr;
    }
    QStringList items;
    for (auto it = runs.recent().rbegin(); it != runs.recent().rend(); ++it)
        items << describe(**it);
    bool ok = false;
    const QString chosen = QInputDialog::getItem(&window_, title, tr("Run:"), items, 0, false, &ok);
    if (!ok)
        return nullptr;
    return runs.recent()[runs.recent().size() - 1 - std::size_t(items.indexOf(chosen))];
}

QString RunActions::fileNameOf(const sim::RunLog& run)
{
    return QString::fromStdString(run.name).replace(QRegularExpression("[^A-Za-z0-9_.-]+"), "-");
}

void RunActions::saveRun()
{
    const std::shared_ptr<const sim::RunLog> chosen = chooseRun(tr("Save run"));
    if (!chosen)
        return;
    const sim::RunLog& run = *chosen;
    const QString path = QFileDialog::getSaveFileName(&window_, tr("Save run"),
                                                      QSettings().value("runs/dir").toString() + "/" + fileNameOf(run) +
                                                          ".jrun",
                                                      tr("Jounce run (*.jrun)"));
    if (path.isEmpty())
        return;
    if (const QString err = saveRunFile(run, path); !err.isEmpty())
        QMessageBox::warning(&window_, tr("Save failed"), err);
    else
        window_.statusBar()->showMessage(tr("Saved %1 as %2").arg(QString::fromStdString(run.name), path), 6000);
}

bool RunActions::replayReference()
{
    for (const widgets::ReferenceRun& ref : simulation_.runs().references()) {
        if (!ref.run->replayable() || ref.run->source == "lockstep B")
            continue;
        const QString file = QString::fromStdString(ref.run->terrain.file);
        if (!file.isEmpty() && QFileInfo(file).absoluteFilePath() != simulation_.terrainFile()) {
            if (!QFileInfo::exists(file) || !dock_.openTerrain(file)) {
                window_.statusBar()->showMessage(tr("The run's terrain %1 is not there: replaying on %2")
                                                     .arg(file, simulation_.terrainName()), 8000);
            }
        }
        simulation_.replay(ref.run);
        return true;
    }
    window_.statusBar()->showMessage(tr("No reference with driver inputs: open a run file or pin a run first"), 6000);
    return false;
}

bool RunActions::startLockstep(const QString& vehicleFile)
{
    if (vehicleFile.isEmpty()) {
        simulation_.setPartner(nullptr);
        return true;
    }
    config::VehicleFile doc = config::loadVehicle(vehicleFile.toStdString());
    if (!doc.ok()) {
        showProblems(&window_, tr("Cannot use the vehicle"), vehicleFile, doc.problems);
        return false;
    }
    const QString name = QString::fromStdString(doc.config.name);
    simulation_.setPartner(std::make_shared<const VehicleConfig>(std::move(doc.config)), name);
    window_.statusBar()->showMessage(tr("A/B lockstep: %1 drives with the same keys, drawn as the reference").arg(name), 8000);
    return true;
}

void RunActions::chooseLockstepPartner()
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
    if (simulation_.lockstep()) {
        items << tr("Stop lockstep");
        files << QString();
    }
    bool ok = false;
    const QString chosen = QInputDialog::getItem(&window_, tr("A/B lockstep"),
                                                 tr("Drive a second vehicle with the same keys, side by side:"), items, 0,
                                                 false, &ok);
    if (!ok)
        return;
    QString file = files[items.indexOf(chosen)];
    if (file == "?")
        file = QFileDialog::getOpenFileName(&window_, tr("Second vehicle"), presetsDir(), tr("Vehicle (*.json)"));
    if (file != "?" && (!file.isEmpty() || chosen == tr("Stop lockstep")))
        startLockstep(file);
}

}  // namespace jounce::gui
