// Nothing lost (offscreen): the edited vehicle is autosaved a few seconds after an edit, a clean
// close or a save removes the copy, a session that crashed (std::terminate in a child process, or
// a copy left by a dead pid) is offered at the next start and recovered as unsaved edits of its
// file; an exception thrown in an event handler is caught, reported and saved for recovery; the
// telemetry exports replace their files atomically.

#include "Application.h"
#include "MainWindow.h"
#include "Recovery.h"
#include "config/VehicleJson.h"
#include "widgets/ParameterEditor.h"
#include "widgets/TelemetryPanel.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <stdexcept>
#include <thread>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace jounce;

namespace {

const QString kPresets = QStringLiteral(JOUNCE_SOURCE_DIR "/presets");
const char* const kSpring = "wheels[0].suspension.springStrength";

QJsonObject readNote(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.readAll()).object() : QJsonObject();
}

double recoveredSpring(const QString& vehicleFile)
{
    const config::VehicleFile doc = config::loadVehicle(vehicleFile.toStdString());
    return doc.parsed ? doc.config.wheels[0].suspension.springStrength : -1.0;
}

/// A copy of a preset the tests may edit and save.
QString copyOfPreset(const QTemporaryDir& dir, const QString& name)
{
    const QString path = dir.filePath(name);
    QFile::remove(path);
    QFile::copy(kPresets + "/" + name, path);
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    return path;
}

/// The recovery dialog `offerRecovery` opened on `w`, or null.
QMessageBox* recoveryDialog(gui::MainWindow& w)
{
    QMessageBox* box = nullptr;
    const bool shown = QTest::qWaitFor([&] { return (box = w.findChild<QMessageBox*>("RecoveryDialog")) && box->isVisible(); }, 5000);
    return shown ? box : nullptr;
}

void click(QMessageBox* box, const char* button)
{
    QPushButton* b = box->findChild<QPushButton*>(button);
    QVERIFY(b);
    b->click();
}

ino_t inode(const QString& path)
{
    struct stat st {};
    return ::stat(path.toLocal8Bit().constData(), &st) == 0 ? st.st_ino : 0;
}

/// The child process of crashedSessionIsOfferedAndRecovered: edits a vehicle, then an exception
/// escapes a worker thread (std::terminate). Never returns.
[[noreturn]] void crashChild(int argc, char** argv, const QString& vehicle)
{
    gui::Application app(argc, argv);
    gui::MainWindow w;
    if (!w.openVehicle(vehicle) || !w.parameters().editCell(kSpring, "77777").isEmpty())
        std::_Exit(2);
    std::thread([] { throw std::runtime_error("boom on a worker thread"); }).join();
    std::_Exit(3);  // not reached: std::terminate aborts
}

/// A widget whose mouse handler throws, as a bug would.
class ThrowingWidget final : public QWidget {
protected:
    void mousePressEvent(QMouseEvent*) override { throw std::logic_error("boom in mousePressEvent"); }
};

}  // namespace

