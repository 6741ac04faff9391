#include "SweepSetup.h"

#include "PresetFiles.h"
#include "SweepParameterTable.h"
#include "VehicleDocument.h"

#include "config/VehicleJson.h"
#include "scenario/ManeuverJson.h"
#include "sweep/SweepJson.h"
#include "sweep/SweepPoints.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace jounce::gui {

SweepSetup::SweepSetup(const VehicleDocument& document, const QString& presetsDir, QWidget* parent)
    : QWidget(parent), document_(document), presetsDir_(presetsDir)
{
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(buildRunChoice());
    parameters_ = new SweepParameterTable(document_, this);
    layout->addWidget(parameters_, 1);
    layout->addWidget(buildDesign());
    layout->addWidget(buildFigures());
    connect(parameters_, &SweepParameterTable::changed, this, &SweepSetup::updatePointCount);
    connect(parameters_, &SweepParameterTable::message, this, &SweepSetup::message);
    updateDesignControls();
}

QGroupBox* SweepSetup::buildRunChoice()
{
    auto* run = new QGroupBox(tr("Run"), this);
    auto* runForm = new QFormLayout(run);
    maneuverBox_ = new QComboBox(run);
    maneuverBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    for (const QString& f : jsonFilesIn(presetsDir_ + "/maneuvers"))
        maneuverBox_->addItem(QFileInfo(f).completeBaseName(), f);
    maneuverBox_->addItem(tr("Other file…"));
    maneuverBox_->setToolTip(tr("The maneuver every point drives (presets/maneuvers or a file); its measured phases give the figures"));
    terrainBox_ = new QComboBox(run);
    terrainBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    terrainBox_->addItem(tr("flat plane"), QString());
    for (const QString& f : jsonFilesIn(presetsDir_ + "/terrains"))
        terrainBox_->addItem(QFileInfo(f).completeBaseName(), f);
    terrainBox_->addItem(tr("Other file…"));
    terrainBox_->setToolTip(tr("The ground every point drives on (presets/terrains or a file)"));
    runForm->addRow(tr("Maneuver"), maneuverBox_);
    runForm->addRow(tr("Terrain"), terrainBox_);
    // The last item of each box asks for a file.
    auto chooseFile = [this](QComboBox* combo, const QString& folder, auto apply) {
        connect(combo, &QComboBox::activated, this, [this, combo, folder, apply](int index) {
            QString path = combo->itemData(index).toString();
            if (index == combo->count() - 1) {
                path = QFileDialog::getOpenFileName(this, tr("Open"), presetsDir_ + folder, tr("JSON (*.json)"));
                if (path.isEmpty())
                    return;
            }
            (this->*apply)(path);
        });
    };
    chooseFile(maneuverBox_, QStringLiteral("/maneuvers"), &SweepSetup::setManeuverFile);
    chooseFile(terrainBox_, QStringLiteral("/terrains"), &SweepSetup::setTerrainFile);
    return run;
}

QGroupBox* SweepSetup::buildDesign()
{
    auto* design = new QGroupBox(tr("Design"), this);
    auto* designForm = new QFormLayout(design);
    designBox_ = new QComboBox(design);
    designBox_->addItems({tr("Grid (every combination)"), tr("Random samples"), tr("Latin hypercube")});
    designBox_->setToolTip(tr("How the points are made from the parameters' ranges (docs/sweeps.md)"));
    samples_ = new QSpinBox(design);
    samples_->setRange(1, 100000);
    samples_->setValue(20);
    samples_->setToolTip(tr("Points drawn by a random or Latin-hypercube design"));
    seed_ = new QSpinBox(design);
    seed_->setRange(0, 1 << 30);
    seed_->setToolTip(tr("The same seed draws the same points"));
    pointCount_ = new QLabel(design);
    auto* sampling = new QHBoxLayout;
    sampling->addWidget(samples_, 1);
    sampling->addWidget(new QLabel(tr("Seed"), design));
    sampling->addWidget(seed_, 1);
    designForm->addRow(tr("Design"), designBox_);
    designForm->addRow(tr("Samples"), sampling);
    designForm->addRow(tr("Points"), pointCount_);
    connect(designBox_, &QComboBox::currentIndexChanged, this, [this] { updateDesignControls(); });
    connect(samples_, &QSpinBox::valueChanged, this, [this] { updatePointCount(); });
    return design;
}

QGroupBox* SweepSetup::buildFigures()
{
    auto* figures = new QGroupBox(tr("Figures"), this);
    auto* figuresLayout = new QVBoxLayout(figures);
    figures_ = new QListWidget(figures);
    figures_->setToolTip(tr("The handling figures collected from every point (those the maneuver measures)"));
    figures_->setMaximumHeight(110);
    figuresLayout->addWidget(figures_);
    return figures;
}

void SweepSetup::chooseDefaultRun()
{
    const QString skidpad = presetsDir_ + "/maneuvers/skidpad.json";
    if (!setManeuverFile(skidpad) && maneuverBox_->count() > 1)
        setManeuverFile(maneuverBox_->itemData(0).toString());
    setTerrainFile(presetsDir_ + "/terrains/proving-ground.json");
}

