#pragma once
// The parameter tree's cells: line editors that report what is typed, so derived values follow
// the keyboard; and a vehicle-wide text value (the vehicle's name and description) shown and
// edited across its row's wheel columns, which hold nothing else there: in one wheel column,
// elided in the middle, "Family hatchback on Magic Formula tires" read "Fa…es". What still does
// not fit keeps its start; the tooltip has it whole.

#include <QStyledItemDelegate>

#include <functional>

QT_BEGIN_NAMESPACE
class QTreeWidget;
class QTreeWidgetItem;
QT_END_NAMESPACE

namespace jounce::widgets {

/// Set on column 1 of a row whose value runs across the wheel columns: the last column it covers.
inline constexpr int kSpanToColumnRole = Qt::UserRole + 1;

class ParameterDelegate final : public QStyledItemDelegate {
public:
    /// Told of each change of an editor's text as it is typed (the cell's item and column).
    using Typed = std::function<void(QTreeWidgetItem* item, int column, const QString& text)>;
    ParameterDelegate(QTreeWidget* tree, Typed typed);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;
    void updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    bool helpEvent(QHelpEvent* event, QAbstractItemView* view, const QStyleOptionViewItem& option,
                   const QModelIndex& index) override;

private:
    /// The cell whose value `index` shows: column 1 for every cell of a span, else `index` itself.
    QModelIndex valueCell(const QModelIndex& index) const;
    /// The viewport rectangle of the span that `value` (a valueCell) heads; empty when none.
    QRect spanRect(const QModelIndex& value) const;

    QTreeWidget* tree_;
    Typed typed_;
};

}  // namespace jounce::widgets
