#include "ParameterEditor.h"

#include "DisplayUnits.h"
#include "ParameterColumns.h"
#include "ParameterDelegate.h"
#include "WheelColors.h"

#include "config/ParameterPaths.h"
#include "telemetry/Channels.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QToolTip>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

namespace jounce::widgets {
namespace {

using config::Json;
using config::Node;
using config::NodeKind;

const QColor kAmber(255, 214, 140);
const QColor kInvalid(255, 170, 170);

/// How a leaf's value is shown: its registry unit (SI) in the chosen display unit.
Conversion displayConversion(const Node& n)
{
    return DisplayUnits::current().conversion(n.info.unit);
}

bool isConverted(const Node& n)
{
    return quantityOf(n.info.unit).has_value() && displayConversion(n).factor != 1.0;
}

/// The row label: the path without the objects the section already names ("wheels[*].suspension.",
/// "drive.engine."), but keeping list elements for context ("antiRollBars[1].stiffness").
std::string shortLabel(const std::string& path)
{
    const auto dot = path.rfind('.');
    if (dot == std::string::npos)
        return path;
    const std::string prefix = path.substr(0, dot);
    const bool inListElement = prefix.find('[') != std::string::npos && !config::param::wheels::list.contains(prefix);
    return inListElement ? path : path.substr(dot + 1);
}

/// Registry path with the wheel index replaced by [*]; "" when the path is not per wheel.
std::string wheelPattern(const std::string& path, int& wheel)
{
    const std::optional<std::size_t> index = config::param::wheels::wheelIndex(path);
    if (!index)
        return {};
    wheel = static_cast<int>(*index);
    return config::param::wheels::wheelPattern(path);
}

/// A typical-range bound in the display unit to 4 significant digits, without an exponent
/// ("-2.865", "11459"): a rough guide, read at a glance, needs no more.
QString typicalText(const Node& n, double si)
{
    const double v = displayConversion(n).toDisplay(si);
    if (v == 0.0 || !std::isfinite(v))
        return QString::number(v);
    const int decimals = std::clamp(3 - static_cast<int>(std::floor(std::log10(std::fabs(v)))), 0, 6);
    QString s = QString::number(v, 'f', decimals);
    while (s.contains('.') && (s.endsWith('0') || s.endsWith('.')))
        s.chop(1);
    return s;
}

/// The hard limits in the display unit ("> 0 mm"), "" when unbounded.
QString limitsText(const Node& n)
{
    const config::Limits& l = n.info.hard;
    if (!std::isfinite(l.min) && !std::isfinite(l.max))
        return {};
    const Conversion c = displayConversion(n);
    // Ten significant digits: pi/2 rad reads 90 °, not 90.00000000000001.
    const auto shownLimit = [&c](double v) { return std::isfinite(v) ? QString::number(c.toDisplay(v), 'g', 10).toDouble() : v; };
    config::Limits shown = l;
    shown.min = shownLimit(l.min);
    shown.max = shownLimit(l.max);
    const QString text = QString::fromStdString(shown.describe());
    return c.label.isEmpty() ? text : text + " " + c.label;
}

/// The edit session names a refused leaf by its path ("wheels[0].suspension.springStrength: must
/// be > 0, got -5"); the editor shows the refusal at the cell, so the path of one of its own edits
/// is dropped ("must be > 0, got -5"). Other refusals (a relation's "POINTER: reason") stay whole.
QString withoutEditPath(const QString& refusal, const config::EditList& edits)
{
    for (const config::Edit& e : edits) {
        const QString prefix = QString::fromStdString(e.path) + QStringLiteral(": ");
        if (refusal.startsWith(prefix))
            return refusal.mid(prefix.size());
    }
    return refusal;
}

}  // namespace

ParameterEditor::ParameterEditor(QWidget* parent) : QWidget(parent)
{
    search_ = new QLineEdit(this);
    search_->setPlaceholderText(tr("Search parameters (name or meaning)…"));
    search_->setClearButtonEnabled(true);
    connect(search_, &QLineEdit::textChanged, this, &ParameterEditor::setFilter);

    linkBox_ = new QComboBox(this);
    linkBox_->addItem(tr("No link"), int(Link::None));
    linkBox_->addItem(tr("Left = right"), int(Link::LeftRight));
    linkBox_->addItem(tr("Whole axle"), int(Link::Axle));
    linkBox_->addItem(tr("All wheels"), int(Link::AllWheels));
    linkBox_->setToolTip(tr("Per-wheel edits, typed here or made in the curve editor, also set the linked wheels "
                            "in the same undo step; on the other side lateral (y) positions and directions, camber "
                            "and toe (static and compliance graphs) are negated, everything else is copied"));
    connect(linkBox_, &QComboBox::currentIndexChanged, this, [this](int) {
        link_ = Link(linkBox_->currentData().toInt());
        emit linkChanged(link_);
    });

    tree_ = new QTreeWidget(this);
    tree_->setItemDelegate(new ParameterDelegate(
        tree_, [this](QTreeWidgetItem* item, int column, const QString& text) { previewEdit(item, column, text); }));
    tree_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                           QAbstractItemView::AnyKeyPressed);
    tree_->setSelectionBehavior(QAbstractItemView::SelectItems);
    tree_->setUniformRowHeights(true);
    tree_->setAlternatingRowColors(true);
    // A long name keeps its start and end ("antiRollBars[1]…stiffness"); tooltips have it whole.
    tree_->setTextElideMode(Qt::ElideMiddle);
    // Columns fit the dock as it is resized, until a column is widened by hand.
    connect(tree_->header(), &QHeaderView::sectionResized, this, [this] { userSizedColumns_ = userSizedColumns_ || !fitting_; });
    connect(tree_, &QTreeWidget::itemChanged, this, &ParameterEditor::itemChanged);
    connect(tree_, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem* item, int column) {
        Row* row = rowOf(item);
        if (!row || column != wheelCount_ + 3 || item->text(column).isEmpty() || !apply_)
            return;
        // One-click revert of this row to the file's values.
        config::EditList edits;
        const auto& reg = config::ParameterRegistry::instance();
        for (const std::string& p : row->paths)
            if (auto v = reg.get(saved_, p))
                edits.push_back({p, *v});
        const QString err = apply_(edits, tr("Revert %1").arg(QString::fromStdString(row->label)));
        if (!err.isEmpty())
            emit message(err);
    });
    connect(tree_, &QTreeWidget::currentItemChanged, this, [this] { emit selectionChanged(selectedPath()); });
    // Units, limits, typical ranges and values all change with the display units: rebuild.
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, &ParameterEditor::rebuild);

    auto* top = new QHBoxLayout();
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(search_, 1);
    top->addWidget(linkBox_);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(top);
    layout->addWidget(tree_, 1);
}

