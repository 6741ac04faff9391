// The Sweep window's left side: the maneuver and terrain, the parameters picked from the registry
// with their ranges, the design and the figures; and the sweep file they make.

#include "SweepWindow.h"

#include "PresetFiles.h"

#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"
#include "config/VehicleJson.h"
#include "scenario/ManeuverJson.h"
#include "sweep/SweepEdits.h"
#include "sweep/SweepJson.h"
#include "sweep/SweepPoints.h"
#include "widgets/DisplayUnits.h"

#include <QComboBox>
#include <QCompleter>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QShortcut>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace jounce::gui {
namespace {

enum Column { ColPath, ColLink, ColScale, ColMin, ColMax, ColSteps, ColUnit, ColumnCount };
constexpr int kUnitRole = Qt::UserRole + 1;

QString number(double v)
{
    return QString::number(v, 'g', 8);
}

/// A parameter's default range: the registry's typical range, else its accepted limits where both
/// ends are finite, else half to one and a half times its value (one either side of 0).
std::pair<double, double> defaultRange(const config::Node& leaf, double value)
{
    const config::ParamInfo& info = leaf.info;
    if (info.hasTypicalRange() && info.typicalMin < info.typicalMax)
        return {info.typicalMin, info.typicalMax};
    const json::NumberLimits accepted = info.accepted();
    if (std::isfinite(accepted.min) && std::isfinite(accepted.max))
        return {accepted.min, accepted.max};
    if (value == 0.0)
        return {std::isfinite(accepted.min) && accepted.min >= 0.0 ? accepted.min : -1.0, 1.0};
    const double lo = std::min(0.5 * value, 1.5 * value), hi = std::max(0.5 * value, 1.5 * value);
    return {std::isfinite(accepted.min) ? std::max(lo, accepted.min) : lo, std::isfinite(accepted.max) ? std::min(hi, accepted.max) : hi};
}

widgets::Conversion conversionFor(const QString& unit, bool factor)
{
    if (factor) {
        widgets::Conversion c;
        c.label = QStringLiteral("×");
        return c;
    }
    return widgets::DisplayUnits::current().conversion(unit.toStdString());
}

}  // namespace

