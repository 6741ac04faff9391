// jounce: the workbench GUI.
//   jounce [VEHICLE.json] [--terrain T.json] [--start NAME] [--maneuver M.json]
//          [--compare A.json,B.json[,...]] [--screenshot OUT.png --after SECONDS]
//          [--ui-benchmark SECONDS] [--no-opengl]

#include "Application.h"
#include "MainWindow.h"
#include "PresetFiles.h"
#include "Recovery.h"
#include "UiBenchmark.h"
#include "widgets/TelemetryChart.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QSaveFile>
#include <QSettings>
#include <QTimer>

#include <cstdio>

namespace {

using jounce::gui::CompareWindow;
using jounce::gui::MainWindow;

/// The command line's options (the positional argument is the vehicle file).
struct Options {
    QCommandLineOption terrain{"terrain", "Terrain file (default: the last one, else the proving ground).", "T.json"};
    QCommandLineOption maneuver{"maneuver", "Run this maneuver at start.", "M.json"};
    QCommandLineOption start{"start", "Start runs at this named start point of the terrain (e.g. bumps).", "NAME"};
    QCommandLineOption screenshot{"screenshot", "Save a PNG of the window after --after seconds, then quit.", "OUT.png"};
    QCommandLineOption after{"after", "Seconds of running before --screenshot (default 3).", "SECONDS", "3"};
    QCommandLineOption benchmark{"ui-benchmark", "Run the default layout live for SECONDS and print timings.", "SECONDS"};
    QCommandLineOption noOpenGL{"no-opengl", "Never use OpenGL for the charts."};
    QCommandLineOption compare{"compare",
                               "Open the compare view on these vehicles (comma-separated files; \"edited\" is the "
                               "vehicle being edited) and run --maneuver on --terrain for them; --screenshot then "
                               "shows the compare view once the runs are shown.",
                               "A.json,B.json"};
    QCommandLineOption runs{"run", "Open run files (.jrun) or telemetry CSVs as references (comma-separated).", "RUN.jrun"};
    QCommandLineOption replay{"replay", "Replay the first --run with the vehicle (on the run's terrain)."};
};

void describe(QCommandLineParser& cli, const Options& o)
{
    cli.setApplicationDescription("Jounce: tune vehicles on the PhysX vehicle model against live telemetry.");
    cli.addHelpOption();
    cli.addVersionOption();
    cli.addPositionalArgument("vehicle", "Vehicle file to open (default: the last one, else the PhysX reference car).");
    cli.addOptions({o.terrain, o.start, o.maneuver, o.screenshot, o.after, o.benchmark, o.noOpenGL, o.compare, o.runs,
                    o.replay});
}

/// What the user sees of `shown`: its grab with a dialog open on top of it (the recovery offer).
QPixmap screenshotOf(QWidget* shown)
{
    QPixmap pixmap = shown->grab();
    QWidget* modal = QApplication::activeModalWidget();
    if (modal && modal->isVisible() && modal->parentWidget() && modal->parentWidget()->window() == shown) {
        QPainter painter(&pixmap);
        painter.drawPixmap(shown->mapFromGlobal(modal->mapToGlobal(QPoint(0, 0))), modal->grab());
    }
    return pixmap;
}

bool savePng(const QPixmap& pixmap, const QString& path)
{
    QSaveFile file(path);
    return file.open(QIODevice::WriteOnly) && pixmap.save(&file, "PNG") && file.commit();
}

/// The vehicle, the terrain and the start point; a scripted run (screenshot, benchmark) takes
/// nothing from the last session.
void openStartFiles(MainWindow& window, const QCommandLineParser& cli, const Options& o, bool scripted)
{
    const QSettings settings;
    const QString presets = jounce::gui::presetsDir();
    QString vehicle = cli.positionalArguments().value(0);
    if (vehicle.isEmpty() && !scripted)
        vehicle = settings.value("document/last").toString();
    if (vehicle.isEmpty() || !QFileInfo::exists(vehicle))
        vehicle = cli.positionalArguments().value(0).isEmpty() ? presets + "/physx-snippet-4w.json" : vehicle;
    if (!window.openVehicle(vehicle) && !cli.positionalArguments().isEmpty())
        std::fprintf(stderr, "jounce: %s could not be read\n", qPrintable(vehicle));

    QString terrainPath = cli.value(o.terrain);
    if (terrainPath.isEmpty() && !scripted)
        terrainPath = settings.value("simulation/terrain", presets + "/terrains/proving-ground.json").toString();
    if (terrainPath.isEmpty())
        terrainPath = presets + "/terrains/proving-ground.json";
    if (!terrainPath.isEmpty())
        window.openTerrain(terrainPath);
    if (cli.isSet(o.start) && !window.chooseStartPoint(cli.value(o.start)))
        std::fprintf(stderr, "jounce: the terrain has no start point called %s\n", qPrintable(cli.value(o.start)));
}

/// --compare: the compare view on the named vehicles (null without the option).
CompareWindow* openCompare(MainWindow& window, const QCommandLineParser& cli, const Options& o)
{
    if (!cli.isSet(o.compare))
        return nullptr;
    CompareWindow* compareWindow = &window.compareWindow();
    const QStringList files = cli.value(o.compare).split(',', Qt::SkipEmptyParts);
    for (int s = 0; s < CompareWindow::kSlots; ++s) {
        const QString f = files.value(s);
        if (f.isEmpty())
            compareWindow->clearSlot(s);
        else if (f == "edited")
            compareWindow->setSlotEdited(s);
        else if (!compareWindow->setSlotFile(s, f))
            std::fprintf(stderr, "jounce: %s cannot be compared\n", qPrintable(f));
    }
    compareWindow->setTerrainFile(cli.value(o.terrain));
    if (cli.isSet(o.maneuver))
        compareWindow->setManeuverFile(cli.value(o.maneuver));
    return compareWindow;
}

/// --run and --replay: run files as references, the first replayed.
void openRuns(MainWindow& window, const QCommandLineParser& cli, const Options& o)
{
    if (!cli.isSet(o.runs))
        return;
    const QStringList files = cli.value(o.runs).split(',', Qt::SkipEmptyParts);
    for (auto it = files.rbegin(); it != files.rend(); ++it)  // the first named is the first reference
        window.openRunFile(*it);
    if (cli.isSet(o.replay))
        window.replayReference();
}

/// --screenshot: the window (or the compare view) after --after seconds, then quit.
void scheduleScreenshot(MainWindow& window, CompareWindow* compareWindow, const QCommandLineParser& cli, const Options& o)
{
    bool ok = false;
    const double seconds = cli.value(o.after).toDouble(&ok);
    const QString out = cli.value(o.screenshot);
    QTimer::singleShot(static_cast<int>((ok ? seconds : 3.0) * 1000), &window, [&window, out, compareWindow] {
        window.telemetry().refresh();
        QWidget* shown = compareWindow ? static_cast<QWidget*>(compareWindow) : &window;
        const bool saved = savePng(screenshotOf(shown), out);
        std::fprintf(saved ? stdout : stderr, saved ? "jounce: screenshot saved to %s\n" : "jounce: cannot write %s\n",
                     qPrintable(out));
        QApplication::exit(saved ? 0 : 1);
    });
}

}  // namespace

