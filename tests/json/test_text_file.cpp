// Atomic writing (json/TextFile.h): the temporary file beside the target, what a killed writer
// leaves (never a partial target) and who cleans it up (the next write, only for dead writers),
// permissions and links kept, the streaming writer; and jounce-cli run --out/--poses killed
// mid-run leaving the old files whole.

#include "json/TextFile.h"

#include "support/CliProcess.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <ctime>
#include <ostream>
#include <string>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utime.h>

using namespace jounce;

namespace {

std::string readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return "<missing>";
    return f.readAll().toStdString();
}

void writeRaw(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(f.write(bytes), bytes.size());
}

/// Every file in `dir` whose name starts with `prefix` (hidden files included).
QStringList filesStartingWith(const QString& dir, const QString& prefix)
{
    QStringList out;
    for (const QString& name : QDir(dir).entryList(QDir::Files | QDir::Hidden))
        if (name.startsWith(prefix))
            out << name;
    return out;
}

/// The pid of a process that has ended (forked, exited and reaped).
pid_t deadPid()
{
    const pid_t child = ::fork();
    if (child == 0)
        ::_exit(0);
    int status = 0;
    ::waitpid(child, &status, 0);
    return child;
}

ino_t inode(const QString& path)
{
    struct stat st {};
    return ::stat(path.toLocal8Bit().constData(), &st) == 0 ? st.st_ino : 0;
}

}  // namespace

