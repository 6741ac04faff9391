#pragma once
// Runs a sweep's points in the background for the Sweep window: the points go to a worker thread
// (which spreads them over the cores, sweep::runPoints), the GUI polls the count done and gets the
// results on its own thread. Cancel stops every point at its next step; destroying the runner
// cancels and waits.

#include "sweep/SweepRun.h"

#include <QObject>
#include <QTimer>

#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace jounce::gui {

class SweepWindowRunner : public QObject {
    Q_OBJECT
public:
    explicit SweepWindowRunner(QObject* parent = nullptr);
    ~SweepWindowRunner() override;

    /// Starts the points; false when a sweep is already running or there are no points.
    bool start(std::shared_ptr<const sweep::Sweep> sweep, std::vector<sweep::Point> points, int threads = 0);
    void cancel();
    bool isRunning() const { return running_; }
    std::size_t done() const { return done_.load(std::memory_order_relaxed); }
    std::size_t total() const { return total_; }

signals:
    void progressChanged(std::size_t done, std::size_t total);
    /// The results in the points' order (unfinished points "cancelled"). Emitted on the GUI thread.
    void finished(std::shared_ptr<const std::vector<sweep::PointResult>> results, bool cancelled);

private:
    void join();

    std::jthread worker_;
    std::atomic<bool> cancel_{false};
    std::atomic<std::size_t> done_{0};
    std::size_t total_ = 0;
    bool running_ = false;
    QTimer poll_;
};

}  // namespace jounce::gui
