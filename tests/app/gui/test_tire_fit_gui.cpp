// Edit ▸ Fit tires to another model… (app/gui/TireFitDialog, docs/tires.md "Fitting and
// conversion"): the menu entry opens the dialog; a fit runs off the GUI thread and shows the source
// and fitted curves with their residual and the error table; Apply puts the fitted tires on the
// wheels as one undoable edit, which Undo takes back whole; a fit of a vehicle changed since is not
// applied. With JOUNCE_SCREENSHOT_DIR set, the dialog is saved there as tire-fit.png to look at.

#include "MainWindow.h"
#include "TireFitDialog.h"
#include "VehicleDocument.h"
#include "config/ParameterPaths.h"
#include "support/IsolatedUserFiles.h"
#include "widgets/TireFitChart.h"

#include <QAction>
#include <QChart>
#include <QChartView>
#include <QPushButton>
#include <QGuiApplication>
#include <QScreen>
#include <QSignalSpy>
#include <QTableWidget>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>

using namespace jounce;
using tirefit::SlipDirection;

namespace {

gui::TireFitDialog* openDialog(gui::MainWindow& w)
{
    QAction* action = w.findChild<QAction*>("fitTiresAction");
    if (!action)
        return nullptr;
    action->trigger();
    return w.findChild<gui::TireFitDialog*>("tireFitDialog");
}

bool fitAndWait(gui::TireFitDialog* dialog)
{
    QSignalSpy finished(dialog, &gui::TireFitDialog::fitFinished);
    dialog->fit();
    return dialog->isFitting() && finished.wait(30000);
}

/// The plot areas of a tire fit chart's force plot and residual plot (top first), in its coordinates.
std::vector<QRectF> plotAreas(const widgets::TireFitChart* chart)
{
    QList<QChartView*> views = chart->findChildren<QChartView*>();
    std::sort(views.begin(), views.end(), [](const QChartView* a, const QChartView* b) { return a->y() < b->y(); });
    std::vector<QRectF> areas;
    for (const QChartView* v : views) {
        const QRectF scene = v->chart()->mapRectToScene(v->chart()->plotArea());
        areas.push_back(scene.translated(v->mapTo(chart, v->mapFromScene(QPointF(0, 0)))));
    }
    return areas;
}

}  // namespace

