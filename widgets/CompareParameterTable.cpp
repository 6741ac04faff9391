#include "CompareParameterTable.h"

#include "DisplayUnits.h"
#include "WheelColors.h"
#include "analysis/DerivedQuantities.h"
#include "compare/ParameterComparison.h"
#include "config/ParameterPaths.h"
#include "telemetry/Channels.h"

#include <QAction>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace jounce::widgets {
namespace {

constexpr int kFirstVehicleColumn = 2;
constexpr int kPointerRole = Qt::UserRole;
constexpr int kSectionRole = Qt::UserRole + 1;
constexpr int kPathRole = Qt::UserRole + 2;
constexpr int kLeafPathsRole = Qt::UserRole + 3;  // the concrete paths a collapsed wheel row stands for
const QColor kDiffers(255, 236, 179);  // amber: differs from the reference column

/// A parameter's value as the cell shows it: numbers of a converted quantity in the display unit
/// (7 significant digits, as the parameter editor), everything else as the file writes it.
QString valueText(const config::Json& value, const Conversion& shown, bool converted)
{
    if (converted && value.is_number())
        return QString::number(shown.toDisplay(value.get<double>()), 'g', 7);
    return QString::fromStdString(compare::formatValue(value));
}

/// A derived quantity in 4 significant digits, as the workbench writes numbers (formatNumber: no
/// exponent, grouped digits, never -0) without trailing zeros: 25 730, not 2.573e+04.
QString derivedText(double v)
{
    constexpr int kDigits = 4;
    const int magnitude = v != 0.0 && std::isfinite(v) ? static_cast<int>(std::floor(std::log10(std::fabs(v)))) : 0;
    QString text = formatNumber(v, std::max(0, kDigits - 1 - magnitude));
    if (text.contains('.')) {
        while (text.endsWith('0'))
            text.chop(1);
        if (text.endsWith('.'))
            text.chop(1);
    }
    return text;
}

/// What a row for several wheels stands for, for its tooltip ("" for a row of one leaf).
QString wheelsNote(const std::vector<std::string>& paths)
{
    if (paths.size() < 2)
        return {};
    QStringList wheels;
    for (const std::string& p : paths)
        if (const auto wheel = config::param::wheels::wheelIndex(p))
            wheels << QString::fromStdString(telemetry::wheelLabel(static_cast<int>(*wheel)));
    return QObject::tr("\nOne row for %1: each vehicle has one value on all of them").arg(wheels.join(", "));
}

}  // namespace

CompareParameterTable::CompareParameterTable(QWidget* parent) : QWidget(parent)
{
    showAll_ = new QCheckBox(tr("Show all"), this);
    showAll_->setToolTip(tr("Show every parameter, not only those that differ between the vehicles"));
    filter_ = new QLineEdit(this);
    filter_->setPlaceholderText(tr("Filter parameters…"));
    filter_->setClearButtonEnabled(true);
    summary_ = new QLabel(this);
    tree_ = new QTreeWidget(this);
    tree_->setUniformRowHeights(true);
    tree_->setAlternatingRowColors(true);
    tree_->setSelectionBehavior(QAbstractItemView::SelectItems);
    tree_->setContextMenuPolicy(Qt::CustomContextMenu);

    copyValue_ = new QAction(tr("Copy &value"), this);
    copyValue_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return));
    copySection_ = new QAction(tr("Copy &section"), this);
    copySection_->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Return));
    copyAll_ = new QAction(tr("Copy &all differences"), this);
    for (QAction* a : {copyValue_, copySection_, copyAll_})
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addActions({copyValue_, copySection_, copyAll_});

    auto* bar = new QHBoxLayout;
    bar->addWidget(showAll_);
    bar->addWidget(filter_, 1);
    for (QAction* a : {copyValue_, copySection_, copyAll_}) {
        auto* button = new QToolButton(this);
        button->setDefaultAction(a);
        bar->addWidget(button);
    }
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(bar);
    layout->addWidget(summary_);
    layout->addWidget(tree_, 1);

    connect(showAll_, &QCheckBox::toggled, this, [this] { rebuild(); });
    connect(filter_, &QLineEdit::textChanged, this, [this] { rebuild(); });
    connect(tree_, &QTreeWidget::currentItemChanged, this, [this] { updateActions(); });
    connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] { updateActions(); });
    connect(copyValue_, &QAction::triggered, this, [this] { requestCopy(compare::CopyScope::Value); });
    connect(copySection_, &QAction::triggered, this, [this] { requestCopy(compare::CopyScope::Section); });
    connect(copyAll_, &QAction::triggered, this, [this] { requestCopy(compare::CopyScope::All); });
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, [this] { rebuild(); });
    connect(tree_, &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
        updateActions();
        QMenu menu(this);
        menu.addActions({copyValue_, copySection_, copyAll_});
        menu.exec(tree_->viewport()->mapToGlobal(pos));
    });
    updateActions();
}