void ParameterEditor::setVehicle(const VehicleConfig& current, const VehicleConfig& saved, const Problems& problems)
{
    current_ = current;
    saved_ = saved;
    problems_ = problems;
    // The rows depend on which parameters exist: rebuild only when that changes.
    std::string key;
    for (const config::LeafRef& leaf : config::ParameterRegistry::instance().leaves(current))
        key += leaf.path + "\n";
    if (key != structureKey_ || static_cast<int>(current.wheels.size()) != wheelCount_) {
        structureKey_ = key;
        rebuild();
    } else {
        updateValues();
    }
}

void ParameterEditor::rebuild()
{
    const QString selected = selectedPath();
    updating_ = true;
    tree_->clear();
    rows_.clear();
    derived_.clear();
    wheelCount_ = static_cast<int>(current_.wheels.size());
    setHeaders();
    groupRows();
    std::map<std::string, QTreeWidgetItem*> sections = addRowItems();
    // Derived suspension values, read-only, beside the suspension section.
    if (QTreeWidgetItem* susp = sections["PxVehicleSuspensionData"])
        addDerivedItems(susp);
    tree_->header()->setSectionResizeMode(QHeaderView::Interactive);
    tree_->header()->setStretchLastSection(false);
    updating_ = false;
    updateValues();
    fitColumns();
    setFilter(search_->text());
    if (!selected.isEmpty())
        selectParameter(selected);
}

void ParameterEditor::fitColumns()
{
    if (userSizedColumns_)
        return;
    fitting_ = true;
    fitParameterColumns(*tree_, wheelCount_);
    fitting_ = false;
}

void ParameterEditor::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    fitColumns();
}

void ParameterEditor::setHeaders()
{
    QStringList headers{tr("Parameter")};
    for (int w = 0; w < wheelCount_; ++w)
        headers << QString::fromStdString(telemetry::wheelLabel(w));
    headers << tr("Unit") << tr("Typical") << tr("File");
    tree_->setColumnCount(static_cast<int>(headers.size()));
    tree_->setHeaderLabels(headers);
    tree_->headerItem()->setToolTip(1, tr("Per-wheel values, or the value of a vehicle-wide parameter"));
    tree_->headerItem()->setToolTip(wheelCount_ + 3, tr("↺: differs from the file; click to revert"));
    for (int w = 0; w < wheelCount_; ++w)
        tree_->headerItem()->setForeground(1 + w, wheelColor(w));
}

