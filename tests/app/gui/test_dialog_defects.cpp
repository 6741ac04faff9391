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

}  // namespace

class TestDialogDefects : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        qputenv("XDG_CONFIG_HOME", QDir::temp().filePath("jounce-test-dialog-defects-config").toUtf8());
        qputenv("JOUNCE_RECOVERY_DIR", QDir::temp().filePath("jounce-test-dialog-defects-recovery").toUtf8());
        QSettings().clear();
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

};

QTEST_MAIN(TestDialogDefects)
#include "test_dialog_defects.moc"
