#include "SweepWindowRunner.h"

#include <QMetaObject>

namespace jounce::gui {

SweepWindowRunner::SweepWindowRunner(QObject* parent) : QObject(parent)
{
    poll_.setInterval(100);
    connect(&poll_, &QTimer::timeout, this, [this] { emit progressChanged(done(), total_); });
}

SweepWindowRunner::~SweepWindowRunner()
{
    cancel();
    join();
}

void SweepWindowRunner::join()
{
    if (worker_.joinable())
        worker_.join();
}

bool SweepWindowRunner::start(std::shared_ptr<const sweep::Sweep> sweep, std::vector<sweep::Point> points, int threads)
{
    if (running_ || !sweep || points.empty())
        return false;
    join();  // the previous worker has posted its results and is about to end
    cancel_ = false;
    done_ = 0;
    total_ = points.size();
    running_ = true;
    poll_.start();
    worker_ = std::jthread([this, sweep = std::move(sweep), points = std::move(points), threads] {
        sweep::RunOptions options;
        options.threads = threads;
        options.cancel = &cancel_;
        options.progress = [this](std::size_t done, std::size_t) { done_.store(done, std::memory_order_relaxed); };
        auto results = std::make_shared<const std::vector<sweep::PointResult>>(sweep::runPoints(*sweep, points, options));
        const bool cancelled = cancel_.load();
        // Delivered on the GUI thread; dropped if the runner is gone (it joins us first anyway).
        QMetaObject::invokeMethod(
            this,
            [this, results, cancelled] {
                running_ = false;
                poll_.stop();
                emit progressChanged(done(), total_);
                emit finished(results, cancelled);
            },
            Qt::QueuedConnection);
    });
    return true;
}

void SweepWindowRunner::cancel()
{
    cancel_ = true;
}

}  // namespace jounce::gui