void ParameterEditor::groupRows()
{
    // One row per per-wheel pattern, one row per other leaf.
    std::map<std::string, std::size_t> patternRow;
    for (const config::LeafRef& leaf : config::ParameterRegistry::instance().leaves(current_)) {
        int wheel = -1;
        const std::string pattern = wheelPattern(leaf.path, wheel);
        if (!pattern.empty()) {
            auto it = patternRow.find(pattern);
            if (it == patternRow.end()) {
                Row r;
                r.node = leaf.node;
                r.perWheel = true;
                r.label = shortLabel(pattern);
                r.paths.assign(std::size_t(wheelCount_), {});
                rows_.push_back(r);
                it = patternRow.emplace(pattern, rows_.size() - 1).first;
            }
            rows_[it->second].paths[std::size_t(wheel)] = leaf.path;
        } else {
            Row r;
            r.node = leaf.node;
            r.label = shortLabel(leaf.path);
            r.paths = {leaf.path};
            rows_.push_back(r);
        }
    }
}

std::map<std::string, QTreeWidgetItem*> ParameterEditor::addRowItems()
{
    std::map<std::string, QTreeWidgetItem*> sections;
    QFont sectionFont = tree_->font();
    sectionFont.setBold(true);
    for (Row& r : rows_) {
        const std::string& section = r.node->info.section;
        QTreeWidgetItem*& parent = sections[section];
        if (!parent) {
            parent = new QTreeWidgetItem(tree_, QStringList{QString::fromStdString(section)});
            parent->setFont(0, sectionFont);
            parent->setFirstColumnSpanned(true);
            parent->setExpanded(true);
            parent->setToolTip(0, tr("Tuning guide section %1 (spec %2)")
                                      .arg(QString::fromStdString(section), QString::fromStdString(r.node->info.specRef)));
        }
        r.item = new QTreeWidgetItem(parent, QStringList{QString::fromStdString(r.label)});
        const QString tip = rowToolTip(r);
        for (int c = 0; c < tree_->columnCount(); ++c)
            r.item->setToolTip(c, tip);
        r.item->setFlags(r.item->flags() | Qt::ItemIsEditable);
        // The vehicle's name and description: across the wheel columns, which hold nothing else here.
        if (!r.perWheel && r.node->kind == NodeKind::Text && wheelCount_ > 0)
            r.item->setData(1, kSpanToColumnRole, wheelCount_);
        r.item->setText(wheelCount_ + 1, displayConversion(*r.node).label);
        const config::ParamInfo& info = r.node->info;
        if (info.hasTypicalRange())
            r.item->setText(wheelCount_ + 2, typicalText(*r.node, info.typicalMin) + " … " + typicalText(*r.node, info.typicalMax));
    }
    return sections;
}

QString ParameterEditor::rowToolTip(const Row& r) const
{
    const config::ParamInfo& info = r.node->info;
    QString tip = QString("<b>%1</b><br>%2").arg(QString::fromStdString(r.perWheel ? config::param::wheels::wheelPattern(r.paths.front()) : r.paths.front()).toHtmlEscaped(),
                                                  QString::fromStdString(info.description).toHtmlEscaped());
    const QString unit = displayConversion(*r.node).label;
    if (!unit.isEmpty())
        tip += isConverted(*r.node) ? tr("<br>Unit: %1 (stored in %2; Edit ▸ Preferences chooses)")
                                          .arg(unit.toHtmlEscaped(), QString::fromStdString(info.unit).toHtmlEscaped())
                                    : tr("<br>Unit: %1").arg(unit.toHtmlEscaped());
    if (!limitsText(*r.node).isEmpty())
        tip += tr("<br>Limits: %1").arg(limitsText(*r.node).toHtmlEscaped());
    if (info.hasTypicalRange())
        tip += tr("<br>Typical: %1 to %2").arg(formatValue(*r.node, info.typicalMin), formatValue(*r.node, info.typicalMax));
    tip += tr("<br>Guide section: %1 (spec %2)").arg(QString::fromStdString(info.section), QString::fromStdString(info.specRef));
    if (!r.node->enumValues.empty()) {
        QStringList values;
        for (const std::string& v : r.node->enumValues)
            values << QString::fromStdString(v);
        tip += tr("<br>Values: %1").arg(values.join(", "));
    }
    return tip;
}