int main(int argc, char** argv)
{
    jounce::gui::Application app(argc, argv);
    QApplication::setOrganizationName("Jounce");
    QApplication::setApplicationName("jounce");
    QApplication::setApplicationVersion(QStringLiteral(JOUNCE_VERSION));
    QApplication::setWindowIcon(QIcon(":/jounce.svg"));

    QCommandLineParser cli;
    const Options o;
    describe(cli, o);
    cli.process(app);
    jounce::widgets::TelemetryChart::setOpenGLAllowed(!cli.isSet(o.noOpenGL));

    MainWindow window;
    openStartFiles(window, cli, o, cli.isSet(o.screenshot) || cli.isSet(o.benchmark));
    CompareWindow* compareWindow = openCompare(window, cli, o);
    if (!compareWindow && cli.isSet(o.maneuver))
        window.startManeuverFile(cli.value(o.maneuver));
    openRuns(window, cli, o);

    window.show();
    // Unsaved edits of a session that ended unexpectedly (Recovery.h), offered once the window is up.
    QTimer::singleShot(0, &window, [&window] { jounce::gui::offerRecovery(window); });
    if (compareWindow) {
        compareWindow->show();
        compareWindow->run();
    }

    if (cli.isSet(o.benchmark)) {
        bool ok = false;
        const double seconds = cli.value(o.benchmark).toDouble(&ok);
        if (!ok || seconds <= 0) {
            std::fprintf(stderr, "jounce: --ui-benchmark takes a number of seconds > 0\n");
            return 2;
        }
        jounce::gui::runUiBenchmark(window, seconds);
    }
    if (cli.isSet(o.screenshot))
        scheduleScreenshot(window, compareWindow, cli, o);
    return QApplication::exec();
}
