#include "Recovery.h"

#include "MainWindow.h"
#include "VehicleDocument.h"

#include "config/VehicleJson.h"
#include "json/TextFile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QStandardPaths>

#include <algorithm>
#include <atomic>

#include <unistd.h>

namespace jounce::gui {
namespace {

constexpr const char* kNoteFormat = "jounce.recovery";

/// Every live Autosave, for the exception handler and std::terminate.
std::mutex& registryMutex()
{
    static std::mutex m;
    return m;
}
std::vector<Autosave*>& registry()
{
    static std::vector<Autosave*> list;
    return list;
}

QString firstLine(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromLatin1(f.readLine(4096)).trimmed();
}

/// Identifies this boot: a note from an earlier boot is from a process that is gone, whatever
/// runs under its pid now.
QString bootId() { return firstLine("/proc/sys/kernel/random/boot_id"); }

/// When a process started (clock ticks since boot, /proc/PID/stat field 22): tells a process from
/// a later one that got the same pid. "" when unknown.
QString processStart(qint64 pid)
{
    const QString stat = firstLine(QStringLiteral("/proc/%1/stat").arg(pid));
    const qsizetype comm = stat.lastIndexOf(')');  // the name may contain spaces
    if (comm < 0)
        return {};
    return stat.mid(comm + 2).split(' ').value(19);
}

bool ownerRunning(const QJsonObject& note)
{
    const qint64 pid = note.value("pid").toInteger();
    if (pid == ::getpid())
        return true;
    const QString boot = note.value("bootId").toString();
    if (!boot.isEmpty() && boot != bootId())
        return false;
    if (!json::processRunning(static_cast<long>(pid)))
        return false;
    const QString start = note.value("processStart").toString();
    const QString now = processStart(pid);
    return start.isEmpty() || now.isEmpty() || start == now;
}

bool writeWhole(const QString& path, const QByteArray& bytes, QString* error)
{
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size() && file.commit())
        return true;
    *error = QObject::tr("Cannot write the recovery copy %1: %2").arg(path, file.errorString());
    return false;
}

std::atomic<int> g_slot{0};

}  // namespace

QString recoveryDir()
{
    const QString env = qEnvironmentVariable("JOUNCE_RECOVERY_DIR");
    if (!env.isEmpty())
        return env;
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) + "/recovery";
}

Autosave::Autosave(VehicleDocument& document, QObject* parent) : QObject(parent), document_(document)
{
    // One pair of files per document and process: several windows or processes never collide.
    base_ = QDir(recoveryDir()).filePath(QStringLiteral("recovery-%1-%2").arg(::getpid()).arg(++g_slot));
    timer_.setSingleShot(true);
    connect(&timer_, &QTimer::timeout, this, [this] {
        if (const QString err = writeNow(); !err.isEmpty())
            emit writeFailed(err);
    });
    connect(&document_, &VehicleDocument::configChanged, this, &Autosave::documentChanged);
    connect(&document_, &VehicleDocument::fileStateChanged, this, &Autosave::documentChanged);
    documentChanged();
    const std::lock_guard lock(registryMutex());
    registry().push_back(this);
}

Autosave::~Autosave()
{
    {
        const std::lock_guard lock(registryMutex());
        std::erase(registry(), this);
    }
    discard();
}

void Autosave::documentChanged()
{
    const bool modified = document_.isModified();
    {
        const std::lock_guard lock(mutex_);
        snapshot_ = document_.configPtr();
        originalPath_ = document_.filePath().isEmpty() ? QString() : QFileInfo(document_.filePath()).absoluteFilePath();
        name_ = document_.displayName();
        modified_ = modified;
    }
    if (!modified) {
        discard();
        return;
    }
    // Debounced: a burst of edits (typing, dragging a curve point) is written once it pauses,
    // but never later than kMaxDelayMs after the first edit that is not in the recovery copy.
    if (!firstUnsaved_.isValid())
        firstUnsaved_.start();
    const qint64 left = kMaxDelayMs - firstUnsaved_.elapsed();
    if (!timer_.isActive() || left > delayMs_)
        timer_.start(static_cast<int>(std::clamp<qint64>(std::min<qint64>(delayMs_, left), 0, delayMs_)));
}