QString ParameterEditor::formatValue(const Node& node, const Json& value) const
{
    if (value.is_number()) {
        const double v = displayConversion(node).toDisplay(value.get<double>());
        if (node.kind == NodeKind::Integer)
            return QString::number(static_cast<long long>(v));
        return QString::number(v, 'g', 7);
    }
    if (value.is_boolean())
        return value.get<bool>() ? "true" : "false";
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    return {};
}

void ParameterEditor::updateValues()
{
    updating_ = true;
    const auto& reg = config::ParameterRegistry::instance();
    std::map<std::string, bool> errorAt;
    for (const Problem& p : problems_.items)
        if (p.severity == Severity::Error)
            errorAt[p.pointer] = true;
    for (Row& r : rows_) {
        bool differs = false;
        for (std::size_t k = 0; k < r.paths.size(); ++k) {
            const int column = 1 + int(k);
            const std::string& path = r.paths[k];
            if (path.empty())
                continue;
            const std::optional<Json> v = reg.get(current_, path);
            const std::optional<Json> s = reg.get(saved_, path);
            if (!v)
                continue;
            r.item->setText(column, formatValue(*r.node, *v));
            if (!v->is_number())  // a name or description, elided where it is long: whole here
                r.item->setToolTip(column, "<b>" + formatValue(*r.node, *v).toHtmlEscaped() + "</b><br>" + rowToolTip(r));
            const bool changed = !s || *s != *v;
            differs = differs || changed;
            QFont f = r.item->font(column);
            f.setBold(changed);
            r.item->setFont(column, f);
            QColor background;
            const config::ParamInfo& info = r.node->info;
            if (errorAt.count(config::ParameterRegistry::pathToPointer(path)))
                background = kInvalid;
            else if (v->is_number() && info.hasTypicalRange() &&
                     (v->get<double>() < info.typicalMin || v->get<double>() > info.typicalMax))
                background = kAmber;
            r.item->setBackground(column, background.isValid() ? QBrush(background) : QBrush());
        }
        r.item->setText(wheelCount_ + 3, differs ? QStringLiteral("↺") : QString());
    }
    updating_ = false;
    updateDerived(current_);
}

ParameterEditor::Row* ParameterEditor::rowOf(QTreeWidgetItem* item)
{
    for (Row& r : rows_)
        if (r.item == item)
            return &r;
    return nullptr;
}

QString ParameterEditor::commit(Row& row, int column, const QString& text)
{
    const Node& node = *row.node;
    const std::size_t k = std::size_t(column - 1);
    if (k >= row.paths.size() || row.paths[k].empty())
        return tr("Not an editable cell");
    Json value;
    QString t = text.trimmed();
    const Conversion shown = displayConversion(node);
    if (!shown.label.isEmpty() && t.endsWith(shown.label))
        t.chop(shown.label.size());
    t = t.trimmed();
    switch (node.kind) {
    case NodeKind::Number:
    case NodeKind::Integer: {
        const std::optional<double> typed = parseNumber(t);
        if (!typed)
            return tr("'%1' is not a number").arg(text);
        const double v = shown.fromDisplay(*typed);  // typed in the display unit, stored SI
        value = node.kind == NodeKind::Integer ? Json(static_cast<long long>(std::llround(v))) : Json(v);
        if (node.kind == NodeKind::Integer && std::floor(v) != v)
            return tr("'%1' is not a whole number").arg(text);
        break;
    }
    case NodeKind::Boolean:
        if (t != "true" && t != "false")
            return tr("write true or false");
        value = t == "true";
        break;
    default: value = t.toStdString(); break;
    }
    // The value's type and limits are checked by the document's edit session, with the relations.
    // Per-wheel edits extend to the linked wheels, mirrored across sides (config/WheelLink.h).
    const config::EditList edits = config::linkEdits(current_, {{row.paths[k], value}}, link_);
    if (!apply_)
        return tr("read-only");
    return withoutEditPath(apply_(edits, QString()), edits);
}

void ParameterEditor::itemChanged(QTreeWidgetItem* item, int column)
{
    if (updating_)
        return;
    Row* row = rowOf(item);
    if (!row || column < 1 || column > wheelCount_)
        return;
    const QString err = commit(*row, column, item->text(column));
    if (!err.isEmpty()) {
        emit message(tr("%1: refused: %2").arg(QString::fromStdString(row->label), err));
        const QRect rect = tree_->visualItemRect(item);
        QToolTip::showText(tree_->viewport()->mapToGlobal(rect.bottomLeft()), tr("Refused: %1").arg(err), tree_);
    }
    updateValues();  // show the value in force (the old one when refused)
}

