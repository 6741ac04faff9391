// File ▸ Export as ▸ Run as MoTeC .ld… (app/gui/RunExports, docs/motec.md), offscreen: a maneuver
// run of the workbench exported as .ld and .ldx with a beacon where each phase began (checked
// against the phase starts the simulation thread reported while it ran), a file that cannot be
// written reported as an error, the menu's entries, and a long export behind its progress dialog,
// whose Cancel leaves no file.

#include "MainWindow.h"
#include "SimulationController.h"
#include "support/IsolatedUserFiles.h"

#include <QAction>
#include <QProgressDialog>
#include <QPushButton>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

#include <cmath>

using namespace jounce;

namespace {

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");

/// The beacons of an .ldx: (time in s, name).
std::vector<std::pair<double, QString>> beaconsIn(const QString& path)
{
    QFile file(path);
    std::vector<std::pair<double, QString>> out;
    if (!file.open(QIODevice::ReadOnly))
        return out;
    QXmlStreamReader xml(&file);
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("Marker"))
            out.emplace_back(xml.attributes().value("Time").toDouble() / 1e6, xml.attributes().value("Name").toString());
    return xml.hasError() ? std::vector<std::pair<double, QString>>{} : out;
}

/// `hours` of a 4-wheel car at 60 Hz, telemetry only.
std::shared_ptr<const sim::RunLog> longRun(double hours)
{
    auto run = std::make_shared<sim::RunLog>();
    run->name = "long";
    std::vector<float> values(run->telemetry.valuesPerFrame(), 0.5f);
    const auto frames = static_cast<std::size_t>(hours * 3600.0 * 60.0);
    for (std::size_t i = 0; i < frames; ++i)
        run->telemetry.appendValues(double(i + 1) / 60.0, values.data());
    return run;
}

}  // namespace

class TestMotecExportGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { jounce::testing::isolateUserFiles("motec-export"); }

    void exportsAManeuverRunWithItsPhasesAsBeacons()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/sports-car.json"));
        w.simulation().setRealTime(false);
        QVERIFY(w.startManeuverFile(kPresets + "/maneuvers/brake-from-20.json"));
        QVERIFY(QTest::qWaitFor([&] { return w.simulation().status().maneuverFinished; }, 60000));
        const auto phases = w.simulation().status().maneuverPhases;  // (time of the phase's first step, name)
        w.simulation().reset();  // ends the run (the drive before the maneuver ended earlier)
        const auto maneuverRun = [&] {
            for (const auto& r : w.simulation().runs().recent())
                if (r->source == "maneuver")
                    return r;
            return std::shared_ptr<const sim::RunLog>();
        };
        QVERIFY(QTest::qWaitFor([&] { return maneuverRun() != nullptr; }, 5000));
        const std::shared_ptr<const sim::RunLog> run = maneuverRun();

        QTemporaryDir dir;
        const QString path = dir.filePath("brake.ld");
        QCOMPARE(w.exportRunAsMotec(run, path), QString());
        QVERIFY(w.statusBar()->currentMessage().startsWith("Wrote " + path));
        QFile ld(path);
        QVERIFY(ld.open(QIODevice::ReadOnly));
        const QByteArray head = ld.read(0x5A);
        QCOMPARE(int(head[0]), 0x40);
        QCOMPARE(int(std::uint8_t(head[0x56])), 21 + 1 + 18 * 4);

        // A beacon where each phase after the first began: the end of the step before the one the
        // simulation thread reported as the phase's first.
        const auto beacons = beaconsIn(dir.filePath("brake.ldx"));
        QCOMPARE(beacons.size(), phases.size() - 1);
        for (std::size_t k = 1; k < phases.size(); ++k) {
            QCOMPARE(beacons[k - 1].second, QString::fromStdString(phases[k].second));
            QVERIFY2(std::fabs(beacons[k - 1].first - (phases[k].first - run->timeStep)) < 1e-9,
                     qPrintable(QString("%1 at %2").arg(beacons[k - 1].second).arg(beacons[k - 1].first)));
        }

        const QString refused = w.exportRunAsMotec(run, "/nonexistent-folder/brake.ld");
        QVERIFY2(refused.startsWith("cannot write /nonexistent-folder/brake.ld"), qPrintable(refused));

        for (const char* name : {"exportMotecLdAction", "exportMotecCsvAction"})
            QVERIFY2(w.findChild<QAction*>(name), name);
    }

    void aLongExportShowsItsProgressAndCancels()
    {
        gui::MainWindow w;
        w.show();
        const std::shared_ptr<const sim::RunLog> run = longRun(2.0);
        QTemporaryDir dir;
        const QString path = dir.filePath("long.ld");
        bool sawProgress = false;
        QTimer cancelWhenShown;
        cancelWhenShown.setInterval(20);
        connect(&cancelWhenShown, &QTimer::timeout, this, [&] {
            auto* dialog = w.findChild<QProgressDialog*>("motecExportProgress");
            if (!dialog || !dialog->isVisible())
                return;
            sawProgress = true;
            cancelWhenShown.stop();
            dialog->findChild<QPushButton*>()->click();
        });
        cancelWhenShown.start();
        QCOMPARE(w.exportRunAsMotec(run, path), QString("cancelled"));
        QVERIFY2(sawProgress, "the export ended before its progress dialog showed");
        QVERIFY(!QFileInfo::exists(path) && !QFileInfo::exists(dir.filePath("long.ldx")));
    }
};

QTEST_MAIN(TestMotecExportGui)
#include "test_motec_export_gui.moc"
