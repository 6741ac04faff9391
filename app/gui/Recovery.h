#pragma once
// Autosave and crash recovery of the edited vehicle.
//
// A few seconds after an edit (Autosave::kDelayMs after the last one, at most kMaxDelayMs after
// the first unsaved one) the edited vehicle is written to a recovery folder, with a small JSON
// note: the original file, the time, the writing process. Saving the vehicle, undoing back to
// the file, discarding the edits on close and a clean exit remove both files. A process that dies
// (a crash, a kill, std::terminate) leaves them; the next start offers them: Recover opens the
// vehicle as unsaved edits of its original file, Discard deletes them, Decide later keeps them.
//
// The folder: $JOUNCE_RECOVERY_DIR, else <QStandardPaths::AppLocalDataLocation>/recovery
// (~/.local/share/Jounce/jounce/recovery on Linux).

#include "config/VehicleConfig.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <memory>
#include <mutex>
#include <vector>

namespace jounce::gui {

class MainWindow;
class VehicleDocument;

/// The folder the recovery files are written to (created on the first write).
QString recoveryDir();

/// Writes the document's unsaved state to the recovery folder while it has unsaved edits.
class Autosave : public QObject {
    Q_OBJECT
public:
    static constexpr int kDelayMs = 3000;
    static constexpr int kMaxDelayMs = 15000;

    explicit Autosave(VehicleDocument& document, QObject* parent = nullptr);
    /// A clean exit: the recovery files go.
    ~Autosave() override;

    /// The debounce delay after the last edit (tests).
    void setDelay(int ms) { delayMs_ = ms; }
    /// Writes the recovery copy now if there are unsaved edits. Returns an error message or "".
    QString writeNow();
    /// Removes this document's recovery files (saved, discarded, closed) until the next edit.
    void discard();
    /// The recovery copy and its note (they exist only while there are unsaved edits).
    QString vehicleFile() const { return base_ + ".json"; }
    QString noteFile() const { return base_ + ".note.json"; }

    /// Writes the recovery copy of every open document that has unsaved edits and changed since
    /// its last copy: for the exception handler and std::terminate, on any thread. Never throws;
    /// waits for no lock when `mayBlock` is false. Returns how many copies exist afterwards.
    static int writeAll(bool mayBlock) noexcept;

signals:
    void written(const QString& vehicleFile);
    void writeFailed(const QString& error);

private:
    void documentChanged();
    /// Thread-safe; "" or an error message.
    QString writeFiles() noexcept;

    VehicleDocument& document_;
    QString base_;
    int delayMs_ = kDelayMs;
    QTimer timer_;
    QElapsedTimer firstUnsaved_;

    // What a write needs, readable from any thread.
    mutable std::mutex mutex_;
    std::shared_ptr<const VehicleConfig> snapshot_;
    std::shared_ptr<const VehicleConfig> written_;  // the snapshot the files hold
    QString originalPath_;
    QString name_;
    bool modified_ = false;
};

/// A recovery copy left by a process that no longer runs.
struct RecoveryEntry {
    QString vehicleFile;
    QString noteFile;
    QString originalPath;  ///< "" for a vehicle that never had a file
    QString name;          ///< the document's name when it was written
    QDateTime savedAt;
    qint64 pid = 0;
};

/// The recovery copies of processes that no longer run, newest first. Notes and copies without
/// their partner (left by a process that died between the two writes) are removed.
std::vector<RecoveryEntry> findRecoverable(const QString& dir = recoveryDir());
/// Loads a recovery copy into the window's document: as unsaved edits of its original file (one
/// undo step back to the file) or, when that file is gone, as a new unsaved vehicle; then writes
/// the window's own recovery copy and removes the entry's files. Returns an error message or "".
QString recover(MainWindow& window, const RecoveryEntry& entry);
/// Deletes a recovery copy and its note.
void discardRecovery(const RecoveryEntry& entry);
/// Offers the recoverable copies one by one in a window-modal dialog that does not block the
/// caller ("RecoveryDialog" with buttons "recover", "discard", "later"). Returns whether it did.
bool offerRecovery(MainWindow& window);

}  // namespace jounce::gui
