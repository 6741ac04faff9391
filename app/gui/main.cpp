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

}  // namespace

int main(int argc, char** argv)
{
    jounce::gui::Application app(argc, argv);
    QApplication::setOrganizationName("Jounce");
    QApplication::setApplicationName("jounce");
    QApplication::setApplicationVersion(QStringLiteral(JOUNCE_VERSION));
    QApplication::setWindowIcon(QIcon(":/jounce.svg"));

    QCommandLineParser cli;
    cli.setApplicationDescription("Jounce: tune vehicles on the PhysX vehicle model against live telemetry.");
    cli.addHelpOption();
    cli.addVersionOption();
    cli.addPositionalArgument("vehicle", "Vehicle file to open (default: the last one, else the PhysX reference car).");
    const QCommandLineOption terrain("terrain", "Terrain file (default: the last one, else the proving ground).", "T.json");
    const QCommandLineOption maneuver("maneuver", "Run this maneuver at start.", "M.json");
    const QCommandLineOption start("start", "Start runs at this named start point of the terrain (e.g. bumps).", "NAME");
    const QCommandLineOption screenshot("screenshot", "Save a PNG of the window after --after seconds, then quit.", "OUT.png");
    const QCommandLineOption after("after", "Seconds of running before --screenshot (default 3).", "SECONDS", "3");
    const QCommandLineOption benchmark("ui-benchmark", "Run the default layout live for SECONDS and print timings.", "SECONDS");
    const QCommandLineOption noOpenGL("no-opengl", "Never use OpenGL for the charts.");
    const QCommandLineOption compare("compare",
                                     "Open the compare view on these vehicles (comma-separated files; \"edited\" is the "
                                     "vehicle being edited) and run --maneuver on --terrain for them; --screenshot then "
                                     "shows the compare view once the runs are shown.",
                                     "A.json,B.json");
    const QCommandLineOption runs("run",
                                  "Open run files (.jrun) or telemetry CSVs as references (comma-separated).", "RUN.jrun");
    const QCommandLineOption replay("replay", "Replay the first --run with the vehicle (on the run's terrain).");
    cli.addOptions({terrain, start, maneuver, screenshot, after, benchmark, noOpenGL, compare, runs, replay});
    cli.process(app);

    jounce::widgets::TelemetryChart::setOpenGLAllowed(!cli.isSet(noOpenGL));

    const bool scripted = cli.isSet(screenshot) || cli.isSet(benchmark);
    jounce::gui::MainWindow window;
    QSettings settings;
    const QString presets = jounce::gui::presetsDir();
    QString vehicle = cli.positionalArguments().value(0);
    if (vehicle.isEmpty() && !scripted)
        vehicle = settings.value("document/last").toString();
    if (vehicle.isEmpty() || !QFileInfo::exists(vehicle))
        vehicle = cli.positionalArguments().value(0).isEmpty() ? presets + "/physx-snippet-4w.json" : vehicle;
    if (!window.openVehicle(vehicle) && !cli.positionalArguments().isEmpty())
        std::fprintf(stderr, "jounce: %s could not be read\n", qPrintable(vehicle));

    QString terrainPath = cli.value(terrain);
    if (terrainPath.isEmpty() && !scripted)
        terrainPath = settings.value("simulation/terrain", presets + "/terrains/proving-ground.json").toString();
    if (terrainPath.isEmpty())
        terrainPath = presets + "/terrains/proving-ground.json";
    if (!terrainPath.isEmpty())
        window.openTerrain(terrainPath);
    if (cli.isSet(start) && !window.chooseStartPoint(cli.value(start)))
        std::fprintf(stderr, "jounce: the terrain has no start point called %s\n", qPrintable(cli.value(start)));
    jounce::gui::CompareWindow* compareWindow = nullptr;
    if (cli.isSet(compare)) {
        compareWindow = &window.compareWindow();
        const QStringList files = cli.value(compare).split(',', Qt::SkipEmptyParts);
        for (int s = 0; s < jounce::gui::CompareWindow::kSlots; ++s) {
            const QString f = files.value(s);
            if (f.isEmpty())
                compareWindow->clearSlot(s);
            else if (f == "edited")
                compareWindow->setSlotEdited(s);
            else if (!compareWindow->setSlotFile(s, f))
                std::fprintf(stderr, "jounce: %s cannot be compared\n", qPrintable(f));
        }
        compareWindow->setTerrainFile(cli.value(terrain));
        if (cli.isSet(maneuver))
            compareWindow->setManeuverFile(cli.value(maneuver));
    } else if (cli.isSet(maneuver)) {
        window.startManeuverFile(cli.value(maneuver));
    }
    if (cli.isSet(runs)) {
        const QStringList files = cli.value(runs).split(',', Qt::SkipEmptyParts);
        for (auto it = files.rbegin(); it != files.rend(); ++it)  // the first named is the first reference
            window.openRunFile(*it);
        if (cli.isSet(replay))
            window.replayReference();
    }

    window.show();
    // Unsaved edits of a session that ended unexpectedly (Recovery.h), offered once the window is up.
    QTimer::singleShot(0, &window, [&window] { jounce::gui::offerRecovery(window); });
    if (compareWindow) {
        compareWindow->show();
        compareWindow->run();
    }

    if (cli.isSet(benchmark)) {
        bool ok = false;
        const double seconds = cli.value(benchmark).toDouble(&ok);
        if (!ok || seconds <= 0) {
            std::fprintf(stderr, "jounce: --ui-benchmark takes a number of seconds > 0\n");
            return 2;
        }
        jounce::gui::runUiBenchmark(window, seconds);
    }
    if (cli.isSet(screenshot)) {
        bool ok = false;
        const double seconds = cli.value(after).toDouble(&ok);
        const QString out = cli.value(screenshot);
        QTimer::singleShot(static_cast<int>((ok ? seconds : 3.0) * 1000), &window, [&window, out, compareWindow] {
            window.telemetry().refresh();
            QWidget* shown = compareWindow ? static_cast<QWidget*>(compareWindow) : &window;
            const bool saved = savePng(screenshotOf(shown), out);
            std::fprintf(saved ? stdout : stderr, saved ? "jounce: screenshot saved to %s\n" : "jounce: cannot write %s\n",
                         qPrintable(out));
            QApplication::exit(saved ? 0 : 1);
        });
    }
    return QApplication::exec();
}