QString Autosave::writeNow()
{
    timer_.stop();
    const QString err = writeFiles();
    if (err.isEmpty()) {
        firstUnsaved_.invalidate();
        if (QFileInfo::exists(vehicleFile()))
            emit written(vehicleFile());
    }
    return err;
}

QString Autosave::writeFiles() noexcept
{
    try {
        std::shared_ptr<const VehicleConfig> snapshot;
        QJsonObject note{{"format", kNoteFormat}, {"version", 1}};
        {
            const std::lock_guard lock(mutex_);
            if (!modified_ || !snapshot_ || snapshot_ == written_)
                return {};
            snapshot = snapshot_;
            note["originalPath"] = originalPath_;
            note["name"] = name_;
        }
        note["vehicleFile"] = QFileInfo(vehicleFile()).fileName();
        note["savedAt"] = QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs);
        note["pid"] = static_cast<qint64>(::getpid());  // now: a child that forked writes its own
        note["bootId"] = bootId();
        note["processStart"] = processStart(::getpid());
        QDir().mkpath(recoveryDir());
        QString error;
        // The vehicle first: a note never names a copy that is not there yet.
        if (!writeWhole(vehicleFile(), QByteArray::fromStdString(config::vehicleToText(*snapshot)), &error) ||
            !writeWhole(noteFile(), QJsonDocument(note).toJson(), &error))
            return error;
        const std::lock_guard lock(mutex_);
        written_ = snapshot;
        return {};
    } catch (const std::exception& e) {
        return QString::fromUtf8(e.what());
    } catch (...) {
        return QObject::tr("Cannot write the recovery copy");
    }
}

void Autosave::discard()
{
    timer_.stop();
    firstUnsaved_.invalidate();
    {
        const std::lock_guard lock(mutex_);
        written_.reset();
    }
    QFile::remove(noteFile());
    QFile::remove(vehicleFile());
}

int Autosave::writeAll(bool mayBlock) noexcept
{
    std::unique_lock lock(registryMutex(), std::defer_lock);
    if (mayBlock)
        lock.lock();
    else if (!lock.try_lock())
        return 0;
    int copies = 0;
    for (Autosave* a : registry()) {
        a->writeFiles();
        const std::unique_lock written(a->mutex_, std::try_to_lock);
        copies += written.owns_lock() && a->written_ ? 1 : 0;
    }
    return copies;
}

std::vector<RecoveryEntry> findRecoverable(const QString& dir)
{
    std::vector<RecoveryEntry> out;
    const QDir folder(dir);
    QStringList named;
    for (const QString& noteName : folder.entryList({"recovery-*.note.json"}, QDir::Files)) {
        const QString notePath = folder.filePath(noteName);
        QFile f(notePath);
        const QJsonObject note = f.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(f.read(1 << 20)).object() : QJsonObject();
        if (note.value("format").toString() != kNoteFormat || ownerRunning(note))
            continue;
        RecoveryEntry e;
        e.noteFile = notePath;
        e.vehicleFile = folder.filePath(QFileInfo(note.value("vehicleFile").toString()).fileName());
        e.originalPath = note.value("originalPath").toString();
        e.name = note.value("name").toString();
        e.savedAt = QDateTime::fromString(note.value("savedAt").toString(), Qt::ISODateWithMs);
        e.pid = note.value("pid").toInteger();
        named << QFileInfo(e.vehicleFile).fileName();
        if (!QFileInfo::exists(e.vehicleFile) || e.vehicleFile == notePath)
            QFile::remove(notePath);  // its copy is gone: nothing to offer
        else
            out.push_back(std::move(e));
    }
    // A copy without a note: its writer died between the two writes (a first autosave).
    for (const QString& copy : folder.entryList({"recovery-*.json"}, QDir::Files)) {
        const QStringList parts = copy.split('-');  // recovery-PID-N.json
        if (copy.endsWith(".note.json") || named.contains(copy) || parts.size() != 3)
            continue;
        const QString notePath = folder.filePath(QFileInfo(copy).completeBaseName() + ".note.json");
        if (!QFileInfo::exists(notePath) && !json::processRunning(parts[1].toLong()))
            QFile::remove(folder.filePath(copy));
    }
    std::sort(out.begin(), out.end(), [](const RecoveryEntry& a, const RecoveryEntry& b) { return a.savedAt > b.savedAt; });
    return out;
}

void discardRecovery(const RecoveryEntry& entry)
{
    QFile::remove(entry.noteFile);
    QFile::remove(entry.vehicleFile);
}

