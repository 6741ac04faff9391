// File ▸ Import and File ▸ Export: foreign vehicle formats. The actions ask for the files and hand
// them to ExchangeActions, which converts and shows the conversion report.
#include "ExchangeActions.h"
#include "MainWindow.h"

#include "exchange/physx5/Physx5Json.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
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

void MainWindow::addExchangeMenus(QMenu* file)
{
    auto* actions = new ExchangeActions(document_, this);
    QMenu* import = file->addMenu(tr("&Import"));
    import->setObjectName(QStringLiteral("importMenu"));
    import->addAction(tr("&PhysX 5 vehicle (Base.json + drive file)…"), this, [this, actions] {
        if (!maybeSave())
            return;
        const QString base = QFileDialog::getOpenFileName(this, tr("PhysX 5 Base.json"), lastDir(), tr("JSON (*.json)"));
        if (base.isEmpty())
            return;
        rememberDir(base);
        const QString drive = QFileDialog::getOpenFileName(this, tr("PhysX 5 EngineDrive.json or DirectDrive.json"),
                                                           QFileInfo(base).absolutePath(), tr("JSON (*.json)"));
        if (drive.isEmpty())
            return;
        QString differential = QStringLiteral("auto");
        if (QFileInfo(drive).fileName() != QLatin1String(exchange::kPhysx5DirectDriveFile)) {
            const QStringList choices{QStringLiteral("auto"), QStringLiteral("four-wheel"), QStringLiteral("multi-wheel"),
                                      QStringLiteral("tank")};
            bool ok = false;
            differential = QInputDialog::getItem(this, tr("Differential"),
                                                 tr("EngineDrive.json holds three differentials; the vehicle's drive:"),
                                                 choices, 0, false, &ok);
            if (!ok)
                return;
        }
        actions->importPhysx5(base, drive, differential, askKeepOpenVehicle(this));
    })->setObjectName(QStringLiteral("importPhysx5Action"));
    import->addAction(tr("Omniverse &USD layer (.usda)…"), this, [this, actions] {
        if (!maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(this, tr("USD layer"), lastDir(), tr("USD text layer (*.usda)"));
        if (path.isEmpty())
            return;
        rememberDir(path);
        actions->importUsd(path, askKeepOpenVehicle(this));
    })->setObjectName(QStringLiteral("importUsdAction"));
    import->addAction(tr("U&nity vehicle (.prefab, .unity, .json)…"), this, [this, actions] {
        if (!maybeSave())
            return;
        const QString path = QFileDialog::getOpenFileName(this, tr("Unity vehicle"), lastDir(),
                                                          tr("Unity prefab, scene or vehicle JSON (*.prefab *.unity *.json)"));
        if (path.isEmpty())
            return;
        rememberDir(path);
        actions->importUnity(path);
    })->setObjectName(QStringLiteral("importUnityAction"));

    QMenu* exportMenu = file->addMenu(tr("E&xport as"));
    exportMenu->setObjectName(QStringLiteral("exportMenu"));
    exportMenu->addAction(tr("&PhysX 5 vehicle files…"), this, [this, actions] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Folder for Base.json and the drive file"), lastDir());
        if (dir.isEmpty())
            return;
        QSettings().setValue(QStringLiteral("exchange/dir"), dir);
        if (const QString err = actions->exportPhysx5(dir); !err.isEmpty())
            QMessageBox::warning(this, tr("Export failed"), err);
    })->setObjectName(QStringLiteral("exportPhysx5Action"));
    exportMenu->addAction(tr("Omniverse &USD layer…"), this, [this, actions] {
        const QString path = QFileDialog::getSaveFileName(this, tr("USD layer"), QDir(lastDir()).filePath(QStringLiteral("vehicle.usda")),
                                                          tr("USD text layer (*.usda)"));
        if (path.isEmpty())
            return;
        rememberDir(path);
        if (const QString err = actions->exportUsd(path); !err.isEmpty())
            QMessageBox::warning(this, tr("Export failed"), err);
    })->setObjectName(QStringLiteral("exportUsdAction"));
    exportMenu->addAction(tr("U&nity vehicle JSON…"), this, [this, actions] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Unity vehicle"), QDir(lastDir()).filePath(QStringLiteral("car.json")),
                                                          tr("Unity vehicle JSON (*.json)"));
        if (path.isEmpty())
            return;
        rememberDir(path);
        if (const QString err = actions->exportUnity(path); !err.isEmpty())
            QMessageBox::warning(this, tr("Export failed"), err);
    })->setObjectName(QStringLiteral("exportUnityAction"));
}

}  // namespace jounce::gui
