#pragma once
// The workbench's docks around the telemetry and the window's place on the screen: a window that
// fits the screen it opens on (down to 1366×768) and dock sizes in proportion to it, so that
// nothing is clipped: the four wheel columns of the parameter table, the whole simulation dock with
// a three-figure summary, five rows of problems. View ▸ Reset layout brings it back; a saved layout
// is restored only as far as it fits.

#include <QByteArray>
#include <QObject>
#include <QRect>

QT_BEGIN_NAMESPACE
class QDockWidget;
class QMainWindow;
QT_END_NAMESPACE

namespace jounce::widgets {
class CurveEditor;
class DoctorPanel;
class ParameterEditor;
class ProblemsPanel;
class VehicleView;
class XYPlotPair;
}  // namespace jounce::widgets

namespace jounce::gui {

class SimulationDock;

class DockLayout : public QObject {
    Q_OBJECT
public:
    /// The panels the docks hold.
    struct Panels {
        widgets::ParameterEditor* parameters;
        SimulationDock* simulation;
        widgets::VehicleView* vehicleView;
        widgets::CurveEditor* curves;
        widgets::ProblemsPanel* problems;
        widgets::DoctorPanel* doctor;
        widgets::XYPlotPair* xyPlots;
        QWidget* histograms;
    };

    /// Puts the panels in docks of `window`, in their default places.
    DockLayout(QMainWindow& window, const Panels& panels);

    /// The window's default place on a screen with this available area: as large as Jounce
    /// prefers (1800×1050) or as the screen allows, with room for the window frame, centred.
    static QRect defaultGeometry(const QRect& available);
    /// A window of `preferred` size on a screen with this available area, shrunk to leave room for
    /// the window frame, centred (the compare and sweep windows' place too).
    static QRect fittedGeometry(const QRect& available, QSize preferred);
    /// Every dock back in place and sized for the window on this screen area.
    void applyDefault(const QRect& available);
    /// View ▸ Reset layout: the default layout on the screen the window is shown on.
    void applyDefaultOnScreen();
    /// The saved window and docks if they fit the screen, else the default layout (once the
    /// window is shown). Call when the window is complete: the docks as they are become the default.
    void placeOnScreen();
    /// The window was shown: the docks are sized now if they are waiting for it.
    void windowShown();
    /// Saves the window's place and docks for the next start.
    void save() const;

private:
    /// Dock sizes in proportion to the window.
    void layoutDockSizes();
    QDockWidget* addDock(const QString& title, const QString& objectName, QWidget* content, Qt::DockWidgetArea area);
    QDockWidget* dock(const char* objectName) const;

    QMainWindow& window_;
    QByteArray defaultState_;        ///< the docks as built, for View ▸ Reset layout
    bool pendingDockSizes_ = false;  ///< size the docks when the window is first shown
};

}  // namespace jounce::gui
