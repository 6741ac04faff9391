// The main window's default layout: a window that fits the screen it opens on (down to 1366×768)
// and dock sizes in proportion to it, so that nothing is clipped: the four wheel columns of the
// parameter table, the whole simulation dock with a three-figure summary, five rows of problems.
// View ▸ Reset layout brings it back; a saved layout is restored only as far as it fits.
#include "MainWindow.h"

#include <QComboBox>
#include <QDockWidget>
#include <QGuiApplication>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QTimer>

#include <algorithm>

namespace jounce::gui {
namespace {

/// The window size Jounce prefers on a large screen; smaller screens get all they offer.
constexpr QSize kPreferredSize(1800, 1050);
/// Room left for a window manager's title bar and frame, which geometry() does not include.
constexpr QSize kFrameAllowance(16, 48);

}  // namespace

QRect MainWindow::defaultGeometry(const QRect& available)
{
    const QSize room = available.size() - kFrameAllowance;
    const QSize size(std::min(kPreferredSize.width(), room.width()), std::min(kPreferredSize.height(), room.height()));
    QRect r(QPoint(0, 0), size);
    r.moveCenter(available.center());
    r.moveTop(std::max(available.top() + kFrameAllowance.height() - 8, r.top()));
    return r;
}

void MainWindow::applyDefaultLayout(const QRect& available)
{
    restoreState(defaultState_);
    for (QDockWidget* dock : findChildren<QDockWidget*>()) {
        dock->setFloating(false);
        dock->show();
    }
    setGeometry(defaultGeometry(available));
    // Once the window has its new size laid out: dock sizes given before that are rescaled.
    QTimer::singleShot(0, this, &MainWindow::layoutDockSizes);
}

void MainWindow::layoutDockSizes()
{
    auto dock = [this](const char* name) { return findChild<QDockWidget*>(QString::fromLatin1(name)); };
    QDockWidget* params = dock("ParametersDock");
    QDockWidget* curves = dock("CurvesDock");
    QDockWidget* simDock = dock("SimulationDock");
    QDockWidget* view = dock("VehicleViewDock");
    QDockWidget* problems = dock("ProblemsDock");
    const int w = width();
    const int h = height();
    // Left: the parameter table with its name column and four wheel columns (about 470 px) and
    // the curve editor; right: the simulation controls and the vehicle view; the telemetry keeps
    // the rest, at least 40 % of the width.
    const int left = std::clamp(w * 34 / 100, 470, 720);
    const int right = std::clamp(w * 24 / 100, 330, 480);
    resizeDocks({params, simDock}, {left, right}, Qt::Horizontal);
    // Bottom: five rows of problems or findings under the dock's title, summary and tabs.
    const int bottom = std::clamp(h * 24 / 100, 175, 260);
    resizeDocks({problems}, {bottom}, Qt::Vertical);
    // Beside them the two X–Y plots, square: each as wide as the dock is high, plus the kind combo.
    QDockWidget* xy = dock("XYPlotsDock");
    const int xyWidth = std::min(2 * bottom + 40, w / 2);
    resizeDocks({problems, xy}, {w - xyWidth, xyWidth}, Qt::Horizontal);
    const int column = h - bottom;
    resizeDocks({params, curves}, {column * 52 / 100, column * 48 / 100}, Qt::Vertical);
    // The simulation dock keeps what its controls and status need (a minimum the dock layout
    // honours, unlike a size hint); on a very small screen it scrolls. The view gets the rest.
    auto* simScroll = qobject_cast<QScrollArea*>(simDock->widget());
    // Room for the status lines and a three-figure summary, which fill in as the simulation runs.
    const int lines = simScroll->fontMetrics().lineSpacing() * 5;
    const int viewRoom = view->minimumSizeHint().height() + 2 * fontMetrics().height() + 32;  // + two dock titles
    const int simHeight = std::min(simScroll->widget()->sizeHint().height() + lines, column - viewRoom);
    simScroll->setMinimumHeight(simHeight);
    resizeDocks({simDock, view}, {simHeight, column - simHeight}, Qt::Vertical);
}

void MainWindow::placeOnScreen()
{
    const QScreen* shownOn = screen() ? screen() : QGuiApplication::primaryScreen();
    const QRect available = shownOn ? shownOn->availableGeometry() : QRect(0, 0, 1366, 768);
    defaultState_ = saveState();
    const QSettings settings;
    const QByteArray geometry = settings.value("window/geometry").toByteArray();
    if (geometry.isEmpty() || !restoreGeometry(geometry) || !available.contains(frameGeometry().adjusted(8, 8, -8, -8))) {
        // First start, or the saved window no longer fits this screen: the default layout.
        setGeometry(defaultGeometry(available));
        pendingDockSizes_ = true;
        return;
    }
    if (!restoreState(settings.value("window/state").toByteArray()))
        pendingDockSizes_ = true;
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (pendingDockSizes_) {
        pendingDockSizes_ = false;
        // After the first layout pass, when the docks have their places: sizes before that are lost.
        QTimer::singleShot(0, this, &MainWindow::layoutDockSizes);
    }
}

}  // namespace jounce::gui
