// The compare view's inputs: the vehicle slots (a preset, a file or the edited vehicle), the
// terrain and the maneuver, their choosers and the run buttons.
#include "CompareWindow.h"
#include "PresetFiles.h"

#include "config/VehicleJson.h"
#include "scenario/ManeuverJson.h"
#include "world/TerrainJson.h"
#include "widgets/WheelColors.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace jounce::gui {
namespace {

constexpr const char* kNone = "none";
constexpr const char* kEdited = "edited";
constexpr const char* kBrowse = "browse";

QString problemsText(const Problems& problems, int max = 6)
{
    QStringList lines;
    for (const Problem& p : problems.items) {
        if (p.severity != Severity::Error)
            continue;
        if (lines.size() == max) {
            lines << QObject::tr("…");
            break;
        }
        lines << QString::fromStdString(p.toString());
    }
    return lines.join('\n');
}

}  // namespace

QWidget* CompareWindow::buildControls()
{
    auto* box = new QWidget(this);
    auto* row = new QHBoxLayout(box);
    row->setContentsMargins(0, 0, 0, 0);
    for (int s = 0; s < kSlots; ++s) {
        auto* combo = new QComboBox(box);
        combo->setObjectName(QString("vehicleSlot%1").arg(s));
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        combo->setToolTip(tr("Vehicle %1: a preset, a file, or the vehicle being edited (with its unsaved edits)").arg(s + 1));
        slots_[std::size_t(s)].box = combo;
        fillSlotBox(s);
        connect(combo, &QComboBox::activated, this, [this, s](int index) { slotActivated(s, index); });
        auto* swatch = new QLabel(QStringLiteral("■"), box);
        swatch->setStyleSheet(QString("color: %1; font-size: 16px;").arg(widgets::vehicleColor(s).name()));
        row->addWidget(swatch);
        row->addWidget(combo);
    }
    row->addSpacing(12);
    terrainBox_ = new QComboBox(box);
    terrainBox_->setToolTip(tr("Terrain the maneuver runs on"));
    terrainBox_->addItem(tr("flat plane"), QString());
    for (const QString& f : jsonFilesIn(presetsDir_ + "/terrains"))
        terrainBox_->addItem(QFileInfo(f).completeBaseName(), f);
    terrainBox_->addItem(tr("Other terrain…"), QString(kBrowse));
    connect(terrainBox_, &QComboBox::activated, this, [this](int index) {
        QString path = terrainBox_->itemData(index).toString();
        if (path == kBrowse)
            path = QFileDialog::getOpenFileName(this, tr("Terrain"), presetsDir_ + "/terrains", tr("Terrain (*.json)"));
        if (path != kBrowse)
            setTerrainFile(path);
    });
    maneuverBox_ = new QComboBox(box);
    maneuverBox_->setToolTip(tr("Maneuver every vehicle runs; its measured phases give the figures"));
    for (const QString& f : jsonFilesIn(presetsDir_ + "/maneuvers"))
        maneuverBox_->addItem(QFileInfo(f).completeBaseName(), f);
    maneuverBox_->addItem(tr("Other maneuver…"), QString(kBrowse));
    connect(maneuverBox_, &QComboBox::activated, this, [this](int index) {
        QString path = maneuverBox_->itemData(index).toString();
        if (path == kBrowse)
            path = QFileDialog::getOpenFileName(this, tr("Maneuver"), presetsDir_ + "/maneuvers", tr("Maneuver (*.json)"));
        if (!path.isEmpty() && path != kBrowse)
            setManeuverFile(path);
    });
    row->addWidget(new QLabel(tr("on"), box));
    row->addWidget(terrainBox_);
    row->addWidget(maneuverBox_);
    runButton_ = new QPushButton(tr("Run"), box);
    runButton_->setToolTip(tr("Run the maneuver for every vehicle in the background (Ctrl+R or F5)"));
    cancelButton_ = new QPushButton(tr("Cancel"), box);
    cancelButton_->setToolTip(tr("Stop the runs (Esc)"));
    progress_ = new QProgressBar(box);
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    progress_->setMaximumWidth(160);
    connect(runButton_, &QPushButton::clicked, this, [this] { run(); });
    connect(cancelButton_, &QPushButton::clicked, this, &CompareWindow::cancel);
    row->addWidget(runButton_);
    row->addWidget(cancelButton_);
    row->addWidget(progress_);
    row->addStretch(1);
    updateRunControls();
    return box;
}