class TestTextFile : public QObject {
    Q_OBJECT
private slots:
    void writeReplacesTheFileThroughATemporaryNamedByThePid()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath("car.json");
        writeRaw(target, "old contents");
        const ino_t before = inode(target);
        QCOMPARE(json::writeFileAtomic(target.toStdString(), "new contents"), std::string());
        QCOMPARE(readAll(target), std::string("new contents"));
        QVERIFY(inode(target) != before);  // a new file renamed over the old one, not rewritten in place
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"car.json"});

        // The streaming writer's temporary file: beside the target, named by the writer's pid.
        json::AtomicFileWriter writer(target.toStdString());
        QVERIFY(writer.ok());
        const QString temp = QString::fromStdString(writer.tempPath());
        QCOMPARE(QFileInfo(temp).dir(), QDir(dir.path()));
        QVERIFY2(QFileInfo(temp).fileName().startsWith(QStringLiteral(".car.json.jounce-tmp-%1-").arg(::getpid())),
                 qPrintable(temp));
    }

    void killedWriterLeavesNoPartialTargetAndTheNextWriteCleansUp()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath("run.csv");
        writeRaw(target, "the old run\n");
        const pid_t child = ::fork();
        if (child == 0) {
            // Half of a long output, flushed to the temporary file, then killed without warning.
            json::AtomicFileWriter writer(target.toStdString());
            writer.stream() << std::string(200000, 'x');
            writer.stream().flush();
            ::kill(::getpid(), SIGKILL);
            ::_exit(1);
        }
        int status = 0;
        QCOMPARE(::waitpid(child, &status, 0), child);
        QVERIFY(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
        QCOMPARE(readAll(target), std::string("the old run\n"));
        const QStringList stray = filesStartingWith(dir.path(), QStringLiteral(".run.csv.jounce-tmp-%1-").arg(child));
        QCOMPARE(stray.size(), 1);
        QCOMPARE(QFileInfo(dir.filePath(stray.front())).size(), 200000);

        QCOMPARE(json::writeFileAtomic(target.toStdString(), "the new run\n"), std::string());
        QCOMPARE(readAll(target), std::string("the new run\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"run.csv"});
    }

    void onlyTemporaryFilesOfDeadWritersOfThisTargetAreRemoved()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath("car.json");
        const pid_t dead = deadPid();
        const QString deadTemp = QStringLiteral(".car.json.jounce-tmp-%1-0123abcd").arg(dead);
        const QString liveTemp = QStringLiteral(".car.json.jounce-tmp-%1-0123abcd").arg(::getppid());  // a live process
        const QString initTemp = QStringLiteral(".car.json.jounce-tmp-1-89ef");
        const QString ownTemp = QStringLiteral(".car.json.jounce-tmp-%1-77").arg(::getpid());  // another writer of ours
        const QString otherTarget = QStringLiteral(".bus.json.jounce-tmp-%1-0123abcd").arg(dead);
        const QString notATemp = QStringLiteral(".car.json.jounce-tmp-%1-notes").arg(dead);
        for (const QString& name : {deadTemp, liveTemp, initTemp, ownTemp, otherTarget, notATemp})
            writeRaw(dir.filePath(name), "partial");
        QVERIFY(!json::processRunning(dead));
        QVERIFY(json::processRunning(::getppid()));

        QCOMPARE(json::removeStrayTempFiles(target.toStdString()), 1);
        QVERIFY(!QFileInfo::exists(dir.filePath(deadTemp)));
        for (const QString& name : {liveTemp, initTemp, ownTemp, otherTarget, notATemp})
            QVERIFY2(QFileInfo::exists(dir.filePath(name)), qPrintable(name));
    }

    void aZombieRunsNoMore()
    {
        // A writer killed (-9) whose parent has not reaped it yet: a zombie, which kill(pid, 0)
        // still finds. It writes nothing more: its temporary file is an orphan's.
        const pid_t zombie = ::fork();
        if (zombie == 0)
            ::_exit(0);
        QVERIFY(zombie > 0);
        const auto reap = qScopeGuard([zombie] { ::waitpid(zombie, nullptr, 0); });
        QVERIFY(QTest::qWaitFor([zombie] { siginfo_t info{}; return ::waitid(P_PID, id_t(zombie), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == zombie; }, 5000));
        QCOMPARE(::kill(zombie, 0), 0);
        QVERIFY(!json::processRunning(zombie));
        QVERIFY(json::processRunning(::getpid()));
        QTemporaryDir dir;
        const QString temp = QStringLiteral(".car.json.jounce-tmp-%1-0123abcd").arg(zombie);
        writeRaw(dir.filePath(temp), "partial");
        QCOMPARE(json::removeStrayTempFiles(dir.filePath("car.json").toStdString()), 1);
        QVERIFY(!QFileInfo::exists(dir.filePath(temp)));
    }

    void temporaryFilesOfTheOldNamingAreRemovedWhenAnHourOld()
    {
        // Before the pid was in the name: `.NAME.tmpNNNNNN`. Nobody writes one for an hour.
        QTemporaryDir dir;
        const QString target = dir.filePath("car.json");
        writeRaw(dir.filePath(".car.json.tmp123456"), "partial");
        writeRaw(dir.filePath(".car.json.tmp42"), "partial");
        writeRaw(dir.filePath(".car.json.tmp1234567"), "seven digits: not ours");
        for (const char* name : {".car.json.tmp123456", ".car.json.tmp1234567"}) {
            const utimbuf old{std::time(nullptr) - 7200, std::time(nullptr) - 7200};
            QCOMPARE(::utime(dir.filePath(name).toLocal8Bit().constData(), &old), 0);
        }
        QCOMPARE(json::writeFileAtomic(target.toStdString(), "{}"), std::string());
        QVERIFY(!QFileInfo::exists(dir.filePath(".car.json.tmp123456")));
        QVERIFY(QFileInfo::exists(dir.filePath(".car.json.tmp42")));       // recent: maybe still written
        QVERIFY(QFileInfo::exists(dir.filePath(".car.json.tmp1234567")));  // not the old pattern
    }

    void permissionsAndSymbolicLinksAreKept()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath("private.json");
        writeRaw(target, "secret");
        QCOMPARE(::chmod(target.toLocal8Bit().constData(), 0600), 0);
        QCOMPARE(json::writeFileAtomic(target.toStdString(), "still secret"), std::string());
        struct stat st {};
        QCOMPARE(::stat(target.toLocal8Bit().constData(), &st), 0);
        QCOMPARE(st.st_mode & 07777, 0600u);

        // Writing through a link replaces the file it points to; the link stays a link.
        QVERIFY(QDir(dir.path()).mkdir("real"));
        const QString real = dir.filePath("real/car.json");
        writeRaw(real, "old");
        const QString link = dir.filePath("link.json");
        QVERIFY(QFile::link(real, link));
        QCOMPARE(json::writeFileAtomic(link.toStdString(), "through the link"), std::string());
        QVERIFY(QFileInfo(link).isSymLink());
        QCOMPARE(readAll(real), std::string("through the link"));
        QCOMPARE(QDir(dir.filePath("real")).entryList(QDir::Files | QDir::Hidden), QStringList{"car.json"});
    }

    void streamingWriterCommitsOrLeavesTheTargetAlone()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath("long.csv");
        writeRaw(target, "old\n");
        {
            json::AtomicFileWriter writer(target.toStdString());
            for (int i = 0; i < 100000; ++i)
                writer.stream() << i << ",row\n";
            QCOMPARE(readAll(target), std::string("old\n"));  // nothing visible before commit()
        }  // destroyed without commit(): an error path
        QCOMPARE(readAll(target), std::string("old\n"));
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"long.csv"});

        json::AtomicFileWriter writer(target.toStdString());
        std::string expected;
        for (int i = 0; i < 100000; ++i) {
            writer.stream() << i << ",row\n";
            expected += std::to_string(i) + ",row\n";
        }
        QCOMPARE(writer.commit(), std::string());
        QCOMPARE(readAll(target), expected);
        QCOMPARE(writer.commit(), std::string());  // once only
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"long.csv"});

        json::AtomicFileWriter nowhere(dir.filePath("no/such/folder/x.csv").toStdString());
        QVERIFY(!nowhere.ok());
        nowhere.stream() << "lost";
        QVERIFY(nowhere.commit().find("cannot create a temporary file") != std::string::npos);
    }

    void killedCliRunKeepsTheOldOutputs_data()
    {
        QTest::addColumn<QString>("option");
        QTest::newRow("--out") << "--out";
        QTest::newRow("--poses") << "--poses";
    }

    void killedCliRunKeepsTheOldOutputs()
    {
        QFETCH(QString, option);
        QTemporaryDir dir;
        const QString target = dir.filePath("run.csv");
        writeRaw(target, "the previous run\n");
        // Idling for ten simulated minutes on the proving ground takes long enough to be killed.
        const QStringList args{"run", "--vehicle", JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json", "--terrain",
                               JOUNCE_SOURCE_DIR "/presets/terrains/proving-ground.json", "--duration", "600",
                               option, target};
        QProcess p;
        p.start(QStringLiteral(JOUNCE_BINARY_DIR "/app/cli/jounce-cli"), args);
        QVERIFY(p.waitForStarted());
        const QString prefix = QStringLiteral(".run.csv.jounce-tmp-%1-").arg(p.processId());
        // Kill it once its temporary file holds rows.
        const bool writing = QTest::qWaitFor(
            [&] {
                const QStringList temps = filesStartingWith(dir.path(), prefix);
                return !temps.isEmpty() && QFileInfo(dir.filePath(temps.front())).size() > 100000;
            },
            60000);
        QVERIFY2(writing, qPrintable(QString::fromUtf8(p.readAllStandardError())));
        QCOMPARE(p.state(), QProcess::Running);
        ::kill(static_cast<pid_t>(p.processId()), SIGKILL);
        QVERIFY(p.waitForFinished());
        QCOMPARE(p.exitStatus(), QProcess::CrashExit);
        QCOMPARE(readAll(target), std::string("the previous run\n"));
        QCOMPARE(filesStartingWith(dir.path(), prefix).size(), 1);

        // The next run replaces the file and removes what the killed one left.
        const testing::CliRun r = testing::runCli({"run", "--vehicle", JOUNCE_SOURCE_DIR "/presets/physx-snippet-4w.json",
                                                   "--duration", "1", option, target});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(readAll(target).rfind("time", 0) == 0);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"run.csv"});
    }
};

QTEST_GUILESS_MAIN(TestTextFile)
#include "test_text_file.moc"
