// The main window's start pose choice: the terrain's start, its named start points ("bumps") and a
// pose picked on the vehicle view's map. Runs and maneuvers without a position of their own start
// from the chosen pose.
#include "MainWindow.h"

#include "config/Units.h"
#include "widgets/VehicleView.h"

#include <QComboBox>
#include <QPushButton>
#include <QStatusBar>

#include <cmath>

namespace jounce::gui {
namespace {

/// Item data of the start box: x, y, heading (m, m, rad).
QVariant poseData(double x, double y, double heading)
{
    return QVariantList{x, y, heading};
}

QString poseText(double x, double y, double heading)
{
    return QObject::tr("x %1 m, y %2 m, heading %3°")
        .arg(x, 0, 'f', 1)
        .arg(y, 0, 'f', 1)
        .arg(radiansToDegrees(heading), 0, 'f', 0);
}

}  // namespace

void MainWindow::rebuildStartBox()
{
    const QSignalBlocker block(startBox_);
    startBox_->clear();
    const sim::Terrain* t = simulation_->terrain();
    const double x = t ? t->start.x : 0.0, y = t ? t->start.y : 0.0, h = t ? t->start.heading : 0.0;
    startBox_->addItem(tr("Terrain start"), poseData(x, y, h));
    startBox_->setItemData(0, poseText(x, y, h), Qt::ToolTipRole);
    if (t)
        for (const sim::NamedStart& s : t->startPoints) {
            startBox_->addItem(QString::fromStdString(s.name), poseData(s.pose.x, s.pose.y, s.pose.heading));
            startBox_->setItemData(startBox_->count() - 1, poseText(s.pose.x, s.pose.y, s.pose.heading), Qt::ToolTipRole);
        }
    startBox_->setCurrentIndex(0);
}

void MainWindow::applyStartChoice()
{
    const QVariantList pose = startBox_->currentData().toList();
    if (pose.size() != 3)
        return;
    simulation_->setStartPose({pose[0].toDouble(), pose[1].toDouble(), pose[2].toDouble()});
    statusBar()->showMessage(tr("Runs start at %1 (%2)").arg(startBox_->currentText(), startBox_->currentData(Qt::ToolTipRole).toString()),
                             6000);
}

bool MainWindow::chooseStartPoint(const QString& name)
{
    const int index = name.isEmpty() ? 0 : startBox_->findText(name);
    if (index < 0)
        return false;
    startBox_->setCurrentIndex(index);
    applyStartChoice();
    return true;
}

void MainWindow::usePickedStart(double x, double y, double heading)
{
    const sim::Terrain* t = simulation_->terrain();
    if (t && !t->field.contains(x, y)) {
        statusBar()->showMessage(tr("(%1, %2) lies outside the terrain: pick a point on it").arg(x, 0, 'f', 1).arg(y, 0, 'f', 1), 6000);
        return;
    }
    // One picked entry, replaced by the next pick.
    const QString label = tr("Picked on the map");
    int index = startBox_->findText(label);
    if (index < 0) {
        startBox_->addItem(label);
        index = startBox_->count() - 1;
    }
    startBox_->setItemData(index, poseData(x, y, heading));
    startBox_->setItemData(index, poseText(x, y, heading), Qt::ToolTipRole);
    startBox_->setCurrentIndex(index);
    applyStartChoice();
}

}  // namespace jounce::gui
