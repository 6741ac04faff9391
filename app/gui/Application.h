#pragma once
// The workbench's application object: the last line of defence against exceptions.
//
// An exception that escapes an event handler or a slot reaches notify(), which catches it, writes
// the recovery copy of every document with unsaved edits (Recovery.h), reports it in a message
// box that does not block, and keeps the workbench running. An exception that escapes anywhere
// else (another thread, a destructor) ends in std::terminate; the handler installed here writes
// the recovery copies first, then aborts as before.

#include <QApplication>
#include <QMessageBox>
#include <QPointer>
#include <QString>

namespace jounce::gui {

class Application : public QApplication {
    Q_OBJECT
public:
    Application(int& argc, char** argv);
    ~Application() override;

    bool notify(QObject* receiver, QEvent* event) override;

    /// Exceptions caught by notify() so far, and the last one's message (tests, the report).
    int caughtExceptions() const { return caught_; }
    QString lastError() const { return lastError_; }
    /// The report box, while it is shown.
    QMessageBox* errorBox() const { return box_; }

private:
    void report(const QString& what) noexcept;
    void showReport();

    int caught_ = 0;
    int unreported_ = 0;
    bool recoverySaved_ = false;
    QString lastError_;
    QPointer<QMessageBox> box_;
};

}  // namespace jounce::gui