QString recover(MainWindow& window, const RecoveryEntry& entry)
{
    config::VehicleFile copy = config::loadVehicle(entry.vehicleFile.toStdString());
    if (!copy.parsed)
        return QObject::tr("The recovery copy %1 cannot be read").arg(entry.vehicleFile);
    VehicleDocument& doc = window.document();
    if (!entry.originalPath.isEmpty() && QFileInfo::exists(entry.originalPath) && doc.open(entry.originalPath, nullptr)) {
        doc.replaceConfig(copy.config, QObject::tr("Recovered unsaved edits"));
    } else {
        const QString name = entry.name.isEmpty() ? QObject::tr("Recovered vehicle") : entry.name;
        doc.newFrom(copy.config, QObject::tr("%1 (recovered)").arg(name));
    }
    // Our own copy first: the recovered edits are never without one.
    if (const QString err = window.autosave().writeNow(); !err.isEmpty())
        return err;
    discardRecovery(entry);
    return {};
}

namespace {

QString describe(const RecoveryEntry& e)
{
    const QString when = QLocale().toString(e.savedAt.toLocalTime(), QLocale::LongFormat);
    QString text = QObject::tr("<p><b>Jounce ended unexpectedly while %1 had unsaved edits.</b></p>"
                               "<p>They were saved at %2.</p>")
                       .arg(e.name.toHtmlEscaped(), when);
    if (e.originalPath.isEmpty())
        text += QObject::tr("<p><b>Recover</b> opens them as a new vehicle that is not saved yet.</p>");
    else if (QFileInfo::exists(e.originalPath))
        text += QObject::tr("<p><b>Recover</b> opens them as unsaved edits of<br><tt>%1</tt><br>"
                            "Save to keep them; Undo shows the file as it is.</p>")
                    .arg(e.originalPath.toHtmlEscaped());
    else
        text += QObject::tr("<p><b>Recover</b> opens them as a new vehicle: their file<br><tt>%1</tt><br>"
                            "no longer exists.</p>")
                    .arg(e.originalPath.toHtmlEscaped());
    text += QObject::tr("<p><b>Discard</b> deletes them. <b>Decide later</b> keeps them for the next start.</p>");
    return text;
}

/// Shows entries[index] and, after Discard, the next one.
void offerEntry(MainWindow& window, std::vector<RecoveryEntry> entries, std::size_t index)
{
    const RecoveryEntry& e = entries[index];
    auto* box = new QMessageBox(&window);
    box->setObjectName("RecoveryDialog");
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    box->setIcon(QMessageBox::Question);
    box->setWindowTitle(entries.size() > 1 ? QObject::tr("Recover unsaved edits (%1 of %2)").arg(index + 1).arg(entries.size())
                                           : QObject::tr("Recover unsaved edits"));
    box->setTextFormat(Qt::RichText);
    box->setText(describe(e));
    QPushButton* recoverButton = box->addButton(QObject::tr("&Recover"), QMessageBox::AcceptRole);
    QPushButton* discardButton = box->addButton(QObject::tr("&Discard"), QMessageBox::DestructiveRole);
    QPushButton* laterButton = box->addButton(QObject::tr("Decide &later"), QMessageBox::RejectRole);
    recoverButton->setObjectName("recover");
    discardButton->setObjectName("discard");
    laterButton->setObjectName("later");
    box->setDefaultButton(recoverButton);
    box->setEscapeButton(laterButton);
    QObject::connect(box, &QMessageBox::buttonClicked, &window,
                     [&window, entries = std::move(entries), index, recoverButton, discardButton](QAbstractButton* b) {
                         const RecoveryEntry& chosen = entries[index];
                         if (b == recoverButton) {
                             if (const QString err = recover(window, chosen); !err.isEmpty())
                                 QMessageBox::warning(&window, QObject::tr("Recovery failed"), err);
                         } else if (b == discardButton) {
                             discardRecovery(chosen);
                             if (index + 1 < entries.size())
                                 offerEntry(window, entries, index + 1);
                         }
                     });
    box->open();
}

}  // namespace

bool offerRecovery(MainWindow& window)
{
    std::vector<RecoveryEntry> entries = findRecoverable();
    if (entries.empty())
        return false;
    offerEntry(window, std::move(entries), 0);
    return true;
}

}  // namespace jounce::gui
