#pragma once
// File ▸ Export as ▸ Run as MoTeC .ld… and Run as MoTeC CSV… (docs/motec.md): a recorded run of
// the session -- the one being recorded, as it is so far, or a finished one -- for MoTeC i2 and
// the tools that read its CSV. The export runs on a worker thread behind a window-modal progress
// dialog (shown when it takes longer than a moment; Cancel leaves no file); an error is reported
// in a box. The beacons are the phases of the session's last maneuver when the run drove it.

#include "exchange/motec/MotecCsv.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <string>

QT_BEGIN_NAMESPACE
class QMainWindow;
class QMenu;
QT_END_NAMESPACE

namespace jounce::sim {
struct RunLog;
}

namespace jounce::gui {

class RunActions;
class SimulationController;

class RunExports : public QObject {
    Q_OBJECT
public:
    RunExports(RunActions& runs, SimulationController& simulation, QMainWindow& window);

    /// Adds the run exports to File ▸ Export as.
    void fillExportMenu(QMenu* menu);

    /// Writes `run` as `path` and its .ldx; returns an error message, "" when written (the status
    /// bar says what), or "cancelled".
    QString exportLd(std::shared_ptr<const sim::RunLog> run, const QString& path);
    /// Writes `run` as MoTeC CSV (i2's layout) on `axis`; as exportLd.
    QString exportCsv(std::shared_ptr<const sim::RunLog> run, const QString& path, exchange::MotecAxis axis);

private:
    using Work = std::function<std::string(const std::function<bool(double)>& progress)>;
    /// Runs `work` on a worker thread until it ends, behind the progress dialog; its error.
    QString runWithProgress(const QString& label, Work work);
    /// Asks for a run and the file, exports it, reports a failure in a box.
    void exportChosen(bool csv);

    RunActions& runs_;
    SimulationController& simulation_;
    QMainWindow& window_;
};

}  // namespace jounce::gui
