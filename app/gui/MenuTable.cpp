#include "MenuTable.h"

#include <QActionGroup>
#include <QMenu>
#include <QMenuBar>

namespace jounce::gui {
namespace {

void addRow(QMenu* menu, QObject* context, const MenuRow& row)
{
    if (row.action) {
        if (!row.shortcuts.isEmpty())
            row.action->setShortcuts(row.shortcuts);
        menu->addAction(row.action);
        return;
    }
    if (row.submenu) {
        QMenu* sub = menu->addMenu(row.text);
        sub->setObjectName(row.objectName);
        row.submenu(sub);
        return;
    }
    if (row.text.isEmpty()) {
        menu->addSeparator();
        return;
    }
    QAction* action = menu->addAction(row.text);
    action->setObjectName(row.objectName);
    action->setShortcuts(row.shortcuts);
    action->setToolTip(row.tooltip);
    action->setMenuRole(row.role);
    action->setCheckable(row.checkable);
    action->setChecked(row.checked);
    if (row.group)
        row.group->addAction(action);
    if (row.triggered)
        QObject::connect(action, &QAction::triggered, context, row.triggered);
    if (row.toggled)
        QObject::connect(action, &QAction::toggled, context, row.toggled);
}

}  // namespace

void addMenuRows(QMenu* menu, QObject* context, const std::vector<MenuRow>& rows)
{
    for (const MenuRow& row : rows)
        addRow(menu, context, row);
}

QHash<QString, QMenu*> addMenuBarRows(QMenuBar* bar, QObject* context, const std::vector<MenuRow>& rows)
{
    QHash<QString, QMenu*> menus;
    for (const MenuRow& row : rows) {
        QMenu*& menu = menus[row.menu];
        if (!menu)
            menu = bar->addMenu(row.menu);
        addRow(menu, context, row);
    }
    return menus;
}

}  // namespace jounce::gui
