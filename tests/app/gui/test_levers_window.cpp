// Simulation ▸ Levers… (issue #30 item 5, docs/sweeps.md "Levers"), as a user drives it (offscreen):
// the family hatchback's understeer gradient measured in the background with progress, its two
// tire lateral stiffnesses on top of the tornado and the bars at the bottom; Measure again on the
// same vehicle answers from the cache at once; after an edit the window says the chart is of an
// earlier state.

#include "LeversWindow.h"
#include "MainWindow.h"
#include "VehicleDocument.h"
#include "config/ParameterPaths.h"
#include "support/IsolatedUserFiles.h"
#include "widgets/TornadoChart.h"

#include <QAction>
#include <QElapsedTimer>
#include <QSignalSpy>
#include <QtTest>

#include <cmath>

using namespace jounce;

class TestLeversWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { jounce::testing::isolateUserFiles("levers-window"); }

    void measuresInTheBackgroundAndCaches()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(JOUNCE_SOURCE_DIR "/presets/family-hatchback.json"));
        auto* action = w.findChild<QAction*>("leversAction");
        QVERIFY(action);
        action->trigger();
        auto* levers = w.findChild<gui::LeversWindow*>();
        QVERIFY(levers && levers->isVisible());
        levers->setFigure("understeerGradient");
        QSignalSpy done(levers, &gui::LeversWindow::measured);
        QVERIFY(levers->measure());
        QVERIFY(levers->isRunning());  // in the background: the call returned at once
        QVERIFY(done.wait(120000));
        const std::vector<sweep::Lever>& shown = levers->levers();
        QVERIFY2(shown.size() >= 12, qPrintable(levers->status()));
        QCOMPARE(levers->chart().barCount(), int(shown.size()));
        QVERIFY(QStringList({QString::fromStdString(shown[0].name), QString::fromStdString(shown[1].name)})
                    .filter("tire lateral stiffness").size() == 2);
        for (const sweep::Lever& l : shown)
            if (l.name.find("anti-roll bar") != std::string::npos)
                QVERIFY2(std::fabs(*l.effect()) < 0.01, l.name.c_str());
        QVERIFY(levers->status().contains("for the vehicle as it is now"));
        if (const QByteArray dir = qgetenv("JOUNCE_SCREENSHOT_DIR"); !dir.isEmpty())
            levers->grab().save(QString::fromLocal8Bit(dir) + "/levers-window.png");

        // The same vehicle again: from the cache, no runs.
        QElapsedTimer clock;
        clock.start();
        QVERIFY(levers->measure());
        QVERIFY(!levers->isRunning());
        QVERIFY(clock.elapsed() < 500);
        QVERIFY(levers->status().contains("Measured before"));

        // An edit: the chart is of an earlier state.
        QVERIFY(w.document().setParameters({{config::param::chassis::mass.str(), 1300.0}}, "mass").isEmpty());
        QVERIFY2(levers->status().contains("earlier state"), qPrintable(levers->status()));
    }
};

QTEST_MAIN(TestLeversWindow)
#include "test_levers_window.moc"
