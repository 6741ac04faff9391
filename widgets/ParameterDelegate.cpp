#include "ParameterDelegate.h"

#include <QApplication>
#include <QItemSelectionModel>
#include <QLineEdit>
#include <QPainter>
#include <QTreeWidget>

namespace jounce::widgets {

ParameterDelegate::ParameterDelegate(QTreeWidget* tree, Typed typed)
    : QStyledItemDelegate(tree), tree_(tree), typed_(std::move(typed))
{
}

QModelIndex ParameterDelegate::valueCell(const QModelIndex& index) const
{
    if (index.column() < 1)
        return index;
    const QModelIndex first = index.siblingAtColumn(1);
    const int last = first.data(kSpanToColumnRole).toInt();
    return index.column() <= last ? first : index;
}

QRect ParameterDelegate::spanRect(const QModelIndex& value) const
{
    const int last = value.data(kSpanToColumnRole).toInt();
    QRect r;
    for (int c = value.column(); c <= last; ++c)
        r = r.united(tree_->visualRect(value.siblingAtColumn(c)));
    return r;
}

void ParameterDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QModelIndex value = valueCell(index);
    const QRect span = spanRect(value);
    if (span.isEmpty()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    // The span drawn as one cell, each cell painting its own part: the view repaints cells alone.
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, value);
    opt.rect = span;
    opt.textElideMode = Qt::ElideRight;
    const int last = value.data(kSpanToColumnRole).toInt();
    bool selected = false;
    for (int c = 1; c <= last; ++c)
        selected = selected || tree_->selectionModel()->isSelected(value.siblingAtColumn(c));
    opt.state.setFlag(QStyle::State_Selected, selected);
    const QModelIndex current = tree_->currentIndex();
    opt.state.setFlag(QStyle::State_HasFocus, tree_->hasFocus() && valueCell(current) == value);
    painter->save();
    painter->setClipRect(option.rect, Qt::IntersectClip);
    const QStyle* style = opt.widget ? opt.widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, opt.widget);
    painter->restore();
}

QWidget* ParameterDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QModelIndex value = valueCell(index);
    QWidget* w = QStyledItemDelegate::createEditor(parent, option, value);
    if (auto* line = qobject_cast<QLineEdit*>(w)) {
        QTreeWidgetItem* item = tree_->itemFromIndex(value);
        const int column = value.column();
        QObject::connect(line, &QLineEdit::textEdited, tree_,
                         [this, item, column](const QString& text) { typed_(item, column, text); });
    }
    return w;
}

void ParameterDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const
{
    QStyledItemDelegate::setEditorData(editor, valueCell(index));
}

void ParameterDelegate::setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const
{
    QStyledItemDelegate::setModelData(editor, model, valueCell(index));
}

void ParameterDelegate::updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QModelIndex value = valueCell(index);
    QStyleOptionViewItem opt = option;
    if (const QRect span = spanRect(value); !span.isEmpty())
        opt.rect = span;
    QStyledItemDelegate::updateEditorGeometry(editor, opt, value);
}

bool ParameterDelegate::helpEvent(QHelpEvent* event, QAbstractItemView* view, const QStyleOptionViewItem& option,
                                  const QModelIndex& index)
{
    return QStyledItemDelegate::helpEvent(event, view, option, valueCell(index));
}

}  // namespace jounce::widgets
