#include "StartPointBox.h"

#include "config/Units.h"
#include "world/Terrain.h"

namespace jounce::gui {
namespace {

/// Item data: x, y, heading (m, m, rad).
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

StartPointBox::StartPointBox(QWidget* parent) : QComboBox(parent)
{
    setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    setMinimumContentsLength(8);  // fits the simulation dock of a 1366-px screen beside Pick…
    setToolTip(tr("Where runs and maneuvers start: the terrain's start, one of its named start points near a test "
                  "section, or a pose picked on the map"));
}

void StartPointBox::setTerrain(const sim::Terrain* t)
{
    const QSignalBlocker block(this);
    clear();
    const double x = t ? t->start.x : 0.0, y = t ? t->start.y : 0.0, h = t ? t->start.heading : 0.0;
    addItem(tr("Terrain start"), poseData(x, y, h));
    setItemData(0, poseText(x, y, h), Qt::ToolTipRole);
    if (t)
        for (const sim::NamedStart& s : t->startPoints) {
            addItem(QString::fromStdString(s.name), poseData(s.pose.x, s.pose.y, s.pose.heading));
            setItemData(count() - 1, poseText(s.pose.x, s.pose.y, s.pose.heading), Qt::ToolTipRole);
        }
    setCurrentIndex(0);
}

bool StartPointBox::chooseNamed(const QString& name)
{
    const int index = name.isEmpty() ? 0 : findText(name);
    if (index < 0)
        return false;
    setCurrentIndex(index);
    return true;
}

void StartPointBox::choosePicked(double x, double y, double heading)
{
    const QString label = tr("Picked on the map");
    int index = findText(label);
    if (index < 0) {
        addItem(label);
        index = count() - 1;
    }
    setItemData(index, poseData(x, y, heading));
    setItemData(index, poseText(x, y, heading), Qt::ToolTipRole);
    setCurrentIndex(index);
}

std::optional<sim::SpawnPose> StartPointBox::pose() const
{
    const QVariantList pose = currentData().toList();
    if (pose.size() != 3)
        return std::nullopt;
    return sim::SpawnPose{pose[0].toDouble(), pose[1].toDouble(), pose[2].toDouble()};
}

QString StartPointBox::describeChoice() const
{
    return tr("%1 (%2)").arg(currentText(), currentData(Qt::ToolTipRole).toString());
}

}  // namespace jounce::gui
