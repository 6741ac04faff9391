// The model generation as a workbench setting (offscreen): the menu bar's corner and the doctor name it, Simulation ▸
// Convert to PhysX 5 behaviour lists what will differ for this car and switches as one undoable
// edit, and the compare view runs the edited car under both generations side by side, its columns
// naming the generation.

#include "CompareWindow.h"
#include "MainWindow.h"
#include "ModelGenerationSwitch.h"
#include "VehicleDocument.h"
#include "support/IsolatedUserFiles.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QMessageBox>
#include <QSignalSpy>
#include <QLabel>
#include <QMenuBar>
#include <QTimer>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

using namespace jounce;

namespace {
const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");
}  // namespace

class TestModelGenerationGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        jounce::testing::isolateUserFiles("model-generation-gui");
    }

    void statusLineAndConvertAction()
    {
        gui::MainWindow w;
        QString err;
        QVERIFY(w.document().open(kPresets + "/physx-snippet-4w.json", &err));
        auto* button = w.menuBar()->findChild<QToolButton*>("modelGenerationButton");
        QVERIFY(button);
        QCOMPARE(button->text(), QString("PhysX 4.1 model"));
        auto* action = w.findChild<QAction*>("convertModelAction");
        QVERIFY(action);
        QCOMPARE(action->text(), QString("Convert to PhysX 5 &behaviour…"));
        // The report names this car's figures: its front springs rest 22.6 mm higher in the body.
        const QString report = w.generation().report();
        QVERIFY2(report.contains("wheels[0,1].suspension: the wheel rests 22.6 mm higher"), qPrintable(report));
        QVERIFY2(report.contains("drive.differential.type"), qPrintable(report));  // the LS 4WD handbrake rule

        auto* doctor = w.findChild<QLabel*>("doctorSummary");
        QVERIFY(doctor);
        QVERIFY2(doctor->text().startsWith("PhysX 4.1 model · "), qPrintable(doctor->text()));
        QVERIFY(w.generation().convert(false));
        QCOMPARE(w.document().config().simulation.model, ModelGenerationKind::Physx5);
        QCOMPARE(button->text(), QString("PhysX 5 model"));
        QVERIFY2(doctor->text().startsWith("PhysX 5 model · "), qPrintable(doctor->text()));
        QCOMPARE(action->text(), QString("Convert to PhysX 4.1 &behaviour…"));
        QVERIFY(w.document().isModified());
        // One undo step back.
        w.document().undoStack()->undo();
        QCOMPARE(w.document().config().simulation.model, ModelGenerationKind::Physx41);
        QCOMPARE(button->text(), QString("PhysX 4.1 model"));
    }

    void convertAsksFirstAndCancelChangesNothing()
    {
        gui::MainWindow w;
        QString err;
        QVERIFY(w.document().open(kPresets + "/physx-snippet-4w.json", &err));
        w.resize(1366, 768);
        w.show();
        // Answers the dialog: checks what it says, then presses `button`.
        const auto answer = [&](const QString& button) {
            QTimer::singleShot(50, [&, button] {
                auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
                QVERIFY(box);
                QCOMPARE(box->objectName(), QString("convertModelDialog"));
                QVERIFY2(box->informativeText().contains("22.6 mm higher"), qPrintable(box->informativeText()));
                if (const QByteArray dir = qgetenv("JOUNCE_SCREENSHOT_DIR"); !dir.isEmpty())
                    box->grab().save(QString::fromLocal8Bit(dir) + "/convert-model-dialog.png");
                for (QAbstractButton* b : box->buttons())
                    if (b->text() == button)
                        b->click();
            });
        };
        answer("Cancel");
        QVERIFY(!w.generation().convert(true));
        QCOMPARE(w.document().config().simulation.model, ModelGenerationKind::Physx41);
        QVERIFY(!w.document().isModified());
        answer("Convert");
        QVERIFY(w.generation().convert(true));
        QCOMPARE(w.document().config().simulation.model, ModelGenerationKind::Physx5);
    }

    void compareRunsOneCarUnderBothGenerations()
    {
        gui::VehicleDocument doc;
        QString err;
        QVERIFY(doc.open(kPresets + "/physx5-snippet.json", &err));
        gui::CompareWindow w(doc, kPresets);
        QVERIFY(w.setSlotEdited(0));
        QVERIFY(w.setSlotEdited(1, ModelGenerationKind::Physx41));
        w.clearSlot(2);
        w.clearSlot(3);
        QVERIFY(w.setManeuverFile(kPresets + "/maneuvers/braking-100-0.json"));
        QCOMPARE(w.labels(), QStringList({"edited: physx5-snippet [PhysX 5]", "edited: physx5-snippet [PhysX 4.1]"}));
        QCOMPARE(w.vehicles()[0]->simulation.model, ModelGenerationKind::Physx5);
        QCOMPARE(w.vehicles()[1]->simulation.model, ModelGenerationKind::Physx41);
        QSignalSpy shown(&w, &gui::CompareWindow::runsShown);
        QVERIFY(w.run());
        QVERIFY(shown.wait(120000));
        QCOMPARE(w.runs()->size(), std::size_t(2));
        // The same car stops differently under the two generations (sticky tires, P5).
        const auto& runs = *w.runs();
        QVERIFY(runs[0].completed && runs[1].completed);
        QVERIFY2(runs[0].simulatedTime != runs[1].simulatedTime,
                 qPrintable(QString::number(runs[0].simulatedTime) + " s both"));
        // An edit reaches both columns; the one under PhysX 4.1 keeps its generation.
        QVERIFY(doc.setParameter("chassis.mass", 2100.0).isEmpty());
        QCOMPARE(w.vehicles()[1]->chassis.mass, 2100.0);
        QCOMPARE(w.vehicles()[1]->simulation.model, ModelGenerationKind::Physx41);
    }
};

QTEST_MAIN(TestModelGenerationGui)
#include "test_model_generation_gui.moc"
