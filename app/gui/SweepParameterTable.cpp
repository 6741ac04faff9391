#include "SweepParameterTable.h"

#include "VehicleDocument.h"

#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"
#include "sweep/SweepEdits.h"
#include "widgets/DisplayUnits.h"

#include <QComboBox>
#include <QCompleter>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QAbstractItemView>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPushButton>
#include <QShortcut>
#include <QSignalBlocker>
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

/// The default range of a path of the vehicle (the value of its first element).
std::pair<double, double> defaultRange(const VehicleConfig& vehicle, const std::string& path)
{
    const config::Node* leaf = config::ParameterRegistry::instance().findLeaf(path);
    const std::vector<std::string> leaves = sweep::expandPath(vehicle, path);
    const auto value = leaves.empty() ? std::nullopt : config::ParameterRegistry::instance().get(vehicle, leaves.front());
    return defaultRange(*leaf, value && value->is_number() ? value->get<double>() : 0.0);
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

bool isNumber(const config::Node& leaf)
{
    return leaf.kind == config::NodeKind::Number || leaf.kind == config::NodeKind::Integer;
}

}  // namespace

SweepParameterTable::SweepParameterTable(const VehicleDocument& document, QWidget* parent)
    : QGroupBox(tr("Parameters"), parent), document_(document)
{
    auto* layout = new QVBoxLayout(this);
    auto* pickRow = new QHBoxLayout;
    picker_ = new QComboBox(this);
    picker_->setEditable(true);
    // Not as wide as the longest path (a compliance graph's point): the setup must fit 1366 x 768.
    picker_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    picker_->setMinimumContentsLength(16);
    picker_->setInsertPolicy(QComboBox::NoInsert);
    picker_->setToolTip(tr("A parameter of the edited vehicle (type to search; wheels[*] sets every wheel). Enter adds it"));
    picker_->completer()->setFilterMode(Qt::MatchContains);
    picker_->completer()->setCompletionMode(QCompleter::PopupCompletion);
    auto* add = add_ = new QPushButton(tr("&Add"), this);
    add->setObjectName(QStringLiteral("addSweepParameter"));
    add->setToolTip(tr("Add the parameter with its typical range (Enter in the box)"));
    auto* remove = new QPushButton(tr("Remove"), this);
    remove->setToolTip(tr("Remove the selected parameter (Delete)"));
    pickRow->addWidget(picker_, 1);
    pickRow->addWidget(add);
    pickRow->addWidget(remove);
    layout->addLayout(pickRow);
    table_ = new QTableWidget(0, ColumnCount, this);
    table_->setObjectName(QStringLiteral("sweepParameters"));
    table_->setHorizontalHeaderLabels({tr("Parameter"), tr("Link"), tr("Scale"), tr("Min"), tr("Max"), tr("Steps"), tr("Unit")});
    // The path takes the room; the rest as narrow as their contents, so the table fits 1366 x 768.
    for (int c = ColLink; c < ColumnCount; ++c)
        table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(ColPath, QHeaderView::Stretch);
    table_->horizontalHeader()->setMinimumSectionSize(40);
    table_->verticalHeader()->setVisible(false);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setMinimumHeight(120);
    layout->addWidget(table_);

    connect(add, &QPushButton::clicked, this, &SweepParameterTable::addPicked);
    connect(picker_->lineEdit(), &QLineEdit::returnPressed, this, &SweepParameterTable::addPicked);
    picker_->completer()->popup()->installEventFilter(this);
    connect(remove, &QPushButton::clicked, this, [this] { removeParameter(table_->currentRow()); });
    auto* del = new QShortcut(QKeySequence::Delete, table_, nullptr, nullptr, Qt::WidgetWithChildrenShortcut);
    connect(del, &QShortcut::activated, this, [this] { removeParameter(table_->currentRow()); });
    connect(table_, &QTableWidget::itemChanged, this, &SweepParameterTable::changed);
    fillPicker();
}

