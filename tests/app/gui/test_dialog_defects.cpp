// The dialogs' defects found when the workbench was tried as a tuner would (issue #31 item 9,
// "Dialogs"), offscreen, one test per defect; each test says what was wrong.

#include "CompareWindow.h"
#include "ExchangeActions.h"
#include "MainWindow.h"
#include "SweepWindow.h"
#include "VehicleDocument.h"

#include "config/VehicleJson.h"
#include "widgets/CompareParameterTable.h"
#include "widgets/HeatMap.h"
#include "support/IsolatedUserFiles.h"

#include <QAction>
#include <QComboBox>
#include <QCompleter>
#include <QAbstractItemView>
#include <QFileDialog>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include <functional>
#include <numeric>

using namespace jounce;

namespace {

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");
const QString kSnippet = QStringLiteral(JOUNCE_SOURCE_DIR "/tests/exchange/data/physx5-snippet");
const QString kReferenceCar = kPresets + "/physx-snippet-4w.json";

/// Runs `answer` on the first modal dialog that opens while `action` runs (polling, as a user
/// waits for it); false when none opened.
bool whileModal(const std::function<void()>& action, const std::function<void(QWidget*)>& answer)
{
    bool seen = false;
    QTimer poll;
    poll.setInterval(20);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (QWidget* modal = QApplication::activeModalWidget(); modal && !seen) {
            seen = true;
            answer(modal);
        }
    });
    poll.start();
    action();
    poll.stop();
    return seen;
}

/// The folder a file dialog opened by `action` shows; it is then cancelled.
QString dialogFolder(const std::function<void()>& action)
{
    QString folder;
    whileModal(action, [&](QWidget* modal) {
        if (auto* dialog = qobject_cast<QFileDialog*>(modal)) {
            folder = QFileInfo(dialog->directory().absolutePath()).canonicalFilePath();
            dialog->reject();
        }
    });
    return folder;
}

QString canonical(const QString& path)
{
    return QFileInfo(path).canonicalFilePath();
}

/// The sweep window of a workbench on the reference car: standing starts on flat ground, the
/// engine's peak torque over `torque` and the final drive over 3.5 to 4.5, three levels each.
gui::SweepWindow* openSweep(gui::MainWindow& w, std::pair<double, double> torque)
{
    w.simulation().pause();
    QAction* action = w.findChild<QAction*>(QStringLiteral("sweepAction"));
    if (!action)
        return nullptr;
    action->trigger();
    auto* sweep = w.findChild<gui::SweepWindow*>();
    if (!sweep || !sweep->setManeuverFile(kPresets + "/maneuvers/acceleration-0-100.json") || !sweep->setTerrainFile({}) ||
        !sweep->addParameter("drive.engine.peakTorque") || !sweep->addParameter("drive.gears.finalRatio"))
        return nullptr;
    sweep->setParameterRange(0, torque.first, torque.second, 3);
    sweep->setParameterRange(1, 3.5, 4.5, 3);
    return sweep;
}

double sprungSum(const VehicleConfig& c)
{
    return std::accumulate(c.wheels.begin(), c.wheels.end(), 0.0,
                           [](double s, const WheelConfig& w) { return s + w.suspension.sprungMass; });
}

}  // namespace

