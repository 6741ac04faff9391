#pragma once
// Runs a comparison in the background: the batch runs go to a worker thread (which spreads them
// over the cores), the GUI polls their progress and gets the results back on its own thread.
// Cancel stops every run at its next step; destroying the runner cancels and waits.

#include "compare/ComparisonRun.h"

#include <QObject>
#include <QTimer>

#include <array>
#include <atomic>
#include <memory>
#include <thread>
#include <vector>

namespace jounce::gui {

class CompareRunner : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxVehicles = 4;

    explicit CompareRunner(QObject* parent = nullptr);
    ~CompareRunner() override;

    /// Starts the runs; false when a comparison is already running or the setup is out of range.
    bool start(compare::CompareSetup setup, int threads = 0);
    void cancel();
    bool isRunning() const { return running_; }
    /// Mean fraction done over the vehicles, in [0, 1].
    double progress() const;

signals:
    void progressChanged(double fraction);
    /// The runs, in the setup's order (cancelled runs say so). Emitted on the GUI thread.
    void finished(std::shared_ptr<const std::vector<compare::VehicleRun>> runs, bool cancelled);

private:
    void join();

    std::jthread worker_;
    std::atomic<bool> cancel_{false};
    std::array<std::atomic<double>, kMaxVehicles> fractions_{};
    std::size_t vehicles_ = 0;
    bool running_ = false;
    QTimer poll_;
};

}  // namespace jounce::gui