void SweepParameterTable::fillPicker()
{
    // Numeric leaves of the edited vehicle; a wheel parameter also as wheels[*] (every wheel), first.
    const config::ParameterRegistry& registry = config::ParameterRegistry::instance();
    QStringList paths;
    for (const config::LeafRef& leaf : registry.leaves(document_.config())) {
        if (!isNumber(*leaf.node))
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

bool SweepParameterTable::eventFilter(QObject* watched, QEvent* event)
{
    // While the completer's list is open, a press anywhere goes to the list, which only closes:
    // a click on Add then added nothing. It adds the typed path, as Enter does.
    if (watched == picker_->completer()->popup() && event->type() == QEvent::MouseButtonPress && add_->isEnabled()) {
        const QPoint at = add_->mapFromGlobal(static_cast<QMouseEvent*>(event)->globalPosition().toPoint());
        if (add_->rect().contains(at)) {
            picker_->completer()->popup()->hide();
            addPicked();
            return true;
        }
    }
    return QGroupBox::eventFilter(watched, event);
}

void SweepParameterTable::addPicked()
{
    if (addParameter(picker_->currentText().trimmed()))
        picker_->setEditText(QString());
}

bool SweepParameterTable::addParameter(const QString& path)
{
    const std::string p = path.toStdString();
    const config::Node* leaf = config::ParameterRegistry::instance().findLeaf(p);
    const std::vector<std::string> leaves = leaf ? sweep::expandPath(document_.config(), p) : std::vector<std::string>{};
    if (leaves.empty() || !isNumber(*leaf)) {
        emit message(tr("%1 is no number parameter of the edited vehicle").arg(path), true);
        return false;
    }
    for (int r = 0; r < table_->rowCount(); ++r)
        if (table_->item(r, ColPath)->text() == path) {
            emit message(tr("%1 is in the sweep already").arg(path), true);
            return false;
        }
    const auto [lo, hi] = defaultRange(document_.config(), p);
    const int row = table_->rowCount();
    {
        const QSignalBlocker block(table_);
        table_->insertRow(row);
        addRowWidgets(row, path);
    }
    setRange(row, lo, hi, 3);
    emit changed();
    emit message(tr("Added %1; its range is the registry's typical range (edit Min and Max)").arg(path), false);
    return true;
}

void SweepParameterTable::addRowWidgets(int row, const QString& path)
{
    const config::ParamInfo& info = config::ParameterRegistry::instance().findLeaf(path.toStdString())->info;
    auto* name = new QTableWidgetItem(path);
    name->setFlags(name->flags() & ~Qt::ItemIsEditable);
    name->setData(kUnitRole, QString::fromStdString(info.unit));
    name->setToolTip(path + "\n" + QString::fromStdString(info.description + " (" + info.unit + ")"));
    table_->setItem(row, ColPath, name);
    auto* link = new QComboBox(table_);
    link->addItems({tr("none"), tr("left = right"), tr("whole axle"), tr("all wheels")});
    link->setEnabled(path.startsWith(QLatin1String("wheels[")) && !path.startsWith(QLatin1String("wheels[*]")));
    link->setToolTip(tr("An edit of this wheel also sets the linked wheels (toe, camber and lateral positions mirrored)"));
    table_->setCellWidget(row, ColLink, link);
    auto* scale = new QComboBox(table_);
    scale->addItems({tr("value"), tr("factor")});
    scale->setToolTip(tr("value: min and max are the parameter's own; factor: they multiply each wheel's or element's value"));
    table_->setCellWidget(row, ColScale, scale);
    auto* steps = new QTableWidgetItem(QStringLiteral("3"));
    steps->setToolTip(tr("Levels of a grid, min and max included"));
    table_->setItem(row, ColSteps, steps);
    auto* unit = new QTableWidgetItem;
    unit->setFlags(unit->flags() & ~Qt::ItemIsEditable);
    table_->setItem(row, ColUnit, unit);
    connect(scale, &QComboBox::currentIndexChanged, this, [this, scale](int index) {
        for (int r = 0; r < table_->rowCount(); ++r)
            if (table_->cellWidget(r, ColScale) == scale && index == 1)
                setRange(r, 0.8, 1.2, table_->item(r, ColSteps)->text().toInt());
            else if (table_->cellWidget(r, ColScale) == scale)
                setRange(r, 0.0, 0.0, -1);  // back to the default range
    });
}

void SweepParameterTable::removeParameter(int row)
{
    if (row < 0 || row >= table_->rowCount())
        return;
    table_->removeRow(row);
    emit changed();
}

int SweepParameterTable::count() const
{
    return table_->rowCount();
}

QString SweepParameterTable::path(int row) const
{
    return table_->item(row, ColPath)->text();
}

void SweepParameterTable::setRange(int row, double min, double max, int steps)
{
    if (row < 0 || row >= table_->rowCount())
        return;
    const QString unit = table_->item(row, ColPath)->data(kUnitRole).toString();
    const bool factor = static_cast<QComboBox*>(table_->cellWidget(row, ColScale))->currentIndex() == 1;
    if (steps < 0) {  // the default range again
        std::tie(min, max) = defaultRange(document_.config(), path(row).toStdString());
        steps = table_->item(row, ColSteps)->text().toInt();
    }
    const widgets::Conversion c = conversionFor(unit, factor);
    const QSignalBlocker block(table_);
    auto cell = [&](int column, const QString& text) {
        QTableWidgetItem* item = table_->item(row, column);
        if (!item)
            table_->setItem(row, column, item = new QTableWidgetItem);
        item->setText(text);
        item->setToolTip(column == ColMin || column == ColMax ? tr("In %1").arg(c.label.isEmpty() ? tr("the parameter's unit (1)") : c.label) : QString());
    };
    cell(ColMin, number(c.toDisplay(min)));
    cell(ColMax, number(c.toDisplay(max)));
    cell(ColSteps, QString::number(std::max(steps, 2)));
    cell(ColUnit, c.label);
    emit changed();
}

long long SweepParameterTable::gridPoints() const
{
    long long n = table_->rowCount() > 0 ? 1 : 0;
    for (int r = 0; r < table_->rowCount() && n <= 1000000; ++r)
        n *= std::max(2, table_->item(r, ColSteps) ? table_->item(r, ColSteps)->text().toInt() : 2);
    return n;
}

sweep::Json SweepParameterTable::toJson(bool grid) const
{
    using sweep::Json;
    Json parameters = Json::array();
    for (int r = 0; r < table_->rowCount(); ++r) {
        const QString unit = table_->item(r, ColPath)->data(kUnitRole).toString();
        const int scale = static_cast<QComboBox*>(table_->cellWidget(r, ColScale))->currentIndex();
        const int link = static_cast<QComboBox*>(table_->cellWidget(r, ColLink))->currentIndex();
        const widgets::Conversion c = conversionFor(unit, scale == 1);
        Json p = Json::object();
        p["path"] = table_->item(r, ColPath)->text().toStdString();
        if (link > 0)
            p["link"] = sweep::kLinkNames[std::size_t(link)];
        if (scale == 1)
            p["scale"] = "factor";
        auto read = [&](int column) -> Json {
            const std::optional<double> v = widgets::parseNumber(table_->item(r, column)->text());
            return v ? Json(c.fromDisplay(*v)) : Json(table_->item(r, column)->text().toStdString());
        };
        p["min"] = read(ColMin);
        p["max"] = read(ColMax);
        if (grid)
            p["steps"] = table_->item(r, ColSteps)->text().toInt();
        parameters.push_back(std::move(p));
    }
    return parameters;
}

}  // namespace jounce::gui
