#include "ExchangeMenus.h"

#include "ExchangeActions.h"
#include "MenuTable.h"
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

namespace jounce::gui {
namespace {

QString lastDir()
{
    return QSettings().value(QStringLiteral("exchange/dir"), QDir::homePath()).toString();
}

void rememberDir(const QString& path)
{
    QSettings().setValue(QStringLiteral("exchange/dir"), QFileInfo(path).absolutePath());
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
    : QObject(&window), files_(files), window_(window), actions_(new ExchangeActions(document, &window))
{
}

void ExchangeMenus::fillImportMenu(QMenu* menu)
{
    addMenuRows(menu, this,
                {{.text = tr("&PhysX 5 vehicle (Base.json + drive file)…"), .objectName = "importPhysx5Action",
                  .triggered = [this] { importPhysx5(); }},
                 {.text = tr("Omniverse &USD layer (.usda)…"), .objectName = "importUsdAction",
                  .triggered = [this] { importUsd(); }},
                 {.text = tr("U&nity vehicle (.prefab, .unity, .json)…"), .objectName = "importUnityAction",
                  .triggered = [this] { importUnity(); }}});
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
    const QString base = QFileDialog::getOpenFileName(&window_, tr("PhysX 5 Base.json"), lastDir(), tr("JSON (*.json)"));
    if (base.isEmpty())
        return;
    rememberDir(base);
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
    const QString path = QFileDialog::getOpenFileName(&window_, tr("USD layer"), lastDir(), tr("USD text layer (*.usda)"));
    if (path.isEmpty())
        return;
    rememberDir(path);
    actions_->importUsd(path, askKeepOpenVehicle(&window_));
}

void ExchangeMenus::importUnity()
{
    if (!files_.maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(&window_, tr("Unity vehicle"), lastDir(),
                                                      tr("Unity prefab, scene or vehicle JSON (*.prefab *.unity *.json)"));
    if (path.isEmpty())
        return;
    rememberDir(path);
    actions_->importUnity(path);
}

void ExchangeMenus::exportPhysx5()
{
    const QString dir = QFileDialog::getExistingDirectory(&window_, tr("Folder for Base.json and the drive file"), lastDir());
    if (dir.isEmpty())
        return;
    QSettings().setValue(QStringLiteral("exchange/dir"), dir);
    if (const QString err = actions_->exportPhysx5(dir); !err.isEmpty())
        QMessageBox::warning(&window_, tr("Export failed"), err);
}

void ExchangeMenus::exportUsd()
{
    const QString path = QFileDialog::getSaveFileName(&window_, tr("USD layer"),
                                                      QDir(lastDir()).filePath(QStringLiteral("vehicle.usda")),
                                                      tr("USD text layer (*.usda)"));
    if (path.isEmpty())
        return;
    rememberDir(path);
    if (const QString err = actions_->exportUsd(path); !err.isEmpty())
        QMessageBox::warning(&window_, tr("Export failed"), err);
}

void ExchangeMenus::exportUnity()
{
    const QString path = QFileDialog::getSaveFileName(&window_, tr("Unity vehicle"),
                                                      QDir(lastDir()).filePath(QStringLiteral("car.json")),
                                                      tr("Unity vehicle JSON (*.json)"));
    if (path.isEmpty())
        return;
    rememberDir(path);
    if (const QString err = actions_->exportUnity(path); !err.isEmpty())
        QMessageBox::warning(&window_, tr("Export failed"), err);
}

}  // namespace jounce::gui
