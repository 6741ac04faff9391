// File ▸ Import / Export for Unity in the workbench (app/gui/ExchangeActions, docs/unity.md): the
// menu entries exist, an import opens the vehicle unsaved and shows the conversion report dialog,
// an export writes the file the CLI and the C# script read, and a broken file leaves the open
// vehicle as it was.

#include "ExchangeActions.h"
#include "ImportWait.h"
#include "MainWindow.h"
#include "exchange/unity/UnityImport.h"
#include "support/IsolatedUserFiles.h"

#include <QAction>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace jounce;
using gui_test::importNow;

class TestUnityExchangeGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        jounce::testing::isolateUserFiles("unity-exchange-gui");
    }

    void importAndExportThroughTheMenuActions()
    {
        gui::MainWindow w;
        QVERIFY(w.findChild<QAction*>("importUnityAction"));
        QVERIFY(w.findChild<QAction*>("exportUnityAction"));
        auto* actions = w.findChild<gui::ExchangeActions*>("exchangeActions");
        QVERIFY(actions);

        QVERIFY(importNow(*actions, [&] { actions->importUnity(QStringLiteral(JOUNCE_SOURCE_DIR "/tests/exchange/unity/data/unity-car.prefab")); }));
        const VehicleConfig& car = w.document().config();
        QCOMPARE(car.name, std::string("UnityCar"));
        QCOMPARE(car.wheels.size(), std::size_t(4));
        QVERIFY(car.wheels[0].tire.model() == TireModelKind::Unity);
        gui::ConversionReportDialog* report = actions->lastReport();
        QVERIFY(report && report->isVisible());
        QVERIFY(report->table()->topLevelItemCount() >= 5);
        QVERIFY(report->summary().contains("unity-car.prefab"));

        QTemporaryDir dir;
        const QString file = dir.filePath("car.json");
        QCOMPARE(actions->exportUnity(file), QString());
        QVERIFY(actions->lastReport()->summary().contains("JounceVehicleLoader.cs"));
        const exchange::ImportResult back = exchange::importUnityFile(file.toStdString());
        QVERIFY(back.ok());
        QCOMPARE(back.vehicle.wheels[3].tire.params, car.wheels[3].tire.params);

        // A broken file: the report says why, the open vehicle stays.
        const QString broken = dir.filePath("broken.json");
        QFile f(broken);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"format\": \"jounce.unity-vehicle\"}");
        f.close();
        QVERIFY(!importNow(*actions, [&] { actions->importUnity(broken); }));
        QCOMPARE(w.document().config().name, std::string("UnityCar"));
        QVERIFY(actions->lastReport()->summary().contains("failed"));
    }
};

QTEST_MAIN(TestUnityExchangeGui)
#include "test_unity_exchange_gui.moc"
