// File ▸ Import and File ▸ Export as in the workbench (offscreen): the menus hold the PhysX 5 and
// USD actions, an export writes the files and shows its conversion report, an import opens the
// vehicle as a new unsaved document and shows what was approximated, and a broken file leaves the
// open vehicle as it was, with its problems in the report.

#include "ExchangeActions.h"
#include "ImportWait.h"
#include "MainWindow.h"
#include "VehicleDocument.h"

#include "config/VehicleJson.h"
#include "support/IsolatedUserFiles.h"

#include <QMenu>
#include <QMenuBar>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

using namespace jounce;
using gui_test::importNow;

namespace {

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");
const QString kSnippet = QStringLiteral(JOUNCE_SOURCE_DIR "/tests/exchange/data/physx5-snippet");

QStringList reportKinds(const gui::ConversionReportDialog& d)
{
    QStringList kinds;
    for (int i = 0; i < d.table()->topLevelItemCount(); ++i)
        kinds << d.table()->topLevelItem(i)->text(0);
    return kinds;
}

}  // namespace

class TestExchangeGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        jounce::testing::isolateUserFiles("exchange-gui");
    }

    void fileMenuHasImportAndExport()
    {
        gui::MainWindow w;
        for (const char* name : {"importPhysx5Action", "importUsdAction", "exportPhysx5Action", "exportUsdAction"})
            QVERIFY2(w.findChild<QAction*>(QString::fromLatin1(name)), name);
        QVERIFY(w.findChild<QMenu*>(QStringLiteral("importMenu")));
        QVERIFY(w.findChild<QMenu*>(QStringLiteral("exportMenu")));
    }

    void exportWritesFilesAndShowsTheReport()
    {
        gui::MainWindow w;
        QString err;
        QVERIFY(w.document().open(kPresets + "/physx-snippet-4w.json", &err));
        auto* actions = w.findChild<gui::ExchangeActions*>();
        QVERIFY(actions);
        QTemporaryDir dir;
        QCOMPARE(actions->exportPhysx5(dir.path()), QString());
        QVERIFY(QFile::exists(dir.filePath("Base.json")) && QFile::exists(dir.filePath("EngineDrive.json")));
        QVERIFY(actions->lastReport() && actions->lastReport()->isVisible());
        QVERIFY(reportKinds(*actions->lastReport()).contains("dropped"));
        QCOMPARE(actions->exportUsd(dir.filePath("car.usda")), QString());
        QVERIFY(QFile::exists(dir.filePath("car.usda")));
        QVERIFY(actions->lastReport()->summary().contains("car.usda"));
        // Back in: the USD layer gives the same vehicle, as a new unsaved document.
        QVERIFY(importNow(*actions, [&] { actions->importUsd(dir.filePath("car.usda"), false); }));
        QVERIFY(w.document().isModified());
        QVERIFY(w.document().filePath().isEmpty());
        QCOMPARE(w.document().config().wheels.size(), std::size_t(4));
        QCOMPARE(w.document().config().chassis.mass, 1500.0);
    }

    void importOpensNvidiasCarWithItsReport()
    {
        gui::MainWindow w;
        auto* actions = w.findChild<gui::ExchangeActions*>();
        QVERIFY(importNow(*actions, [&] { actions->importPhysx5(kSnippet + "/Base.json", kSnippet + "/EngineDrive.json", "auto", false); }));
        QCOMPARE(w.document().config().chassis.mass, 2014.4000244140625);
        QVERIFY(!w.document().hasErrors());
        const QStringList kinds = reportKinds(*actions->lastReport());
        QVERIFY(kinds.contains("approximated") && kinds.contains("defaulted"));
        QVERIFY(actions->lastReport()->summary().contains("new, unsaved vehicle"));
        // Keeping the open vehicle's chassis: the box comes from it.
        QString err;
        QVERIFY(w.document().open(kPresets + "/physx-snippet-4w.json", &err));
        QVERIFY(importNow(*actions, [&] { actions->importPhysx5(kSnippet + "/Base.json", kSnippet + "/EngineDrive.json", "tank", true); }));
        QCOMPARE(w.document().config().drive.type, DriveType::Tank);
        QCOMPARE(w.document().config().chassis.dimensions.x, 5.0);
    }

    void brokenFileKeepsTheOpenVehicle()
    {
        gui::MainWindow w;
        QString err;
        QVERIFY(w.document().open(kPresets + "/sports-car.json", &err));
        const VehicleConfig before = w.document().config();
        QTemporaryDir dir;
        QFile broken(dir.filePath("broken.usda"));
        QVERIFY(broken.open(QIODevice::WriteOnly));
        broken.write("#usda 1.0\ndef Xform \"Car\"\n{\n    float x = \"unclosed\n}\n");
        broken.close();
        auto* actions = w.findChild<gui::ExchangeActions*>();
        QVERIFY(!importNow(*actions, [&] { actions->importUsd(broken.fileName(), false); }));
        QVERIFY(actions->lastReport());
        QVERIFY(w.document().config() == before);
        QVERIFY(reportKinds(*actions->lastReport()).contains("error"));
        QVERIFY(actions->lastReport()->summary().contains("unchanged"));
        const QTreeWidgetItem* first = actions->lastReport()->table()->topLevelItem(0);
        QVERIFY(first->text(1).endsWith("line 4"));
    }
};

QTEST_MAIN(TestExchangeGui)
#include "test_exchange_gui.moc"