void CompareParameterTable::setVehicles(const QStringList& labels, std::vector<const VehicleConfig*> vehicles,
                                        int editedColumn)
{
    labels_ = labels;
    vehicles_ = std::move(vehicles);
    editedColumn_ = editedColumn;
    coupledCache_ = {};
    rebuild();
}

void CompareParameterTable::setCopyTarget(std::shared_ptr<const VehicleConfig> target)
{
    target_ = std::move(target);
    coupledCache_ = {};
    updateActions();
}

const std::vector<compare::CoupledSection>& CompareParameterTable::coupled(int vehicle, const QString& section)
{
    CoupledCache& c = coupledCache_;
    const VehicleConfig* source = vehicle >= 0 && vehicle < static_cast<int>(vehicles_.size()) ? vehicles_[std::size_t(vehicle)] : nullptr;
    if (c.target != target_.get() || c.source != source || c.section != section) {
        c.target = target_.get();
        c.source = source;
        c.section = section;
        c.coupled = target_ && source ? compare::coupledSections(*target_, *source, section.toStdString())
                                      : std::vector<compare::CoupledSection>{};
    }
    return c.coupled;
}

void CompareParameterTable::setShowAll(bool all)
{
    showAll_->setChecked(all);
}

bool CompareParameterTable::showAll() const
{
    return showAll_->isChecked();
}

void CompareParameterTable::rebuild()
{
    // Keep the selection across rebuilds (a copy changes the edited column and rebuilds).
    QString currentPath;
    int currentColumn = tree_->currentColumn();
    if (const QTreeWidgetItem* item = tree_->currentItem())
        currentPath = item->data(0, kPathRole).toString();

    tree_->clear();
    const int n = static_cast<int>(vehicles_.size());
    QStringList headers{tr("Parameter"), tr("Unit")};
    for (int v = 0; v < n; ++v)
        headers << labels_.value(v);
    tree_->setColumnCount(kFirstVehicleColumn + n);
    tree_->setHeaderLabels(headers);
    for (int v = 0; v < n; ++v) {
        tree_->headerItem()->setForeground(kFirstVehicleColumn + v, vehicleColor(v));
        tree_->headerItem()->setToolTip(kFirstVehicleColumn + v, labels_.value(v));
    }
    if (n == 0) {
        summary_->setText(tr("Choose two to four vehicles."));
        updateActions();
        return;
    }
    const bool all = showAll_->isChecked();
    addDerivedRows();
    const Listing listing = addParameterRows(currentPath);
    fitColumns();
    summary_->setText(listing.differing == 0 ? tr("No parameter differs.")
                                             : tr("%n parameter(s) differ", nullptr, listing.differing) +
                                                   (all ? tr("; all %1 listed").arg(listing.listed) : QString()));
    if (listing.current)
        tree_->setCurrentItem(listing.current, std::max(currentColumn, kFirstVehicleColumn));
    updateActions();
}

bool CompareParameterTable::isListed(const QString& text, bool differs) const
{
    const QString filter = filter_->text().trimmed();
    return (showAll_->isChecked() || differs) && (filter.isEmpty() || text.contains(filter, Qt::CaseInsensitive));
}

int CompareParameterTable::referenceColumn() const
{
    return editedColumn_ >= 0 ? editedColumn_ : 0;
}

