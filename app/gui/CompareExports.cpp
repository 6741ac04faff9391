#include "CompareExports.h"

#include "CompareCharts.h"
#include "CompareWindow.h"

#include "compare/VehiclePatch.h"
#include "config/VehicleJson.h"
#include "json/TextFile.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QInputDialog>

namespace jounce::gui {

CompareExports::CompareExports(CompareWindow& window, CompareCharts& charts)
    : QObject(&window), window_(window), charts_(charts)
{
}

QString CompareExports::exportReport(const QString& path, bool allParameters)
{
    if (window_.labels().isEmpty())
        return tr("Nothing to report: choose vehicles first");
    const std::string err = json::writeFileAtomic(path.toStdString(), window_.reportCsv(allParameters));
    return QString::fromStdString(err);
}

QString CompareExports::exportChartsPng(const QString& path)
{
    return charts_.exportPng(path);
}

QString CompareExports::exportPatch(int from, int to, const QString& path)
{
    const auto list = window_.vehicles();
    if (from < 0 || to < 0 || from >= static_cast<int>(list.size()) || to >= static_cast<int>(list.size()))
        return tr("Choose two of the compared vehicles");
    const json::Json patch = compare::makePatch(*list[std::size_t(from)], *list[std::size_t(to)]);
    return QString::fromStdString(json::writeFileAtomic(path.toStdString(), json::formatJson(patch)));
}

QString CompareExports::exportVehicle(int vehicle, const QString& path)
{
    const auto list = window_.vehicles();
    if (vehicle < 0 || vehicle >= static_cast<int>(list.size()))
        return tr("Choose one of the compared vehicles");
    return QString::fromStdString(config::saveVehicle(path.toStdString(), *list[std::size_t(vehicle)]));
}

void CompareExports::report(const QString& error, const QString& saved)
{
    emit message(error.isEmpty() ? saved : error, !error.isEmpty());
}

void CompareExports::askVehicle()
{
    const QStringList names = window_.labels();
    bool ok = false;
    const QString name = QInputDialog::getItem(&window_, tr("Export vehicle"), tr("Vehicle:"), names, 0, false, &ok);
    if (!ok)
        return;
    const QString path = QFileDialog::getSaveFileName(&window_, tr("Export vehicle JSON"), name + ".json", tr("Vehicle (*.json)"));
    if (!path.isEmpty())
        report(exportVehicle(static_cast<int>(names.indexOf(name)), path), tr("Saved %1").arg(path));
}

void CompareExports::askPatch()
{
    const QStringList names = window_.labels();
    if (names.size() < 2) {
        emit message(tr("Choose two vehicles first"), true);
        return;
    }
    QDialog dialog(&window_);
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
    const QString path = QFileDialog::getSaveFileName(&window_, tr("Export JSON Patch"), "diff.json", tr("JSON Patch (*.json)"));
    if (!path.isEmpty())
        report(exportPatch(from->currentIndex(), to->currentIndex(), path),
               tr("Saved %1 (apply it with jounce-cli patch BASE.json %1)").arg(path));
}

void CompareExports::askReport(bool allParameters)
{
    const QString path = QFileDialog::getSaveFileName(&window_, tr("Export compare report"), "compare.csv", tr("CSV (*.csv)"));
    if (!path.isEmpty())
        report(exportReport(path, allParameters), tr("Saved %1").arg(path));
}

void CompareExports::askChartsPng()
{
    const QString path = QFileDialog::getSaveFileName(&window_, tr("Export charts"), "compare.png", tr("PNG (*.png)"));
    if (!path.isEmpty())
        report(exportChartsPng(path), tr("Saved %1").arg(path));
}

}  // namespace jounce::gui
