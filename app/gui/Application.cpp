#include "Application.h"

#include "Recovery.h"

#include <QMessageBox>
#include <QTimer>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <exception>

namespace jounce::gui {
namespace {

std::terminate_handler g_previousTerminate = nullptr;

/// std::terminate: save what can be saved, say why, then end as std::terminate does.
[[noreturn]] void terminateWithRecovery()
{
    static std::atomic<bool> entered{false};
    if (!entered.exchange(true)) {
        const char* what = "std::terminate without an exception";
        std::string message;
        if (const std::exception_ptr e = std::current_exception()) {
            try {
                std::rethrow_exception(e);
            } catch (const std::exception& x) {
                message = x.what();
                what = message.c_str();
            } catch (...) {
                what = "an exception of unknown type";
            }
        }
        // Another thread may hold the registry: then waiting could hang the dying process.
        const int saved = Autosave::writeAll(false);
        std::fprintf(stderr, "jounce: fatal error: %s\n", what);
        if (saved > 0)
            std::fprintf(stderr, "jounce: the unsaved edits were saved to %s; the next start offers them\n",
                         recoveryDir().toLocal8Bit().constData());
        std::fflush(stderr);
    }
    std::abort();
}

}  // namespace

Application::Application(int& argc, char** argv) : QApplication(argc, argv)
{
    g_previousTerminate = std::set_terminate(terminateWithRecovery);
}

Application::~Application()
{
    std::set_terminate(g_previousTerminate);
    delete box_;
}

bool Application::notify(QObject* receiver, QEvent* event)
{
    try {
        return QApplication::notify(receiver, event);
    } catch (const std::exception& e) {
        report(QString::fromUtf8(e.what()));
    } catch (...) {
        report(tr("an exception of unknown type"));
    }
    return false;
}

void Application::report(const QString& what) noexcept
{
    try {
        ++caught_;
        ++unreported_;
        lastError_ = what;
        recoverySaved_ = Autosave::writeAll(true) > 0;
        std::fprintf(stderr, "jounce: internal error: %s%s\n", qPrintable(what),
                     recoverySaved_ ? " (the unsaved edits were saved for recovery)" : "");
        // Shown from the event loop, not from inside the handler that failed; one box collects a
        // burst (a paint handler that throws on every frame).
        if (unreported_ == 1)
            QTimer::singleShot(0, this, &Application::showReport);
    } catch (...) {
        // Reporting failed too (out of memory): the exception is still contained.
    }
}

void Application::showReport()
{
    if (!box_) {
        box_ = new QMessageBox(QMessageBox::Critical, tr("Internal error"), QString(), QMessageBox::Ok);
        box_->setObjectName("InternalErrorBox");
        box_->setAttribute(Qt::WA_DeleteOnClose);
        box_->setModal(false);  // never a nested event loop inside a failure
    }
    QString text = tr("<p><b>An internal error interrupted the last action:</b><br>%1</p>").arg(lastError_.toHtmlEscaped());
    if (caught_ > 1)
        text += tr("<p>%1 internal errors so far.</p>").arg(caught_);
    text += recoverySaved_ ? tr("<p>Jounce keeps running. Your unsaved edits were saved to the recovery folder; "
                                "save your work now, then restart Jounce if something looks wrong.</p>")
                           : tr("<p>Jounce keeps running. Save your work, then restart Jounce if something "
                                "looks wrong.</p>");
    box_->setText(text);
    box_->show();
    box_->raise();
    unreported_ = 0;
}

}  // namespace jounce::gui