QWidget* SweepWindow::buildSetup()
{
    auto* box = new QWidget(this);
    auto* layout = new QVBoxLayout(box);

    auto* run = new QGroupBox(tr("Run"), box);
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
    layout->addWidget(run);
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
    chooseFile(maneuverBox_, QStringLiteral("/maneuvers"), &SweepWindow::setManeuverFile);
    chooseFile(terrainBox_, QStringLiteral("/terrains"), &SweepWindow::setTerrainFile);

    auto* params = new QGroupBox(tr("Parameters"), box);
    auto* paramsLayout = new QVBoxLayout(params);
    auto* pickRow = new QHBoxLayout;
    picker_ = new QComboBox(params);
    picker_->setEditable(true);
    // Not as wide as the longest path (a compliance graph's point): the setup must fit 1366 x 768.
    picker_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    picker_->setMinimumContentsLength(16);
    picker_->setInsertPolicy(QComboBox::NoInsert);
    picker_->setToolTip(tr("A parameter of the edited vehicle (type to search; wheels[*] sets every wheel). Enter adds it"));
    picker_->completer()->setFilterMode(Qt::MatchContains);
    picker_->completer()->setCompletionMode(QCompleter::PopupCompletion);
    auto* add = new QPushButton(tr("&Add"), params);
    add->setToolTip(tr("Add the parameter with its typical range (Enter in the box)"));
    auto* remove = new QPushButton(tr("Remove"), params);
    remove->setToolTip(tr("Remove the selected parameter (Delete)"));
    pickRow->addWidget(picker_, 1);
    pickRow->addWidget(add);
    pickRow->addWidget(remove);
    paramsLayout->addLayout(pickRow);
    parameters_ = new QTableWidget(0, ColumnCount, params);
    parameters_->setObjectName(QStringLiteral("sweepParameters"));
    parameters_->setHorizontalHeaderLabels({tr("Parameter"), tr("Link"), tr("Scale"), tr("Min"), tr("Max"), tr("Steps"), tr("Unit")});
    // The path takes the room; the rest as narrow as their contents, so the table fits 1366 x 768.
    for (int c = ColLink; c < ColumnCount; ++c)
        parameters_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    parameters_->horizontalHeader()->setSectionResizeMode(ColPath, QHeaderView::Stretch);
    parameters_->horizontalHeader()->setMinimumSectionSize(40);
    parameters_->verticalHeader()->setVisible(false);
    parameters_->setSelectionBehavior(QAbstractItemView::SelectRows);
    parameters_->setMinimumHeight(120);
    paramsLayout->addWidget(parameters_);
    layout->addWidget(params, 1);
    auto addPicked = [this] {
        if (!addParameter(picker_->currentText().trimmed()))
            return;
        picker_->setEditText(QString());
    };
    connect(add, &QPushButton::clicked, this, addPicked);
    connect(picker_->lineEdit(), &QLineEdit::returnPressed, this, addPicked);
    connect(remove, &QPushButton::clicked, this, [this] { removeParameter(parameters_->currentRow()); });
    auto* del = new QShortcut(QKeySequence::Delete, parameters_, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(del, &QShortcut::activated, this, [this] { removeParameter(parameters_->currentRow()); });
    connect(parameters_, &QTableWidget::itemChanged, this, [this] { updatePointCount(); });

    auto* design = new QGroupBox(tr("Design"), box);
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
    layout->addWidget(design);
    connect(designBox_, &QComboBox::currentIndexChanged, this, [this] { updateDesignControls(); });
    connect(samples_, &QSpinBox::valueChanged, this, [this] { updatePointCount(); });

    auto* figures = new QGroupBox(tr("Figures"), box);
    auto* figuresLayout = new QVBoxLayout(figures);
    figures_ = new QListWidget(figures);
    figures_->setToolTip(tr("The handling figures collected from every point (those the maneuver measures)"));
    figures_->setMaximumHeight(110);
    figuresLayout->addWidget(figures_);
    layout->addWidget(figures);

    fillParameterPicker();
    updateDesignControls();
    return box;
}

void SweepWindow::fillParameterPicker()
{
    // Numeric leaves of the edited vehicle; a wheel parameter also as wheels[*] (every wheel), first.
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    QStringList paths;
    for (const config::LeafRef& leaf : registry.leaves(document_.config())) {
        if (leaf.node->kind != config::NodeKind::Number && leaf.node->kind != config::NodeKind::Integer)
            continue;
        const std::string pattern = config::param::wheels::wheelPattern(leaf.path);
        if (!pattern.empty() && !paths.contains(QString::fromStdString(pattern)))
            paths << QString::fromStdString(pattern);
        paths << QString::fromStdString(leaf.path);
    }
    const QString typed = picker_->currentText();
    picker_->clear();
    picker_->addItems(paths);
    picker_->setEditText(typed);
}

bool SweepWindow::setManeuverFile(const QString& path)
{
    const sim::ManeuverDocument doc = sim::loadManeuver(path.toStdString());
    if (!doc.ok()) {
        message(tr("%1 cannot be used: %2").arg(path, doc.problems.items.empty() ? QString() : QString::fromStdString(doc.problems.items.front().toString())), true);
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

bool SweepWindow::setTerrainFile(const QString& path)
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

void SweepWindow::fillFigures()
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

bool SweepWindow::addParameter(const QString& path)
{
    const std::string p = path.toStdString();
    const config::Node* leaf = config::ParameterRegistry::instance().findLeaf(p);
    const std::vector<std::string> leaves = leaf ? sweep::expandPath(document_.config(), p) : std::vector<std::string>{};
    if (leaves.empty() || (leaf->kind != config::NodeKind::Number && leaf->kind != config::NodeKind::Integer)) {
        message(tr("%1 is no number parameter of the edited vehicle").arg(path), true);
        return false;
    }
    for (int r = 0; r < parameters_->rowCount(); ++r)
        if (parameters_->item(r, ColPath)->text() == path) {
            message(tr("%1 is in the sweep already").arg(path), true);
            return false;
        }
    const std::optional<config::Json> value = config::ParameterRegistry::instance().get(document_.config(), leaves.front());
    const auto [lo, hi] = defaultRange(*leaf, value && value->is_number() ? value->get<double>() : 0.0);
    const QSignalBlocker block(parameters_);
    const int row = parameters_->rowCount();
    parameters_->insertRow(row);
    auto* name = new QTableWidgetItem(path);
    name->setFlags(name->flags() & ~Qt::ItemIsEditable);
    name->setData(kUnitRole, QString::fromStdString(leaf->info.unit));
    name->setToolTip(path + "\n" + QString::fromStdString(leaf->info.description + " (" + leaf->info.unit + ")"));
    parameters_->setItem(row, ColPath, name);
    auto* link = new QComboBox(parameters_);
    link->addItems({tr("none"), tr("left = right"), tr("whole axle"), tr("all wheels")});
    link->setEnabled(path.startsWith(QLatin1String("wheels[")) && !path.startsWith(QLatin1String("wheels[*]")));
    link->setToolTip(tr("An edit of this wheel also sets the linked wheels (toe, camber and lateral positions mirrored)"));
    parameters_->setCellWidget(row, ColLink, link);
    auto* scale = new QComboBox(parameters_);
    scale->addItems({tr("value"), tr("factor")});
    scale->setToolTip(tr("value: min and max are the parameter's own; factor: they multiply each wheel's or element's value"));
    parameters_->setCellWidget(row, ColScale, scale);
    auto* steps = new QTableWidgetItem(QStringLiteral("3"));
    steps->setToolTip(tr("Levels of a grid, min and max included"));
    parameters_->setItem(row, ColSteps, steps);
    auto* unit = new QTableWidgetItem;
    unit->setFlags(unit->flags() & ~Qt::ItemIsEditable);
    parameters_->setItem(row, ColUnit, unit);
    setParameterRange(row, lo, hi, 3);
    connect(scale, &QComboBox::currentIndexChanged, this, [this, scale](int index) {
        for (int r = 0; r < parameters_->rowCount(); ++r)
            if (parameters_->cellWidget(r, ColScale) == scale && index == 1)
                setParameterRange(r, 0.8, 1.2, parameters_->item(r, ColSteps)->text().toInt());
            else if (parameters_->cellWidget(r, ColScale) == scale)
                setParameterRange(r, 0.0, 0.0, -1);  // back to the default range
    });
    updatePointCount();
    message(tr("Added %1; its range is the registry's typical range (edit Min and Max)").arg(path));
    return true;
}

void SweepWindow::removeParameter(int row)
{
    if (row < 0 || row >= parameters_->rowCount())
        return;
    parameters_->removeRow(row);
    updatePointCount();
}

int SweepWindow::parameterCount() const
{
    return parameters_->rowCount();
}

void SweepWindow::setParameterRange(int row, double min, double max, int steps)
{
    if (row < 0 || row >= parameters_->rowCount())
        return;
    const QString unit = parameters_->item(row, ColPath)->data(kUnitRole).toString();
    const bool factor = static_cast<QComboBox*>(parameters_->cellWidget(row, ColScale))->currentIndex() == 1;
    if (steps < 0) {  // the default range again
        const std::string path = parameters_->item(row, ColPath)->text().toStdString();
        const config::Node* leaf = config::ParameterRegistry::instance().findLeaf(path);
        const std::vector<std::string> leaves = sweep::expandPath(document_.config(), path);
        const auto value = leaves.empty() ? std::nullopt : config::ParameterRegistry::instance().get(document_.config(), leaves.front());
        std::tie(min, max) = defaultRange(*leaf, value && value->is_number() ? value->get<double>() : 0.0);
        steps = parameters_->item(row, ColSteps)->text().toInt();
    }
    const widgets::Conversion c = conversionFor(unit, factor);
    const QSignalBlocker block(parameters_);
    auto cell = [&](int column, const QString& text) {
        QTableWidgetItem* item = parameters_->item(row, column);
        if (!item)
            parameters_->setItem(row, column, item = new QTableWidgetItem);
        item->setText(text);
        item->setToolTip(column == ColMin || column == ColMax ? tr("In %1").arg(c.label.isEmpty() ? tr("the parameter's unit (1)") : c.label) : QString());
    };
    cell(ColMin, number(c.toDisplay(min)));
    cell(ColMax, number(c.toDisplay(max)));
    cell(ColSteps, QString::number(std::max(steps, 2)));
    cell(ColUnit, c.label);
    updatePointCount();
}

void SweepWindow::setDesign(sweep::DesignType type, int samples, int seed)
{
    designBox_->setCurrentIndex(static_cast<int>(type));
    samples_->setValue(samples);
    seed_->setValue(seed);
    updateDesignControls();
}

void SweepWindow::updateDesignControls()
{
    const bool sampled = designBox_->currentIndex() != 0;
    samples_->setEnabled(sampled);
    seed_->setEnabled(sampled);
    updatePointCount();
}

void SweepWindow::updatePointCount()
{
    if (!pointCount_)
        return;
    if (designBox_->currentIndex() != 0) {
        pointCount_->setText(tr("%1 (sensitivity: %2 runs)").arg(samples_->value()).arg(1 + 2 * parameters_->rowCount()));
        return;
    }
    long long n = parameters_->rowCount() > 0 ? 1 : 0;
    for (int r = 0; r < parameters_->rowCount() && n <= 1000000; ++r)
        n *= std::max(2, parameters_->item(r, ColSteps) ? parameters_->item(r, ColSteps)->text().toInt() : 2);
    pointCount_->setText(tr("%1 (sensitivity: %2 runs)").arg(n > 1000000 ? tr("over a million") : QString::number(n)).arg(1 + 2 * parameters_->rowCount()));
}

std::string SweepWindow::sweepFileText() const
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
    Json parameters = Json::array();
    for (int r = 0; r < parameters_->rowCount(); ++r) {
        const QString unit = parameters_->item(r, ColPath)->data(kUnitRole).toString();
        const int scale = static_cast<QComboBox*>(parameters_->cellWidget(r, ColScale))->currentIndex();
        const int link = static_cast<QComboBox*>(parameters_->cellWidget(r, ColLink))->currentIndex();
        const widgets::Conversion c = conversionFor(unit, scale == 1);
        Json p = Json::object();
        p["path"] = parameters_->item(r, ColPath)->text().toStdString();
        if (link > 0)
            p["link"] = sweep::kLinkNames[std::size_t(link)];
        if (scale == 1)
            p["scale"] = "factor";
        auto read = [&](int column) -> Json {
            const std::optional<double> v = widgets::parseNumber(parameters_->item(r, column)->text());
            return v ? Json(c.fromDisplay(*v)) : Json(parameters_->item(r, column)->text().toStdString());
        };
        p["min"] = read(ColMin);
        p["max"] = read(ColMax);
        if (designBox_->currentIndex() == 0)
            p["steps"] = parameters_->item(r, ColSteps)->text().toInt();
        parameters.push_back(std::move(p));
    }
    j["parameters"] = std::move(parameters);
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

std::optional<sweep::Sweep> SweepWindow::buildSweep(QString& error) const
{
    if (parameters_->rowCount() == 0) {
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
        if (parts.size() >= 2 && parts[0] == QLatin1String("parameters") && parts[1].toInt() < parameters_->rowCount())
            where = parameters_->item(parts[1].toInt(), ColPath)->text() + (parts.size() > 2 ? ", " + parts.mid(2).join('/') : QString());
        else if (where.startsWith(QLatin1String("/vehicle")))
            where = tr("the edited vehicle") + where.mid(8);
        lines << where + ": " + QString::fromStdString(p.message);
    }
    error = lines.join('\n');
    return std::nullopt;
}

}  // namespace jounce::gui