void ParameterEditor::previewEdit(QTreeWidgetItem* item, int column, const QString& text)
{
    Row* row = rowOf(item);
    // Suspension edits change the derived rows (natural frequency, damping ratio): preview them.
    static const config::Node* const suspension =
        config::ParameterRegistry::instance().findNode(config::param::wheels::suspension::object.str());
    if (!row || !row->perWheel || row->node->parent != suspension)
        return;
    const std::optional<double> typed = parseNumber(text);
    if (!typed)
        return;
    const double v = displayConversion(*row->node).fromDisplay(*typed);
    VehicleConfig preview = current_;
    if (config::ParameterRegistry::instance().set(preview, row->paths[std::size_t(column - 1)], v).empty())
        updateDerived(preview);
}

QString ParameterEditor::editCell(const QString& path, const QString& text)
{
    if (!selectParameter(path))
        return tr("no parameter %1").arg(path);
    QTreeWidgetItem* item = tree_->currentItem();
    Row* row = rowOf(item);
    const QString err = commit(*row, tree_->currentColumn(), text);
    if (!err.isEmpty())
        emit message(tr("%1: refused: %2").arg(QString::fromStdString(row->label), err));
    updateValues();
    return err;
}

QString ParameterEditor::displayText(const QString& path) const
{
    const std::string p = path.startsWith('/') ? config::ParameterRegistry::pointerToPath(path.toStdString()) : path.toStdString();
    for (const Row& r : rows_)
        for (std::size_t k = 0; k < r.paths.size(); ++k)
            if (r.paths[k] == p)
                return r.item->text(int(k) + 1);
    return {};
}

bool ParameterEditor::selectParameter(const QString& pathOrPointer)
{
    const std::string p = pathOrPointer.startsWith('/') ? config::ParameterRegistry::pointerToPath(pathOrPointer.toStdString())
                                                        : pathOrPointer.toStdString();
    // Exact leaf first, then the first leaf below a pointer to an object or list.
    for (int pass = 0; pass < 2; ++pass) {
        for (Row& r : rows_) {
            for (std::size_t k = 0; k < r.paths.size(); ++k) {
                const std::string& rp = r.paths[k];
                const bool match = pass == 0 ? rp == p
                                             : !p.empty() && rp.rfind(p, 0) == 0 && (rp.size() == p.size() || rp[p.size()] == '.' || rp[p.size()] == '[');
                if (!match)
                    continue;
                if (r.item->isHidden()) {
                    search_->clear();
                }
                tree_->setCurrentItem(r.item, int(k) + 1);
                tree_->scrollToItem(r.item);
                return true;
            }
        }
    }
    return false;
}

QString ParameterEditor::selectedPath() const
{
    QTreeWidgetItem* item = tree_->currentItem();
    for (const Row& r : rows_) {
        if (r.item != item)
            continue;
        const int column = tree_->currentColumn();
        const std::size_t k = column >= 1 && column <= int(r.paths.size()) ? std::size_t(column - 1) : 0;
        return QString::fromStdString(r.paths[k]);
    }
    return {};
}

std::vector<std::string> ParameterEditor::selectedRowPaths() const
{
    QTreeWidgetItem* item = tree_->currentItem();
    for (const Row& r : rows_)
        if (r.item == item)
            return r.paths;
    return {};
}

void ParameterEditor::setLink(Link link)
{
    const int index = linkBox_->findData(int(link));
    linkBox_->setCurrentIndex(index);
    link_ = link;
}

void ParameterEditor::setFilter(const QString& text)
{
    const QString needle = text.trimmed();
    for (int s = 0; s < tree_->topLevelItemCount(); ++s) {
        QTreeWidgetItem* section = tree_->topLevelItem(s);
        bool any = false;
        for (int i = 0; i < section->childCount(); ++i) {
            QTreeWidgetItem* item = section->child(i);
            const bool show = needle.isEmpty() || item->text(0).contains(needle, Qt::CaseInsensitive) ||
                              item->toolTip(0).contains(needle, Qt::CaseInsensitive);
            item->setHidden(!show);
            any = any || show;
        }
        section->setHidden(!any);
    }
}

}  // namespace jounce::widgets