bool SweepSetup::setManeuverFile(const QString& path)
{
    const sim::ManeuverDocument doc = sim::loadManeuver(path.toStdString());
    if (!doc.ok()) {
        emit message(tr("%1 cannot be used: %2").arg(path, doc.problems.items.empty() ? QString() : QString::fromStdString(doc.problems.items.front().toString())), true);
        return false;
    }
    maneuverPath_ = QFileInfo(path).absoluteFilePath();
    int index = maneuverBox_->findData(path);
    if (index < 0) {
        maneuverBox_->insertItem(maneuverBox_->count() - 1, QFileInfo(path).completeBaseName(), path);
        index = maneuverBox_->count() - 2;
    }
    maneuverBox_->setCurrentIndex(index);
    fillFigures();
    return true;
}

bool SweepSetup::setTerrainFile(const QString& path)
{
    terrainPath_ = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    int index = terrainBox_->findData(path);
    if (index < 0) {
        terrainBox_->insertItem(terrainBox_->count() - 1, QFileInfo(path).completeBaseName(), path);
        index = terrainBox_->count() - 2;
    }
    terrainBox_->setCurrentIndex(index);
    return true;
}

void SweepSetup::fillFigures()
{
    figures_->clear();
    const sim::ManeuverDocument doc = sim::loadManeuver(maneuverPath_.toStdString());
    for (const sweep::FigureInfo& f : sweep::figureCatalogue()) {
        const bool measured = std::any_of(doc.maneuver.phases.begin(), doc.maneuver.phases.end(),
                                          [&](const sim::ManeuverPhase& p) { return p.measure == f.measure; });
        if (!measured)
            continue;
        auto* item = new QListWidgetItem(QString::fromStdString(f.label) + (f.unit.empty() ? QString() : " (" + QString::fromStdString(f.unit) + ")"), figures_);
        item->setData(Qt::UserRole, QString::fromStdString(f.id));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Checked);
    }
    if (figures_->count() == 0)
        new QListWidgetItem(tr("This maneuver measures no figure: pick a measured one (skidpad, acceleration-0-100, ...)"), figures_);
}

void SweepSetup::setDesign(sweep::DesignType type, int samples, int seed)
{
    designBox_->setCurrentIndex(static_cast<int>(type));
    samples_->setValue(samples);
    seed_->setValue(seed);
    updateDesignControls();
}

void SweepSetup::updateDesignControls()
{
    const bool sampled = designBox_->currentIndex() != 0;
    samples_->setEnabled(sampled);
    seed_->setEnabled(sampled);
    updatePointCount();
}

void SweepSetup::updatePointCount()
{
    if (!pointCount_)
        return;
    const int rows = parameters_->count();
    if (designBox_->currentIndex() != 0) {
        pointCount_->setText(tr("%1 (sensitivity: %2 runs)").arg(samples_->value()).arg(1 + 2 * rows));
        return;
    }
    const long long n = parameters_->gridPoints();
    pointCount_->setText(tr("%1 (sensitivity: %2 runs)").arg(n > 1000000 ? tr("over a million") : QString::number(n)).arg(1 + 2 * rows));
}

std::string SweepSetup::sweepFileText() const
{
    using sweep::Json;
    Json j = Json::object();
    j["format"] = sweep::kSweepFormat;
    j["schemaVersion"] = sweep::kSweepSchemaVersion;
    j["name"] = "sweep of " + document_.config().name;
    j["description"] = "Built in the Sweep window of the Jounce workbench.";
    j["vehicle"] = config::vehicleToJson(document_.config());
    j["maneuver"] = maneuverPath_.toStdString();
    if (!terrainPath_.isEmpty())
        j["terrain"] = terrainPath_.toStdString();
    j["parameters"] = parameters_->toJson(designBox_->currentIndex() == 0);
    Json design{{"type", sweep::kDesignNames[std::size_t(designBox_->currentIndex())]}};
    if (designBox_->currentIndex() != 0) {
        design["samples"] = samples_->value();
        design["seed"] = seed_->value();
    }
    j["design"] = std::move(design);
    Json figures = Json::array();
    for (int i = 0; i < figures_->count(); ++i)
        if (figures_->item(i)->checkState() == Qt::Checked)
            figures.push_back(figures_->item(i)->data(Qt::UserRole).toString().toStdString());
    if (!figures.empty())
        j["figures"] = std::move(figures);
    return json::formatJson(j);
}

std::optional<sweep::Sweep> SweepSetup::buildSweep(QString& error) const
{
    if (parameters_->count() == 0) {
        error = tr("Add a parameter to vary (pick it above the table)");
        return std::nullopt;
    }
    sweep::SweepDocument doc = sweep::parseSweep(sweepFileText(), {presetsDir_.toStdString(), presetsDir_.toStdString()});
    if (doc.ok())
        return std::move(doc.sweep);
    // "/parameters/1/max: ..." reads "chassis.mass, max: ..." here.
    QStringList lines;
    for (const Problem& p : doc.problems.items) {
        if (p.severity != Severity::Error || lines.size() >= 4)
            continue;
        QString where = QString::fromStdString(p.pointer);
        const QStringList parts = where.split('/', Qt::SkipEmptyParts);
        if (parts.size() >= 2 && parts[0] == QLatin1String("parameters") && parts[1].toInt() < parameters_->count())
            where = parameters_->path(parts[1].toInt()) + (parts.size() > 2 ? ", " + parts.mid(2).join('/') : QString());
        else if (where.startsWith(QLatin1String("/vehicle")))
            where = tr("the edited vehicle") + where.mid(8);
        lines << where + ": " + QString::fromStdString(p.message);
    }
    error = lines.join('\n');
    return std::nullopt;
}

}  // namespace jounce::gui
