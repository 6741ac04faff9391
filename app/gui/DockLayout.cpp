#include "DockLayout.h"

#include "SimulationDock.h"

#include "widgets/CurveEditor.h"
#include "widgets/DoctorPanel.h"
#include "widgets/ParameterEditor.h"
#include "widgets/ProblemsPanel.h"
#include "widgets/VehicleView.h"
#include "widgets/XYPlotPair.h"

#include <QDockWidget>
#include <QGuiApplication>
#include <QMainWindow>
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

DockLayout::DockLayout(QMainWindow& window, const Panels& panels) : QObject(&window), window_(window)
{
    QDockWidget* params = addDock(tr("Parameters"), "ParametersDock", panels.parameters, Qt::LeftDockWidgetArea);
    // In a scroll area: on a small screen the controls scroll rather than squash.
    auto* simScroll = new QScrollArea(&window_);
    simScroll->setWidget(panels.simulation);
    simScroll->setWidgetResizable(true);
    simScroll->setFrameShape(QFrame::NoFrame);
    simScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    QDockWidget* simDock = addDock(tr("Simulation"), "SimulationDock", simScroll, Qt::RightDockWidgetArea);
    QDockWidget* viewDock = addDock(tr("Vehicle view"), "VehicleViewDock", panels.vehicleView, Qt::RightDockWidgetArea);
    QDockWidget* curvesDock = addDock(tr("Curves"), "CurvesDock", panels.curves, Qt::LeftDockWidgetArea);
    window_.splitDockWidget(params, curvesDock, Qt::Vertical);
    QDockWidget* problemsDock = addDock(tr("Problems"), "ProblemsDock", panels.problems, Qt::BottomDockWidgetArea);
    QDockWidget* doctorDock = addDock(tr("Doctor"), "DoctorDock", panels.doctor, Qt::BottomDockWidgetArea);
    // The tabs carry the panels' counts ("Doctor · 1 error"): a new error shows without opening the tab.
    connect(panels.problems, &widgets::ProblemsPanel::titleChanged, problemsDock, &QDockWidget::setWindowTitle);
    connect(panels.doctor, &widgets::DoctorPanel::titleChanged, doctorDock, &QDockWidget::setWindowTitle);
    problemsDock->setWindowTitle(panels.problems->title());
    doctorDock->setWindowTitle(panels.doctor->title());
    // The X–Y plots beside the problems and findings, not a tab of them: the g–g diagram stays in view.
    QDockWidget* xyDock = addDock(tr("X–Y plots"), "XYPlotsDock", panels.xyPlots, Qt::BottomDockWidgetArea);
    window_.splitDockWidget(problemsDock, xyDock, Qt::Horizontal);
    window_.tabifyDockWidget(problemsDock, doctorDock);
    QDockWidget* histogramsDock = addDock(tr("Histograms"), "HistogramsDock", panels.histograms, Qt::BottomDockWidgetArea);
    window_.tabifyDockWidget(doctorDock, histogramsDock);
    problemsDock->raise();
    window_.splitDockWidget(simDock, viewDock, Qt::Vertical);
}

QDockWidget* DockLayout::addDock(const QString& title, const QString& objectName, QWidget* content,
                                 Qt::DockWidgetArea area)
{
    auto* dock = new QDockWidget(title, &window_);
    dock->setObjectName(objectName);
    dock->setWidget(content);
    window_.addDockWidget(area, dock);
    return dock;
}

QDockWidget* DockLayout::dock(const char* objectName) const
{
    return window_.findChild<QDockWidget*>(QString::fromLatin1(objectName));
}

QRect DockLayout::defaultGeometry(const QRect& available)
{
    return fittedGeometry(available, kPreferredSize);
}

QRect DockLayout::fittedGeometry(const QRect& available, QSize preferred)
{
    const QSize room = available.size() - kFrameAllowance;
    const QSize size(std::min(preferred.width(), room.width()), std::min(preferred.height(), room.height()));
    QRect r(QPoint(0, 0), size);
    r.moveCenter(available.center());
    r.moveTop(std::max(available.top() + kFrameAllowance.height() - 8, r.top()));
    return r;
}

