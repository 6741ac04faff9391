#include "VehicleFiles.h"

#include "PresetFiles.h"
#include "VehicleDocument.h"

#include "config/VehicleJson.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>

namespace jounce::gui {

VehicleFiles::VehicleFiles(VehicleDocument& document, QMainWindow& window)
    : QObject(&window), document_(document), window_(window)
{
}

bool VehicleFiles::openVehicle(const QString& path)
{
    QString error;
    if (!document_.open(path, &error)) {
        // The vehicle being edited stays as it was (its file, values and problems); the reasons
        // the other file could not be read go in this box, not into the current file's list.
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Cannot open %1").arg(QFileInfo(path).fileName()),
                                    tr("The file could not be read; %1 is still open.\n\n%2")
                                        .arg(document_.displayName(), error),
                                    QMessageBox::Ok, &window_);
        box->setObjectName(QStringLiteral("openFailedBox"));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();  // window-modal but not blocking: the workbench keeps simulating
        return false;
    }
    addRecent(path);
    QSettings().setValue("document/last", path);
    if (document_.hasErrors())
        window_.statusBar()->showMessage(tr("%1 opened with problems: see the Problems dock").arg(path), 8000);
    return true;
}

void VehicleFiles::open()
{
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(&window_, tr("Open vehicle"), presetsDir(), tr("Vehicle (*.json)"));
    if (!path.isEmpty())
        openVehicle(path);
}

void VehicleFiles::newFromPreset(const QString& presetFile)
{
    if (!maybeSave())
        return;
    config::VehicleFile doc = config::loadVehicle(presetFile.toStdString());
    if (doc.parsed)
        document_.newFrom(doc.config, tr("New %1").arg(QFileInfo(presetFile).completeBaseName()));
}

void VehicleFiles::save()
{
    if (document_.filePath().isEmpty()) {
        saveAs();
        return;
    }
    if (const QString err = document_.save(); !err.isEmpty())
        QMessageBox::warning(&window_, tr("Save failed"), err);
    else
        window_.statusBar()->showMessage(tr("Saved %1").arg(document_.filePath()), 4000);
}

void VehicleFiles::saveAs()
{
    const QString path =
        QFileDialog::getSaveFileName(&window_, tr("Save vehicle"), document_.filePath(), tr("Vehicle (*.json)"));
    if (path.isEmpty())
        return;
    if (const QString err = document_.saveAs(path); !err.isEmpty()) {
        QMessageBox::warning(&window_, tr("Save failed"), err);
        return;
    }
    addRecent(path);
    QSettings().setValue("document/last", path);
}

bool VehicleFiles::maybeSave()
{
    if (!document_.isModified())
        return true;
    const auto answer = QMessageBox::question(&window_, tr("Unsaved changes"),
                                              tr("%1 has unsaved changes. Save them?").arg(document_.displayName()),
                                              QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel)
        return false;
    if (answer == QMessageBox::Save) {
        if (document_.filePath().isEmpty())
            saveAs();
        else if (const QString err = document_.save(); !err.isEmpty()) {
            QMessageBox::warning(&window_, tr("Save failed"), err);
            return false;
        }
        return !document_.isModified();
    }
    return true;
}

void VehicleFiles::exportJson()
{
    const QString path = QFileDialog::getSaveFileName(&window_, tr("Export vehicle JSON"), suggestedExportPath(),
                                                      tr("Vehicle (*.json)"));
    if (path.isEmpty())
        return;
    if (const std::string err = config::saveVehicle(path.toStdString(), document_.config()); !err.empty())
        QMessageBox::warning(&window_, tr("Export failed"), QString::fromStdString(err));
    else
        QSettings().setValue("document/exportDir", QFileInfo(path).absolutePath());
}

QString VehicleFiles::suggestedExportPath() const
{
    const QFileInfo file(document_.filePath());
    QString dir = QSettings().value("document/exportDir").toString();
    if (dir.isEmpty() || !QFileInfo(dir).isDir())
        dir = document_.filePath().isEmpty() ? QDir::homePath() : file.absolutePath();
    QString base = document_.filePath().isEmpty() ? document_.displayName() : file.completeBaseName();
    base.replace(QRegularExpression(QStringLiteral(R"([\\/:*?"<>|\s]+)")), QStringLiteral("-"));
    QString path = QDir(dir).filePath(base + ".json");
    if (!document_.filePath().isEmpty() && QFileInfo(path).absoluteFilePath() == file.absoluteFilePath())
        path = QDir(dir).filePath(base + "-export.json");
    return path;
}

void VehicleFiles::fillPresetMenu(QMenu* menu)
{
    for (const QString& f : jsonFilesIn(presetsDir()))
        menu->addAction(QFileInfo(f).completeBaseName(), this, [this, f] { newFromPreset(f); });
}

void VehicleFiles::setRecentMenu(QMenu* menu)
{
    recentMenu_ = menu;
    rebuildRecentMenu();
}

void VehicleFiles::addRecent(const QString& path)
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

void VehicleFiles::rebuildRecentMenu()
{
    if (!recentMenu_)
        return;
    recentMenu_->clear();
    const QStringList recent = QSettings().value("document/recent").toStringList();
    for (const QString& path : recent)
        recentMenu_->addAction(path, this, [this, path] {
            if (maybeSave())
                openVehicle(path);
        });
    recentMenu_->setEnabled(!recent.isEmpty());
}

}  // namespace jounce::gui
