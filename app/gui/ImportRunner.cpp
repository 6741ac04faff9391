#include "ImportRunner.h"

#include <QCoreApplication>
#include <QProgressDialog>
#include <QPushButton>
#include <QThreadPool>

#include <atomic>
#include <exception>
#include <mutex>

namespace jounce::gui {

/// What the worker and the runner share: the worker writes the stage and, once, the result; the
/// runner sets cancel. It outlives whichever of the two ends last.
struct ImportRunner::Job {
    std::atomic<bool> cancel{false};
    std::atomic<int> stage{-1};  ///< the ImportStage entered, -1 before the first
    std::mutex mutex;
    Result result;  ///< set when the work ended (under mutex)
};

namespace {

/// `work`'s result; an exception (out of memory in a huge file, a bug) becomes an error of the
/// import instead of ending the worker thread and with it the program.
exchange::ImportResult runGuarded(const ImportRunner::Work& work, const exchange::ImportControl& control,
                                  const std::string& source)
{
    std::string why;
    try {
        return work(control);
    } catch (const std::exception& e) {
        why = std::string("the import stopped: ") + e.what();
    } catch (...) {
        why = "the import stopped on an unknown error";
    }
    exchange::ImportResult failed;
    failed.problems.push_back({source, {}});
    failed.problems.back().problems.error("", why);
    return failed;
}

}  // namespace

QThreadPool* ImportRunner::pool()
{
    static QPointer<QThreadPool> pool;
    if (!pool) {
        pool = new QThreadPool(QCoreApplication::instance());
        pool->setObjectName(QStringLiteral("importPool"));
        // Imports cancelled but still in a long stage never hold up the next one.
        pool->setMaxThreadCount(8);
    }
    return pool;
}

ImportRunner::ImportRunner(QWidget* window, QObject* parent) : QObject(parent), window_(window)
{
    poll_.setInterval(50);
    connect(&poll_, &QTimer::timeout, this, &ImportRunner::poll);
}

ImportRunner::~ImportRunner()
{
    discard();
}

QProgressDialog* ImportRunner::progressDialog() const
{
    return dialog_;
}

void ImportRunner::start(const QString& source, Work work)
{
    if (isRunning()) {
        const QString previous = source_;
        discard();
        emit cancelled(previous);
    }
    source_ = source;
    elapsed_.start();
    ticks_ = 0;
    job_ = std::make_shared<Job>();
    pool()->start([job = job_, work = std::move(work), name = source.toStdString()] {
        exchange::ImportControl control;
        control.cancel = &job->cancel;
        control.stage = [&job](exchange::ImportStage s) { job->stage.store(int(s), std::memory_order_relaxed); };
        Result result = std::make_shared<const exchange::ImportResult>(runGuarded(work, control, name));
        const std::lock_guard lock(job->mutex);
        job->result = std::move(result);
    });
    showProgress();
    poll_.start();
}

void ImportRunner::showProgress()
{
    dialog_ = new QProgressDialog(window_);
    dialog_->setObjectName(QStringLiteral("importProgressDialog"));
    dialog_->setWindowTitle(tr("Import"));
    dialog_->setRange(0, 0);  // no steps to count: a busy bar, the stage and the seconds
    dialog_->setAutoClose(false);
    dialog_->setAutoReset(false);
    dialog_->setMinimumDuration(0);
    dialog_->setMinimumWidth(420);
    dialog_->setWindowModality(Qt::WindowModal);
    // The dialog's own button: setCancelButton would leave the first button's Esc shortcut behind
    // beside the new one's, and two Esc shortcuts cancel each other out.
    dialog_->setCancelButtonText(tr("&Cancel"));
    if (auto* cancelButton = dialog_->findChild<QPushButton*>()) {
        cancelButton->setObjectName(QStringLiteral("cancelImportButton"));
        cancelButton->setToolTip(tr("Stop this import and drop what it has read: the open vehicle stays as it is (Esc)"));
    }
    connect(dialog_, &QProgressDialog::canceled, this, &ImportRunner::cancel);
    updateLabel();
    dialog_->show();
}

void ImportRunner::updateLabel()
{
    if (!dialog_ || !job_)
        return;
    const int stage = job_->stage.load(std::memory_order_relaxed);
    const QString what = stage == int(exchange::ImportStage::Converting) ? tr("Converting %1…")
                         : stage == int(exchange::ImportStage::Reading) ? tr("Reading %1…")
                                                                        : tr("Importing %1…");
    const int seconds = int(elapsed_.elapsed() / 1000);
    dialog_->setLabelText(what.arg(source_) + (seconds > 0 ? tr(" (%n s)", "", seconds) : QString()) + "\n" +
                          tr("Cancel (Esc) stops it and leaves the open vehicle as it is."));
}

void ImportRunner::poll()
{
    if (!job_)
        return;
    Result result;
    {
        const std::lock_guard lock(job_->mutex);
        result = job_->result;
    }
    if (!result) {
        if (++ticks_ % 5 == 0)  // four times a second
            updateLabel();
        return;
    }
    const QString source = source_;
    discard();
    emit finished(source, result);
}

void ImportRunner::cancel()
{
    if (!isRunning())
        return;
    discard();
    emit cancelled(source_);
}

void ImportRunner::discard()
{
    poll_.stop();
    if (job_) {
        // The worker stops at its next stage and drops its result with the job.
        job_->cancel = true;
        job_.reset();
    }
    if (dialog_) {
        dialog_->disconnect(this);
        dialog_->hide();
        dialog_->deleteLater();  // it may be in the middle of emitting canceled()
        dialog_ = nullptr;
    }
}

}  // namespace jounce::gui
