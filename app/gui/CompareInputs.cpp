#include "CompareInputs.h"

#include "PresetFiles.h"
#include "VehicleDocument.h"

#include "config/ModelGenerationChange.h"
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
#include <QVBoxLayout>

#include <algorithm>

namespace jounce::gui {
namespace {

constexpr const char* kNone = "none";
constexpr const char* kEdited = "edited";
constexpr const char* kEdited41 = "edited:physx41";
constexpr const char* kEdited5 = "edited:physx5";
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

CompareInputs::CompareInputs(const VehicleDocument& document, const QString& presetsDir, QWidget* parent)
    : QWidget(parent), document_(document), presetsDir_(presetsDir)
{
    // The vehicles on one row, what they run and the run's controls on the next: in one row the
    // window could not be narrower than 1532 px, wider than a 1366 px screen.
    auto* rows = new QVBoxLayout(this);
    rows->setContentsMargins(0, 0, 0, 0);
    auto* vehicles = new QHBoxLayout;
    buildSlots(vehicles);
    vehicles->addStretch(1);
    rows->addLayout(vehicles);
    auto* row = new QHBoxLayout;
    rows->addLayout(row);
    buildRunChoice(row);
    row->addSpacing(12);
    runButton_ = new QPushButton(tr("Run"), this);
    runButton_->setToolTip(tr("Run the maneuver for every vehicle in the background (Ctrl+R or F5)"));
    cancelButton_ = new QPushButton(tr("Cancel"), this);
    cancelButton_->setToolTip(tr("Stop the runs (Esc)"));
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);
    progress_->setTextVisible(false);
    progress_->setMaximumWidth(160);
    connect(runButton_, &QPushButton::clicked, this, &CompareInputs::runRequested);
    connect(cancelButton_, &QPushButton::clicked, this, &CompareInputs::cancelRequested);
    row->addWidget(runButton_);
    row->addWidget(cancelButton_);
    row->addWidget(progress_);
    row->addStretch(1);
    updateControls();
}

void CompareInputs::buildSlots(QLayout* row)
{
    for (int s = 0; s < kSlots; ++s) {
        auto* combo = new QComboBox(this);
        combo->setObjectName(QString("vehicleSlot%1").arg(s));
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        combo->setToolTip(tr("Vehicle %1: a preset, a file, or the vehicle being edited (with its unsaved edits)").arg(s + 1));
        slots_[std::size_t(s)].box = combo;
        fillSlotBox(s);
        connect(combo, &QComboBox::activated, this, [this, s](int index) { slotActivated(s, index); });
        auto* swatch = new QLabel(QStringLiteral("■"), this);
        swatch->setStyleSheet(QString("color: %1; font-size: 16px;").arg(widgets::vehicleColor(s).name()));
        row->addWidget(swatch);
        row->addWidget(combo);
    }
}

void CompareInputs::buildRunChoice(QLayout* row)
{
    terrainBox_ = new QComboBox(this);
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
    maneuverBox_ = new QComboBox(this);
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
    row->addWidget(new QLabel(tr("Maneuver"), this));
    row->addWidget(maneuverBox_);
    row->addWidget(new QLabel(tr("on"), this));
    row->addWidget(terrainBox_);
}

std::vector<const CompareInputs::Slot*> CompareInputs::chosen() const
{
    std::vector<const Slot*> out;
    for (const Slot& s : slots_)
        if (s.config)
            out.push_back(&s);
    return out;
}

QStringList CompareInputs::labels() const
{
    QStringList out;
    const auto list = chosen();
    // Columns name their model generation when the vehicles do not all run the same one.
    const bool mixed = std::any_of(list.begin(), list.end(), [&](const Slot* s) {
        return s->config->simulation.model != list.front()->config->simulation.model;
    });
    for (const Slot* s : list) {
        QString edited = document_.displayName();
        if (edited.endsWith(".json"))
            edited.chop(5);
        QString label = s->edited ? tr("edited: %1").arg(edited) : QFileInfo(s->file).completeBaseName();
        if (mixed)
            label += QStringLiteral(" [%1]").arg(QString::fromUtf8(modelGenerationTitle(s->config->simulation.model).data()));
        // The same vehicle twice still needs two names.
        if (out.contains(label)) {
            int k = 2;
            while (out.contains(label + QString(" (%1)").arg(k)))
                ++k;
            label += QString(" (%1)").arg(k);
        }
        out << label;
    }
    return out;
}

std::vector<std::shared_ptr<const VehicleConfig>> CompareInputs::vehicles() const
{
    std::vector<std::shared_ptr<const VehicleConfig>> out;
    for (const Slot* s : chosen())
        out.push_back(s->config);
    return out;
}

std::vector<compare::RunKey> CompareInputs::keys() const
{
    std::vector<compare::RunKey> out;
    for (const Slot* s : chosen())
        out.push_back({static_cast<int>(s - slots_.data()), s->config.get()});
    return out;
}

int CompareInputs::editedColumn() const
{
    const auto list = chosen();
    for (std::size_t i = 0; i < list.size(); ++i)
        if (list[i]->edited && list[i]->config == document_.configPtr())  // not the car under another model
            return static_cast<int>(i);
    return -1;
}

void CompareInputs::fillSlotBox(int slot)
{
    QComboBox* box = slots_[std::size_t(slot)].box;
    const QSignalBlocker block(box);
    box->clear();
    box->addItem(slot < 2 ? tr("(choose a vehicle)") : tr("(none)"), QString(kNone));
    box->addItem(tr("Edited: %1").arg(document_.displayName()), QString(kEdited));
    box->addItem(tr("Edited, as a PhysX 4.1 car"), QString(kEdited41));
    box->addItem(tr("Edited, as a PhysX 5 car"), QString(kEdited5));
    box->setItemData(2, tr("The vehicle being edited, simulated with PhysX 4.1's model"), Qt::ToolTipRole);
    box->setItemData(3, tr("The vehicle being edited, simulated with PhysX 5's vehicle2 model"), Qt::ToolTipRole);
    box->insertSeparator(box->count());
    for (const QString& f : jsonFilesIn(presetsDir_))
        box->addItem(QFileInfo(f).completeBaseName(), f);
    box->insertSeparator(box->count());
    box->addItem(tr("Other file…"), QString(kBrowse));
    const Slot& s = slots_[std::size_t(slot)];
    int index = 0;
    if (s.edited)
        index = !s.model ? 1 : *s.model == ModelGenerationKind::Physx41 ? 2 : 3;
    else if (!s.file.isEmpty()) {
        index = box->findData(s.file);
        if (index < 0) {
            box->insertItem(box->count() - 1, QFileInfo(s.file).fileName(), s.file);
            index = box->findData(s.file);
        }
    }
    box->setCurrentIndex(index);
}

void CompareInputs::slotActivated(int slot, int index)
{
    const QString choice = slots_[std::size_t(slot)].box->itemData(index).toString();
    if (choice == kNone) {
        clearSlot(slot);
    } else if (choice == kEdited) {
        setSlotEdited(slot);
    } else if (choice == kEdited41 || choice == kEdited5) {
        setSlotEdited(slot, choice == kEdited5 ? ModelGenerationKind::Physx5 : ModelGenerationKind::Physx41);
    } else if (choice == kBrowse) {
        const QString path = QFileDialog::getOpenFileName(this, tr("Vehicle to compare"), presetsDir_, tr("Vehicle (*.json)"));
        if (path.isEmpty() || !setSlotFile(slot, path))
            fillSlotBox(slot);  // back to what it was
    } else if (!setSlotFile(slot, choice)) {
        fillSlotBox(slot);
    }
}

std::shared_ptr<const VehicleConfig> CompareInputs::editedConfig(const Slot& s) const
{
    if (!s.model || *s.model == document_.config().simulation.model)
        return document_.configPtr();
    auto under = std::make_shared<VehicleConfig>(document_.config());
    under->simulation.model = *s.model;
    return under;
}

bool CompareInputs::setSlotEdited(int slot, std::optional<ModelGenerationKind> model)
{
    Slot& s = slots_.at(std::size_t(slot));
    s.edited = true;
    s.model = model;
    s.file.clear();
    s.config = editedConfig(s);
    fillSlotBox(slot);
    updateControls();
    emit vehiclesChanged();
    return true;
}

bool CompareInputs::setSlotFile(int slot, const QString& path)
{
    config::VehicleFile doc = config::loadVehicle(path.toStdString());
    if (!doc.ok()) {
        emit message(tr("%1 cannot be compared:\n%2").arg(QFileInfo(path).fileName(), problemsText(doc.problems)), true);
        return false;
    }
    Slot& s = slots_.at(std::size_t(slot));
    s.edited = false;
    s.model.reset();
    s.file = QFileInfo(path).absoluteFilePath();
    s.config = std::make_shared<const VehicleConfig>(std::move(doc.config));
    fillSlotBox(slot);
    updateControls();
    emit vehiclesChanged();
    return true;
}

void CompareInputs::clearSlot(int slot)
{
    Slot& s = slots_.at(std::size_t(slot));
    s = Slot{s.box, false, std::nullopt, {}, nullptr};
    fillSlotBox(slot);
    updateControls();
    emit vehiclesChanged();
}

bool CompareInputs::documentChanged()
{
    bool shown = false;
    for (std::size_t s = 0; s < slots_.size(); ++s) {
        if (slots_[s].edited) {
            slots_[s].config = editedConfig(slots_[s]);
            shown = true;
        }
        fillSlotBox(static_cast<int>(s));  // the edited vehicle's name may have changed
    }
    return shown;
}

bool CompareInputs::setManeuverFile(const QString& path)
{
    sim::ManeuverDocument doc = sim::loadManeuver(path.toStdString());
    if (!doc.ok()) {
        emit message(tr("%1 cannot be run:\n%2").arg(QFileInfo(path).fileName(), problemsText(doc.problems)), true);
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
    updateControls();
    return true;
}

bool CompareInputs::setTerrainFile(const QString& path)
{
    if (path.isEmpty()) {
        terrain_.reset();
        terrainName_ = tr("flat plane");
        terrainBox_->setCurrentIndex(0);
        return true;
    }
    sim::TerrainDocument doc = sim::loadTerrain(path.toStdString());
    if (!doc.ok()) {
        emit message(tr("%1 cannot be used:\n%2").arg(QFileInfo(path).fileName(), problemsText(doc.problems)), true);
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

void CompareInputs::setRunning(bool running)
{
    running_ = running;
    updateControls();
}

void CompareInputs::setProgress(double fraction)
{
    progress_->setValue(static_cast<int>(fraction * 1000.0));
}

void CompareInputs::updateControls()
{
    if (!runButton_)
        return;  // still being built
    runButton_->setEnabled(!running_ && chosen().size() >= 2 && hasManeuver_);
    cancelButton_->setEnabled(running_);
    for (Slot& s : slots_)
        s.box->setEnabled(!running_);
    terrainBox_->setEnabled(!running_);
    maneuverBox_->setEnabled(!running_);
}

}  // namespace jounce::gui
