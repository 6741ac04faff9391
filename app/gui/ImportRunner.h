#pragma once
// Runs a foreign-format import (File ▸ Import) on a worker thread, as runs and sweeps run, so that
// a slow or hostile file never freezes the window. A window-modal progress dialog names the file,
// the stage (reading, converting) and the seconds, and keeps the user from editing the vehicle the
// import is about to replace. Cancel (Esc) tells the importer to stop at its next stage and drops
// its result at once: nothing of a cancelled import ever reaches the window. The worker writes
// only to a job shared with the runner; the runner polls it on the GUI thread and delivers the
// result there.

#include "exchange/ImportResult.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <functional>
#include <memory>

QT_BEGIN_NAMESPACE
class QProgressDialog;
class QThreadPool;
class QWidget;
QT_END_NAMESPACE

namespace jounce::gui {

class ImportRunner : public QObject {
    Q_OBJECT
public:
    using Result = std::shared_ptr<const exchange::ImportResult>;
    /// The import itself: called once, on a worker thread, with the control to pass to the
    /// importer (stages and cancelling); it must not touch GUI objects.
    using Work = std::function<exchange::ImportResult(const exchange::ImportControl&)>;

    /// `window`: the progress dialog's parent (the dialog blocks it while an import runs).
    explicit ImportRunner(QWidget* window, QObject* parent = nullptr);
    /// Cancels an import still running (it ends on its worker; nothing waits for it here).
    ~ImportRunner() override;

    /// Starts `work` on a worker thread and shows the progress dialog naming `source` (a file
    /// name). An import still running is cancelled first.
    void start(const QString& source, Work work);
    /// Cancels the running import: its result is never delivered; the dialog closes.
    void cancel();
    bool isRunning() const { return job_ != nullptr; }
    /// The progress dialog of the running import, or nullptr.
    QProgressDialog* progressDialog() const;

    /// The threads imports run on: apart from Qt's global pool, and a child of the application,
    /// whose end waits for imports still running (cancelled, they end at their next stage).
    static QThreadPool* pool();

signals:
    /// The import of `source` ended (with or without errors in `result`); on the GUI thread, never
    /// for a cancelled import.
    void finished(const QString& source, jounce::gui::ImportRunner::Result result);
    void cancelled(const QString& source);

private:
    struct Job;

    void discard();
    void showProgress();
    void poll();
    void updateLabel();

    QWidget* window_;
    QString source_;
    std::shared_ptr<Job> job_;
    QPointer<QProgressDialog> dialog_;
    QElapsedTimer elapsed_;
    QTimer poll_;
    int ticks_ = 0;
};

}  // namespace jounce::gui