void CompareWindow::fillSlotBox(int slot)
{
    QComboBox* box = slots_[std::size_t(slot)].box;
    const QSignalBlocker block(box);
    box->clear();
    box->addItem(slot < 2 ? tr("(choose a vehicle)") : tr("(none)"), QString(kNone));
    box->addItem(tr("Edited: %1").arg(document_.displayName()), QString(kEdited));
    box->insertSeparator(box->count());
    for (const QString& f : jsonFilesIn(presetsDir_))
        box->addItem(QFileInfo(f).completeBaseName(), f);
    box->insertSeparator(box->count());
    box->addItem(tr("Other file…"), QString(kBrowse));
    const Slot& s = slots_[std::size_t(slot)];
    int index = 0;
    if (s.edited)
        index = 1;
    else if (!s.file.isEmpty()) {
        index = box->findData(s.file);
        if (index < 0) {
            box->insertItem(box->count() - 1, QFileInfo(s.file).fileName(), s.file);
            index = box->findData(s.file);
        }
    }
    box->setCurrentIndex(index);
}

void CompareWindow::slotActivated(int slot, int index)
{
    const QString choice = slots_[std::size_t(slot)].box->itemData(index).toString();
    if (choice == kNone) {
        clearSlot(slot);
    } else if (choice == kEdited) {
        setSlotEdited(slot);
    } else if (choice == kBrowse) {
        const QString path = QFileDialog::getOpenFileName(this, tr("Vehicle to compare"), presetsDir_, tr("Vehicle (*.json)"));
        if (path.isEmpty() || !setSlotFile(slot, path))
            fillSlotBox(slot);  // back to what it was
    } else if (!setSlotFile(slot, choice)) {
        fillSlotBox(slot);
    }
}

bool CompareWindow::setSlotEdited(int slot)
{
    Slot& s = slots_.at(std::size_t(slot));
    s.edited = true;
    s.file.clear();
    s.config = document_.configPtr();
    fillSlotBox(slot);
    vehiclesChanged();
    return true;
}

bool CompareWindow::setSlotFile(int slot, const QString& path)
{
    config::VehicleFile doc = config::loadVehicle(path.toStdString());
    if (!doc.ok()) {
        message(tr("%1 cannot be compared:\n%2").arg(QFileInfo(path).fileName(), problemsText(doc.problems)), true);
        return false;
    }
    Slot& s = slots_.at(std::size_t(slot));
    s.edited = false;
    s.file = QFileInfo(path).absoluteFilePath();
    s.config = std::make_shared<const VehicleConfig>(std::move(doc.config));
    fillSlotBox(slot);
    vehiclesChanged();
    return true;
}

void CompareWindow::clearSlot(int slot)
{
    Slot& s = slots_.at(std::size_t(slot));
    s = Slot{s.box, false, {}, nullptr};
    fillSlotBox(slot);
    vehiclesChanged();
}

bool CompareWindow::setManeuverFile(const QString& path)
{
    sim::ManeuverDocument doc = sim::loadManeuver(path.toStdString());
    if (!doc.ok()) {
        message(tr("%1 cannot be run:\n%2").arg(QFileInfo(path).fileName(), problemsText(doc.problems)), true);
        return false;
    }
    maneuver_ = std::move(doc.maneuver);
    hasManeuver_ = true;
    const QString abs = QFileInfo(path).absoluteFilePath();
    int index = maneuverBox_->findData(abs);
    if (index < 0)
        for (int i = 0; i < maneuverBox_->count(); ++i)
            if (QFileInfo(maneuverBox_->itemData(i).toString()) == QFileInfo(abs))
                index = i;
    if (index < 0) {
        maneuverBox_->insertItem(maneuverBox_->count() - 1, QFileInfo(path).completeBaseName(), abs);
        index = maneuverBox_->findData(abs);
    }
    maneuverBox_->setCurrentIndex(index);
    updateRunControls();
    return true;
}

bool CompareWindow::setTerrainFile(const QString& path)
{
    if (path.isEmpty()) {
        terrain_.reset();
        terrainName_ = tr("flat plane");
        terrainBox_->setCurrentIndex(0);
        return true;
    }
    sim::TerrainDocument doc = sim::loadTerrain(path.toStdString());
    if (!doc.ok()) {
        message(tr("%1 cannot be used:\n%2").arg(QFileInfo(path).fileName(), problemsText(doc.problems)), true);
        return false;
    }
    terrain_ = std::make_shared<const sim::Terrain>(std::move(doc.terrain));
    terrainName_ = QString::fromStdString(terrain_->name);
    int index = -1;
    for (int i = 0; i < terrainBox_->count(); ++i)
        if (!terrainBox_->itemData(i).toString().isEmpty() && QFileInfo(terrainBox_->itemData(i).toString()) == QFileInfo(path))
            index = i;
    if (index < 0) {
        terrainBox_->insertItem(terrainBox_->count() - 1, QFileInfo(path).completeBaseName(), QFileInfo(path).absoluteFilePath());
        index = terrainBox_->count() - 2;
    }
    terrainBox_->setCurrentIndex(index);
    return true;
}

}  // namespace jounce::gui