void CompareParameterTable::addDerivedRows()
{
    const int n = static_cast<int>(vehicles_.size());
    const std::size_t reference = std::size_t(referenceColumn());
    auto* derived = new QTreeWidgetItem(tree_, QStringList{tr("Derived (computed from the parameters)")});
    for (const sim::DerivedRow& row : sim::deriveQuantities(vehicles_)) {
        const QString label = QString::fromStdString(row.label);
        if (!isListed(label, row.differs))
            continue;
        const Conversion shown = DisplayUnits::current().conversion(row.unit);
        auto* item = new QTreeWidgetItem(derived, QStringList{label, shown.label});
        item->setToolTip(0, QString::fromStdString(row.meaning));
        for (int v = 0; v < n; ++v) {
            const auto& value = row.values[std::size_t(v)];
            item->setText(kFirstVehicleColumn + v, value ? derivedText(shown.toDisplay(*value)) : QStringLiteral("–"));
            item->setTextAlignment(kFirstVehicleColumn + v, Qt::AlignRight | Qt::AlignVCenter);
            const auto& ref = row.values[reference];
            if (value.has_value() != ref.has_value() || (value && std::abs(*value - *ref) > 1e-9 * std::abs(*ref)))
                item->setBackground(kFirstVehicleColumn + v, kDiffers);
        }
    }
    if (derived->childCount() == 0)
        delete derived;
}

CompareParameterTable::Listing CompareParameterTable::addParameterRows(const QString& currentPath)
{
    const int n = static_cast<int>(vehicles_.size());
    const std::size_t reference = std::size_t(referenceColumn());
    Listing listing;
    QTreeWidgetItem* section = nullptr;
    std::string sectionName;
    // One row for the wheels that agree (wheels[0..3].wheel.radius), not one per wheel.
    for (const compare::ParameterRow& row : compare::collapseWheelRows(compare::compareParameters(vehicles_))) {
        listing.differing += row.differs ? 1 : 0;
        const QString path = QString::fromStdString(row.path);
        QStringList leafPaths, pointers;
        for (const std::string& p : row.paths)
            leafPaths << QString::fromStdString(p);
        for (const std::string& p : row.pointers)
            pointers << QString::fromStdString(p);
        if (!isListed(path + ' ' + leafPaths.join(' '), row.differs))
            continue;
        if (!section || row.section != sectionName) {
            sectionName = row.section;
            section = new QTreeWidgetItem(tree_, QStringList{QString::fromStdString(row.section)});
            section->setData(0, kSectionRole, QString::fromStdString(row.section));
        }
        const Conversion shown = DisplayUnits::current().conversion(row.node->info.unit);
        const bool converted = quantityOf(row.node->info.unit).has_value();
        auto* item = new QTreeWidgetItem(section, QStringList{path, shown.label});
        item->setData(0, kPointerRole, pointers.join(','));
        item->setData(0, kSectionRole, QString::fromStdString(row.section));
        item->setData(0, kPathRole, path);
        item->setData(0, kLeafPathsRole, leafPaths);
        item->setToolTip(0, QString::fromStdString(row.node->info.description + " (" + row.section + ", " +
                                                   row.node->info.specRef + ")") +
                                wheelsNote(row.paths));
        for (int v = 0; v < n; ++v) {
            const auto& value = row.values[std::size_t(v)];
            const QString text = value ? valueText(*value, shown, converted) : QStringLiteral("–");
            // Descriptions run to hundreds of characters: the cell shows the start, the tooltip all.
            item->setText(kFirstVehicleColumn + v, text.size() > 16 ? text.left(14) + QStringLiteral("…") : text);
            if (text.size() > 16)
                item->setToolTip(kFirstVehicleColumn + v, text);
            item->setTextAlignment(kFirstVehicleColumn + v, Qt::AlignRight | Qt::AlignVCenter);
            if (value != row.values[reference])
                item->setBackground(kFirstVehicleColumn + v, kDiffers);
            if (!value)
                item->setToolTip(kFirstVehicleColumn + v, tr("%1 has no %2").arg(labels_.value(v), path));
        }
        ++listing.listed;
        if (path == currentPath)
            listing.current = item;
    }
    return listing;
}

void CompareParameterTable::fitColumns()
{
    tree_->expandAll();
    tree_->header()->setSectionResizeMode(QHeaderView::Interactive);
    tree_->resizeColumnToContents(0);
    tree_->setColumnWidth(0, std::min(tree_->columnWidth(0), 230));
    tree_->resizeColumnToContents(1);
    for (int v = 0; v < static_cast<int>(vehicles_.size()); ++v) {
        tree_->resizeColumnToContents(kFirstVehicleColumn + v);
        tree_->setColumnWidth(kFirstVehicleColumn + v, std::clamp(tree_->columnWidth(kFirstVehicleColumn + v), 70, 120));
    }
}

