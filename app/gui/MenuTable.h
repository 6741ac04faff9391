#pragma once
// Menus as data: a window's menu bar is a table of rows, each naming its menu, text, shortcuts,
// tooltip, object name (what tests and scripts find an action by) and what it does, so the whole
// bar reads in one place. Actions that carry state of their own (undo, a dock's toggle, Run with
// its enabled state) are made by their owners and listed in the table as they are.

#include <QAction>
#include <QHash>
#include <QKeySequence>
#include <QList>
#include <QString>

#include <functional>
#include <vector>

QT_BEGIN_NAMESPACE
class QActionGroup;
class QMenu;
class QMenuBar;
QT_END_NAMESPACE

namespace jounce::gui {

/// One row of a menu table (fill it with designated initializers, naming only what it needs).
/// A row with `action` adds that action (and gives it `shortcuts` when there are any); one with
/// `submenu` adds a submenu called `text` that the function fills; one with a `text` is a new
/// action; an empty row is a separator.
struct MenuRow {
    QString menu = {};  ///< the menu bar's menu ("&File"); not used for the rows of a submenu
    QString text = {};
    QList<QKeySequence> shortcuts = {};
    QString tooltip = {};
    QString objectName = {};  ///< of the action, or of the submenu
    std::function<void()> triggered = {};
    bool checkable = false;
    bool checked = false;  ///< the state a checkable action starts in (before `toggled` is connected)
    std::function<void(bool)> toggled = {};
    QActionGroup* group = nullptr;  ///< exclusive checkable actions share one
    QAction::MenuRole role = QAction::TextHeuristicRole;
    std::function<void(QMenu*)> submenu = {};
    QAction* action = nullptr;
};

/// Adds `rows` to `menu` in order; `context` is the receiver of their handlers (they are
/// disconnected when it is destroyed).
void addMenuRows(QMenu* menu, QObject* context, const std::vector<MenuRow>& rows);

/// Adds `rows` to `bar`, each menu created where it is first named; returns the menus by title.
QHash<QString, QMenu*> addMenuBarRows(QMenuBar* bar, QObject* context, const std::vector<MenuRow>& rows);

}  // namespace jounce::gui