class TestTireFitGui : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { jounce::testing::isolateUserFiles("tire-fit-gui"); }

    void fitShowsCurvesResidualAndErrors()
    {
        gui::MainWindow w;
        QString error;
        QVERIFY2(w.document().open(QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json"), &error), qPrintable(error));
        QVERIFY(!w.findChild<QAction*>("fitTiresAction")->toolTip().isEmpty());
        gui::TireFitDialog* dialog = openDialog(w);
        QVERIFY(dialog && dialog->isVisible());
        QVERIFY(!dialog->findChild<QPushButton*>("applyTireFit")->isEnabled());
        dialog->setChoice(tirefit::WheelChoice::All, TireModelKind::MagicFormula);
        QVERIFY(fitAndWait(dialog));
        const tirefit::VehicleTireFit* fit = dialog->result();
        QVERIFY(fit && fit->ok());
        QCOMPARE(fit->groups.size(), std::size_t(2));
        // The default ranges, whatever unit the slip angle is shown in: the CLI's.
        QCOMPARE(fit->groups[0].fit.lateral.range, (tirefit::SlipRange{-0.5, 0.5}));
        QCOMPARE(fit->groups[0].fit.longitudinal.range, (tirefit::SlipRange{-1.0, 1.0}));
        for (const SlipDirection d : {SlipDirection::Longitudinal, SlipDirection::Lateral}) {
            const widgets::TireFitChart* chart = dialog->chart(d);
            QCOMPARE(chart->residualPoints(), 201);
            // The residual drawn is the front group's largest error, which the table reports.
            QCOMPARE(chart->residualPeak(), fit->groups[0].fit.error(d).max);
            QVERIFY(chart->residualPeak() > 0.0);
        }
        auto* table = dialog->findChild<QTableWidget*>("tireFitErrors");
        QVERIFY(table && table->item(0, 0) && table->item(1, 0));
        QCOMPARE(table->item(0, 0)->text(), QString("slip ratio -1 to 1"));
        QVERIFY2(table->item(1, 0)->text().startsWith("slip angle -"), qPrintable(table->item(1, 0)->text()));
        QVERIFY(!table->item(1, 3)->text().isEmpty());
        QVERIFY(dialog->findChild<QPushButton*>("applyTireFit")->isEnabled());
        if (const QByteArray dir = qgetenv("JOUNCE_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QTest::qWait(200);
            QVERIFY(dialog->grab().save(QString::fromLocal8Bit(dir) + "/tire-fit.png"));
        }
    }

    void forceAndResidualPlotsLineUp()
    {
        // The force plot's labels ("5000") are wider than the residual's ("40"): at 1366x768 its
        // plot area started about 75 px from the left, the residual's about 60, under one slip axis.
        gui::MainWindow w;
        QString error;
        QVERIFY2(w.document().open(QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json"), &error), qPrintable(error));
        gui::TireFitDialog* dialog = openDialog(w);
        QVERIFY(dialog);
        dialog->setChoice(tirefit::WheelChoice::All, TireModelKind::MagicFormula);
        QVERIFY(fitAndWait(dialog));
        // The dialog's sizes on 1366x768 and 1920x1080 screens, and a small one.
        for (const QSize size : {QSize(1180, 691), QSize(1180, 720), QSize(760, 520)}) {
            dialog->resize(size);
            QTest::qWait(100);
            for (const SlipDirection d : {SlipDirection::Longitudinal, SlipDirection::Lateral}) {
                const std::vector<QRectF> areas = plotAreas(dialog->chart(d));
                QCOMPARE(areas.size(), std::size_t(2));
                const QString what = QStringLiteral("%1x%2, %3: force plot %4..%5, residual %6..%7")
                                         .arg(size.width())
                                         .arg(size.height())
                                         .arg(d == SlipDirection::Lateral ? "lateral" : "longitudinal")
                                         .arg(areas[0].left())
                                         .arg(areas[0].right())
                                         .arg(areas[1].left())
                                         .arg(areas[1].right());
                QVERIFY2(std::abs(areas[0].left() - areas[1].left()) < 0.5, qPrintable(what));
                QVERIFY2(std::abs(areas[0].right() - areas[1].right()) < 0.5, qPrintable(what));
                QVERIFY2(areas[0].width() > size.width() / 4, qPrintable(what));
            }
        }
    }

    void applyIsOneUndoableEdit()
    {
        gui::MainWindow w;
        QString error;
        QVERIFY2(w.document().open(QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json"), &error), qPrintable(error));
        const VehicleConfig before = w.document().config();
        gui::TireFitDialog* dialog = openDialog(w);
        dialog->setChoice(tirefit::WheelChoice::Front, TireModelKind::Unity);
        QVERIFY(fitAndWait(dialog));
        const int steps = w.document().undoStack()->count();
        dialog->setChoice(tirefit::WheelChoice::All, TireModelKind::MagicFormula);  // after the fit: not what it was of
        QCOMPARE(dialog->apply(), QString());
        QCOMPARE(w.document().undoStack()->count(), steps + 1);
        QCOMPARE(w.document().undoStack()->undoText(), QString("Fit front tires to Unity"));
        const VehicleConfig& after = w.document().config();
        QVERIFY(after.wheels[0].tire.unity() && after.wheels[1].tire.unity());
        QVERIFY(after.wheels[2].tire.physx() && after.wheels[3].tire.physx());
        QVERIFY(after.wheels[0].tire.params == dialog->result()->groups[0].fit.fitted);
        QVERIFY(!dialog->apply().isEmpty());  // applied once
        w.document().undoStack()->undo();
        QVERIFY(w.document().config() == before);
    }

    void aStaleFitIsNotApplied()
    {
        gui::MainWindow w;
        QString error;
        QVERIFY2(w.document().open(QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json"), &error), qPrintable(error));
        gui::TireFitDialog* dialog = openDialog(w);
        dialog->setChoice(tirefit::WheelChoice::Rear, TireModelKind::MagicFormula);
        QVERIFY(fitAndWait(dialog));
        QCOMPARE(w.document().setParameter(config::param::wheels::suspension::sprungMass(2), config::Json(400.0)), QString());
        QVERIFY(!dialog->findChild<QPushButton*>("applyTireFit")->isEnabled());
        const int steps = w.document().undoStack()->count();
        QVERIFY(dialog->apply().contains("changed since this fit"));
        QCOMPARE(w.document().undoStack()->count(), steps);
        QVERIFY(w.document().config().wheels[2].tire.physx());
    }

    void aRefusedFitSaysWhy()
    {
        gui::MainWindow w;
        QString error;
        QVERIFY2(w.document().open(QStringLiteral(JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json"), &error), qPrintable(error));
        gui::TireFitDialog* dialog = openDialog(w);
        dialog->setChoice(tirefit::WheelChoice::All, TireModelKind::PhysX);
        QVERIFY(fitAndWait(dialog));
        QVERIFY(!dialog->result()->ok());
        QVERIFY(!dialog->findChild<QPushButton*>("applyTireFit")->isEnabled());
        QCOMPARE(dialog->chart(SlipDirection::Lateral)->residualPoints(), 0);
        QVERIFY(!dialog->apply().isEmpty());
    }
};

QTEST_MAIN(TestTireFitGui)
#include "test_tire_fit_gui.moc"