QStringList CompareParameterTable::listedPaths() const
{
    QStringList paths;
    for (int s = 0; s < tree_->topLevelItemCount(); ++s)
        for (int r = 0; r < tree_->topLevelItem(s)->childCount(); ++r) {
            const QString path = tree_->topLevelItem(s)->child(r)->data(0, kPathRole).toString();
            if (!path.isEmpty())
                paths << path;
        }
    return paths;
}

bool CompareParameterTable::selectCell(const QString& path, int vehicle)
{
    for (int s = 0; s < tree_->topLevelItemCount(); ++s)
        for (int r = 0; r < tree_->topLevelItem(s)->childCount(); ++r) {
            QTreeWidgetItem* item = tree_->topLevelItem(s)->child(r);
            if (item->data(0, kPathRole).toString() == path || item->data(0, kLeafPathsRole).toStringList().contains(path)) {
                tree_->setCurrentItem(item, kFirstVehicleColumn + vehicle);
                updateActions();
                return true;
            }
        }
    return false;
}

int CompareParameterTable::currentVehicle() const
{
    const int v = tree_->currentColumn() - kFirstVehicleColumn;
    return v >= 0 && v < static_cast<int>(vehicles_.size()) ? v : -1;
}

void CompareParameterTable::updateActions()
{
    const QTreeWidgetItem* item = tree_->currentItem();
    const int v = currentVehicle();
    const bool source = v >= 0 && v != editedColumn_;
    const QString name = source ? labels_.value(v) : QString();
    const bool isParameter = item && !item->data(0, kPointerRole).toString().isEmpty();
    const bool inSection = item && !item->data(0, kSectionRole).toString().isEmpty();
    copyValue_->setEnabled(source && isParameter);
    copySection_->setEnabled(source && inSection);
    copyAll_->setEnabled(source);
    // Short labels keep the buttons small; the tooltip and status tip say what exactly is copied.
    const auto describe = [](QAction* action, const QString& text) {
        const QString keys = action->shortcut().toString(QKeySequence::NativeText);
        action->setToolTip(keys.isEmpty() ? text : text + " (" + keys + ")");
        action->setStatusTip(text);
    };
    describe(copyValue_, source && isParameter
                             ? tr("Copy %1 from %2 into the edited vehicle").arg(item->data(0, kPathRole).toString(), name)
                             : tr("Select a value of another vehicle to copy it into the edited vehicle"));
    QString sectionTip = tr("Select a row of another vehicle to copy its whole section");
    copySection_->setText(tr("Copy &section"));
    if (source && inSection) {
        const QString section = item->data(0, kSectionRole).toString();
        const auto& along = coupled(v, section);
        sectionTip = tr("Copy every difference in %1 from %2 into the edited vehicle").arg(section, name);
        for (const compare::CoupledSection& c : along)
            sectionTip += tr(", with %1 (%2)").arg(QString::fromStdString(c.section), QString::fromStdString(c.reason));
        if (!along.empty())
            copySection_->setText(tr("Copy &section + %n coupled", nullptr, static_cast<int>(along.size())));
    }
    describe(copySection_, sectionTip);
    describe(copyAll_, source ? tr("Copy every difference except name and description from %1").arg(name)
                              : tr("Select a cell of another vehicle to copy all its differences"));
}

void CompareParameterTable::requestCopy(compare::CopyScope scope)
{
    const int v = currentVehicle();
    const QTreeWidgetItem* item = tree_->currentItem();
    if (v < 0 || v == editedColumn_)
        return;
    const QString from = labels_.value(v);
    switch (scope) {
    case compare::CopyScope::Value:
        if (item && !item->data(0, kPointerRole).toString().isEmpty())
            emit copyRequested(v, scope, item->data(0, kPointerRole).toString(),
                               tr("Copy %1 from %2").arg(item->data(0, kPathRole).toString(), from));
        break;
    case compare::CopyScope::Section:
        if (item && !item->data(0, kSectionRole).toString().isEmpty()) {
            const QString section = item->data(0, kSectionRole).toString();
            QStringList names;
            for (const std::string& s : compare::sectionsToCopy(section.toStdString(), coupled(v, section)))
                names << QString::fromStdString(s);
            emit copyRequested(v, scope, section, tr("Copy %1 from %2").arg(names.join(" + "), from));
        }
        break;
    case compare::CopyScope::All:
        emit copyRequested(v, scope, QString(), tr("Copy all differences from %1").arg(from));
        break;
    }
}

}  // namespace jounce::widgets
