#include "ParameterColumns.h"

#include "ParameterDelegate.h"

#include <QHeaderView>
#include <QTreeWidget>
#include <QTreeWidgetItemIterator>

#include <algorithm>
#include <numeric>
#include <vector>

namespace jounce::widgets {
namespace {

/// The width each column's texts need (the name column with its indentation), header included.
std::vector<int> contentWidths(const QTreeWidget& tree)
{
    const int columns = tree.columnCount();
    constexpr int kPadding = 12;  // the delegate's margins either side, and a little air
    std::vector<int> need(std::size_t(columns), 0);
    const QFontMetrics header(tree.header()->font());
    for (int c = 0; c < columns; ++c)
        need[std::size_t(c)] = header.horizontalAdvance(tree.headerItem()->text(c)) + kPadding;
    for (QTreeWidgetItemIterator it(const_cast<QTreeWidget*>(&tree)); *it; ++it) {
        const QTreeWidgetItem* item = *it;
        if (item->isFirstColumnSpanned())
            continue;  // a section's name spans the row
        int depth = 1;  // the root decoration
        for (const QTreeWidgetItem* p = item->parent(); p; p = p->parent())
            ++depth;
        for (int c = 0; c < columns; ++c) {
            if (item->data(c, kSpanToColumnRole).isValid())
                continue;  // runs across the wheel columns, elided at the end
            const QFontMetrics fm(item->font(c));
            const int indent = c == 0 ? depth * tree.indentation() : 0;
            need[std::size_t(c)] = std::max(need[std::size_t(c)], fm.horizontalAdvance(item->text(c)) + indent + kPadding);
        }
    }
    return need;
}

}  // namespace

void fitParameterColumns(QTreeWidget& tree, int wheelCount)
{
    const int columns = tree.columnCount();
    if (columns < wheelCount + 4)
        return;
    const std::vector<int> need = contentWidths(tree);
    const int unit = wheelCount + 1, typical = wheelCount + 2, file = wheelCount + 3;
    // Every column starts at a floor (or less where its texts need less) and grows towards what
    // its texts need, while there is room: the unit and the typical range (short texts), then
    // the name, then the wheel values.
    std::vector<int> width(static_cast<std::size_t>(columns), 0);
    const auto at = [&](int c) -> int& { return width[std::size_t(c)]; };
    for (int c = 0; c < columns; ++c)
        at(c) = std::min(need[std::size_t(c)], c == 0 ? 150 : c == unit ? 40 : c == typical ? 80 : 56);
    at(file) = 30;
    int room = tree.viewport()->width();
    for (int c = 0; c < columns; ++c)
        room -= at(c);
    // Too narrow for every column at its floor (a 1366-pixel screen): the name and the wheel
    // values share the view, the unit, typical range and file columns scroll into it.
    const bool coreOnly = room < 0;
    if (coreOnly)
        room = tree.viewport()->width() - std::accumulate(width.begin(), width.begin() + wheelCount + 1, 0);
    const auto grow = [&](int c, int target) {
        if (coreOnly && c > wheelCount)
            return;
        const int add = std::clamp(std::min(need[std::size_t(c)], target) - at(c), 0, std::max(0, room));
        at(c) += add;
        room -= add;
    };
    grow(unit, 80);
    grow(typical, 170);
    grow(0, 300);
    for (int target : {72, 110})
        for (int c = 1; c <= wheelCount; ++c)
            grow(c, target);
    for (int c = 0; c < columns; ++c)
        tree.setColumnWidth(c, at(c));
}

}  // namespace jounce::widgets
