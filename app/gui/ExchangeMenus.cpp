#include "ExchangeMenus.h"

#include "ExchangeActions.h"
#include "MenuTable.h"
#include "PresetFiles.h"
#include "VehicleDocument.h"
#include "VehicleFiles.h"

#include "exchange/physx5/Physx5Json.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>

#include <algorithm>

namespace jounce::gui {
namespace {

// Imports and exports remember their folders apart: the last import's folder holds foreign files
// (a download, a test fixture) and is no place to write into.
const QString kImportDirKey = QStringLiteral("exchange/dir");
const QString kExportDirKey = QStringLiteral("exchange/exportDir");
// Tire files have a folder of their own: the shipped ones until the user picks another.
const QString kTirDirKey = QStringLiteral("exchange/tirDir");

QString lastImportDir()
{
    return QSettings().value(kImportDirKey, QDir::homePath()).toString();
}

void rememberImportDir(const QString& path)
{
    QSettings().setValue(kImportDirKey, QFileInfo(path).absolutePath());
}

void rememberExportDir(const QString& dir)
{
    QSettings().setValue(kExportDirKey, QFileInfo(dir).absoluteFilePath());
}

/// Whether to take what the foreign files lack from the open vehicle.
bool askKeepOpenVehicle(QWidget* parent)
{
    return QMessageBox::question(parent, QObject::tr("Import"),
                                 QObject::tr("Take what the files do not hold (chassis box and centre of mass, "
                                             "anti-roll bars, surfaces, controls, simulation settings) from the open "
                                             "vehicle?\n\nNo: Jounce's defaults and a chassis box around the wheels.")) ==
           QMessageBox::Yes;
}

}  // namespace

ExchangeMenus::ExchangeMenus(VehicleDocument& document, VehicleFiles& files, QMainWindow& window)
    : QObject(&window), document_(document), files_(files), window_(window), actions_(new ExchangeActions(document, &window))
{
    setObjectName(QStringLiteral("exchangeMenus"));
}

QString ExchangeMenus::exportDir() const
{
    const QString last = QSettings().value(kExportDirKey).toString();
    if (!last.isEmpty() && QFileInfo(last).isDir())
        return last;
    // The vehicle's own folder, unless it is the shipped presets (read-only once installed).
    if (!document_.filePath().isEmpty()) {
        const QFileInfo folder(QFileInfo(document_.filePath()).absolutePath());
        if (folder.isDir() && folder.isWritable() && folder.canonicalFilePath() != QFileInfo(presetsDir()).canonicalFilePath())
            return folder.absoluteFilePath();
    }
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    return !documents.isEmpty() && QFileInfo(documents).isDir() ? documents : QDir::homePath();
}

void ExchangeMenus::fillImportMenu(QMenu* menu)
{
    addMenuRows(menu, this,
                {{.text = tr("&PhysX 5 vehicle (Base.json + drive file)…"), .objectName = "importPhysx5Action",
                  .triggered = [this] { importPhysx5(); }},
                 {.text = tr("Omniverse &USD layer (.usda)…"), .objectName = "importUsdAction",
                  .triggered = [this] { importUsd(); }},
                 {.text = tr("U&nity vehicle (.prefab, .unity, .json)…"), .objectName = "importUnityAction",
                  .triggered = [this] { importUnity(); }},
                 {},
                 {.text = tr("&Magic Formula tire (.tir)…"),
                  .tooltip = tr("Put the tire of a TNO/ADAMS tire property file onto the front, rear or all wheels of "
                                "the open vehicle, as one undoable edit"),
                  .objectName = "importTirAction", .triggered = [this] { importTir(); }}});
}

void ExchangeMenus::fillExportMenu(QMenu* menu)
{
    addMenuRows(menu, this,
                {{.text = tr("&PhysX 5 vehicle files…"), .objectName = "exportPhysx5Action",
                  .triggered = [this] { exportPhysx5(); }},
                 {.text = tr("Omniverse &USD layer…"), .objectName = "exportUsdAction", .triggered = [this] { exportUsd(); }},
                 {.text = tr("U&nity vehicle JSON…"), .objectName = "exportUnityAction",
                  .triggered = [this] { exportUnity(); }}});
}

void ExchangeMenus::importPhysx5()
{
    if (!files_.maybeSave())
        return;
    const QString base = QFileDialog::getOpenFileName(&window_, tr("PhysX 5 Base.json"), lastImportDir(), tr("JSON (*.json)"));
    if (base.isEmpty())
        return;
    rememberImportDir(base);
    const QString drive = QFileDialog::getOpenFileName(&window_, tr("PhysX 5 EngineDrive.json or DirectDrive.json"),
                                                       QFileInfo(base).absolutePath(), tr("JSON (*.json)"));
    if (drive.isEmpty())
        return;
    QString differential = QStringLiteral("auto");
    if (QFileInfo(drive).fileName() != QLatin1String(exchange::kPhysx5DirectDriveFile)) {
        const QStringList choices{QStringLiteral("auto"), QStringLiteral("four-wheel"), QStringLiteral("multi-wheel"),
                                  QStringLiteral("tank")};
        bool ok = false;
        differential = QInputDialog::getItem(&window_, tr("Differential"),
                                             tr("EngineDrive.json holds three differentials; the vehicle's drive:"),
                                             choices, 0, false, &ok);
        if (!ok)
            return;
    }
    actions_->importPhysx5(base, drive, differential, askKeepOpenVehicle(&window_));
}

void ExchangeMenus::importUsd()
{
    if (!files_.maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(&window_, tr("USD layer"), lastImportDir(), tr("USD text layer (*.usda)"));
    if (path.isEmpty())
        return;
    rememberImportDir(path);
    actions_->importUsd(path, askKeepOpenVehicle(&window_));
}

void ExchangeMenus::importUnity()
{
    if (!files_.maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(&window_, tr("Unity vehicle"), lastImportDir(),
                                                      tr("Unity prefab, scene or vehicle JSON (*.prefab *.unity *.json)"));
    if (path.isEmpty())
        return;
    rememberImportDir(path);
    actions_->importUnity(path);
}

void ExchangeMenus::importTir()
{
    const QString path = QFileDialog::getOpenFileName(&window_, tr("Magic Formula tire"),
                                                      QSettings().value(kTirDirKey, tiresDir()).toString(),
                                                      tr("Tire property file (*.tir)"));
    if (path.isEmpty())
        return;
    QSettings().setValue(kTirDirKey, QFileInfo(path).absolutePath());
    const exchange::TirWheels choices[] = {exchange::TirWheels::Front, exchange::TirWheels::Rear, exchange::TirWheels::All};
    const QStringList names{tr("Front wheels (ahead of the centre of mass)"), tr("Rear wheels"), tr("All wheels")};
    bool ok = false;
    const QString choice = QInputDialog::getItem(&window_, tr("Wheels"), tr("The wheels that get the tire:"), names, 2,
                                                 false, &ok);
    if (!ok)
        return;
    actions_->importTir(path, choices[std::max<qsizetype>(0, names.indexOf(choice))]);
}

void ExchangeMenus::exportPhysx5()
{
    const QString dir = QFileDialog::getExistingDirectory(&window_, tr("Folder for Base.json and the drive file"), exportDir());
    if (dir.isEmpty())
        return;
    rememberExportDir(dir);
    if (const QString err = actions_->exportPhysx5(dir); !err.isEmpty())
        QMessageBox::warning(&window_, tr("Export failed"), err);
}

void ExchangeMenus::exportUsd()
{
    const QString path = QFileDialog::getSaveFileName(&window_, tr("USD layer"),
                                                      QDir(exportDir()).filePath(QStringLiteral("vehicle.usda")),
                                                      tr("USD text layer (*.usda)"));
    if (path.isEmpty())
        return;
    rememberExportDir(QFileInfo(path).absolutePath());
    if (const QString err = actions_->exportUsd(path); !err.isEmpty())
        QMessageBox::warning(&window_, tr("Export failed"), err);
}

void ExchangeMenus::exportUnity()
{
    const QString path = QFileDialog::getSaveFileName(&window_, tr("Unity vehicle"),
                                                      QDir(exportDir()).filePath(QStringLiteral("car.json")),
                                                      tr("Unity vehicle JSON (*.json)"));
    if (path.isEmpty())
        return;
    rememberExportDir(QFileInfo(path).absolutePath());
    if (const QString err = actions_->exportUnity(path); !err.isEmpty())
        QMessageBox::warning(&window_, tr("Export failed"), err);
}

}  // namespace jounce::gui