class TestDialogDefects : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        jounce::testing::isolateUserFiles("dialog-defects");
    }

    /// The conversion report pushed Why off the right edge (What as wide as its longest subject)
    /// and cut its rows to one line: every column now fits the view, and each row is as tall as
    /// its words wrapped at its column's width, at the dialog's size and smaller.
    void conversionReportFitsAndWraps()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/rally-car.json"));
        w.resize(1366, 768);
        auto* actions = w.findChild<gui::ExchangeActions*>();
        QVERIFY(actions);
        QTemporaryDir dir;
        QCOMPARE(actions->exportPhysx5(dir.path()), QString());
        gui::ConversionReportDialog* real = actions->lastReport();
        QVERIFY(real);
        // An import's problems name their file: a long What.
        exchange::ConversionReport report;
        report.title = "PhysX 5 import";
        report.approximated("wheels[*].suspension", "an approximation whose reason runs over several lines of the "
                                                    "report: what it was, what it became and by how much, with the "
                                                    "numbers involved, as every note of an import or export says");
        exchange::FileProblems problems{std::string("/home/tuner/vehicles/downloads/nvidia-snippets/physx5/") +
                                            std::string("a-rather-long-folder-name/EngineDrive.json"),
                                        {}};
        problems.problems.warning("/engine/idleOmega", "a warning whose reason is long enough to need more than one "
                                                       "line in the Why column of the report at every size the dialog "
                                                       "takes, because it names the numbers involved and why");
        gui::ConversionReportDialog synthetic("Imported", report, {problems}, &w);
        for (gui::ConversionReportDialog* d : {real, &synthetic}) {
            for (const QSize size : {d->size(), QSize(640, 400)}) {
                d->resize(size);
                d->show();
                QVERIFY(QTest::qWaitForWindowExposed(d));
                QTest::qWait(20);  // the queued relayout of the rows
                QTreeWidget* t = d->table();
                const QHeaderView* h = t->header();
                const int view = t->viewport()->width();
                QVERIFY2(h->sectionViewportPosition(2) + h->sectionSize(2) <= view,
                         qPrintable(QString("Why ends at %1 of %2").arg(h->sectionViewportPosition(2) + h->sectionSize(2)).arg(view)));
                QVERIFY2(h->sectionSize(2) >= view / 2, qPrintable(QString("Why %1 of %2").arg(h->sectionSize(2)).arg(view)));
                QVERIFY(!t->horizontalScrollBar()->isVisible());
                const QFontMetrics fm(t->font());
                bool wrapped = false;
                for (int i = 0; i < t->topLevelItemCount(); ++i) {
                    QTreeWidgetItem* item = t->topLevelItem(i);
                    for (int c = 1; c < 3; ++c) {
                        const QRect cell = t->visualItemRect(item);
                        const int margin = t->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, t) + 1;
                        const int textWidth = h->sectionSize(c) - 2 * margin;
                        // A path (What) may break after its dots and slashes, as a line of words at spaces.
                        QString text = item->text(c);
                        if (c == 1)
                            text.replace(QRegularExpression("([./])"), "\\1\u200B");
                        const QRect needed = fm.boundingRect(QRect(0, 0, textWidth, 10000), Qt::TextWordWrap, text);
                        QVERIFY2(cell.height() >= needed.height() && needed.width() <= textWidth,
                                 qPrintable(QString("row %1 column %2: %3 px for %4 x %5 px of text: %6")
                                                .arg(i).arg(c).arg(cell.height()).arg(needed.width()).arg(needed.height()).arg(item->text(c))));
                        wrapped = wrapped || cell.height() >= 2 * fm.lineSpacing();
                    }
                }
                QVERIFY(wrapped);
                if (const QByteArray shots = qgetenv("JOUNCE_SCREENSHOT_DIR"); !shots.isEmpty())
                    d->grab().save(QString("%1/conversion-report-%2-%3x%4.png")
                                       .arg(QString::fromLocal8Bit(shots), d == real ? "export" : "import")
                                       .arg(size.width())
                                       .arg(size.height()));
            }
        }
    }

    /// Export ▸ PhysX 5 opened in the last import's folder (a test fixture's): exports now keep a
    /// folder of their own, the user's documents folder until the first export (the vehicle, a
    /// preset, has no folder of the user's), and imports keep theirs.
    void exportsOpenInTheirOwnFolder()
    {
        QSettings().clear();
        QSettings().setValue("exchange/dir", kSnippet);  // as a PhysX 5 import from the fixtures leaves it
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kReferenceCar));
        QAction* exportPhysx5 = w.findChild<QAction*>("exportPhysx5Action");
        QAction* exportUsd = w.findChild<QAction*>("exportUsdAction");
        QAction* importUsd = w.findChild<QAction*>("importUsdAction");
        QVERIFY(exportPhysx5 && exportUsd && importUsd);
        const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
        const QString expected = canonical(QFileInfo(documents).isDir() ? documents : QDir::homePath());
        const QString first = dialogFolder([&] { exportPhysx5->trigger(); });
        QVERIFY2(first != canonical(kSnippet), qPrintable(first));
        QCOMPARE(first, expected);

        // The user picks a folder: the next exports open there, the imports still in theirs.
        QTemporaryDir out;
        QVERIFY(whileModal([&] { exportPhysx5->trigger(); }, [&](QWidget* modal) {
            auto* dialog = qobject_cast<QFileDialog*>(modal);
            QVERIFY(dialog);
            dialog->setDirectory(out.path());
            static_cast<QDialog*>(dialog)->accept();  // QFileDialog::accept, as its Choose button
        }));
        QVERIFY(QFile::exists(out.filePath("Base.json")));
        QCOMPARE(dialogFolder([&] { exportPhysx5->trigger(); }), canonical(out.path()));
        QCOMPARE(dialogFolder([&] { exportUsd->trigger(); }), canonical(out.path()));
        QCOMPARE(dialogFolder([&] { importUsd->trigger(); }), canonical(kSnippet));
    }

    /// The sweep window's Add ignored a typed path (only Enter added it): the list of matches is
    /// open while typing, and the click on Add only closed it. One click now adds the path, and a
    /// bad path is refused with its message, as Enter does.
    void sweepAddTakesTheTypedPath()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kReferenceCar));
        w.simulation().pause();
        w.findChild<QAction*>(QStringLiteral("sweepAction"))->trigger();
        auto* sweep = w.findChild<gui::SweepWindow*>();
        QVERIFY(sweep);
        sweep->resize(1200, 740);
        sweep->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(sweep));
        auto* add = sweep->findChild<QPushButton*>(QStringLiteral("addSweepParameter"));
        QVERIFY(add);
        QComboBox* picker = nullptr;
        for (auto* box : sweep->findChildren<QComboBox*>())
            if (box->isEditable())
                picker = box;
        QVERIFY(picker);
        auto* status = sweep->findChild<QLabel*>(QStringLiteral("sweepStatus"));
        QVERIFY(status);
        // As the user clicks: through the window, where the open list of matches takes the press.
        const auto typeAndClickAdd = [&](const QString& path) {
            picker->lineEdit()->setFocus();
            picker->lineEdit()->clear();
            QTest::keyClicks(picker->lineEdit(), path);
            QVERIFY(picker->completer()->popup()->isVisible());  // the matches, the path among them
            QTest::mouseClick(sweep->windowHandle(), Qt::LeftButton, {}, add->mapTo(sweep, add->rect().center()));
        };
        typeAndClickAdd("wheels[0].wheel.radius");
        QCOMPARE(sweep->parameterCount(), 1);
        QCOMPARE(picker->currentText(), QString());
        QVERIFY2(status->text().contains("Added wheels[0].wheel.radius"), qPrintable(status->text()));
        typeAndClickAdd("wheels[0].wheel.radiu");
        QCOMPARE(sweep->parameterCount(), 1);
        QVERIFY2(status->text().contains("wheels[0].wheel.radiu is no number parameter"), qPrintable(status->text()));
        QCOMPARE(picker->currentText(), QString("wheels[0].wheel.radiu"));  // kept, to be corrected
        typeAndClickAdd("drive.engine.peakTorque");
        QCOMPARE(sweep->parameterCount(), 2);
    }

    /// The colour scale's tick marks touched their labels ("-10.6" for 10.6) and a tick summed up
    /// from -0.6 in steps of 0.2 read "--0.0": marks now end a gap before their labels, and no
    /// label or cell writes -0.
    void colourScaleTicksStandApartAndNoNegativeZero()
    {
        widgets::HeatMap map;
        widgets::HeatMap::Data d;
        d.title = "figure";
        d.rowTitle = "a";
        d.columnTitle = "b";
        d.rows = {"1", "2"};
        d.columns = {"1", "2", "3"};
        d.cells = {-0.6, -0.1, -0.00004, 0.1, 0.15, 0.2};  // ticks from -0.6 in steps of 0.2
        map.setData(d);
        map.resize(560, 420);
        map.show();
        QVERIFY(QTest::qWaitForWindowExposed(&map));
        const std::vector<widgets::HeatMap::LegendTick> ticks = map.legendTicks();
        QVERIFY(ticks.size() >= 4);
        const QImage image = map.grab().toImage();
        const QColor base = map.palette().color(QPalette::Base);
        bool zero = false;
        for (const widgets::HeatMap::LegendTick& t : ticks) {
            QVERIFY2(!t.text.startsWith("-0") || t.text.contains(QRegularExpression("[1-9]")), qPrintable(t.text));
            zero = zero || t.text == "0";
            const int gap = t.label.left() - std::max(t.mark.x1(), t.mark.x2()) - 1;
            QVERIFY2(gap >= 4, qPrintable(QString("%1: %2 px between mark and label").arg(t.text).arg(gap)));
            // Drawn so: nothing between the mark's end and the label, on the mark's row.
            for (int x = std::max(t.mark.x1(), t.mark.x2()) + 1; x < t.label.left(); ++x)
                QCOMPARE(image.pixelColor(x * image.width() / map.width(), t.mark.y1() * image.height() / map.height()), base);
        }
        QVERIFY(zero);
        // The cell of -0.00004 at two decimals: "0", not "-0.00".
        QVERIFY2(map.cellToolTip(0, 2).contains("figure: 0 "), qPrintable(map.cellToolTip(0, 2)));
    }

    /// Nothing showed which cell was the base vehicle: its cell carries a marker, explained under
    /// the colour scale and in the cell's tooltip; a base outside the grid marks the nearest cell.
    void heatMapMarksTheBaseVehicle()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kReferenceCar));  // 500 N m, final drive 4
        for (const auto& [torque, row, exact] : {std::tuple{std::pair{400.0, 600.0}, 1, true},
                                                 std::tuple{std::pair{600.0, 800.0}, 0, false}}) {
            gui::SweepWindow* sweep = openSweep(w, torque);
            QVERIFY(sweep);
            QSignalSpy shown(sweep, &gui::SweepWindow::resultsShown);
            QVERIFY(sweep->runSweep());
            QVERIFY(shown.wait(60000));
            sweep->resize(1200, 800);
            QVERIFY(QTest::qWaitForWindowExposed(sweep));
            widgets::HeatMap& map = sweep->heatMap();
            QCOMPARE(map.data().baseRow, row);
            QCOMPARE(map.data().baseColumn, 1);
            const QRect marker = map.baseMarkerRect();
            QVERIFY(!marker.isEmpty() && map.cellRect(row, 1).contains(marker));
            const QImage image = map.grab().toImage();
            const QPoint centre = marker.center() * image.width() / map.width();
            QCOMPARE(image.pixelColor(centre), QColor(Qt::white));
            const QString tip = map.cellToolTip(row, 1);
            QVERIFY2(tip.contains(exact ? "the base vehicle: drive.engine.peakTorque = 500" : "nearest the base vehicle"),
                     qPrintable(tip));
            QVERIFY(!map.cellToolTip(2, 2).contains("base vehicle"));
            sweep->close();
            // Each run of the loop starts a fresh setup: remove the two parameters.
            QVERIFY(QTest::qWaitFor([&] { return !sweep->isVisible(); }));
            for (int r = sweep->parameterCount() - 1; r >= 0; --r)
                sweep->removeParameter(r);
        }
    }

    /// Every wheel had its own row (190 rows for two presets; wheels[0..3].wheel.radius was four):
    /// the wheels that agree in every vehicle now share one row, and copying it copies each wheel.
    void wheelsThatAgreeShareOneRow()
    {
        gui::VehicleDocument doc;
        QString error;
        QVERIFY(doc.open(kPresets + "/family-hatchback.json", &error));
        gui::CompareWindow w(doc, kPresets);
        QVERIFY(w.setSlotFile(1, kPresets + "/sports-car.json"));
        w.clearSlot(2);
        w.clearSlot(3);
        widgets::CompareParameterTable& table = w.parameterTable();
        table.setShowAll(true);
        const QStringList all = table.listedPaths();
        QVERIFY(all.contains("wheels[0..3].wheel.radius"));
        for (int i = 0; i < 4; ++i)
            QVERIFY(!all.contains(QString("wheels[%1].wheel.radius").arg(i)));
        // Front and rear springs differ in the hatchback: a row per axle, not one per wheel.
        QVERIFY(all.contains("wheels[0..1].suspension.springStrength"));
        QVERIFY(all.contains("wheels[2..3].suspension.springStrength"));
        // Mirrored lateral positions differ: a row per wheel still.
        QVERIFY(all.contains("wheels[3].geometry.wheelCentreOffset[1]"));
        qsizetype leaves = 0;  // the rows there were, one per wheel
        const QRegularExpression run(R"(^wheels\[(\d+)\.\.(\d+)\])");
        for (const QString& path : all) {
            const QRegularExpressionMatch m = run.match(path);
            leaves += m.hasMatch() ? m.captured(2).toInt() - m.captured(1).toInt() + 1 : 1;
        }
        qInfo("hatchback and sports car, every parameter: %lld rows for %lld leaves", static_cast<long long>(all.size()),
              static_cast<long long>(leaves));
        QVERIFY(all.size() * 4 <= leaves * 3);  // a quarter fewer rows at least (205 for 304)

        table.setShowAll(false);
        const QStringList differing = table.listedPaths();
        QVERIFY(differing.contains("wheels[0..3].wheel.radius"));  // 0.316 m against 0.326 m
        QVERIFY(!differing.contains("wheels[0].wheel.radius"));
        qInfo("differing: %lld rows", static_cast<long long>(differing.size()));

        // One copy of the row sets every wheel's radius, as one step.
        const int undoBefore = doc.undoStack()->count();
        QVERIFY(table.selectCell("wheels[0..3].wheel.radius", 1));
        QVERIFY(table.copyValueAction()->isEnabled());
        table.copyValueAction()->trigger();
        for (const WheelConfig& wheel : doc.config().wheels)
            QCOMPARE(wheel.wheel.radius, 0.326);
        QCOMPARE(doc.undoStack()->count(), undoBefore + 1);
        QVERIFY(!table.listedPaths().contains("wheels[0..3].wheel.radius"));  // equal now
        // A wheel set apart by an edit gets its own row again.
        QCOMPARE(doc.setParameter("wheels[2].wheel.radius", 0.33), QString());
        table.setShowAll(true);
        QVERIFY(table.listedPaths().contains("wheels[0..1].wheel.radius"));
        QVERIFY(table.listedPaths().contains("wheels[2].wheel.radius"));
        QVERIFY(table.listedPaths().contains("wheels[3].wheel.radius"));
        QVERIFY(table.selectCell("wheels[1].wheel.radius", 1));  // a wheel's path finds its row
    }

    /// Copying the rally car's suspension into a 1500 kg car brought its sprung masses (1300 kg in
    /// all) without a word: the copy now asks, naming both masses, and Fit scales them to the
    /// chassis mass with their springs and dampers (ride frequencies kept), as one undo step.
    void copiedSprungMassesAreFittedOrKeptOnRequest()
    {
        gui::VehicleDocument doc;
        QString error;
        QVERIFY(doc.open(kReferenceCar, &error));
        QCOMPARE(doc.config().chassis.mass, 1500.0);
        gui::CompareWindow w(doc, kPresets);
        QVERIFY(w.setSlotFile(1, kPresets + "/rally-car.json"));
        w.clearSlot(2);
        w.clearSlot(3);
        const VehicleConfig before = doc.config();
        const VehicleConfig rally = config::loadVehicle((kPresets + "/rally-car.json").toStdString()).config;
        QCOMPARE(sprungSum(rally), 1300.0);

        const auto answer = [](const char* button, QString& text) {
            return [button, &text](QWidget* modal) {
                auto* box = qobject_cast<QMessageBox*>(modal);
                QVERIFY(box);
                QCOMPARE(box->objectName(), QString("sprungMassBox"));
                text = box->text() + "\n" + box->informativeText();
                auto* b = box->findChild<QPushButton*>(button);
                QVERIFY(b);
                b->click();
            };
        };
        QVERIFY(w.parameterTable().selectCell("wheels[0].suspension.springStrength", 1));
        const int undoBefore = doc.undoStack()->count();
        QString text;
        QVERIFY(whileModal([&] { w.parameterTable().copySectionAction()->trigger(); }, answer("fitSprungMasses", text)));
        QVERIFY2(text.contains("1300 kg") && text.contains("1500 kg"), qPrintable(text));
        QCOMPARE(doc.undoStack()->count(), undoBefore + 1);
        QVERIFY(std::abs(sprungSum(doc.config()) - 1500.0) < 1e-6);
        for (std::size_t i = 0; i < 4; ++i) {
            const SuspensionData& s = doc.config().wheels[i].suspension;
            const SuspensionData& r = rally.wheels[i].suspension;
            QVERIFY(std::abs(s.sprungMass / r.sprungMass - 1500.0 / 1300.0) < 1e-9);
            QVERIFY(std::abs(s.springStrength / s.sprungMass - r.springStrength / r.sprungMass) < 1e-6);  // ride frequency
            QCOMPARE(s.maxDroop, r.maxDroop);
        }
        doc.undoStack()->undo();
        QVERIFY(doc.config() == before);

        // As they are, said in the note; Cancel copies nothing.
        QString note;
        const QString section = QString::fromStdString(compare::sectionOfPointer("/wheels/0/suspension/sprungMass"));
        QVERIFY(whileModal([&] {
            QCOMPARE(w.copyIntoEdited(1, compare::CopyScope::Section, section, "Copy", &note), QString());
        }, answer("keepSprungMasses", text)));
        QCOMPARE(sprungSum(doc.config()), 1300.0);
        QVERIFY2(note.contains("1300 kg") && note.contains("1500 kg"), qPrintable(note));
        doc.undoStack()->undo();
        QVERIFY(whileModal([&] {
            QVERIFY(!w.copyIntoEdited(1, compare::CopyScope::Section, section, "Copy").isEmpty());
        }, [](QWidget* modal) { qobject_cast<QMessageBox*>(modal)->reject(); }));
        QVERIFY(doc.config() == before);
    }
};

QTEST_MAIN(TestDialogDefects)
#include "test_dialog_defects.moc"
