// File ▸ Import ▸ Magic Formula tire (.tir) in the workbench (app/gui/ExchangeActions,
// docs/tires.md "Importing .tir files"): the menu entry exists, an import puts the tire onto the
// chosen wheels of the open vehicle as one undoable edit and shows its report, Undo takes it back
// whole, and a broken file changes nothing.

#include "ExchangeActions.h"
#include "MainWindow.h"
#include "VehicleDocument.h"
#include "config/ParameterPaths.h"
#include "config/ParameterRegistry.h"
#include "support/IsolatedUserFiles.h"

#include <QAction>
#include <QFile>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

using namespace jounce;

namespace {

const QString kSedan = QStringLiteral(JOUNCE_SOURCE_DIR "/data/tires/Sedan_Pac02Tire.tir");

config::Json leaf(const VehicleConfig& v, const std::string& path)
{
    const std::optional<config::Json> value = config::ParameterRegistry::instance().get(v, path);
    return value ? *value : config::Json();
}

bool reportHas(const gui::ConversionReportDialog* report, const QString& kind, const QString& what)
{
    for (int i = 0; i < report->table()->topLevelItemCount(); ++i) {
        const QTreeWidgetItem* row = report->table()->topLevelItem(i);
        if (row->text(0) == kind && row->text(1).contains(what))
            return true;
    }
    return false;
}

}  // namespace

class TestTirImportGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { jounce::testing::isolateUserFiles("tir-import-gui"); }

    void importIsOneUndoableEdit()
    {
        gui::MainWindow w;
        QAction* action = w.findChild<QAction*>("importTirAction");
        QVERIFY(action);
        QVERIFY(action->text().contains("Magic Formula tire (.tir)"));
        QVERIFY(!action->toolTip().isEmpty());
        auto* actions = w.findChild<gui::ExchangeActions*>("exchangeActions");
        QVERIFY(actions);
        QString error;
        QVERIFY2(w.document().open(QStringLiteral(JOUNCE_SOURCE_DIR "/presets/family-hatchback.json"), &error), qPrintable(error));
        const VehicleConfig before = w.document().config();
        const int steps = w.document().undoStack()->count();

        QVERIFY(actions->importTir(kSedan, exchange::TirWheels::Front));
        const VehicleConfig& after = w.document().config();
        QCOMPARE(w.document().undoStack()->count(), steps + 1);
        QVERIFY(w.document().undoStack()->undoText().contains("Sedan_Pac02Tire.tir"));
        namespace tire = config::param::wheels::tire;
        QCOMPARE(leaf(after, tire::model(0)), config::Json("magicFormula"));
        QCOMPARE(leaf(after, tire::magicFormula::lateral::PKY1(1)), config::Json(-21.92));
        QCOMPARE(leaf(after, tire::model(2)), config::Json("physx"));
        QVERIFY(w.document().isModified());

        gui::ConversionReportDialog* report = actions->lastReport();
        QVERIFY(report && report->isVisible());
        QVERIFY2(report->summary().contains("Imported Sedan_Pac02Tire.tir") && report->summary().contains("onto wheels 0, 1"),
                 qPrintable(report->summary()));
        QVERIFY(reportHas(report, "dropped", "[VERTICAL] VERTICAL_STIFFNESS (line 40)"));
        QVERIFY(reportHas(report, "warning", "line 26"));  // R0 against the wheel radius

        w.document().undoStack()->undo();
        QVERIFY(w.document().config() == before);
        w.document().undoStack()->redo();
        QCOMPARE(leaf(w.document().config(), tire::magicFormula::lateral::PKY1(0)), config::Json(-21.92));
    }

    void brokenFileChangesNothing()
    {
        gui::MainWindow w;
        auto* actions = w.findChild<gui::ExchangeActions*>("exchangeActions");
        QTemporaryDir dir;
        QFile sedan(kSedan);
        QVERIFY(sedan.open(QIODevice::ReadOnly));
        QByteArray text = sedan.readAll();
        text.replace("= -21.92 ", "= -2.2e7 ");
        const QString bad = dir.filePath("bad.tir");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        const VehicleConfig before = w.document().config();
        const int steps = w.document().undoStack()->count();
        QVERIFY(!actions->importTir(bad, exchange::TirWheels::All));
        QVERIFY(w.document().config() == before);
        QCOMPARE(w.document().undoStack()->count(), steps);
        QVERIFY(actions->lastReport()->summary().contains("failed"));
        QVERIFY(reportHas(actions->lastReport(), "error", "line 121"));
    }
};

QTEST_MAIN(TestTirImportGui)
#include "test_tir_import_gui.moc"
