#include "RunExports.h"

#include "MenuTable.h"
#include "RunActions.h"
#include "SimulationController.h"

#include "exchange/motec/LdWriter.h"

#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMainWindow>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

#include <atomic>
#include <ctime>
#include <exception>
#include <thread>

namespace jounce::gui {
namespace {

const QString kDirKey = QStringLiteral("exchange/motecDir");
const QString kCancelled = QStringLiteral("cancelled");

/// The beacons of `run`: the phases (and laps) of `maneuver`, when the run drove it.
std::vector<exchange::MotecBeacon> beaconsOf(const sim::RunLog& run, const sim::Maneuver* maneuver)
{
    return maneuver ? exchange::maneuverBeacons(run, *maneuver) : std::vector<exchange::MotecBeacon>{};
}

}  // namespace

RunExports::RunExports(RunActions& runs, SimulationController& simulation, QMainWindow& window)
    : QObject(&window), runs_(runs), simulation_(simulation), window_(window)
{
    setObjectName(QStringLiteral("runExports"));
}

void RunExports::fillExportMenu(QMenu* menu)
{
    addMenuRows(menu, this,
                {{},
                 {.text = tr("&Run as MoTeC .ld…"),
                  .tooltip = tr("A recorded run as a MoTeC i2 log (.ld and its .ldx): channels in i2's names and units, "
                                "the maneuver's phases and laps as beacons"),
                  .objectName = "exportMotecLdAction", .triggered = [this] { exportChosen(false); }},
                 {.text = tr("Run as MoTeC &CSV…"),
                  .tooltip = tr("A recorded run as CSV in MoTeC's layout, a row per sample or per distance step"),
                  .objectName = "exportMotecCsvAction", .triggered = [this] { exportChosen(true); }}});
}

QString RunExports::runWithProgress(const QString& label, Work work)
{
    struct Shared {
        std::atomic<int> permille{0};
        std::atomic<bool> cancel{false};
        std::atomic<bool> done{false};
        std::string error;  ///< written by the worker before done
    };
    auto shared = std::make_shared<Shared>();
    std::thread worker([shared, work = std::move(work)] {
        try {
            shared->error = work([&shared](double fraction) {
                shared->permille = static_cast<int>(fraction * 1000.0);
                return !shared->cancel.load();
            });
        } catch (const std::exception& e) {
            shared->error = std::string("the export stopped: ") + e.what();
        }
        shared->done = true;
    });
    // Shown only when the export takes longer than a moment; window-modal, so nothing else in the
    // window changes meanwhile.
    QProgressDialog dialog(label, tr("Cancel"), 0, 1000, &window_);
    dialog.setObjectName(QStringLiteral("motecExportProgress"));
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(400);
    dialog.setAutoReset(false);
    dialog.setAutoClose(false);
    connect(&dialog, &QProgressDialog::canceled, this, [shared] { shared->cancel = true; });
    QEventLoop loop;
    QTimer poll;
    poll.setInterval(25);
    connect(&poll, &QTimer::timeout, &loop, [&] {
        if (shared->done)
            loop.quit();
        else
            dialog.setValue(shared->permille);
    });
    dialog.setValue(0);
    poll.start();
    loop.exec();
    worker.join();
    return QString::fromStdString(shared->error);
}

QString RunExports::exportLd(std::shared_ptr<const sim::RunLog> run, const QString& path)
{
    const std::shared_ptr<const sim::Maneuver> maneuver = simulation_.maneuverOf(*run);
    auto result = std::make_shared<exchange::LdResult>();
    const std::string file = path.toStdString();
    const QString error = runWithProgress(tr("Writing %1…").arg(QFileInfo(path).fileName()),
                                          [run, maneuver, result, file](const std::function<bool(double)>& progress) {
                                              exchange::LdOptions options;
                                              options.metadata = exchange::motecMetadata(*run, std::time(nullptr));
                                              options.beacons = beaconsOf(*run, maneuver.get());
                                              options.progress = progress;
                                              *result = exchange::writeMotecLd(*run, file, options);
                                              return result->error;
                                          });
    if (error.isEmpty())
        window_.statusBar()->showMessage(tr("Wrote %1 and %2: %3 channels at %4 Hz, %5 beacons")
                                             .arg(path, QString::fromStdString(result->ldxPath))
                                             .arg(result->channels)
                                             .arg(result->grid.rate)
                                             .arg(result->beacons),
                                         10000);
    return error;
}

QString RunExports::exportCsv(std::shared_ptr<const sim::RunLog> run, const QString& path, exchange::MotecAxis axis)
{
    const std::shared_ptr<const sim::Maneuver> maneuver = simulation_.maneuverOf(*run);
    auto result = std::make_shared<exchange::MotecCsvResult>();
    const std::string file = path.toStdString();
    const QString error = runWithProgress(tr("Writing %1…").arg(QFileInfo(path).fileName()),
                                          [run, maneuver, result, file, axis](const std::function<bool(double)>& progress) {
                                              exchange::MotecCsvOptions options;
                                              options.axis = axis;
                                              options.metadata = exchange::motecMetadata(*run, std::time(nullptr));
                                              options.beacons = beaconsOf(*run, maneuver.get());
                                              options.progress = progress;
                                              *result = exchange::writeMotecCsv(*run, file, options);
                                              return result->error;
                                          });
    if (error.isEmpty())
        window_.statusBar()->showMessage(tr("Wrote %1: %2 rows of %3 columns").arg(path).arg(result->rows).arg(result->columns),
                                         10000);
    return error;
}

void RunExports::exportChosen(bool csv)
{
    const QString title = csv ? tr("Export run as MoTeC CSV") : tr("Export run as MoTeC .ld");
    const std::shared_ptr<const sim::RunLog> run = runs_.chooseRun(title);
    if (!run)
        return;
    exchange::MotecAxis axis = exchange::MotecAxis::Time;
    if (csv) {
        const QStringList axes{tr("Time: a row per sample"), tr("Distance: a row per distance step")};
        bool ok = false;
        const QString chosen = QInputDialog::getItem(&window_, title, tr("Rows:"), axes, 0, false, &ok);
        if (!ok)
            return;
        axis = axes.indexOf(chosen) == 1 ? exchange::MotecAxis::Distance : exchange::MotecAxis::Time;
    }
    const QString dir = QSettings().value(kDirKey, QDir::homePath()).toString();
    const QString path = QFileDialog::getSaveFileName(
        &window_, title, QDir(dir).filePath(RunActions::fileNameOf(*run) + (csv ? ".csv" : ".ld")),
        csv ? tr("MoTeC CSV (*.csv)") : tr("MoTeC i2 log (*.ld)"));
    if (path.isEmpty())
        return;
    QSettings().setValue(kDirKey, QFileInfo(path).absolutePath());
    const QString error = csv ? exportCsv(run, path, axis) : exportLd(run, path);
    if (error == kCancelled)
        window_.statusBar()->showMessage(tr("Export cancelled: nothing was written"), 6000);
    else if (!error.isEmpty())
        QMessageBox::warning(&window_, tr("Export failed"), error);
}

}  // namespace jounce::gui
