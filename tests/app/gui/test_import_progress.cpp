// File ▸ Import off the GUI thread (offscreen): an import returns at once and shows a window-modal
// progress dialog, the vehicle arrives later on the GUI thread with its report; during a slow
// import the event loop runs (the dialog counts the seconds and names the stage); Cancel or Esc
// drops the import at once, tells the importer to stop and leaves the open vehicle untouched, and
// the user goes on working; a second import replaces the first; closing the window during an
// import is safe.

#include "ExchangeActions.h"
#include "ImportRunner.h"
#include "MainWindow.h"
#include "VehicleDocument.h"

#include "exchange/usd/UsdLayer.h"
#include "support/IsolatedUserFiles.h"

#include <QElapsedTimer>
#include <QProgressDialog>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

using namespace jounce;

namespace {

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");
const QString kSnippet = QStringLiteral(JOUNCE_SOURCE_DIR "/tests/exchange/data/physx5-snippet");
const QString kUnityCar = QStringLiteral(JOUNCE_SOURCE_DIR "/tests/exchange/unity/data/unity-car.prefab");

/// Shows `w` with the sports car open (the vehicle an import must leave alone until it arrives);
/// its import actions, or null when the preset did not open.
gui::ExchangeActions* showSportsCar(gui::MainWindow& w)
{
    w.show();
    QString err;
    if (!w.document().open(kPresets + "/sports-car.json", &err))
        return nullptr;
    return w.findChild<gui::ExchangeActions*>();
}

QProgressDialog* progressOf(gui::MainWindow& w)
{
    QProgressDialog* d = w.findChild<QProgressDialog*>(QStringLiteral("importProgressDialog"));
    return d && d->isVisible() ? d : nullptr;
}

}  // namespace