class TestRecovery : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QVERIFY(recoveryRoot_.isValid() && files_.isValid());
        qputenv("JOUNCE_RECOVERY_DIR", recoveryRoot_.path().toUtf8());
        qputenv("XDG_CONFIG_HOME", QDir(files_.path()).filePath("config").toUtf8());
        QCOMPARE(gui::recoveryDir(), recoveryRoot_.path());
    }

    void cleanup()
    {
        QDir dir(recoveryRoot_.path());
        for (const QString& f : dir.entryList(QDir::Files))
            dir.remove(f);
    }

    void editIsAutosavedAfterAPauseAndSavingRemovesIt()
    {
        const QString path = copyOfPreset(files_, "physx-snippet-4w.json");
        gui::MainWindow w;
        QVERIFY(w.openVehicle(path));
        gui::Autosave& autosave = w.autosave();
        QVERIFY(!QFileInfo::exists(autosave.vehicleFile()));
        QElapsedTimer sinceEdit;
        sinceEdit.start();
        QCOMPARE(w.parameters().editCell(kSpring, "90000"), QString());
        // Debounced: nothing while the user may still be typing...
        QTest::qWait(1000);
        QVERIFY(!QFileInfo::exists(autosave.vehicleFile()));
        // ... the copy a few seconds after the last edit.
        QVERIFY(QTest::qWaitFor([&] { return QFileInfo::exists(autosave.noteFile()); }, 10000));
        // (A coarse timer may fire up to 5 % early.)
        QVERIFY2(sinceEdit.elapsed() >= gui::Autosave::kDelayMs * 95 / 100, qPrintable(QString::number(sinceEdit.elapsed())));
        QCOMPARE(recoveredSpring(autosave.vehicleFile()), 90000.0);
        const QJsonObject note = readNote(autosave.noteFile());
        QCOMPARE(note.value("originalPath").toString(), QFileInfo(path).absoluteFilePath());
        QCOMPARE(note.value("pid").toInteger(), qint64(::getpid()));
        QVERIFY(QDateTime::fromString(note.value("savedAt").toString(), Qt::ISODateWithMs).secsTo(QDateTime::currentDateTimeUtc()) < 60);
        QVERIFY(QFileInfo(autosave.vehicleFile()).absolutePath() == recoveryRoot_.path());
        // The copy of a running process is never offered.
        QVERIFY(gui::findRecoverable().empty());

        // The next edit updates it.
        autosave.setDelay(100);
        QCOMPARE(w.parameters().editCell(kSpring, "91000"), QString());
        QVERIFY(QTest::qWaitFor([&] { return recoveredSpring(autosave.vehicleFile()) == 91000.0; }, 5000));

        // Saving the vehicle removes the copy.
        QCOMPARE(w.document().save(), QString());
        QVERIFY(!QFileInfo::exists(autosave.vehicleFile()));
        QVERIFY(!QFileInfo::exists(autosave.noteFile()));
    }

    void undoingToTheFileAndClosingRemoveTheCopy()
    {
        const QString path = copyOfPreset(files_, "physx-snippet-4w.json");
        auto w = std::make_unique<gui::MainWindow>();
        QVERIFY(w->openVehicle(path));
        QCOMPARE(w->parameters().editCell(kSpring, "90000"), QString());
        QCOMPARE(w->autosave().writeNow(), QString());
        QVERIFY(QFileInfo::exists(w->autosave().vehicleFile()));
        w->document().undoStack()->undo();  // back to the file: nothing to recover
        QVERIFY(!QFileInfo::exists(w->autosave().vehicleFile()));

        // Closing the window and discarding the edits.
        QCOMPARE(w->parameters().editCell(kSpring, "90000"), QString());
        QCOMPARE(w->autosave().writeNow(), QString());
        const QString copy = w->autosave().vehicleFile();
        QVERIFY(QFileInfo::exists(copy));
        w->show();
        QTimer::singleShot(0, [] {
            auto* ask = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (ask)
                ask->button(QMessageBox::Discard)->click();
        });
        QVERIFY(w->close());
        QVERIFY(!QFileInfo::exists(copy));

        // A clean exit (the window destroyed) with unsaved edits removes it too.
        auto other = std::make_unique<gui::MainWindow>();
        QVERIFY(other->openVehicle(path));
        QCOMPARE(other->parameters().editCell(kSpring, "95000"), QString());
        QCOMPARE(other->autosave().writeNow(), QString());
        const QString otherCopy = other->autosave().vehicleFile();
        QVERIFY(QFileInfo::exists(otherCopy) && otherCopy != copy);
        other.reset();
        QVERIFY(!QFileInfo::exists(otherCopy));
        QCOMPARE(QDir(recoveryRoot_.path()).entryList(QDir::Files), QStringList());
    }

    void crashedSessionIsOfferedAndRecovered()
    {
        const QString path = copyOfPreset(files_, "physx-snippet-4w.json");
        // A real crash: a child edits the vehicle, then an exception escapes a worker thread.
        QProcess child;
        child.start(QCoreApplication::applicationFilePath(), {"--crash-child", path});
        QVERIFY(child.waitForStarted());
        const qint64 childPid = child.processId();
        QVERIFY(child.waitForFinished(60000));
        const QString err = QString::fromUtf8(child.readAllStandardError());
        QCOMPARE(child.exitStatus(), QProcess::CrashExit);  // it still aborts
        QVERIFY2(err.contains("jounce: fatal error: boom on a worker thread"), qPrintable(err));
        QVERIFY2(err.contains("the unsaved edits were saved"), qPrintable(err));

        const std::vector<gui::RecoveryEntry> found = gui::findRecoverable();
        QCOMPARE(found.size(), std::size_t(1));
        QCOMPARE(found.front().pid, childPid);
        QCOMPARE(found.front().originalPath, QFileInfo(path).absoluteFilePath());
        QCOMPARE(recoveredSpring(found.front().vehicleFile), 77777.0);

        // The next start offers it; Recover opens the edits as unsaved changes of the file.
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/sports-car.json"));
        w.show();
        QVERIFY(gui::offerRecovery(w));
        QMessageBox* box = recoveryDialog(w);
        QVERIFY(box);
        QVERIFY(box->text().contains("physx-snippet-4w.json"));
        QVERIFY(box->text().contains("Recover"));
        click(box, "recover");
        QCOMPARE(w.document().filePath(), QFileInfo(path).absoluteFilePath());
        QVERIFY(w.document().isModified());
        QCOMPARE(w.document().config().wheels[0].suspension.springStrength, 77777.0);
        QCOMPARE(w.parameters().displayText(kSpring), QString("77777"));
        // The crashed session's copy is gone; this window's own copy holds the recovered edits.
        QVERIFY(!QFileInfo::exists(found.front().vehicleFile));
        QCOMPARE(recoveredSpring(w.autosave().vehicleFile()), 77777.0);
        QVERIFY(gui::findRecoverable().empty());
        // One undo step back to the file as it is.
        w.document().undoStack()->undo();
        QCOMPARE(w.document().config().wheels[0].suspension.springStrength, 35000.0);
        QVERIFY(!w.document().isModified());
    }

    void copiesOfDeadProcessesOnlyAreOffered_discardAndLater()
    {
        // Simulated crashes: a copy and its note as a process left them that has ended, and one of
        // a process that still runs (our parent).
        const pid_t dead = [] {
            const pid_t child = ::fork();
            if (child == 0)
                ::_exit(0);
            ::waitpid(child, nullptr, 0);
            return child;
        }();
        const auto plant = [&](qint64 pid, const QString& original, double spring) {
            VehicleConfig car = config::loadVehicle((kPresets + "/physx-snippet-4w.json").toStdString()).config;
            car.wheels[0].suspension.springStrength = spring;
            const QString base = QDir(recoveryRoot_.path()).filePath(QStringLiteral("recovery-%1-1").arg(pid));
            QCOMPARE(config::saveVehicle((base + ".json").toStdString(), car), std::string());
            QJsonObject note{{"format", "jounce.recovery"}, {"version", 1}, {"vehicleFile", QFileInfo(base + ".json").fileName()},
                             {"originalPath", original}, {"name", QFileInfo(original).fileName()},
                             {"savedAt", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)}, {"pid", pid}};
            QFile f(base + ".note.json");
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(QJsonDocument(note).toJson());
        };
        const QString gone = files_.filePath("deleted-since.json");
        plant(dead, gone, 55555);
        plant(::getppid(), files_.filePath("live.json"), 44444);
        // A copy whose note was never written (died between the two writes) is removed.
        QVERIFY(QFile::copy(kPresets + "/tank.json", QDir(recoveryRoot_.path()).filePath(QStringLiteral("recovery-%1-2.json").arg(dead))));

        std::vector<gui::RecoveryEntry> found = gui::findRecoverable();
        QCOMPARE(found.size(), std::size_t(1));
        QCOMPARE(found.front().pid, qint64(dead));
        QVERIFY(!QFileInfo::exists(QDir(recoveryRoot_.path()).filePath(QStringLiteral("recovery-%1-2.json").arg(dead))));

        {
            // Decide later: the copy stays for the next start.
            gui::MainWindow w;
            w.show();
            QVERIFY(gui::offerRecovery(w));
            QMessageBox* box = recoveryDialog(w);
            QVERIFY(box);
            QVERIFY2(box->text().contains("no longer exists"), qPrintable(box->text()));
            click(box, "later");
            QVERIFY(!w.document().isModified());
            QCOMPARE(gui::findRecoverable().size(), std::size_t(1));
        }
        {
            // Recover when the original file is gone: a new, unsaved vehicle.
            gui::MainWindow w;
            w.show();
            QVERIFY(gui::offerRecovery(w));
            click(recoveryDialog(w), "recover");
            QVERIFY(w.document().filePath().isEmpty());
            QVERIFY(w.document().isModified());
            QVERIFY(w.document().displayName().contains("recovered"));
            QCOMPARE(w.document().config().wheels[0].suspension.springStrength, 55555.0);
        }
        plant(dead, gone, 55555);
        {
            // Discard deletes it.
            gui::MainWindow w;
            w.show();
            QVERIFY(gui::offerRecovery(w));
            click(recoveryDialog(w), "discard");
            QVERIFY(!w.document().isModified());
            QVERIFY(gui::findRecoverable().empty());
            QVERIFY(!gui::offerRecovery(w));
        }
        // The live process's copy was never touched.
        QVERIFY(QFileInfo::exists(QDir(recoveryRoot_.path()).filePath(QStringLiteral("recovery-%1-1.json").arg(::getppid()))));
    }

    void copyOfAZombieIsOffered()
    {
        // kill -9, then a relaunch before the parent (a shell, a session manager) has reaped the
        // dead process: it is a zombie, and kill(pid, 0) still succeeds on it. Its copy is offered
        // all the same, and a copy of it without a note is removed.
        const pid_t zombie = ::fork();
        if (zombie == 0)
            ::_exit(0);
        QVERIFY(zombie > 0);
        const auto reap = qScopeGuard([zombie] { ::waitpid(zombie, nullptr, 0); });
        const QString stat = QStringLiteral("/proc/%1/stat").arg(zombie);
        const auto state = [&] {
            QFile f(stat);
            const QByteArray line = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
            const qsizetype comm = line.lastIndexOf(')');
            return comm >= 0 && comm + 2 < line.size() ? line[comm + 2] : '?';
        };
        QVERIFY(QTest::qWaitFor([&] { return state() == 'Z'; }, 5000));
        QCOMPARE(::kill(zombie, 0), 0);  // what the old check asked

        VehicleConfig car = config::loadVehicle((kPresets + "/physx-snippet-4w.json").toStdString()).config;
        car.wheels[0].suspension.springStrength = 33333;
        const QString base = QDir(recoveryRoot_.path()).filePath(QStringLiteral("recovery-%1-1").arg(zombie));
        QCOMPARE(config::saveVehicle((base + ".json").toStdString(), car), std::string());
        QFile stats(stat);
        QVERIFY(stats.open(QIODevice::ReadOnly));
        const QByteArray line = stats.readAll();
        // The start time, as the writer's note holds it (field 22; a zombie keeps its own).
        const QString start = QString::fromLatin1(line.mid(line.lastIndexOf(')') + 2)).split(' ').value(19);
        QVERIFY(!start.isEmpty());
        QJsonObject note{{"format", "jounce.recovery"}, {"version", 1}, {"vehicleFile", QFileInfo(base + ".json").fileName()},
                         {"originalPath", files_.filePath("zombie.json")}, {"name", "zombie.json"},
                         {"savedAt", QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs)}, {"pid", qint64(zombie)},
                         {"processStart", start}};
        QFile f(base + ".note.json");
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QJsonDocument(note).toJson());
        f.close();
        const QString orphan = QDir(recoveryRoot_.path()).filePath(QStringLiteral("recovery-%1-2.json").arg(zombie));
        QVERIFY(QFile::copy(kPresets + "/tank.json", orphan));

        const std::vector<gui::RecoveryEntry> found = gui::findRecoverable();
        QCOMPARE(found.size(), std::size_t(1));
        QCOMPARE(found.front().pid, qint64(zombie));
        QVERIFY(!QFileInfo::exists(orphan));
        QCOMPARE(state(), 'Z');  // still unreaped: the check did not depend on a reap
    }

    void exceptionInAnEventHandlerIsCaughtReportedAndSaved()
    {
        auto* app = qobject_cast<gui::Application*>(QCoreApplication::instance());
        QVERIFY(app);
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/physx-snippet-4w.json"));
        w.autosave().setDelay(600000);  // only the exception handler writes the copy
        QCOMPARE(w.parameters().editCell(kSpring, "66666"), QString());
        QVERIFY(!QFileInfo::exists(w.autosave().vehicleFile()));

        const int before = app->caughtExceptions();
        QTimer::singleShot(0, &w, [] { throw std::runtime_error("boom in a slot"); });
        QVERIFY(QTest::qWaitFor([&] { return app->caughtExceptions() == before + 1; }, 5000));
        QCOMPARE(app->lastError(), QString("boom in a slot"));
        QCOMPARE(recoveredSpring(w.autosave().vehicleFile()), 66666.0);
        QVERIFY(QTest::qWaitFor([&] { return app->errorBox() && app->errorBox()->isVisible(); }, 5000));
        QVERIFY(!app->errorBox()->isModal());
        QVERIFY(app->errorBox()->text().contains("boom in a slot"));

        // An event handler of a widget, and the workbench keeps working.
        ThrowingWidget thrower;
        thrower.resize(50, 50);
        thrower.show();
        QTest::mouseClick(&thrower, Qt::LeftButton);
        QCOMPARE(app->caughtExceptions(), before + 2);
        QCOMPARE(app->lastError(), QString("boom in mousePressEvent"));
        QCOMPARE(w.parameters().editCell(kSpring, "67000"), QString());
        QCOMPARE(w.document().config().wheels[0].suspension.springStrength, 67000.0);
        app->errorBox()->close();
    }

    void telemetryExportsReplaceTheirFilesAtomically()
    {
        gui::MainWindow w;
        QVERIFY(w.openVehicle(kPresets + "/physx-snippet-4w.json"));
        w.simulation().setRealTime(false);
        QVERIFY(QTest::qWaitFor([&] { return w.telemetry().history().size() > 10; }, 10000));
        w.simulation().pause();
        for (const QString& name : QStringList{"telemetry.csv", "charts.png"}) {
            const QString path = files_.filePath(name);
            QFile old(path);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write("an earlier export");
            old.close();
            const ino_t before = inode(path);
            const QString err = name.endsWith(".csv") ? w.telemetry().exportCsv(path) : w.telemetry().exportPng(path);
            QCOMPARE(err, QString());
            // A new file renamed over the old one: a failed export never leaves half a file.
            QVERIFY(inode(path) != before);
            QVERIFY(QFileInfo(path).size() > 100);
        }
        QVERIFY(!w.telemetry().exportCsv(files_.filePath("no/such/folder/t.csv")).isEmpty());
    }

private:
    QTemporaryDir recoveryRoot_;
    QTemporaryDir files_;
};

int main(int argc, char** argv)
{
    if (argc == 3 && qstrcmp(argv[1], "--crash-child") == 0) {
        int childArgc = 1;
        crashChild(childArgc, argv, QString::fromLocal8Bit(argv[2]));
    }
    gui::Application app(argc, argv);
    TestRecovery test;
    return QTest::qExec(&test, argc, argv);
}

#include "test_recovery.moc"
