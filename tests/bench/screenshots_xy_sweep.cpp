// Writes the screenshots of the X–Y plots and the Sweep window into a folder, for a person to look
// at (conventions.md "Quality bar": the GUI is tried for real). Not a test: it checks nothing but
// that each file was written.
//
//   xvfb-run build/tests/bench/screenshots_xy_sweep DIR [xy|sweep]
//
// xy: xy-<kind>.png, every X–Y plot kind after an 11 s drive of the reference car.
// sweep: sweep-1920.png and sweep-1366.png, a 5 x 5 grid of the anti-roll bars' stiffness on the
// skidpad with a point selected, and sweep-tornado-1366.png, its sensitivity study.
// Settings and recovery files go to a temporary folder, not the user's.

#include "MainWindow.h"
#include "SweepWindow.h"
#include "support/XYDrive.h"
#include "widgets/TelemetryHistory.h"
#include "widgets/XYPlot.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtCore/qtestsupport_core.h>
#include <QtWidgets/qtestsupport_widgets.h>

#include <cstdio>

using namespace jounce;
using telemetry::Column;
using telemetry::VehicleChannel;
using telemetry::WheelChannel;

namespace {

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");

bool fail(const char* what)
{
    std::fprintf(stderr, "screenshots_xy_sweep: %s\n", what);
    return false;
}

bool saved(QWidget& widget, const QString& file)
{
    if (!widget.grab().save(file))
        return fail(qPrintable("cannot write " + file));
    std::printf("%s\n", qPrintable(file));
    return true;
}

bool xyPlots(const QDir& dir)
{
    using namespace jounce::widgets;
    const VehicleConfig car = testing::referencePreset();
    TelemetryHistory history;
    history.append(testing::drive(car, 11.0));
    for (XYKind kind : xyKinds()) {
        XYPlot plot(kind);
        plot.setVehicle(car);
        plot.setHistory(&history);
        if (kind == XYKind::Channels)
            plot.setChannels(Column::of(VehicleChannel::YawRate), Column::of(WheelChannel::Jounce, 0));
        plot.resize(kind == XYKind::FrictionCircles ? 520 : 440, kind == XYKind::FrictionCircles ? 560 : 440);
        plot.show();
        if (!QTest::qWaitForWindowExposed(&plot))
            return fail("an X-Y plot was not exposed");
        if (kind == XYKind::RevsVsSpeed)
            plot.showHistory(history, 6.0);  // the acceleration through the gears
        if (!saved(plot, dir.filePath(QStringLiteral("xy-%1.png").arg(static_cast<int>(kind)))))
            return false;
    }
    return true;
}

/// Runs the sweep (or its sensitivity study) and waits up to a minute for the results.
bool runAndWait(gui::SweepWindow& sweep, bool sensitivity)
{
    QSignalSpy shown(&sweep, &gui::SweepWindow::resultsShown);
    if (!(sensitivity ? sweep.runSensitivity() : sweep.runSweep()))
        return false;
    return shown.wait(60000);
}

bool sweepWindow(const QDir& dir)
{
    gui::MainWindow w;
    if (!w.openVehicle(kPresets + "/physx-snippet-4w.json"))
        return fail("cannot open the reference car");
    w.simulation().pause();
    QAction* action = w.findChild<QAction*>(QStringLiteral("sweepAction"));
    if (!action)
        return fail("no Simulation > Sweep action");
    action->trigger();
    auto* sweep = w.findChild<gui::SweepWindow*>();
    if (!sweep || !sweep->setManeuverFile(kPresets + "/maneuvers/skidpad.json") ||
        !sweep->setTerrainFile(kPresets + "/terrains/proving-ground.json") ||
        !sweep->addParameter("antiRollBars[0].stiffness") || !sweep->addParameter("antiRollBars[1].stiffness"))
        return fail("cannot set up the sweep");
    sweep->setParameterRange(0, 0.0, 40000.0, 5);
    sweep->setParameterRange(1, 0.0, 40000.0, 5);
    if (!runAndWait(*sweep, false))
        return fail("the sweep did not finish");
    sweep->selectPoint(18);
    for (const QSize size : {QSize(1920, 1080), QSize(1366, 768)}) {
        sweep->resize(size);
        QTest::qWait(200);
        if (!saved(*sweep, dir.filePath(QStringLiteral("sweep-%1.png").arg(size.width()))))
            return false;
    }
    if (!runAndWait(*sweep, true))
        return fail("the sensitivity study did not finish");
    sweep->resize(1366, 768);
    QTest::qWait(200);
    return saved(*sweep, dir.filePath(QStringLiteral("sweep-tornado-1366.png")));
}

}  // namespace

int main(int argc, char** argv)
{
    QTemporaryDir settings;
    qputenv("XDG_CONFIG_HOME", settings.filePath("config").toUtf8());
    qputenv("JOUNCE_RECOVERY_DIR", settings.filePath("recovery").toUtf8());
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    const QString which = args.size() > 2 ? args[2] : QString();
    if (args.size() < 2 || args.size() > 3 || (!which.isEmpty() && which != "xy" && which != "sweep")) {
        std::fprintf(stderr, "usage: screenshots_xy_sweep DIR [xy|sweep]\n");
        return 2;
    }
    const QDir dir(args[1]);
    if (!dir.mkpath(".")) {
        fail(qPrintable("cannot make the folder " + args[1]));
        return 1;
    }
    const bool ok = (which == "sweep" || xyPlots(dir)) && (which == "xy" || sweepWindow(dir));
    return ok ? 0 : 1;
}