void DockLayout::applyDefault(const QRect& available)
{
    window_.restoreState(defaultState_);
    for (QDockWidget* dock : window_.findChildren<QDockWidget*>()) {
        dock->setFloating(false);
        dock->show();
    }
    window_.setGeometry(defaultGeometry(available));
    // Once the window has its new size laid out: dock sizes given before that are rescaled.
    QTimer::singleShot(0, this, &DockLayout::layoutDockSizes);
}

void DockLayout::applyDefaultOnScreen()
{
    const QScreen* shownOn = window_.screen() ? window_.screen() : QGuiApplication::primaryScreen();
    applyDefault(shownOn ? shownOn->availableGeometry() : QRect(0, 0, 1366, 768));
}

void DockLayout::layoutDockSizes()
{
    QDockWidget* params = dock("ParametersDock");
    QDockWidget* curves = dock("CurvesDock");
    QDockWidget* simDock = dock("SimulationDock");
    QDockWidget* view = dock("VehicleViewDock");
    QDockWidget* problems = dock("ProblemsDock");
    const int w = window_.width();
    const int h = window_.height();
    // Left: the parameter table with its name column and four wheel columns (about 470 px; on a
    // large screen its unit and typical columns too) and the curve editor; right: the simulation
    // controls and the vehicle view; the telemetry keeps the rest, at least 40 % of the width.
    const int left = std::clamp(w * 38 / 100, 470, 720);
    const int right = std::clamp(w * 22 / 100, 330, 480);
    window_.resizeDocks({params, simDock}, {left, right}, Qt::Horizontal);
    // Bottom: five rows of problems or findings under the dock's title, summary and tabs.
    const int bottom = std::clamp(h * 24 / 100, 175, 260);
    window_.resizeDocks({problems}, {bottom}, Qt::Vertical);
    // Beside them the X–Y plots: a square g–g diagram as wide as the dock is high, and the four
    // friction circles in a row twice as wide (each circle over 60 px at 1366×768).
    QDockWidget* xy = dock("XYPlotsDock");
    const int xyWidth = std::min(std::max(640, 3 * bottom + 40), w / 2);
    window_.resizeDocks({problems, xy}, {w - xyWidth, xyWidth}, Qt::Horizontal);
    const int column = h - bottom;
    window_.resizeDocks({params, curves}, {column * 52 / 100, column * 48 / 100}, Qt::Vertical);
    // The simulation dock keeps what its controls and status need (a minimum the dock layout
    // honours, unlike a size hint); on a very small screen it scrolls. The view gets the rest.
    auto* simScroll = qobject_cast<QScrollArea*>(simDock->widget());
    // Room for the status lines and a three-figure summary, which fill in as the simulation runs.
    const int lines = simScroll->fontMetrics().lineSpacing() * 5;
    const int viewRoom = view->minimumSizeHint().height() + 2 * window_.fontMetrics().height() + 32;  // + two dock titles
    const int simHeight = std::min(simScroll->widget()->sizeHint().height() + lines, column - viewRoom);
    simScroll->setMinimumHeight(simHeight);
    window_.resizeDocks({simDock, view}, {simHeight, column - simHeight}, Qt::Vertical);
}

void DockLayout::placeOnScreen()
{
    const QScreen* shownOn = window_.screen() ? window_.screen() : QGuiApplication::primaryScreen();
    const QRect available = shownOn ? shownOn->availableGeometry() : QRect(0, 0, 1366, 768);
    defaultState_ = window_.saveState();
    const QSettings settings;
    const QByteArray geometry = settings.value("window/geometry").toByteArray();
    if (geometry.isEmpty() || !window_.restoreGeometry(geometry) ||
        !available.contains(window_.frameGeometry().adjusted(8, 8, -8, -8))) {
        // First start, or the saved window no longer fits this screen: the default layout.
        window_.setGeometry(defaultGeometry(available));
        pendingDockSizes_ = true;
        return;
    }
    if (!window_.restoreState(settings.value("window/state").toByteArray()))
        pendingDockSizes_ = true;
}

void DockLayout::windowShown()
{
    if (pendingDockSizes_) {
        pendingDockSizes_ = false;
        // After the first layout pass, when the docks have their places: sizes before that are lost.
        QTimer::singleShot(0, this, &DockLayout::layoutDockSizes);
    }
}

void DockLayout::save() const
{
    QSettings settings;
    settings.setValue("window/geometry", window_.saveGeometry());
    settings.setValue("window/state", window_.saveState());
}

}  // namespace jounce::gui
