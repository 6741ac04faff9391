// The compare view's menus and its exports: vehicle JSON, JSON Patch, the report CSV and the
// charts as PNG.
#include "CompareWindow.h"

#include "compare/CompareReport.h"
#include "config/VehicleJson.h"
#include "widgets/CompareParameterTable.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QInputDialog>
#include <QMenuBar>
#include <QSaveFile>
#include <QUndoStack>

namespace jounce::gui {

void CompareWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("Export &vehicle JSON…"), this, [this] {
        const QStringList names = labels();
        bool ok = false;
        const QString name = QInputDialog::getItem(this, tr("Export vehicle"), tr("Vehicle:"), names, 0, false, &ok);
        if (!ok)
            return;
        const QString path = QFileDialog::getSaveFileName(this, tr("Export vehicle JSON"), name + ".json", tr("Vehicle (*.json)"));
        if (!path.isEmpty()) {
            const QString err = exportVehicle(static_cast<int>(names.indexOf(name)), path);
            message(err.isEmpty() ? tr("Saved %1").arg(path) : err, !err.isEmpty());
        }
    });
    file->addAction(tr("Export differences as JSON &Patch…"), this, [this] {
        const QStringList names = labels();
        if (names.size() < 2) {
            message(tr("Choose two vehicles first"), true);
            return;
        }
        QDialog dialog(this);
        dialog.setWindowTitle(tr("Export JSON Patch (RFC 6902)"));
        auto* from = new QComboBox(&dialog);
        auto* to = new QComboBox(&dialog);
        from->addItems(names);
        to->addItems(names);
        to->setCurrentIndex(1);
        auto* form = new QFormLayout(&dialog);
        form->addRow(tr("From (A):"), from);
        form->addRow(tr("To (B):"), to);
        auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
        form->addRow(buttons);
        connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
        connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
        if (dialog.exec() != QDialog::Accepted)
            return;
        const QString path = QFileDialog::getSaveFileName(this, tr("Export JSON Patch"), "diff.json", tr("JSON Patch (*.json)"));
        if (!path.isEmpty()) {
            const QString err = exportPatch(from->currentIndex(), to->currentIndex(), path);
            message(err.isEmpty() ? tr("Saved %1 (apply it with jounce-cli patch BASE.json %1)").arg(path) : err,
                    !err.isEmpty());
        }
    });
    file->addAction(tr("Export &report CSV…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export compare report"), "compare.csv", tr("CSV (*.csv)"));
        if (!path.isEmpty()) {
            const QString err = exportReport(path, parameters_->showAll());
            message(err.isEmpty() ? tr("Saved %1").arg(path) : err, !err.isEmpty());
        }
    });
    file->addAction(tr("Export &charts PNG…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export charts"), "compare.png", tr("PNG (*.png)"));
        if (!path.isEmpty()) {
            const QString err = exportChartsPng(path);
            message(err.isEmpty() ? tr("Saved %1").arg(path) : err, !err.isEmpty());
        }
    });
    file->addSeparator();
    file->addAction(tr("&Close"), QKeySequence::Close, this, &QWidget::close);

    QMenu* runMenu = menuBar()->addMenu(tr("&Run"));
    // F5 as in the main window; the stale marks say "re-run (F5)".
    QAction* runAll = runMenu->addAction(tr("&Run all"), this, [this] { run(); });
    runAll->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_R), QKeySequence(Qt::Key_F5)});
    runMenu->addAction(tr("&Cancel"), QKeySequence(Qt::Key_Escape), this, &CompareWindow::cancel);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(parameters_->copyValueAction());
    edit->addAction(parameters_->copySectionAction());
    edit->addAction(parameters_->copyAllAction());
    QAction* undo = document_.undoStack()->createUndoAction(this, tr("&Undo in the edited vehicle"));
    undo->setShortcut(QKeySequence::Undo);
    edit->addAction(undo);
}

std::string CompareWindow::reportCsv(bool allParameters) const
{
    // What the tables show: the vehicles as they are now, the last run's results matched to them.
    compare::ReportInput in;
    for (const QString& n : labels())
        in.labels.push_back(n.toStdString());
    for (const auto& c : vehicles())
        in.vehicles.push_back(c.get());
    if (runs_ && !runs_->empty()) {
        in.runs = shown_.runs;
        in.status = shown_.status;
    }
    in.maneuver = runManeuver_.toStdString();
    in.terrain = runTerrain_.toStdString();
    in.allParameters = allParameters;
    return compare::compareReportCsv(in);
}

QString CompareWindow::exportReport(const QString& path, bool allParameters)
{
    if (chosen().empty())
        return tr("Nothing to report: choose vehicles first");
    const std::string err = json::writeFileAtomic(path.toStdString(), reportCsv(allParameters));
    return QString::fromStdString(err);
}

QString CompareWindow::exportChartsPng(const QString& path)
{
    QSaveFile file(path);  // atomic, as the other exports
    if (file.open(QIODevice::WriteOnly) && chartsBox_->grab().save(&file, "PNG") && file.commit())
        return {};
    return tr("Cannot write %1: %2").arg(path, file.errorString());
}

QString CompareWindow::exportPatch(int from, int to, const QString& path)
{
    const auto list = vehicles();
    if (from < 0 || to < 0 || from >= static_cast<int>(list.size()) || to >= static_cast<int>(list.size()))
        return tr("Choose two of the compared vehicles");
    const json::Json patch = compare::makePatch(*list[std::size_t(from)], *list[std::size_t(to)]);
    return QString::fromStdString(json::writeFileAtomic(path.toStdString(), json::formatJson(patch)));
}

QString CompareWindow::exportVehicle(int vehicle, const QString& path)
{
    const auto list = vehicles();
    if (vehicle < 0 || vehicle >= static_cast<int>(list.size()))
        return tr("Choose one of the compared vehicles");
    return QString::fromStdString(config::saveVehicle(path.toStdString(), *list[std::size_t(vehicle)]));
}

}  // namespace jounce::gui