class TestImportProgress : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        jounce::testing::isolateUserFiles("import-progress");
        QVERIFY(dir_.isValid());
        // A USD layer of the reference car (1500 kg) to import.
        gui::MainWindow w;
        QString err;
        QVERIFY(w.document().open(kPresets + "/physx-snippet-4w.json", &err));
        QCOMPARE(w.findChild<gui::ExchangeActions*>()->exportUsd(dir_.filePath("car.usda")), QString());
    }

    void importReturnsAtOnceAndTheVehicleArrivesLater()
    {
        gui::MainWindow w;
        auto* actions = showSportsCar(w);
        QVERIFY(actions);
        const VehicleConfig before = w.document().config();
        actions->importUsd(dir_.filePath("car.usda"), false);
        // Nothing applied yet: the import runs elsewhere while the window waits, blocked by the dialog.
        QVERIFY(w.document().config() == before);
        QProgressDialog* progress = progressOf(w);
        QVERIFY(progress);
        QCOMPARE(progress->windowModality(), Qt::WindowModal);
        QVERIFY(progress->labelText().contains("car.usda"));
        QTRY_VERIFY(w.document().config().chassis.mass == 1500.0);
        QVERIFY(w.document().isModified());
        QVERIFY(!progressOf(w));
        QVERIFY(actions->lastReport() && actions->lastReport()->summary().contains("car.usda"));
    }

    void theWindowStaysResponsiveDuringASlowImport()
    {
        gui::MainWindow w;
        auto* actions = showSportsCar(w);
        QVERIFY(actions);
        const VehicleConfig before = w.document().config();
        // An importer stuck in a slow file (a network share, a huge layer): it looks at its control
        // between stages, as the readers do, until released or cancelled.
        auto release = std::make_shared<std::atomic<bool>>(false);
        auto stopped = std::make_shared<std::atomic<bool>>(false);
        const std::string usd = dir_.filePath("car.usda").toStdString();
        const auto slow = [=](const exchange::ImportControl& control) {
            if (!control.enter(exchange::ImportStage::Reading))
                return exchange::cancelledImport("slow", "slow.usda");
            while (!*release) {
                if (!control.enter(exchange::ImportStage::Converting)) {
                    *stopped = true;
                    return exchange::cancelledImport("slow", "slow.usda");
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(5));
            }
            return exchange::importUsdFile(usd);
        };
        QElapsedTimer clock;
        clock.start();
        actions->importRunner()->start(QStringLiteral("slow.usda"), slow);
        QVERIFY(clock.elapsed() < 500);  // returned at once
        // The event loop runs: timers fire, the dialog names the stage and counts the seconds.
        int ticks = 0;
        QTimer timer;
        connect(&timer, &QTimer::timeout, this, [&ticks] { ++ticks; });
        timer.start(20);
        QTRY_VERIFY_WITH_TIMEOUT(progressOf(w) && progressOf(w)->labelText().contains("1 s"), 5000);
        QVERIFY2(ticks >= 25, qPrintable(QString::number(ticks)));
        QVERIFY(progressOf(w)->labelText().contains("Converting slow.usda"));
        if (const QByteArray dir = qgetenv("JOUNCE_SCREENSHOT_DIR"); !dir.isEmpty())
            progressOf(w)->grab().save(QString::fromLocal8Bit(dir) + "/import-progress.png");
        QVERIFY(actions->importRunner()->isRunning());
        QVERIFY(w.document().config() == before);
        // Esc: the dialog closes at once, the importer hears of it and stops, nothing changes.
        QProgressDialog* progress = progressOf(w);
        progress->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(progress));
        QTest::keyClick(progress, Qt::Key_Escape);
        QVERIFY(!progressOf(w));
        QVERIFY(!actions->importRunner()->isRunning());
        QTRY_VERIFY(*stopped);
        QTest::qWait(200);
        QVERIFY(w.document().config() == before);
        QVERIFY(!w.document().isModified());
        QVERIFY(!actions->lastReport());

        // The same slow import, let go: it lands, on the GUI thread.
        *stopped = false;
        actions->importRunner()->start(QStringLiteral("slow.usda"), slow);
        QTest::qWait(300);
        QVERIFY(w.document().config() == before);
        *release = true;
        QTRY_COMPARE(w.document().config().chassis.mass, 1500.0);
        QVERIFY(!*stopped);
        QVERIFY(!progressOf(w));
    }

    void cancelLeavesTheVehicleAndTheUserGoesOn()
    {
        gui::MainWindow w;
        auto* actions = showSportsCar(w);
        QVERIFY(actions);
        const VehicleConfig before = w.document().config();
        actions->importPhysx5(kSnippet + "/Base.json", kSnippet + "/EngineDrive.json", "auto", false);
        QProgressDialog* progress = progressOf(w);
        QVERIFY(progress);
        auto* cancel = progress->findChild<QPushButton*>(QStringLiteral("cancelImportButton"));
        QVERIFY(cancel);
        QVERIFY(!cancel->toolTip().isEmpty());
        cancel->click();
        QTRY_VERIFY(!progressOf(w));
        QTest::qWait(500);  // the import has ended on its worker by now: its result is dropped
        QVERIFY(w.document().config() == before);
        QVERIFY(!w.document().isModified());
        QVERIFY(!actions->lastReport());

        // The next import goes through.
        actions->importUnity(kUnityCar);
        QTRY_COMPARE(w.document().config().name, std::string("UnityCar"));
    }

    void aSecondImportReplacesTheFirst()
    {
        gui::MainWindow w;
        w.show();
        auto* actions = w.findChild<gui::ExchangeActions*>();
        actions->importPhysx5(kSnippet + "/Base.json", kSnippet + "/EngineDrive.json", "auto", false);
        actions->importUnity(kUnityCar);
        QTRY_COMPARE(w.document().config().name, std::string("UnityCar"));
        QTest::qWait(300);
        QCOMPARE(w.document().config().name, std::string("UnityCar"));  // the PhysX import never lands
        QVERIFY(!progressOf(w));
    }

    void closingTheWindowDuringAnImport()
    {
        auto* w = new gui::MainWindow;
        w->show();
        w->findChild<gui::ExchangeActions*>()->importUsd(dir_.filePath("car.usda"), false);
        QVERIFY(progressOf(*w));
        delete w;
        QTest::qWait(300);  // the import ends on its worker; nothing is left to deliver it to
        gui::MainWindow again;
        again.findChild<gui::ExchangeActions*>()->importUsd(dir_.filePath("car.usda"), false);
        QTRY_VERIFY(again.document().config().chassis.mass == 1500.0);
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestImportProgress)
#include "test_import_progress.moc"
